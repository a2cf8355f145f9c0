// Task.sleep and timed suspension: sleeps of a millisecond inside loops
// with values live across them, awaited in order so the output does not
// depend on timing; a sleeping task cancelled (sleep throws).
@inline(never) func tick(_ i: Int, _ acc: [Int]) async throws -> [Int] {
  try await Task.sleep(nanoseconds: 1_000_000)
  return acc + [i * i]
}

@inline(never) func sleeper() async -> String {
  do {
    try await Task.sleep(nanoseconds: 60_000_000_000)
    return "woke"
  } catch {
    return "sleep threw \(error is CancellationError)"
  }
}

@main struct Main {
  static func main() async throws {
    var acc: [Int] = []
    let big = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    for i in 0..<8 { acc = try await tick(i + big.9, acc) }
    print(acc)
    let t = Task { await sleeper() }
    try await Task.sleep(nanoseconds: 2_000_000)
    t.cancel()
    print(await t.value)
    let clock = ContinuousClock()
    var n = 0
    for _ in 0..<3 {
      try await clock.sleep(for: .milliseconds(1))
      n += 1
    }
    print("slept", n)
  }
}
