#!/usr/bin/env python3
# Checks `backgammon convert` against what GNU Backgammon reads of match files (the oracle made by
# tests/data/backgammon/wild/gnubg_oracle.py): for every file GNU Backgammon reads, boardrules
# reads it too (with --lenient), with the same number of games, the same final score, one GNUbg
# ID for every record GNU Backgammon lists, and before every record the GNUbg ID GNU Backgammon
# shows (or, where it shows none, the position it lists; an edited position, the position set).
#   bg_wild_check.py <backgammon> <oracle.txt> [--strict] [--except FILE,...]
# --except: files where GNU Backgammon is known to read otherwise (said in docs/validation.md);
# they are checked to differ still, so that the list stays true.
import base64
import re
import os
import subprocess
import sys


def player0_view(gnubg_id):
    """The position ID of a GNUbg ID seen with player 0 on roll (the halves swapped when the
    Match ID has player 1 on roll)."""
    pos, mid = gnubg_id.split(":")
    on_roll = (int.from_bytes(base64.b64decode(mid), "little") >> 6) & 1
    if not on_roll:
        return pos
    raw = base64.b64decode(pos + "==")
    bits = [(raw[i // 8] >> (i % 8)) & 1 for i in range(80)]
    halves, k = [], 0
    for _ in range(2):
        start = k
        for _ in range(25):
            while bits[k]:
                k += 1
            k += 1
        halves.append(bits[start:k])
    bits = halves[1] + halves[0]
    bits += [0] * (80 - len(bits))
    return base64.b64encode(bytes(sum(bits[i * 8 + j] << j for j in range(8)) for i in range(10))).decode()[:14]


def main():
    prog, oracle = sys.argv[1], sys.argv[2]
    strict = "--strict" in sys.argv[3:]
    known = set()
    if "--except" in sys.argv:
        known = set(sys.argv[sys.argv.index("--except") + 1].split(","))
    base = os.path.dirname(os.path.abspath(oracle))
    files, cur = [], None
    for line in open(oracle):
        w = line.split()
        if w[0] == "file":
            cur = {"file": w[1], "status": w[2], "games": int(w[4]), "score": [int(w[6]), int(w[7])], "recs": [],
                   "rules": w[9].split(",") if len(w) > 9 else []}
            files.append(cur)
        else:
            cur["recs"].append(w[1:])
    bad = read = 0
    for f in files:
        if f["status"] == "failed":
            continue
        path = os.path.normpath(os.path.join(base, f["file"]))
        fmt = "sgf" if path.endswith(".sgf") else "mat"
        opts = [] if strict else ["--lenient"]
        # the rules a .mat file does not write, as GNU Backgammon read the file (its header tags
        # override them); the beavers allowed in a row, which neither format says nor GNU
        # Backgammon lists: from the file names of tests/data/backgammon/records
        if "Jacoby" in f["rules"]:
            opts.append("--jacoby")
        if "Crawford" not in f["rules"]:
            opts.append("--no-crawford")
        name = os.path.basename(path)
        if "beavers" in name:
            opts += ["--beavers", name.split("beavers")[1][0]]
        ids = subprocess.run([prog, "convert", *opts, "--from", fmt, "--to", "ids", path], capture_output=True, text=True)
        mat = subprocess.run([prog, "convert", *opts, "--from", fmt, "--to", "mat", path], capture_output=True, text=True)
        edited = mat.returncode != 0 and "an edited position" in mat.stderr  # .mat cannot hold it: .sgf
        if edited:
            mat = subprocess.run([prog, "convert", *opts, "--from", fmt, "--to", "sgf", path], capture_output=True,
                                 text=True)
        why = []
        if ids.returncode != 0 or mat.returncode != 0:
            why.append("not read: " + (ids.stderr or mat.stderr).strip().splitlines()[-1])
        else:
            got = ids.stdout.split()
            if len(got) != len(f["recs"]):
                why.append("%d IDs, GNU Backgammon lists %d records" % (len(got), len(f["recs"])))
            for i, (g, r) in enumerate(zip(got, f["recs"])):
                gid = r[5] if len(r) > 5 else "-"
                board = r[4]
                if r[1] == "set" and board != "-":
                    # an edited position lists the position it sets: the one before the next
                    # record of its game (test_sgf.cpp checks it where none follows), player 0's
                    # checkers listed as on roll
                    nxt = i + 1 < len(got) and f["recs"][i + 1][0] == r[0]
                    if nxt and player0_view(got[i + 1]) != board:
                        why.append("record %d (%s) sets %s, boardrules %s" % (i + 1, " ".join(r[:4]), board,
                                                                               player0_view(got[i + 1])))
                        break
                    board = "-"
                # the ID GNU Backgammon shows; the position it lists only where it shows none (after
                # a hidden play its records list the board before the turn passed)
                if (gid != "-" and g != gid) or (gid == "-" and board != "-" and g.split(":")[0] != board):
                    why.append("record %d (%s): %s, GNU Backgammon %s" % (i + 1, " ".join(r[:4]), g,
                                                                          gid if gid != "-" else r[4]))
                    break
            games, score = 0, None
            lines = [] if edited else mat.stdout.splitlines()
            if edited:  # the .sgf: a game tree a game, its MI score and its RE result
                for tree in mat.stdout.split("(;")[1:]:
                    games += 1
                    ws, bs = re.search(r"\[ws:(\d+)\]\[bs:(\d+)\]", tree).groups()
                    score = [int(ws), int(bs)]
                    won = re.search(r"RE\[([WB])\+(\d+)", tree)
                    if won:
                        score[0 if won.group(1) == "W" else 1] += int(won.group(2))
            for k, line in enumerate(lines):
                if line.strip().startswith("Game "):
                    games += 1
                    parts = lines[k + 1].split(":")
                    score = [int(parts[1].split()[0]), int(parts[2])]
                elif "Wins" in line:
                    pts = int(line.split("Wins")[1].split()[0])
                    score[0 if line.index("Wins") < 20 else 1] += pts
            if games != f["games"]:
                why.append("%d games, GNU Backgammon %d" % (games, f["games"]))
            elif score != f["score"]:
                why.append("final score %s, GNU Backgammon %s" % (score, f["score"]))
        read += not why or not why[0].startswith("not read")
        if f["file"] in known:
            if not why:
                bad += 1
                print("%s: listed in --except but reads as GNU Backgammon does" % f["file"])
            continue
        if why:
            bad += 1
            print("%s: %s" % (f["file"], "; ".join(why)))
    print("%d read of %d that GNU Backgammon reads; %d differ" % (read, sum(f["status"] != "failed" for f in files), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
