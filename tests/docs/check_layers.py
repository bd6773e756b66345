#!/usr/bin/env python3
"""Checks that the library's headers include one way, down the layers of docs/api.md.

The layer table is read from the "Layers" section of docs/api.md (one source for the rule and its
documentation): a Markdown table whose rows are `| <number> | <name> | <headers> |`, the headers
as backquoted paths under include/boardrules/, a `*` standing for any rest of a path. A header
belongs to the row that names it exactly, else to the lowest row whose pattern matches it.

Every `#include "boardrules/..."` of every header under include/boardrules/ must name a header
of the same layer or of a lower one, and a header of one game must not include a header of the
other. The exceptions are listed in ALLOWED below, each with its reason; an exception that is no
longer needed is reported too, so that the list only shrinks.

Usage: check_layers.py <repository root>. Exit status 0 when clean, 1 with one line per problem.
Plain Python 3, no third-party module.
"""

import fnmatch
import os
import re
import sys

# (header, included header): reason. Paths relative to include/boardrules/.
ALLOWED = {
}

INCLUDE = re.compile(r'^\s*#\s*include\s*"boardrules/([^"]+)"', re.M)
ROW = re.compile(r"^\|\s*(\d+)\s*\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|\s*$")


def layer_table(root):
    """[(number, name, [patterns])] from the Layers section of docs/api.md."""
    with open(os.path.join(root, "docs", "api.md"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^## Layers\b.*?$(.*?)(?=^## )", text, re.M | re.S)
    if not m:
        return []
    rows = []
    for line in m.group(1).splitlines():
        r = ROW.match(line)
        if r:
            rows.append((int(r.group(1)), r.group(2), re.findall(r"`([^`]+)`", r.group(3))))
    return rows


def layer_of(path, rows):
    for number, name, patterns in rows:
        if path in patterns:
            return number, name
    for number, name, patterns in sorted(rows):
        if any("*" in p and fnmatch.fnmatchcase(path, p) for p in patterns):
            return number, name
    return None


def game_of(path):
    first = path.split("/")[0]
    return first if first in ("backgammon", "warri") else None


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    base = os.path.join(root, "include", "boardrules")
    rows = layer_table(root)
    problems = []
    if not rows:
        problems.append("docs/api.md: no layer table in a '## Layers' section")
    headers = []
    for dirpath, _, filenames in os.walk(base):
        for name in filenames:
            if name.endswith(".hpp"):
                headers.append(os.path.relpath(os.path.join(dirpath, name), base).replace(os.sep, "/"))
    headers.sort()
    used = set()
    edges = 0
    for h in headers:
        mine = layer_of(h, rows)
        if mine is None:
            problems.append(f"include/boardrules/{h}: in no layer of docs/api.md")
            continue
        with open(os.path.join(base, h), encoding="utf-8") as f:
            text = f.read()
        for number, line in enumerate(text.splitlines(), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            target = m.group(1)
            edges += 1
            theirs = layer_of(target, rows)
            where = f"include/boardrules/{h}:{number}"
            if not os.path.isfile(os.path.join(base, target)):
                problems.append(f"{where}: includes {target}, which does not exist")
                continue
            if theirs is None:
                continue  # reported as a header in no layer
            reason = None
            if theirs[0] > mine[0]:
                reason = f"{h} ({mine[1]}, layer {mine[0]}) includes {target} ({theirs[1]}, layer {theirs[0]})"
            elif game_of(h) and game_of(target) and game_of(h) != game_of(target):
                reason = f"{h} ({game_of(h)}) includes {target} ({game_of(target)})"
            if reason is None:
                continue
            if (h, target) in ALLOWED:
                used.add((h, target))
                continue
            problems.append(f"{where}: {reason}")
    for pair in sorted(set(ALLOWED) - used):
        problems.append(f"check_layers.py: the exception {pair[0]} -> {pair[1]} is no longer needed: remove it")
    for p in problems:
        print(p)
    print(f"check_layers: {len(headers)} headers in {len(rows)} layers, {edges} includes, "
          f"{len(used)} allowed exceptions, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
