#!/bin/sh
# Runs every fuzz target (or the ones named) for a long time, one after the other, with the
# sanitizers the build was configured with (ASan + UBSan by default, docs/fuzzing.md).
#   tests/fuzz/run_long.sh <build dir configured with clang++> [seconds per target] [jobs] [target...]
# e.g. tests/fuzz/run_long.sh build/clang 3600 2   (an hour per target, 2 processes each)
#      tests/fuzz/run_long.sh build/clang 600 2 bg_state movegen_diff
# New inputs go to <build>/tests/fuzz/long/<target>/, crashes to <build>/tests/fuzz/long/crash-*;
# the seed corpus in the sources is read, never written. Prints the executions of each target.
set -eu
build=${1:?usage: run_long.sh <build dir> [seconds per target] [jobs] [target...]}
secs=${2:-3600}
jobs=${3:-1}
[ $# -gt 3 ] && shift 3 || set --
here=$(cd "$(dirname "$0")" && pwd)
bin=$build/tests/fuzz
out=$bin/long
mkdir -p "$out"
cmake --build "$build" -j "$jobs" --target $(cd "$here" && sed -n 's/^ *boardrules_add_fuzz(\([a-z_0-9]*\) .*/fuzz_\1/p' CMakeLists.txt | tr '\n' ' ')
total=0
for exe in "$bin"/fuzz_*; do
  [ -x "$exe" ] || continue
  t=${exe##*/fuzz_}
  if [ $# -gt 0 ]; then
    case " $* " in *" $t "*) ;; *) continue ;; esac
  fi
  seeds=$here/corpus/${t%_native}
  mkdir -p "$out/$t"
  log=$out/$t.log
  # -fork runs the target in child processes and goes on after a crash (each is kept)
  "$exe" -max_total_time="$secs" -fork="$jobs" -ignore_crashes=1 -close_fd_mask=3 -rss_limit_mb=2048 \
    -artifact_prefix="$out/crash-$t-" "$out/$t" "$seeds" >"$log" 2>&1 || true
  runs=$(grep -o 'execs: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || true)
  [ -n "$runs" ] || runs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
  [ -n "$runs" ] || runs=0
  crashes=$(ls "$out"/crash-"$t"-* 2>/dev/null | wc -l)
  echo "$t: $runs executions, $crashes crashes"
  total=$((total + runs))
done
echo "total: $total executions"
