// Reference counting across awaits: objects created, captured, stored in
// arrays and dictionaries, passed to and returned from async functions;
// every object is freed exactly once (a live counter returns to zero and
// the per-id release tally is checked), whatever the suspension pattern.
final class Counter: @unchecked Sendable {
  var live = 0
  var released: [Int: Int] = [:]
}
let counter = Counter()

final class Obj {
  let id: Int
  var payload: [Int]
  init(_ id: Int) { self.id = id; payload = Array(0..<(id % 7)); counter.live += 1 }
  deinit { counter.live -= 1; counter.released[id, default: 0] += 1 }
}

@inline(never) func pass(_ o: Obj) async -> Obj {
  await Task.yield()
  return o
}

@inline(never) func churn(_ n: Int) async -> Int {
  var keep: [Obj] = []
  var map: [Int: Obj] = [:]
  var sum = 0
  for i in 0..<n {
    let o = Obj(i)
    let p = await pass(o)
    sum += p.payload.count
    if i % 3 == 0 { keep.append(p) }
    if i % 5 == 0 { map[i % 10] = p }
    if i % 7 == 0 { keep.removeFirst(min(2, keep.count)) }
  }
  let closure: () async -> Int = { [keep] in
    await Task.yield()
    return keep.count
  }
  sum += await closure()
  sum += map.count
  return sum
}

@main struct Main {
  static func main() async {
    let s = await churn(3000)
    print("sum", s, "live", counter.live)
    print("released", counter.released.count, "max releases per object", counter.released.values.max()!)
  }
}
