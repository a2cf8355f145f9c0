; What swiftc writes with its experimental CoroutineAccessors feature
; (`read`/`modify` accessors whose callee allocates the frame): a
; `swiftcoro` parameter attribute, which only Swift's own LLVM knows.
; LLVM 22's parser stops at it; the error names the feature, and the
; parser's message follows as a note.
; EXPECT-STAGE: parse
; EXPECT-ERROR: the parameter attribute `swiftcoro` is a form of Swift's experimental CoroutineAccessors feature
; EXPECT-ERROR: expected ')' at end of argument list
declare swiftcc void @proto(ptr noalias, ptr swiftcoro)
declare swiftcc ptr @alloc(ptr, ptr swiftcoro, i64, i64)
