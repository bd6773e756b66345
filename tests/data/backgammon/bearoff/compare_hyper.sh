#!/usr/bin/env bash
# Hypergammon against GNU Backgammon: makehyper -c N and `backgammon db hyper --checkers N` for
# N = 1 and 2 (3 takes hours with makehyper), every probability and equity compared (the values
# are converged to 1e-5, so they agree within that order, not to the bit); then the build times
# of N = 2, makehyper and ours alternately, with /usr/bin/time.
#   compare_hyper.sh <backgammon program> [<rounds, default 1>]
# Needs Debian's gnubg (/usr/games/makehyper; MAKEHYPER overrides) and python3.
set -euo pipefail
bg=$(realpath "$1")
rounds=${2:-1}
mh=${MAKEHYPER:-/usr/games/makehyper}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
compare() {  # <file> <file>
  python3 - "$1" "$2" <<'PY'
import sys
a, b = (open(f, "rb").read() for f in sys.argv[1:3])
assert len(a) == len(b), "sizes differ"
n = (len(a) - 40) // 28
wp = we = 0.0
over = 0
for e in range(n):
    for k in range(9):
        o = 40 + 28 * e + 3 * k
        va = int.from_bytes(a[o:o + 3], "little") / 16777215.0
        vb = int.from_bytes(b[o:o + 3], "little") / 16777215.0
        d = abs(va - vb) * (6 if k >= 5 else 1)
        if k < 5: wp = max(wp, d)
        else: we = max(we, d)
        over += d > 1e-4
print(f"{n} entries: worst probability difference {wp:.3g}, worst equity difference {we:.3g}, values beyond 1e-4: {over}")
PY
}
for c in 1 2; do
  /usr/bin/time -f %e -o tg -- "$mh" -c $c -n -f g$c.bd > /dev/null
  /usr/bin/time -f %e -o tb -- "$bg" db hyper --checkers $c -o b$c.bd
  echo "hyper $c: makehyper $(cat tg) s, ours $(cat tb) s; $(compare g$c.bd b$c.bd)"
done
for ((i = 1; i < rounds; ++i)); do
  /usr/bin/time -f %e -o tg -- "$mh" -c 2 -n -f g2.bd > /dev/null
  /usr/bin/time -f %e -o tb -- "$bg" db hyper --checkers 2 -o b2.bd
  echo "hyper 2, round $((i + 1)): makehyper $(cat tg) s, ours $(cat tb) s"
done
