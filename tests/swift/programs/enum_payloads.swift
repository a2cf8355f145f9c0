// Enums with payloads, Optionals, indirect enums and Results live across
// awaits (multi-payload layouts with spare bits, generic enums of unknown
// layout in generic async code).
indirect enum Expr {
  case num(Int)
  case add(Expr, Expr)
  case mul(Expr, Expr)
  case neg(Expr)
}

enum Shape { case circle(Double), rect(Double, Double), none }

@inline(never) func evalExpr(_ e: Expr) async -> Int {
  switch e {
  case .num(let n): return n
  case .add(let a, let b):
    let x = await evalExpr(a)
    let y = await evalExpr(b)
    return x + y
  case .mul(let a, let b):
    let x = await evalExpr(a)
    let y = await evalExpr(b)
    return x * y
  case .neg(let a): return -(await evalExpr(a))
  }
}

@inline(never) func area(_ s: Shape?) async -> String {
  let kept = s
  await Task.yield()
  switch kept {
  case .some(.circle(let r)): return "circle \(r * r * 3)"
  case .some(.rect(let w, let h)): return "rect \(w * h)"
  case .some(.none): return "none"
  case nil: return "nil"
  }
}

@inline(never) func firstSome<T>(_ xs: [T?]) async -> T? {
  for x in xs {
    await Task.yield()
    if let v = x { return v }
  }
  return nil
}

@inline(never) func results(_ n: Int) async -> [Result<Int, Never>] {
  var out: [Result<Int, Never>] = []
  for i in 0..<n { await Task.yield(); out.append(.success(i * 3)) }
  return out
}

@main struct Main {
  static func main() async {
    let e = Expr.add(.mul(.num(6), .num(7)), .neg(.add(.num(1), .num(2))))
    print(await evalExpr(e))
    for s in [Shape.circle(2), .rect(3, 4), Shape.none, nil] as [Shape?] { print(await area(s)) }
    print(await firstSome([nil, nil, "three", "four"]) ?? "-")
    print(await firstSome([Int?]()) as Any)
    print(await firstSome([nil, Shape.rect(1, 2)]).map { "\($0)" } ?? "-")
    print(await results(4).map { try! $0.get() })
  }
}
