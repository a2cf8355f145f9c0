; ModuleID = '<stdin>'
source_filename = "generator.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.Generator = type { %"struct.std::__n4861::coroutine_handle" }
%"struct.std::__n4861::coroutine_handle" = type { ptr }
%"struct.Generator::promise_type" = type { i64 }
%"struct.std::__n4861::suspend_always" = type { i8 }
%"struct.std::__n4861::coroutine_handle.0" = type { ptr }

$_ZN9Generator12promise_type17get_return_objectEv = comdat any

$_ZN9Generator12promise_type15initial_suspendEv = comdat any

$_ZNKSt7__n486114suspend_always11await_readyEv = comdat any

$_ZNKSt7__n486114suspend_always13await_suspendENS_16coroutine_handleIvEE = comdat any

$_ZNSt7__n486116coroutine_handleIN9Generator12promise_typeEE12from_addressEPv = comdat any

$_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEEcvNS0_IvEEEv = comdat any

$_ZNKSt7__n486114suspend_always12await_resumeEv = comdat any

$_ZN9Generator12promise_type11yield_valueEl = comdat any

$_ZN9Generator12promise_type11return_voidEv = comdat any

$_ZN9Generator12promise_type13final_suspendEv = comdat any

$_ZN9Generator4nextEv = comdat any

$_ZNK9Generator5valueEv = comdat any

$_ZN9GeneratorD2Ev = comdat any

$_ZNSt7__n486116coroutine_handleIN9Generator12promise_typeEE12from_promiseERS2_ = comdat any

$_ZN9GeneratorC2ENSt7__n486116coroutine_handleINS_12promise_typeEEE = comdat any

$_ZNSt7__n486116coroutine_handleIN9Generator12promise_typeEEC2Ev = comdat any

$_ZNSt7__n486116coroutine_handleIvE12from_addressEPv = comdat any

$_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE7addressEv = comdat any

$_ZNSt7__n486116coroutine_handleIvEC2Ev = comdat any

$_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE6resumeEv = comdat any

$_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE4doneEv = comdat any

$_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE7promiseEv = comdat any

$_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEEcvbEv = comdat any

$_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE7destroyEv = comdat any

$__clang_call_terminate = comdat any

@.str = private unnamed_addr constant [5 x i8] c"%ld \00", align 1
@.str.1 = private unnamed_addr constant [2 x i8] c"\0A\00", align 1

; Function Attrs: mustprogress presplitcoroutine uwtable
define dso_local void @_Z9fibonaccii(ptr dead_on_unwind writable sret(%struct.Generator) align 8 %0, i32 noundef %1) #0 personality ptr @__gxx_personality_v0 {
  %3 = alloca %"struct.Generator::promise_type", align 8
  %4 = alloca %"struct.std::__n4861::suspend_always", align 1
  %5 = alloca %"struct.std::__n4861::suspend_always", align 1
  %6 = alloca %"struct.std::__n4861::suspend_always", align 1
  %7 = call token @llvm.coro.id(i32 16, ptr nonnull %3, ptr nonnull @_Z9fibonaccii, ptr null)
  %8 = call i1 @llvm.coro.alloc(token %7)
  br i1 %8, label %9, label %12

9:                                                ; preds = %2
  %10 = call i64 @llvm.coro.size.i64()
  %11 = call noalias noundef nonnull ptr @_Znwm(i64 noundef %10) #17
  br label %12

12:                                               ; preds = %9, %2
  %13 = phi ptr [ null, %2 ], [ %11, %9 ]
  %14 = call ptr @llvm.coro.begin(token %7, ptr %13) #18
  %promise.addr = call ptr @llvm.coro.promise(ptr %14, i32 8, i1 false) #18
  %15 = sext i32 %1 to i64
  store i64 %15, ptr %3, align 8, !tbaa !9
  invoke void @_ZN9Generator12promise_type17get_return_objectEv(ptr dead_on_unwind writable sret(%struct.Generator) align 8 %0, ptr noundef nonnull align 8 dereferenceable(8) %promise.addr)
          to label %16 unwind label %21

16:                                               ; preds = %12
  call void @llvm.lifetime.start.p0(ptr nonnull %4) #2
  call void @_ZN9Generator12promise_type15initial_suspendEv(ptr noundef nonnull align 8 dereferenceable(8) %promise.addr) #2
  %17 = call noundef zeroext i1 @_ZNKSt7__n486114suspend_always11await_readyEv(ptr noundef nonnull align 1 dereferenceable(1) %4) #2
  br i1 %17, label %24, label %18

18:                                               ; preds = %16
  %19 = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.void(ptr nonnull %4, ptr %14, ptr nonnull @_Z9fibonaccii.__await_suspend_wrapper__init) #2
  %20 = call i8 @llvm.coro.suspend(token %19, i1 false)
  switch i8 %20, label %53 [
    i8 0, label %24
    i8 1, label %25
  ]

21:                                               ; preds = %12
  %22 = landingpad { ptr, i32 }
          cleanup
  %23 = call ptr @llvm.coro.free(token %7, ptr %14)
  %.not = icmp eq ptr %23, null
  br i1 %.not, label %56, label %54

24:                                               ; preds = %18, %16
  call void @_ZNKSt7__n486114suspend_always12await_resumeEv(ptr noundef nonnull align 1 dereferenceable(1) %4) #2
  br label %25

25:                                               ; preds = %18, %24
  %cond = phi i1 [ true, %24 ], [ false, %18 ]
  call void @llvm.lifetime.end.p0(ptr nonnull %4) #2
  br i1 %cond, label %26, label %49

26:                                               ; preds = %25, %36
  %.012 = phi i64 [ %37, %36 ], [ 1, %25 ]
  %.011 = phi i32 [ %38, %36 ], [ 0, %25 ]
  %.0 = phi i64 [ %.012, %36 ], [ 0, %25 ]
  %27 = icmp slt i32 %.011, %1
  br i1 %27, label %28, label %39

28:                                               ; preds = %26
  call void @llvm.lifetime.start.p0(ptr nonnull %5) #2
  call void @_ZN9Generator12promise_type11yield_valueEl(ptr noundef nonnull align 8 dereferenceable(8) %promise.addr, i64 noundef %.0) #2
  %29 = call noundef zeroext i1 @_ZNKSt7__n486114suspend_always11await_readyEv(ptr noundef nonnull align 1 dereferenceable(1) %5) #2
  br i1 %29, label %33, label %30

30:                                               ; preds = %28
  %31 = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.void(ptr nonnull %5, ptr %14, ptr nonnull @_Z9fibonaccii.__await_suspend_wrapper__yield) #2
  %32 = call i8 @llvm.coro.suspend(token %31, i1 false)
  switch i8 %32, label %53 [
    i8 0, label %33
    i8 1, label %34
  ]

33:                                               ; preds = %30, %28
  call void @_ZNKSt7__n486114suspend_always12await_resumeEv(ptr noundef nonnull align 1 dereferenceable(1) %5) #2
  br label %34

34:                                               ; preds = %30, %33
  %cond16 = phi i1 [ true, %33 ], [ false, %30 ]
  %35 = phi i32 [ 0, %33 ], [ 2, %30 ]
  call void @llvm.lifetime.end.p0(ptr nonnull %5) #2
  br i1 %cond16, label %36, label %39

36:                                               ; preds = %34
  %37 = add nsw i64 %.0, %.012
  %38 = add nuw nsw i32 %.011, 1
  br label %26, !llvm.loop !12

39:                                               ; preds = %26, %34
  %40 = phi i32 [ %35, %34 ], [ 4, %26 ]
  %41 = and i32 %40, -5
  %cond14 = icmp eq i32 %41, 0
  br i1 %cond14, label %42, label %49

42:                                               ; preds = %39
  call void @_ZN9Generator12promise_type11return_voidEv(ptr noundef nonnull align 8 dereferenceable(8) %promise.addr) #2
  call void @llvm.lifetime.start.p0(ptr nonnull %6) #2
  call void @_ZN9Generator12promise_type13final_suspendEv(ptr noundef nonnull align 8 dereferenceable(8) %promise.addr) #2
  %43 = call noundef zeroext i1 @_ZNKSt7__n486114suspend_always11await_readyEv(ptr noundef nonnull align 1 dereferenceable(1) %6) #2
  br i1 %43, label %47, label %44

44:                                               ; preds = %42
  %45 = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.void(ptr nonnull %6, ptr %14, ptr nonnull @_Z9fibonaccii.__await_suspend_wrapper__final) #2
  %46 = call i8 @llvm.coro.suspend(token %45, i1 true) #18
  switch i8 %46, label %53 [
    i8 0, label %47
    i8 1, label %48
  ]

47:                                               ; preds = %44, %42
  call void @_ZNKSt7__n486114suspend_always12await_resumeEv(ptr noundef nonnull align 1 dereferenceable(1) %6) #2
  br label %48

48:                                               ; preds = %44, %47
  call void @llvm.lifetime.end.p0(ptr nonnull %6) #2
  br label %49

49:                                               ; preds = %48, %39, %25
  %50 = call ptr @llvm.coro.free(token %7, ptr %14)
  %.not19 = icmp eq ptr %50, null
  br i1 %.not19, label %53, label %51

51:                                               ; preds = %49
  %52 = call i64 @llvm.coro.size.i64()
  call void @_ZdlPvm(ptr noundef nonnull %50, i64 noundef %52) #2
  br label %53

53:                                               ; preds = %49, %51, %44, %30, %18
  call void @llvm.coro.end(ptr null, i1 false, token none) #18
  ret void

54:                                               ; preds = %21
  %55 = call i64 @llvm.coro.size.i64()
  call void @_ZdlPvm(ptr noundef nonnull %23, i64 noundef %55) #2
  br label %56

56:                                               ; preds = %21, %54
  resume { ptr, i32 } %22
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare token @llvm.coro.id(i32, ptr readnone, ptr readonly captures(none), ptr) #1

; Function Attrs: nounwind
declare i1 @llvm.coro.alloc(token) #2

; Function Attrs: nobuiltin allocsize(0)
declare noundef nonnull ptr @_Znwm(i64 noundef) #3

; Function Attrs: nounwind memory(none)
declare i64 @llvm.coro.size.i64() #4

; Function Attrs: nounwind
declare ptr @llvm.coro.begin(token, ptr writeonly) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #5

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local void @_ZN9Generator12promise_type17get_return_objectEv(ptr dead_on_unwind noalias writable sret(%struct.Generator) align 8 %0, ptr noundef nonnull align 8 dereferenceable(8) %1) #6 comdat align 2 {
  %3 = call ptr @_ZNSt7__n486116coroutine_handleIN9Generator12promise_typeEE12from_promiseERS2_(ptr noundef nonnull align 8 dereferenceable(8) %1)
  call void @_ZN9GeneratorC2ENSt7__n486116coroutine_handleINS_12promise_typeEEE(ptr noundef nonnull align 8 dereferenceable(8) %0, ptr %3)
  ret void
}

declare i32 @__gxx_personality_v0(...)

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN9Generator12promise_type15initial_suspendEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #7 comdat align 2 {
  ret void
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef zeroext i1 @_ZNKSt7__n486114suspend_always11await_readyEv(ptr noundef nonnull align 1 dereferenceable(1) %0) #7 comdat align 2 {
  ret i1 false
}

; Function Attrs: nomerge nounwind
declare token @llvm.coro.save(ptr) #8

; Function Attrs: alwaysinline mustprogress
define internal void @_Z9fibonaccii.__await_suspend_wrapper__init(ptr noundef nonnull %0, ptr noundef %1) #9 {
  %3 = alloca %"struct.std::__n4861::coroutine_handle", align 8
  call void @llvm.lifetime.start.p0(ptr nonnull %3) #2
  %4 = call ptr @_ZNSt7__n486116coroutine_handleIN9Generator12promise_typeEE12from_addressEPv(ptr noundef %1) #2
  store ptr %4, ptr %3, align 8
  %5 = call ptr @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEEcvNS0_IvEEEv(ptr noundef nonnull align 8 dereferenceable(8) %3) #2
  call void @_ZNKSt7__n486114suspend_always13await_suspendENS_16coroutine_handleIvEE(ptr noundef nonnull align 1 dereferenceable(1) %0, ptr %5) #2
  call void @llvm.lifetime.end.p0(ptr nonnull %3) #2
  ret void
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZNKSt7__n486114suspend_always13await_suspendENS_16coroutine_handleIvEE(ptr noundef nonnull align 1 dereferenceable(1) %0, ptr %1) #7 comdat align 2 {
  ret void
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local ptr @_ZNSt7__n486116coroutine_handleIN9Generator12promise_typeEE12from_addressEPv(ptr noundef %0) #7 comdat align 2 {
  %2 = alloca %"struct.std::__n4861::coroutine_handle", align 8
  call void @_ZNSt7__n486116coroutine_handleIN9Generator12promise_typeEEC2Ev(ptr noundef nonnull align 8 dereferenceable(8) %2) #2
  store ptr %0, ptr %2, align 8, !tbaa !14
  ret ptr %0
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local ptr @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEEcvNS0_IvEEEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #7 comdat align 2 {
  %2 = call noundef ptr @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE7addressEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #2
  %3 = call ptr @_ZNSt7__n486116coroutine_handleIvE12from_addressEPv(ptr noundef %2) #2
  ret ptr %3
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #5

declare void @llvm.coro.await.suspend.void(ptr, ptr, ptr)

; Function Attrs: nounwind
declare i8 @llvm.coro.suspend(token, i1) #2

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZNKSt7__n486114suspend_always12await_resumeEv(ptr noundef nonnull align 1 dereferenceable(1) %0) #7 comdat align 2 {
  ret void
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN9Generator12promise_type11yield_valueEl(ptr noundef nonnull align 8 dereferenceable(8) %0, i64 noundef %1) #7 comdat align 2 {
  store i64 %1, ptr %0, align 8, !tbaa !9
  ret void
}

; Function Attrs: alwaysinline mustprogress
define internal void @_Z9fibonaccii.__await_suspend_wrapper__yield(ptr noundef nonnull %0, ptr noundef %1) #9 {
  %3 = alloca %"struct.std::__n4861::coroutine_handle", align 8
  call void @llvm.lifetime.start.p0(ptr nonnull %3) #2
  %4 = call ptr @_ZNSt7__n486116coroutine_handleIN9Generator12promise_typeEE12from_addressEPv(ptr noundef %1) #2
  store ptr %4, ptr %3, align 8
  %5 = call ptr @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEEcvNS0_IvEEEv(ptr noundef nonnull align 8 dereferenceable(8) %3) #2
  call void @_ZNKSt7__n486114suspend_always13await_suspendENS_16coroutine_handleIvEE(ptr noundef nonnull align 1 dereferenceable(1) %0, ptr %5) #2
  call void @llvm.lifetime.end.p0(ptr nonnull %3) #2
  ret void
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN9Generator12promise_type11return_voidEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #7 comdat align 2 {
  ret void
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN9Generator12promise_type13final_suspendEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #7 comdat align 2 {
  ret void
}

; Function Attrs: alwaysinline mustprogress
define internal void @_Z9fibonaccii.__await_suspend_wrapper__final(ptr noundef nonnull %0, ptr noundef %1) #9 {
  %3 = alloca %"struct.std::__n4861::coroutine_handle", align 8
  call void @llvm.lifetime.start.p0(ptr nonnull %3) #2
  %4 = call ptr @_ZNSt7__n486116coroutine_handleIN9Generator12promise_typeEE12from_addressEPv(ptr noundef %1) #2
  store ptr %4, ptr %3, align 8
  %5 = call ptr @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEEcvNS0_IvEEEv(ptr noundef nonnull align 8 dereferenceable(8) %3) #2
  call void @_ZNKSt7__n486114suspend_always13await_suspendENS_16coroutine_handleIvEE(ptr noundef nonnull align 1 dereferenceable(1) %0, ptr %5) #2
  call void @llvm.lifetime.end.p0(ptr nonnull %3) #2
  ret void
}

; Function Attrs: nobuiltin nounwind
declare void @_ZdlPvm(ptr noundef, i64 noundef) #10

; Function Attrs: nounwind memory(argmem: read)
declare ptr @llvm.coro.free(token, ptr readonly captures(none)) #11

; Function Attrs: nounwind
declare void @llvm.coro.end(ptr, i1, token) #2

; Function Attrs: mustprogress norecurse uwtable
define dso_local noundef i32 @main() #12 personality ptr @__gxx_personality_v0 {
  %1 = alloca %struct.Generator, align 8
  call void @llvm.lifetime.start.p0(ptr nonnull %1) #2
  call void @_Z9fibonaccii(ptr dead_on_unwind nonnull writable sret(%struct.Generator) align 8 %1, i32 noundef 10)
  br label %2

2:                                                ; preds = %7, %0
  %3 = invoke noundef zeroext i1 @_ZN9Generator4nextEv(ptr noundef nonnull align 8 dereferenceable(8) %1)
          to label %4 unwind label %9

4:                                                ; preds = %2
  br i1 %3, label %5, label %11

5:                                                ; preds = %4
  %6 = invoke noundef i64 @_ZNK9Generator5valueEv(ptr noundef nonnull align 8 dereferenceable(8) %1)
          to label %7 unwind label %9

7:                                                ; preds = %5
  %8 = invoke i32 (ptr, ...) @printf(ptr noundef nonnull @.str, i64 noundef %6)
          to label %2 unwind label %9, !llvm.loop !17

9:                                                ; preds = %11, %7, %5, %2
  %10 = landingpad { ptr, i32 }
          cleanup
  call void @_ZN9GeneratorD2Ev(ptr noundef nonnull align 8 dereferenceable(8) %1) #2
  call void @llvm.lifetime.end.p0(ptr nonnull %1) #2
  resume { ptr, i32 } %10

11:                                               ; preds = %4
  %12 = invoke i32 (ptr, ...) @printf(ptr noundef nonnull @.str.1)
          to label %13 unwind label %9

13:                                               ; preds = %11
  call void @_ZN9GeneratorD2Ev(ptr noundef nonnull align 8 dereferenceable(8) %1) #2
  call void @llvm.lifetime.end.p0(ptr nonnull %1) #2
  ret i32 0
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local noundef zeroext i1 @_ZN9Generator4nextEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #6 comdat align 2 {
  call void @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE6resumeEv(ptr noundef nonnull align 8 dereferenceable(8) %0)
  %2 = call noundef zeroext i1 @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE4doneEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #2
  %3 = xor i1 %2, true
  ret i1 %3
}

declare i32 @printf(ptr noundef, ...) #13

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local noundef i64 @_ZNK9Generator5valueEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #6 comdat align 2 {
  %2 = call noundef nonnull align 8 dereferenceable(8) ptr @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE7promiseEv(ptr noundef nonnull align 8 dereferenceable(8) %0)
  %3 = load i64, ptr %2, align 8, !tbaa !9
  ret i64 %3
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN9GeneratorD2Ev(ptr noundef nonnull align 8 dereferenceable(8) %0) unnamed_addr #7 comdat align 2 personality ptr @__gxx_personality_v0 {
  %2 = call noundef zeroext i1 @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEEcvbEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #2
  br i1 %2, label %3, label %4

3:                                                ; preds = %1
  invoke void @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE7destroyEv(ptr noundef nonnull align 8 dereferenceable(8) %0)
          to label %4 unwind label %5

4:                                                ; preds = %3, %1
  ret void

5:                                                ; preds = %3
  %6 = landingpad { ptr, i32 }
          catch ptr null
  %7 = extractvalue { ptr, i32 } %6, 0
  call void @__clang_call_terminate(ptr %7) #19
  unreachable
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local ptr @_ZNSt7__n486116coroutine_handleIN9Generator12promise_typeEE12from_promiseERS2_(ptr noundef nonnull align 8 dereferenceable(8) %0) #7 comdat align 2 {
  %2 = alloca %"struct.std::__n4861::coroutine_handle", align 8
  call void @_ZNSt7__n486116coroutine_handleIN9Generator12promise_typeEEC2Ev(ptr noundef nonnull align 8 dereferenceable(8) %2) #2
  %3 = getelementptr inbounds i8, ptr %0, i64 -16
  store ptr %3, ptr %2, align 8, !tbaa !14
  ret ptr %3
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN9GeneratorC2ENSt7__n486116coroutine_handleINS_12promise_typeEEE(ptr noundef nonnull align 8 dereferenceable(8) %0, ptr %1) unnamed_addr #7 comdat align 2 {
  store ptr %1, ptr %0, align 8, !tbaa !18
  ret void
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZNSt7__n486116coroutine_handleIN9Generator12promise_typeEEC2Ev(ptr noundef nonnull align 8 dereferenceable(8) %0) unnamed_addr #7 comdat align 2 {
  store ptr null, ptr %0, align 8, !tbaa !14
  ret void
}

; Function Attrs: nounwind memory(none)
declare ptr @llvm.coro.promise(ptr captures(none), i32, i1) #4

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #14

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local ptr @_ZNSt7__n486116coroutine_handleIvE12from_addressEPv(ptr noundef %0) #7 comdat align 2 {
  %2 = alloca %"struct.std::__n4861::coroutine_handle.0", align 8
  call void @_ZNSt7__n486116coroutine_handleIvEC2Ev(ptr noundef nonnull align 8 dereferenceable(8) %2) #2
  store ptr %0, ptr %2, align 8, !tbaa !19
  ret ptr %0
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef ptr @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE7addressEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #7 comdat align 2 {
  %2 = load ptr, ptr %0, align 8, !tbaa !14
  ret ptr %2
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZNSt7__n486116coroutine_handleIvEC2Ev(ptr noundef nonnull align 8 dereferenceable(8) %0) unnamed_addr #7 comdat align 2 {
  store ptr null, ptr %0, align 8, !tbaa !19
  ret void
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local void @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE6resumeEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #6 comdat align 2 {
  %2 = load ptr, ptr %0, align 8, !tbaa !14
  %3 = call ptr @llvm.coro.subfn.addr(ptr %2, i8 0)
  call fastcc void %3(ptr %2)
  ret void
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef zeroext i1 @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE4doneEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #7 comdat align 2 {
  %2 = load ptr, ptr %0, align 8, !tbaa !14
  %3 = load ptr, ptr %2, align 8
  %4 = icmp eq ptr %3, null
  ret i1 %4
}

declare void @llvm.coro.resume(ptr)

; Function Attrs: nounwind memory(argmem: readwrite)
declare i1 @llvm.coro.done(ptr readonly captures(none)) #15

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef nonnull align 8 dereferenceable(8) ptr @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE7promiseEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #7 comdat align 2 {
  %2 = load ptr, ptr %0, align 8, !tbaa !14
  %3 = getelementptr inbounds nuw i8, ptr %2, i64 16
  ret ptr %3
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef zeroext i1 @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEEcvbEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #7 comdat align 2 {
  %2 = load ptr, ptr %0, align 8, !tbaa !14
  %3 = icmp ne ptr %2, null
  ret i1 %3
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local void @_ZNKSt7__n486116coroutine_handleIN9Generator12promise_typeEE7destroyEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #6 comdat align 2 {
  %2 = load ptr, ptr %0, align 8, !tbaa !14
  %3 = call ptr @llvm.coro.subfn.addr(ptr %2, i8 1)
  call fastcc void %3(ptr %2)
  ret void
}

; Function Attrs: noinline noreturn nounwind uwtable
define linkonce_odr hidden void @__clang_call_terminate(ptr noundef %0) #16 comdat {
  %2 = call ptr @__cxa_begin_catch(ptr %0) #2
  call void @_ZSt9terminatev() #19
  unreachable
}

declare ptr @__cxa_begin_catch(ptr)

declare void @_ZSt9terminatev()

declare void @llvm.coro.destroy(ptr)

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare ptr @llvm.coro.subfn.addr(ptr readonly captures(none), i8) #1

attributes #0 = { mustprogress presplitcoroutine uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #2 = { nounwind }
attributes #3 = { nobuiltin allocsize(0) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind memory(none) }
attributes #5 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #6 = { mustprogress uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nomerge nounwind }
attributes #9 = { alwaysinline mustprogress "min-legal-vector-width"="0" "sample-profile-suffix-elision-policy"="selected" }
attributes #10 = { nobuiltin nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #11 = { nounwind memory(argmem: read) }
attributes #12 = { mustprogress norecurse uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #13 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #14 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #15 = { nounwind memory(argmem: readwrite) }
attributes #16 = { noinline noreturn nounwind uwtable "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #17 = { allocsize(0) }
attributes #18 = { noduplicate }
attributes #19 = { noreturn nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !11, i64 0}
!10 = !{!"_ZTSN9Generator12promise_typeE", !11, i64 0}
!11 = !{!"long", !7, i64 0}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.mustprogress"}
!14 = !{!15, !16, i64 0}
!15 = !{!"_ZTSNSt7__n486116coroutine_handleIN9Generator12promise_typeEEE", !16, i64 0}
!16 = !{!"any pointer", !7, i64 0}
!17 = distinct !{!17, !13}
!18 = !{!16, !16, i64 0}
!19 = !{!20, !16, i64 0}
!20 = !{!"_ZTSNSt7__n486116coroutine_handleIvEE", !16, i64 0}
