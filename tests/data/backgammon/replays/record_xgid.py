# XGID import vectors made by GNU Backgammon itself: random XGIDs are given to gnubg's
# own `set xgid`, and the GNUbg ID gnubg then reports is written next to each one.
#
# Run:  cd tests/data/backgammon/replays && gnubg -t -q -p record_xgid.py   (writes xgid_gnubg.txt)
# Environment: BR_XGIDS (default 400), BR_SEED (default 4242).
# Output lines: `<XGID> <GNUbg ID>`; XGIDs gnubg refuses are not written.
# The XGIDs are drawn here (not by the library): 15 checkers a side spread at random over the
# points, bar and off (no point held by both), random cube value/owner, player on roll, dice (or a
# pending double), scores, Crawford/Jacoby flag, match length (0 = money) and cube limit.
import os
import random

import gnubg

N = int(os.environ.get("BR_XGIDS", "400"))
SEED = int(os.environ.get("BR_SEED", "4242"))
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)) if "__file__" in globals() else ".", "xgid_gnubg.txt")


def random_position(rng):
    # index 1..24 = bottom player's (X, uppercase) points; X bar = 25, O bar = 0
    cells = [0] * 26  # +n: X checkers, -n: O checkers
    for sign in (1, -1):
        left = 15 - rng.choice([0, 0, 0, 0, rng.randrange(0, 15)])
        while left > 0:
            i = rng.randrange(0, 26)
            if sign == 1 and i == 0:
                i = 25
            if sign == -1 and i == 25:
                i = 0
            if cells[i] * sign < 0:
                continue
            k = min(left, rng.randrange(1, 4))
            cells[i] += sign * k
            left -= k
    s = ""
    for c in cells:
        s += "-" if c == 0 else (chr(ord("A") + c - 1) if c > 0 else chr(ord("a") - c - 1))
    return s


def random_xgid(rng):
    pos = random_position(rng)
    match = rng.choice([0, 0, 1, 3, 5, 7, 11, 25])
    cube = rng.randrange(0, 7)
    cubepos = rng.choice([-1, 0, 1])
    if cubepos == 0 and rng.random() < 0.6:
        cube = 0
    turn = rng.choice([-1, 1])
    r = rng.random()
    if r < 0.2:
        dice = "00"
    elif r < 0.3:
        dice = "D"
    else:
        dice = "%d%d" % (rng.randrange(1, 7), rng.randrange(1, 7))
    if match:
        sx, so = rng.randrange(0, match), rng.randrange(0, match)
        crawford = 1 if (max(sx, so) == match - 1 and rng.random() < 0.5) else 0
        if crawford:
            cube, cubepos = 0, 0
            if dice == "D":
                dice = "00"
    else:
        sx, so = 0, 0
        crawford = rng.choice([0, 1])
    maxcube = rng.choice([8, 10, 12])
    return "XGID=%s:%d:%d:%d:%s:%d:%d:%d:%d:%d" % (pos, cube, cubepos, turn, dice, sx, so, crawford, match, maxcube)


def main():
    rng = random.Random(SEED)
    out = []
    gnubg.command("new match 1")
    for _ in range(N):
        x = random_xgid(rng)
        before = gnubg.gnubgid()
        gnubg.command("new match 1")
        gnubg.command("set xgid " + x)
        after = gnubg.gnubgid()
        if after is None:
            continue
        out.append("%s %s" % (x, after))
    with open(OUT, "w") as f:
        f.write("# XGID and the GNUbg ID GNU Backgammon 1.07 makes of it (`set xgid`); see record_xgid.py\n")
        f.write("\n".join(out) + "\n")


main()
