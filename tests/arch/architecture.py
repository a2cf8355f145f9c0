"""Checks the shape of corolower's source tree (see tests/arch/BUILD).

Usage: architecture.py ROOT   (exit 1 listing every violation)
"""
import os
import re
import sys

# Top-level directories that hold no library code (plugin/ is the C++
# adapter over the library for LLVM's pass plugin interface).
NOT_LIBRARY = {"bench", "examples", "include", "plugin", "tests", "third_party", "tools"}

# Naming an ABI in shared code: its lowering's symbols or packages, or the
# public ABI constants. The few places that must map an id intrinsic or a
# public enum to an ABI, or list the lowerings to link, are allowed here by
# (file, what the line contains).
ABI_NAME = re.compile(
    r"\bcrl_(switch|retcon|async)_\w+|\bCRL_ABI_(SWITCH|RETCON|RETCON_ONCE|ASYNC)\b"
    r"|\b(switch|retcon|async)_lowering\b")
ALLOWED = [
    ("coro/shape.c", "return CRL_ABI_"),          # id intrinsic -> its ABI
    ("result/result.c", "{CRL_ABI_"),             # the ABI names, public API
]
# Calling conventions and triples belong to targets/.
TARGET_ONLY = re.compile(r"\bLLVM(?!Set|Get)\w+CallConv\b|\bCRL_CC_\w+"
                         r"|\"(x86_64|amd64|aarch64|arm64|i[3-6]86|arm|thumb|riscv64|powerpc64le|ppc64le"
                         r"|s390x|systemz|wasm32|wasm64)")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def package_lists(root):
    """SHARED_PACKAGES and LOWERING_PACKAGES from packages.bzl, the one list
    the build is made from (Starlark lists are Python)."""
    names = {}
    exec(compile(read(root, "packages.bzl"), "packages.bzl", "exec"), {}, names)
    return names["SHARED_PACKAGES"], names["LOWERING_PACKAGES"]


def check_lists(root, shared, lowerings):
    """packages.bzl, the public header's CRL_LOWERINGS and the tree agree:
    a package missing from the list would escape every check here."""
    errors = []
    for pkg in shared + lowerings:
        if not os.path.isdir(os.path.join(root, pkg)):
            errors.append(f"{pkg}: listed in packages.bzl but absent")
    header = strip_comments(read(root, "include/corolower/corolower.h"))
    m = re.search(r"#define CRL_LOWERINGS\(X\)((?:[^\n]*\\\n)*[^\n]*)", header)
    in_header = re.findall(r"X\((\w+)\)", m.group(1)) if m else []
    if [n + "_lowering" for n in in_header] != lowerings:
        errors.append(f"CRL_LOWERINGS in corolower.h ({in_header}) is not packages.bzl's "
                      f"LOWERING_PACKAGES ({lowerings})")
    for d in sorted(os.listdir(root)):
        full = os.path.join(root, d)
        if (os.path.isdir(full) and not d.startswith((".", "bazel-")) and
                d not in NOT_LIBRARY and d not in shared + lowerings and
                any(f.endswith((".c", ".h")) for f in os.listdir(full))):
            errors.append(f"{d}: C sources in a package packages.bzl does not list")
    return errors


def sources(root, packages):
    for pkg in packages:
        d = os.path.join(root, pkg)
        for f in sorted(os.listdir(d)):
            if f.endswith((".c", ".h")):
                yield pkg, pkg + "/" + f


def read(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8") as fh:
        return fh.read()


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def unit(rel):
    """A .c and its .h are one unit: cycles are between units."""
    return rel[:-2]


def find_cycle(graph):
    """A cycle in graph (dict node -> set), as a list, or None."""
    state, stack = {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                c = visit(m)
                if c:
                    return c
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            c = visit(n)
            if c:
                return c
    return None


# Issue 27's sizes: a file a reader can hold, a function that does one
# thing. core/layout.h is one documented algorithm, kept whole.
MAX_FILE_LINES, MAX_FUNCTION_LINES = 600, 80
LONG_FILES_ALLOWED = {"core/layout.h"}
FUNCTION_START = re.compile(r"^(?!typedef|struct|enum|union)[A-Za-z_][^;=]*\)\s*\{\s*$")


def check_sizes(rel, text):
    """Files over MAX_FILE_LINES, functions over MAX_FUNCTION_LINES (a
    function: from a line at column 0 ending in `) {` to the next `}` at
    column 0)."""
    errors, lines, start = [], text.split("\n"), None
    if len(lines) > MAX_FILE_LINES and rel not in LONG_FILES_ALLOWED:
        errors.append(f"{rel}: {len(lines)} lines (at most {MAX_FILE_LINES})")
    for n, line in enumerate(lines, 1):
        if start is None and FUNCTION_START.match(line):
            start = n
        elif start is not None and line == "}":
            if n - start + 1 > MAX_FUNCTION_LINES and rel not in LONG_FILES_ALLOWED:
                errors.append(f"{rel}:{start}: a function of {n - start + 1} lines "
                              f"(at most {MAX_FUNCTION_LINES})")
            start = None
    return errors


def check(root):
    SHARED, LOWERINGS = package_lists(root)
    errors = check_lists(root, SHARED, LOWERINGS)
    files = list(sources(root, SHARED + LOWERINGS))
    units, pkgs = {}, {}
    for pkg, rel in files:
        text = read(root, rel)
        code = strip_comments(text)
        errors += check_sizes(rel, text)
        for inc in INCLUDE.findall(text):
            if "/" not in inc or inc.startswith("corolower/"):
                continue
            ipkg = inc.split("/")[0]
            if unit(inc) != unit(rel):
                units.setdefault(unit(rel), set()).add(unit(inc))
            if ipkg != pkg:
                pkgs.setdefault(pkg, set()).add(ipkg)
                if pkg in SHARED and ipkg in LOWERINGS:
                    errors.append(f"{rel}: shared package includes {inc}")
                if pkg in LOWERINGS and ipkg in LOWERINGS:
                    errors.append(f"{rel}: a lowering includes another's {inc}")
        if pkg in SHARED:
            for n, line in enumerate(code.split("\n"), 1):
                if ABI_NAME.search(line) and not any(
                        rel == f and w in line for f, w in ALLOWED):
                    errors.append(f"{rel}:{n}: shared code names an ABI: {line.strip()}")
        if pkg != "targets":
            for n, line in enumerate(code.split("\n"), 1):
                if TARGET_ONLY.search(line):
                    errors.append(f"{rel}:{n}: calling convention or triple outside targets/: "
                                  f"{line.strip()}")
    for name, graph in (("file", units), ("package", pkgs)):
        cyc = find_cycle(graph)
        if cyc:
            errors.append(f"{name} include cycle: " + " -> ".join(cyc))
    for low in LOWERINGS:
        d = os.path.join(root, low)
        tables = []
        for f in sorted(os.listdir(d)):
            if f.endswith(".c"):
                tables += re.findall(r"const crl_lowering (\w+) = \{([^;]*)\};",
                                     strip_comments(read(root, low + "/" + f)), re.S)
        has_sources = any(f.endswith(".c") for f in os.listdir(d))
        if has_sources and len(tables) != 1:
            errors.append(f"{low}: exports {len(tables)} lowering tables, not one")
        for name, body in tables:
            if not re.search(r"^\s*\.abis\s*=", body, re.M):
                errors.append(f"{low}: {name} is not written with designated initializers")
    return errors, len(files)


def main():
    errors, n = check(sys.argv[1])
    for e in errors:
        print("FAIL", e)
    print(f"architecture: {n} files, {len(errors)} violations")
    return 1 if errors or n < 30 else 0


if __name__ == "__main__":
    sys.exit(main())
