// Executor hops: a @MainActor function, a custom global actor, plain
// actors, and nonisolated async functions calling each other; each hop is a
// suspension with values live across it.
@globalActor actor Background {
  static let shared = Background()
}

@MainActor var mainLog: [String] = []

@MainActor func onMain(_ s: String) -> Int {
  mainLog.append(s)
  return mainLog.count
}

@Background var backgroundTotal = 0

@Background func onBackground(_ x: Int) async -> Int {
  backgroundTotal += x
  let n = await onMain("bg \(x)")      // hop to the main actor
  return backgroundTotal * 100 + n
}

actor Relay {
  var seen: [Int] = []
  func pass(_ x: Int) async -> Int {
    seen.append(x)
    let r = await onBackground(x)       // hop to the global actor
    seen.append(r)
    return r
  }
}

@inline(never) func nonisolatedWork(_ relay: Relay, _ xs: [Int]) async -> [Int] {
  var out: [Int] = []
  let big = (1, 2, 3, 4, 5, 6, 7, 8)
  for x in xs {
    let r = await relay.pass(x)
    out.append(r + big.7)
    await MainActor.run { mainLog.append("run \(x)") }
  }
  return out
}

@main struct Main {
  static func main() async {
    let relay = Relay()
    let r = await nonisolatedWork(relay, [1, 2, 3, 4, 5])
    print(r)
    print(await relay.seen)
    let log = await MainActor.run { mainLog }
    print(log)
    print(await readTotal())
  }
}

@Background func readTotal() -> Int { backgroundTotal }
