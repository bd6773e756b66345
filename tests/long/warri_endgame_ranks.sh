#!/bin/sh
# The distributed Warri endgame build against the single-process one, by hand (hours at 18 seeds
# and more; CTest runs the same check at 7 and 8 seeds): for each variant, `warri endgame build
# -o` once, then warri_endgame_mpi on each number of ranks, its sliced table joined into one file
# and compared byte for byte, and checked by `warri endgame verify`. Each rank runs under
# /usr/bin/time (its wall and processor seconds and its peak resident memory, a line per rank in
# the run's log). A line per run: the variant, the ranks, "identical" (or "DIFFERENT"), wall
# seconds, the bytes the ranks sent each other over all layers (and per board of the table), and
# the program's own last line (the peak resident memory of each rank).
# docs/databases.md#distributed-build has what it printed.
#
#   tests/long/warri_endgame_ranks.sh BIN WORK SEEDS "VARIANTS" "RANKS" [options of warri_endgame_mpi]
#   e.g. tests/long/warri_endgame_ranks.sh build/release/examples /tmp/w 18 "speightstown abapa" "1 2 4 8"
#
# BIN holds warri and warri_endgame_mpi; WORK gets the files and a log a run (WORK/V-NrP.log).
# MPIEXEC (default: mpirun --allow-run-as-root --oversubscribe) runs the ranks. The layers'
# statistics of each run are in its log and in DIR/manifest.txt.
set -eu
bin=$1 work=$2 seeds=$3 variants=$4 ranks_list=$5
shift 5
mpiexec=${MPIEXEC:-mpirun --allow-run-as-root --oversubscribe}
mkdir -p "$work"
for v in $variants; do
  ref="$work/$v$seeds.db"
  if [ ! -f "$ref" ]; then
    /usr/bin/time -f "wall %e s, user %U s, max resident %M kB" "$bin/warri" endgame build --variant "$v" \
      --seeds "$seeds" -o "$ref" > "$work/$v$seeds-ref.log" 2>&1
  fi
  for p in $ranks_list; do
    dir="$work/$v$seeds-np$p"
    log="$work/$v$seeds-np$p.log"
    rm -rf "$dir"
    start=$(date +%s)
    $mpiexec -np "$p" /usr/bin/time -f "rank: wall %e s, user %U s, sys %S s, max resident %M kB" \
      "$bin/warri_endgame_mpi" --variant "$v" --seeds "$seeds" --slices "$dir" "$@" > "$log" 2>&1
    end=$(date +%s)
    "$bin/warri" endgame join "$dir" -o "$dir.db"
    if cmp -s "$dir.db" "$ref" && "$bin/warri" endgame verify "$dir" > "$dir.verify" 2>&1; then
      same=identical
    else
      same=DIFFERENT
    fi
    rm -f "$dir.db"
    sent=$(awk '$1 == "layer" { for (i = 1; i < NF; ++i) if ($i == "sent") s += $(i + 1); b += $4 }
                END { printf "%.0f bytes sent, %.2f a board", s, s / b }' "$dir/manifest.txt")
    echo "$v $seeds seeds, $p rank(s): $same, $((end - start)) s wall, $sent; $(grep 'peak resident' "$log")"
  done
done
