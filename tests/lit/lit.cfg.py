# -*- Python -*-
# lit's configuration of corolower's shape tests. Each *.ll here says in its
# `; RUN:` lines how it is lowered and checked, as LLVM's own Coroutines
# tests do (`corolower` standing where they have `opt -passes=coro-split`).
#
# Run by hand from the repository root, after `bazel build //:corolower`:
#   lit -sv tests/lit
# Bazel's //tests/lit:lit runs it with the tools in its runfiles
# (lit_test.sh). Parameters (`--param NAME=PATH`): corolower, FileCheck, opt;
# exec_root, where lit keeps its scratch files (%t).
import os
import re
import shutil
import tempfile

import lit.formats

config.name = "corolower"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll"]
# Inputs/ holds files the tests read, not tests.
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))

here = config.test_source_root
root = os.path.dirname(os.path.dirname(here))


def tool(name, candidates):
    """The path of a tool: its --param, else the first candidate present."""
    given = lit_config.params.get(name)
    if given:
        if not os.access(given, os.X_OK):
            lit_config.fatal("%s=%s is not an executable" % (name, given))
        return os.path.abspath(given)
    for c in candidates:
        path = c if os.path.isabs(c) else shutil.which(c)
        if path and os.access(path, os.X_OK):
            return path
    lit_config.fatal("cannot find %s (pass --param %s=PATH)" % (name, name))


# FileCheck and opt of LLVM 22, from Debian's llvm-22-tools and llvm-22.
llvm_bin = "/usr/lib/llvm-22/bin"
tools = {
    "corolower": tool("corolower", [os.path.join(root, "bazel-bin", "corolower")]),
    "FileCheck": tool("FileCheck", [os.path.join(llvm_bin, "FileCheck"), "FileCheck-22"]),
    "opt": tool("opt", [os.path.join(llvm_bin, "opt"), "opt-22"]),
}
# A tool's name where a command starts (not inside a path or an option, such
# as `%S/Inputs` or `--check-prefix=opt`) stands for its path, as in LLVM's
# own lit configuration.
for name, path in tools.items():
    config.substitutions.append(
        (r"(?<![-\w./=%%])%s(?![-\w./])" % re.escape(name), path.replace("\\", "\\\\")))
lit_config.note("tools: " + ", ".join("%s=%s" % kv for kv in tools.items()))

# %t and other scratch files go to exec_root (Bazel's TEST_TMPDIR), never
# into the source tree.
config.test_exec_root = (lit_config.params.get("exec_root")
                         or os.environ.get("TEST_TMPDIR")
                         or tempfile.mkdtemp(prefix="corolower-lit."))
