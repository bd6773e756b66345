#!/usr/bin/env python3
"""CLI tests of the decision flags of `warri` (--feeding, --grand-slam, --starvation-award,
--cycle-award, --odd-seed, --split-at-every-end) over the variant's defaults.

usage: warri_options_cli.py <path to warri> <case name> | --list | --all

Every expected output was worked out by hand from docs/rules/warri.md (the comments say how).
"""
import re
import sys

from warri_cli import run_main, run_warri  # the same command line and run as warri_cli.py (this folder)

# South's f (17 seeds) sows every North house twice, ending in F: a grand slam (WA-3.3) that
# brings South to 27. North's row is empty, so f is South's only feeding move (WA-2.3).
SLAM_FEED = "1,0,0,0,0,17/0,0,0,0,0,0 15-15 S"
# South's f takes A and B, every seed of North's row (WA-3.3).
SLAM = "4,4,4,4,4,2/1,1,0,0,0,0 12-12 S"
# South to move with an empty row: starved, 5 seeds left (WA-4.2).
STARVED_ODD = "0,0,0,0,0,0/1,1,1,1,1,0 22-21 S"
# North captured to 25 with 3 seeds left (WA-4.1).
OVER_25 = "0,0,1,0,0,0/0,1,0,0,1,0 25-20 N"
# After f, North holds both seeds (A and F): one ply without capture ends it by --cycle
# noncapture:1 (WA-4.3); F still feeds South, so nobody is starved.
CHASE = "0,0,0,0,0,1/0,0,0,0,0,1 22-24 S"
NONCAPTURE = ["game", "--cycle", "noncapture:1", "--start", CHASE]

# name: (args, stdin, exit status, exact stdout or None, regex for stderr or None[, whether
# stderr also shows the usage: True unless given])
CASES = {
    # Feeding (WA-2.3). Sowing into the row feeds: f is legal and captures all 12 (27-15).
    "feeding_sows": (["moves", "--feeding", "sows"], SLAM_FEED, 0,
                     "f:2,1,1,1,1,0/0,0,0,0,0,0 27-15 N\n", None),
    # The row must hold seeds after the captures: no move feeds, North is starved and takes the
    # 18 seeds left (WA-4.2): 15-33.
    "feeding_leaves": (["moves", "--feeding", "leaves-seeds"], SLAM_FEED, 0, "over 15-33 N\n", None),
    "feeding_leaves_perft": (["perft", "1", SLAM_FEED, "--feeding=leaves-seeds"], "", 0, "0\n", None),
    # A grand slam that captures nothing leaves the 12 seeds there: f feeds again.
    "feeding_leaves_no_capture": (["perft", "1", SLAM_FEED, "--feeding", "leaves-seeds",
                                   "--grand-slam", "no-capture"], "", 0, "1\n", None),
    # Grand slam (WA-3.3): North's replies after each South move: 8 when slams capture, 12 when
    # they capture nothing (d and f leave A and B: 2 moves each instead of 0).
    "grand_slam_no_capture": (["perft", "2", SLAM, "--grand-slam", "no-capture"], "", 0, "12\n", None),
    "grand_slam_abapa_capture": (["perft", "2", SLAM, "--variant", "abapa", "--grand-slam", "capture"],
                                 "", 0, "8\n", None),
    # Grand slam illegal (WA-3.4): d and f would take A and B, North's whole row, so South has
    # a, b, c, e. a and b end in South's row; c takes A (2) and leaves B; e ends in C (1).
    "grand_slam_illegal": (["perft", "1", SLAM, "--grand-slam", "illegal"], "", 0, "4\n", None),
    "grand_slam_illegal_abapa": (["perft", "1", SLAM, "--variant=abapa", "--grand-slam=illegal"], "", 0,
                                 "4\n", None),
    "grand_slam_illegal_moves": (["moves", "--grand-slam", "illegal"], SLAM, 0,
                                 "a:0,5,5,5,5,2/1,1,0,0,0,0 12-12 N | b:4,0,5,5,5,3/1,1,0,0,0,0 12-12 N | "
                                 "c:4,4,0,5,5,3/0,1,0,0,0,0 14-12 N | e:4,4,4,4,0,3/2,2,1,0,0,0 12-12 N\n", None),
    # game refuses f with the rule and the legal moves (no usage: the arguments were good).
    "grand_slam_illegal_game": (["game", "--start", SLAM, "--grand-slam", "illegal"], "f", 2, "",
                                r"move 1 \(f\): 'f' would capture every seed of North's row, a grand slam, "
                                r"illegal while another move is legal \(WA-3\.4\); legal: a b c e", False),
    # f, the only feeding move, is a grand slam (WA-2.3 first): it stays legal and captures
    # nothing, so it feeds in either meaning: 15-15, A..F hold 2 each.
    "grand_slam_illegal_feeding": (["moves", "--grand-slam", "illegal"], SLAM_FEED, 0,
                                   "f:2,1,1,1,1,0/2,2,2,2,2,2 15-15 N\n", None),
    "grand_slam_illegal_feeding_leaves": (["moves", "--grand-slam", "illegal", "--feeding", "leaves-seeds"],
                                          SLAM_FEED, 0, "f:2,1,1,1,1,0/2,2,2,2,2,2 15-15 N\n", None),
    # Starvation award (WA-4.2, WA-5.1) after the slam: 20 seeds left on South's side.
    "starvation_mover": (["game", "--start", SLAM, "--starvation-award", "mover"], "f", 0,
                         "over 36-12 S starved\n", None),
    "starvation_split": (["game", "--start", SLAM, "--starvation-award", "split"], "f", 0,
                         "over 26-22 S starved\n", None),
    "starvation_abapa_starved": (["moves", "--variant", "abapa", "--starvation-award", "starved"],
                                 STARVED_ODD, 0, "over 27-21 S\n", None),
    # Odd seed (WA-5.2): 5 left split 2 each (24-23), the fifth to the leader (25-23, South
    # wins), to the trailer (24-24) or to nobody (24-23, nobody at 25: a draw).
    "odd_seed_leader": (["moves", "--variant", "bridgetown", "--odd-seed", "leader"], STARVED_ODD, 0,
                        "over 25-23 S\n", None),
    "odd_seed_trailer": (["moves", "--variant", "bridgetown", "--odd-seed", "trailer"], STARVED_ODD,
                         0, "over 24-24 draw\n", None),
    "odd_seed_nobody": (["moves", "--variant=bridgetown", "--odd-seed=nobody"], STARVED_ODD, 0,
                        "over 24-23 draw\n", None),
    "odd_seed_with_split_award": (["moves", "--starvation-award", "split", "--odd-seed", "trailer"],
                                  STARVED_ODD, 0, "over 24-24 draw\n", None),
    # Cycle award (WA-4.3, WA-5.1) with North's 2 seeds left: each side its own row (Abapa: 22-26,
    # North wins), nobody (22-24, a draw), split (23-25, North wins).
    "cycle_abapa_own_side": (NONCAPTURE + ["--variant", "abapa"], "f", 0, "over 22-26 N cycle\n", None),
    "cycle_abapa_nobody": (NONCAPTURE + ["--variant", "abapa", "--cycle-award", "nobody"], "f", 0,
                           "over 22-24 draw cycle\n", None),
    "cycle_split": (NONCAPTURE + ["--cycle-award", "split"], "f", 0, "over 23-25 N cycle\n", None),
    "cycle_own_side": (NONCAPTURE + ["--cycle-award", "own-side"], "f", 0,
                       "over 22-26 N cycle\n", None),
    # WA-5.4 in any variant: the 3 left are split 1 each, the odd one to the leader (27-21) or
    # the trailer (26-22).
    "split_every_end_speightstown": (["moves", "--split-at-every-end"], OVER_25, 0, "over 27-21 S\n", None),
    "split_every_end_trailer": (["moves", "--split-at-every-end", "--odd-seed", "trailer"], OVER_25, 0,
                                "over 26-22 S\n", None),
    "split_every_end_off": (["moves", "--variant", "bridgetown"], OVER_25, 0, "over 25-20 S\n", None),
    # play takes --cycle and the decisions.
    "play_options": (["play", "--quiet", "--seed", "3", "--cycle", "threefold", "--variant", "abapa",
                      "--cycle-award", "split", "--odd-seed", "trailer"], "", 0, None, None),
    # Bad values: the flag and the accepted values on stderr, exit status 2.
    "bad_feeding": (["perft", "1", "--feeding", "always"], "", 2, "",
                    r"--feeding: expected sows\|leaves-seeds, found always"),
    "bad_grand_slam": (["perft", "1", "--grand-slam", "forbidden"], "", 2, "",
                       r"--grand-slam: expected capture\|no-capture\|illegal, found forbidden"),
    "bad_starvation_award": (["moves", "--starvation-award", "north"], "", 2, "",
                             r"--starvation-award: expected starved\|mover\|split, found north"),
    "bad_cycle_award": (["game", "--cycle-award="], "", 2, "",
                        r"--cycle-award: expected nobody\|split\|own-side, found \n"),
    "bad_odd_seed": (["play", "--odd-seed", "Leader"], "", 2, "",
                     r"--odd-seed: expected leader\|trailer\|nobody, found Leader"),
    "missing_odd_seed": (["play", "--odd-seed"], "", 2, "", r"--odd-seed needs a value"),
    "split_every_end_value": (["moves", "--split-at-every-end=yes"], "", 2, "",
                              r"--split-at-every-end takes no value"),
}


def run_case(prog, name):
    args, stdin, code, out, err_re, *rest = CASES[name]
    with_usage = rest[0] if rest else True
    p, problems = run_warri(prog, args, stdin, code, out)
    if out is None and code == 0 and not re.search(r"\nover \d+-\d+ (S|N|draw) \w+\n$", p.stdout):
        problems.append(f"stdout does not end with the result: {p.stdout[-300:]!r}")
    if err_re is not None and not (re.search(err_re, p.stderr) and ("usage:" in p.stderr) == with_usage):
        problems.append(f"stderr does not match {err_re!r} " + ("and the usage" if with_usage else "without the usage") +
                        f": {p.stderr!r}")
    if err_re is None and p.stderr:
        problems.append(f"unexpected stderr {p.stderr!r}")
    print(("ok   " if not problems else "FAIL ") + name + ": warri " + " ".join(args))
    for x in problems:
        print("  " + x)
    return not problems


def main():
    return run_main(__doc__, CASES, run_case)


if __name__ == "__main__":
    sys.exit(main())
