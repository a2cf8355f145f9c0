#!/usr/bin/env python3
"""Differential fuzzing of a coroutine lowering against LLVM's own passes.

Usage:
  run_diff.py --lower CMD (--seeds A:B | --files CASE...) [--gen cpp|ir] [--modes O0,O2,simplified]
              [--size N] [--disable F,...] [--asan] [--cc-opt O0|O1|O2] [--jobs 2]
              [--keep DIR] [--csv FILE]
              [--known-failures FILE] [--reduce] [--regressions DIR]
              [--reduce-time SECONDS] [--cvise] [--write-known FILE]

--files runs saved cases (regressions/NAME.cpp, or NAME.ll with its driver
NAME.c) instead of generated ones; the file's name stands for the seed (in
known failures too: `LABEL NAME.cpp MODE VERDICT`).

CMD is a shell command template with {in} and {out} (the presplit IR, the
lowered IR ending in .ll), e.g. '/tmp/base/corolower {in} -S -o {out}'.

--gen cpp (default): for each seed in [A, B) gen_cpp.py makes a C++20
program. The reference is the program compiled natively (clang++-22
-std=c++20 -O2) and run. For each mode the presplit IR is made exactly as
tests/e2e/run_e2e.sh makes it:
  O0, O2      clang++-22 -std=c++20 -O0/-O2 -S -emit-llvm -Xclang -disable-llvm-passes
  simplified  the O2 IR through opt-22 -passes='coro-early,function(sroa,early-cse,simplifycfg,instcombine)'
              (instcombine<no-verify-fixpoint> where opt-22 stops on its
              one-iteration fixpoint check)
and lowered twice: by LLVM (opt-22 -S -passes='coro-early,cgscc(coro-split),coro-cleanup')
and by CMD. Each output must hold no presplitcoroutine function and no call
of an llvm.coro intrinsic; it is compiled with clang++-22 -O2, run (stack
limit 1 MiB, so symmetric transfer that is not a tail call overflows, and a
timeout) and its stdout and exit status compared with the reference.

--gen ir: gen_ir.py makes a module of presplit switched-resume coroutines
that C++ never emits and a C driver; the reference is clang-22 -O2 on the
presplit module and the driver (LLVM's pipeline lowers it), the only mode
is `ir`, and the lowered modules are compiled with the same driver. A
module for another architecture (gen_common.py's targets: i686, ARM,
s390x, AArch64, RISC-V 64, PowerPC 64 LE, wasm32; from every IR
generator) is lowered as it is, built by clang-22 for its triple with the
flags tests/targets/target_env.sh gives (static, lld; WASI for wasm32),
without sanitizers, and run under that target's qemu-user (node for
wasm32) with the same stack limit. For retcon and async its reference is
LLVM's lowering built and run the same way; for gen_ir.py's, the same
program retargeted to the host (the
target lines replaced), built and run as any reference (with --asan,
under AddressSanitizer): the programs print the same on every target,
and the target's own -O2 build can read a frame the program freed
(LLVM 22's O2 pipeline reloads after coro.end) with no sanitizer there
to say so.

--asan: the reference, the presplit IR (front end) and both lowered builds
get -fsanitize=address (gen_ir.py marks its functions sanitize_address).

--cc-opt O0 (--gen cpp, ir; default O2): compile both lowered modules at
-O0 (the reference stays at -O2). A lowering that reads the frame where
the program no longer owns it, but whose value is dead there (a reload on
a suspended path after the handle was handed away: gen_cpp.py's and
gen_ir.py's handoff), is only seen by AddressSanitizer when the optimizer
does not delete or sink the load first.

Verdicts for CMD, per seed and mode:
  pass        same stdout and exit status as the reference
  mismatch    stdout or exit status differ
  sanitizer   a sanitizer report the reference does not have
  internal    CMD said "internal error"
  crash       CMD died on a signal, timed out, or exited with another status
  reject      CMD refused (exit 1, "error:") input LLVM lowers correctly
  leftover    a presplit coroutine or coroutine intrinsic left in the output
  compile     clang could not compile CMD's output
LLVM's own lowering is judged the same way; its failures are counted (not
our bug: a case where LLVM fails too is marked so). A seed whose reference
does not build or run cleanly is a generator error (`invalid`).

Frame sizes: CMD is run once more with --frame-report=json (appended to the
command) and each coroutine's size is compared with LLVM's, read from the
`dereferenceable(N)` of the frame parameter of its `.resume` function;
--csv writes gen,seed,mode,function,corolower,llvm rows.

--known-failures FILE: lines `LABEL SEED MODE VERDICT  # why` (LABEL: --label,
by default the generator's name); a listed case
that fails with that verdict is XFAIL, one that passes is XPASS (an error,
so the list gets pruned), one failing otherwise is a failure.

--reduce: each unexpected failure is shrunk with the generator's own knobs
(features disabled, smaller size, then statements dropped by id while the
same verdict persists and LLVM's lowering is judged as before: right, or
failing the same way when it shared the failure), one case per bug class, and
saved as REGRESSIONS/NAME.cpp (or NAME.ll + NAME.c) with a header saying
what failed. --cvise runs cvise on the result too when it is installed.

Last line: `N passed, M failed` (XFAILs count as passed, XPASSes as failed).
Exit status 1 if anything failed, 2 on a usage error.
"""
import argparse
import concurrent.futures
import json
import math
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_cpp  # noqa: E402
import gen_ir  # noqa: E402
import gen_retcon  # noqa: E402
import gen_async  # noqa: E402
import pgo  # noqa: E402
import pgo_stats  # noqa: E402

# The IR generators: same interface (program(seed, size, disabled, skip,
# asan) -> (ir, driver, gen), FEATURES, gen.ids()).
IR_GENS = {"ir": gen_ir, "retcon": gen_retcon, "async": gen_async}
# Generators whose reference is LLVM's lowering (opt-22) compiled at -O2
# (clang-22 -O2 on presplit retcon IR is no reference: function-attrs marks
# a multi-exit ramp ending in `unreachable` noreturn before coro-split runs,
# and the wrapper calling it is cut short).
LOWERED_REF = ("retcon", "async")

CLANGXX = os.environ.get("CLANGXX", "clang++-22")
CLANG = os.environ.get("CLANG", "clang-22")
OPT = os.environ.get("OPT", "opt-22")
LLVM_LOWER = "coro-early,cgscc(coro-split),coro-cleanup"
SIMPLIFY = "coro-early,function(sroa,early-cse,simplifycfg,instcombine)"
RUN_TIMEOUT = float(os.environ.get("DIFFFUZZ_TIMEOUT", "20"))
LOWER_TIMEOUT = float(os.environ.get("DIFFFUZZ_LOWER_TIMEOUT", "120"))
STACK_KB = int(os.environ.get("DIFFFUZZ_STACK_KB", "1024"))
TARGET_ENV = os.path.join(HERE, "..", "targets", "target_env.sh")
# The architectures gen_ir.py's triples name (their first component), as
# tests/targets/target_env.sh calls them; any other (x86_64, or no
# triple) is the host.
CROSS_ARCH = {"i686": "i686", "i386": "i686", "armv7": "arm", "arm": "arm", "s390x": "s390x",
              "aarch64": "aarch64", "riscv64": "riscv64", "powerpc64le": "ppc64le", "wasm32": "wasm32"}
NODE = os.environ.get("NODE", "node")
RUN_WASI = os.path.join(HERE, "..", "targets", "run_wasi.mjs")
_cross_cfg = {}
_cross_lock = threading.Lock()


def target_name(text):
    """The module's target, for the summary: its triple's architecture, or
    notriple (a data layout only), or nolayout (neither)."""
    m = re.search(r'^target triple = "([^"]*)"', text or "", re.M)
    if m:
        return m.group(1).split("-")[0]
    return "notriple" if re.search(r"^target datalayout", text or "", re.M) else "nolayout"


def exercised(text):
    """The features the module exercises, from its `; exercises:` line
    (gen_common.py's exercised_line): [] when it has none."""
    m = re.search(r"^; exercises: (.*)$", text or "", re.M)
    return [f for f in m.group(1).split(",") if f] if m else []


def host_twin(text, asan):
    """A gen_ir.py module for another target, retargeted to the host
    (x86-64's data layout and triple), its coroutines sanitize_address
    when asan: the program itself is the same."""
    body = re.sub(r'^target (datalayout|triple) = "[^"]*"\n', "", text, flags=re.M)
    if asan:
        body = re.sub(r"\bpresplitcoroutine\b(?! sanitize_address)", "presplitcoroutine sanitize_address", body)
    return 'target datalayout = "%s"\ntarget triple = "x86_64-pc-linux-gnu"\n%s' % (gen_ir.X86_64_DL, body)


def cross_target(text):
    """For a module whose triple names another architecture than the
    host's: (triple, qemu, compile and link flags) from target_env.sh;
    else None."""
    m = re.search(r'^target triple = "([^"]*)"', text or "", re.M)
    arch = CROSS_ARCH.get(m.group(1).split("-")[0]) if m else None
    if arch is None:
        return None
    with _cross_lock:
        if arch not in _cross_cfg:
            rc, out, _ = sh(["bash", "-c", 'source "$1" && crl_target_cfg "$2" && '
                             'printf "%s\n" "$qemu" "${tflags[@]}"', "-", TARGET_ENV, arch])
            lines = out.splitlines()
            _cross_cfg[arch] = (lines[0], lines[1:]) if rc == 0 and lines else None
    cfg = _cross_cfg[arch]
    return None if cfg is None else (m.group(1), cfg[0], cfg[1])


SAN_RE = re.compile(r"ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|SUMMARY: \w+Sanitizer")
FAIL_VERDICTS = ["mismatch", "sanitizer", "internal", "crash", "reject", "leftover", "compile", "profile"]


def sh(cmd, timeout=None, cwd=None, stack=False, env=None):
    """Runs cmd (list or shell string); returns (rc, stdout, stderr)."""
    def limit():
        if stack:
            resource.setrlimit(resource.RLIMIT_STACK, (STACK_KB * 1024, STACK_KB * 1024))
    try:
        p = subprocess.run(cmd, shell=isinstance(cmd, str), cwd=cwd, timeout=timeout,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL, preexec_fn=limit, env=env)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", "replace")
        err = (e.stderr or b"").decode("utf-8", "replace")
        return "timeout", out, err


def fill(template, inp, out):
    return template.replace("{in}", shlex.quote(inp)).replace("{out}", shlex.quote(out))


def leftover(path, strict=True):
    """A coroutine left unlowered. Not strict: a presplitcoroutine attribute
    may stay on a function without coroutine intrinsics (LLVM's passes
    leave it on gen_ir.py's @plain)."""
    with open(path, errors="replace") as fh:
        text = fh.read()
    if strict and "presplitcoroutine" in text:
        return "presplitcoroutine left"
    m = re.search(r"(call|invoke)[^;\n]*@llvm\.coro\.[\w.]+", text)
    if m:
        return "coroutine intrinsic left: " + m.group(0)[-60:]
    return None


def llvm_frame_sizes(path):
    sizes = {}
    with open(path, errors="replace") as fh:
        for line in fh:
            if not line.startswith("define "):
                continue
            m = re.search(r'@"?([^"(\s]+)\.resume"?\(', line)
            if m:
                d = re.search(r"dereferenceable\((\d+)\)", line)
                if d:
                    sizes[m.group(1)] = int(d.group(1))
    return sizes


class Case:
    """One generated program (seed) and the files made from it."""

    def __init__(self, args, seed, work, text=None, driver=None, modes=None):
        self.args = args
        self.seed = seed
        self.work = work
        self.gen = args.gen
        self.modes = modes or (["ir"] if args.gen == "ir" else args.modes)
        self.irlike = args.gen in IR_GENS
        self.text = text
        self.driver = driver
        self.san = ["-fsanitize=address", "-fno-omit-frame-pointer"] if args.asan else []
        self.cross = None  # (triple, qemu, flags): built for it, run under qemu-user

    def p(self, name):
        return os.path.join(self.work, name)

    def generate(self):
        if self.text is None:
            if self.gen == "cpp":
                self.text, _ = gen_cpp.program(self.seed, self.args.size, self.args.disabled)
            else:
                self.text, self.driver, _ = IR_GENS[self.gen].program(self.seed, self.args.size, self.args.disabled,
                                                                      asan=self.args.asan)
        if self.gen == "cpp":
            with open(self.p("prog.cpp"), "w") as fh:
                fh.write(self.text)
        else:
            with open(self.p("prog.ll"), "w") as fh:
                fh.write(self.text)
            with open(self.p("driver.c"), "w") as fh:
                fh.write(self.driver)

    def run(self, exe, tag):
        cmd = [exe]
        if self.cross and tag != "native" and self.cross[0].startswith("wasm"):
            # WASI under node (tests/targets/target_env.sh's way): the
            # module's own 1 MiB shadow stack, node's a little under it.
            cmd = [NODE, "--no-warnings", "--stack-size=%d" % (STACK_KB - 40), RUN_WASI, exe]
        elif self.cross and tag != "native":
            # The guest's stack as small as the host runs get (qemu-user
            # gives the guest its own, 8 MiB by default).
            cmd = [self.cross[1], "-s", "%dK" % STACK_KB, exe]
        # A profile-instrumented program writes its counts here.
        env = dict(os.environ, LLVM_PROFILE_FILE=self.p(tag + ".profraw"))
        rc, out, err = sh(cmd, timeout=RUN_TIMEOUT, stack=True, env=env)
        with open(self.p(tag + ".stdout"), "w") as fh:
            fh.write(out)
        with open(self.p(tag + ".stderr"), "w") as fh:
            fh.write(err)
        return rc, out, err

    def build(self, src, exe, log):
        base = os.path.basename(exe)
        # A lowered module (not the native reference): at --cc-opt.
        level = "-" + self.args.cc_opt if not base.startswith("native") else "-O2"
        if self.gen == "cpp":
            cmd = [CLANGXX, level] + self.san + [src, "-o", exe]
            if pgo.is_pgo_mode(base.split(".")[0]):
                cmd += pgo.runtime_link_flags()
        else:
            if self.gen in LOWERED_REF:
                level = "-O0" if base.startswith("O0.") else "-O2"
            if self.cross and not base.startswith("native"):
                # No sanitizer runtime for it under qemu-user.
                cmd = [CLANG, "--target=" + self.cross[0], level, "-Wno-override-module"] + self.cross[2] + \
                    [src, self.p("driver.c"), "-o", exe]
            else:
                cmd = [CLANG, level, "-Wno-override-module"] + self.san + [src, self.p("driver.c"), "-o", exe]
            if self.args.pgo:
                cmd += pgo.runtime_link_flags()
        rc, out, err = sh(cmd, timeout=300)
        with open(log, "w") as fh:
            fh.write(out + err)
        return rc == 0

    def prepare(self):
        """Reference build and run, presplit IR per mode. None or an error."""
        self.generate()
        if self.irlike and self.args.pgo:
            why = self.instrument_ir()
            if why:
                return why
        if self.irlike:
            self.cross = cross_target(self.text)
            if self.cross is None and re.search(r'^target triple = "(?!x86_64)', self.text, re.M):
                return "no toolchain for this module's target (tests/targets/target_env.sh)"
        if self.gen == "cpp":
            ok = sh([CLANGXX, "-std=c++20", "-O2"] + self.san + [self.p("prog.cpp"), "-o", self.p("native")], timeout=300)
            if ok[0] != 0:
                return "native build failed: " + ok[2][:300]
        elif self.gen in LOWERED_REF:
            return self.prepare_lowered_ref()
        else:
            src = self.p("prog.ll")
            if self.cross:
                # The reference is the same program built for the host, with
                # AddressSanitizer when asked: gen_ir.py's programs print the
                # same on every target, and the target's own build, whose
                # coroutines LLVM's O2 pipeline lowers, can read a frame the
                # program freed (a handoff) where no sanitizer says so.
                src = self.p("host.ll")
                with open(src, "w") as fh:
                    fh.write(host_twin(self.text, self.args.asan))
            if not self.build(src, self.p("native"), self.p("native.build.log")):
                return "native build failed (see native.build.log)"
        rc, out, err = self.run(self.p("native"), "native")
        if rc != 0 and (rc == "timeout" or rc < 0 or rc > 7):
            return "native run exited with %s: %s" % (rc, err[-300:])
        if SAN_RE.search(err):
            return "native run has a sanitizer report: " + SAN_RE.search(err).group(0)
        self.ref = (rc, out)
        if self.gen == "cpp":
            # The program must not depend on the optimization level: -O0 must
            # print what -O2 prints (catches undefined behaviour the
            # generator let through, and native miscompiles).
            r = sh([CLANGXX, "-std=c++20", "-O0"] + self.san + [self.p("prog.cpp"), "-o", self.p("native0")],
                   timeout=300)
            if r[0] != 0:
                return "native -O0 build failed"
            rc0, out0, err0 = self.run(self.p("native0"), "native0")
            # A sanitizer report at -O0 only is LLVM's own lowering failing
            # (as on the ramp's exception exit, issue 13): not the program's.
            if (rc0, out0) != self.ref and not SAN_RE.search(err0):
                return "native -O0 and -O2 differ (line %d)" % first_diff(out0, out)
        if self.gen == "cpp":
            front = [CLANGXX, "-std=c++20", "-S", "-emit-llvm", "-Xclang", "-disable-llvm-passes"] + self.san
            need = set(self.modes)
            if "O0" in need:
                r = sh(front + ["-O0", self.p("prog.cpp"), "-o", self.p("O0.presplit.ll")], timeout=300)
                if r[0] != 0:
                    return "front end failed at -O0"
            if need & {"O2", "simplified"}:
                r = sh(front + ["-O2", self.p("prog.cpp"), "-o", self.p("O2.presplit.ll")], timeout=300)
                if r[0] != 0:
                    return "front end failed at -O2"
            for m in sorted(x for x in need if pgo.is_pgo_mode(x)):
                why = self.instrument_cpp(front, m)
                if why:
                    return why
            if "simplified" in need:
                r = sh([OPT, "-S", "-passes=" + SIMPLIFY, self.p("O2.presplit.ll"), "-o",
                        self.p("simplified.presplit.ll")], timeout=300)
                if r[0] != 0 and "did not reach a fixpoint" in r[2]:
                    # opt-22 checks that instcombine reaches a fixpoint in one
                    # iteration; the same pipeline without that check.
                    r = sh([OPT, "-S", "-passes=" + SIMPLIFY.replace("instcombine", "instcombine<no-verify-fixpoint>"),
                            self.p("O2.presplit.ll"), "-o", self.p("simplified.presplit.ll")], timeout=300)
                if r[0] != 0:
                    return "opt simplification failed: " + first_line(r[2], "ERROR")
        else:
            shutil.copy(self.p("prog.ll"), self.p("ir.presplit.ll"))
        return None

    def instrument_cpp(self, front, mode):
        """mode's presplit IR: the front end with the PGO pipeline's flags,
        then its opt passes (pgo.py)."""
        name = pgo.mode_pipeline(mode, self.seed if isinstance(self.seed, int) else 0)
        fe = self.p("%s.front.ll" % mode)
        r = sh(front + pgo.PIPELINES[name][0] + [self.p("prog.cpp"), "-o", fe], timeout=300)
        if r[0] != 0:
            return "front end failed for %s (%s)" % (mode, name)
        return pgo.instrument(OPT, fe, self.p("%s.presplit.ll" % mode), self.seed, name, sh)

    def instrument_ir(self):
        """--pgo: the generated module through an IR PGO pipeline, made for
        the host first (the profile runtime is the host's)."""
        seed = self.seed if isinstance(self.seed, int) else 0
        name = self.args.pgo if self.args.pgo != "any" else pgo.IR_PIPELINES[seed % len(pgo.IR_PIPELINES)]
        text = self.text
        if "instrprof" in text or "__profc_" in text:
            return None  # a saved case, instrumented already
        if cross_target(text) or re.search(r'^target triple = "(?!x86_64)', text, re.M):
            text = host_twin(text, False)
        with open(self.p("prog.orig.ll"), "w") as fh:
            fh.write(text)
        why = pgo.instrument(OPT, self.p("prog.orig.ll"), self.p("prog.ll"), seed, name, sh)
        if why:
            return why
        with open(self.p("prog.ll")) as fh:
            self.text = fh.read()
        return None

    def prepare_lowered_ref(self):
        """retcon / async: the reference is LLVM's lowering, built at -O2
        and at -O0 (which must agree: else the program has undefined
        behaviour, or LLVM's lowering or code generation is wrong)."""
        ref = self.p("ref.llvm.ll")
        src = self.p("prog.ll")
        if not re.search(r"^target datalayout", self.text, re.M):
            # No data layout: LLVM's passes would lay frames out by LLVM's
            # default layout, and clang compiles their output with the
            # host's, under which those frames overflow their allocations
            # (gen_retcon.py 100083). clang itself gives a module the
            # host's layout before any pass runs; the reference is LLVM's
            # lowering of the module so completed (corolower, given the
            # module as it is, assumes the host's layout too).
            src = self.p("ref.in.ll")
            with open(src, "w") as fh:
                fh.write('target datalayout = "%s"\n%s' % (gen_ir.X86_64_DL, self.text))
        rc, so, se = sh(fill(llvm_cmd(), src, ref), timeout=LOWER_TIMEOUT)
        if rc != 0:
            return "LLVM's passes failed (%s): %s" % (rc, first_line(se, "error") or first_line(se, "LLVM ERROR"))
        lo = leftover(ref)
        if lo:
            return "LLVM's passes left " + lo
        runs = {}
        for lvl in ("O2", "O0"):
            exe = self.p("%s.ref.exe" % lvl)
            if not self.build(ref, exe, self.p("%s.ref.build.log" % lvl)):
                return "LLVM's lowering does not compile at -%s (see %s.ref.build.log)" % (lvl, lvl)
            rc, out, err = self.run(exe, "%s.ref" % lvl)
            if rc != 0 and (rc == "timeout" or rc < 0 or rc > 4):
                return "LLVM's lowering at -%s exited with %s: %s" % (lvl, rc, (out + err)[-300:])
            if SAN_RE.search(err):
                return "LLVM's lowering at -%s has a sanitizer report: %s" % (lvl, SAN_RE.search(err).group(0))
            runs[lvl] = (rc, out)
        if runs["O0"] != runs["O2"]:
            return "LLVM's lowering prints differently at -O0 and -O2 (line %d)" % first_diff(runs["O0"][1], runs["O2"][1])
        self.ref = runs["O2"]
        for m in self.modes:
            shutil.copy(self.p("prog.ll"), self.p("%s.presplit.ll" % m))
        return None

    def judge(self, mode, who, cmd):
        """Lowers mode's presplit IR with cmd; returns (verdict, detail)."""
        if who == "llvm" and self.gen in LOWERED_REF and os.path.exists(self.p("ref.llvm.ll")):
            # LLVM's lowering is the reference: prepare() built and ran it
            # at -O2 and -O0 and they agreed.
            shutil.copy(self.p("ref.llvm.ll"), self.p("%s.llvm.ll" % mode))
            return "pass", ""
        inp = self.p("%s.presplit.ll" % mode)
        out = self.p("%s.%s.ll" % (mode, who))
        if os.path.exists(out):
            os.unlink(out)
        rc, so, se = sh(fill(cmd, inp, out), timeout=LOWER_TIMEOUT)
        with open(self.p("%s.%s.lower.log" % (mode, who)), "w") as fh:
            fh.write(so + se)
        if "internal error" in se:
            return "internal", first_line(se, "internal error")
        if rc == "timeout":
            return "crash", "lowering timed out"
        if rc != 0:
            if rc == 1 and "error" in se and who == "cmd":
                return "reject", first_line(se, "error")
            return ("crash" if who == "cmd" else "reject"), "lowering exited with %s: %s" % (rc, first_line(se, ""))
        if not os.path.exists(out) or os.path.getsize(out) == 0:
            return "crash", "no output"
        lo = leftover(out, strict=self.gen != "ir")
        if lo:
            return "leftover", lo
        exe = self.p("%s.%s.exe" % (mode, who))
        if not self.build(out, exe, self.p("%s.%s.build.log" % (mode, who))):
            return "compile", "clang failed on the lowered IR"
        rc, so, se = self.run(exe, "%s.%s" % (mode, who))
        if SAN_RE.search(se):
            return "sanitizer", first_line(se, "ERROR:") or SAN_RE.search(se).group(0)
        if rc != self.ref[0]:
            return "mismatch", "exit status %s, expected %s %s" % (rc, self.ref[0], first_line(se, ""))
        if so != self.ref[1]:
            return "mismatch", "stdout differs at line %d" % first_diff(so, self.ref[1])
        return "pass", ""

    def frame_sizes(self, mode):
        if self.gen in LOWERED_REF:
            return self.probe_sizes(mode)
        inp = self.p("%s.presplit.ll" % mode)
        rep = self.p("%s.frames.json" % mode)
        out = self.p("%s.cmd-report.ll" % mode)
        cmd = fill(self.args.lower, inp, out) + " --frame-report=json --frame-report-file=" + shlex.quote(rep)
        rc, _, _ = sh(cmd, timeout=LOWER_TIMEOUT)
        res = []
        if rc != 0 or not os.path.exists(rep):
            return res
        try:
            with open(rep) as fh:
                frames = json.load(fh).get("frames", [])
        except ValueError:
            return res
        llvm_out = self.p("%s.llvm.ll" % mode)
        llvm = llvm_frame_sizes(llvm_out) if os.path.exists(llvm_out) else {}
        for f in frames:
            res.append((f["function"], f["size"], llvm.get(f["function"])))
        return res


    def probe_sizes(self, mode):
        """retcon: the frame sizes both lowerings put into the generator's
        coro.size probe (`store volatile i64 N, ptr @fz_size_cK`), and
        corolower's own --frame-report size must agree with its probe;
        async: the context size each patched into field 1 of the async
        function pointer `@fK_afp`. Rows: (function, corolower, llvm)."""
        def read(path):
            res = {}
            if not os.path.exists(path):
                return res
            with open(path, errors="replace") as fh:
                text = fh.read()
            if self.gen == "retcon":
                for m in re.finditer(r"store volatile i64 (\d+), ptr @fz_size_(c\d+)", text):
                    res[m.group(2)] = int(m.group(1))
            else:
                # Named @fK_afp, or unnamed @N behind the alias @fK_afp.
                unnamed = {m.group(1): int(m.group(2)) for m in
                           re.finditer(r"^@(\d+) = .*<\{ i32 .*, i32 (\d+) \}>", text, re.M)}
                for m in re.finditer(r"^@(f\d+)_afp = alias .*, ptr @(\d+)$", text, re.M):
                    if m.group(2) in unnamed:
                        res[m.group(1)] = unnamed[m.group(2)]
                for m in re.finditer(r"^@(f\d+)_afp = .*<\{ i32 .*, i32 (\d+) \}>", text, re.M):
                    res[m.group(1)] = int(m.group(2))
            return res
        ours = read(self.p("%s.cmd.ll" % mode))
        llvm = read(self.p("%s.llvm.ll" % mode))
        return [(fn, ours[fn], llvm.get(fn)) for fn in sorted(ours)]


def first_line(text, key):
    """The first line holding key, without directories (so that messages
    about files in different places compare equal), cut at 240 characters."""
    for line in text.splitlines():
        if key in line:
            line = re.sub(r"(/[^\s/]+)+/([^\s/]+\.(?:ll|bc))\b", r"\2", line)
            return line.strip()[:240]
    lines = text.strip().splitlines()
    return lines[-1][:240] if lines else ""


def first_diff(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return i + 1
    return min(len(la), len(lb)) + 1


def llvm_cmd():
    return "%s -S -passes=%s {in} -o {out}" % (OPT, shlex.quote(LLVM_LOWER))


def run_seed(args, seed, root):
    """All modes of one seed: list of result dicts."""
    work = os.path.join(root, "%s%d" % (args.gen, seed))
    os.makedirs(work, exist_ok=True)
    text = driver = None
    if args.files:
        # A saved case (regressions/NAME.cpp, or NAME.ll with NAME.c).
        with open(args.files[seed]) as fh:
            text = fh.read()
        if args.gen == "cpp":
            text = gen_cpp.expand_prelude(text)
        if args.gen in IR_GENS:
            with open(args.files[seed][:-3] + ".c") as fh:
                driver = fh.read()
    c = Case(args, seed, work, text=text, driver=driver)
    try:
        err = c.prepare()
    except Exception as e:  # a generator bug: report it, go on
        err = "generator raised %s: %s" % (type(e).__name__, e)
    results = []
    sid = os.path.basename(args.files[seed]) if args.files else seed
    tgt = target_name(c.text) if args.gen in IR_GENS else None
    feats = exercised(c.text) if args.gen in IR_GENS else []
    if err:
        for m in c.modes:
            results.append(dict(gen=args.label, seed=sid, mode=m, verdict="invalid", detail=err,
                                llvm="-", frames=[], work=work, target=tgt, features=feats))
        return results
    for m in c.modes:
        lv, ld = c.judge(m, "llvm", llvm_cmd())
        v, d = c.judge(m, "cmd", args.lower)
        if v == "reject" and lv != "pass":
            v, d = "pass-both-reject", d
        stats = None
        if pgo.is_pgo_mode(m) or (args.pgo and c.irlike):
            v, d, stats = pgo_verdict(c, m, lv, v, d)
        # (PGO runs measure no frames: a campaign's time goes to programs.)
        frames = c.frame_sizes(m) if args.csv or not (pgo.is_pgo_mode(m) or args.pgo) else []
        results.append(dict(gen=args.label, seed=sid, mode=m, verdict=v, detail=d, llvm=lv,
                            llvm_detail=ld, frames=frames, work=work, target=tgt, pgo=stats,
                            features=feats))
    return results


def pgo_verdict(c, m, lv, v, d):
    """A PGO case: the counts of corolower's build must equal those of
    LLVM's (when both ran right); and the promoted counters of the
    instrumented input. Returns (verdict, detail, (promoted, across))."""
    with open(c.p("%s.presplit.ll" % m), errors="replace") as fh:
        stats = pgo_stats.module_stats(fh.read())
    if v == "pass" and lv == "pass":
        ref = c.p("%s.llvm.profraw" % m)
        if not os.path.exists(ref):
            ref = c.p("O2.ref.profraw")  # retcon, async: LLVM's lowering is the reference
        with open(c.p("%s.presplit.ll" % m), errors="replace") as fh:
            why = pgo.compare_profiles(ref, c.p("%s.cmd.profraw" % m), sh, fh.read())
        if why:
            return "profile", why, stats
    return v, d, stats


# Known bug classes (issue 13 and what this fuzzer found), told apart by
# the verdict's message or the output's difference; --write-known labels
# each failure with one.
def diagnose(r):
    d, v, w = r["detail"], r["verdict"], r["work"]
    if v == "reject":
        if "promise operand of llvm.coro.id" in d:
            return "issue 13: valid input rejected: coro.id's promise operand is a zero-index GEP"
        if "result is unused" in d:
            return "issue 13: valid input rejected: a suspend whose result is unused"
        if "no coroutine id" in d:
            return "issue 13: valid input rejected: presplitcoroutine function without coro.id"
        if "address space" in d:
            return "issue 13: valid input rejected: non-zero address-space alloca across a suspend"
        if "is not followed by a suspend point" in d:
            return "difffuzz: valid input rejected: await.suspend call whose suspend instcombine left on a dead path (switch on poison)"
    if v == "internal" and "was not kept in the frame" in d:
        return "difffuzz: internal error: a value (loop phi) used after a suspend was not kept in the frame"
    if v == "internal" and "AddrSpaceCast" in d:
        return "difffuzz: addrspace(1) alloca moved to the frame keeps its addrspacecast (verifier: cast between the same address space)"
    if v == "mismatch" and os.path.exists(os.path.join(w, "ir.cmd.stdout")):
        try:
            with open(os.path.join(w, "native.stdout")) as a, open(os.path.join(w, "ir.cmd.stdout")) as b:
                la, lb = a.read().splitlines(), b.read().splitlines()
        except OSError:
            return "unclassified"
        diff = [x for x, y in zip(la, lb) if x != y]
        if any(x.startswith("addr ") for x in diff):
            return "issue 13: escaped alloca with lifetime markers ending before each suspend gets a fresh alloca per clone"
        return "issue 13: byval argument read after a suspend (only the pointer is spilled)"
    if v == "sanitizer" and "stack-use-after-return" in d:
        return "issue 13: byval argument read after a suspend (only the pointer is spilled; read after the ramp's caller returned)"
    if v == "sanitizer" and "use-after-free" in d:
        return ("issue 13 (probably): exn.slot/ehselector.slot read after the frame is freed on the ramp's exception exit"
                + (" (LLVM's passes too on this input)" if r["llvm"] == v else ""))
    return "unclassified"


def file_gen(files):
    """The generator a saved .ll case came from (its `; gen_NAME.py` line)."""
    gens = set()
    for f in files:
        with open(f, errors="replace") as fh:
            head = fh.read(4000)
        m = re.search(r"^; (?:.*?)gen_(ir|retcon|async)\.py \d+", head, re.M)
        gens.add(m.group(1) if m else "ir")
    if len(gens) != 1:
        sys.exit("run_diff.py: --files mixes cases of generators %s" % ", ".join(sorted(gens)))
    return gens.pop()


def load_known(path):
    known = {}
    if not path:
        return known
    with open(path) as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            g, s, m, v = line.split()[:4]
            known[(g, int(s) if s.isdigit() else s, m)] = v
    return known


# ------------------------------------------------------------------ reducing

def same_failure(args, seed, mode, verdict, detail, text, driver, work, llvm_verdict="pass"):
    """Does the candidate still fail the same way, LLVM's lowering judged as
    it was (right, unless it shared the failure)?"""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    c = Case(args, seed, work, text=text, driver=driver, modes=[mode])
    why = c.prepare()
    if why:
        return Why(why)
    lv, _ = c.judge(mode, "llvm", llvm_cmd())
    if lv != llvm_verdict:
        return Why("LLVM: " + lv)
    v, d = c.judge(mode, "cmd", args.lower)
    if v != verdict:
        return Why("verdict " + v)
    if verdict in ("reject", "internal") and norm_msg(d) != norm_msg(detail):
        return Why("another message: " + d)
    return True


class Why(str):
    """A false answer with its reason."""

    def __bool__(self):
        return False


def norm_msg(m):
    """The message without the file, function, values and numbers."""
    m = re.sub(r"^.*?error:\s*", "", m)
    m = re.sub(r"^\S+\.(ll|bc):\s*", "", m)
    m = re.sub(r"in function '[^']*':\s*", "", m)
    m = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", "Q", m)
    m = re.sub(r"[%@][\w.$\"-]+", "V", m)
    m = re.sub(r"\d+", "N", m)
    return m.strip()


def reduce_case(args, r, regress_dir, log):
    seed, mode, verdict, detail = r["seed"], r["mode"], r["verdict"], r["detail"]
    deadline = time.time() + args.reduce_time
    work = tempfile.mkdtemp(prefix="reduce.", dir=args._root)
    tests = [0]

    def make(size, dis, skip):
        if args.gen == "cpp":
            t, g = gen_cpp.program(seed, size, dis, skip)
            return t, None, g
        t, d, g = IR_GENS[args.gen].program(seed, size, dis, skip, asan=args.asan)
        return t, d, g

    def check(size, dis, skip):
        if time.time() > deadline:
            return False
        tests[0] += 1
        t, d, _ = make(size, dis, skip)
        return same_failure(args, seed, mode, verdict, detail, t, d, os.path.join(work, "w"), r["llvm"])

    size, dis, skip = args.size, list(args.disabled), set()
    first = check(size, dis, skip)
    if not first:
        log("  reduce %s %d %s: not reproducible alone: %s" % (args.gen, seed, mode, first[:300]))
        return None
    feats = gen_cpp.FEATURES if args.gen == "cpp" else IR_GENS[args.gen].FEATURES
    for f in feats:
        if f not in dis and check(size, dis + [f], skip):
            dis = dis + [f]
    for s in range(1, size):
        if check(s, dis, skip):
            size = s
            break
    _, _, g = make(size, dis, skip)
    ids = g.ids()
    chunk = max(1, len(ids) // 2)
    while chunk >= 1 and time.time() < deadline:
        i = 0
        while i < len(ids):
            part = set(ids[i:i + chunk]) - skip
            if part and check(size, dis, skip | part):
                skip |= part
            i += chunk
        if chunk == 1:
            break
        chunk //= 2
    text, driver, _ = make(size, dis, skip)
    name = "%s_%s_%d_%s" % (verdict, args.label, seed, mode)
    how = ("gen_%s.py %%d --size %%d" % args.gen) % (seed, size)
    if dis:
        how += " --disable " + ",".join(dis)
    if skip:
        how += " --skip " + ",".join(map(str, sorted(skip)))
    llvm_note = ("LLVM's lowering matches the native reference" if r["llvm"] == "pass" else
                 "LLVM's lowering fails too: %s" % r["llvm"])
    header = ("%s: corolower %s in mode %s (%s)\n"
              "%s\nreduced from seed %d by run_diff.py --reduce (%d tests); regenerate with: %s\n"
              "check with: run_diff.py --lower CMD --files THIS_FILE%s%s%s"
              % (name, verdict, mode, llvm_note, re.sub(r"/tmp/\S+/", "", detail), seed, tests[0], how,
                 (" --modes " + mode if args.gen != "ir" else "") + (" --pgo " + args.pgo if args.pgo else ""),
                 " --asan" if args.asan else "",
                 " --cc-opt " + args.cc_opt if args.cc_opt != "O2" else ""))
    os.makedirs(regress_dir, exist_ok=True)
    comment = "//" if args.gen == "cpp" else ";"
    hdr = "".join("%s %s\n" % (comment, l) for l in header.splitlines())
    if args.gen == "cpp":
        path = os.path.join(regress_dir, name + ".cpp")
        with open(path, "w") as fh:
            fh.write(hdr + gen_cpp.fold_prelude(text))
    else:
        path = os.path.join(regress_dir, name + ".ll")
        with open(path, "w") as fh:
            fh.write(hdr + text)
        with open(os.path.join(regress_dir, name + ".c"), "w") as fh:
            fh.write("// driver of %s.ll\n" % name + driver)
    if args.cvise and shutil.which("cvise") and args.gen == "cpp":
        cvise_reduce(args, r, path, header, text)
    shutil.rmtree(work, ignore_errors=True)
    log("  reduced %s %d %s -> %s (%d tests)" % (args.label, seed, mode, path, tests[0]))
    return path


def cvise_reduce(args, r, path, header, text):
    """cvise on the generator's result: the same verdict must persist."""
    d = tempfile.mkdtemp(prefix="cvise.", dir=args._root)
    src = os.path.join(d, "prog.cpp")
    with open(src, "w") as fh:
        fh.write(text)
    script = os.path.join(d, "interesting.sh")
    me = os.path.abspath(__file__)
    with open(script, "w") as fh:
        fh.write("#!/bin/sh\nexec %s -B %s --check-one %s --lower %s --mode %s --verdict %s --detail %s %s --cc-opt %s %s\n" % (
            shlex.quote(sys.executable), shlex.quote(me), shlex.quote(os.path.join(d, "prog.cpp")),
            shlex.quote(args.lower), r["mode"], r["verdict"], shlex.quote(r["detail"]),
            "--asan" if args.asan else "", args.cc_opt, "--seed %d" % r["seed"]))
    os.chmod(script, 0o755)
    rc, _, _ = sh(["cvise", "--n", "2", "--timeout", "120", script, src], timeout=args.reduce_time, cwd=d)
    if rc == 0:
        with open(src) as fh:
            reduced = fh.read()
        out = path[:-4] + ".cvise.cpp"
        with open(out, "w") as fh:
            fh.write("".join("// %s\n" % l for l in header.splitlines()))
            fh.write("// further reduced by cvise\n" + reduced)
    shutil.rmtree(d, ignore_errors=True)


# ---------------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lower", required=True)
    ap.add_argument("--seeds")
    ap.add_argument("--files", nargs="+", help="saved cases (regressions/*.cpp or *.ll) instead of seeds")
    ap.add_argument("--gen", choices=["cpp", "ir", "retcon", "async"], default="cpp")
    ap.add_argument("--modes", help="cpp: O0,O2,simplified (the default); retcon, async: O2 (the default), O0")
    ap.add_argument("--size", type=int, default=6)
    ap.add_argument("--disable", default="", help="generator features to leave out (see gen_cpp.py / gen_ir.py)")
    ap.add_argument("--label", help="name of this run in the output and in known failures (default: --gen)")
    ap.add_argument("--asan", action="store_true")
    ap.add_argument("--pgo", choices=["any"] + pgo.IR_PIPELINES,
                    help="ir, retcon, async: profile-instrument each module first (pgo.py; any: the seed chooses)")
    ap.add_argument("--cc-opt", choices=["O0", "O1", "O2"], default="O2",
                    help="level the lowered modules are compiled at (--gen cpp, ir)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep")
    ap.add_argument("--csv")
    ap.add_argument("--known-failures")
    ap.add_argument("--write-known", help="write the unexpected failures as known-failure lines (with a guessed diagnosis) to this file")
    ap.add_argument("--reduce", action="store_true")
    ap.add_argument("--regressions", default=os.path.join(HERE, "regressions"))
    ap.add_argument("--reduce-time", type=float, default=900, help="seconds per reduction")
    ap.add_argument("--reduce-max", type=int, default=8, help="reductions per run (one per bug class)")
    ap.add_argument("--cvise", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="print only failures and the summary")
    # Internal: cvise's interestingness test.
    ap.add_argument("--check-one", help=argparse.SUPPRESS)
    ap.add_argument("--mode", help=argparse.SUPPRESS)
    ap.add_argument("--verdict", help=argparse.SUPPRESS)
    ap.add_argument("--detail", default="", help=argparse.SUPPRESS)
    ap.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if "{in}" not in args.lower or "{out}" not in args.lower:
        ap.error("--lower needs {in} and {out}")
    if args.check_one:
        with open(args.check_one) as fh:
            text = fh.read()
        args.gen = "cpp"
        args.disabled = []
        args._root = tempfile.mkdtemp(prefix="check.")
        ok = same_failure(args, args.seed, args.mode, args.verdict, args.detail, text, None,
                          os.path.join(args._root, "w"))
        shutil.rmtree(args._root, ignore_errors=True)
        sys.exit(0 if ok else 1)
    args.disabled = [x for x in args.disable.split(",") if x]
    args.label = args.label or args.gen
    if args.files:
        exts = {os.path.splitext(f)[1] for f in args.files}
        if exts - {".cpp", ".ll"} or len(exts) != 1:
            ap.error("--files takes .cpp files or .ll files (each with its .c driver), not both")
        args.gen = "cpp" if exts == {".cpp"} else file_gen(args.files)
        args.label = args.label if args.label != "cpp" or args.gen == "cpp" else args.gen
        a, b = 0, len(args.files)
    elif not args.seeds or not re.fullmatch(r"\d+:\d+", args.seeds):
        ap.error("--seeds A:B (or --files) is required")
    else:
        a, b = map(int, args.seeds.split(":"))
    if args.modes is None:
        args.modes = "O2" if args.gen in LOWERED_REF else "O0,O2,simplified"
    args.modes = [m for m in args.modes.split(",") if m]
    for m in args.modes:
        if args.gen == "cpp" and pgo.is_pgo_mode(m):
            continue
        if m not in (("O0", "O2") if args.gen in LOWERED_REF else ("O0", "O2", "simplified")):
            ap.error("unknown mode %s for --gen %s" % (m, args.gen))
    if args.jobs < 1:
        ap.error("bad --jobs")
    known = load_known(args.known_failures)
    root = tempfile.mkdtemp(prefix="difffuzz.", dir=os.environ.get("TEST_TMPDIR") or None)
    args._root = root
    lock = threading.Lock()

    def log(s):
        with lock:
            print(s, flush=True)

    t0 = time.time()
    seeds = list(range(a, b))
    counts = {}
    llvm_counts = {}
    by_target = {}
    by_feature = {}  # the features modules exercised (their `; exercises:` line)
    unexpected = []
    frame_rows = []
    pgo_rows = []  # (mode, promoted, across) per PGO case
    npass = nfail = 0
    outcome = {}

    def record(res):
        nonlocal npass, nfail
        for r in res:
            key = (r["gen"], r["seed"], r["mode"])
            v = r["verdict"]
            counts.setdefault(r["mode"], {}).setdefault(v, 0)
            counts[r["mode"]][v] += 1
            if r.get("target"):
                by_target.setdefault(r["target"], {}).setdefault(v, 0)
                by_target[r["target"]][v] += 1
            for f in r.get("features", []):
                by_feature.setdefault(f, {}).setdefault(v, 0)
                by_feature[f][v] += 1
            llvm_counts.setdefault(r["mode"], {}).setdefault(r["llvm"], 0)
            llvm_counts[r["mode"]][r["llvm"]] += 1
            if r.get("pgo"):
                pgo_rows.append((r["mode"],) + r["pgo"])
            for fn, cs, ls in r["frames"]:
                frame_rows.append((r["gen"], r["seed"], r["mode"], fn, cs, ls))
            exp = known.get(key)
            failed = v in FAIL_VERDICTS or v == "invalid"
            if exp and failed and v == exp:
                tag = "XFAIL"
                npass += 1
            elif exp and not failed:
                tag = "XPASS"
                nfail += 1
            elif failed:
                tag = "FAIL"
                nfail += 1
                unexpected.append(r)
            else:
                tag = "PASS"
                npass += 1
            outcome[key] = tag
            extra = ""
            if failed:
                extra = ": %s%s %s" % (v, " (expected %s)" % exp if exp and exp != v else "",
                                       r["detail"])
                if r["llvm"] != "pass":
                    extra += " [LLVM: %s %s]" % (r["llvm"], r.get("llvm_detail", ""))
            elif exp:
                extra = ": listed as %s in known failures, now passes" % exp
            elif r["llvm"] != "pass":
                extra = " [LLVM fails: %s %s]" % (r["llvm"], r.get("llvm_detail", ""))
            if r.get("pgo"):
                # Per case, so that a campaign stopped early still counts.
                extra += " [pgo: promoted %d, through suspends %d]" % r["pgo"]
            if not args.quiet or tag not in ("PASS",):
                log("%s %s %s %s%s" % (tag, r["gen"], r["seed"], r["mode"], extra))
            if failed and args.keep:
                dst = os.path.join(args.keep, "%s%s" % (r["gen"], r["seed"]))
                if not os.path.exists(dst):
                    shutil.copytree(r["work"], dst)

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = [ex.submit(run_seed, args, s, root) for s in seeds]
        for i, f in enumerate(futs):
            res = f.result()
            record(res)
            failed_here = any(outcome[(r["gen"], r["seed"], r["mode"])] in ("FAIL", "XPASS") for r in res)
            if not failed_here:
                shutil.rmtree(res[0]["work"], ignore_errors=True)
    elapsed = time.time() - t0

    if args.csv:
        with open(args.csv, "w") as fh:
            fh.write("gen,seed,mode,function,corolower,llvm\n")
            for row in frame_rows:
                fh.write("%s,%s,%s,%s,%d,%s\n" % (row[0], row[1], row[2], row[3], row[4],
                                                  "" if row[5] is None else row[5]))
    # Summary.
    print("---- summary (%s, seeds %d:%d, %s%s%s) ----" % (args.label, a, b, ",".join(c for c in counts),
                                                           ", asan" if args.asan else "",
                                                           ", lowered at -" + args.cc_opt if args.cc_opt != "O2" else ""))
    for m in counts:
        print("mode %-10s corolower: %s" % (m, ", ".join("%s %d" % kv for kv in sorted(counts[m].items()))))
        print("mode %-10s LLVM:      %s" % (m, ", ".join("%s %d" % kv for kv in sorted(llvm_counts[m].items()))))
    if len(by_target) > 1 or any(t != "x86_64" for t in by_target):
        print("targets: %s" % "; ".join("%s %s" % (t, ", ".join("%s %d" % kv for kv in sorted(c.items())))
                                        for t, c in sorted(by_target.items())))
    if by_feature:
        print("features: %s" % "; ".join("%s %s" % (f, ", ".join("%s %d" % kv for kv in sorted(c.items())))
                                         for f, c in sorted(by_feature.items())))
    pairs = [(cs, ls) for (_, _, _, _, cs, ls) in frame_rows if ls]
    if pairs:
        larger = sum(1 for cs, ls in pairs if cs > ls)
        smaller = sum(1 for cs, ls in pairs if cs < ls)
        gm = math.exp(sum(math.log(max(cs, 1) / max(ls, 1)) for cs, ls in pairs) / len(pairs))  # an empty frame counts as 1 byte
        print("frames: %d compared, corolower larger in %d, smaller in %d, geomean corolower/LLVM %.4f"
              % (len(pairs), larger, smaller, gm))
    if pgo_rows:
        print("pgo: %d cases, %d with promoted counters (%d counters), %d with counters promoted "
              "through a loop holding a suspend (%d counters)"
              % (len(pgo_rows), sum(1 for r in pgo_rows if r[1]), sum(r[1] for r in pgo_rows),
                 sum(1 for r in pgo_rows if r[2]), sum(r[2] for r in pgo_rows)))
    n = len(seeds) * len(["ir"] if args.gen == "ir" else args.modes)
    print("throughput: %d programs x modes in %.0f s (%.1f programs/min, jobs %d)"
          % (n, elapsed, len(seeds) * 60.0 / max(elapsed, 1e-9), args.jobs))
    if args.write_known:
        with open(args.write_known, "a") as fh:
            for r in unexpected:
                fh.write("%s %s %s %s  # %s\n" % (r["gen"], r["seed"], r["mode"], r["verdict"], diagnose(r)))
    if args.reduce and unexpected and not args.files:
        # One reduction per bug class (as diagnose() tells them apart).
        done = set()
        for r in unexpected:
            if r["verdict"] == "invalid" or len(done) >= args.reduce_max:
                continue
            k = diagnose(r)
            if k == "unclassified":
                k = (r["verdict"], norm_msg(r["detail"]))
            if k in done:
                continue
            done.add(k)
            reduce_case(args, r, args.regressions, log)
    print("%d passed, %d failed" % (npass, nfail))
    if nfail == 0 and not args.keep:
        shutil.rmtree(root, ignore_errors=True)
    elif nfail:
        print("run_diff.py: artifacts in %s" % root, file=sys.stderr)
    sys.exit(1 if nfail else 0)


if __name__ == "__main__":
    main()
