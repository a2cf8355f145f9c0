// Variadic generics (parameter packs) in async functions: a pack of values
// live across awaits, awaited element by element, and returned as a tuple.
@inline(never) func delayed<T>(_ x: T) async -> T { await Task.yield(); return x }

@inline(never) func all<each T>(_ xs: repeat each T) async -> (repeat each T) {
  return (repeat await delayed(each xs))
}

@inline(never) func describeAll<each T: CustomStringConvertible>(_ xs: repeat each T) async -> [String] {
  var out: [String] = []
  for x in repeat each xs {
    await Task.yield()
    out.append(x.description)
  }
  return out
}

@main struct Main {
  static func main() async {
    let t = await all(1, "two", 3.5, [4], (5, 6))
    print(t.0, t.1, t.2, t.3, t.4)
    print(await describeAll(7, "eight", 9.25, true))
    let empty: () = await all()
    print(empty)
  }
}
