// A custom AsyncSequence whose iterator's next() is async and suspends;
// standard operators (map, filter, prefix, reduce, contains) over it, and a
// throwing custom sequence.
struct Countdown: AsyncSequence {
  typealias Element = Int
  let start: Int
  struct AsyncIterator: AsyncIteratorProtocol {
    var current: Int
    var scratch = (0, 0, 0, 0)
    mutating func next() async -> Int? {
      if current <= 0 { return nil }
      if current % 3 == 0 { await Task.yield() }
      scratch.0 += current
      defer { current -= 1 }
      return current
    }
  }
  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(current: start) }
}

struct Bad: Error {}

struct Fragile: AsyncSequence {
  typealias Element = String
  let limit: Int
  struct AsyncIterator: AsyncIteratorProtocol {
    var i = 0
    let limit: Int
    mutating func next() async throws -> String? {
      await Task.yield()
      i += 1
      if i > limit { throw Bad() }
      return "f\(i)"
    }
  }
  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(limit: limit) }
}

@main struct Main {
  static func main() async {
    var all: [Int] = []
    for await v in Countdown(start: 10) { all.append(v) }
    print(all)
    let squares = Countdown(start: 20).map { $0 * $0 }.filter { $0 % 2 == 0 }
    var sq: [Int] = []
    for await v in squares { sq.append(v) }
    print(sq)
    let total = await Countdown(start: 10_000).reduce(0, +)
    print("total", total)
    print("contains 77:", await Countdown(start: 100).contains(77))
    var first: [Int] = []
    for await v in Countdown(start: 1000).prefix(4) { first.append(v) }
    print(first)
    var got: [String] = []
    do {
      for try await s in Fragile(limit: 4) { got.append(s) }
    } catch {
      got.append("error")
    }
    print(got)
  }
}
