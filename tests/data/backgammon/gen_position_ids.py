# Regenerates gnubg_position_ids.txt: Position IDs written by GNU Backgammon itself.
#
#   cd tests/data/backgammon && /usr/games/gnubg -t -q -p gen_position_ids.py > /dev/null
#
# (GNU Backgammon 1.07.001, Debian package gnubg; runs inside gnubg's embedded Python.)
# Each data line: <id> <50 integers>: the checkers of the player on roll on its points 1..24 and
# its bar, then those of the player not on roll on its points 1..24 and its bar (each side in its
# own numbering). The boards are random (fixed seed): random games' worth of shapes are not needed
# here, only many different bit patterns: random checker counts 0..15 a side scattered over the
# points and the bar, never both sides on one point; a few fixed boards first.
import random
import gnubg

OUT = "gnubg_position_ids.txt"
N = 2000
rng = random.Random(20261130)


def place(own, other, n, spread):
    """Puts n checkers on `own`'s points drawn from `spread`, never on a point `other` holds."""
    for _ in range(n):
        while True:
            j = rng.choice(spread)
            if j == 24 or other[23 - j] == 0:
                own[j] += 1
                break


def scatter(n_mover, n_opp, spread):
    mover = [0] * 25
    opp = [0] * 25
    # gnubg board index j: point j+1 (0..23), 24 = bar. Mover point q is opponent point 25 - q.
    place(mover, opp, n_mover, spread)
    place(opp, mover, n_opp, spread)
    return mover, opp


def main():
    boards = []
    start = [0] * 25
    start[23], start[12], start[7], start[5] = 2, 5, 3, 5
    boards.append((start, start))
    boards.append(([0] * 25, [0] * 25))
    boards.append(([15] + [0] * 24, [0] * 25))
    boards.append(([0] * 24 + [15], [0] * 24 + [15]))
    while len(boards) < N:
        k = rng.random()
        if k < 0.3:
            spread = list(range(25))
        elif k < 0.6:
            spread = list(range(6)) + [24]          # home boards and bar
        else:
            lo = rng.randrange(0, 20)
            spread = list(range(lo, min(lo + rng.randrange(3, 12), 25))) + [24]
        boards.append(scatter(rng.randrange(0, 16), rng.randrange(0, 16), spread))
    with open(OUT, "w") as f:
        f.write("# Written by gen_position_ids.py inside GNU Backgammon 1.07.001; see that file.\n")
        f.write("# <position id> <on roll: points 1..24, bar> <not on roll: points 1..24, bar>\n")
        for mover, opp in boards:
            # gnubg's board tuple is (player not on roll, player on roll).
            pid = gnubg.positionid((tuple(opp), tuple(mover)))
            back = gnubg.positionfromid(pid)
            assert tuple(back[0]) == tuple(opp) and tuple(back[1]) == tuple(mover), pid
            f.write(pid + " " + " ".join(map(str, mover + opp)) + "\n")


main()
