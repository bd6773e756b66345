#!/usr/bin/env python3
"""Compiles every ```cpp fenced snippet of README.md and docs/**/*.md.

How a snippet is compiled (the convention the documentation follows):

- A snippet with `int main(` is a whole program: compiled as it is written, on its own.
- A snippet with a `template`, `struct`, `class` or function definition at the start of a line
  is a translation unit: compiled at namespace scope, in a namespace of its own.
- Any other snippet is a function body: compiled as the body of a `void` function.

Every snippet but a whole program sees the umbrella header `<boardrules/boardrules.hpp>`, the
headers included by name (the endgame databases of both games), the common standard headers,
and the aliases `bg` = `boardrules::backgammon`, `wa` = `boardrules::warri`; its own `#include`
lines are moved to the top of the file. These snippets are compiled together in one file (one
parse of the headers), each with `#line` markers so that an error names the Markdown file and
line.

An HTML comment on the lines just before the opening fence changes that:

- `<!-- snippet: given DECLARATIONS -->`: C++ placed before the snippet in its function (or at
  its namespace scope), for the names the text takes as known (`pos`, `state`...), not shown.
- `<!-- snippet: flags FLAGS -->`: compiled on its own with these compiler flags (a snippet that
  shows a unit built for one instruction set); skipped on a CPU other than x86-64 when FLAGS
  name an x86 `-march`.
- `<!-- snippet: skip REASON -->`: not compiled. Keep these rare: a snippet that does not
  compile is one a reader cannot use.

Usage: check_snippets.py <repository root> <C++ compiler> <work directory>
Exit status 0 when every snippet compiles, 1 otherwise (the compiler's messages name the
Markdown lines).
"""

import os
import platform
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

FENCE = re.compile(r"^(\s*)```\s*(\S*)\s*$")
MARKER = re.compile(r"^\s*<!--\s*snippet:\s*(given|flags|skip)\b\s*(.*?)\s*-->\s*$")
MAIN = re.compile(r"^\s*int\s+main\s*\(", re.M)
# Something only namespace scope may hold: a template, a class, or a function definition
# (a declarator with parentheses, then an opening brace) starting at column 0.
NAMESPACE_SCOPE = re.compile(
    r"^(template\s*<|struct\s|class\s|[A-Za-z_][\w:<>,*& ]*\s[*&]?[A-Za-z_][\w:]*\s*\([^;]*\)\s*"
    r"(?:const\s*)?(?:noexcept\s*)?\{)", re.M)
INCLUDE = re.compile(r"^\s*#\s*include\s*[<\"].*$")

PRELUDE = """\
#include <boardrules/boardrules.hpp>
#include <boardrules/backgammon/db/bearoff.hpp>
#include <boardrules/backgammon/db/exact.hpp>
#include <boardrules/backgammon/db/hyper.hpp>
#include <boardrules/warri/db/build.hpp>
#include <boardrules/warri/db/table_file.hpp>
#include <boardrules/warri/db/play.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace bg = boardrules::backgammon;
namespace wa = boardrules::warri;
"""

FLAGS = ["-std=c++20", "-fsyntax-only", "-Wall", "-Wextra", "-Wpedantic", "-Wno-unused", "-Werror"]


class Snippet:
    def __init__(self, path, line, code, markers):
        self.path = path  # relative to the repository root
        self.line = line  # the first line of code (1-based)
        self.code = code
        self.given = "\n".join(v for k, v in markers if k == "given")
        self.flags = " ".join(v for k, v in markers if k == "flags").split()
        self.skip = next((v or "no reason given" for k, v in markers if k == "skip"), None)

    def kind(self):
        if MAIN.search(self.code):
            return "program"
        if NAMESPACE_SCOPE.search(self.code):
            return "unit"
        return "body"

    def where(self):
        return f"{self.path}:{self.line}"


def markdown_files(root):
    files = ["README.md"]
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, "docs")):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith(".md"):
                files.append(os.path.relpath(os.path.join(dirpath, name), root))
    return files


def snippets(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        lines = f.read().splitlines()
    found = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, lang = m.group(1), m.group(2)
        end = i + 1
        while end < len(lines) and not (FENCE.match(lines[end]) and FENCE.match(lines[end]).group(2) == ""):
            end += 1
        if lang == "cpp":
            markers = []
            k = i - 1
            while k >= 0 and MARKER.match(lines[k]):
                mm = MARKER.match(lines[k])
                markers.insert(0, (mm.group(1), mm.group(2)))
                k -= 1
            body = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[i + 1:end]]
            found.append(Snippet(path, i + 2, "\n".join(body) + "\n", markers))
        i = end + 1
    return found


def split_includes(code):
    """The snippet's #include lines, and its code with those lines left blank (lines kept)."""
    includes, rest = [], []
    for l in code.splitlines():
        if INCLUDE.match(l):
            includes.append(l.strip())
            rest.append("")
        else:
            rest.append(l)
    return includes, "\n".join(rest) + "\n"


def line_marker(snippet, offset=0):
    return f'#line {snippet.line + offset} "{snippet.path}"\n'


def combined_source(group):
    includes, parts = [], []
    for n, s in enumerate(group):
        inc, code = split_includes(s.code)
        includes += [i for i in inc if i not in includes]
        given = (s.given + "\n") if s.given else ""
        if s.kind() == "unit":
            parts.append(f"namespace snippet_{n} {{\n{given}{line_marker(s)}{code}}}  // namespace snippet_{n}\n")
        else:
            parts.append(f"namespace snippet_{n} {{\n[[maybe_unused]] void body() {{\n{given}"
                         f"{line_marker(s)}{code}}}\n}}  // namespace snippet_{n}\n")
    return PRELUDE + "\n".join(includes) + "\n\n" + "\n".join(parts)


def own_source(s):
    if s.kind() == "program":
        return line_marker(s) + s.code
    return combined_source([s])


def compile_source(compiler, include_dir, work, name, source, extra):
    path = os.path.join(work, name + ".cpp")
    with open(path, "w", encoding="utf-8") as f:
        f.write(source)
    cmd = [compiler] + FLAGS + extra + ["-I", include_dir, path]
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.returncode, " ".join(cmd), r.stdout + r.stderr


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    root, compiler, work = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    os.makedirs(work, exist_ok=True)
    include_dir = os.path.join(root, "include")
    everything = [s for p in markdown_files(root) for s in snippets(root, p)]
    if not everything:
        print("check_snippets: no ```cpp snippet found")
        return 1
    jobs = []  # (name, source, extra flags, the snippets it holds)
    together = []
    x86 = platform.machine().lower() in ("x86_64", "amd64")
    skipped = 0
    for n, s in enumerate(everything):
        if s.skip is not None:
            print(f"{s.where()}: skipped ({s.skip})")
            skipped += 1
        elif s.flags and any(f.startswith("-march=x86") or f.startswith("-march=skylake") for f in s.flags) and not x86:
            print(f"{s.where()}: skipped (flags {' '.join(s.flags)} need an x86-64 compiler)")
            skipped += 1
        elif s.kind() == "program" or s.flags:
            jobs.append((f"snippet_{n}", own_source(s), s.flags, [s]))
        else:
            together.append(s)
    if together:
        jobs.append(("snippets", combined_source(together), [], together))
    failures = 0
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda j: compile_source(compiler, include_dir, work, j[0], j[1], j[2]), jobs))
    for (name, _, _, held), (rc, cmd, out) in zip(jobs, results):
        if rc != 0:
            failures += 1
            print(f"FAILED: {cmd}\n  (the snippets of {', '.join(s.where() for s in held)})\n{out}")
    compiled = len(everything) - skipped
    print(f"check_snippets: {len(everything)} snippets, {compiled} compiled in {len(jobs)} files, "
          f"{skipped} skipped, {failures} files failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
