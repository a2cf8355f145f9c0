// Async closures through rethrowing and generic higher-order functions:
// an async map, a rethrows-like async filter with a throwing predicate, an
// @autoclosure async argument evaluated lazily, and closures capturing
// inout-derived copies and actor references.
struct TooBig: Error { let v: Int }

extension Array {
  func asyncMap<T>(_ f: (Element) async throws -> T) async rethrows -> [T] {
    var out: [T] = []
    for e in self { out.append(try await f(e)) }
    return out
  }
  func asyncFilter(_ p: (Element) async throws -> Bool) async rethrows -> [Element] {
    var out: [Element] = []
    for e in self where try await p(e) { out.append(e) }
    return out
  }
}

@inline(never) func lazyOr(_ a: Bool, _ b: @autoclosure () async -> Bool) async -> Bool {
  if a { return true }
  return await b()
}

actor Tally { var n = 0; func add(_ k: Int) -> Int { n += k; return n } }

@main struct Main {
  static func main() async {
    let xs = Array(1...10)
    print(await xs.asyncMap { x in await Task.yield(); return x * x })
    print(await xs.asyncFilter { $0 % 3 == 0 })
    do {
      _ = try await xs.asyncMap { x -> Int in
        if x > 7 { throw TooBig(v: x) }
        return x
      }
    } catch let e as TooBig { print("too big", e.v) } catch { print("?") }
    var evaluated = 0
    func expensive() async -> Bool { evaluated += 1; await Task.yield(); return true }
    print(await lazyOr(true, await expensive()), await lazyOr(false, await expensive()), evaluated)
    let tally = Tally()
    let totals = await xs.asyncMap { await tally.add($0) }
    print(totals.last!, await tally.n)
  }
}
