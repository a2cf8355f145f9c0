// A generic actor and generic isolated methods: state of a generic type in
// the actor, isolated methods awaiting generic async functions, and an
// actor parameterised by a protocol with an async requirement.
protocol Mergeable { static func merge(_ a: Self, _ b: Self) async -> Self }
extension Int: Mergeable { static func merge(_ a: Int, _ b: Int) async -> Int { a + b } }
extension String: Mergeable {
  static func merge(_ a: String, _ b: String) async -> String { await Task.yield(); return a + b }
}
extension Array: Mergeable where Element: Mergeable {
  static func merge(_ a: [Element], _ b: [Element]) async -> [Element] {
    var out: [Element] = []
    for (x, y) in zip(a, b) { out.append(await Element.merge(x, y)) }
    return out
  }
}

actor Accumulator<T: Mergeable> {
  private var value: T
  private(set) var merges = 0
  init(_ v: T) { value = v }
  func merge(_ x: T) async -> T {
    value = await T.merge(value, x)
    merges += 1
    return value
  }
  func transform<U>(_ f: (T) async -> U) async -> U { await f(value) }
}

@main struct Main {
  static func main() async {
    let ints = Accumulator(0)
    for i in 1...100 { _ = await ints.merge(i) }
    print(await ints.merge(0), await ints.merges)
    let strs = Accumulator("")
    for w in ["a", "bc", "def"] { _ = await strs.merge(w) }
    print(await strs.transform { s in await Task.yield(); return s.count })
    let arrays = Accumulator([1, 2, 3])
    print(await arrays.merge([10, 20, 30]))
    let nested = Accumulator([["x"], ["y"]])
    print(await nested.merge([["1"], ["2"]]))
  }
}
