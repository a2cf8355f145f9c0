// Actors: state mutated through isolated async methods, calls from many
// tasks (results sorted), an actor calling another actor (hops), and
// reentrancy where an isolated method awaits in the middle.
actor Counter {
  private var value = 0
  private var log: [Int] = []
  func add(_ x: Int) -> Int {
    value += x
    return value
  }
  func addSlowly(_ x: Int) async -> Int {
    let before = value
    await Task.yield()
    // Reentrancy: other calls may have run; record the difference.
    value += x
    log.append(value - before - x)
    return value
  }
  var current: Int { value }
  var reentered: Int { log.filter { $0 != 0 }.count >= 0 ? log.count : -1 }
}

actor Bank {
  let counter: Counter
  var deposits: [Int] = []
  init(_ c: Counter) { counter = c }
  func deposit(_ x: Int) async -> Int {
    deposits.append(x)
    let total = await counter.add(x)   // hop to another actor and back
    deposits.append(total)
    return total
  }
  func history() -> [Int] { deposits }
}

@main struct Main {
  static func main() async {
    let c = Counter()
    for i in 1...1000 { _ = await c.add(i) }
    print("sequential:", await c.current)
    await withTaskGroup(of: Int.self) { g in
      for i in 1...200 { g.addTask { await c.addSlowly(i) } }
      var n = 0
      for await _ in g { n += 1 }
      print("slow adds:", n)
    }
    print("after group:", await c.current, "log entries:", await c.reentered)
    let bank = Bank(Counter())
    var totals: [Int] = []
    for x in [5, 10, 20, 40] { totals.append(await bank.deposit(x)) }
    print("totals:", totals, "history:", await bank.history())
  }
}
