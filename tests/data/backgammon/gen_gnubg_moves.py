# Regenerates gnubg_moves.txt: legal plays listed by GNU Backgammon itself, in exactly the output
# format of `backgammon moves` (examples/backgammon/cmd_moves.cpp):
#
#   <position id> <d1> <d2> <n> <id_1> ... <id_n>
#
# the Position IDs of the n distinct positions after each legal play, NOT flipped (the player who
# moved stays the player on roll), sorted by byte order; n = 0 when no play is legal.
#
# Command (GNU Backgammon 1.07.001, Debian package gnubg; a few minutes on one core):
#
#   cd tests/data/backgammon && /usr/games/gnubg -t -q -p gen_gnubg_moves.py > /dev/null
#
# How: for each (position, roll), `set board <id>`, `set dice <d1> <d2>`, then gnubg.hint(100000)
# with 0-ply checker play evaluation, which lists EVERY legal play gnubg generates (its generator
# keeps the plays that use the most dice and the higher die, one per distinct position; the hint
# filter only prunes at 1 ply and more; from the start the 21 rolls give 447 plays in total, the
# known perft(1)). Each play's text is parsed by gnubg.parsemove() and applied here plainly
# (move a checker; a lone opposing checker on the landing point goes to its bar), and the ID is
# written by gnubg.positionid(). Nothing here comes from the boardrules C++ library.
#
# Cases (fixed seed): positions met in random games from the start (random and best plays mixed,
# so that they reach the bear-off), and random scatters: anything anywhere with checkers on the
# bar, bar entry against closed and nearly closed boards, primes (partial doubles), bear-offs with
# and without contact, and blot-rich boards (hits). Rolls: all 21, doubles favoured in scatters.
import os
import random
import sys
import gnubg

OUT = "gnubg_moves.txt"
GAMES = 60
SCATTERS = 3600
rng = random.Random(1130)


def pid(mover, opp):
    # gnubg's board tuple is (player not on roll, player on roll); index j = point j+1, 24 = bar.
    return gnubg.positionid((tuple(opp), tuple(mover)))


def apply_play(mover, opp, steps):
    m = list(mover)
    o = list(opp)
    for frm, to in steps:
        assert m[frm - 1] > 0, (mover, opp, steps)
        m[frm - 1] -= 1
        if to > 0:
            if o[24 - to] == 1:  # the mover's point `to` is the opponent's point 25 - to
                o[24 - to] = 0
                o[24] += 1
            assert o[24 - to] == 0, (mover, opp, steps)
            m[to - 1] += 1
    return m, o


def plays(mover, opp, d1, d2):
    gnubg.command("set board " + pid(mover, opp))
    gnubg.command("set dice %d %d" % (d1, d2))
    h = gnubg.hint(100000)
    out = []
    for entry in h["hint"]:
        steps = gnubg.parsemove(entry["move"])
        out.append(apply_play(mover, opp, steps))
    ids = [pid(m, o) for m, o in out]
    assert len(set(ids)) == len(ids), ("duplicate resulting positions", ids)
    return out, ids


lines = []


def record(mover, opp, d1, d2):
    res, ids = plays(mover, opp, d1, d2)
    lines.append("%s %d %d %d%s" % (pid(mover, opp), d1, d2, len(ids),
                                    "".join(" " + i for i in sorted(ids))))
    return res


def game_over(mover, opp):
    return sum(mover) == 0 or sum(opp) == 0


def random_game():
    mover = [0] * 25
    mover[23], mover[12], mover[7], mover[5] = 2, 5, 3, 5
    opp = list(mover)
    greedy = rng.random()  # how often this game takes gnubg's best play
    while not game_over(mover, opp):
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        res = record(mover, opp, d1, d2)
        if res:
            m, o = res[0] if rng.random() < greedy else rng.choice(res)
        else:
            m, o = mover, opp
        mover, opp = o, m  # the other side to move


def place(board, other, j, n):
    # puts n checkers of `board` on index j if `other` does not hold that point
    if j != 24 and other[23 - j] > 0:
        return False
    board[j] += n
    return True


def scatter(kind):
    m = [0] * 25
    o = [0] * 25
    if kind == "closed":
        # opponent holds k of its home points (the mover's entry points), mover has 1-4 on the bar
        pts = rng.sample(range(6), rng.choice([4, 5, 5, 6, 6]))
        for j in pts:
            o[j] = rng.choice([2, 2, 3])
        m[24] = rng.randint(1, 4)
    elif kind == "prime":
        # a prime of 4-6 points in front of the mover's back checkers
        start = rng.randrange(0, 14)
        for j in range(start, start + rng.randint(4, 6)):
            o[j] = 2
        back = 24 - start
        for _ in range(rng.randint(1, 4)):
            j = rng.randrange(min(back, 23), 24)
            place(m, o, j, 1)
    elif kind == "bearoff":
        for _ in range(rng.randint(1, 15)):
            place(m, o, rng.randrange(0, 6), 1)
        if rng.random() < 0.5:  # contact: opponent checkers still behind, maybe in the mover's home
            for _ in range(rng.randint(1, 4)):
                place(o, m, rng.randrange(17, 25), 1)
    elif kind == "blots":
        for _ in range(rng.randint(3, 10)):
            place(m, o, rng.randrange(0, 25), 1)
        for _ in range(rng.randint(3, 10)):
            place(o, m, rng.randrange(0, 25), 1)
    # fill the rest anywhere, keeping at most 15 a side
    nm = rng.randint(min(sum(m), 15), 15)
    no = rng.randint(min(sum(o), 15), 15)
    spread_m = range(25) if kind in ("any", "blots") else (range(6) if kind == "bearoff" else range(24))
    tries = 0
    while sum(m) < nm and tries < 200:
        tries += 1
        place(m, o, rng.choice(spread_m), 1)
    tries = 0
    while sum(o) < no and tries < 200:
        tries += 1
        place(o, m, rng.randrange(0, 25 if kind in ("any", "blots") else 24), 1)
    return m, o


def main():
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    gnubg.command("set evaluation chequerplay evaluation plies 0")
    gnubg.command("new game")
    for g in range(GAMES):
        random_game()
        sys.stderr.write("game %d: %d cases\n" % (g, len(lines)))
    kinds = ["any", "closed", "prime", "bearoff", "blots"]
    done = 0
    while done < SCATTERS:
        kind = kinds[done % len(kinds)]
        m, o = scatter(kind)
        if game_over(m, o) or sum(m) > 15 or sum(o) > 15:
            continue
        if rng.random() < (0.75 if kind in ("prime", "closed") else 0.4):
            d = rng.randint(1, 6)
            d1, d2 = d, d
        else:
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        record(m, o, d1, d2)
        done += 1
    with open(OUT + ".tmp", "w") as f:
        for line in lines:
            f.write(line + "\n")
    os.replace(OUT + ".tmp", OUT)


main()
