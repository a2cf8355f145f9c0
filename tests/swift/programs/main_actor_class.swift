// A @MainActor-isolated class with mutable state, called from nonisolated
// async code and from child tasks (each call hops to the main actor);
// MainActor.run with a result; isolated async methods that await other
// actors in the middle.
@MainActor final class Model {
  var items: [String] = []
  var version = 0
  func add(_ s: String) -> Int {
    items.append(s)
    version += 1
    return version
  }
  func addAfter(_ s: String, _ other: Counter) async -> Int {
    let before = version
    let n = await other.next()
    items.append("\(s)#\(n)")
    version += 1
    return version - before
  }
}

actor Counter {
  var n = 0
  func next() -> Int { n += 1; return n }
}

@inline(never) func fill(_ m: Model, _ c: Counter) async -> [Int] {
  var out: [Int] = []
  for i in 0..<10 {
    out.append(await m.add("i\(i)"))
    if i % 3 == 0 { out.append(await m.addAfter("x\(i)", c)) }
  }
  return out
}

@main struct Main {
  static func main() async {
    let m = await Model()
    let c = Counter()
    print(await fill(m, c))
    let fromChildren = await withTaskGroup(of: Int.self) { g in
      for i in 0..<20 { g.addTask { await m.add("child\(i)") } }
      var vs: [Int] = []
      for await v in g { vs.append(v) }
      return vs.sorted()
    }
    print(fromChildren.count, fromChildren.first!, fromChildren.last!)
    let count = await MainActor.run { m.items.count }
    print(count, await m.items.filter { $0.hasPrefix("x") })
  }
}
