// Generic async functions: unconstrained, constrained (Numeric, Comparable,
// Hashable), generic over a protocol with an async requirement, values of
// generic type (unknown size: boxed in the async frame) live across awaits.
@inline(never) func echo<T>(_ x: T) async -> T {
  await Task.yield()
  return x
}

@inline(never) func pairUp<A, B>(_ a: A, _ b: B) async -> (B, A) {
  let a2 = await echo(a)
  let b2 = await echo(b)
  return (b2, a2)
}

@inline(never) func sumAll<N: Numeric>(_ xs: [N]) async -> N {
  var s: N = 0
  for x in xs { s += await echo(x) }
  return s
}

@inline(never) func maxAsync<C: Comparable>(_ xs: [C]) async -> C? {
  var best: C? = nil
  for x in xs {
    let y = await echo(x)
    if best == nil || y > best! { best = y }
  }
  return best
}

@inline(never) func histogram<H: Hashable & Comparable>(_ xs: [H]) async -> [(H, Int)] {
  var d: [H: Int] = [:]
  for x in xs { d[await echo(x), default: 0] += 1 }
  return d.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
}

struct Matrix<T: Numeric> {
  var cells: [T]
  var rows: Int
  func scaled(by k: T) async -> Matrix<T> {
    var m = self
    for i in m.cells.indices { m.cells[i] = (await echo(m.cells[i])) * k }
    return m
  }
}

@main struct Main {
  static func main() async {
    print(await pairUp(1, "one"))
    print(await pairUp([1.5, 2.5], (7, "seven")))
    print(await sumAll([1, 2, 3, 4, 5]), await sumAll([0.25, 0.5, 0.125]))
    print(await maxAsync(["pear", "apple", "zucchini", "fig"]) ?? "none")
    print(await maxAsync([Int]()) as Any)
    print(await histogram([3, 1, 2, 3, 3, 1, 9]))
    print(await histogram(Array("mississippi")))
    let m = Matrix(cells: [1, 2, 3, 4, 5, 6], rows: 2)
    print(await m.scaled(by: 3).cells)
    let md = Matrix(cells: [0.5, 1.5], rows: 1)
    print(await md.scaled(by: 4.0).cells)
  }
}
