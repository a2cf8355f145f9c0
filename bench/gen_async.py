#!/usr/bin/env python3
"""An async function (llvm.coro.id.async) with N suspends, each keeping a
value live: value k comes from an opaque call before suspend k and is used
after the last suspend, so it crosses N - k suspends (what makes LLVM's
suspend-crossing analysis quadratic). Every suspend yields to an executor
through a forwarder; the end returns the sum through the caller's resume
function. Usage: gen_async.py N [-o OUT]"""
import argparse

HEAD = """target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@f_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @f to i64), i64 ptrtoint (ptr @f_afp to i64)) to i32), i32 32 }>, align 8

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare i64 @value(i64)
declare void @enqueue(ptr, ptr)

define ptr @project(ptr %ctx) {
  ret ptr %ctx
}

define swifttailcc void @fwd_yield(ptr %resume, ptr %ctx) {
  call void @enqueue(ptr %resume, ptr %ctx)
  ret void
}

define swifttailcc void @fwd_return(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

define swifttailcc void @f(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @f_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int)
    ap.add_argument("-o", default="-")
    a = ap.parse_args()
    out = [HEAD]
    for k in range(a.n):
        out.append(f"  %v{k} = call i64 @value(i64 {k})\n")
        out.append(f"  %res{k} = call ptr @llvm.coro.async.resume()\n")
        out.append(f"  %r{k} = call {{ ptr }} (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s("
                   f"i32 0, ptr %res{k}, ptr @project, ptr @fwd_yield, ptr %res{k}, ptr %ctx)\n")
    prev = "0"
    for k in range(a.n):
        out.append(f"  %s{k} = add i64 {prev}, %v{k}\n")
        prev = f"%s{k}"
    out.append("  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8\n")
    out.append("  %rp = load ptr, ptr %rpp, align 8\n")
    out.append(f"  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, "
               f"ptr @fwd_return, ptr %rp, ptr %ctx, i64 {prev})\n")
    out.append("  unreachable\n}\n")
    text = "".join(out)
    if a.o == "-":
        print(text, end="")
    else:
        open(a.o, "w").write(text)


if __name__ == "__main__":
    main()
