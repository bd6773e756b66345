#!/usr/bin/env python3
"""The GNU Backgammon oracle of tests/backgammon/test_cube_decision_gnubg.cpp: writes gnubg_cube.txt here.

    /usr/bin/python3 tests/data/backgammon/cube/gen_gnubg_cube.py [gnubg]
    /usr/bin/python3 tests/data/backgammon/cube/gen_gnubg_cube.py --hyper [gnubg]   (as root)

(default /usr/games/gnubg: Debian's gnubg 1.07.001, whose two-sided bear-off database is
/var/lib/gnubg/gnubg_ts0.bd, the 6x6 cubeful database `makebearoff -t 6x6` writes, built when the
package is installed; the script checks that gnubg's evaluator of these positions is that
database, "Bearoff2".) With `--two-ply` it also asks gnubg's default (2-ply) match decisions and
prints how many differ from the 0-ply ones, writing nothing.

Random two-sided bear-off positions (each side 1 to 6 checkers on its points 1..6, the rest
borne off, the player on roll X; drawn here, half of them with the pip counts near each other,
so that the cube decisions spread), each given to gnubg as an XGID (`set xgid`) with a cube
decision to make (dice 00), then `hint`, whose cube analysis is read:

- money: the cube centred at 1 or 2 or owned by the player on roll at 2, 4 or 8, the Jacoby rule
  on or off, beavers on or off (the XGID's rules field); gnubg's default evaluation (its money
  decisions in these positions come from the database at any number of plies);
- match: lengths 1 to 15 (mostly 3 to 11), every kind of score (both far away, 2-away, 1-away
  after the Crawford game, the Crawford game itself), the cube centred or owned by either
  player at 1 to 16 where the score allows it; `set evaluation cubedecision evaluation plies
  0` (gnubg's 0-ply cubeful conversion of the database's chances; its default looks 2 plies
  ahead first).

The settings: `set player 0 human`, `set player 1 human`, `set display off`, `set output digits
6`, `set output mwc on`, `set output matchpc off` (match figures as MWC to 7 decimals); gnubg's
default match equity table (Kazaross-XG2). `set output digits 6` is repeated after each hint:
the line it prints separates the answers ("You cannot double." goes to stderr: an empty answer).

With `--hyper` it writes gnubg_cube_hyper1.txt instead: every position of 1-checker Hypergammon
(each side's checker on one of its 24 points or on the bar, not both on one point), once in
money play and once in match play (contexts drawn as above), `set variation
1-chequer-hypergammon`, gnubg's database built by its own `makehyper -c 1` (0.1 s). Debian's
gnubg reads hyper1.bd from /var/lib/gnubg, where none is installed: gnubg runs in a mount
namespace of its own (`unshare -m`, hence root) in which a temporary directory holding it is
mounted there; nothing outside changes.

Line format of gnubg_cube.txt and gnubg_cube_hyper1.txt (after '#' comments):
    KIND XGID ACTION [ND DT DP]
KIND money or match; ACTION gnubg's "Proper cube action" with '_' for spaces ("Double,_take",
"No_redouble,_beaver", ...), or "cannot" when gnubg says the player on roll cannot double (no
figures then); ND DT DP gnubg's cubeful equities of no double, double/take and double/pass of the
player on roll: money equities per unit of cube, match MWC.
"""
import os
import random
import re
import subprocess
import sys
import tempfile

SEED = 20261207
MONEY_CASES = 2000
MATCH_CASES = 3000
DATABASE = "/var/lib/gnubg/gnubg_ts0.bd"
# Last-roll positions, money, cube centred (X's points 1..6, O's): two checkers on the 2-point
# against one on the 1-point (26/36 to win: double, take, +0.444); one on the 6-point against one
# on the 2-point; two on the 5-point against one on the 1-point.
FIXED = [([0, 2, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]), ([0, 0, 0, 0, 0, 1], [0, 1, 0, 0, 0, 0]),
         ([0, 0, 0, 0, 2, 0], [1, 0, 0, 0, 0, 0])]


def side(rng):
    """A side's checkers on its points 1..6: a list of 6 counts, 1 to 6 checkers."""
    n = rng.randint(1, 6)
    pts = [0] * 6
    for _ in range(n):
        pts[rng.randrange(6)] += 1
    return pts


def pips(pts):
    return sum((i + 1) * c for i, c in enumerate(pts))


def position(rng):
    """(X's points, O's points): uniform a quarter of the time, else pip counts near each other."""
    if rng.random() < 0.25:
        return side(rng), side(rng)
    while True:
        x, o = side(rng), side(rng)
        if -6 <= pips(o) - pips(x) <= 4:
            return x, o


def xgid_board(x, o):
    cells = ["-"] * 26
    for i, c in enumerate(x):
        if c:
            cells[1 + i] = chr(ord("A") + c - 1)
    for i, c in enumerate(o):
        if c:
            cells[24 - i] = chr(ord("a") + c - 1)
    return "".join(cells)


def money_case(rng):
    x, o = position(rng)
    cube, pos = rng.choice([(0, 0), (0, 0), (1, 0), (1, 1), (1, 1), (2, 1), (3, 1), (1, -1)])
    rules = rng.randrange(4)  # bit 0 Jacoby, bit 1 beavers
    return "XGID=%s:%d:%d:1:00:0:0:%d:0:10" % (xgid_board(x, o), cube, pos, rules)


def match_case(rng):
    x, o = position(rng)
    length = rng.choice([1, 2, 3, 3, 5, 5, 5, 7, 7, 7, 7, 9, 9, 11, 11, 15])
    kind = rng.random()
    leader = length - 1
    if length == 1:  # both 1-away: no cube
        sx, so, crawford = 0, 0, 0
    elif kind < 0.2:  # one of them 1-away (the trailer or the leader on roll): post-Crawford, or the Crawford game
        trailer = rng.randrange(length - 1)
        sx, so = (leader, trailer) if rng.random() < 0.5 else (trailer, leader)
        crawford = 1 if kind < 0.05 else 0
    else:
        sx, so, crawford = rng.randrange(length - 1), rng.randrange(length - 1), 0
    # The cube: centred at 1, or a value below X's away (so that X may double) held by X, now
    # and then by O (X cannot double), or anywhere up to 16.
    away_x = length - sx
    if crawford or length == 1:
        cube, pos = 0, 0
    elif rng.random() < 0.85:
        below = [c for c in range(5) if (1 << c) < away_x] or [0]
        cube = rng.choice(below)
        pos = 0 if cube == 0 else rng.choice([1, 1, 1, 1, -1])
    else:
        cube = rng.randrange(5)
        pos = 0 if cube == 0 else rng.choice([1, -1])
    # XGID score fields: X's then O's; X (player 1) is on roll.
    return "XGID=%s:%d:%d:1:00:%d:%d:%d:%d:10" % (xgid_board(x, o), cube, pos, sx, so, crawford, length)


def run(gnubg_bin, settings, xgids, hyper_dir=None):
    """gnubg's hint for each XGID: (action, [nd, dt, dp]) or ("cannot", []). With `hyper_dir`, gnubg
    plays 1-checker Hypergammon with the database of that directory mounted on /var/lib/gnubg."""
    cmds = ["set display off", "set player 0 human", "set player 1 human", "set output mwc on",
            "set output matchpc off"] + settings + ["set output digits 6"]
    for x in xgids:
        cmds += ["set xgid " + x, "hint", "set output digits 6"]
    command = [gnubg_bin, "-t", "-q"]
    if hyper_dir:
        cmds = ["set variation 1-chequer-hypergammon", "new session"] + cmds
        command = ["unshare", "-m", "sh", "-c", 'mount --bind "$0" /var/lib/gnubg && exec "$1" -t -q', hyper_dir,
                   gnubg_bin]
    r = subprocess.run(command, input="\n".join(cmds) + "\nquit\ny\n", capture_output=True, text=True,
                       timeout=7200)
    chunks = r.stdout.split("Probabilities and equities will be shown with 6 digits after the decimal separator\n")
    answers = chunks[1:len(xgids) + 1]
    assert len(answers) == len(xgids), (len(answers), len(xgids))
    out = []
    for x, a in zip(xgids, answers):
        if "Cube analysis" not in a:
            out.append(("cannot", []))
            continue
        eq = {}
        for m in re.finditer(r"^\d\. (No double|Double, take|Double, pass) +([-+0-9.]+)", a, re.M):
            eq[m.group(1)] = m.group(2)
        action = re.search(r"^Proper cube action: (.+?)(?: \([0-9.]+%\))?$", a, re.M).group(1)
        assert len(eq) == 3, (x, a)
        out.append((action.replace(" ", "_"), [eq["No double"], eq["Double, take"], eq["Double, pass"]]))
    return out


def check_database(gnubg_bin):
    with open(DATABASE, "rb") as f:
        header = f.read(16)
    assert header == b"gnubg-TS-06-06-1", header
    r = subprocess.run([gnubg_bin, "-t", "-q"], input="set xgid %s\neval\nquit\ny\n" % fixed_case(*FIXED[0]),
                       capture_output=True, text=True, timeout=600)
    assert re.search(r"^Evaluator: \tBearoff2", r.stdout, re.M), r.stdout


def fixed_case(x, o):
    return "XGID=%s:0:0:1:00:0:0:0:0:10" % xgid_board(x, o)


def hyper_board(x, o):
    """The XGID board of X's checker at its point x and O's at its point o (25: the bar)."""
    cells = ["-"] * 26
    cells[x] = "A"
    cells[25 - o] = "a"
    return "".join(cells)


def hyper_main(gnubg_bin):
    rng = random.Random(SEED + 1)
    money, match = [], []
    for x in range(1, 26):
        for o in range(1, 26):
            if x < 25 and o < 25 and x == 25 - o:
                continue  # both on one point
            board = hyper_board(x, o)
            money.append("XGID=%s:%s" % (board, money_case(rng).split(":", 1)[1]))
            match.append("XGID=%s:%s" % (board, match_case(rng).split(":", 1)[1]))
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["/usr/games/makehyper", "-c", "1", "-f", "hyper1.bd"], cwd=tmp, check=True,
                       capture_output=True, timeout=600)
        money_answers = run(gnubg_bin, [], money, tmp)
        match_answers = run(gnubg_bin, ["set evaluation cubedecision evaluation plies 0"], match, tmp)
    return money, money_answers, match, match_answers


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    gnubg_bin = args[0] if args else "/usr/games/gnubg"
    version = subprocess.run([gnubg_bin, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    if "--hyper" in sys.argv:
        money, money_answers, match, match_answers = hyper_main(gnubg_bin)
        write("gnubg_cube_hyper1.txt",
              ["# GNU Backgammon's cube decisions in 1-checker Hypergammon (%s, its database from" % version,
               "# makehyper -c 1), written by gen_gnubg_cube.py --hyper: see it for the settings and the format."],
              money, money_answers, match, match_answers)
        return
    check_database(gnubg_bin)
    rng = random.Random(SEED)
    money = [fixed_case(x, o) for x, o in FIXED] + [money_case(rng) for _ in range(MONEY_CASES - len(FIXED))]
    match = [match_case(rng) for _ in range(MATCH_CASES)]
    match_answers = run(gnubg_bin, ["set evaluation cubedecision evaluation plies 0"], match)
    if "--two-ply" in sys.argv:
        deep = run(gnubg_bin, [], match)
        usable = [(a, b) for a, b in zip(match_answers, deep) if a[0] != "cannot"]
        differ = sum(1 for a, b in usable if a[0] != b[0])
        print("match: %d decisions, %d differ at 2 plies (%.1f %%)" % (len(usable), differ, 100.0 * differ /
                                                                        len(usable)))
        for (a, b), x in zip(zip(match_answers, deep), match):
            if a[0] != "cannot" and a[0] != b[0]:
                print("  %s 0-ply %s, 2-ply %s" % (x, a[0], b[0]))
        return
    money_answers = run(gnubg_bin, [], money)
    write("gnubg_cube.txt",
          ["# GNU Backgammon's cube decisions (%s, two-sided bear-off database %s), written by" % (version, DATABASE),
           "# gen_gnubg_cube.py: see it for the settings and the format."], money, money_answers, match,
          match_answers)


def write(name, header, money, money_answers, match, match_answers):
    lines = list(header)
    for kind, xgids, answers in (("money", money, money_answers), ("match", match, match_answers)):
        for x, (action, figures) in zip(xgids, answers):
            lines.append(" ".join([kind, x, action] + figures))
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, name), "w") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
