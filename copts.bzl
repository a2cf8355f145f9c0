"""Compiler options and the package macro for corolower's own C code."""

# -Werror is added by .bazelrc for this workspace's own files only, so a
# user's newer or older compiler never breaks their build on a new warning.
CRL_COPTS = ["-std=c11", "-Wall", "-Wextra"]

def crl_package_library(name, deps, visibility, alwayslink = False, linkopts = []):
    """One library of this package's *.c and *.h, and the `srcs` filegroup
    //tests/arch checks (architecture rules, clang-22 warnings)."""
    native.cc_library(
        name = name,
        srcs = native.glob(["*.c"]),
        hdrs = native.glob(["*.h"]),
        copts = CRL_COPTS,
        alwayslink = alwayslink,
        linkopts = linkopts,
        visibility = visibility,
        deps = deps,
    )
    native.filegroup(
        name = "srcs",
        srcs = native.glob(["*.c", "*.h"]),
        visibility = ["//tests/arch:__pkg__"],
    )
