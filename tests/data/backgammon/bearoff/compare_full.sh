#!/usr/bin/env bash
# The full comparison with GNU Backgammon: every one-sided database of 1..6 points in makebearoff's
# four layouts, and two-sided databases up to 6x6 (cubeful and cubeless), written by makebearoff
# and by `backgammon db bearoff`, compared byte for byte. Then the build times of the 6-point
# one-sided and the 6x6 two-sided databases, makebearoff and ours alternately (A B A B ...), one
# thread, with /usr/bin/time; the medians and their ratio.
#   compare_full.sh <backgammon program> [<rounds, default 3>]
# Needs Debian's gnubg (/usr/games/makebearoff; MAKEBEAROFF overrides). Works in a temporary folder.
set -euo pipefail
bg=$(realpath "$1")
rounds=${2:-3}
mb=${MAKEBEAROFF:-/usr/games/makebearoff}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail=0
compare() {  # <name> <makebearoff args> -- <our args>
  local name=$1; shift
  local theirs=() ours=()
  while [ "$1" != "--" ]; do theirs+=("$1"); shift; done
  shift
  ours=("$@")
  "$mb" "${theirs[@]}" -f "g_$name.bd" > /dev/null 2>&1
  "$bg" db bearoff "${ours[@]}" -o "b_$name.bd"
  local size diff
  size=$(stat -c %s "g_$name.bd")
  diff=$(cmp -l "g_$name.bd" "b_$name.bd" 2>/dev/null | wc -l || true)
  if cmp -s "g_$name.bd" "b_$name.bd"; then
    echo "$name: equal, $size bytes"
  else
    echo "$name: DIFFERENT ($size / $(stat -c %s "b_$name.bd") bytes, $diff bytes differ)"
    fail=1
  fi
}
for p in 1 2 3 4 5 6; do
  compare "os$p" -o $p -- --one-sided $p
  compare "os${p}_nc" -o $p -c -- --one-sided $p --no-compress
  compare "os${p}_ng" -o $p -g -- --one-sided $p --no-gammon
  compare "os${p}_ncng" -o $p -c -g -- --one-sided $p --no-compress --no-gammon
done
for t in 2x2 3x3 4x4 6x4 3x6 4x6 6x6; do
  compare "ts$t" -t $t -- --two-sided $t
done
compare "ts6x6_nc" -t 6x6 -C -- --two-sided 6x6 --cubeless
# Timings.
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
for what in "os6:-o 6:--one-sided 6" "ts6x6:-t 6x6:--two-sided 6x6"; do
  IFS=: read -r name theirs ours <<< "$what"
  : > "t_g_$name"; : > "t_b_$name"
  for ((i = 0; i < rounds; ++i)); do
    /usr/bin/time -f %e -o t -- "$mb" $theirs -f g.bd > /dev/null 2>&1; cat t >> "t_g_$name"
    /usr/bin/time -f %e -o t -- "$bg" db bearoff $ours --threads 1 -o b.bd; cat t >> "t_b_$name"
  done
  g=$(median < "t_g_$name"); b=$(median < "t_b_$name")
  echo "$name: makebearoff $(paste -sd' ' "t_g_$name") s (median $g), ours $(paste -sd' ' "t_b_$name") s (median $b), ratio $(awk -v g="$g" -v b="$b" 'BEGIN {printf "%.1f", g / b}')"
done
exit $fail
