// Nested async.execute: each outer region (run by a worker) launches inner
// regions of its own, so worker threads run ramps too and allocate frames
// right after freeing others; it suspends on their values and returns a
// value computed from them. The innermost level nests once more. The caller
// keeps four outer regions in flight per round.

llvm.mlir.global internal constant @fmt("nested: sum %ld check %ld\0A\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rounds = arith.constant 250 : index
  %zero = arith.constant 0 : i64
  %k1 = arith.constant 1 : i64
  %k2 = arith.constant 2 : i64
  %k3 = arith.constant 3 : i64
  %k4 = arith.constant 4 : i64
  %k5 = arith.constant 5 : i64

  %res:2 = scf.for %i = %c0 to %rounds step %c1 iter_args(%sum = %zero, %chk = %zero) -> (i64, i64) {
    %ii = arith.index_cast %i : index to i64
    %base = arith.muli %ii, %k4 : i64
    %x0 = arith.addi %base, %zero : i64
    %x1 = arith.addi %base, %k1 : i64
    %x2 = arith.addi %base, %k2 : i64
    %x3 = arith.addi %base, %k3 : i64

    // outer(x) = inner(x) + inner(x + 1) * 2 + deep(x)
    //   inner(y) = y * y
    //   deep(y)  = (y + 5) awaited through two levels of nesting
    %to0, %o0 = async.execute -> !async.value<i64> {
      %ta, %a = async.execute -> !async.value<i64> {
        %y = arith.muli %x0, %x0 : i64
        async.yield %y : i64
      }
      %x0p = arith.addi %x0, %k1 : i64
      %tb, %b = async.execute -> !async.value<i64> {
        %y = arith.muli %x0p, %x0p : i64
        async.yield %y : i64
      }
      %tc, %c = async.execute -> !async.value<i64> {
        %td, %d = async.execute -> !async.value<i64> {
          %y = arith.addi %x0, %k5 : i64
          async.yield %y : i64
        }
        %dv = async.await %d : !async.value<i64>
        async.yield %dv : i64
      }
      %av = async.await %a : !async.value<i64>
      %bv = async.await %b : !async.value<i64>
      %cv = async.await %c : !async.value<i64>
      %b2 = arith.muli %bv, %k2 : i64
      %s1 = arith.addi %av, %b2 : i64
      %s2 = arith.addi %s1, %cv : i64
      async.yield %s2 : i64
    }
    %to1, %o1 = async.execute -> !async.value<i64> {
      %ta, %a = async.execute -> !async.value<i64> {
        %y = arith.muli %x1, %x1 : i64
        async.yield %y : i64
      }
      %x1p = arith.addi %x1, %k1 : i64
      %tb, %b = async.execute -> !async.value<i64> {
        %y = arith.muli %x1p, %x1p : i64
        async.yield %y : i64
      }
      %tc, %c = async.execute -> !async.value<i64> {
        %td, %d = async.execute -> !async.value<i64> {
          %y = arith.addi %x1, %k5 : i64
          async.yield %y : i64
        }
        %dv = async.await %d : !async.value<i64>
        async.yield %dv : i64
      }
      %av = async.await %a : !async.value<i64>
      %bv = async.await %b : !async.value<i64>
      %cv = async.await %c : !async.value<i64>
      %b2 = arith.muli %bv, %k2 : i64
      %s1 = arith.addi %av, %b2 : i64
      %s2 = arith.addi %s1, %cv : i64
      async.yield %s2 : i64
    }
    %to2, %o2 = async.execute -> !async.value<i64> {
      %ta, %a = async.execute -> !async.value<i64> {
        %y = arith.muli %x2, %x2 : i64
        async.yield %y : i64
      }
      %x2p = arith.addi %x2, %k1 : i64
      %tb, %b = async.execute -> !async.value<i64> {
        %y = arith.muli %x2p, %x2p : i64
        async.yield %y : i64
      }
      %tc, %c = async.execute -> !async.value<i64> {
        %td, %d = async.execute -> !async.value<i64> {
          %y = arith.addi %x2, %k5 : i64
          async.yield %y : i64
        }
        %dv = async.await %d : !async.value<i64>
        async.yield %dv : i64
      }
      %av = async.await %a : !async.value<i64>
      %bv = async.await %b : !async.value<i64>
      %cv = async.await %c : !async.value<i64>
      %b2 = arith.muli %bv, %k2 : i64
      %s1 = arith.addi %av, %b2 : i64
      %s2 = arith.addi %s1, %cv : i64
      async.yield %s2 : i64
    }
    // The fourth outer region only waits for the other three and combines
    // their values: a region whose every operand is an async value.
    %to3, %o3 = async.execute (%o0 as %p0 : !async.value<i64>,
                               %o1 as %p1 : !async.value<i64>,
                               %o2 as %p2 : !async.value<i64>) -> !async.value<i64> {
      %m = arith.xori %p0, %p1 : i64
      %m2 = arith.xori %m, %p2 : i64
      %m3 = arith.addi %m2, %x3 : i64
      async.yield %m3 : i64
    }

    %v0 = async.await %o0 : !async.value<i64>
    %v1 = async.await %o1 : !async.value<i64>
    %v2 = async.await %o2 : !async.value<i64>
    %v3 = async.await %o3 : !async.value<i64>
    %s01 = arith.addi %v0, %v1 : i64
    %s012 = arith.addi %s01, %v2 : i64
    %sum2 = arith.addi %sum, %s012 : i64
    %chk2 = arith.addi %chk, %v3 : i64
    scf.yield %sum2, %chk2 : i64, i64
  }

  %f = llvm.mlir.addressof @fmt : !llvm.ptr
  %0 = llvm.call @printf(%f, %res#0, %res#1) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
  %ret = arith.constant 0 : i32
  return %ret : i32
}
