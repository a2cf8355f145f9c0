// One async function with many suspension points in a switch over an enum
// with payloads: each case awaits a different number of times with
// different values live, fallthrough-free; run over many inputs.
enum Op {
  case add(Int, Int)
  case mul(Int, Int)
  case neg(Int)
  case concat(String, String)
  case seq([Int])
  case pair((Int, String))
  case nothing
}

@inline(never) func id<T>(_ x: T) async -> T { await Task.yield(); return x }

@inline(never) func eval(_ op: Op, _ k: Int) async -> String {
  let prefix = "k\(k)"
  switch op {
  case .add(let a, let b):
    let x = await id(a)
    let y = await id(b)
    return "\(prefix) add \(x + y)"
  case .mul(let a, let b):
    var r = 0
    for _ in 0..<b { r += await id(a) }
    return "\(prefix) mul \(r)"
  case .neg(let a):
    return "\(prefix) neg \(-(await id(a)))"
  case .concat(let s, let t):
    let u = await id(s)
    let v = await id(t)
    let w = await id(u + v)
    return "\(prefix) concat \(w) \(w.count)"
  case .seq(let xs):
    var total = 0
    var seen: [Int] = []
    for x in xs {
      let y = await id(x)
      total += y
      seen.append(total)
    }
    return "\(prefix) seq \(seen)"
  case .pair(let p):
    let (n, s) = await id(p)
    return "\(prefix) pair \(String(repeating: s, count: n))"
  case .nothing:
    return prefix + " nothing"
  }
}

@main struct Main {
  static func main() async {
    let ops: [Op] = [.add(2, 3), .mul(7, 6), .neg(9), .concat("ab", "cd"), .seq([1, 2, 3, 4]),
                     .pair((3, "xy")), .nothing, .mul(-2, 0), .seq([]), .add(Int.max - 1, 1)]
    for (k, op) in ops.enumerated() { print(await eval(op, k)) }
    var h = 0
    for i in 0..<3000 {
      let s = await eval(i % 2 == 0 ? .add(i, k2(i)) : .seq([i, i]), i)
      h = (h &* 31) &+ s.count
    }
    print("hash", h)
  }
  static func k2(_ i: Int) -> Int { i * 7 % 13 }
}
