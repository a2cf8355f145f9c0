// withThrowingTaskGroup: a child throws, the group's error propagates
// through awaits in the parent; cancelAll; a group whose children all
// succeed; the error caught at several levels.
struct Boom: Error, CustomStringConvertible {
  let id: Int
  var description: String { "Boom(\(id))" }
}

@inline(never) func child(_ id: Int, failAt: Int?) async throws -> Int {
  for i in 0..<5 {
    await Task.yield()
    if let f = failAt, f == id, i == 3 { throw Boom(id: id) }
  }
  return id * id
}

@inline(never) func runGroup(failAt: Int?) async throws -> [Int] {
  try await withThrowingTaskGroup(of: Int.self) { g in
    for id in 0..<8 {
      g.addTask { try await child(id, failAt: failAt) }
    }
    var out: [Int] = []
    do {
      while let v = try await g.next() { out.append(v) }
    } catch {
      g.cancelAll()
      throw error
    }
    return out.sorted()
  }
}

@inline(never) func outer(_ failAt: Int?) async -> String {
  let before = "before-\(failAt ?? -1)"
  do {
    let r = try await runGroup(failAt: failAt)
    return before + " ok " + r.map(String.init).joined(separator: ",")
  } catch let b as Boom {
    return before + " caught " + b.description
  } catch {
    return before + " other"
  }
}

@main struct Main {
  static func main() async {
    print(await outer(nil))
    print(await outer(5))
    print(await outer(0))
    do {
      _ = try await runGroup(failAt: 7)
      print("not reached")
    } catch {
      print("main caught", error)
    }
  }
}
