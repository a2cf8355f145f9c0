// async.execute regions returning values of several types, and several
// values from one region, awaited from the caller. Each round launches five
// regions before awaiting any of them, so the ramps' returned handles (the
// token and the value storage, made before the handoff to the thread pool)
// are in flight while workers run and free the frames.

llvm.mlir.global internal constant @fmt_i("execute_values: i64 sum %ld\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @fmt_p("execute_values: pair sums %ld %ld\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @fmt_f("execute_values: f64 sum %.3f\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @fmt_s("execute_values: i32 xor %d\0A\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rounds = arith.constant 600 : index
  %zero = arith.constant 0 : i64
  %fzero = arith.constant 0.0 : f64
  %izero = arith.constant 0 : i32
  %k7 = arith.constant 7 : i64
  %k1000 = arith.constant 1000 : i64
  %half = arith.constant 0.5 : f64
  %mask = arith.constant 2654435761 : i64

  %r:5 = scf.for %i = %c0 to %rounds step %c1
      iter_args(%s = %zero, %p0 = %zero, %p1 = %zero, %f = %fzero, %x = %izero)
      -> (i64, i64, i64, f64, i32) {
    %ii = arith.index_cast %i : index to i64

    // One i64 value: i * i + 7.
    %t0, %v0 = async.execute -> !async.value<i64> {
      %sq = arith.muli %ii, %ii : i64
      %y = arith.addi %sq, %k7 : i64
      async.yield %y : i64
    }
    // Two values from one region: (i * 1000, i mod 7).
    %t1, %v1a, %v1b = async.execute -> (!async.value<i64>, !async.value<i64>) {
      %a = arith.muli %ii, %k1000 : i64
      %b = arith.remui %ii, %k7 : i64
      async.yield %a, %b : i64, i64
    }
    // An f64 value: i * 0.5 (exact in binary, so the sum is too).
    %t2, %v2 = async.execute -> !async.value<f64> {
      %fi = arith.uitofp %ii : i64 to f64
      %y = arith.mulf %fi, %half : f64
      async.yield %y : f64
    }
    // An i32 value: a hash of i, folded with xor.
    %t3, %v3 = async.execute -> !async.value<i32> {
      %h = arith.muli %ii, %mask : i64
      %sh = arith.constant 13 : i64
      %h2 = arith.shrui %h, %sh : i64
      %y = arith.trunci %h2 : i64 to i32
      async.yield %y : i32
    }
    // A region returning nothing but its token, awaited like the others.
    %t4 = async.execute {
      async.yield
    }

    async.await %t4 : !async.token
    %a3 = async.await %v3 : !async.value<i32>
    %a2 = async.await %v2 : !async.value<f64>
    %a1b = async.await %v1b : !async.value<i64>
    %a1a = async.await %v1a : !async.value<i64>
    %a0 = async.await %v0 : !async.value<i64>
    async.await %t0 : !async.token
    async.await %t1 : !async.token
    async.await %t2 : !async.token
    async.await %t3 : !async.token

    %s2 = arith.addi %s, %a0 : i64
    %q0 = arith.addi %p0, %a1a : i64
    %q1 = arith.addi %p1, %a1b : i64
    %f2 = arith.addf %f, %a2 : f64
    %x2 = arith.xori %x, %a3 : i32
    scf.yield %s2, %q0, %q1, %f2, %x2 : i64, i64, i64, f64, i32
  }

  %fi = llvm.mlir.addressof @fmt_i : !llvm.ptr
  %fp = llvm.mlir.addressof @fmt_p : !llvm.ptr
  %ff = llvm.mlir.addressof @fmt_f : !llvm.ptr
  %fs = llvm.mlir.addressof @fmt_s : !llvm.ptr
  %0 = llvm.call @printf(%fi, %r#0) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
  %1 = llvm.call @printf(%fp, %r#1, %r#2) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
  %2 = llvm.call @printf(%ff, %r#3) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32
  %3 = llvm.call @printf(%fs, %r#4) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
  %ret = arith.constant 0 : i32
  return %ret : i32
}
