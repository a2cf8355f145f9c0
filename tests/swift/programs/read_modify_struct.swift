// _read and _modify accessors (yield-once coroutines) on a struct: a stored
// property behind them, code before and after each yield, a computed
// property of a nested struct, chained accesses (s.inner.value += 1),
// mutating methods through _modify, and many accesses in a loop.
var log: [String] = []

struct Inner {
  var values: [Int] = [1, 2, 3]
  var count: Int { values.count }
}

struct Wrapper {
  private var _inner = Inner()
  private var _score = 0
  var reads = 0

  var inner: Inner {
    _read {
      log.append("read inner")
      yield _inner
      log.append("read inner done")
    }
    _modify {
      log.append("modify inner")
      var tmp = _inner
      tmp.values.append(-1)
      yield &tmp
      tmp.values.removeAll { $0 == -1 }
      _inner = tmp
      log.append("modify inner done \(_inner.values.count)")
    }
  }

  var score: Int {
    _read { yield _score }
    _modify {
      let before = _score
      yield &_score
      if _score < before { _score = before }   // never decreases
    }
  }
}

@inline(never) func exercise() {
  var w = Wrapper()
  print(w.inner.count)
  w.inner.values.append(4)
  w.inner.values[0] *= 10
  print(w.inner.values)
  w.score += 5
  w.score -= 100
  w.score += 2
  print("score", w.score)
  for i in 0..<100_000 { w.score &+= i & 3 }
  print("score after loop", w.score)
  (w.score, w.reads) = (w.reads, w.score)
  print("swapped", w.score, w.reads)
}

@main struct Main {
  static func main() {
    exercise()
    print(log.joined(separator: "\n"))
  }
}
