# The GNUbg ID GNU Backgammon gives each position_*.sgf of this folder (the position of each
# .xgp file, written by make_xg.py as setup nodes), after loading it: the expected values of
# the .xgp tests.
#   cd tests/data/backgammon/xg && gnubg -t -q -p xgp_ids.py > xgp_gnubg_ids.txt
import glob
import os

import gnubg

for f in sorted(glob.glob("position_*.sgf")):
    gnubg.command("load match " + f)
    print(os.path.splitext(f)[0], gnubg.gnubgid())
