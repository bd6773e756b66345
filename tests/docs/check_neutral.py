#!/usr/bin/env python3
"""Checks the rules of the ISA-neutral value types (include/boardrules/core/config.hpp).

Code of the library lives in ISA-tagged inline namespaces (`namespace boardrules::backgammon::
inline BOARDRULES_ISA_NAMESPACE`); value types live in the neutral namespaces `boardrules`,
`boardrules::backgammon` and `boardrules::warri`, one type whatever the `-march` of a unit. For
that to be safe, inside every neutral namespace block of every header:
  - every function defined there (member functions, friends, the few free functions) is marked
    BOARDRULES_NEUTRAL (forced inline: no unit emits a copy another unit could call); consteval
    functions, which never run, are exempt;
  - nothing depends on the SIMD level (no BOARDRULES_SIMD_LEVEL, no intrinsics): the types are
    the same bytes and the same code at every level;
  - no namespace `detail` is opened (its name belongs to the tagged namespaces; neutral helpers
    go in `neutral_detail`), and no tagged block opens `neutral_detail`.
A neutral block also names the rule it follows: the header comment `// ISA-neutral`.

Usage: check_neutral.py <repository root>. Exit status 0 when clean, 1 with one line per problem.
Plain Python 3, no third-party module.
"""

import os
import re
import sys

NEUTRAL_OPEN = re.compile(r"^namespace (boardrules(?:::backgammon|::warri)?) \{\s*$")
TAGGED_OPEN = re.compile(r"^namespace boardrules(?:::\w+)*::inline BOARDRULES_ISA_NAMESPACE\b")
STATEMENT = re.compile(r"^(return|if|else|for|while|switch|case|do|using|typedef|static_assert|assert|throw|"
                       r"template|namespace|public|private|protected|break|continue)\b")
# A declaration that defines a function on this line: a name followed by '(' (or an operator),
# and the line ends its head with '{', a one-line body, ': init' or '= default'.
FUNC = re.compile(r"^(?:\[\[[^\]]*\]\]\s*)*(?:BOARDRULES_NEUTRAL\s+)?(?:(?:static|friend|explicit|constexpr|"
                  r"inline|virtual)\s+)*(?:[\w:<>,&\*\s]+?[\s&\*])?(~?[A-Za-z_]\w*|operator\s*\S+?)\s*\(")


def defines_function(line):
    s = line.strip()
    if not s or s.startswith(("//", "#", ":", "class ", "struct ", "union ", "enum ")) or STATEMENT.match(s):
        return False
    if "(" not in s or "consteval" in s:
        return False
    head = s.split("//")[0].rstrip()
    if not (head.endswith("{") or head.endswith("}") or head.endswith("= default;") or
            re.search(r"\)\s*(const\s*)?(noexcept\s*)?:", head) or head.endswith(",")):
        return False
    if head.endswith(",") and not re.search(r"\)\s*(const\s*)?(noexcept\s*)?:", head):
        return False
    m = FUNC.match(s)
    if not m:
        return False
    before = s[:m.start(1)]
    # `x = f(...)`, `T v(...)`-style statements have '=' or no type before the name.
    if "=" in before.replace("==", ""):
        return False
    # A call statement (`foo(x);`, `p.set(...)`) has no declaration specifier or type before it.
    if not before.strip() and not m.group(1).startswith("~") and not m.group(1)[0].isupper() and \
            not s.startswith("operator"):
        return False
    return True


def check_header(path, rel, problems):
    lines = open(path, encoding="utf-8").read().split("\n")
    state = None  # None, "neutral", "tagged"
    depth = 0
    neutral_blocks = 0
    for n, line in enumerate(lines, 1):
        if state is None:
            if NEUTRAL_OPEN.match(line):
                state, depth = "neutral", 0
                neutral_blocks += 1
                prev = "\n".join(lines[max(0, n - 6):n - 1])
                if "ISA-neutral" not in prev:
                    problems.append(f"{rel}:{n}: a neutral namespace block without its '// ISA-neutral' comment")
            elif TAGGED_OPEN.match(line):
                state, depth = "tagged", 0
            continue
        if line.startswith("}  // namespace boardrules") and depth == 0:
            state = None
            continue
        code = line.split("//")[0]
        if state == "tagged":
            if re.search(r"\bnamespace neutral_detail\b", code):
                problems.append(f"{rel}:{n}: neutral_detail opened in an ISA-tagged namespace")
            continue
        if re.search(r"\bnamespace detail\b", code):
            problems.append(f"{rel}:{n}: namespace detail in a neutral block (use neutral_detail)")
        if re.search(r"BOARDRULES_SIMD_LEVEL|_mm\d*_|__m\d+", code):
            problems.append(f"{rel}:{n}: SIMD-level dependent code in a neutral block")
        if defines_function(line) and "BOARDRULES_NEUTRAL" not in line:
            problems.append(f"{rel}:{n}: a function of a neutral type not marked BOARDRULES_NEUTRAL: {line.strip()}")
    return neutral_blocks


def main(argv):
    if len(argv) != 2:
        print(__doc__)
        return 2
    root = os.path.join(argv[1], "include", "boardrules")
    problems = []
    blocks = 0
    headers = 0
    for dirpath, _, files in os.walk(root):
        for f in sorted(files):
            if f.endswith(".hpp"):
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, argv[1])
                b = check_header(path, rel, problems)
                blocks += b
                headers += 1 if b else 0
    for p in problems:
        print(p)
    if blocks == 0:
        print("no neutral namespace block found: this check would prove nothing")
        return 1
    print(f"{blocks} neutral blocks in {headers} headers, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
