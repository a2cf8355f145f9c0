#!/usr/bin/env bash
# CI's part of the out-of-memory sweep: every allocation of three small
# inputs, one per ABI family (see BUILD).
set -euo pipefail
sweep=$1
cd "${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-.}" 2>/dev/null || true
exec "$sweep" examples/generator.ll tests/retcon/cases/before_begin.ll \
  tests/async/cases/await_loop.ll
