// swiftc-flags: -enable-library-evolution
// Resilient-style accessors: with library evolution on, public structs and
// classes are resilient, so even their stored properties are reached
// through _read/_modify coroutines (yield-once) whose frames hold values of
// unknown layout; plus explicit _read/_modify on public types, a public
// generic container, and access from async code.
public struct Settings {
  public var volume: Int = 3
  public var name: String = "default"
  public var tags: [String] = []
  public init() {}
}

public final class Store {
  public var settings = Settings()
  private var _counter = 0
  public var counter: Int {
    _read { yield _counter }
    _modify {
      var c = _counter
      yield &c
      _counter = max(c, _counter)
    }
  }
  public init() {}
}

public struct Bag<Element> {
  private var storage: [Element] = []
  public init() {}
  public var last: Element? {
    _read { yield storage.last }
    _modify {
      var l = storage.popLast()
      yield &l
      if let l = l { storage.append(l) }
    }
  }
  public mutating func add(_ e: Element) { storage.append(e) }
  public var count: Int { storage.count }
}

@inline(never) public func tweak(_ s: inout Settings, _ i: Int) async {
  s.volume += i
  await Task.yield()
  s.tags.append("t\(i)")
  s.name += "\(i)"
}

@main struct Main {
  static func main() async {
    let store = Store()
    for i in 0..<5 { await tweak(&store.settings, i) }
    store.counter += 10
    store.counter -= 3
    print(store.settings.volume, store.settings.name, store.settings.tags, store.counter)
    var bag = Bag<String>()
    bag.add("a"); bag.add("b")
    bag.last? += "!"
    bag.last = nil
    print(bag.count, bag.last ?? "none")
    var nums = Bag<(Int, Double)>()
    nums.add((1, 1.5))
    nums.last?.0 += 41
    print(nums.last!)
  }
}
