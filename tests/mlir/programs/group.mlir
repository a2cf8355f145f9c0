// async.create_group, async.add_to_group and async.await_all: from the
// caller (a blocking wait) and from inside async.execute regions (the
// coroutine suspends until the whole group is ready). Each round fills a
// buffer slice through a group of small regions the caller launches; then
// two outer regions each build a group of their own (so both workers run
// ramps as well as the regions they launch), await it and return a value
// computed from what its members wrote.

llvm.mlir.global internal constant @fmt("group: checksum %ld inner %ld\0A\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32

// Fills part[j] = k * j + r through a group of regions and returns the
// group. Not a coroutine: a loop adding to a group cannot stay inside an
// async.execute region (async-to-async-runtime wants straight-line code
// around the async operations of a coroutine).
func.func @spawn_part(%part: memref<?xi64>, %width: index, %k: i64, %rr: i64) -> !async.group {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = async.create_group %width : !async.group
  scf.for %j = %c0 to %width step %c1 {
    %t = async.execute {
      %jj = arith.index_cast %j : index to i64
      %y = arith.muli %jj, %k : i64
      %z = arith.addi %y, %rr : i64
      memref.store %z, %part[%j] : memref<?xi64>
      async.yield
    }
    %pos = async.add_to_group %t, %g : !async.token
    scf.yield
  }
  return %g : !async.group
}

func.func @sum(%part: memref<?xi64>, %width: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %s = scf.for %j = %c0 to %width step %c1 iter_args(%a = %zero) -> (i64) {
    %x = memref.load %part[%j] : memref<?xi64>
    %a2 = arith.addi %a, %x : i64
    scf.yield %a2 : i64
  }
  return %s : i64
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rounds = arith.constant 100 : index
  %width = arith.constant 48 : index
  %inner_width = arith.constant 24 : index
  %size = arith.muli %rounds, %width : index
  %buf = memref.alloc(%size) : memref<?xi64>
  %zero = arith.constant 0 : i64
  %k3 = arith.constant 3 : i64
  %k11 = arith.constant 11 : i64
  %k17 = arith.constant 17 : i64

  %inner = scf.for %r = %c0 to %rounds step %c1 iter_args(%acc = %zero) -> (i64) {
    %rr = arith.index_cast %r : index to i64
    %base = arith.muli %r, %width : index

    // A group filled from the caller: buf[base + j] = 3 * (base + j) + r.
    %g = async.create_group %width : !async.group
    scf.for %j = %c0 to %width step %c1 {
      %idx = arith.addi %base, %j : index
      %t = async.execute {
        %ii = arith.index_cast %idx : index to i64
        %y = arith.muli %ii, %k3 : i64
        %z = arith.addi %y, %rr : i64
        memref.store %z, %buf[%idx] : memref<?xi64>
        async.yield
      }
      %pos = async.add_to_group %t, %g : !async.token
      scf.yield
    }
    async.await_all %g

    // Two regions that each build a group, await it inside the coroutine
    // and return the sum of what its members wrote.
    %ta, %va = async.execute -> !async.value<i64> {
      %part = memref.alloc(%inner_width) : memref<?xi64>
      %g2 = func.call @spawn_part(%part, %inner_width, %k11, %rr) : (memref<?xi64>, index, i64, i64) -> !async.group
      async.await_all %g2
      %s = func.call @sum(%part, %inner_width) : (memref<?xi64>, index) -> i64
      memref.dealloc %part : memref<?xi64>
      async.yield %s : i64
    }
    %tb, %vb = async.execute -> !async.value<i64> {
      %part = memref.alloc(%inner_width) : memref<?xi64>
      %g2 = func.call @spawn_part(%part, %inner_width, %k17, %rr) : (memref<?xi64>, index, i64, i64) -> !async.group
      async.await_all %g2
      %s = func.call @sum(%part, %inner_width) : (memref<?xi64>, index) -> i64
      memref.dealloc %part : memref<?xi64>
      async.yield %s : i64
    }
    %a = async.await %va : !async.value<i64>
    %b = async.await %vb : !async.value<i64>
    %ab = arith.addi %a, %b : i64
    %acc2 = arith.addi %acc, %ab : i64
    scf.yield %acc2 : i64
  }

  %sum = func.call @sum(%buf, %size) : (memref<?xi64>, index) -> i64
  memref.dealloc %buf : memref<?xi64>
  %f = llvm.mlir.addressof @fmt : !llvm.ptr
  %0 = llvm.call @printf(%f, %sum, %inner) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
  %ret = arith.constant 0 : i32
  return %ret : i32
}
