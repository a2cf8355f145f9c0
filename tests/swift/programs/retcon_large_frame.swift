// Yield-once accessors whose locals live across the yield are too big for
// the caller's fixed buffer (so the frame is allocated) or just fit; the
// accessors are used in loops (10^5 accesses) and from generic code.
struct Vec8 { var v: (Double, Double, Double, Double, Double, Double, Double, Double) }

struct Body {
  var _pos = Vec8(v: (0, 0, 0, 0, 0, 0, 0, 0))
  var _count = 0
  var _name = "body"
  var position: Vec8 {
    _read { yield _pos }
    _modify {
      // Many values live across the yield: the frame exceeds the buffer.
      let before = _pos
      let name = _name
      let stamp = (_count, _count * 2, _count * 3, _count * 4, _count * 5)
      yield &_pos
      if _pos.v.0 < before.v.0 { _pos.v.0 = before.v.0 }
      _count += stamp.4 - stamp.0 * 5 + 1 + (stamp.1 + stamp.2 - stamp.3 - stamp.0 * 1)
      _name = name
    }
  }
  var count: Int {
    _read { yield _count }
    _modify {
      // A small frame that fits the buffer.
      yield &_count
    }
  }
}

@inline(never) func drive(_ b: inout Body, _ n: Int) {
  for i in 0..<n {
    b.position.v.0 += 1
    b.position.v.7 -= Double(i & 1)
    b.count &+= 1
  }
}

protocol Movable { var position: Vec8 { get set } }
extension Body: Movable {}

@inline(never) func nudge<M: Movable>(_ m: inout M) {
  m.position.v.3 = 42
  m.position.v.0 -= 10   // clamped back by the accessor
}

@main struct Main {
  static func main() {
    var b = Body()
    drive(&b, 100_000)
    nudge(&b)
    print(b.position.v.0, b.position.v.3, b.position.v.7, b.count, b._name)
  }
}
