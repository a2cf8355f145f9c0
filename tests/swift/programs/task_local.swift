// @TaskLocal values bound around async calls: read after awaits, inherited
// by child tasks (async let, task groups), not by detached tasks, nested
// bindings restored on exit.
enum Trace {
  @TaskLocal static var id: Int = 0
  @TaskLocal static var path: String = "root"
}

@inline(never) func readAfterAwait() async -> String {
  let before = Trace.id
  await Task.yield()
  return "\(before)/\(Trace.id)/\(Trace.path)"
}

@inline(never) func nested() async -> [String] {
  var out: [String] = []
  out.append(await readAfterAwait())
  await Trace.$id.withValue(7) {
    out.append(await readAfterAwait())
    await Trace.$path.withValue(Trace.path + "/inner") {
      out.append(await readAfterAwait())
    }
    out.append(await readAfterAwait())
  }
  out.append(await readAfterAwait())
  return out
}

@main struct Main {
  static func main() async {
    print(await nested())
    await Trace.$id.withValue(42) {
      async let child = readAfterAwait()
      let viaGroup = await withTaskGroup(of: String.self) { g in
        for _ in 0..<3 { g.addTask { await readAfterAwait() } }
        var all: [String] = []
        for await s in g { all.append(s) }
        return all.sorted()
      }
      let detached = await Task.detached { await readAfterAwait() }.value
      print(await child, viaGroup, detached)
    }
  }
}
