// Floating-point and SIMD values live across awaits: SIMD4<Float>,
// SIMD8<Double> (32- and 64-byte vectors, 16-byte aligned in the async
// frame), Float80-free tuples of Doubles, and Float accumulations whose
// rounding must match exactly.
@inline(never) func scale(_ v: SIMD4<Float>, _ k: Float) async -> SIMD4<Float> {
  await Task.yield()
  return v * k
}

@inline(never) func mix(_ a: SIMD8<Double>, _ b: SIMD8<Double>) async -> SIMD8<Double> {
  let c = a + b
  await Task.yield()
  let d = c * a
  await Task.yield()
  return d - b + c
}

@inline(never) func accumulate(_ n: Int) async -> (Float, Double) {
  var f: Float = 0.1
  var d: Double = 0.1
  var v = SIMD4<Float>(1, 2, 3, 4)
  let w = SIMD8<Double>(1, 2, 3, 4, 5, 6, 7, 8)
  for i in 0..<n {
    v = await scale(v, 1.0001)
    f += v.sum() / Float(i + 1)
    let m = await mix(w, SIMD8<Double>(repeating: Double(i) * 0.5))
    d = d * 0.999 + m.sum() / 1000
  }
  return (f, d)
}

@main struct Main {
  static func main() async {
    let (f, d) = await accumulate(500)
    print(f, d)
    let v = await scale(SIMD4<Float>(0.5, -1.25, 3, 1e-3), 3)
    print(v)
    let m = await mix(SIMD8<Double>(0, 1, 2, 3, 4, 5, 6, 7), SIMD8<Double>(repeating: 0.25))
    print(m)
  }
}
