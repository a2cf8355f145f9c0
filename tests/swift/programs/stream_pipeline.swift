// An AsyncStream pipeline of three stages connected by streams, each stage
// a task with its own state across awaits; 20,000 elements flow through,
// order preserved (single producer, single consumer per stream).
@inline(never) func stage<In, Out>(_ input: AsyncStream<In>, _ f: @escaping @Sendable (In) async -> Out?) -> AsyncStream<Out> {
  let (out, cont) = AsyncStream.makeStream(of: Out.self)
  Task {
    var passed = 0
    for await x in input {
      if let y = await f(x) { cont.yield(y); passed += 1 }
    }
    cont.finish()
  }
  return out
}

@main struct Main {
  static func main() async {
    let (source, feed) = AsyncStream.makeStream(of: Int.self)
    let squared = stage(source) { x in x * x }
    let filtered = stage(squared) { x in x % 3 == 0 ? nil : x }
    let labelled = stage(filtered) { x in "v\(x % 1000)" }
    Task {
      for i in 0..<20_000 {
        feed.yield(i)
        if i % 64 == 0 { await Task.yield() }
      }
      feed.finish()
    }
    var count = 0
    var hash = 0
    var first: [String] = []
    for await s in labelled {
      count += 1
      hash = (hash &* 131) &+ s.count &+ (s.last.map { Int($0.asciiValue!) } ?? 0)
      if first.count < 5 { first.append(s) }
    }
    print(count, hash, first)
  }
}
