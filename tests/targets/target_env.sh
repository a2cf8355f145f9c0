# How the tests build for and run on each target corolower has rules for;
# sourced by tests/targets/run_targets.sh, tests/retcon/run_retcon.sh and
# tests/async/run_async.sh.
#
# crl_target_cfg ARCH sets (returns 1 for an unknown ARCH):
#   triple   what clang-22 --target= builds for
#   qemu     the qemu-user binary that runs it (empty: native, or node)
#   tflags   compile and link flags (an array): static executables linked by
#            lld under qemu (the cross sysroots hold the static libraries);
#            wasm32 builds against wasi-libc with a 1 MiB shadow stack, its
#            printf of long double, and without exceptions (Debian's wasm
#            libc++abi cannot throw)
#   runs     1 when there is something to run it on (not i686-windows)
#   tail     1 when LLVM's lowering makes symmetric transfer a tail call
#   swiftcc  1 when the backend lowers swifttailcc (async coroutines)
# crl_target_run ARCH EXE [STACK_KB]: runs EXE for ARCH, stdin from
# /dev/null, stdout and stderr the caller's, with a guest stack of STACK_KB
# (default: the host's); returns its exit status.
#
# i686 runs single-threaded programs only: Debian 12's qemu-i386 hangs in
# pthread_create.
CRL_TARGET_ENV_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
crl_target_arches="x86_64 aarch64 i686 i686-windows arm riscv64 ppc64le s390x wasm32 wasm32-tail"

crl_target_cfg() {
  qemu="" tflags=(-fuse-ld=lld -static) runs=1 tail=1 swiftcc=1
  case "$1" in
    x86_64) triple=x86_64-linux-gnu; tflags=() ;;
    aarch64) triple=aarch64-linux-gnu; qemu=qemu-aarch64 ;;
    i686) triple=i686-linux-gnu; qemu=qemu-i386 ;;
    i686-windows) triple=i686-pc-windows-msvc; runs=0 ;;
    arm) triple=arm-linux-gnueabihf; qemu=qemu-arm ;;
    riscv64) triple=riscv64-linux-gnu; qemu=qemu-riscv64; swiftcc=0 ;;
    ppc64le) triple=powerpc64le-linux-gnu; qemu=qemu-ppc64le; tail=0; swiftcc=0 ;;
    s390x) triple=s390x-linux-gnu; qemu=qemu-s390x ;;
    wasm32) triple=wasm32-wasi; tail=0; swiftcc=0
            tflags=(-fno-exceptions -Wno-deprecated -Wl,-z,stack-size=1048576 -lc-printscan-long-double) ;;
    wasm32-tail) triple=wasm32-wasi; swiftcc=0
            tflags=(-fno-exceptions -Wno-deprecated -mtail-call -Wl,-z,stack-size=1048576
                    -lc-printscan-long-double) ;;
    *) return 1 ;;
  esac
}

crl_target_run() {
  local arch=$1 exe=$2 kb=${3:-}
  crl_target_cfg "$arch" || return 2
  case "$arch" in
    x86_64) ( ulimit -c 0; [ -z "$kb" ] || ulimit -s "$kb"; exec timeout 120 "$exe" ) </dev/null ;;
    wasm32*) ( exec timeout 120 "${NODE:-node}" --no-warnings ${kb:+--stack-size=$((kb - 40))} \
                 "$CRL_TARGET_ENV_DIR/run_wasi.mjs" "$exe" ) </dev/null ;;
    *) ( ulimit -c 0; [ -z "$kb" ] || ulimit -s "$kb"
         exec timeout 120 "$qemu" ${kb:+-s ${kb}K} "$exe" ) </dev/null ;;
  esac
}

# Prints what ARCH lacks on this machine, one line each (nothing: ready).
crl_target_missing() {
  crl_target_cfg "$1" || { echo "unknown target $1"; return; }
  if [ -n "$qemu" ] && ! command -v "$qemu" >/dev/null 2>&1; then echo "$qemu (qemu-user)"; fi
  case "$1" in
    wasm32*) command -v "${NODE:-node}" >/dev/null 2>&1 || echo "node (nodejs)"
             [ -f /usr/lib/wasm32-wasi/libc.a ] || echo "wasi-libc"
             [ -n "$(compgen -G '/usr/lib/llvm-22/lib/wasm32-wasi*/libc++.a')" ] || echo "libc++-22-dev-wasm32"
             [ -n "$(compgen -G '/usr/lib/llvm-22/lib/clang/22/lib/wasi/*')" ] || echo "libclang-rt-22-dev-wasm32" ;;
    x86_64|i686-windows) ;;
    *) [ -f "/usr/$triple/lib/libc.a" ] || echo "libc for $triple (tools/setup.sh)"
       [ -n "$(compgen -G "/usr/lib/gcc-cross/$triple/*/libstdc++.a")" ] || echo "libstdc++ for $triple (tools/setup.sh)" ;;
  esac
}
