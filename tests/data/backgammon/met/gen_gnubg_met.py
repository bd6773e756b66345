#!/usr/bin/env python3
"""The GNU Backgammon oracle of tests/backgammon/test_met_gnubg.cpp: writes gnubg_met.txt here.

    /usr/bin/python3 tests/data/backgammon/met/gen_gnubg_met.py [gnubg] [met folder]

(defaults: /usr/games/gnubg and /usr/share/gnubg/met, Debian's gnubg and gnubg-data 1.07.)
It runs gnubg twice:

1. `gnubg -t -q -p <this file>`: inside gnubg, its Python module (`import gnubg`) loads every
   match equity table (`set matchequitytable FILE`) and dumps what gnubg made of it:
   `gnubg.met(n)` (pre-Crawford n x n and both post-Crawford rows to 64-away; n = 64 for the
   default Kazaross-XG2, woolsey and the two computed tables, mec and zadeh, 25 for the
   others), and for three tables (Kazaross-XG2; jac050, whose seats differ; woolsey, 15 points
   long) at every score to 15-away: the MWC of player 0 after either player wins 1, 2, 3, 4, 6,
   8, 12, 16, 24, 32, 48 points (the cubeless results at cube 1..16:
   `gnubg.eq2mwc(+1 or -1, gnubg.cubeinfo(points, ...))`), and `gnubg.mwc2eq(0.3, ...)` at
   cube 1 and 4 for both players. Then, with Kazaross-XG2, six contact positions (random,
   seeded, chosen for their spread of winning chances) and their 0-ply cubeless chances
   (`gnubg.evaluate`), and at every score to 15-away gnubg's 0-ply cubeful MWC of player 0 on
   roll not doubling and doubling, taken (`gnubg.cfevaluate`), for a centered cube and cubes of
   1..16 held by player 0, where player 0 may double.
2. `gnubg -t -q` reading commands: `show marketwindow g0 g1 b0 b1` at every score to 15-away
   (post-Crawford at 1-away), cube values 1..16 below the larger away, for both doublers (two
   sets of gammon rates for Kazaross-XG2, one for jac050 and woolsey; gnubg prints them to
   0.01 %), and in money play the dead and live (cube efficiency 0 and 1) take, beaver, initial
   double, redouble and cash points (to 0.001 %) for four sets of rates, without the Jacoby
   rule and with it (beavers off).

Line formats of gnubg_met.txt (figures are player 0's unless said):
    met FILE LENGTH N            the table gnubg loaded from FILE; then
    pre ROW v1 .. vN             ROW = player 0's away, v = against 1..N-away
    post PLAYER v1 .. v64        that player trailing at 1..64-away against the 1-away leader
    res FILE A0 A1 W v1 .. v11   player W wins 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48 points
    eq FILE A0 A1 CUBE PLAYER e  mwc2eq(0.3) for PLAYER
    pos N CLASS P WG WBG LG LBG  a contact position N: gnubg's class and 0-ply cubeless chances
                                 (win, gammon and backgammon included, as gnubg gives them)
    cf N A0 A1 [CUBE OWNER nd dt]...  Kazaross-XG2, position N, player 0 on roll: gnubg's 0-ply
                                 cubeful MWC of player 0 not doubling and doubling (taken);
                                 OWNER -1 centered, 0 player 0
    mw FILE A0 A1 CUBE G0 G1 B0 B1 DOUBLER KIND dp cp   KIND: dead, live, auto (the taker's
                                 automatic redouble), in percent
    money G0 G1 B0 B1 JACOBY PLAYER POINT dead live     in percent
"""
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

TABLES = ["Kazaross-XG2", "Rockwell-Kazaross", "g11", "jac050", "jac100", "jacobs", "mec26", "ortega",
          "snowie", "woolsey", "zadeh", "mec"]
# dumped to 64-away (25 and 15 long; computed); the others to 25-away
FULL = {"Kazaross-XG2", "woolsey", "zadeh", "mec"}
RESULTS = ["Kazaross-XG2", "jac050", "woolsey"]
POINTS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48]
CUBES = [1, 2, 4, 8, 16]
MAX_AWAY = 15
RATE_SETS = {"A": (0.25, 0.20, 0.02, 0.01), "B": (0.10, 0.35, 0.00, 0.05)}
# (table, rate set, cube values) of the market windows
WINDOWS = [("Kazaross-XG2", "A", CUBES), ("Kazaross-XG2", "B", [1, 2]), ("jac050", "A", [1]), ("woolsey", "A", [1])]
MONEY_RATES = [(0.25, 0.20, 0.02, 0.01), (0.0, 0.0, 0.0, 0.0), (0.10, 0.35, 0.00, 0.05), (0.40, 0.15, 0.08, 0.0)]


def short(x):
    """The shortest decimal that reads back as the same float (gnubg's figures are floats)."""
    f = struct.unpack("f", struct.pack("f", x))[0]
    for digits in range(1, 10):
        s = "%.*g" % (digits, f)
        if struct.unpack("f", struct.pack("f", float(s)))[0] == f:
            return s
    return "%.9g" % f


def inside_gnubg(out_path, met_dir):
    out = open(out_path, "w")
    for name in TABLES:
        gnubg.command("set matchequitytable %s/%s.xml" % (met_dir, name))
        n = 64 if name in FULL else 25
        m = gnubg.met(n)
        out.write("met %s %d\n" % (name, n))
        for i, row in enumerate(m[0]):
            out.write("pre %d %s\n" % (i + 1, " ".join(repr(x) for x in row)))
        full = gnubg.met(64)
        for p in range(2):
            out.write("post %d %s\n" % (p, " ".join(repr(x) for x in full[1 + p])))
        if name not in RESULTS:
            continue
        L = 64
        for a0 in range(1, MAX_AWAY + 1):
            for a1 in range(1, MAX_AWAY + 1):
                score = (L - a0, L - a1)
                for w in range(2):
                    vals = []
                    for pts in POINTS:
                        ci = gnubg.cubeinfo(pts, -1, 0, L, score, 0)
                        vals.append(gnubg.eq2mwc(1.0 if w == 0 else -1.0, ci))
                    out.write("res %s %d %d %d %s\n" % (name, a0, a1, w, " ".join(repr(x) for x in vals)))
                for cube in (1, 4) if name == "Kazaross-XG2" else ():
                    for p in range(2):
                        ci = gnubg.cubeinfo(cube, -1, p, L, score, 0)
                        out.write("eq %s %d %d %d %d %r\n" % (name, a0, a1, cube, p, gnubg.mwc2eq(0.3, ci)))
    cube_decisions(out, met_dir)
    out.close()


def random_contact_boards(count):
    """Boards of 15 checkers a side on the 24 points (none shared), player on roll last, whose
    gnubg 0-ply winning chances spread over 0.3..0.85; contact positions (cube efficiency 0.68)."""
    rng = random.Random(20261206)
    ec = gnubg.evalcontext(1, 0, 0, 1, 0.0)
    ci = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0)
    found = []
    wanted = [0.3 + 0.55 * k / (count - 1) for k in range(count)]
    while wanted:
        own, opp = [0] * 25, [0] * 25
        for side in (own, opp):
            for _ in range(15):
                side[rng.randrange(24)] += 1
        if any(own[i] and opp[23 - i] for i in range(24)):
            continue
        board = (tuple(opp), tuple(own))
        if gnubg.classifypos(board) not in (9, 10):    # crashed or contact
            continue
        p = gnubg.evaluate(board, ci, ec)[0]
        for w in wanted:
            if abs(p - w) < 0.03:
                wanted.remove(w)
                found.append(board)
                break
    return found


def cube_decisions(out, met_dir):
    """gnubg's 0-ply cube decisions (cfevaluate: no double and double/take, in MWC) of player 0
    on roll at every score to 15-away of a 15-point match (post-Crawford at 1-away), for a
    centered cube of 1 and the cube of 1..16 held by player 0, where player 0 may double."""
    gnubg.command("set matchequitytable %s/Kazaross-XG2.xml" % met_dir)
    ec = gnubg.evalcontext(1, 0, 0, 1, 0.0)
    for n, board in enumerate(random_contact_boards(6)):
        probs = gnubg.evaluate(board, gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0), ec)[:5]
        out.write("pos %d %d %s\n" % (n, gnubg.classifypos(board), " ".join(repr(x) for x in probs)))
        for a0 in range(1, MAX_AWAY + 1):
            for a1 in range(1, MAX_AWAY + 1):
                fields = []
                for cube, owner in [(1, -1)] + [(c, 0) for c in CUBES]:
                    if a0 <= cube or (a0 == 1 and a1 > 1) or (a1 == 1 and a0 == 1):
                        continue
                    ci = gnubg.cubeinfo(cube, owner, 0, MAX_AWAY, (MAX_AWAY - a0, MAX_AWAY - a1), 0)
                    r = gnubg.cfevaluate(board, ci, ec)
                    fields += [str(cube), str(owner), repr(gnubg.eq2mwc(r[1], ci)), repr(gnubg.eq2mwc(r[2], ci))]
                if fields:
                    out.write("cf %d %d %d %s\n" % (n, a0, a1, " ".join(fields)))


def run_commands(gnubg_bin, lines):
    r = subprocess.run([gnubg_bin, "-t", "-q"], input="\n".join(lines) + "\nquit\ny\n", capture_output=True,
                       text=True, timeout=3600)
    return r.stdout


def windows(gnubg_bin, met_dir):
    cmds = ["set player 0 human", "set player 1 human", "new match %d" % MAX_AWAY]
    jobs = []
    for name, rate_set, cubes in WINDOWS:
        cmds.append("set matchequitytable %s/%s.xml" % (met_dir, name))
        for a0 in range(1, MAX_AWAY + 1):
            for a1 in range(1, MAX_AWAY + 1):
                cmds.append("set score %d %d" % (MAX_AWAY - a0, MAX_AWAY - a1))
                if a0 == 1 or a1 == 1:
                    cmds.append("set crawford off")
                for cube in cubes:
                    if cube >= max(a0, a1):
                        continue
                    cmds.append("set cube value %d" % cube)
                    cmds.append("show marketwindow %s %s %s %s" % RATE_SETS[rate_set])
                    jobs.append((name, a0, a1, cube, rate_set))
    out = run_commands(gnubg_bin, cmds)
    # Two sections a window, player 0's first (gnubg names the players itself).
    sections = re.split(r"Player \S+ market window:", out)[1:]
    assert len(sections) == 2 * len(jobs), (len(sections), len(jobs))
    lines = []
    kinds = {"Dead cube": "dead", "Dead cube (opponent doesn't redouble)": "dead",
             "Dead cube (opponent redoubles)": "auto", "Live cube": "live"}
    fields = [[] for _ in jobs]
    for n, section in enumerate(sections):
        for m in re.finditer(r"^(Dead cube|Dead cube \(opponent doesn't redouble\)|Dead cube \(opponent "
                             r"redoubles\)|Live cube): *([-0-9.na]+)% - +([-0-9.na]+)%", section, re.M):
            if "nan" not in m.group(2) and "nan" not in m.group(3):
                fields[n // 2] += [str(n % 2), kinds[m.group(1)], m.group(2), m.group(3)]
    for (name, a0, a1, cube, rate_set), f in zip(jobs, fields):
        lines.append("mw %s %d %d %d %s %s" % (name, a0, a1, cube, rate_set, " ".join(f)))
    # Money play.
    cmds = ["set player 0 human", "set player 1 human"]
    jobs = []
    for jacoby in (0, 1):
        # A session keeps the Jacoby rule it was started with.
        cmds.append("set jacoby %s" % ("on" if jacoby else "off"))
        cmds.append("set beavers 0")
        cmds.append("new session")
        for rates in MONEY_RATES:
            cmds.append("show marketwindow %s %s %s %s" % rates)
            jobs.append((jacoby, rates))
    out = run_commands(gnubg_bin, cmds)
    sections = re.split(r"Player \S+ cube parameters:", out)[1:]
    assert len(sections) == 2 * len(jobs), (len(sections), len(jobs))
    labels = {"Take Point (TP)": "take", "Beaver Point (BP)": "beaver", "Initial Double Point (IDP)": "initial",
              "Redouble Point (RDP)": "redouble", "Cash Point (CP)": "cash"}
    for n, section in enumerate(sections):
        jacoby, rates = jobs[n // 2]
        for m in re.finditer(r"^(.+?) +([0-9.]+)% +([0-9.]+)%", section, re.M):
            if m.group(1) in labels:
                lines.append("money %s %d %d %s %s %s" % (" ".join(str(x) for x in rates), jacoby, n % 2,
                                                       labels[m.group(1)], m.group(2), m.group(3)))
    return lines


def main():
    gnubg_bin = sys.argv[1] if len(sys.argv) > 1 else "/usr/games/gnubg"
    met_dir = sys.argv[2] if len(sys.argv) > 2 else "/usr/share/gnubg/met"
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as tmp:
        dump = os.path.join(tmp, "dump.txt")
        env = dict(os.environ, MET_ORACLE_OUT=dump, MET_ORACLE_DIR=met_dir)
        subprocess.run([gnubg_bin, "-t", "-q", "-p", os.path.abspath(__file__)], env=env, check=True,
                       capture_output=True, timeout=3600)
        raw = open(dump).read().splitlines()
    version = subprocess.run([gnubg_bin, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    lines = ["# GNU Backgammon's match equity figures (%s), written by gen_gnubg_met.py: see it for the formats." %
             version]
    for line in raw:
        f = line.split()
        if f[0] in ("pre", "post"):
            lines.append(" ".join(f[:2] + [short(float(x)) for x in f[2:]]))
        elif f[0] == "res":
            lines.append(" ".join(f[:5] + [short(float(x)) for x in f[5:]]))
        elif f[0] == "pos":
            lines.append(" ".join(f[:3] + [short(float(x)) for x in f[3:]]))
        elif f[0] == "cf":
            lines.append(" ".join(f[:4] + [x if k % 4 < 2 else short(float(x)) for k, x in enumerate(f[4:])]))
        elif f[0] == "eq":
            lines.append(" ".join(f[:6] + ["%.7g" % float(f[6])]))
        else:
            lines.append(line)
    lines += windows(gnubg_bin, met_dir)
    with open(os.path.join(here, "gnubg_met.txt"), "w") as out:
        out.write("\n".join(lines) + "\n")


try:
    import gnubg  # noqa: F401 (present only inside gnubg -t -p)
except ImportError:
    gnubg = None
if gnubg is not None:
    inside_gnubg(os.environ["MET_ORACLE_OUT"], os.environ["MET_ORACLE_DIR"])
elif __name__ == "__main__":
    main()
