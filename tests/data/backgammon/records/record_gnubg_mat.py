# Records matches and money sessions played inside GNU Backgammon itself and exports each as
# GNU Backgammon writes it, as test vectors for the .mat and .sgf readers and writers.
#
# Run (regenerates every file in this folder; GNU Backgammon 1.07 with its embedded Python):
#   cd tests/data/backgammon/records && gnubg -t -q -p record_gnubg_mat.py
# Environment: BR_RECORDS (default 16), BR_SEED (default 20261202), BR_OUT (default: this folder).
#
# Both players are human in gnubg; every decision is random (doubles, takes, drops, beavers,
# resignations accepted or rejected) and plays are gnubg's best at 0 ply; gnubg
# throws the dice (Mersenne Twister, seeded). For every record NAME this writes:
#   NAME.mat   gnubg's `export match mat`;
#   NAME.sgf   gnubg's `save match`;
#   NAME.ids   what gnubg says while playing, one line each:
#              `id <game> <GNUbg ID>` after every play (or throw that cannot be played), take and
#              beaver that leaves the game going, in the order made;
#              `game <k> winner <0|1> points <p> score <s0>-<s1>` per finished game;
#   NAME.decisions the GNUbg ID before every play (the dice thrown), double, take, drop and beaver
#              gnubg made, one a line, in order.
# Players are gnubg's player 0 (the left column of .mat) and 1.
import os
import random
import sys

import gnubg

OUT = os.environ.get("BR_OUT", os.path.dirname(os.path.abspath(__file__)) if "__file__" in globals() else ".")
N = int(os.environ.get("BR_RECORDS", "20"))
SEED = int(os.environ.get("BR_SEED", "20261202"))


def cmd(c):
    gnubg.command(c)


def games():
    return gnubg.match(0, 0)["games"]


def running():
    return gnubg.posinfo()["gamestate"] == 1


def record(rng, name, setup, max_games):
    ids = []
    decisions = []
    cmd("set rng mersenne")
    cmd("set seed %d" % rng.randrange(1 << 30))
    cmd("set player 0 human")
    cmd("set player 1 human")
    cmd("set player 0 name %s" % setup["names"][0])
    cmd("set player 1 name %s" % setup["names"][1])
    cmd("set automatic roll off")
    cmd("set automatic game on")
    cmd("set automatic move off")
    cmd("set evaluation chequerplay evaluation plies 0")
    cmd("set jacoby " + ("on" if setup.get("jacoby") else "off"))
    cmd("set automatic crawford " + ("off" if setup.get("nocrawford") else "on"))
    cmd("set automatic doubles 0")
    cmd("set beavers %d" % setup.get("beavers", 0))
    if setup["length"]:
        cmd("new match %d" % setup["length"])
    else:
        cmd("new session")
    score = [0, 0]
    done = 0

    def decided(ngames_before, id_before):
        # the ID before an action gnubg made
        if len(games()) != ngames_before or gnubg.gnubgid() != id_before or not running():
            decisions.append(id_before)

    def note(ngames_before, id_before):
        # an ID when gnubg made the action (the ID changed) and it left the same game going
        if running() and len(games()) == ngames_before and gnubg.gnubgid() != id_before:
            ids.append("id %d %s" % (ngames_before, gnubg.gnubgid()))

    while True:
        if setup["length"] and max(score) >= setup["length"]:
            break
        if done >= max_games:
            break
        pi = gnubg.posinfo()
        ci = gnubg.cubeinfo()
        if pi["gamestate"] != 1:
            raise RuntimeError("no game running but the match is not over")
        turn = pi["turn"]
        ng = len(games())
        before = gnubg.gnubgid()
        if pi["resigned"]:
            cmd(rng.choice(["accept", "accept", "reject"]))
        elif pi["doubled"] and setup.get("beavers") and rng.random() < 0.4:
            cmd("beaver")
            decided(ng, before)
            note(ng, before)
        elif pi["doubled"]:
            if rng.random() < 0.8:
                cmd("take")
                decided(ng, before)
                note(ng, before)
            else:
                cmd("drop")
                decided(ng, before)
        elif pi["dice"][0] == 0:
            r = rng.random()
            owner = ci["cubeowner"]
            may_double = not ci["crawford"] and owner in (-1, turn)
            if may_double and r < 0.08:
                cmd("double")
                decided(ng, before)
            elif r < 0.085:
                cmd("resign " + rng.choice(["normal", "normal", "gammon", "backgammon"]))
            else:
                cmd("roll")
                if gnubg.posinfo()["turn"] != turn or not running():
                    note(ng, before)  # no legal play: the turn passed
        else:
            if rng.random() < 0.005:
                cmd("resign " + rng.choice(["normal", "gammon", "backgammon"]))
            else:
                # gnubg's best play at 0 ply (gnubg.hint would store its analysis in the .sgf)
                best = gnubg.findbestmove()
                cmd("move " + gnubg.movetupletostring(best, gnubg.board()))
                decided(ng, before)
                note(ng, before)
        gl = games()
        finished = [g for g in gl if g["info"]["winner"] is not None]
        for gi in range(done, len(finished)):
            info = gl[gi]["info"]
            w = 0 if info["winner"] == "X" else 1
            score[w] += info["points-won"]
            ids.append("game %d winner %d points %d score %d-%d" % (gi + 1, w, info["points-won"], score[0], score[1]))
        done = len(finished)
    path = os.path.join(OUT, name)
    cmd("export match mat %s.mat" % path)
    cmd("save match %s.sgf" % path)
    with open(path + ".ids", "w") as f:
        f.write("\n".join(ids) + "\n")
    with open(path + ".decisions", "w") as f:
        f.write("\n".join(decisions) + "\n")


def main():
    rng = random.Random(SEED)
    setups = [
        {"length": 1},
        {"length": 3},
        {"length": 5},
        {"length": 7},
        {"length": 9},
        {"length": 0, "beavers": 2},
        {"length": 5, "nocrawford": True},
        {"length": 0},
        {"length": 0, "jacoby": True},
        {"length": 0, "jacoby": True, "beavers": 1},
    ]
    names = [("gnubg", "opponent"), ("Alice", "Bob")]
    for i in range(N):
        s = dict(setups[i % len(setups)])
        s["names"] = names[(i // len(setups)) % len(names)]
        kind = ("match%d" % s["length"] if s["length"] else "money") + ("_nocrawford" if s.get("nocrawford") else "") + \
            ("_jacoby" if s.get("jacoby") else "") + ("_beavers%d" % s["beavers"] if s.get("beavers") else "")
        name = "gnubg_%02d_%s" % (i + 1, kind)
        record(rng, name, s, 1000 if s["length"] else rng.randrange(2, 6))
        sys.stderr.write("recorded %s\n" % name)


main()
