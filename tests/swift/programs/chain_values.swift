// An async call chain five deep: integers, strings, arrays and a dictionary
// are live across every await, and each level combines its callee's result
// with what it held.
@inline(never) func level5(_ x: Int, _ s: String) async -> (Int, String) {
  await Task.yield()
  return (x &* 7 &+ s.count, s + "!")
}

@inline(never) func level4(_ x: Int, _ tag: String) async -> (Int, String) {
  let arr = [x, x + 1, x + 2]
  let (a, s) = await level5(x + 1, tag + "4")
  let (b, t) = await level5(a, s)
  return (a &+ b &+ arr.reduce(0, +), t + "|" + tag)
}

@inline(never) func level3(_ x: Int) async -> [String: Int] {
  var d: [String: Int] = ["seed": x]
  for k in 0..<3 {
    let (v, s) = await level4(x + k, "k\(k)")
    d[s] = v
  }
  return d
}

@inline(never) func level2(_ xs: [Int]) async -> [String] {
  var lines: [String] = []
  for x in xs {
    let d = await level3(x)
    for key in d.keys.sorted() {
      lines.append("\(x) \(key) = \(d[key]!)")
    }
  }
  return lines
}

@inline(never) func level1() async -> Int {
  let lines = await level2([1, 10, 100])
  for l in lines { print(l) }
  let total = lines.reduce(0) { $0 &+ $1.count }
  let again = await level2([total % 97])
  print(again.joined(separator: "; "))
  return total
}

@main struct Main {
  static func main() async {
    let t = await level1()
    print("total characters:", t)
  }
}
