#!/usr/bin/env python3
"""Tests of `backgammon ubgi` (the UBGI engine end) and `backgammon duel` (the host and referee),
docs/ubgi.md. usage: ubgi_check.py BACKGAMMON CASE [DATA_DIR]; `ubgi_check.py x --list` lists the cases.

The expected answers are worked out by hand (see each case); the duel cases compare a duel run in
process with the same duel over UBGI, and check how broken engines (ubgi_bad_engine.py) are reported.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BAD = os.path.join(HERE, "ubgi_bad_engine.py")
PY = sys.executable
OPENING_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10"
START_00 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:7:10"
DOUBLED = "XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:7:10"


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def session(prog, lines, args=()):
    """Runs `prog ubgi args` with the lines on stdin; its stdout lines and exit status."""
    p = subprocess.run([prog, "ubgi", *args], input="".join(l + "\n" for l in lines).encode("latin-1"),
                       capture_output=True, timeout=60)
    return p.stdout.decode("latin-1").splitlines(), p.returncode


def expect(cond, what, out):
    if not cond:
        fail(what + "\n--- output:\n" + "\n".join(out) if isinstance(out, list) else what + "\n--- output:\n" + out)


def steps(answer):
    """The steps of a `bestmove` answer, as a sorted list (their order is free)."""
    assert answer.startswith("bestmove ")
    return sorted(answer[len("bestmove "):].split())


def case_endpoint(prog, data):
    out, rc = session(prog, ["ubgi", "isready", "position xgid " + OPENING_31, "go role chequer", "quit",
                             "isready"])
    expect(rc == 0, "exit status 0 after quit", out)
    expect(out[0] == "id name boardrules heuristic", "id name first", out)
    expect("id author boardrules" in out and out.index("ubgiok") < out.index("readyok"), "handshake", out)
    # The heuristic bot makes its 5-point with the opening 3-1 (a point in its home board is its
    # largest bonus): 8/5 6/5. Nothing is answered after quit.
    expect(out[-1].startswith("bestmove") and steps(out[-1]) == ["6/5", "8/5"], "3-1 makes the 5-point", out)
    expect(out.count("readyok") == 1, "nothing after quit", out)


def case_endpoint_cube(prog, data):
    out, rc = session(prog, ["position xgid " + START_00, "go role cube", "go",
                             "position xgid " + DOUBLED, "go role cube",
                             "position xgid " + START_00, "go role chequer", "dice 3 1", "go role chequer"])
    # At the start (pips equal) the heuristic bot never doubles (it doubles with a lead of 8%) and
    # takes a double (no deficit); without dice there is no checker play; 3-1 as above.
    expect(out[:3] == ["bestcube nodouble", "bestcube nodouble", "bestcube take"], "cube answers", out)
    expect(out[3].startswith("error missing_context"), "no dice: missing_context", out)
    expect(steps(out[4]) == ["6/5", "8/5"], "dice command", out)
    expect(rc == 0, "exit status 0 at the end of input", out)
    # On the bar against a closed board (the opponent holds the six entry points): no play with
    # any throw, the turn passes: "bestmove pass", with the dice in the XGID or from `dice`.
    closed = "XGID=-BBBBBB------------bbbbbbA:0:0:1:%s:0:0:0:7:10"
    out, rc = session(prog, ["position xgid " + closed % "66", "go", "go role chequer",
                             "position xgid " + closed % "00", "dice 5 2", "go role chequer"])
    expect(out == ["bestmove pass"] * 3, "no play: pass", out)


def case_endpoint_errors(prog, data):
    out, rc = session(prog, ["go", "foo bar", "position xgid garbage", "position fen x", "dice 7 1", "dice 3",
                             "go role sideways", "set engine.bot nobody", "setoption name Seed value x",
                             "set engine.bot random", "get engine.bot", "get no.such", "\x01\x02\xff binary",
                             "x" * 100000, "position xgid " + OPENING_31[:-3], "", "   ", "isready"])
    want = ["error missing_context", "error unknown_command foo", "error bad_argument", "error bad_argument",
            "error bad_argument", "error bad_argument", "error bad_argument", "error bad_argument",
            "error bad_argument", "value engine.bot random", "error unsupported_feature",
            "error unknown_command \\x01\\x02\\xff", "error bad_argument a line longer than 65536 bytes",
            "error bad_argument", "readyok"]
    expect(len(out) == len(want), "one answer per bad line", out)
    for got, w in zip(out, want):
        expect(got.startswith(w), "expected '%s', got '%s'" % (w, got), out)
    expect(rc == 0, "exit status 0", out)
    # The seed's maximum, as the Seed option announces it (the `key` lines of `keys` too).
    out, rc = session(prog, ["setoption name Seed value 18446744073709551615", "get engine.seed",
                             "set engine.seed 18446744073709551616", "keys"])
    expect(out[0] == "value engine.seed 18446744073709551615", "the maximum seed", out)
    expect(out[1].startswith("error bad_argument engine.seed:") and "0..18446744073709551615" in out[1], "past it", out)
    expect("key engine.seed int 0..18446744073709551615 18446744073709551615" in out, "keys", out)


def case_endpoint_v01(prog, data):
    # What bgci and gnubg-ubgi send: the bare Position ID, the context commands, dice, go role.
    # At 0-0 of a 7-point match the heuristic bot does not double at the start (equal pips);
    # with 3-1 it makes its 5-point (8/5 6/5). A rejected position leaves none behind.
    out, rc = session(prog, ["ubgi", "isready", "newgame", "isready", "newsession type match length 7 crawford off",
                             "setscore 0 0", "setcube value 1 owner center", "setturn p0",
                             "position gnubgid 4HPwATDgc/ABMA", "go role cube", "dice 3 1", "go role chequer",
                             "go role turn", "position gnubgid 4HPwATDgc/ABM!", "go role chequer"])
    i = out.index("readyok")
    expect(out[i + 1:i + 2] == ["readyok"], "one readyok a question: the handshake's, then newgame's", out)
    rest = out[i + 2:]
    expect(rest[0] == "bestcube nodouble" and steps(rest[1]) == ["6/5", "8/5"], "cube and play", out)
    expect(rest[2] == "bestturn cube=nodouble move=8/5 6/5", "turn", out)
    expect(rest[3].startswith("error bad_argument position gnubgid") and
           rest[4].startswith("error missing_context position"), "no stale position", out)
    # Draft 0.01: a bare XGID, answered at once with a bare word.
    out, rc = session(prog, ["ubgi", OPENING_31, START_00, DOUBLED, "what now"])
    expect(out[-4:] == ["8/5 6/5", "roll", "take", "sorry"], "draft 0.01 answers", out)


def case_endpoint_database(prog, data):
    # The mover has checkers on its 2-point and two on its 3-point, the opponent one checker on
    # its 2-point (it wins next turn): 3-1 must bear both remaining checkers off next turn. After
    # 3/off 2/1 (3 and 1 left) only 1-2 fails (2/36); after 3/off 3/2 (2 and 2 left) every throw
    # with a 1 but 1-1 fails (10/36). The heuristic bot keeps the point (3/off 3/2); the
    # database bot, with the two-sided 3x3 database, plays 3/off 2/1.
    pos = "XGID=--AB-------------------a--:0:0:1:31:0:0:0:0:10"
    db = os.path.join(data, "backgammon", "bearoff", "ts3x3.bd")
    out, rc = session(prog, ["position xgid " + pos, "go role chequer"], ["--bot", "database", "--db", db])
    expect(rc == 0 and steps(out[0]) == ["2/1", "3/off"], "the database's play", out)
    out, rc = session(prog, ["position xgid " + pos, "go role chequer"], ["--bot", "heuristic"])
    expect(steps(out[0]) == ["3/2", "3/off"], "the heuristic bot's play", out)


def duel(prog, a, b, *args, timeout=120):
    p = subprocess.run([prog, "duel", a, b, "--quiet", *args], capture_output=True, text=True, timeout=timeout)
    return p.stdout, p.stderr, p.returncode


def ids_of(prog, path):
    p = subprocess.run([prog, "convert", "--from", "mat", "--to", "ids", path], capture_output=True, text=True)
    if p.returncode != 0:
        fail("the project's reader refuses %s: %s" % (path, p.stderr))
    return p.stdout


def case_duel_same(prog, data):
    # The same duel in process and over UBGI (two `backgammon ubgi` processes a thread): the same
    # results, and .mat records that the project's reader replays to the same decisions.
    with tempfile.TemporaryDirectory() as d1, tempfile.TemporaryDirectory() as d2:
        o1, e1, r1 = duel(prog, "heuristic", "random", "--pairs", "4", "--seed", "7", "--threads", "2", "--out", d1)
        o2, e2, r2 = duel(prog, prog + " ubgi --bot heuristic", prog + " ubgi --bot random", "--pairs", "4",
                          "--seed", "7", "--threads", "2", "--out", d2)
        expect(r1 == 0 and r2 == 0, "exit status 0", o1 + e1 + o2 + e2)
        expect(o1.splitlines()[1:] == o2.splitlines()[1:], "the same results", o1 + o2)
        expect("A = boardrules heuristic (UBGI v0.1), B = boardrules random (UBGI v0.1)" in o2,
               "engine names from id name, and their draft", o2)
        expect("errors: A 0, B 0" in o2, "no errors", o2)
        files = sorted(os.listdir(d1))
        expect(files == sorted(os.listdir(d2)) and len(files) == 8, "8 records", str(files))
        for f in files:
            expect(ids_of(prog, os.path.join(d1, f)) == ids_of(prog, os.path.join(d2, f)), "same record " + f, f)


def case_duel_same_cube(prog, data):
    # The cube bot decides by the match score, the Crawford game and the cube: all from the XGID.
    o1, e1, r1 = duel(prog, "cube", "heuristic", "--pairs", "3", "--seed", "11", "--match", "5")
    o2, e2, r2 = duel(prog, prog + " ubgi --bot cube", prog + " ubgi --bot heuristic", "--pairs", "3", "--seed", "11",
                      "--match", "5")
    expect(r1 == 0 and r2 == 0 and o1.splitlines()[1:] == o2.splitlines()[1:], "the same results", o1 + o2 + e1 + e2)


def case_duel_draft_forms(prog, data):
    # An engine answering v0.1's questions in draft 0.01's bare forms (bare moves "8-5 6-5",
    # double, roll, take, drop), and an engine of draft 0.01 (no ubgiok; bare XGID questions):
    # the same duel as in process.
    o1, e1, r1 = duel(prog, "heuristic", "random", "--pairs", "3", "--seed", "5")
    o2, e2, r2 = duel(prog, "%s %s %s bare 0" % (PY, BAD, prog), "random", "--pairs", "3", "--seed", "5")
    expect(r1 == 0 and r2 == 0 and o1.splitlines()[1:] == o2.splitlines()[1:], "the same results", o1 + o2 + e1 + e2)
    o3, e3, r3 = duel(prog, "%s %s %s draft 0" % (PY, BAD, prog), "random", "--pairs", "3", "--seed", "5")
    expect(r3 == 0 and o1.splitlines()[1:] == o3.splitlines()[1:], "draft 0.01: the same results", o1 + o3 + e3)
    expect("A = boardrules heuristic (UBGI draft 0.01)" in o3, "detected from the handshake", o3)


def case_duel_nocube(prog, data):
    # An engine that answers no cube question (as GNU Backgammon's UBGI fork): its cube decisions
    # are made by the built-in bot --cube-fallback names; the duel has no error. With the
    # heuristic bot as fallback, an engine that is the heuristic bot plays exactly as in process.
    o1, e1, r1 = duel(prog, "heuristic", "random", "--pairs", "3", "--seed", "9")
    o2, e2, r2 = duel(prog, "%s %s %s nocube 0" % (PY, BAD, prog), "random", "--pairs", "3", "--seed", "9",
                      "--cube-fallback", "heuristic")
    expect(r2 == 0 and o1.splitlines()[1:5] == o2.splitlines()[1:5], "the same results", o1 + o2 + e2)
    expect("cube decisions by the built-in heuristic bot" in o2 and "cube decisions of A made by the built-in "
           "heuristic bot: " in o2, "the fallback named", o2)
    # Options: sent as the engine announced them; an unknown one stops the duel before it starts.
    o3, e3, r3 = duel(prog, prog + " ubgi", "random", "--pairs", "1", "--option-a", "Bot=random")
    expect(r3 == 0 and "A = boardrules heuristic" in o3, "an option set", o3 + e3)
    o4, e4, r4 = duel(prog, prog + " ubgi", "random", "--pairs", "1", "--option-a", "Threads=4")
    expect(r4 == 1 and "the engine announced no option Threads" in e4, "an unknown option", o4 + e4)
    o5, e5, r5 = duel(prog, prog + " ubgi", "random", "--pairs", "1", "--option-a", "Bot=gnubg")
    expect(r5 == 1 and "'gnubg': one of random, heuristic, database, cube" in e5, "a refused value", o5 + e5)


def case_quickstart_engine(prog, data):
    # The engine of docs/ubgi.md (examples/quickstart_ubgi_engine.cpp), as bgci asks it, then in
    # full matches against the heuristic bot: every answer legal, no error.
    engine = os.path.join(os.path.dirname(prog), "quickstart_ubgi_engine")
    p = subprocess.run([engine], input="ubgi\nisready\nposition gnubgid 4HPwATDgc/ABMA\ndice 3 1\n"
                       "go role chequer\ngo role cube\nquit\n", capture_output=True, text=True, timeout=30)
    out = p.stdout.splitlines()
    expect(out[:3] == ["id name pips", "id author me", "id version 0.1"] and out[3:5] == ["ubgiok", "readyok"],
           "handshake", out)
    expect(len(out) == 7 and out[5].startswith("bestmove ") and out[6] == "bestcube nodouble",
           "a play, then no double at equal pips", out)
    o, e, r = duel(prog, engine, "heuristic", "--pairs", "2", "--seed", "4")
    expect(r == 0 and "A = pips (UBGI v0.1)" in o and "errors: A 0, B 0" in o, "a duel with no error", o + e)


def case_duel_mirror(prog, data):
    # Duplicate play: a bot against itself wins exactly one match of each pair (the second match
    # is the first with the seats swapped), so A's rate is 50% and its points per game 0.
    o, e, r = duel(prog, "heuristic", "heuristic", "--pairs", "5", "--seed", "3", "--match", "3")
    expect(r == 0 and "A won 5 of 10: 50.00% +- 0.00%" in o and "points per game +0.0000" in o, "mirror", o + e)


def bad_duel(prog, mode, nth, *args, pairs=2):
    engine = "%s %s %s %s %d" % (PY, BAD, prog, mode, nth)
    return duel(prog, engine, "heuristic", "--pairs", str(pairs), "--seed", "2", "--threads", "1", *args)


def check_reported(o, e, r, what, matches=4):
    expect(r == 3, "the duel goes on, and exits with 3: an engine erred", o + e)
    expect("engine A (boardrules heuristic), pair 1 match 1: " in e and "position XGID=" in e and what in e,
           "reported with the engine's name and the position: " + what, e)
    expect("errors: A %d, B 0; matches forfeited %d" % (matches, matches) in o, "every match forfeited", o + e)


def case_bad_illegal(prog, data):
    o, e, r = bad_duel(prog, "illegal", 3)
    check_reported(o, e, r, "the match is forfeited")
    expect("an illegal play '24/1 24/1'" in e or "a wrong answer to a cube decision: 'bestcube take'" in e,
           "what was wrong", e)


def case_bad_garbage(prog, data):
    o, e, r = bad_duel(prog, "garbage", 3)
    check_reported(o, e, r, "'\\x01\\x02 what is backgammon?'")


def case_bad_wrongcube(prog, data):
    o, e, r = bad_duel(prog, "wrongcube", 3)
    check_reported(o, e, r, "expected)")


def case_bad_crash(prog, data):
    o, e, r = bad_duel(prog, "crash", 3)
    check_reported(o, e, r, "the engine's output ended (exit status 3)")


def case_bad_hang(prog, data):
    # A time limit of 1 s (the good answers before must come in time on a loaded machine too).
    o, e, r = bad_duel(prog, "hang", 3, "--timeout", "1", pairs=1)
    check_reported(o, e, r, "no answer in time (the answer)", matches=2)


def case_bad_twice(prog, data):
    o, e, r = bad_duel(prog, "twice", 3)
    check_reported(o, e, r, "an answer to no question: 'best")


def case_bad_later(prog, data):
    # An engine that goes wrong after 40 good answers: the matches before go on as usual.
    # The records of forfeited matches (a Forfeit tag, the unfinished game last) still replay.
    with tempfile.TemporaryDirectory() as d:
        o, e, r = bad_duel(prog, "illegal", 40, "--out", d)
        played = int(re.search(r"\((\d+) matches, (\d+) games\)", o).group(2))
        expect(r == 3 and played > 0 and "engine A (boardrules heuristic)" in e, "games played, then reported", o + e)
        texts = [open(os.path.join(d, f)).read() for f in sorted(os.listdir(d))]
        expect(len(texts) == 4 and any('[Forfeit "player ' in t for t in texts), "forfeit tags", str(texts)[:2000])
        for f in os.listdir(d):
            ids_of(prog, os.path.join(d, f))


def case_bad_stop(prog, data):
    o, e, r = bad_duel(prog, "illegal", 3, "--on-error", "stop")
    expect(r == 1 and "the duel stops" in e and e.count("backgammon duel: engine A") == 1, "stops cleanly", o + e)


def case_bad_skip(prog, data):
    o, e, r = bad_duel(prog, "crash", 3, "--on-error", "skip")
    expect(r == 3 and "2 skipped" in o and "the pair is skipped" in e, "skipped pairs", o + e)


def case_bad_handshake(prog, data):
    o, e, r = bad_duel(prog, "silent-handshake", 1, "--timeout", "0.2")
    expect(r == 1 and "engine A (" in e and "no answer in time (the handshake)" in e,
           "handshake reported, the duel not begun", o + e)
    o, e, r = duel(prog, "/nonexistent/engine", "random")
    expect(r == 1 and "cannot start '/nonexistent/engine'" in e, "missing engine", o + e)


def case_bad_flags(prog, data):
    bad = [["duel"], ["duel", "random"], ["duel", "random", "random", "random"], ["duel", "a", "b", "--match", "0"], ["duel", "a", "b", "--match", "32768"],
           ["duel", "heuristic", "b", "--option-a", "Seed=1"], ["duel", "a", "b", "--option-b", "Seed"],
           ["duel", "a", "b", "--cube-fallback", "gnubg"],
           ["duel", "a", "b", "--pairs", "x"], ["duel", "a", "b", "--timeout", "0"], ["duel", "a", "b", "--timeout", "nan"],
           ["duel", "a", "b", "--on-error", "retry"], ["duel", "a", "b", "--threads", "0"], ["duel", "a", "b", "--bogus"],
           ["duel", "", "random"], ["ubgi", "--bot", "nobody"], ["ubgi", "--seed", "-1"], ["ubgi", "--db"],
           ["ubgi", "--bot", "heuristic", "--db", os.path.join(data, "backgammon", "bearoff", "ts3x3.bd")]]
    for args in bad:
        p = subprocess.run([prog, *args], capture_output=True, text=True, timeout=30, input="")
        expect(p.returncode == 2 and "usage:" in p.stderr, "usage error for %s" % args, p.stdout + p.stderr)
    for args, rc in [(["duel", "random", "random", "--out", "/nonexistent/dir"], 1),
                     (["duel", "random", "random", "--out", BAD], 1), (["ubgi", "--db", HERE], 1)]:
        p = subprocess.run([prog, *args], capture_output=True, text=True, timeout=30, input="")
        expect(p.returncode == rc and p.stderr and "Traceback" not in p.stderr, "error for %s" % args, p.stderr)


CASES = {k[5:]: v for k, v in globals().items() if k.startswith("case_")}

if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[2] == "--list":
        print("\n".join(CASES))
        sys.exit(0)
    CASES[sys.argv[2]](sys.argv[1], sys.argv[3] if len(sys.argv) > 3 else os.path.join(HERE, "..", "data"))
    print("ok")
