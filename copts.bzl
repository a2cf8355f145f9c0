"""Compiler options for corolower's own C code (not its dependencies')."""

# -Werror is added by .bazelrc for this workspace's own files only, so a
# user's newer or older compiler never breaks their build on a new warning.
CRL_COPTS = ["-std=c11", "-Wall", "-Wextra"]
