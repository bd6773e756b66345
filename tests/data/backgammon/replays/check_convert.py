# Checks `backgammon convert` output against GNU Backgammon: every line of BR_PAIRS is
# `<GNUbg ID> <XGID>`; gnubg's own `set xgid <XGID>` must give back the GNUbg ID.
# Run: BR_PAIRS=pairs.txt gnubg -t -q -p check_convert.py   (prints "convert check: N ok, M bad")
import os
import sys

import gnubg

ok = bad = 0
for line in open(os.environ["BR_PAIRS"]):
    if not line.strip() or line.startswith("#"):
        continue
    gid, x = line.split()
    gnubg.command("new match 1")
    gnubg.command("set xgid " + x)
    if gnubg.gnubgid() == gid:
        ok += 1
    else:
        bad += 1
        sys.stderr.write("MISMATCH %s %s -> %s\n" % (gid, x, gnubg.gnubgid()))
sys.stderr.write("convert check: %d ok, %d bad\n" % (ok, bad))
