// Detached and unstructured tasks: created in a loop, each capturing values,
// their results awaited in creation order; a cancelled task observes its
// cancellation; task results that are errors.
struct Stopped: Error {}

@inline(never) func spin(_ id: Int, _ n: Int) async -> Int {
  var h = id
  for i in 0..<n {
    if i % 8 == 0 { await Task.yield() }
    h = (h &* 16_777_619) ^ i
  }
  return h & 0xffff
}

@inline(never) func untilCancelled() async throws -> Int {
  var n = 0
  while true {
    if Task.isCancelled { throw Stopped() }
    n += 1
    await Task.yield()
    if n > 1_000_000_000 { return -1 }
  }
}

@main struct Main {
  static func main() async {
    var tasks: [Task<Int, Never>] = []
    for id in 0..<10 {
      let captured = "t\(id)"
      tasks.append(Task.detached { await spin(id, 100) &+ captured.count })
    }
    var sum = 0
    for (i, t) in tasks.enumerated() {
      let v = await t.value
      sum &+= v
      print("detached", i, v)
    }
    let plain = Task { await spin(99, 1000) }
    print("plain", await plain.value)
    let looping = Task.detached { try await untilCancelled() }
    await Task.yield()
    looping.cancel()
    switch await looping.result {
    case .success(let v): print("finished", v)
    case .failure(let e): print("cancelled:", e is Stopped)
    }
    print("sum", sum)
  }
}
