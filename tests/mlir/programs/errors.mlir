// Errors: a failing cf.assert inside an async.execute region puts its token
// and values in the error state instead of aborting. The error then
// travels: into regions that depend on the failed token, into regions that
// await a failed value inside their coroutine (async.await, or a value
// operand of async.execute), into a group holding a failed token and into
// a region awaiting that group (async.await_all in a coroutine). The
// caller checks each state with async.runtime.await and
// async.runtime.is_error (async.await in a plain function would assert),
// and loads only the values that are not in error.
//
// Each region here has one way to fail. MLIR 22's reference counting
// mishandles a region with two (two async operands that may fail, or an
// await and a cf.assert): where the error paths join it drops the region's
// own token and value, then sets their error, a use after free that
// crashes whatever lowers the coroutines, LLVM's passes included.

llvm.mlir.global internal constant @fmt("errors: value %ld token %ld dependent %ld awaited %ld operand %ld group %ld group_awaited %ld ok_sum %ld\0A\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32

func.func @count(%e: i1, %acc: i64) -> i64 {
  %w = arith.extui %e : i1 to i64
  %r = arith.addi %acc, %w : i64
  return %r : i64
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %rounds = arith.constant 600 : index
  %zero = arith.constant 0 : i64
  %k3 = arith.constant 3 : i64
  %k5 = arith.constant 5 : i64
  %k10 = arith.constant 10 : i64

  %res:8 = scf.for %i = %c0 to %rounds step %c1
      iter_args(%ev = %zero, %et = %zero, %ed = %zero, %ea = %zero, %eo = %zero,
                %eg = %zero, %ew = %zero, %ok = %zero)
      -> (i64, i64, i64, i64, i64, i64, i64, i64) {
    %ii = arith.index_cast %i : index to i64
    %m3 = arith.remui %ii, %k3 : i64
    %m5 = arith.remui %ii, %k5 : i64
    %good3 = arith.cmpi ne, %m3, %zero : i64
    %good5 = arith.cmpi ne, %m5, %zero : i64

    // Fails when i is a multiple of 3; else yields 10 * i.
    %t, %v = async.execute -> !async.value<i64> {
      cf.assert %good3, "i is a multiple of three"
      %y = arith.muli %ii, %k10 : i64
      async.yield %y : i64
    }
    // Depends on the token: in error when it is.
    %tdep = async.execute [%t] {
      async.yield
    }
    // Awaits the value inside the coroutine and adds i: in error when the
    // value is.
    %ta, %va = async.execute -> !async.value<i64> {
      %x = async.await %v : !async.value<i64>
      %y = arith.addi %x, %ii : i64
      async.yield %y : i64
    }
    // Fails when i is a multiple of 5; else yields i.
    %t5, %v5 = async.execute -> !async.value<i64> {
      cf.assert %good5, "i is a multiple of five"
      async.yield %ii : i64
    }
    // Takes it as an operand and adds i: in error when it is.
    %to, %vo = async.execute (%v5 as %b : !async.value<i64>) -> !async.value<i64> {
      %y = arith.addi %b, %ii : i64
      async.yield %y : i64
    }
    // A group with one failing region (every third round) among good ones.
    %g = async.create_group %c3 : !async.group
    %tg0 = async.execute {
      async.yield
    }
    %tg1 = async.execute {
      cf.assert %good3, "i is a multiple of three"
      async.yield
    }
    %tg2 = async.execute {
      async.yield
    }
    %p0 = async.add_to_group %tg0, %g : !async.token
    %p1 = async.add_to_group %tg1, %g : !async.token
    %p2 = async.add_to_group %tg2, %g : !async.token
    // Awaits the whole group inside the coroutine: in error when it is.
    %tw = async.execute {
      async.await_all %g
      async.yield
    }

    async.runtime.await %v : !async.value<i64>
    %e_v = async.runtime.is_error %v : !async.value<i64>
    async.runtime.await %t : !async.token
    %e_t = async.runtime.is_error %t : !async.token
    async.runtime.await %tdep : !async.token
    %e_d = async.runtime.is_error %tdep : !async.token
    async.runtime.await %va : !async.value<i64>
    %e_a = async.runtime.is_error %va : !async.value<i64>
    async.runtime.await %vo : !async.value<i64>
    %e_o = async.runtime.is_error %vo : !async.value<i64>
    async.runtime.await %ta : !async.token
    async.runtime.await %t5 : !async.token
    async.runtime.await %to : !async.token
    async.runtime.await %g : !async.group
    %e_g = async.runtime.is_error %g : !async.group
    async.runtime.await %tw : !async.token
    %e_w = async.runtime.is_error %tw : !async.token

    // ok_sum adds the awaited values that are not in error: 11 * i where
    // i is not a multiple of 3, 2 * i where it is not a multiple of 5.
    %ok1 = scf.if %e_a -> (i64) {
      scf.yield %ok : i64
    } else {
      %x = async.runtime.load %va : <i64>
      %s = arith.addi %ok, %x : i64
      scf.yield %s : i64
    }
    %ok2 = scf.if %e_o -> (i64) {
      scf.yield %ok1 : i64
    } else {
      %x = async.runtime.load %vo : <i64>
      %s = arith.addi %ok1, %x : i64
      scf.yield %s : i64
    }

    %ev2 = func.call @count(%e_v, %ev) : (i1, i64) -> i64
    %et2 = func.call @count(%e_t, %et) : (i1, i64) -> i64
    %ed2 = func.call @count(%e_d, %ed) : (i1, i64) -> i64
    %ea2 = func.call @count(%e_a, %ea) : (i1, i64) -> i64
    %eo2 = func.call @count(%e_o, %eo) : (i1, i64) -> i64
    %eg2 = func.call @count(%e_g, %eg) : (i1, i64) -> i64
    %ew2 = func.call @count(%e_w, %ew) : (i1, i64) -> i64
    scf.yield %ev2, %et2, %ed2, %ea2, %eo2, %eg2, %ew2, %ok2 : i64, i64, i64, i64, i64, i64, i64, i64
  }

  %f = llvm.mlir.addressof @fmt : !llvm.ptr
  %0 = llvm.call @printf(%f, %res#0, %res#1, %res#2, %res#3, %res#4, %res#5, %res#6, %res#7)
      vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
  %ret = arith.constant 0 : i32
  return %ret : i32
}
