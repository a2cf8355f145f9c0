// A loop of 10^5 awaits in one function, values and a large struct live
// across every await; then a loop whose awaits really suspend (Task.yield).
struct Big {
  var a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int
}

@inline(never) func leaf(_ x: Int) async -> Int { return x &* 3 &+ 1 }

@inline(never) func step(_ x: Int, _ big: Big) async -> Int {
  let y = await leaf(x)
  return y &+ big.d
}

@inline(never) func chain(_ n: Int) async -> Int {
  var acc = 0
  var big = Big(a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8)
  for i in 0..<n {
    acc = acc &+ (await leaf(i)) &+ big.c
    if i % 1000 == 0 { big.c = big.c &+ 1 }
    acc = acc ^ (await step(i, big))
  }
  return acc &+ big.a &+ big.h
}

@inline(never) func yielding(_ n: Int) async -> Int {
  var acc = 17
  for i in 0..<n {
    await Task.yield()
    acc = (acc &* 31 &+ i) % 1_000_003
  }
  return acc
}

@main struct Main {
  static func main() async {
    print("chain:", await chain(100_000))
    print("yielding:", await yielding(20_000))
  }
}
