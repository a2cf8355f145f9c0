#!/usr/bin/env bash
# Installs every Debian package corolower needs; a no-op when they are present.
set -euo pipefail
PKGS=(llvm-22-dev clang-22 lld-22 llvm-22-tools bazel-bootstrap googletest
      hyperfine valgrind qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross
      libclang-rt-22-dev)
PKGS+=(libstdc++-12-dev-arm64-cross)  # AArch64 <coroutine> + libstdc++.a: tests/aarch64
PKGS+=(python3)                       # tests/fuzz, bench/*.py
PKGS+=(gdb)                           # tests/debugger
PKGS+=(mlir-22-tools libmlir-22-dev)  # tests/mlir: mlir-opt-22, mlir-translate-22, the async runtime
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
echo "setup: installing ${missing[*]}" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >&2
