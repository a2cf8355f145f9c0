#!/usr/bin/env python3
"""Rewrites the textual IR swiftc 6.3 emits (its LLVM is a fork of LLVM 21)
into the coroutine dialect LLVM 22's opt accepts, for the opt-22 control:

  * llvm.coro.end and llvm.coro.end.async return i1 in LLVM 21 and void in
    LLVM 22: the calls and declarations become void (a call whose result is
    used is an error here: this script does not guess what it meant);
  * llvm.coro.id.retcon.once is variadic in Swift's LLVM (an optional
    type-id operand for typed malloc) and has six fixed operands in LLVM 22:
    the call and declaration lose the `...`, and a seventh operand, if any,
    is dropped.

Everything else is copied unchanged. Usage: llvm22_dialect.py IN OUT
"""
import re
import sys


def split_args(s):
    """Splits a call's argument list at top-level commas."""
    out, depth, cur = [], 0, []
    for ch in s:
        if ch in '([{<':
            depth += 1
        elif ch in ')]}>':
            depth -= 1
        if ch == ',' and depth == 0:
            out.append(''.join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if ''.join(cur).strip():
        out.append(''.join(cur).strip())
    return out


def close_paren(line, start):
    """Index of the ')' matching the '(' at line[start]."""
    depth = 0
    for i in range(start, len(line)):
        if line[i] == '(':
            depth += 1
        elif line[i] == ')':
            depth -= 1
            if depth == 0:
                return i
    raise ValueError('unbalanced parentheses: ' + line)


END_CALL = re.compile(
    r'^(\s*)(%[-\w.$"]+) = (tail |musttail |notail )?call i1 ((?:\(ptr, i1, \.\.\.\) )?)'
    r'@(llvm\.coro\.end(?:\.async)?)\(')
RETCON_CALL = re.compile(
    r'^(\s*)(%[-\w.$"]+) = call token \(i32, i32, ptr, ptr, ptr, ptr, \.\.\.\) '
    r'@llvm\.coro\.id\.retcon\.once\(')


def check_unused(lines, dropped):
    """Fails if a dropped coro.end result is mentioned in its function."""
    for at, name in dropped:
        lo = at
        while lo > 0 and not lines[lo].startswith('define '):
            lo -= 1
        hi = at
        while hi < len(lines) and lines[hi] != '}':
            hi += 1
        pat = re.compile(re.escape(name) + r'(?![-\w.$"])')
        for l in lines[lo + 1:hi]:
            code = l.split(';', 1)[0]
            if pat.search(code):
                sys.stderr.write('llvm22_dialect.py: the result %s of llvm.coro.end is used: %s\n'
                                 % (name, l.strip()))
                sys.exit(1)


def main():
    src, dst = sys.argv[1], sys.argv[2]
    with open(src) as f:
        lines = f.read().split('\n')
    dropped = []  # (line index, name) of coro.end results, which must be unused
    out = []
    for line in lines:
        m = END_CALL.match(line)
        if m:
            indent, name, tail, fnty, callee = m.groups()
            dropped.append((len(out), name))
            line = '%scall void %s@%s(%s' % (indent, fnty, callee, line[m.end():])
            out.append(line)
            continue
        m = RETCON_CALL.match(line)
        if m:
            indent, name = m.groups()
            open_at = m.end() - 1
            close_at = close_paren(line, open_at)
            args = split_args(line[open_at + 1:close_at])
            line = '%s%s = call token @llvm.coro.id.retcon.once(%s%s' % (
                indent, name, ', '.join(args[:6]), line[close_at:])
            out.append(line)
            continue
        if line.startswith('declare i1 @llvm.coro.end('):
            line = 'declare void @llvm.coro.end(' + line[len('declare i1 @llvm.coro.end('):]
        elif line.startswith('declare i1 @llvm.coro.end.async('):
            line = 'declare void @llvm.coro.end.async(' + line[len('declare i1 @llvm.coro.end.async('):]
        elif line.startswith('declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr, ...)'):
            line = line.replace('(i32, i32, ptr, ptr, ptr, ptr, ...)', '(i32, i32, ptr, ptr, ptr, ptr)', 1)
        out.append(line)
    # A dropped result must have no use left in its function.
    check_unused(out, dropped)
    text = '\n'.join(out)
    with open(dst, 'w') as f:
        f.write(text)


if __name__ == '__main__':
    main()
