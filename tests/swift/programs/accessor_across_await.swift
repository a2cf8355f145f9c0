// A _modify access held across an await: an inout argument that is a
// property reached through a yield-once accessor is passed to an async
// function that suspends; the accessor's caller-side buffer lives in the
// async frame until the access ends. Also an access aborted by a throw
// from the async callee.
struct Fail: Error {}
var notes: [String] = []

struct Account {
  private var _cents = 0
  var cents: Int {
    _read { yield _cents }
    _modify {
      notes.append("begin \(_cents)")
      var c = _cents
      defer { notes.append("end") }
      yield &c
      _cents = c
      notes.append("commit \(c)")
    }
  }
}

final class Bank {
  var accounts = [Account(), Account()]
  var primary: Account {
    _read { yield accounts[0] }
    _modify { yield &accounts[0] }
  }
}

@inline(never) func addSlowly(_ x: inout Int, _ n: Int) async {
  for i in 0..<n {
    await Task.yield()
    x += i
  }
}

@inline(never) func addOrFail(_ x: inout Int, _ v: Int) async throws {
  x += v
  await Task.yield()
  if v < 0 { throw Fail() }
  x += 1
}

@main struct Main {
  static func main() async {
    var a = Account()
    await addSlowly(&a.cents, 10)
    print(a.cents)
    let bank = Bank()
    await addSlowly(&bank.primary.cents, 5)
    await addSlowly(&bank.accounts[1].cents, 3)
    do { try await addOrFail(&bank.primary.cents, 7) } catch { print("unexpected") }
    do { try await addOrFail(&bank.primary.cents, -100) } catch { print("aborted") }
    print(bank.accounts.map { $0.cents })
    print(notes.joined(separator: ", "))
  }
}
