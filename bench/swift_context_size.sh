#!/usr/bin/env bash
# Async context sizes and yield-once frame placement against Swift's own
# compiler (issue 25 §3): for every Swift program given (default: the
# programs of tests/swift), at -Onone and -O,
#   swiftc  `swiftc -emit-ir`: swiftc's own LLVM (a fork of LLVM 21) lowered
#           the coroutines; the size field of each `...Tu` async function
#           pointer, and whether each yield-once ramp calls its allocator;
#   llvm22  LLVM 22's passes on `swiftc -emit-irgen` (tests/swift/opt22_control.sh);
#   crl     corolower on the same IR (sizes from the lowered IR, placement
#           from --frame-report=json);
#   crls    corolower on that IR after opt-22
#           -passes='function(sroa,early-cse,simplifycfg,instcombine)' (what
#           swiftc -O's own pipeline does before it splits coroutines, so
#           the nearest to the input swiftc's splitter sees at -O; at -Onone
#           swiftc simplifies nothing first, and crl is the fair column).
# Nothing is run. Only coroutines present in every output are compared
# (-O's LLVM pipeline deletes some); a program corolower refuses counts as
# refused.
#
# Prints CSV lines `async,program,level,afp,swiftc,llvm22,crl,crls` (context
# sizes) and `retcon,program,level,function,swiftc,,crl,crls` (allocated or
# inline), then a
# summary: async contexts smaller / equal / larger than swiftc's and the
# geometric mean of crl/swiftc (and of llvm22/swiftc); yield-once frames
# inline where swiftc allocates and the reverse.
#
# Usage: bench/swift_context_size.sh [--levels Onone,O] [-j N] [PROGRAM.swift ...]
# Environment: COROLOWER (default bazel-bin/corolower), SWIFTC (default
#              swiftc on PATH, else /opt/swift/usr/bin/swiftc), OPT (opt-22).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
COROLOWER=${COROLOWER:-$root/bazel-bin/corolower}
SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
export OPT=${OPT:-opt-22}
levels="Onone,O"
jobs=2
while [ $# -gt 0 ]; do
  case "$1" in
    --levels) levels=$2; shift 2 ;;
    -j|--jobs) jobs=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) break ;;
  esac
done
[ -x "$SWIFTC" ] || { echo "swift_context_size.sh: no swiftc ($SWIFTC)" >&2; exit 77; }
progs=("$@")
[ ${#progs[@]} -gt 0 ] || progs=("$root"/tests/swift/programs/*.swift)
work=$(mktemp -d "${TMPDIR:-/tmp}/swift_size.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tmp"
IFS=',' read -r -a level_list <<< "$levels"

one() {
  local src=$1 lvl=$2 n d flags
  n=$(basename "$src" .swift)
  d="$work/$n.$lvl"; mkdir -p "$d"
  read -r -a flags <<< "$(sed -n 's|^// swiftc-flags:[[:space:]]*||p' "$src" | head -n 1)"
  local sw=("$SWIFTC" "-$lvl" -parse-as-library -module-name M -module-cache-path "$work/mc" "${flags[@]}")
  TMPDIR="$work/tmp" "${sw[@]}" -emit-ir "$src" -o "$d/swiftc.ll" >/dev/null 2>&1 || { echo "swiftc -emit-ir failed: $n $lvl" >&2; return; }
  TMPDIR="$work/tmp" "${sw[@]}" -emit-irgen "$src" -o "$d/irgen.ll" >/dev/null 2>&1 || { echo "swiftc -emit-irgen failed: $n $lvl" >&2; return; }
  "$root/tests/swift/opt22_control.sh" "$d/irgen.ll" "$d/llvm22.ll" >/dev/null 2>&1 || rm -f "$d/llvm22.ll"
  if ! "$COROLOWER" "$d/irgen.ll" -S -o "$d/crl.ll" --frame-report=json \
       --frame-report-file="$d/report.json" >"$d/crl.log" 2>&1; then
    rm -f "$d/crl.ll"
  fi
  if ! { python3 "$root/tests/swift/llvm22_dialect.py" "$d/irgen.ll" "$d/irgen22.ll" &&
         "$OPT" -S -passes='function(sroa,early-cse,simplifycfg,instcombine)' "$d/irgen22.ll" -o "$d/simpl.ll" &&
         "$COROLOWER" "$d/simpl.ll" -S -o "$d/crls.ll" --frame-report=json \
           --frame-report-file="$d/report_s.json"; } >"$d/crls.log" 2>&1; then
    rm -f "$d/crls.ll"
  fi
  python3 - "$d" "$n" "$lvl" <<'EOF'
import json, os, re, sys
d, name, lvl = sys.argv[1:4]
AFP = re.compile(r'^@("[^"]+"|[-\w.$]+) = (?:internal |private |hidden |linkonce_odr hidden |weak_odr hidden )*'
                 r'(?:unnamed_addr )?(?:constant|global) (?:<\{ i32, i32 \}>|%[-\w.$]+) <\{ .*, i32 (\d+) \}>')
def sizes(path):
    out = {}
    if not os.path.exists(path):
        return out
    for l in open(path):
        m = AFP.match(l)
        if m:
            out[m.group(1).strip('"')] = int(m.group(2))
    return out
def defs(path):
    """function name -> body text"""
    out, cur, body = {}, None, []
    if not os.path.exists(path):
        return out
    for l in open(path):
        if l.startswith('define '):
            m = re.search(r'@("[^"]+"|[-\w.$]+)\(', l)
            cur, body = m.group(1).strip('"'), []
        elif cur is not None:
            if l.startswith('}'):
                out[cur] = ''.join(body); cur = None
            else:
                body.append(l)
    return out
irgen = open(os.path.join(d, 'irgen.ll')).read()
afps = sorted(set(m.strip('"') for m in re.findall(
    r'@llvm\.coro\.id\.async\(i32 \d+, i32 \d+, i32 \d+, ptr @("[^"]+"|[-\w.$]+)\)', irgen)))
sw, l22, crl = sizes(os.path.join(d, 'swiftc.ll')), sizes(os.path.join(d, 'llvm22.ll')), sizes(os.path.join(d, 'crl.ll'))
crls = sizes(os.path.join(d, 'crls.ll'))
refused = not os.path.exists(os.path.join(d, 'crl.ll'))
refused_s = not os.path.exists(os.path.join(d, 'crls.ll'))
for a in afps:
    if a in sw:
        print('async,%s,%s,%s,%s,%s,%s,%s' % (name, lvl, a, sw[a], l22.get(a, ''),
                                               'refused' if refused else crl.get(a, ''),
                                               'refused' if refused_s else crls.get(a, '')))
# yield-once: the ramp calls the allocator of its coro.id.retcon.once
gen_defs = defs(os.path.join(d, 'irgen.ll'))
nat_defs = defs(os.path.join(d, 'swiftc.ll'))
def storage(path):
    out = {}
    if os.path.exists(path):
        for f in json.load(open(path))['frames']:
            if f['abi'] == 'retcon.once':
                out[f['function']] = f['storage']
    return out
report = storage(os.path.join(d, 'report.json')) if not refused else {}
report_s = storage(os.path.join(d, 'report_s.json')) if not refused_s else {}
for fn, body in sorted(gen_defs.items()):
    m = re.search(r'@llvm\.coro\.id\.retcon\.once\(i32 \d+, i32 \d+, ptr [^,]+, ptr [^,]+, ptr @("[^"]+"|[-\w.$]+)', body)
    if not m or fn not in nat_defs:
        continue
    alloc = m.group(1).strip('"')
    nat = 'allocated' if re.search(r'call[^\n]*@"?%s"?\(' % re.escape(alloc), nat_defs[fn]) else 'inline'
    print('retcon,%s,%s,%s,%s,,%s,%s' % (name, lvl, fn, nat, 'refused' if refused else report.get(fn, ''),
                                        'refused' if refused_s else report_s.get(fn, '')))
EOF
}

# Runs "$@" in the background, at most $jobs at a time.
running=0
spawn() {
  if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
  "$@" &
  running=$((running + 1))
}
for src in "${progs[@]}"; do
  for lvl in "${level_list[@]}"; do
    spawn one "$src" "$lvl" >"$work/$(basename "$src" .swift).$lvl.csv"
  done
done
wait || true

echo "kind,program,level,function,swiftc,llvm22,crl,crls"
cat "$work"/*.csv | sort >"$work/all.csv"
cat "$work/all.csv"
python3 - "$work/all.csv" <<'EOF'
import math, sys
rows = [l.strip().split(',') for l in open(sys.argv[1]) if l.strip()]
def gm(pairs):
    return math.exp(sum(math.log(a / b) for a, b in pairs) / len(pairs)) if pairs else float('nan')
for lvl in sorted(set(r[2] for r in rows)) + ['all']:
    a = [r for r in rows if r[0] == 'async' and (lvl == 'all' or r[2] == lvl)]
    l22 = [(int(r[5]), int(r[4])) for r in a if r[5]]
    print("# async %s: %d contexts; LLVM 22 on swiftc's IR: geomean %.3f of swiftc's (%d)" % (lvl, len(a), gm(l22), len(l22)))
    for col, what in ((6, 'corolower'), (7, 'corolower after simplification')):
        ok = [r for r in a if r[col] not in ('', 'refused')]
        refused = sum(1 for r in a if r[col] == 'refused')
        smaller = sum(1 for r in ok if int(r[col]) < int(r[4]))
        equal = sum(1 for r in ok if int(r[col]) == int(r[4]))
        larger = [r for r in ok if int(r[col]) > int(r[4])]
        print("#   %s: %d compared (%d refused): smaller %d, equal %d, larger %d; geomean %.3f of swiftc's"
              % (what, len(ok), refused, smaller, equal, len(larger), gm([(int(r[col]), int(r[4])) for r in ok])))
        for r in larger:
            print('#     larger: %s %s %s swiftc %s, %s %s' % (r[1], r[2], r[3], r[4], what, r[col]))
    y = [r for r in rows if r[0] == 'retcon' and (lvl == 'all' or r[2] == lvl)]
    for col, what in ((6, 'corolower'), (7, 'corolower after simplification')):
        yy = [r for r in y if r[col] in ('inline', 'allocated')]
        win = sum(1 for r in yy if r[4] == 'allocated' and r[col] == 'inline')
        lose = sum(1 for r in yy if r[4] == 'inline' and r[col] == 'allocated')
        print('# yield-once %s, %s: %d frames: inline where swiftc allocates %d, allocated where swiftc is inline %d'
              ' (swiftc allocates %d, %s %d)' % (lvl, what, len(yy), win, lose,
                                                 sum(1 for r in yy if r[4] == 'allocated'), what,
                                                 sum(1 for r in yy if r[col] == 'allocated')))
EOF
