// withCheckedContinuation and withCheckedThrowingContinuation resumed from
// another task; withUnsafeContinuation; a continuation resumed before the
// suspending function returns; values of the suspended function live.
struct Refused: Error, Equatable { let code: Int }

final class Mailbox: @unchecked Sendable {
  var pending: [CheckedContinuation<Int, Never>] = []
}

@inline(never) func viaOtherTask(_ x: Int) async -> Int {
  let local = [x, x * 2, x * 3]
  let got = await withCheckedContinuation { (c: CheckedContinuation<Int, Never>) in
    Task.detached {
      await Task.yield()
      c.resume(returning: x * 10)
    }
  }
  return got + local.reduce(0, +)
}

@inline(never) func throwingVia(_ x: Int) async throws -> String {
  try await withCheckedThrowingContinuation { (c: CheckedContinuation<String, Error>) in
    Task {
      if x % 2 == 0 { c.resume(returning: "even \(x)") }
      else { c.resume(throwing: Refused(code: x)) }
    }
  }
}

@inline(never) func immediate(_ x: Int) async -> Int {
  await withUnsafeContinuation { (c: UnsafeContinuation<Int, Never>) in
    c.resume(returning: x + 1)
  }
}

@main struct Main {
  static func main() async {
    var r: [Int] = []
    for x in 1...20 { r.append(await viaOtherTask(x)) }
    print(r)
    for x in 1...4 {
      do { print(try await throwingVia(x)) } catch { print("refused", (error as! Refused).code) }
    }
    var s = 0
    for x in 0..<10_000 { s &+= await immediate(x) }
    print("immediate", s)
  }
}
