#!/usr/bin/env python3
"""Checks that the repository is self-contained:

1. every rule number cited in include/, tests/, examples/, bench/ and python/ (BG-x.y, WA-x.y,
   a section BG-x, a range such as BG-3..6, BG-7.3..7.5 or BG-6.1 to BG-6.4) is defined in
   docs/rules/*.md: a heading, a bold lead or a list item that starts with that number;
2. no file of the repository points outside it (a relative path into a sibling folder of the
   checkout or an absolute path of the machine it was written on);
3. README.md or a page of docs/ shows the code of each examples/quickstart_*.cpp exactly (the
   file's leading comment aside), so that the documentation's first programs are the ones CTest
   builds and runs.

Usage: check_rule_refs.py <repository root>. Exit status 0 when clean, 1 with one line per
problem (file:line: what) otherwise.
"""

import os
import re
import subprocess
import sys

CITING_DIRS = ("include", "tests", "examples", "bench", "python")
TEXT_SUFFIXES = (".hpp", ".h", ".cpp", ".cc", ".py", ".cmake", ".txt", ".md", ".in", ".json",
                 ".toml", ".cfg", ".sh", ".expected", ".pyi", ".yml", ".yaml")
TEXT_NAMES = ("CMakeLists.txt", "LICENSE", "README.md", "CONTRIBUTING.md")
# Paths that lead out of the repository. Written in two pieces so that this file does not
# match itself.
OUTSIDE = [re.compile(re.escape(a + b)) for a, b in (("../", "shared"), ("../", "seeds"), ("/wo", "rk/"))]

# A definition: optional heading marks or list bullet, optional bold, then the number.
DEFINITION = re.compile(r"^\s*(?:#{1,6}\s+|[-*+]\s+)?(?:\*\*)?((?:BG|WA)-\d+(?:\.\d+)?)(?![.\d])")
# A citation, with an optional end of range: `..6`, `..7.5`, `–7.5`, ` to BG-6.4`.
CITATION = re.compile(
    r"\b(BG|WA)-(\d+)(?:\.(\d+))?"
    r"(?:\s*(?:\.\.|–|—)\s*(?:(?:BG|WA)-)?(\d+)(?:\.(\d+))?|\s+to\s+(?:BG|WA)-(\d+)(?:\.(\d+))?)?")


def tracked_files(root):
    """The repository's files: git's list when it is a git checkout, else a walk without build/."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, check=True)
        files = [f for f in out.stdout.decode("utf-8", "replace").split("\0") if f]
        if files:
            return files
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and
                       not (rel == "." and d.startswith("build"))]
        for name in filenames:
            files.append(os.path.normpath(os.path.join(rel, name)))
    return files


def is_text(path):
    return path.endswith(TEXT_SUFFIXES) or os.path.basename(path) in TEXT_NAMES or \
        path.startswith(".ci/")


def read(root, path):
    try:
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def definitions(root, files):
    defined = set()
    for path in files:
        if not (path.startswith("docs/rules/") and path.endswith(".md")):
            continue
        for line in (read(root, path) or "").splitlines():
            m = DEFINITION.match(line)
            if m:
                defined.add(m.group(1))
    return defined


def cited(match):
    """The rule numbers a citation covers (both ends of a range and everything between)."""
    game, major, minor = match.group(1), int(match.group(2)), match.group(3)
    end_major = match.group(4) or match.group(6)
    end_minor = match.group(5) if match.group(4) else match.group(7)
    if end_major is None:
        return [f"{game}-{major}" + (f".{minor}" if minor else "")]
    end_major = int(end_major)
    if minor is None and end_minor is None:  # sections: BG-3..6
        return [f"{game}-{s}" for s in range(major, end_major + 1)]
    if minor is not None and end_minor is None:  # BG-7.3..6 means BG-7.3..7.6
        end_minor, end_major = str(end_major), major
    if minor is None:
        minor = "1"
    if major == end_major:
        return [f"{game}-{major}.{k}" for k in range(int(minor), int(end_minor) + 1)]
    return [f"{game}-{major}.{minor}", f"{game}-{end_major}.{end_minor}"]


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    files = tracked_files(root)
    defined = definitions(root, files)
    problems = []
    if not defined:
        problems.append("docs/rules: no rule definitions found")
    checked = 0
    for path in sorted(files):
        if not is_text(path):
            continue
        text = read(root, path)
        if text is None:
            continue
        cites = path.split("/")[0] in CITING_DIRS
        for number, line in enumerate(text.splitlines(), 1):
            for pattern in OUTSIDE:
                if pattern.search(line):
                    problems.append(f"{path}:{number}: points outside the repository: {line.strip()}")
            if not cites:
                continue
            for m in CITATION.finditer(line):
                for rule in cited(m):
                    checked += 1
                    if rule not in defined:
                        problems.append(f"{path}:{number}: {rule} (in '{m.group(0)}') is not defined "
                                        "in docs/rules")
    shown = "\n".join(read(root, p) or "" for p in sorted(files)
                      if p == "README.md" or (p.startswith("docs/") and p.endswith(".md")))
    for path in sorted(files):
        if path.startswith("examples/quickstart_") and path.endswith(".cpp"):
            lines = (read(root, path) or "").splitlines()
            while lines and (lines[0].startswith("//") or not lines[0].strip()):
                lines.pop(0)
            if "\n".join(lines) not in shown:
                problems.append(f"README.md, docs/: none shows the code of {path} as it is")
    for p in problems:
        print(p)
    print(f"check_rule_refs: {len(defined)} rules defined, {checked} citations checked, "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
