// Async closures: stored, passed, returned, escaping and not; captured
// `var`s mutated across awaits (boxed), captured structs and classes,
// closures capturing closures, and a closure array run in order.
final class Box { var n = 0 }

@inline(never) func twice(_ f: (Int) async -> Int, _ x: Int) async -> Int {
  let a = await f(x)
  return await f(a)
}

@inline(never) func makeAdder(_ k: Int) -> (Int) async -> Int {
  return { x in
    await Task.yield()
    return x + k
  }
}

@inline(never) func compose(_ f: @escaping (Int) async -> Int, _ g: @escaping (Int) async -> Int) -> (Int) async -> Int {
  return { x in await g(await f(x)) }
}

@main struct Main {
  static func main() async {
    var counter = 0
    let bump: () async -> Int = {
      await Task.yield()
      counter += 1
      return counter
    }
    for _ in 0..<5 { _ = await bump() }
    print("counter", counter)

    print(await twice({ x in await Task.yield(); return x * 3 }, 7))
    let add10 = makeAdder(10)
    let add5 = makeAdder(5)
    let both = compose(add10, compose(add5, { $0 * 2 }))
    print(await both(1), await both(100))

    let box = Box()
    let label = "captured-\(box.n)"
    var fns: [(Int) async -> String] = []
    for i in 0..<4 {
      let big = (i, i * 2, i * 3, i * 4, i * 5)
      fns.append { x in
        box.n += x
        await Task.yield()
        return "\(label) \(i) \(big.4 + x) \(box.n)"
      }
    }
    for (i, f) in fns.enumerated() { print(await f(i * 10)) }

    var acc: [Int] = []
    let collect: (Int) async throws -> Void = { v in
      if v < 0 { throw CancellationError() }
      acc.append(v)
    }
    do {
      for v in [3, 1, 4, -1, 5] { try await collect(v) }
    } catch {
      print("stopped at negative")
    }
    print(acc)
    let sum = await (0..<1000).asyncReduce(0) { a, b in await Task.yield(); return a + b }
    print("sum", sum)
  }
}

extension Sequence {
  func asyncReduce<R>(_ start: R, _ f: (R, Element) async -> R) async -> R {
    var r = start
    for e in self { r = await f(r, e) }
    return r
  }
}
