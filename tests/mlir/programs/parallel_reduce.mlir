// A parallel reduction through async-parallel-for, launched from the
// caller's loop (async-dispatch=false): async-parallel-for does not take
// scf.parallel with reductions, so a 2-d scf.parallel over (chunk, lane)
// sums each chunk's slice of the input into its own slot of a partial-sum
// buffer, and the caller adds the partial sums. The input, 8192 elements,
// is itself filled by a 1-d scf.parallel; 120 rounds with different data.
//
// ASYNC-PARALLEL-FOR: async-dispatch=false num-workers=16 min-task-size=1

llvm.mlir.global internal constant @fmt("parallel_reduce: total %ld max_partial %ld\0A\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 8192 : index
  %chunks = arith.constant 32 : index
  %lanes = arith.constant 4 : index
  %slice = arith.constant 64 : index     // n / (chunks * lanes)
  %rounds = arith.constant 120 : index
  %parts = arith.muli %chunks, %lanes : index
  %in = memref.alloc(%n) : memref<?xi64>
  %part = memref.alloc(%parts) : memref<?xi64>
  %zero = arith.constant 0 : i64
  %k13 = arith.constant 13 : i64
  %k4095 = arith.constant 4095 : i64

  %res:2 = scf.for %r = %c0 to %rounds step %c1 iter_args(%acc = %zero, %mx = %zero) -> (i64, i64) {
    %rr = arith.index_cast %r : index to i64
    // in[i] = (i * 13 + r * r) & 4095
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ii = arith.index_cast %i : index to i64
      %x = arith.muli %ii, %k13 : i64
      %r2 = arith.muli %rr, %rr : i64
      %y = arith.addi %x, %r2 : i64
      %z = arith.andi %y, %k4095 : i64
      memref.store %z, %in[%i] : memref<?xi64>
      scf.reduce
    }
    // part[c * lanes + l] = sum of in[(c * lanes + l) * slice ...][slice]
    scf.parallel (%c, %l) = (%c0, %c0) to (%chunks, %lanes) step (%c1, %c1) {
      %cl = arith.muli %c, %lanes : index
      %p = arith.addi %cl, %l : index
      %start = arith.muli %p, %slice : index
      %end = arith.addi %start, %slice : index
      %s = scf.for %i = %start to %end step %c1 iter_args(%t = %zero) -> (i64) {
        %v = memref.load %in[%i] : memref<?xi64>
        %t2 = arith.addi %t, %v : i64
        scf.yield %t2 : i64
      }
      memref.store %s, %part[%p] : memref<?xi64>
      scf.reduce
    }
    %tot:2 = scf.for %p = %c0 to %parts step %c1 iter_args(%t = %acc, %m = %mx) -> (i64, i64) {
      %v = memref.load %part[%p] : memref<?xi64>
      %t2 = arith.addi %t, %v : i64
      %m2 = arith.maxsi %m, %v : i64
      scf.yield %t2, %m2 : i64, i64
    }
    scf.yield %tot#0, %tot#1 : i64, i64
  }
  memref.dealloc %in : memref<?xi64>
  memref.dealloc %part : memref<?xi64>
  %f = llvm.mlir.addressof @fmt : !llvm.ptr
  %0 = llvm.call @printf(%f, %res#0, %res#1) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
  %ret = arith.constant 0 : i32
  return %ret : i32
}
