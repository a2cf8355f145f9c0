// Token-only async.execute regions that write into a shared buffer, regions
// that depend on other tokens (async.execute [%t1, %t2]: the coroutine
// suspends until they are ready, then reads what they wrote), and
// async.await of every token from the caller. A diamond per round:
//   a: buf[4i] = i       b: buf[4i+1] = 3i
//   c [a, b]: buf[4i+2] = buf[4i] + buf[4i+1]
//   d [c]:    buf[4i+3] = buf[4i+2] * 2
// and the checksum of the buffer once all rounds are awaited.

llvm.mlir.global internal constant @fmt("await_tokens: checksum %ld last %ld\0A\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %rounds = arith.constant 800 : index
  %size = arith.muli %rounds, %c4 : index
  %buf = memref.alloc(%size) : memref<?xi64>
  %k2 = arith.constant 2 : i64
  %k3 = arith.constant 3 : i64

  scf.for %i = %c0 to %rounds step %c1 {
    %ii = arith.index_cast %i : index to i64
    %base = arith.muli %i, %c4 : index
    %i1 = arith.addi %base, %c1 : index
    %i2 = arith.addi %base, %c2 : index
    %i3 = arith.addi %base, %c3 : index
    %ta = async.execute {
      memref.store %ii, %buf[%base] : memref<?xi64>
      async.yield
    }
    %tb = async.execute {
      %y = arith.muli %ii, %k3 : i64
      memref.store %y, %buf[%i1] : memref<?xi64>
      async.yield
    }
    %tc = async.execute [%ta, %tb] {
      %x = memref.load %buf[%base] : memref<?xi64>
      %y = memref.load %buf[%i1] : memref<?xi64>
      %z = arith.addi %x, %y : i64
      memref.store %z, %buf[%i2] : memref<?xi64>
      async.yield
    }
    %td = async.execute [%tc] {
      %x = memref.load %buf[%i2] : memref<?xi64>
      %z = arith.muli %x, %k2 : i64
      memref.store %z, %buf[%i3] : memref<?xi64>
      async.yield
    }
    async.await %td : !async.token
    async.await %ta : !async.token
    async.await %tb : !async.token
    async.await %tc : !async.token
  }

  // checksum = sum over j of buf[j] * (j mod 5 + 1)
  %zero = arith.constant 0 : i64
  %k5 = arith.constant 5 : i64
  %k1 = arith.constant 1 : i64
  %sum = scf.for %j = %c0 to %size step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = memref.load %buf[%j] : memref<?xi64>
    %jj = arith.index_cast %j : index to i64
    %m = arith.remui %jj, %k5 : i64
    %w = arith.addi %m, %k1 : i64
    %p = arith.muli %v, %w : i64
    %a = arith.addi %acc, %p : i64
    scf.yield %a : i64
  }
  %lasti = arith.subi %size, %c1 : index
  %last = memref.load %buf[%lasti] : memref<?xi64>
  memref.dealloc %buf : memref<?xi64>
  %f = llvm.mlir.addressof @fmt : !llvm.ptr
  %0 = llvm.call @printf(%f, %sum, %last) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
  %ret = arith.constant 0 : i32
  return %ret : i32
}
