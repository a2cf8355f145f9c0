// Recursive async functions: Fibonacci (two awaits per call, values live),
// mutual recursion, a deep linear recursion (10^4 frames in the task
// allocator, none on the stack), a recursive tree walk, and recursion
// through a task group.
indirect enum Tree {
  case leaf(Int)
  case node(Tree, Int, Tree)
}

@inline(never) func fib(_ n: Int) async -> Int {
  if n < 2 { return n }
  let a = await fib(n - 1)
  let b = await fib(n - 2)
  return a + b
}

@inline(never) func isEven(_ n: Int) async -> Bool {
  if n == 0 { return true }
  return await isOdd(n - 1)
}
@inline(never) func isOdd(_ n: Int) async -> Bool {
  if n == 0 { return false }
  return await isEven(n - 1)
}

@inline(never) func deep(_ n: Int, _ acc: Int) async -> Int {
  if n == 0 { return acc }
  let r = await deep(n - 1, acc &+ n)
  return r &+ 1
}

@inline(never) func build(_ depth: Int, _ v: Int) -> Tree {
  depth == 0 ? .leaf(v) : .node(build(depth - 1, v * 2), v, build(depth - 1, v * 2 + 1))
}

@inline(never) func walk(_ t: Tree) async -> (sum: Int, leaves: Int) {
  switch t {
  case .leaf(let v): return (v, 1)
  case .node(let l, let v, let r):
    let a = await walk(l)
    let b = await walk(r)
    return (a.sum + b.sum + v, a.leaves + b.leaves)
  }
}

@inline(never) func parallelFib(_ n: Int) async -> Int {
  if n < 12 { return await fib(n) }
  return await withTaskGroup(of: Int.self) { g in
    g.addTask { await parallelFib(n - 1) }
    g.addTask { await parallelFib(n - 2) }
    var s = 0
    for await v in g { s += v }
    return s
  }
}

@main struct Main {
  static func main() async {
    print("fib 20:", await fib(20))
    print("even 1001:", await isEven(1001), "even 2000:", await isEven(2000))
    print("deep:", await deep(10_000, 0))
    print("walk:", await walk(build(10, 1)))
    print("parallel fib 16:", await parallelFib(16))
  }
}
