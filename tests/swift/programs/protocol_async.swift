// Protocols with async requirements (methods, throwing methods, static
// methods, initializers), conformances by a struct, a class, a subclass
// override and an actor, called directly, through generics and through
// existentials (`any`), including an associated type.
protocol Source {
  associatedtype Item
  func fetch(_ i: Int) async -> Item
  func fetchAll(_ n: Int) async throws -> [Item]
  static func make() async -> Self
}

struct Squares: Source {
  func fetch(_ i: Int) async -> Int { await Task.yield(); return i * i }
  func fetchAll(_ n: Int) async throws -> [Int] {
    var r: [Int] = []
    for i in 0..<n { r.append(await fetch(i)) }
    return r
  }
  static func make() async -> Squares { Squares() }
}

class Words: Source {
  let words: [String]
  required init() { words = ["zero", "one", "two", "three", "four"] }
  func fetch(_ i: Int) async -> String { words[i % words.count] }
  func fetchAll(_ n: Int) async throws -> [String] {
    if n > 100 { throw CancellationError() }
    var r: [String] = []
    for i in 0..<n { r.append(await fetch(i)) }
    return r
  }
  class func make() async -> Self { self.init() }
}

final class LoudWords: Words {
  override func fetch(_ i: Int) async -> String {
    let w = await super.fetch(i)
    return w.uppercased()
  }
}

actor Store: Source {
  var served = 0
  func fetch(_ i: Int) async -> Double { served += 1; return Double(i) / 4 }
  func fetchAll(_ n: Int) async throws -> [Double] {
    var r: [Double] = []
    for i in 0..<n { r.append(await fetch(i)) }
    return r
  }
  static func make() async -> Store { Store() }
}

protocol Greeter { func greet(_ name: String) async -> String }
struct Hello: Greeter { func greet(_ n: String) async -> String { "hello \(n)" } }
struct Bye: Greeter {
  let times: Int
  func greet(_ n: String) async -> String {
    var s = ""
    for _ in 0..<times { await Task.yield(); s += "bye " }
    return s + n
  }
}

@inline(never) func useGeneric<S: Source>(_ s: S, _ n: Int) async -> String {
  let first = await s.fetch(n)
  let all = (try? await s.fetchAll(n)) ?? []
  return "\(first) \(all)"
}

@inline(never) func useMade<S: Source>(_: S.Type) async -> String {
  let s = await S.make()
  return "\(await s.fetch(3))"
}

@main struct Main {
  static func main() async {
    print(await useGeneric(Squares(), 5))
    print(await useGeneric(Words(), 4))
    print(await useGeneric(LoudWords(), 6))
    print(await useGeneric(Store(), 3))
    print(await useGeneric(Words(), 101))
    print(await useMade(Squares.self), await useMade(Words.self), await useMade(Store.self))
    let gs: [any Greeter] = [Hello(), Bye(times: 2), Hello(), Bye(times: 0)]
    for g in gs { print(await g.greet("swift")) }
    let ss: [any Source] = [Squares(), LoudWords(), Store()]
    for s in ss { print(await describe(s)) }
  }
}

@inline(never) func describe(_ s: any Source) async -> String {
  let item = await s.fetch(2)   // opened existential, result erased to Any
  return "\(type(of: s)): \(item)"
}
