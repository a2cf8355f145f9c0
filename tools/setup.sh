#!/usr/bin/env bash
# Installs every Debian package corolower needs, and LLVM's lit from PyPI; a
# no-op when they are present.
set -euo pipefail
PKGS=(llvm-22-dev clang-22 lld-22 llvm-22-tools bazel-bootstrap googletest
      hyperfine valgrind qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross
      libclang-rt-22-dev)
PKGS+=(libstdc++-12-dev-arm64-cross)  # AArch64 <coroutine> + libstdc++.a: tests/aarch64
PKGS+=(python3 python3-pip)           # tests/fuzz, bench/*.py; pip for lit below
PKGS+=(gdb)                           # tests/debugger
PKGS+=(mlir-22-tools libmlir-22-dev)  # tests/mlir: mlir-opt-22, mlir-translate-22, the async runtime
# tests/targets, and retcon/async on them: cross C/C++ toolchains (static
# libc and libstdc++) for qemu-user, wasi-libc, libc++ and compiler-rt for
# wasm32-wasi, and node to run WASI modules.
PKGS+=(gcc-i686-linux-gnu libstdc++-12-dev-i386-cross)
PKGS+=(gcc-arm-linux-gnueabihf libstdc++-12-dev-armhf-cross)
PKGS+=(gcc-riscv64-linux-gnu libstdc++-12-dev-riscv64-cross)
PKGS+=(gcc-powerpc64le-linux-gnu libstdc++-12-dev-ppc64el-cross)
PKGS+=(gcc-s390x-linux-gnu libstdc++-12-dev-s390x-cross)
PKGS+=(wasi-libc libc++-22-dev-wasm32 libclang-rt-22-dev-wasm32 nodejs)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >&2
fi
# tests/lit runs under LLVM's lit (PyPI's `lit`, the tool LLVM's own tests
# run under), installed for the python3 first on PATH, which the test runs.
# Debian's own python3 refuses pip outside a virtual environment unless told
# (PEP 668); the variable is ignored by other pythons.
if ! python3 -c 'import lit' 2>/dev/null; then
  echo "setup: installing lit (PyPI)" >&2
  $SUDO env PIP_BREAK_SYSTEM_PACKAGES=1 python3 -m pip install -q lit >&2
fi
