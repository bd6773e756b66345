#!/usr/bin/env python3
"""Writes the seed corpus of the fuzz targets (corpus/<target>/) from the test data:
valid and refused IDs, XGIDs, match records, Warri positions and scripts. Run from anywhere; the files are
named by the SHA-1 of their content, as libFuzzer names its own."""
import hashlib
import pathlib
import random

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DATA = ROOT / "tests" / "data" / "backgammon"
CLI = ROOT / "tests" / "cli"


def put(target, blob):
    if isinstance(blob, str):
        blob = blob.encode()
    d = HERE / "corpus" / target
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(blob).hexdigest()).write_bytes(blob)


def lines(path):
    return [l.strip() for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]


gnubg_ids, xgids = set(), set()
for f in sorted((DATA / "replays").glob("*.expected")):
    gnubg_ids.update(l[3:] for l in lines(f) if l.startswith("id "))
gnubg_ids.update(lines(CLI / "bg_play_convert_ids.txt"))
for l in lines(DATA / "replays" / "xgid_gnubg.txt"):
    x, g = l.split()
    xgids.add(x)
    gnubg_ids.add(g)
for l in lines(CLI / "bg_from_no_play.txt"):
    a, b = l.split()
    (xgids if a.startswith("XGID=") else gnubg_ids).add(a)
    gnubg_ids.add(b)
# IDs a fuzzer found restoring states no play reaches (now refused or normalised)
gnubg_ids.update(["4HPwATDgc/ABMA:DxkAAAAAAAAE", "4HPwATDgc/ABMA:ARkAAAAAAAAE", "4HPwATDgc/ABMA:sBmgAEAAAAAE",
                  "4HPwATDgc/ABMA:ERkAAAAAAAAE", "ZUCAYQxYGNwDAQ:cAkSAAAAAAAE", "hsUVwFEcHAKAAA:cgkrA1ABGAAE",
                  "4HPwATDgc/ABMA:MFkAAAAAAAAE", "9wJywAGBDUzHQQ:8AnuAGAAEAAA", "4HPwATDgc/ABMA:MAsgAAAAEAAE"])
xgids.update(["XGID=-b----E-C---eE---c-e----B-:15:1:1:D:0:0:0:0:10",
              "XGID=-b----E-C---eE---c-e----B-:0:0:1:D:4:0:1:5:10"])

rng = random.Random(1)
ids = sorted(gnubg_ids)
for g in rng.sample(ids, min(60, len(ids))):
    put("bg_gnubg_id", g)
    put("bg_position_id", g.split(":")[0])
    put("bg_match_id", g.split(":")[1])
for l in rng.sample(lines(DATA / "gnubg_position_ids.txt"), 20):
    put("bg_position_id", l.split()[0])
for x in rng.sample(sorted(xgids), min(60, len(xgids))):
    put("bg_xgid", x)

# replay scripts: first line the arguments, the rest stdin
for f in sorted((DATA / "replays").glob("gnubg_*.txt"))[:12]:
    text = f.read_text()
    opts = [l[len("# options: "):] for l in text.splitlines() if l.startswith("# options: ")][0]
    put("bg_replay_cli", opts.replace(" ", "|") + "\n" + text)
for f in ["bg_play_replay_errors.txt", "bg_play_replay_illegal.txt", "bg_play_replay_bad_line.txt"]:
    put("bg_replay_cli", "--match|3\n" + (CLI / f).read_text())
for g in ids[:8]:
    put("bg_replay_cli", "--from|" + g + "\nroll 3 1\nmove 8/5 6/5\ndouble\ntake\n")

# match records: the rules byte (1 no Crawford, 2 Jacoby, beavers << 2), then a record saved by
# GNU Backgammon (tests/data/backgammon/records)
for f in sorted((DATA / "records").glob("gnubg_*.*")):
    if f.suffix not in (".mat", ".sgf"):
        continue
    n = f.name
    opts = (1 if "nocrawford" in n else 0) | (2 if "jacoby" in n else 0)
    if "beavers" in n:
        opts |= int(n[n.index("beavers") + 7]) << 2
    put("bg_mat" if f.suffix == ".mat" else "bg_sgf", bytes([opts]) + f.read_bytes())
# edited positions (setup nodes: GNU Gibbon's, GNU Backgammon's, an .xgp's); hidden plays (`????`)
# before a resignation, and in the middle of a game (read leniently)
put("bg_sgf", b"\0" + (DATA / "wild" / "gibbon" / "edited.sgf").read_bytes())
put("bg_sgf", b"\0" + (DATA / "edited" / "gnubg_edited_match5.sgf").read_bytes())
put("bg_sgf", b"\0" + (DATA / "xg" / "position_checker.sgf").read_bytes())
put("bg_mat", b"\0" + (DATA / "wild" / "bg-db" / "galaxy-hidden-play-ends-match_7pt.txt").read_bytes())
put("bg_mat", b"\x10" + (DATA / "hidden" / "galaxy-hidden-play-midgame_7pt.txt").read_bytes())
# .sgf files that are refused: an empty game tree (no root to read the rules from), and a second
# game whose MI gives another match length than the first's
sgf_game1 = ("(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[A]PB[B]RU[Crawford]\n;W[52mhmk]\n;B[double]\n"
             ";W[drop])\n")
put("bg_sgf", b"\0()")
# found by fuzz_bg_sgf: a throw without a legal play left unplayed at the end (PL[W]DI[42])
put("bg_sgf", b"\2(;GM[6];B[54lqae]W[32hemk]B[32ye]W[22yufdfd]B[44ququswsw]PL[W]DI[42])")
# and an opening throw not played, then a resignation
put("bg_sgf", b"\0(;GM[6]MI[length:7][game:0][ws:0][bs:0]RU[Crawford]RE[W+3R];PL[B]DI[42])")
# and a record ending with the take of a beaver
put("bg_sgf", b"\6(;GM[6];W[51mhxw];B[42qusu];W[32mjxv];B[double];W[double];B[take])")
put("bg_sgf", b"\0" + sgf_game1.encode() + b"()")
# found by fuzz_bg_sgf: a throw without a legal play left unplayed at the end (PL[W]DI[42])
put("bg_sgf", b"\2(;GM[6];B[54lqae]W[32hemk]B[32ye]W[22yufdfd]B[44ququswsw]PL[W]DI[42])")
# and an opening throw not played, then a resignation
put("bg_sgf", b"\0(;GM[6]MI[length:7][game:0][ws:0][bs:0]RU[Crawford]RE[W+3R];PL[B]DI[42])")
# and a record ending with the take of a beaver
put("bg_sgf", b"\6(;GM[6];W[51mhxw];B[42qusu];W[32mjxv];B[double];W[double];B[take])")
put("bg_sgf", b"\0" + sgf_game1.encode() +
    b"(;FF[4]GM[6]MI[length:5][game:1][ws:0][bs:1]PW[A]PB[B]RU[Crawford]\n;W[52mhmk])\n")

# Warri: mode byte, then position text (and moves); game mode: bytes
warri_positions = ["4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "0,0,0,0,0,1/0,0,0,0,0,0 23-24 N",
                   "12,0,0,0,0,0/0,0,0,0,0,12 12-12 S", "1,2,3,4,5,6/6,5,4,3,2,1 6-6 N",
                   "0,0,0,0,0,0/0,0,0,0,0,0 24-24 S", "0,0,0,0,0,13/0,0,0,0,0,0 25-10 N"]
for i, p in enumerate(warri_positions):
    put("warri", bytes([i % 3]) + (p + "\na b c d e f A B C D E F\n").encode())
    put("warri_cli", "game|--start|" + p + "\na A b B c C\n")
    put("warri_cli", "moves\n" + p + "\n" + p.replace("4", "5") + "\n")
for v in ["speightstown", "bridgetown", "abapa"]:
    put("warri_cli", "game|--variant|" + v + "|--cycle|threefold\n" + " ".join("abcdefABCDEF"[i % 12] for i in range(60)) + "\n")
for k in range(12):
    put("warri", bytes([3 + k % 3]) + bytes(rng.randrange(256) for _ in range(200)))

# action sequences and differential positions: random bytes of a few lengths
for target in ["bg_state", "bg_builders", "movegen_diff", "bg_values"]:
    for n in [8, 40, 120, 400]:
        for _ in range(3):
            put(target, bytes(rng.randrange(256) for _ in range(n)))

# validate: the mode byte (game and variant in its low 3 bits, raw bytes when bit 3 is set),
# then the position: the starting positions as raw bytes (valid), the same with a checker too
# many, a shared point and a padding byte set (refused), and dealt positions from random bytes.
def bg_start(checkers):
    b = [0] * 64
    stacks = {15: [(24, 2), (13, 5), (8, 3), (6, 5)], 3: [(24, 1), (23, 1), (22, 1)]}[checkers]
    for p, n in stacks:
        b[p] = b[32 + p] = n
    return b


for mode, checkers in [(0, 15), (3, 3)]:
    start = bg_start(checkers)
    put("validate", bytes([mode | 8] + start))
    for edit in [(24, start[24] + 1), (1, 1), (26, 1), (63, 9)]:
        b = list(start)
        b[edit[0]] = edit[1]
        put("validate", bytes([mode | 8] + b))
for mode in (4, 5, 6):
    put("validate", bytes([mode | 8] + [4] * 12 + [0, 0, 0, 0]))
    put("validate", bytes([mode | 8] + [4] * 12 + [0, 0, 2, 0]))
    put("validate", bytes([mode | 8] + [4] * 11 + [3, 1, 0, 0, 0]))
for mode in range(7):
    for _ in range(3):
        put("validate", bytes([mode]) + bytes(rng.randrange(256) for _ in range(80)))
