// An actor on a custom SerialExecutor (a Dispatch queue): every call hops
// onto that executor and back, with values live across the hops.
import Dispatch

final class QueueExecutor: SerialExecutor {
  let queue = DispatchQueue(label: "custom-executor")
  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    let exec = asUnownedSerialExecutor()
    queue.async { unowned.runSynchronously(on: exec) }
  }
  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

let sharedExecutor = QueueExecutor()

actor Pinned {
  nonisolated var unownedExecutor: UnownedSerialExecutor {
    sharedExecutor.asUnownedSerialExecutor()
  }
  var items: [String] = []
  func push(_ s: String) -> Int {
    items.append(s)
    return items.count
  }
  func pushBoth(_ a: String, _ b: String, via other: Pinned) async -> Int {
    let x = push(a)
    let y = await other.push(b)
    return x * 1000 + y
  }
}

@main struct Main {
  static func main() async {
    let p = Pinned()
    let q = Pinned()
    var acc: [Int] = []
    for i in 0..<50 {
      let s = "item\(i)"
      acc.append(await p.push(s))
      if i % 10 == 0 { acc.append(await p.pushBoth(s, s + "'", via: q)) }
    }
    print(acc)
    print(await p.items.count, await q.items.joined(separator: ","))
  }
}
