// Typed throws (`throws(E)`) on async functions: the error value is returned
// indirectly, through awaits and generic rethrowing closures.
enum ParseError: Error, Equatable {
  case empty
  case bad(Character, at: Int)
}

@inline(never) func parseDigit(_ c: Character, at i: Int) async throws(ParseError) -> Int {
  await Task.yield()
  guard let v = c.wholeNumberValue else { throw .bad(c, at: i) }
  return v
}

@inline(never) func parse(_ s: String) async throws(ParseError) -> Int {
  if s.isEmpty { throw .empty }
  var n = 0
  for (i, c) in s.enumerated() {
    n = n * 10 + (try await parseDigit(c, at: i))
  }
  return n
}

@inline(never) func apply<E: Error>(_ xs: [String], _ f: (String) async throws(E) -> Int) async throws(E) -> [Int] {
  var out: [Int] = []
  for x in xs { out.append(try await f(x)) }
  return out
}

@inline(never) func describe(_ s: String) async -> String {
  do throws(ParseError) {
    return "\(s) -> \(try await parse(s))"
  } catch {
    switch error {
    case .empty: return "empty"
    case .bad(let c, let at): return "\(s): bad \(c) at \(at)"
    }
  }
}

@main struct Main {
  static func main() async {
    for s in ["123", "", "12x4", "98765", "y"] { print(await describe(s)) }
    do {
      print(try await apply(["1", "22", "333"]) { (s: String) async throws(ParseError) -> Int in try await parse(s) })
      print(try await apply(["1", "2?", "333"]) { (s: String) async throws(ParseError) -> Int in try await parse(s) })
    } catch {
      print("apply threw", error)
    }
    let r: Result<Int, ParseError>
    do throws(ParseError) { r = .success(try await parse("4242")) } catch { r = .failure(error) }
    print(r)
  }
}
