// `async let`: several child tasks started at once, awaited in order, values
// of the parent live across them; an async let never awaited (implicitly
// cancelled and awaited at scope exit); async let of a throwing call.
struct Fail: Error {}

@inline(never) func compute(_ x: Int) async -> Int {
  var a = x
  for _ in 0..<50 { await Task.yield(); a = a &* 3 &+ 1 }
  return a % 10_007
}

@inline(never) func mayThrow(_ x: Int) async throws -> Int {
  await Task.yield()
  if x < 0 { throw Fail() }
  return x + 1
}

@inline(never) func fanOut(_ base: Int) async -> [Int] {
  let local = [base, base * 2]
  async let a = compute(base)
  async let b = compute(base + 1)
  async let c = compute(base + 2)
  let first = await a
  let (second, third) = await (b, c)
  return local + [first, second, third]
}

@inline(never) func unawaited(_ x: Int) async -> Int {
  async let ignored = compute(x)
  return x * 2
}

@inline(never) func throwingLet(_ x: Int) async -> String {
  async let v = mayThrow(x)
  do {
    return "value \(try await v)"
  } catch {
    return "threw for \(x)"
  }
}

@main struct Main {
  static func main() async {
    for b in [1, 5, 9] { print(await fanOut(b)) }
    print(await unawaited(21))
    print(await throwingLet(4))
    print(await throwingLet(-4))
    async let x = fanOut(100)
    async let y = fanOut(200)
    let both = await x + y
    print(both.reduce(0, +))
  }
}
