// `defer` on every exit of async functions: normal return, early return,
// throw before and after awaits, break and continue in loops with awaits,
// nested scopes; the defers' order is printed.
struct Stop: Error {}

final class Trace: @unchecked Sendable {
  var lines: [String] = []
  func add(_ s: String) { lines.append(s) }
}

@inline(never) func tick() async { await Task.yield() }

@inline(never) func body(_ mode: Int, _ t: Trace) async throws -> Int {
  t.add("enter \(mode)")
  defer { t.add("outer defer \(mode)") }
  await tick()
  if mode == 0 { return 0 }
  do {
    defer { t.add("inner defer \(mode)") }
    await tick()
    if mode == 1 { return 1 }
    if mode == 2 { throw Stop() }
  }
  for i in 0..<5 {
    defer { t.add("loop defer \(mode).\(i)") }
    await tick()
    if i == 1 { continue }
    if mode == 3 && i == 2 { break }
    if mode == 4 && i == 3 { throw Stop() }
    await tick()
  }
  defer { t.add("late defer \(mode)") }
  await tick()
  if mode == 5 { throw Stop() }
  return mode
}

@main struct Main {
  static func main() async {
    for mode in 0...6 {
      let t = Trace()
      do {
        let r = try await body(mode, t)
        t.add("returned \(r)")
      } catch {
        t.add("threw")
      }
      print(t.lines.joined(separator: " / "))
    }
  }
}
