// Run-time benchmark (bench/swift_runtime.sh): await-heavy task chains.
// 1. Chains of async calls: 40,000 rounds of a 250-deep recursion of
//    awaited async calls, values live across every await (10^7 awaits that
//    return without suspending, 10^7 async frames allocated and freed).
// 2. A chain of 100,000 tasks, each awaiting its predecessor's value (real
//    suspensions and resumptions through the executor).
@inline(never) func leaf(_ x: Int) async -> Int { return x &* 3 &+ 1 }

@inline(never) func link(_ n: Int, _ x: Int) async -> Int {
  if n == 0 { return await leaf(x) }
  let a = x &+ n
  let y = await link(n - 1, a ^ (x >> 3))
  return (y &* 31) ^ a
}

@inline(never) func rounds(_ r: Int, _ depth: Int) async -> Int {
  var acc = 0
  for i in 0..<r {
    acc = acc &+ (await link(depth, i))
  }
  return acc
}

@inline(never) func taskChain(_ n: Int) async -> Int {
  var prev = Task { 1 }
  for i in 0..<n {
    let p = prev
    prev = Task { (await p.value &* 7 &+ i) & 0xffff_ffff }
  }
  return await prev.value
}

@main struct Main {
  static func main() async {
    print("rounds:", await rounds(40_000, 250))
    print("tasks:", await taskChain(100_000))
  }
}
