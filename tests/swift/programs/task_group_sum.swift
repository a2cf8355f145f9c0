// withTaskGroup: child tasks each run an async loop; results are collected
// and sorted, so the output does not depend on scheduling. Nested groups.
@inline(never) func work(_ id: Int) async -> (Int, Int) {
  var acc = id
  for i in 0..<(100 + id * 10) {
    if i % 16 == 0 { await Task.yield() }
    acc = (acc &* 1_103_515_245 &+ 12_345) & 0x7fff_ffff
  }
  return (id, acc)
}

@inline(never) func nested(_ base: Int) async -> Int {
  await withTaskGroup(of: Int.self) { g in
    for k in 0..<4 {
      g.addTask { let (_, v) = await work(base * 10 + k); return v % 1000 }
    }
    var s = 0
    for await v in g { s += v }
    return s
  }
}

@main struct Main {
  static func main() async {
    let results = await withTaskGroup(of: (Int, Int).self, returning: [(Int, Int)].self) { group in
      for id in 0..<24 {
        group.addTask { await work(id) }
      }
      var all: [(Int, Int)] = []
      for await r in group { all.append(r) }
      return all
    }
    for (id, v) in results.sorted(by: { $0.0 < $1.0 }) {
      print("task", id, v)
    }
    var totals: [Int] = []
    await withTaskGroup(of: (Int, Int).self) { g in
      for b in 1...5 { g.addTask { (b, await nested(b)) } }
      while let (b, v) = await g.next() { totals.append(b * 100_000 + v) }
    }
    print("nested:", totals.sorted())
  }
}
