# Shared by the benchmark scripts (sourced, not run).

# Sets `work` to $WORK_DIR (created if missing; kept) or to a new temporary
# directory named after $1, removed when the script exits.
bench_work_dir() {
  if [ -n "${WORK_DIR:-}" ]; then
    mkdir -p "$WORK_DIR"
    work=$(cd "$WORK_DIR" && pwd)
  else
    work=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
    trap 'rm -rf "$work"' EXIT
  fi
}
