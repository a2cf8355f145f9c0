; An async coroutine for the frame report's context figures (cli_test.sh):
; two suspends, %n and %s live across one each, a 32-byte header.
@f_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @f to i64), i64 ptrtoint (ptr @f_afp to i64)) to i32), i32 32 }>

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare ptr @new_ctx(ptr, ptr)
declare swifttailcc void @callee(ptr swiftasync)

define ptr @project(ptr %callee) {
  %p = load ptr, ptr %callee
  ret ptr %p
}

define swifttailcc void @fwd(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @fwd_ret(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

define swifttailcc void @f(ptr swiftasync %ctx, i64 %n) presplitcoroutine nounwind "frame-pointer"="all" {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @f_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %res = call ptr @llvm.coro.async.resume()
  %cc = call ptr @new_ctx(ptr %ctx, ptr %res)
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr @callee, ptr %cc)
  %a = extractvalue { ptr, i64 } %r, 1
  %s = add i64 %a, %n
  %res1 = call ptr @llvm.coro.async.resume()
  %cc1 = call ptr @new_ctx(ptr %ctx, ptr %res1)
  %r1 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res1, ptr @project, ptr @fwd, ptr @callee, ptr %cc1)
  %b = extractvalue { ptr, i64 } %r1, 1
  %t = add i64 %b, %s
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_ret, ptr %rp, ptr %ctx, i64 %t)
  unreachable
}
