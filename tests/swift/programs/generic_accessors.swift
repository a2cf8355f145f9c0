// Generic accessors: _read/_modify on a generic struct (the yielded value
// has a size unknown to the accessor), a generic subscript, accessors
// yielding a generic element from a class, and generic code calling them
// with many types.
struct Slots<T> {
  private var items: [T]
  private(set) var modifies = 0
  init(_ xs: [T]) { items = xs }
  subscript(i: Int) -> T {
    _read { yield items[i] }
    _modify {
      modifies += 1
      yield &items[i]
    }
  }
  subscript<K: BinaryInteger>(wrapped k: K) -> T {
    _read { yield items[Int(k) % items.count] }
    _modify { yield &items[Int(k) % items.count] }
  }
  var first: T {
    _read { yield items[0] }
    _modify { yield &items[0] }
  }
  var all: [T] { items }
}

final class Cell<Value> {
  private var value: Value
  private(set) var version = 0
  init(_ v: Value) { value = v }
  var current: Value {
    _read { yield value }
    _modify {
      yield &value
      version += 1
    }
  }
}

@inline(never) func rotate<T>(_ s: inout Slots<T>) {
  let n = s.all.count
  for i in 0..<(n - 1) { let t = s[i]; s[i] = s[i + 1]; s[i + 1] = t }
}

@inline(never) func update<V>(_ c: Cell<V>, _ f: (inout V) -> Void) {
  f(&c.current)
}

@main struct Main {
  static func main() {
    var ints = Slots([1, 2, 3, 4])
    rotate(&ints)
    ints[wrapped: UInt8(9)] += 100
    print(ints.all, ints.modifies)
    var strs = Slots(["a", "b", "c"])
    rotate(&strs)
    strs.first += "!"
    strs[wrapped: Int64(5)].append("?")
    print(strs.all, strs.modifies)
    var tuples = Slots([(1, "x", 2.5), (2, "y", 3.5)])
    tuples[1].1 = "changed"
    print(tuples[0], tuples[1])
    let c = Cell([String: [Int]]())
    update(c) { $0["k", default: []].append(1) }
    update(c) { $0["k"]!.append(2) }
    c.current["j"] = [9]
    print(c.current.sorted { $0.key < $1.key }, c.version)
    let big = Cell((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12))
    update(big) { $0.11 += $0.0 }
    print(big.current, big.version)
  }
}
