#!/usr/bin/env python3
"""CLI tests of the `warri` program.

usage: warri_cli.py <path to warri> <case name>     (run one case)
       warri_cli.py <path to warri> --list          (print the case names)
       warri_cli.py <path to warri> --all           (run every case)

Every expected output below was worked out by hand from docs/rules/warri.md (the comments say
how), never by running the program.
"""
import re
import subprocess
import sys

START = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"
# Two lone seeds chasing each other: 12 forced plies bring the position back (WA-4.3).
CHASE = "0,0,0,0,0,1/0,0,0,0,0,1 {} S"
LAP = "f F a A b B c C d D e E"
# South's f takes A and B, every seed of North's row: a grand slam (WA-3.3).
SLAM = "4,4,4,4,4,2/1,1,0,0,0,0 12-12 S"
# North's row empty: only d and f feed it (WA-2.3).
FEED = "1,0,0,3,1,1/0,0,0,0,0,0 21-21 S"
# South to move with an empty row (WA-4.2).
SOUTH_EMPTY = "0,0,0,0,0,0/1,1,1,1,1,1 21-21 S"

# name: (args, stdin, exit code, stdout (exact) or None, regex that stdout must match or None,
#        regex that stderr must match or None)
CASES = {
    # perft: the count alone on the last line.
    "perft_depth0": (["perft", "0"], "", 0, "1\n", None, None),
    "perft_depth1": (["perft", "1"], "", 0, "6\n", None, None),
    # No capture is possible in the first two plies: 6 * 6.
    "perft_depth2": (["perft", "2"], "", 0, "36\n", None, None),
    "perft_depth2_list": (["perft", "2", "--leaves", "list"], "", 0, "36\n", None, None),
    "perft_depth2_make": (["perft", "2", "--leaves=make"], "", 0, "36\n", None, None),
    "perft_depth2_count": (["perft", "2", "--leaves", "count"], "", 0, "36\n", None, None),
    "perft_divide": (["perft", "2", "--divide"], "", 0,
                     "a: 6\nb: 6\nc: 6\nd: 6\ne: 6\nf: 6\n36\n", None, None),
    # Feeding forced: d and f only.
    "perft_position": (["perft", "1", FEED], "", 0, "2\n", None, None),
    "perft_position_divide": (["perft", "1", FEED, "--divide"], "", 0, "d: 1\nf: 1\n2\n", None, None),
    "perft_position_as_fields": (["perft", "1"] + FEED.split(" "), "", 0, "2\n", None, None),
    "perft_finished_game": (["perft", "3", SOUTH_EMPTY], "", 0, "0\n", None, None),
    # From SLAM, North's replies: a 2, b 2, c 1 (A captured, B left), d 0 (grand slam: North
    # starved), e 3, f 0 (grand slam) = 8. Abapa: the slams capture nothing, d 2 and f 2: 12.
    "perft_slam_speightstown": (["perft", "2", SLAM], "", 0, "8\n", None, None),
    "perft_slam_bridgetown": (["perft", "2", SLAM, "--variant", "bridgetown"], "", 0, "8\n", None,
                              None),
    "perft_slam_abapa": (["perft", "2", SLAM, "--variant", "abapa"], "", 0, "12\n", None, None),
    "perft_slam_abapa_divide": (["perft", "2", SLAM, "--variant=abapa", "--divide"], "", 0,
                                "a: 2\nb: 2\nc: 1\nd: 2\ne: 3\nf: 2\n12\n", None, None),
    # --threads / --hash: the same counts (perft(9) from the start, 3,592,872, which test_perft.cpp checks against the reference).
    "perft_threads_hash": (["perft", "9", "--threads", "2", "--hash", "1"], "", 0, "3592872\n", None, None),
    "perft_threads_divide": (["perft", "2", "--divide", "--threads=3"], "", 0,
                             "a: 6\nb: 6\nc: 6\nd: 6\ne: 6\nf: 6\n36\n", None, None),
    "perft_bad_threads": (["perft", "2", "--threads", "x"], "", 2, "", None, r"--threads[\s\S]*usage"),
    "perft_hash_not_perft": (["moves", "--hash", "1"], "", 2, "", None, r"for perft[\s\S]*usage"),
    "perft_missing_depth": (["perft"], "", 2, "", None, r"missing <depth>[\s\S]*usage"),
    "perft_bad_depth": (["perft", "x"], "", 2, "", None, r"depth[\s\S]*usage"),
    "perft_negative_depth": (["perft", "-1"], "", 2, "", None, r"usage"),
    "perft_bad_position": (["perft", "1", "4,4,4"], "", 2, "", None, r"bad position[\s\S]*usage"),
    "perft_bad_total": (["perft", "1", "4,4,4,4,4,4/4,4,4,4,4,5 0-0 S"], "", 2, "", None,
                        r"add up to 49"),
    "perft_bad_leaves": (["perft", "1", "--leaves", "fast"], "", 2, "", None, r"--leaves"),
    "perft_bad_variant": (["perft", "1", "--variant", "oware"], "", 2, "", None, r"--variant"),
    "perft_missing_value": (["perft", "1", "--variant"], "", 2, "", None, r"needs a value"),
    "perft_unknown_option": (["perft", "1", "--fast"], "", 2, "", None, r"unknown option --fast"),
    "perft_cycle_option": (["perft", "1", "--cycle", "first"], "", 2, "", None, r"--cycle"),
    "no_command": ([], "", 2, "", None, r"missing command[\s\S]*usage"),
    "unknown_command": (["solve"], "", 2, "", None, r"unknown command solve"),
    "help": (["--help"], "", 0, None, r"^usage: warri", None),

    # moves: every legal move with its resulting position (WA-2.1), or the final result.
    "moves_start": (["moves"], START + "\n", 0,
                    "a:0,5,5,5,5,4/4,4,4,4,4,4 0-0 N | b:4,0,5,5,5,5/4,4,4,4,4,4 0-0 N | "
                    "c:4,4,0,5,5,5/5,4,4,4,4,4 0-0 N | d:4,4,4,0,5,5/5,5,4,4,4,4 0-0 N | "
                    "e:4,4,4,4,0,5/5,5,5,4,4,4 0-0 N | f:4,4,4,4,4,0/5,5,5,5,4,4 0-0 N\n",
                    None, None),
    "moves_north": (["moves"], "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N\n", 0,
                    "A:4,4,4,4,4,4/0,5,5,5,5,4 0-0 S | B:4,4,4,4,4,4/4,0,5,5,5,5 0-0 S | "
                    "C:5,4,4,4,4,4/4,4,0,5,5,5 0-0 S | D:5,5,4,4,4,4/4,4,4,0,5,5 0-0 S | "
                    "E:5,5,5,4,4,4/4,4,4,4,0,5 0-0 S | F:5,5,5,5,4,4/4,4,4,4,4,0 0-0 S\n",
                    None, None),
    # d sows e, f, A; f sows A. Nothing captured (A 0 -> 1).
    "moves_feeding": (["moves"], FEED + "\n", 0,
                      "d:1,0,0,0,2,2/1,0,0,0,0,0 21-21 N | f:1,0,0,3,1,0/1,0,0,0,0,0 21-21 N\n",
                      None, None),
    # f captures A and B (2 + 2): a grand slam, captured (WA-3.3); d too (A, B = 2, 2).
    "moves_slam": (["moves"], SLAM + "\n", 0,
                   "a:0,5,5,5,5,2/1,1,0,0,0,0 12-12 N | b:4,0,5,5,5,3/1,1,0,0,0,0 12-12 N | "
                   "c:4,4,0,5,5,3/0,1,0,0,0,0 14-12 N | d:4,4,4,0,5,3/0,0,0,0,0,0 16-12 N | "
                   "e:4,4,4,4,0,3/2,2,1,0,0,0 12-12 N | f:4,4,4,4,4,0/0,0,0,0,0,0 16-12 N\n",
                   None, None),
    # WA-4.2: South starved with North's 6 left: Speightstown South takes them (27-21),
    # Bridgetown splits (24-24, a draw), Abapa gives them to North (21-27).
    "moves_over_speightstown": (["moves"], SOUTH_EMPTY + "\n", 0, "over 27-21 S\n", None, None),
    "moves_over_bridgetown": (["moves", "--variant", "bridgetown"], SOUTH_EMPTY + "\n", 0,
                              "over 24-24 draw\n", None, None),
    "moves_over_abapa": (["moves", "--variant", "abapa"], SOUTH_EMPTY + "\n", 0,
                         "over 21-27 N\n", None, None),
    # WA-4.1: 25 reached; 24-24 with the board empty.
    "moves_over_25_split_every_end": (["moves", "--variant", "bridgetown", "--split-at-every-end"],
                                      "0,0,1,0,0,0/0,1,0,0,1,0 25-20 N\n", 0, "over 27-21 S\n", None, None),
    "moves_over_25_bridgetown": (["moves", "--variant", "bridgetown"], "0,0,1,0,0,0/0,1,0,0,1,0 25-20 N\n", 0,
                                 "over 25-20 S\n", None, None),
    "moves_over_25": (["moves"], "0,0,0,0,0,0/0,4,4,4,4,4 25-3 N\n", 0, "over 25-3 S\n", None,
                      None),
    "moves_over_24_24": (["moves"], "0,0,0,0,0,0/0,0,0,0,0,0 24-24 N\n", 0, "over 24-24 draw\n",
                         None, None),
    # A bad line: a message naming the line on stderr, reading goes on; exit status 1.
    "moves_bad_line": (["moves"], "4,4,4\n\n" + SOUTH_EMPTY + "\n4,4,4,4,4,4/4,4,4,4,4,4 0-0 Q\n",
                       1, "over 27-21 S\n", None,
                       r"line 1: [\s\S]*line 4: side to move: expected S or N, found 'Q'"),
    "moves_extra_argument": (["moves", "x"], "", 2, "", None, r"unexpected argument"),

    # game: moves from stdin through the game record.
    "game_no_moves": (["game"], "", 0, "ongoing " + START + "\n", None, None),
    # a: 0,5,5,5,5,4/4,4,4,4,4,4; A: .../0,5,5,5,5,4; b: 0,0,6,6,6,5/1,5,5,5,5,4;
    # B: 1,0,6,6,6,5/1,0,6,6,6,5 (the last seed in a makes 1: no capture).
    "game_ongoing": (["game"], "a A\nb\tB\n", 0, "ongoing 1,0,6,6,6,5/1,0,6,6,6,5 0-0 S\n", None,
                     None),
    "game_cycle_first": (["game", "--start", CHASE.format("23-23")], LAP, 0,
                         "over 23-23 draw cycle\n", None, None),
    "game_cycle_first_explicit": (["game", "--cycle", "first", "--start", CHASE.format("24-22")],
                                  LAP, 0, "over 24-22 draw cycle\n", None, None),
    # WA-5.3: 24-22 with 2 left becomes 25-23.
    "game_cycle_bridgetown": (["game", "--variant", "bridgetown", "--start", CHASE.format("24-22")],
                              LAP, 0, "over 25-23 S cycle\n", None, None),
    "game_threefold_not_yet": (["game", "--cycle", "threefold", "--start", CHASE.format("23-23")],
                               LAP, 0, "ongoing " + CHASE.format("23-23") + "\n", None, None),
    "game_threefold": (["game", "--cycle", "threefold", "--start", CHASE.format("23-23")],
                       LAP + " " + LAP, 0, "over 23-23 draw cycle\n", None, None),
    "game_noncapture": (["game", "--cycle", "noncapture:3", "--start", CHASE.format("23-23")],
                        "f F a", 0, "over 23-23 draw cycle\n", None, None),
    "game_noncapture_not_yet": (["game", "--cycle=noncapture:4", "--start", CHASE.format("23-23")],
                                "f F a", 0, "ongoing 0,1,0,0,0,0/1,0,0,0,0,0 23-23 N\n", None,
                                None),
    # f takes A (2 -> 3): 22 + 3 = 25.
    "game_captured": (["game", "--start", "0,0,0,0,0,1/2,4,4,4,4,4 22-3 S"], "f", 0,
                      "over 25-3 S captured\n", None, None),
    "game_24_24": (["game", "--start", "0,0,0,0,0,1/2,0,0,0,0,0 21-24 S"], "f", 0,
                   "over 24-24 draw captured\n", None, None),
    # The grand slam leaves North starved with South's 20: North takes them (16-32); Bridgetown
    # splits them (26-22).
    "game_starved": (["game", "--start", SLAM], "f", 0, "over 16-32 N starved\n", None, None),
    "game_starved_bridgetown": (["game", "--variant", "bridgetown", "--start", SLAM], "f", 0,
                                "over 26-22 S starved\n", None, None),
    # Abapa: the same move captures nothing and the game goes on.
    "game_slam_abapa": (["game", "--variant", "abapa", "--start", SLAM], "f", 0,
                        "ongoing 4,4,4,4,4,0/2,2,0,0,0,0 12-12 N\n", None, None),
    "game_start_over": (["game", "--start", SOUTH_EMPTY], "", 0, "over 27-21 S starved\n", None,
                        None),
    # Errors: the move's number and the reason on stderr, nothing on stdout, exit 2.
    "game_wrong_side": (["game"], "a a", 2, "", None, r"move 2 \(a\): .*North \(A-F\) is to move"),
    "game_empty_house": (["game"], "a A a", 2, "", None, r"move 3 \(a\): house 'a' is empty"),
    "game_not_a_letter": (["game"], "a xyz", 2, "", None, r"move 2 \(xyz\): expected one house"),
    "game_not_feeding": (["game", "--start", FEED], "a", 2, "", None,
                         r"move 1 \(a\): 'a' does not feed North's empty row"),
    "game_after_end": (["game", "--start", "0,0,0,0,0,1/2,4,4,4,4,4 22-3 S"], "f A", 2, "", None,
                       r"move 2 \(A\): the game is over"),
    "game_after_start_over": (["game", "--start", SOUTH_EMPTY], "a", 2, "", None,
                              r"move 1 \(a\): the game is over"),
    "game_bad_start": (["game", "--start", "4,4,4,4,4,4/4,4,4,4,4,4 0-0"], "", 2, "", None,
                       r"--start: bad position: side to move"),
    "game_bad_cycle": (["game", "--cycle", "sometimes"], "", 2, "", None, r"--cycle"),
    "game_bad_noncapture": (["game", "--cycle", "noncapture:0"], "", 2, "", None,
                            r"noncapture:N"),
    "game_leaves_option": (["game", "--leaves", "list"], "", 2, "", None, r"--leaves is for perft"),

    # play: a random player against a greedy one; the board each ply, then the result.
    "play_game": (["play", "--seed", "3"], "", 0, None,
                  r"\+----\+[\s\S]*ply 1: South plays [a-f]\n[\s\S]*\nover \d+-\d+ (S|N|draw) "
                  r"(captured|starved|cycle)\n$", None),
    "play_series": (["play", "--series", "--quiet", "--seed", "2"], "", 0, None,
                    r"game 1 \(South first\): over [\s\S]*game 2 \(North first\): over [\s\S]*"
                    r"\nseries: South \d+, North \d+, draws \d+; champion (South|North)\n$", None),
    "play_bridgetown": (["play", "--variant", "bridgetown", "--quiet"], "", 0, None,
                        r"\(bridgetown\)\nover \d+-\d+", None),
    "play_bad_seed": (["play", "--seed", "many"], "", 2, "", None, r"--seed"),
    # show: South's row a..f left to right at the bottom (1,0,0,3,1,1 in FEED), North's row F..A
    # above it (all empty), each store beside its row, South to move; the notation last.
    "show_position": (["show", FEED], "", 0, None,
                      r"North \|  0 \|  0 \|  0 \|  0 \|  0 \|  0 \|  store 21\n[^\n]*\n"
                      r" South \|  1 \|  0 \|  0 \|  3 \|  1 \|  1 \|  store 21  <- to move\n[\s\S]*\n"
                      + re.escape(FEED) + r"\n$", None),
    "show_as_fields": (["show"] + "0,0,0,0,0,1/0,0,0,0,2,0 20-25 N".split(" "), "", 0, None,
                       r"North \|  0 \|  2 \|  0 \|  0 \|  0 \|  0 \|  store 25  <- to move\n[\s\S]*"
                       r"0,0,0,0,0,1/0,0,0,0,2,0 20-25 N\n$", None),
    "show_bad": (["show", "4,4,4/4 0-0 S"], "", 2, "", None, r"show: bad position[\s\S]*usage"),
}


def run_warri(prog, args, stdin, code, out):
    """Runs `prog args` with `stdin`; returns the process and what is wrong with its exit status
    (not `code`) and its stdout (not `out`, unless `out` is None). Also for warri_options_cli.py."""
    p = subprocess.run([prog] + args, input=stdin, capture_output=True, text=True, timeout=120)
    problems = []
    if p.returncode != code:
        problems.append(f"exit status {p.returncode}, expected {code}")
    if out is not None and p.stdout != out:
        problems.append(f"stdout {p.stdout!r}, expected {out!r}")
    return p, problems


def run_case(prog, name):
    args, stdin, code, out, out_re, err_re = CASES[name]
    p, problems = run_warri(prog, args, stdin, code, out)
    if out_re is not None and not re.search(out_re, p.stdout):
        problems.append(f"stdout does not match {out_re!r}: {p.stdout[-500:]!r}")
    if err_re is not None and not re.search(err_re, p.stderr):
        problems.append(f"stderr does not match {err_re!r}: {p.stderr!r}")
    if err_re is None and code == 0 and p.stderr:
        problems.append(f"unexpected stderr {p.stderr!r}")
    if problems:
        print(f"FAIL {name}: warri {' '.join(args)}")
        for x in problems:
            print("  " + x)
        return False
    print(f"ok   {name}")
    return True


def run_main(doc, cases, run):
    """The command line of a case script: <warri> <case>|--all|--list (also for warri_options_cli.py)."""
    if len(sys.argv) != 3:
        print(doc)
        return 2
    prog, what = sys.argv[1], sys.argv[2]
    if what == "--list":
        print("\n".join(cases))
        return 0
    names = list(cases) if what == "--all" else [what]
    for n in names:
        if n not in cases:
            print(f"no such case: {n}")
            return 2
    ok = all([run(prog, n) for n in names])
    return 0 if ok else 1


def main():
    return run_main(__doc__, CASES, run_case)


if __name__ == "__main__":
    sys.exit(main())
