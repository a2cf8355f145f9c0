// Large structs (dozens of words, with class references and arrays inside)
// live across awaits, passed by value into and out of async functions and
// mutated between suspensions.
final class Tag {
  let name: String
  init(_ n: String) { name = n }
}

struct Huge {
  var a0 = 0, a1 = 1, a2 = 2, a3 = 3, a4 = 4, a5 = 5, a6 = 6, a7 = 7
  var b0 = 0.5, b1 = 1.5, b2 = 2.5, b3 = 3.5
  var t: (Int, Int, Int, Int, Int, Int, Int, Int) = (1, 2, 3, 4, 5, 6, 7, 8)
  var tag = Tag("start")
  var list: [Int] = []
  var name = "huge"
  var sum: Int {
    a0 &+ a1 &+ a2 &+ a3 &+ a4 &+ a5 &+ a6 &+ a7 &+ t.0 &+ t.3 &+ t.7 &+ list.count
  }
}

@inline(never) func pause(_ n: Int) async -> Int {
  if n % 3 == 0 { await Task.yield() }
  return n &* 2 &+ 1
}

@inline(never) func evolve(_ h: Huge, rounds: Int) async -> Huge {
  var h = h
  let before = h
  for r in 0..<rounds {
    h.a0 = await pause(h.a0 &+ r)
    h.b1 += Double(await pause(r))
    h.t.3 = h.t.3 &+ (await pause(h.t.7))
    h.list.append(await pause(h.list.count))
    if r % 4 == 1 { h.tag = Tag("round\(r)") }
    h.name += String(r % 10)
  }
  // `before` was kept whole across every await.
  h.a7 = h.a7 &+ before.sum
  return h
}

@inline(never) func twoHuge() async -> (Huge, Huge) {
  var x = Huge()
  var y = Huge()
  y.name = "other"
  y.t = (8, 7, 6, 5, 4, 3, 2, 1)
  x = await evolve(x, rounds: 9)
  y = await evolve(y, rounds: 5)
  let z = await evolve(Huge(), rounds: 0)
  x.a1 = z.sum
  return (x, y)
}

@main struct Main {
  static func main() async {
    let (x, y) = await twoHuge()
    for h in [x, y] {
      print(h.name, h.sum, h.a0, h.a7, h.b1, h.t.3, h.tag.name, h.list)
    }
  }
}
