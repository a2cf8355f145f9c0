// Protocol requirements `{ get set }` witnessed by _read/_modify accessors,
// by stored properties and by get/set pairs; accessed through generics
// (witness-table coroutines) and existentials; a protocol extension method
// mutating through the requirement.
protocol HasLevel {
  var level: Int { get set }
  var name: String { get }
}

extension HasLevel {
  mutating func raise(by n: Int) -> Int {
    level += n
    return level
  }
}

struct Stored: HasLevel {
  var level = 1
  var name: String { "stored" }
}

struct Coroutine: HasLevel {
  var storage = [0, 0]
  var trace = ""
  var level: Int {
    _read { yield storage[0] }
    _modify {
      trace += "<"
      yield &storage[0]
      storage[1] += 1
      trace += ">"
    }
  }
  var name: String { "coroutine(\(storage[1]) modifies, \(trace))" }
}

final class Clazz: HasLevel {
  var raw = 100
  var level: Int {
    get { raw / 2 }
    set { raw = newValue * 2 }
  }
  var name: String { "class raw \(raw)" }
}

@inline(never) func bump<T: HasLevel>(_ x: inout T, times: Int) {
  for _ in 0..<times { x.level += 1 }
}

@inline(never) func bumpAny(_ x: inout any HasLevel) {
  x.level *= 3
  _ = x.raise(by: 2)
}

@main struct Main {
  static func main() {
    var a = Stored()
    var b = Coroutine()
    var c = Clazz()
    bump(&a, times: 3)
    bump(&b, times: 4)
    bump(&c, times: 5)
    print(a.level, a.name)
    print(b.level, b.name)
    print(c.level, c.name)
    var all: [any HasLevel] = [a, b, c]
    for i in all.indices { bumpAny(&all[i]) }
    for x in all { print(x.level, x.name) }
    print(b.raise(by: 7), b.name)
  }
}
