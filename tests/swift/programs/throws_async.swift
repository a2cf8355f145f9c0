// Throwing async functions (the error travels in the swifterror register
// through every partial function): errors thrown before, between and after
// awaits, rethrown through several levels, caught and converted, `try?`
// and `try!` on async calls, errors carrying payloads.
enum Oops: Error {
  case small(Int)
  case big(String, [Int])
}

@inline(never) func check(_ x: Int) async throws -> Int {
  if x == 13 { throw Oops.small(x) }
  await Task.yield()
  if x == 21 { throw Oops.big("twenty-one", [2, 1]) }
  return x * 2
}

@inline(never) func middle(_ xs: [Int]) async throws -> Int {
  var total = 0
  let keep = "middle-\(xs.count)"
  for x in xs {
    total += try await check(x)
    if total > 10_000 { throw Oops.big(keep, xs) }
  }
  return total
}

@inline(never) func top(_ xs: [Int]) async -> String {
  do {
    let v = try await middle(xs)
    return "ok \(v)"
  } catch Oops.small(let n) {
    return "small \(n)"
  } catch Oops.big(let s, let a) {
    return "big \(s) \(a.count)"
  } catch {
    return "unknown"
  }
}

@inline(never) func convert(_ x: Int) async throws -> String {
  do {
    return String(try await check(x))
  } catch Oops.small {
    throw Oops.big("converted", [x])
  }
}

@main struct Main {
  static func main() async {
    print(await top([1, 2, 3]))
    print(await top([1, 13, 3]))
    print(await top([21]))
    print(await top(Array(repeating: 4000, count: 3)))
    print((try? await check(13)) as Any)
    print((try? await check(12)) as Any)
    print(try! await check(7))
    for x in [5, 13, 21] {
      do { print(try await convert(x)) } catch { print("convert threw", error) }
    }
    var caught = 0
    for x in 0..<2000 {
      do { _ = try await check(x % 30) } catch { caught += 1 }
    }
    print("caught", caught)
  }
}
