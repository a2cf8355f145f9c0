// scf.parallel through async-parallel-for with recursive dispatch: an array
// of 6000 elements filled in parallel, 150 times over, and summed after
// each fill. Each fill becomes up to 64 blocks (num-workers=16 times four),
// handed out by async.execute regions that workers launch themselves
// (async-dispatch=true), gathered by a group the caller awaits.
//
// ASYNC-PARALLEL-FOR: async-dispatch=true num-workers=16 min-task-size=32

llvm.mlir.global internal constant @fmt("parallel_fill: checksum %ld last %ld\0A\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 6000 : index
  %rounds = arith.constant 150 : index
  %a = memref.alloc(%n) : memref<?xi64>
  %zero = arith.constant 0 : i64
  %k7 = arith.constant 7 : i64
  %k1023 = arith.constant 1023 : i64

  %total = scf.for %r = %c0 to %rounds step %c1 iter_args(%acc = %zero) -> (i64) {
    %rr = arith.index_cast %r : index to i64
    // a[i] = (i * 7 + r) & 1023, then + i
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ii = arith.index_cast %i : index to i64
      %x = arith.muli %ii, %k7 : i64
      %y = arith.addi %x, %rr : i64
      %z = arith.andi %y, %k1023 : i64
      %w = arith.addi %z, %ii : i64
      memref.store %w, %a[%i] : memref<?xi64>
      scf.reduce
    }
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%t = %acc) -> (i64) {
      %v = memref.load %a[%i] : memref<?xi64>
      %t2 = arith.addi %t, %v : i64
      scf.yield %t2 : i64
    }
    scf.yield %s : i64
  }
  %lasti = arith.subi %n, %c1 : index
  %last = memref.load %a[%lasti] : memref<?xi64>
  memref.dealloc %a : memref<?xi64>
  %f = llvm.mlir.addressof @fmt : !llvm.ptr
  %0 = llvm.call @printf(%f, %total, %last) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
  %ret = arith.constant 0 : i32
  return %ret : i32
}
