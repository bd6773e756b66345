#!/usr/bin/env python3
"""Checks that README.md stays short and gives the library's version:

1. README.md has at most 200 lines (details belong in docs/);
2. the version it names (`Version **X.Y.Z**`), the version it asks `find_package` for (X.Y) and
   the tag it fetches (`GIT_TAG vX.Y.Z`) are those of include/boardrules/version.hpp;
3. CHANGELOG.md has a section for that version, or its first section is `## Unreleased` (the
   version being prepared);
4. a ```cpp block that follows a link to an example (`[`examples/NAME.cpp`](...)`) is that file
   as it is, from its first `#include` (the tests build and run the file: the README shows what
   they run).

Usage: check_readme.py <repository root>. Exit status 0 when clean, 1 with one line per problem.
"""

import os
import re
import sys

MAX_LINES = 200


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    with open(os.path.join(root, "include", "boardrules", "version.hpp"), encoding="utf-8") as f:
        header = f.read()
    with open(os.path.join(root, "CHANGELOG.md"), encoding="utf-8") as f:
        changelog = f.read()
    problems = []

    lines = len(readme.splitlines())
    if lines > MAX_LINES:
        problems.append(f"README.md: {lines} lines, more than {MAX_LINES}: move details to docs/")

    parts = []
    for part in ("MAJOR", "MINOR", "PATCH"):
        m = re.search(r"^#define BOARDRULES_VERSION_%s +(\d+)$" % part, header, re.M)
        if not m:
            problems.append(f"include/boardrules/version.hpp: no BOARDRULES_VERSION_{part}")
            parts.append("?")
        else:
            parts.append(m.group(1))
    version = ".".join(parts)
    minor = ".".join(parts[:2])

    def check(pattern, expected, what):
        found = re.findall(pattern, readme)
        if not found:
            problems.append(f"README.md: no {what} (expected {expected})")
        for value in found:
            if value != expected:
                problems.append(f"README.md: {what} is {value}, version.hpp says {expected}")

    check(r"Version \*\*([0-9.]+)\*\*", version, "`Version **X.Y.Z**`")
    check(r"find_package\(boardrules ([0-9.]+)", minor, "`find_package(boardrules X.Y`")
    check(r"GIT_TAG (v?[0-9][0-9.]*)", "v" + version, "`GIT_TAG vX.Y.Z`")

    sections = re.findall(r"^## (.+?)\s*$", changelog, re.M)
    # a release's heading is its version, perhaps followed by its date: "## 0.3.0 (2026-12-04)"
    if all(s.split()[0] != version for s in sections) and (not sections or sections[0] != "Unreleased"):
        problems.append(f"CHANGELOG.md: no section `## {version}` and the first is not `## Unreleased`")

    # a link to an example, then (with no other block between) a ```cpp block
    for m in re.finditer(r"\[`(examples/[A-Za-z0-9_]+\.cpp)`\]\([^)]*\)[^`]*?:\n\n```cpp\n(.*?)```", readme, re.S):
        path = os.path.join(root, m.group(1))
        if not os.path.isfile(path):
            problems.append(f"README.md: links {m.group(1)}, which does not exist")
            continue
        with open(path, encoding="utf-8") as f:
            source = f.read()
        start = source.find("#include")
        if m.group(2) != source[start:]:
            line = readme.count("\n", 0, m.start(2)) + 1
            problems.append(f"README.md:{line}: the code differs from {m.group(1)} (from its first #include)")

    for p in problems:
        print(p)
    print(f"check_readme: {lines} lines, version {version}, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
