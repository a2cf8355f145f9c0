// AsyncStream: a producer task yields values, a consumer awaits them with
// `for await`; buffering policies; a stream finished early; the consumer's
// locals live across every await of next().
@inline(never) func produce(_ n: Int) -> AsyncStream<Int> {
  AsyncStream { cont in
    Task {
      for i in 0..<n {
        cont.yield(i * i)
        if i % 7 == 0 { await Task.yield() }
      }
      cont.finish()
    }
  }
}

@inline(never) func consume(_ s: AsyncStream<Int>) async -> (Int, Int, [Int]) {
  var sum = 0
  var count = 0
  var firsts: [Int] = []
  for await v in s {
    sum &+= v
    count += 1
    if firsts.count < 5 { firsts.append(v) }
  }
  return (sum, count, firsts)
}

@inline(never) func pipeline() async -> [String] {
  let (stream, cont) = AsyncStream.makeStream(of: String.self)
  let producer = Task {
    for w in ["alpha", "beta", "gamma", "delta"] {
      cont.yield(w)
      await Task.yield()
    }
    cont.finish()
  }
  var out: [String] = []
  for await w in stream { out.append(w.uppercased()) }
  await producer.value
  return out
}

@inline(never) func newest() async -> [Int] {
  let (stream, cont) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(3))
  for i in 0..<10 { cont.yield(i) }
  cont.finish()
  var got: [Int] = []
  for await v in stream { got.append(v) }
  return got
}

@main struct Main {
  static func main() async {
    print(await consume(produce(1000)))
    print(await consume(produce(0)))
    print(await pipeline())
    print(await newest())
  }
}
