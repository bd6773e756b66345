# Records random backgammon matches and money sessions played inside GNU Backgammon itself, as
# test vectors for `backgammon replay`.
#
# Run (regenerates every vector in this folder; GNU Backgammon 1.07 with its embedded Python):
#   cd tests/data/backgammon/replays && gnubg -t -q -p record_gnubg.py
# Environment: BR_RECORDS (default 40), BR_SEED (default 20261130), BR_OUT (default: this folder).
# With BR_BEAVERS=1 it records money sessions with beavers and raccoons instead (gnubg's
# `set beavers K`, K = 1, 2, 3 in turn, with and without the Jacoby rule), named
# gnubg_bNN_money_beaversK*.txt; the 24 in this folder were made with
#   BR_BEAVERS=1 BR_RECORDS=24 gnubg -t -q -p record_gnubg.py
#
# Both players are human in gnubg. Every decision is random: doubles, takes, drops, resignations
# with acceptance or rejection, and plays drawn from gnubg's own list of the legal plays (hint at
# 0 ply). gnubg throws the dice (Mersenne Twister, seeded). For every record this writes:
#   NAME.txt       the replay input: `# options: ...` line, then one action per line
#                  (roll, move, double, take, drop, resign, accept, reject) exactly as gnubg saw them;
#   NAME.expected  what gnubg says: `game <k> winner <0|1> points <p> score <s0>-<s1>` per finished
#                  game, then, if the match/session is still going, `id <GNUbg ID>` from gnubg.
# Players are gnubg's player 0 and 1 (Match ID numbering); in gnubg's Python match record the
# letter 'X' names player 0 and 'O' player 1.
# Equal opening throws are re-thrown inside gnubg and not recorded by it; when automatic doubles
# doubled the cube, one `roll n n` line per automatic double is written (the value of n is unknown
# and does not matter, BG-9.1).
import os
import random
import sys

import gnubg

OUT = os.environ.get("BR_OUT", os.path.dirname(os.path.abspath(__file__)) if "__file__" in globals() else ".")
N = int(os.environ.get("BR_RECORDS", "40"))
SEED = int(os.environ.get("BR_SEED", "20261130"))


def cmd(c):
    gnubg.command(c)


def state():
    return gnubg.posinfo(), gnubg.cubeinfo()


def games():
    return gnubg.match(0, 0)["games"]


def last_entries():
    g = games()
    return g[-1]["game"] if g else ()


def steps_of(move):
    # gnubg's Python move tuple: ((from, to), ...) in the mover's numbering, 25 = bar, 0 = off.
    out = []
    for a, b in move:
        if not (0 <= b < a <= 25):
            raise RuntimeError("unexpected move tuple %r" % (move,))
        out.append("%d/%d" % (a, b))
    return " ".join(out)


def resign(kind, name, lines):
    cmd("resign " + {"single": "normal"}.get(kind, kind))
    if gnubg.posinfo()["resigned"]:
        lines.append("resign " + kind)
    else:
        # gnubg refuses an offer not above one the opponent has just declined (the library too)
        lines.append("# gnubg refused: resign " + kind)


def record(rng, name, setup, limit, max_games):
    lines, expected = [], []
    options = setup["options"]
    lines.append("# recorded by record_gnubg.py inside GNU Backgammon (%s)" % name)
    lines.append("# options: " + options)
    cmd("set rng mersenne")
    cmd("set seed %d" % rng.randrange(1 << 30))
    cmd("set player 0 human")
    cmd("set player 1 human")
    cmd("set automatic roll off")
    cmd("set automatic game on")
    cmd("set evaluation chequerplay evaluation plies 0")
    cmd("set jacoby " + ("on" if setup.get("jacoby") else "off"))
    cmd("set automatic doubles %d" % setup.get("auto", 0))
    cmd("set beavers %d" % setup.get("beavers", 0))
    if setup["length"]:
        cmd("new match %d" % setup["length"])
    else:
        cmd("new session")
    score = [0, 0]
    ngames_done = 0
    actions = 0
    refused = 0

    def opening():
        pi, ci = state()
        on_roll = pi["turn"]
        hi, lo = max(pi["dice"]), min(pi["dice"])
        k = ci["cube"].bit_length() - 1
        for _ in range(k):
            lines.append("roll 3 3  # equal opening throw: automatic double")
        lines.append("roll %d %d" % ((hi, lo) if on_roll == 0 else (lo, hi)))

    opening()
    opened_games = 1
    while True:
        if setup["length"] and max(score) >= setup["length"]:
            break
        pi, ci = state()
        if ngames_done >= max_games or actions >= limit:
            break
        if pi["gamestate"] != 1:
            raise RuntimeError("no game running but the match is not over")
        actions += 1
        turn = pi["turn"]
        if pi["resigned"]:
            c = rng.choice(["accept", "reject"])
            cmd(c)
            lines.append(c)
        elif pi["doubled"] and setup.get("beavers") and rng.random() < 0.4:
            # a beaver, or a raccoon when the doubler answers a beaver (gnubg: redouble at once)
            before = gnubg.cubeinfo()["beavers"]
            cmd("beaver")
            if gnubg.cubeinfo()["beavers"] == before + 1:
                lines.append("beaver")
            else:
                lines.append("# gnubg refused: beaver")
        elif pi["doubled"]:
            c = "take" if rng.random() < 0.7 else "drop"
            cmd(c)
            lines.append(c)
        elif pi["dice"][0] == 0:
            r = rng.random()
            owner = ci["cubeowner"]
            may_double = not ci["crawford"] and owner in (-1, turn)
            if may_double and r < 0.10:
                before = gnubg.gnubgid()
                cmd("double")
                if gnubg.posinfo()["doubled"]:
                    lines.append("double")
                else:
                    refused += 1
                    sys.stderr.write("%s: gnubg refused a double at %s (dead cube)\n" % (name, before))
                    # gnubg refuses doubles with a dead cube in match play (e.g. any double in a
                    # 1-point match); the library allows them (BG-10.3 decision): not recorded.
            elif r < 0.13:
                kind = rng.choice(["single", "single", "gammon", "backgammon"])
                resign(kind, name, lines)
            else:
                g_before = len(games())
                n_before = len(last_entries())
                cmd("roll")
                pi2, _ = state()
                gl = games()
                if len(gl) != g_before:
                    raise RuntimeError("game changed on a roll")
                dice = gl[-1]["game"][-1].get("dice") if len(gl[-1]["game"]) > n_before else None
                if dice is None:
                    raise RuntimeError("no dice found after roll")
                lines.append("roll %d %d" % (dice[0], dice[1]))
                if pi2["turn"] != turn:
                    lines.append("move  # no legal play: the turn passes")
        else:
            if rng.random() < 0.02:
                kind = rng.choice(["single", "gammon", "backgammon"])
                resign(kind, name, lines)
            else:
                h = gnubg.hint(5000)
                moves = [m["move"] for m in h["hint"]]
                mv = rng.choice(moves)
                g_before = len(games())
                n_before = len(last_entries())
                cmd("move " + mv)
                gl2 = games()
                # gnubg replaces the entry of the throw by the entry of the play
                last = gl2[g_before - 1]["game"][-1]
                if last.get("action") != "move" or len(gl2[g_before - 1]["game"]) != n_before:
                    raise RuntimeError("move not recorded: %s %r" % (mv, last))
                lines.append("move " + steps_of(last["move"]) + "  # gnubg: " + mv)
        gl = games()
        finished = [g for g in gl if g["info"]["winner"] is not None]
        for gi in range(ngames_done, len(finished)):
            info = gl[gi]["info"]
            w = 0 if info["winner"] == "X" else 1
            score[w] += info["points-won"]
            expected.append("game %d winner %d points %d score %d-%d" % (gi + 1, w, info["points-won"], score[0], score[1]))
            lines.append("# game %d over" % (gi + 1))
        ngames_done = len(finished)
        if len(gl) > opened_games:
            opened_games = len(gl)
            opening()
    if not (setup["length"] and max(score) >= setup["length"]):
        expected.append("id " + gnubg.gnubgid())
    with open(os.path.join(OUT, name + ".txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(OUT, name + ".expected"), "w") as f:
        f.write("\n".join(expected) + "\n")
    return refused


def main():
    rng = random.Random(SEED)
    setups = []
    beavers = os.environ.get("BR_BEAVERS")
    for k in (1, 2, 3) if beavers else ():
        setups.append({"length": 0, "beavers": k, "options": "--money --beavers %d" % k})
        setups.append({"length": 0, "beavers": k, "jacoby": True, "options": "--money --jacoby --beavers %d" % k})
    for length in (() if beavers else (1, 3, 5, 7, 9)):
        setups.append({"length": length, "options": "--match %d" % length})
    if not beavers:
        setups.append({"length": 0, "options": "--money"})
        setups.append({"length": 0, "jacoby": True, "options": "--money --jacoby"})
        setups.append({"length": 0, "auto": 1, "options": "--money --auto-doubles 1"})
        setups.append({"length": 0, "jacoby": True, "auto": 2, "options": "--money --jacoby --auto-doubles 2"})
    total_refused = 0
    for i in range(N):
        s = setups[i % len(setups)]
        kind = "match%d" % s["length"] if s["length"] else "money" + ("_jacoby" if s.get("jacoby") else "") + \
            ("_auto%d" % s["auto"] if s.get("auto") else "") + ("_beavers%d" % s["beavers"] if s.get("beavers") else "")
        name = ("gnubg_b%02d_%s" if beavers else "gnubg_%02d_%s") % (i + 1, kind)
        # about a third of the records stop in the middle of a game (the final GNUbg ID matters)
        limit = rng.randrange(20, 400) if rng.random() < 0.35 else 100000
        max_games = rng.randrange(2, 9) if not s["length"] else 1000
        total_refused += record(rng, name, s, limit, max_games)
        sys.stderr.write("recorded %s\n" % name)
    sys.stderr.write("doubles refused by gnubg: %d\n" % total_refused)


main()
