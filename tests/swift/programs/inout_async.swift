// inout parameters of async functions: a local var, an array element, a
// struct field and a class property passed inout across several awaits,
// nested inout calls, and inout generic values.
struct Point { var x = 0, y = 0 }
final class Holder { var p = Point(); var list = [1, 2, 3] }

@inline(never) func bump(_ x: inout Int, by k: Int) async {
  await Task.yield()
  x += k
  await Task.yield()
  x *= 2
}

@inline(never) func movePoint(_ p: inout Point) async {
  await bump(&p.x, by: 1)
  await bump(&p.y, by: p.x)
}

@inline(never) func appendTwice<T>(_ xs: inout [T], _ v: T) async {
  xs.append(v)
  await Task.yield()
  xs.append(v)
}

@main struct Main {
  static func main() async {
    var n = 5
    await bump(&n, by: 3)
    print(n)
    var arr = [10, 20, 30]
    await bump(&arr[1], by: 1)
    print(arr)
    var p = Point()
    for _ in 0..<3 { await movePoint(&p) }
    print(p.x, p.y)
    let h = Holder()
    await movePoint(&h.p)
    await bump(&h.list[2], by: 100)
    print(h.p.x, h.p.y, h.list)
    var strs = ["a"]
    await appendTwice(&strs, "b")
    var pts: [Point] = []
    await appendTwice(&pts, Point(x: 1, y: 2))
    print(strs, pts.map { $0.x + $0.y })
  }
}
