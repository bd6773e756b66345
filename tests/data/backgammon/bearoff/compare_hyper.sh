#!/usr/bin/env bash
# Hypergammon against GNU Backgammon: makehyper -c N and `backgammon db hyper --checkers N` for
# N = 1 and 2 (3 with HYPER3, below), every probability and equity compared (the values
# are converged to 1e-5, so they agree within that order, not to the bit); then the build times
# of N = 2, makehyper and ours alternately, with /usr/bin/time.
#   compare_hyper.sh <backgammon program> [<rounds, default 1>]
# Needs Debian's gnubg (/usr/games/makehyper; MAKEHYPER overrides) and Debian's python3 with numpy.
# HYPER3=<makehyper -c 3 file> also compares the 3-checker database (built here on 2 threads):
# makehyper takes 8 to 9 hours for it, and resumes with -r from the checkpoint it writes after
# each iteration, so it is made beforehand (makehyper -c 3 -f hyper3.bd; keep the name under 16
# characters: makehyper 1.07 writes its checkpoint name NAME.tmp into a 20-byte buffer and aborts
# after the first iteration otherwise). OURS3=<file> takes our 3-checker file instead of building
# it. Each comparison then runs hyper_ties.cpp (built here with g++), which explains every entry
# whose probabilities differ by more than 1e-4 (a tie among plays, or an entry such a choice leads
# to, or an entry of makehyper's not yet the backup of its own children) and fails on any other.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bg=$(realpath "$1")
rounds=${2:-1}
mh=${MAKEHYPER:-/usr/games/makehyper}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
g++ -std=c++20 -O2 -I"$here/../../../../include" "$here/hyper_ties.cpp" -o hyper_ties
compare() {  # <file> <file>
  /usr/bin/python3 - "$1" "$2" <<'PY'
import sys
import numpy as np
a, b = (np.fromfile(f, dtype=np.uint8) for f in sys.argv[1:3])
assert a.size == b.size, "sizes differ"
n = (a.size - 40) // 28
def values(x):
    v = x[40:].reshape(n, 28)[:, :27].reshape(n, 9, 3).astype(np.int64)
    return (v[:, :, 0] | v[:, :, 1] << 8 | v[:, :, 2] << 16) / 16777215.0
d = np.abs(values(a) - values(b))
d[:, 5:] *= 6  # equities are stored as e / 6 + 0.5
print(f"{n} entries: worst probability difference {d[:, :5].max():.3g}, "
      f"worst equity difference {d[:, 5:].max():.3g}, values beyond 1e-4: {int((d > 1e-4).sum())}")
PY
}
for c in 1 2; do
  /usr/bin/time -f %e -o tg -- "$mh" -c $c -n -f g$c.bd > /dev/null
  /usr/bin/time -f %e -o tb -- "$bg" db hyper --checkers $c -o b$c.bd
  echo "hyper $c: makehyper $(cat tg) s, ours $(cat tb) s; $(compare g$c.bd b$c.bd)"
  ./hyper_ties b$c.bd g$c.bd
done
for ((i = 1; i < rounds; ++i)); do
  /usr/bin/time -f %e -o tg -- "$mh" -c 2 -n -f g2.bd > /dev/null
  /usr/bin/time -f %e -o tb -- "$bg" db hyper --checkers 2 -o b2.bd
  echo "hyper 2, round $((i + 1)): makehyper $(cat tg) s, ours $(cat tb) s"
done
if [ -n "${HYPER3:-}" ]; then
  if [ -n "${OURS3:-}" ]; then
    ln -s "$(realpath "$OURS3")" b3.bd
    echo "hyper 3: ours from $OURS3; $(compare "$HYPER3" b3.bd)"
  else
    /usr/bin/time -f %e -o tb -- "$bg" db hyper --checkers 3 --threads 2 -o b3.bd
    echo "hyper 3: ours $(cat tb) s on 2 threads; $(compare "$HYPER3" b3.bd)"
  fi
  ./hyper_ties b3.bd "$HYPER3"
fi
