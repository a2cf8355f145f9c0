// Run-time benchmark (bench/swift_runtime.sh): an AsyncStream pipeline of
// three stages, each a task awaiting its input stream and an async
// transform; 100,000 elements flow through in order (one producer and one
// consumer per stream), the producer yielding every 64 elements.
@inline(never) func stage(_ input: AsyncStream<Int>, _ f: @escaping @Sendable (Int) async -> Int?) -> AsyncStream<Int> {
  let (out, cont) = AsyncStream.makeStream(of: Int.self)
  Task {
    for await x in input {
      if let y = await f(x) { cont.yield(y) }
    }
    cont.finish()
  }
  return out
}

@Sendable @inline(never) func square(_ x: Int) async -> Int? { return x &* x }
@inline(never) func dropThirds(_ x: Int) async -> Int? { return x % 3 == 0 ? nil : x }
@inline(never) func fold(_ x: Int) async -> Int? { return (x >> 7) ^ (x & 0xfff) }

@main struct Main {
  static func main() async {
    let (source, feed) = AsyncStream.makeStream(of: Int.self)
    let out = stage(stage(stage(source, square), dropThirds), fold)
    Task {
      for i in 0..<100_000 {
        feed.yield(i)
        if i % 64 == 0 { await Task.yield() }
      }
      feed.finish()
    }
    var count = 0
    var hash = 0
    for await v in out {
      count += 1
      hash = (hash &* 131) &+ v
    }
    print(count, hash)
  }
}
