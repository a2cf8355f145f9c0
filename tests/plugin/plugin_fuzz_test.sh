#!/usr/bin/env bash
# CI's share of the plugin fuzzing (run_plugin_fuzz.sh): a fixed range of
# gen_cpp.py seeds and the reduced reproducers in regressions/, each at
# -O0..-O3 and under AddressSanitizer at -O0 and -O2.
# Usage: plugin_fuzz_test.sh PLUGIN.so [SEEDS (default 0:12)]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
plugin=$1 seeds=${2:-0:12}
modes=O0,O1,O2,O3,asan-O0,asan-O2
status=0
"$here/run_plugin_fuzz.sh" --plugin "$plugin" --seeds "$seeds" --modes "$modes" || status=1
shopt -s nullglob
cases=("$here"/regressions/*.cpp)
if [ ${#cases[@]} -gt 0 ]; then
  "$here/run_plugin_fuzz.sh" --plugin "$plugin" --modes "$modes" --files "${cases[@]}" || status=1
fi
exit "$status"
