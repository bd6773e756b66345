#!/usr/bin/env python3
"""CLI test of `backgammon chouette` (BG-11), run by CTest (tests/cli/cli_backgammon_chouette.cmake).

Runs the program and re-derives from its output, independently of the library:
  - the initial order from the initial-throw lines (BG-11.1: higher first, ties throw again among
    themselves, so the order is the seats' throw sequences in descending lexicographic order);
  - the roles of every game from the previous game's result (BG-11.3 rotation, and the documented
    Decision that a captain who passes hands the captaincy to the first taker and goes last);
  - the ledger: each game's payments sum to 0 and the ledger is the running sum of the payments;
  - cube values are powers of two; the number of games; determinism for a seed.
Usage: bg_chouette_check.py <backgammon program> <mode> [args...]
  mode "session": args are the chouette arguments (must include --players N --games G)
  mode "bad": args must be refused with exit status 2 and a message on stderr
"""
import re
import subprocess
import sys


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def run(prog, args):
    return subprocess.run([prog, "chouette"] + args, capture_output=True, text=True, timeout=600)


def check_session(prog, args):
    p = run(prog, args)
    if p.returncode != 0:
        fail("exit status %d, stderr: %s" % (p.returncode, p.stderr))
    players = int(args[args.index("--players") + 1])
    games = int(args[args.index("--games") + 1]) if "--games" in args else 10
    lines = p.stdout.splitlines()
    if not lines or not lines[0].startswith("chouette: %d players" % players):
        fail("bad header: %r" % (lines[:1],))

    throws = {s: [] for s in range(players)}
    expect_throwers = list(range(players))
    order = None  # [box, captain, ...]
    ledger = [0] * players
    game_no = 0
    team_now = None
    box_now = None
    for line in lines[1:]:
        m = re.fullmatch(r"initial throw: (.*)", line)
        if m:
            pairs = [x.split() for x in m.group(1).split(", ")]
            seats = [int(a[1]) for a in pairs]
            if sorted(seats) != sorted(expect_throwers):
                fail("throwers %s, expected %s" % (seats, expect_throwers))
            for a in pairs:
                d = int(a[2])
                if not 1 <= d <= 6:
                    fail("die %d" % d)
                throws[int(a[1])].append(d)
            # Next throwers: the highest-ranked group of seats with equal sequences, if any.
            ranked = sorted(range(players), key=lambda s: throws[s], reverse=True)
            expect_throwers = []
            for i in range(players - 1):
                grp = [s for s in ranked if throws[s] == throws[ranked[i]]]
                if len(grp) > 1:
                    expect_throwers = grp
                    break
            if not expect_throwers:
                order = ranked
            continue
        m = re.fullmatch(r"game (\d+): box (\d+), team ([\d ]+)", line)
        if m:
            game_no += 1
            if int(m.group(1)) != game_no:
                fail("game number %s, expected %d" % (m.group(1), game_no))
            if order is None:
                fail("game before the initial throw settled")
            got = [int(m.group(2))] + [int(x) for x in m.group(3).split()]
            if got != order:
                fail("game %d roles %s, expected %s (BG-11.1/11.3)" % (game_no, got, order))
            if sorted(got) != list(range(players)):
                fail("roles are not a permutation: %s" % got)
            continue
        m = re.fullmatch(r"  turn \d+: (box|team) doubles to (\d+)", line)
        if m:
            v = int(m.group(2))
            if v < 2 or v & (v - 1):
                fail("cube value %d is not a power of two" % v)
            continue
        m = re.fullmatch(r"  captain: seat (\d+) \(seat (\d+) passed\)", line)
        if m:
            a, c = int(m.group(1)), int(m.group(2))
            if order[1] != c:
                fail("captain %d passed but the captain is %d" % (c, order[1]))
            order = [order[0], a] + [s for s in order[2:] if s != a] + [c]
            continue
        m = re.fullmatch(r"  result: (box|team) wins (single|gammon|backgammon|by a pass)", line)
        if m:
            box, cap, rest = order[0], order[1], order[2:]
            if m.group(1) == "team":
                order = [cap] + rest + [box]
            else:
                order = [box] + rest + [cap]
            continue
        m = re.fullmatch(r"  payments: (.*)", line)
        if m:
            pay = [int(x) for x in m.group(1).split()]
            if len(pay) != players or sum(pay) != 0:
                fail("payments %s do not sum to 0" % pay)
            ledger = [a + b for a, b in zip(ledger, pay)]
            continue
        m = re.fullmatch(r"ledger after game (\d+): (.*)", line)
        if m:
            got = [int(x) for x in m.group(2).split()]
            if got != ledger:
                fail("ledger %s, expected %s" % (got, ledger))
            if sum(got) != 0:
                fail("ledger does not sum to 0")
            continue
        if re.fullmatch(r"  turn \d+: (box takes|box passes|team double refused: .*unanimous.*|"
                        r"(seat \d+ (takes|passes)(, )?)+)", line):
            continue
        fail("unexpected line %r" % line)
    if game_no != games:
        fail("%d games, expected %d" % (game_no, games))
    # Determinism.
    again = run(prog, args)
    if again.stdout != p.stdout:
        fail("two runs with the same arguments differ")
    print("ok: %d games, ledger %s" % (game_no, ledger))


def check_bad(prog, args):
    p = run(prog, args)
    if p.returncode != 2:
        fail("exit status %d for %s, expected 2" % (p.returncode, args))
    if "backgammon chouette" not in p.stderr:
        fail("no message on stderr for %s" % args)
    print("ok: refused %s: %s" % (args, p.stderr.splitlines()[0]))


def main():
    prog, mode, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    if mode == "session":
        check_session(prog, args)
    elif mode == "bad":
        check_bad(prog, args)
    else:
        fail("unknown mode " + mode)


if __name__ == "__main__":
    main()
