#!/usr/bin/env bash
# The full comparison with GNU Backgammon: every one-sided database of 1..6 points in makebearoff's
# four layouts, and two-sided databases up to 6x6 (cubeful and cubeless), written by makebearoff
# and by `backgammon db bearoff`, compared byte for byte. Then the build times of the 6-point
# one-sided and the 6x6 two-sided databases, makebearoff and ours alternately (A B A B ...), one
# thread, with /usr/bin/time; the medians and their ratio.
# Between the two, GNU Backgammon's reader bearoffdump dumps positions of some of these files (by
# index, from 1: it takes index 0 for no index; and by Position ID), ours and makebearoff's, and
# the dumps are compared; each dumped value is also compared with what `backgammon db probe`
# reads from our file.
#   compare_full.sh <backgammon program> [<rounds, default 3>]
# Needs Debian's gnubg (/usr/games/makebearoff; MAKEBEAROFF overrides; /usr/games/bearoffdump,
# BEAROFFDUMP overrides, is skipped with a message when missing). Works in a temporary folder.
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
# GNU Backgammon's reader on our files: bearoffdump's dump of each position (the file's name taken
# out) must be the same for our file as for makebearoff's, and its values those `db probe` reads.
bod=${BEAROFFDUMP:-/usr/games/bearoffdump}
dump() {  # <file> <-n index | -p id>: bearoffdump's output without the line naming the file
  { "$bod" "$1" "$2" "$3" 2>&1 || echo "bearoffdump failed ($?)"; } | grep -v '^Bearoff database:'
}
probe_check() {  # <name> <os | ts> <dump> <id>: bearoffdump's values against db probe's
  local want got
  if [ "$2" = ts ]; then  # the equities, printed to 4 decimals by bearoffdump
    want=$(awk -F': ' '/^(Cubeless equity|Owned cube|Centered cube|Opponent owns cube) / {print $2}' <<< "$3")
    got=$(echo "$4" | "$bg" db probe "b_$1.bd" |
      awk '{for (i = 1; i <= NF; ++i) if ($i ~ /^(cubeless|owner|centered|opponent-owns)$/) print $(i + 1)}')
  else  # the mean rolls of both sides, to 3 decimals
    want=$(awk '$1 == "Mean" {print $2; print $3}' <<< "$3")
    got=$(echo "$4" | "$bg" db probe "b_$1.bd" | awk '{for (i = 1; i <= NF; ++i) if ($i == "mean") print $(i + 1)}')
  fi
  # Equal to the last printed decimal (half a unit of it, and a little for the rounding of each).
  if ! paste <(echo "$want") <(echo "$got") | awk -v tol="$([ "$2" = ts ] && echo 6e-5 || echo 6e-4)" '
      {d = $1 - $2; if (d < 0) d = -d; if ($2 == "" || d > tol) bad = 1; ++n}
      END {exit (bad || n == 0)}'; then
    echo "$1 $4: bearoffdump reads ${want//$'\n'/ }, db probe ${got//$'\n'/ }"
    return 1
  fi
}
dump_compare() {  # <name> <os | ts | dump only> <indices...>
  local name=$1 kind=$2; shift 2
  local n=0 bad=0 id a b
  for i in "$@"; do
    a=$(dump "g_$name.bd" -n "$i"); b=$(dump "b_$name.bd" -n "$i")
    if ! grep -q "^Dump of position#" <<< "$b" || [ "$a" != "$b" ]; then bad=$((bad + 1)); fi
    n=$((n + 1))
    id=$(awk '/Position ID:/ {print $NF; exit}' <<< "$a")
    [ -n "$id" ] || { bad=$((bad + 1)); continue; }
    a=$(dump "g_$name.bd" -p "$id"); b=$(dump "b_$name.bd" -p "$id")
    if ! grep -q "^Dump of position ID" <<< "$b" || [ "$a" != "$b" ]; then bad=$((bad + 1)); fi
    if [ "$kind" != "dump only" ]; then probe_check "$name" "$kind" "$b" "$id" || bad=$((bad + 1)); fi
    n=$((n + 1))
  done
  if [ $bad = 0 ]; then
    echo "bearoffdump $name: $n dumps equal to makebearoff's file's$([ "$kind" = "dump only" ] || echo ", values as db probe reads them")"
  else
    echo "bearoffdump $name: $bad of $n dumps DIFFERENT or not as db probe reads them"
    fail=1
  fi
}
if [ -x "$bod" ]; then
  for l in os6 os6_nc os6_ng os6_ncng; do dump_compare "$l" os 1 100 5000 30000 54263; done
  dump_compare ts3x3 ts 1 57 211 399
  dump_compare ts6x6 ts 1 925 123456 500000 853775
  # bearoffdump 1.07.001 misreads cubeless two-sided files (it prints equities such as -3.0000),
  # makebearoff's as ours: the dumps are compared, not their values.
  dump_compare ts6x6_nc "dump only" 1 925 123456 853775
else
  echo "bearoffdump: $bod not found, skipped (Debian's gnubg 1.07.001 has it in /usr/games)"
fi
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
