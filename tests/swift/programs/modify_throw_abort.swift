// Accesses aborted by a throw: a _modify access is in progress when the
// code using it throws; the accessor is resumed abnormally (its `defer`
// runs, the code after its yield does not), the error propagates, and the
// stored value keeps what was written. Also _read aborted by a throw,
// nested aborted accesses, and aborts inside async functions.
struct Bail: Error { let why: String }
var trail: [String] = []

struct Guarded {
  var _value = 0
  var commits = 0
  var value: Int {
    _read {
      defer { trail.append("read end") }
      trail.append("read begin")
      yield _value
    }
    _modify {
      defer { trail.append("modify end") }
      trail.append("modify begin")
      var copy = _value
      yield &copy
      trail.append("commit \(copy)")
      _value = copy
      commits += 1
    }
  }
}

final class Holder {
  var g = Guarded()
  var list: [Int] {
    _read { yield [g._value, g.commits] }
    _modify {
      var l = [g._value, g.commits]
      defer { trail.append("list modify end") }
      yield &l
      g._value = l[0]
    }
  }
}

@inline(never) func mutate(_ x: inout Int, to v: Int, fail: Bool) throws {
  x = v
  if fail { throw Bail(why: "at \(v)") }
}

@inline(never) func inspect(_ x: Int, fail: Bool) throws -> Int {
  if fail { throw Bail(why: "inspect \(x)") }
  return x
}

@inline(never) func asyncMutate(_ h: Holder, _ v: Int) async throws {
  await Task.yield()
  try mutate(&h.g.value, to: v, fail: v % 2 == 1)
  await Task.yield()
}

@main struct Main {
  static func main() async {
    var g = Guarded()
    try? mutate(&g.value, to: 5, fail: false)
    print(g._value, g.commits)
    do { try mutate(&g.value, to: 9, fail: true) } catch { print("caught", (error as! Bail).why) }
    print(g._value, g.commits)
    do { _ = try inspect(g.value, fail: true) } catch { print("caught", (error as! Bail).why) }
    let h = Holder()
    do { try mutate(&h.list[0], to: 77, fail: true) } catch { print("caught nested") }
    print(h.list)
    for v in 1...4 {
      do { try await asyncMutate(h, v) } catch { print("async caught", (error as! Bail).why) }
    }
    print(h.g._value, h.g.commits)
    print(trail.joined(separator: " | "))
  }
}
