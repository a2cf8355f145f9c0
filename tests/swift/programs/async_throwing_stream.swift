// AsyncThrowingStream: the producer fails part way, the consumer's
// `for try await` ends with the error, caught after values were collected.
struct StreamError: Error { let at: Int }

@inline(never) func numbers(failAt: Int) -> AsyncThrowingStream<Int, Error> {
  AsyncThrowingStream { cont in
    Task {
      for i in 0..<100 {
        if i == failAt { cont.finish(throwing: StreamError(at: i)); return }
        cont.yield(i)
        await Task.yield()
      }
      cont.finish()
    }
  }
}

@inline(never) func collect(failAt: Int) async -> String {
  var seen: [Int] = []
  defer { seen.removeAll() }
  do {
    for try await v in numbers(failAt: failAt) {
      seen.append(v)
    }
    return "complete \(seen.count) sum \(seen.reduce(0, +))"
  } catch let e as StreamError {
    return "failed at \(e.at) after \(seen.count)"
  } catch {
    return "unexpected"
  }
}

@main struct Main {
  static func main() async {
    print(await collect(failAt: 1000))
    print(await collect(failAt: 37))
    print(await collect(failAt: 0))
  }
}
