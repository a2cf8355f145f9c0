// async initializers: struct, class (designated and convenience), a
// failable async init, a throwing async init of a class that throws after
// part of its stored properties were initialized (the partial object is
// destroyed), and an actor's async init.
struct Bad: Error {}
var destroyed: [String] = []

final class Part {
  let name: String
  init(_ n: String) { name = n }
  deinit { destroyed.append(name) }
}

struct Config {
  var values: [Int]
  init(count: Int) async {
    values = []
    for i in 0..<count { await Task.yield(); values.append(i * i) }
  }
  init?(strict n: Int) async {
    await Task.yield()
    if n < 0 { return nil }
    self.values = [n]
  }
}

class Node {
  let first: Part
  let second: Part
  init(_ tag: String, failAfterFirst: Bool) async throws {
    first = Part(tag + ".first")
    await Task.yield()
    if failAfterFirst { throw Bad() }
    second = Part(tag + ".second")
  }
  convenience init(simple tag: String) async {
    try! await self.init(tag, failAfterFirst: false)
  }
}

actor Registry {
  var names: [String]
  init(_ n: Int) async {
    var ns: [String] = []
    for i in 0..<n { await Task.yield(); ns.append("r\(i)") }
    names = ns
  }
}

@main struct Main {
  static func main() async {
    print(await Config(count: 5).values)
    print(await Config(strict: 3)?.values as Any, await Config(strict: -1)?.values as Any)
    do {
      let n = try await Node("a", failAfterFirst: false)
      print(n.first.name, n.second.name)
    } catch { print("no") }
    do {
      _ = try await Node("b", failAfterFirst: true)
      print("no")
    } catch { print("init threw") }
    let s = await Node(simple: "c")
    print(s.second.name)
    print(await Registry(3).names)
    print(destroyed.filter { !$0.hasPrefix("c") }.sorted())
  }
}
