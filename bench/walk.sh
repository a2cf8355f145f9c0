#!/bin/bash
# walk.sh SRC_ROOT INPUT: how one coroutine walks through the source tree.
# Builds corolower from SRC_ROOT (a checkout, e.g. a `git worktree` of an
# older commit) with every function entry and exit logged
# (-finstrument-functions, bench/walk_hook.c), lowers INPUT, and follows
# its first coroutine from run_steps: at call depths 2 to 4 below the
# pipeline's own file, leaving out the irkit/, core/ and result/
# utilities, the steps (each change of file), the files and how many
# steps re-enter a file already left (issue 27). WALK_SHOW=D prints the
# steps at depth D.
set -eu
SRC=$1 IN=$2 W=$(mktemp -d)
pk=$(python3 -c "exec(open('$SRC/packages.bzl').read()); print(' '.join(LIBRARY_PACKAGES))" 2>/dev/null || echo "cloner core coro frame irkit pipeline result swifterror targets switch_lowering retcon_lowering async_lowering")
srcs=""; for p in $pk; do srcs="$srcs $(ls $SRC/$p/*.c 2>/dev/null || true)"; done
clang-22 -std=c11 -O0 -g -finstrument-functions -fno-pie -no-pie -w -I$SRC -I$SRC/include -I/usr/lib/llvm-22/include \
  $srcs $SRC/tools/corolower_main.c $(dirname "$0")/walk_hook.c -o $W/corolower $(llvm-config-22 --ldflags) -lLLVM-22 -lpthread
WALK_OUT=$W/log $W/corolower $IN -o /dev/null
cut -d' ' -f2 $W/log | sort -u > $W/addrs
addr2line -f -e $W/corolower $(cat $W/addrs) | paste - - | paste $W/addrs - > $W/map
python3 - $W/log $W/map "$SRC" <<'P'
import os, sys
ev=[l.split() for l in open(sys.argv[1])]
m={}
for l in open(sys.argv[2]):
    a,fn,loc=l.rstrip('\n').split('\t')
    m[a]=(fn,loc.split(':')[0].replace(sys.argv[3]+'/',''))
# calls as (depth, function, file), depth 0 = run_steps
calls=[]; depth=-1; inside=False; base=0; d=0
for k,a in ev:
    fn,f=m[a]
    if k=='>':
        d+=1
        if fn=='run_steps' and not inside: inside=True; base=d
        if inside: calls.append((d-base,fn,f))
    else:
        if inside and fn=='run_steps' and d==base: inside=False; break
        d-=1
pipe=calls[0][2]
def walk(maxd, skip=()):
    col=[]
    for dd,fn,f in calls:
        if dd>maxd or f.split('/')[0] in skip or f==pipe: continue
        if not col or col[-1]!=f: col.append(f)
    seen=set(); re=0
    for f in col:
        if f in seen: re+=1
        seen.add(f)
    from collections import Counter
    if os.environ.get("WALK_SHOW") == str(maxd): print(" -> ".join(col))
    return len(col), len(seen), re, Counter(col).most_common(3)
for maxd in (2,3,4):
    n, files, re, top = walk(maxd, ("irkit","core","result"))
    print(f"depth <= {maxd} below the pipeline (no irkit/core/result): {n} steps across {files} files, {re} re-entering; most entered: " + ", ".join(f"{f} {k}" for f,k in top))
P
rm -rf $W
