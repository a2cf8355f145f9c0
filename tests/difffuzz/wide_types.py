"""Values of assorted types for the IR generators to keep live across
suspends (frame layout: sizes 1 to 16 bytes, alignments 1 to 16):
WIDE[type] = (make, use), each a format taking (v, x, a): make defines %v
from the i64 operand a; use defines the i64 %v from the value x and the
i64 operand a."""

WIDE = {
    "i1": ("  {v} = icmp ult i64 {a}, 1000000",
           "  {v}.t = zext i1 {x} to i64\n  {v} = add i64 {v}.t, {a}"),
    "i8": ("  {v} = trunc i64 {a} to i8",
           "  {v}.t = sext i8 {x} to i64\n  {v} = xor i64 {v}.t, {a}"),
    "i16": ("  {v}.t = trunc i64 {a} to i16\n  {v} = mul i16 {v}.t, 77",
            "  {v}.t = zext i16 {x} to i64\n  {v} = sub i64 {a}, {v}.t"),
    "i128": ("  {v}.t = zext i64 {a} to i128\n  {v} = mul i128 {v}.t, 18446744073709551629",
             "  {v}.t = lshr i128 {x}, 61\n  {v}.u = trunc i128 {v}.t to i64\n  {v} = xor i64 {v}.u, {a}"),
    "<4 x i32>": ("  {v}.t = trunc i64 {a} to i32\n"
                  "  {v}.u = insertelement <4 x i32> <i32 1, i32 2, i32 3, i32 4>, i32 {v}.t, i32 2\n"
                  "  {v} = mul <4 x i32> {v}.u, <i32 3, i32 5, i32 7, i32 9>",
                  "  {v}.t = extractelement <4 x i32> {x}, i32 2\n  {v}.u = extractelement <4 x i32> {x}, i32 0\n"
                  "  {v}.w = add i32 {v}.t, {v}.u\n  {v}.x = sext i32 {v}.w to i64\n  {v} = xor i64 {v}.x, {a}"),
    "float": ("  {v}.t = sitofp i64 {a} to float\n  {v} = fmul float {v}.t, 0.5",
              "  {v}.t = bitcast float {x} to i32\n  {v}.u = zext i32 {v}.t to i64\n  {v} = add i64 {v}.u, {a}"),
    "{i8, i128}": ("  {v}.t = trunc i64 {a} to i8\n  {v}.u = insertvalue {{i8, i128}} poison, i8 {v}.t, 0\n"
                   "  {v}.w = zext i64 {a} to i128\n  {v}.x = shl i128 {v}.w, 3\n"
                   "  {v} = insertvalue {{i8, i128}} {v}.u, i128 {v}.x, 1",
                   "  {v}.t = extractvalue {{i8, i128}} {x}, 0\n  {v}.u = extractvalue {{i8, i128}} {x}, 1\n"
                   "  {v}.w = trunc i128 {v}.u to i64\n  {v}.x = zext i8 {v}.t to i64\n"
                   "  {v}.y = mul i64 {v}.w, {v}.x\n  {v} = xor i64 {v}.y, {a}"),
}
