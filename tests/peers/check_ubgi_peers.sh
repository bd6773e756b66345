#!/usr/bin/env bash
# Checks `backgammon ubgi` and `backgammon duel` against the public UBGI programs, built as they
# are (docs/validation.md, "UBGI with other programs"). Not a CI test: the programs are built
# outside this repository. Each step prints what it ran and its result; the script stops at the
# first failure.
#
#   BACKGAMMON=build/release/examples/backgammon \
#   BGCI=/path/to/bgci GNUBG_UBGI=/path/to/gnubg-ubgi/folder BKGM_ENGINE=/path/to/bkgm-engine \
#   DRAFT001=/path/to/draft001_engine.py  bash tests/peers/check_ubgi_peers.sh [games]
#
# BGCI: bungogood/bgci's `bgci` (its duel runner and checker, pubeval built in). GNUBG_UBGI: the
# folder of bungogood/gnubg-ubgi built with --with-gtk=no (its `gnubg` and data files). BKGM_ENGINE:
# a program that runs bkgm's own `run_ubgi_stdio` loop. DRAFT001: an engine written from draft
# 0.01's text (it imports bgmodel, from this folder). A variable left unset skips its steps.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bg=${BACKGAMMON:?set BACKGAMMON to the backgammon program}
bg=$(cd "$(dirname "$bg")" && pwd)/$(basename "$bg")
games=${1:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

step() { printf '\n== %s\n' "$*"; }

gnubg_cmd=""
if [[ -n "${GNUBG_UBGI:-}" ]]; then
  gnubg_cmd="$GNUBG_UBGI/gnubg --ubgi --pkgdatadir $GNUBG_UBGI --datadir $GNUBG_UBGI"
fi

if [[ -n "${BGCI:-}" ]]; then
  mkdir -p "$work/bgci"
  {
    printf '[engines.boardrules]\ncommand = ["%s", "ubgi"]\n' "$bg"
    if [[ -n "$gnubg_cmd" ]]; then
      printf '[engines.gnubg]\ncommand = [%s]\n' "$(printf '"%s", ' $gnubg_cmd | sed 's/, $//')"
    fi
  } > "$work/bgci/config.toml"
  step "bgci check boardrules"
  XDG_CONFIG_HOME=$work "$BGCI" check boardrules | tee "$work/check.txt"
  grep -q '^status: PASS' "$work/check.txt"
  grep -q 'bar=true off=true' "$work/check.txt"
  step "bgci duel boardrules (heuristic) vs pubeval, $games games"
  XDG_CONFIG_HOME=$work "$BGCI" duel -a boardrules -b pubeval -g "$games" -p 2 -s 1 | tee "$work/duel.txt"
  grep -q 'incomplete 0 ' "$work/duel.txt"
  if [[ -n "$gnubg_cmd" ]]; then
    step "bgci duel boardrules (heuristic) vs gnubg-ubgi (its default 2-ply), $((games / 5)) games"
    XDG_CONFIG_HOME=$work "$BGCI" duel -a boardrules -b gnubg -g $((games / 5)) -p 2 -s 1 | tee "$work/duel.txt"
    grep -q 'incomplete 0 ' "$work/duel.txt"
  fi
fi

duel() {  # duel ENGINE_A ENGINE_B [args]: full matches with the cube; no error, no forfeit, exit 0
  step "backgammon duel $*"
  "$bg" duel "$@" --quiet --threads 2 | tee "$work/ours.txt"
  grep -q 'errors: A 0, B 0; matches forfeited 0' "$work/ours.txt"
}
pairs=$((games / 10 > 0 ? games / 10 : 1))
if [[ -n "$gnubg_cmd" ]]; then
  duel cube "$gnubg_cmd" --pairs "$pairs" --match 7 --seed 1
  duel "$bg ubgi --bot cube" "$gnubg_cmd" --pairs "$pairs" --match 7 --seed 2 --option-b engine.ply=0
fi
if [[ -n "${BKGM_ENGINE:-}" ]]; then
  duel "$BKGM_ENGINE" "$bg ubgi" --pairs "$pairs" --match 7 --seed 1
fi
if [[ -n "${DRAFT001:-}" ]]; then
  PYTHONPATH=$here duel "/usr/bin/python3 $DRAFT001" "$bg ubgi --bot cube" --pairs "$pairs" --match 7 --seed 1
fi
step "all checks passed"
