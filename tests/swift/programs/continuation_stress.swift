// Many continuations: 2,000 suspended tasks parked in an actor's queue and
// resumed in FIFO order by another task, each with values live across its
// suspension; throwing continuations resumed with errors for odd ids.
struct Odd: Error { let id: Int }

actor Gate {
  private var waiters: [(Int, CheckedContinuation<Int, Error>)] = []
  func park(_ id: Int, _ c: CheckedContinuation<Int, Error>) { waiters.append((id, c)) }
  var count: Int { waiters.count }
  func releaseAll() {
    for (id, c) in waiters {
      if id % 2 == 1 { c.resume(throwing: Odd(id: id)) } else { c.resume(returning: id * 3) }
    }
    waiters.removeAll()
  }
}

@inline(never) func wait(_ id: Int, _ g: Gate) async -> String {
  let tag = "w\(id)"
  let extra = (id, id + 1, id + 2)
  do {
    let v = try await withCheckedThrowingContinuation { (c: CheckedContinuation<Int, Error>) in
      Task { await g.park(id, c) }
    }
    return "\(tag)=\(v + extra.2 - extra.1)"
  } catch let e as Odd {
    return "\(tag)!\(e.id + extra.0)"
  } catch {
    return "?"
  }
}

@main struct Main {
  static func main() async {
    let g = Gate()
    let n = 2000
    let results = await withTaskGroup(of: (Int, String).self) { group in
      for id in 0..<n { group.addTask { (id, await wait(id, g)) } }
      while await g.count < n { await Task.yield() }
      await g.releaseAll()
      var all: [(Int, String)] = []
      for await r in group { all.append(r) }
      return all.sorted { $0.0 < $1.0 }.map { $0.1 }
    }
    print(results.count, results.prefix(6), results.suffix(3))
  }
}
