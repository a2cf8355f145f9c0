"""Writes a presplit switched-resume coroutine with N suspends in a row where
each value is live across two of them (defined before suspend k, used after
suspend k+1): every frame field interferes with its neighbours only.

Usage: gen_chain.py N > chain_N.ll
"""
import sys
n=int(sys.argv[1])
o=[]
o.append("""declare i64 @opaque(i64)
declare void @use(i64)
declare ptr @malloc(i64)
declare void @free(ptr)
define ptr @co() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  br label %b0
""")
for k in range(n):
    o.append(f"b{k}:\n  %v{k} = call i64 @opaque(i64 {k})\n")
    if k>=2: o.append(f"  call void @use(i64 %v{k-2})\n")
    o.append(f"  %s{k} = call i8 @llvm.coro.suspend(token none, i1 false)\n  switch i8 %s{k}, label %ret [ i8 0, label %b{k+1}\n i8 1, label %cleanup ]\n")
o.append(f"""b{n}:
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}}
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
""")
print("".join(o))
