// _read and _modify on classes: a non-final class (accessors dispatched
// through the vtable), a subclass overriding them and calling super's, a
// final class, and class-constrained generic code using them.
var events: [String] = []

class Account {
  var _balance: Int = 0
  var _history: [Int] = []
  var balance: Int {
    _read {
      events.append("Account read")
      yield _balance
    }
    _modify {
      events.append("Account modify")
      let old = _balance
      yield &_balance
      _history.append(_balance - old)
    }
  }
  var history: [Int] { _history }
}

class Savings: Account {
  var bonus = 1
  override var balance: Int {
    _read {
      events.append("Savings read")
      yield super.balance
    }
    _modify {
      events.append("Savings modify")
      yield &super.balance
      bonus += 1
    }
  }
}

final class Ledger {
  private var entries: [String: Int] = [:]
  subscript(key: String) -> Int {
    _read { yield entries[key, default: 0] }
    _modify {
      var v = entries[key, default: 0]
      yield &v
      entries[key] = v == 0 ? nil : v
    }
  }
  var keys: [String] { entries.keys.sorted() }
}

@inline(never) func deposit<A: Account>(_ a: A, _ amounts: [Int]) -> Int {
  for x in amounts { a.balance += x }
  return a.balance
}

@main struct Main {
  static func main() {
    let a = Account()
    let s = Savings()
    print(deposit(a, [10, 20, -5]), a.history)
    print(deposit(s, [1, 2, 3]), s.history, s.bonus)
    let asBase: Account = s
    asBase.balance *= 10
    print(asBase.balance, s.bonus, s.history)
    print(events.joined(separator: ","))
    let l = Ledger()
    for (i, w) in ["a", "b", "a", "c", "a", "b"].enumerated() { l[w] += i }
    l["c"] -= 3
    print(l.keys, l["a"], l["b"], l["c"])
  }
}
