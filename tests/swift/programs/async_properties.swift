// Effectful read-only properties and subscripts: `get async`, `get async
// throws`, on structs, classes, actors and protocols, used in loops.
struct Missing: Error {}

struct Remote {
  let base: Int
  var value: Int {
    get async {
      await Task.yield()
      return base * 10
    }
  }
  subscript(i: Int) -> Int {
    get async throws {
      if i < 0 { throw Missing() }
      await Task.yield()
      return base + i
    }
  }
}

protocol Loader {
  var loaded: [String] { get async }
}

actor Cache: Loader {
  var hits = 0
  var loaded: [String] {
    get async {
      hits += 1
      return ["a", "b", String(hits)]
    }
  }
}

final class Lazy: Loader {
  var loaded: [String] {
    get async { await Task.yield(); return ["lazy"] }
  }
}

@inline(never) func loadAll(_ ls: [any Loader]) async -> [String] {
  var out: [String] = []
  for l in ls { out += await l.loaded }
  return out
}

@main struct Main {
  static func main() async {
    let r = Remote(base: 4)
    var sum = 0
    for i in 0..<100 { sum += try! await r[i] }
    print(await r.value, sum)
    do { _ = try await r[-1]; print("no") } catch { print("missing") }
    let c = Cache()
    print(await loadAll([c, Lazy(), c]))
    print(await c.hits)
  }
}
