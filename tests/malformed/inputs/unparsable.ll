; Not IR at all past this point: the parser's message (with line and column)
; must come back, and nothing be written.
; EXPECT-STAGE: parse
; EXPECT-ERROR: :7:3: error: expected value token
define ptr @broken(i64 %n) presplitcoroutine {
  %x = add i64 %n,
  ret ptr null
}
