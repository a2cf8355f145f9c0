"""The library's packages: the one list the root BUILD (what the library
links, who may use its internals) and //tests/arch (what the architecture
and warnings tests read) are made from. A new lowering is added here and in
CRL_LOWERINGS in include/corolower/corolower.h; //tests/arch:architecture_test
fails when the two disagree."""

# Packages every lowering shares; none of them names an ABI.
SHARED_PACKAGES = [
    "cloner",
    "core",
    "coro",
    "frame",
    "irkit",
    "pipeline",
    "result",
    "swifterror",
    "targets",
]

# One package per lowering, each exporting one crl_lowering table.
LOWERING_PACKAGES = [
    "switch_lowering",
    "retcon_lowering",
    "async_lowering",
]

LIBRARY_PACKAGES = SHARED_PACKAGES + LOWERING_PACKAGES
