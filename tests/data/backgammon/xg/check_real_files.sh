#!/usr/bin/env bash
# Converts every .xg file of a folder to .mat and .sgf with `backgammon convert --from xg`, has
# GNU Backgammon read each conversion back (`import mat`, `load match`), and compares the
# position gnubg gives before each checker play with the GNUbg IDs `--to ids` gives. A long
# check for real files (not run by CTest: real .xg files are not in the repository).
#   tests/data/backgammon/xg/check_real_files.sh DIR [path/to/backgammon]
set -euo pipefail
dir=${1:?usage: check_real_files.sh DIR [backgammon program]}
bg=${2:-build/dev/examples/backgammon}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=0
for f in "$dir"/*.xg; do
  [ -e "$f" ] || continue
  n=$((n + 1))
  "$bg" convert --from xg --to mat "$f" > "$work/$n.mat"
  "$bg" convert --from xg --to sgf "$f" > "$work/$n.sgf"
  "$bg" convert --from xg --to ids "$f" > "$work/$n.ids"
done
[ "$n" -gt 0 ] || { echo "no .xg files in $dir" >&2; exit 2; }
cat > "$work/check.py" <<PY
import gnubg, os, base64
work = "$work"
bad = 0
for f in sorted(os.listdir(work)):
    if not f.endswith(('.mat', '.sgf')):
        continue
    p = os.path.join(work, f)
    gnubg.command(('import mat "%s"' if f.endswith('.mat') else 'load match "%s"') % p)
    m = gnubg.match(0, 1, 0, 0)
    theirs = [a['board'] for g in m['games'] for a in g['game'] if a['action'] == 'move' and a['move']]
    ours = []
    for line in open(p.rsplit('.', 1)[0] + '.ids'):
        pos, mid = line.strip().split(':')
        key = int.from_bytes(base64.b64decode(mid + '=='), 'little')
        if (key >> 15) & 7:  # dice thrown: a checker play
            ours.append(pos)
    same = sum(1 for a, b in zip(theirs, ours) if a == b)
    ok = same == len(theirs) == len(ours)
    bad += not ok
    print('%s %s: gnubg %d plays, ours %d, equal %d' % ('ok ' if ok else 'BAD', f, len(theirs), len(ours), same))
print('files with differences: %d' % bad)
PY
/usr/games/gnubg -t -q -p "$work/check.py" 2>/dev/null | grep -E '^(ok |BAD|files)'
