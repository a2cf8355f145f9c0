// swiftc-flags: -Xfrontend -enable-emit-type-malloc-for-coro-frame
// Yield-once accessors compiled with typed malloc for coroutine frames
// (EmitTypeMallocForCoroFrame, on by default on Apple platforms): each
// llvm.coro.id.retcon.once gets a trailing type-id operand, and a frame
// that does not fit the caller's buffer comes from
// swift_coroFrameAlloc(size, typeId). Frames both in and out of the buffer.
struct Wide {
  var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0
}

struct Model {
  var _w = Wide()
  var _n = 0
  var wide: Wide {
    _read { yield _w }
    _modify {
      let before = _w           // 64 bytes live across the yield: allocated
      let stamp = (_n, _n + 1, _n + 2)
      yield &_w
      if _w.a < before.a { _w.a = before.a }
      _n += stamp.2 - stamp.1
    }
  }
  var n: Int {
    _read { yield _n }
    _modify { yield &_n }      // fits the buffer
  }
}

final class Holder {
  var m = Model()
  var names: [String] = []
  var first: String {
    _read { yield names.first ?? "" }
    _modify {
      var s = names.first ?? ""
      let count = names.count
      yield &s
      if count == 0 { names.append(s) } else { names[0] = s }
    }
  }
}

@main struct Main {
  static func main() {
    var m = Model()
    for i in 0..<1000 {
      m.wide.a += i & 3
      m.wide.h -= 1
      m.n += 2
    }
    m.wide.a = -5
    print(m.wide.a, m.wide.h, m.n)
    let h = Holder()
    h.first += "x"
    h.first += "y"
    h.m.wide.c = 7
    print(h.first, h.names, h.m.wide.c, h.m.n)
  }
}
