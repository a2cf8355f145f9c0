#!/usr/bin/env bash
# Regenerates examples/generator.ll from generator.cpp: clang's presplit IR
# after LLVM's own coro-early and function simplification, which is what
# LLVM's O2 pipeline hands its coroutine splitter.
set -euo pipefail
cd "$(dirname "$0")"
clang++-22 -std=c++20 -O2 -S -emit-llvm -Xclang -disable-llvm-passes \
  generator.cpp -o - |
  opt-22 -S -passes='coro-early,function(sroa,early-cse,simplifycfg,instcombine)' \
    -o generator.ll
