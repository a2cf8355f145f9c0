// Cancellation: Task.checkCancellation throwing CancellationError across
// awaits, withTaskCancellationHandler (handler and operation), cancelling a
// task group, and a cancelled task's cleanup with defer.
import Synchronization

final class Log: Sendable {
  private let lines = Mutex<[String]>([])
  func add(_ s: String) { lines.withLock { $0.append(s) } }
  var sorted: [String] { lines.withLock { $0.sorted() } }
}

@inline(never) func worker(_ id: Int, _ log: Log) async throws -> Int {
  defer { log.add("worker \(id) exits") }
  var n = 0
  while true {
    try Task.checkCancellation()
    n += 1
    await Task.yield()
    if id == 0 && n == 3 { return n }
  }
}

@main struct Main {
  static func main() async {
    let log = Log()
    let t = Task { try await worker(1, log) }
    await Task.yield()
    t.cancel()
    do { _ = try await t.value; print("no") } catch { print("cancelled:", error is CancellationError) }
    print("worker 0:", (try? await worker(0, log)) ?? -1)

    let handled = await withTaskCancellationHandler {
      await withUnsafeContinuation { (c: UnsafeContinuation<String, Never>) in
        c.resume(returning: "operation ran")
      }
    } onCancel: {
      log.add("handler ran")
    }
    print(handled)

    let groupResult = await withTaskGroup(of: Bool.self) { g in
      for id in 10..<14 {
        g.addTask { (try? await worker(id, log)) == nil }
      }
      await Task.yield()
      g.cancelAll()
      var cancelled = 0
      for await c in g where c { cancelled += 1 }
      return cancelled
    }
    print("group cancelled:", groupResult)
    print(log.sorted)
  }
}
