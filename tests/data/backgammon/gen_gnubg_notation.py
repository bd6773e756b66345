# Regenerates gnubg_notation.txt: plays in GNU Backgammon's own move notation, with the position
# each one reaches. One line per play:
#
#   <position id> <d1> <d2> <resulting position id> <move text>
#
# the resulting Position ID NOT flipped (the player who moved stays the player on roll), the move
# text exactly as gnubg's hint list writes it (its FormatMove: chains, `*` hits, `(n)` repeats).
#
# Command (GNU Backgammon 1.07.001, Debian package gnubg; about two minutes on one core):
#
#   cd tests/data/backgammon && /usr/games/gnubg -t -q -p gen_gnubg_notation.py > /dev/null
#
# How: the (position, dice) cases are those of gnubg_moves.txt (random games and scatters). For
# each, `set board <id>`, `set dice <d1> <d2>`, gnubg.hint(100000) at 0 ply lists every legal
# play with its text; every play is kept for one case in ten, two random plays otherwise (fixed
# seed). Each text is parsed by gnubg.parsemove() and applied here plainly (move a checker; a lone
# opposing checker on the landing point goes to its bar); the ID is written by gnubg.positionid().
# Nothing here comes from the boardrules C++ library.
import os
import random
import gnubg

OUT = "gnubg_notation.txt"
rng = random.Random(1201)


def apply_play(board, steps):
    opp = list(board[0])
    m = list(board[1])
    for frm, to in steps:
        assert m[frm - 1] > 0, (board, steps)
        m[frm - 1] -= 1
        if to > 0:
            if opp[24 - to] == 1:
                opp[24 - to] = 0
                opp[24] += 1
            assert opp[24 - to] == 0, (board, steps)
            m[to - 1] += 1
    return (tuple(opp), tuple(m))


def main():
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    gnubg.command("set evaluation chequerplay evaluation plies 0")
    gnubg.command("new game")
    lines = []
    with open("gnubg_moves.txt") as f:
        cases = [ln.split()[:3] for ln in f if ln.strip()]
    for n, (pid, d1, d2) in enumerate(cases):
        gnubg.command("set board " + pid)
        gnubg.command("set dice %s %s" % (d1, d2))
        board = gnubg.positionfromid(pid)
        h = gnubg.hint(100000)
        moves = [e["move"] for e in h["hint"]]
        if not moves:
            continue
        keep = moves if n % 10 == 0 else rng.sample(moves, min(2, len(moves)))
        for mv in keep:
            after = apply_play(board, gnubg.parsemove(mv))
            lines.append("%s %s %s %s %s" % (pid, d1, d2, gnubg.positionid(after), mv))
    with open(OUT + ".tmp", "w") as f:
        for line in lines:
            f.write(line + "\n")
    os.replace(OUT + ".tmp", OUT)


main()
