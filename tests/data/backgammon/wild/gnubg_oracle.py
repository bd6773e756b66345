#!/usr/bin/env python3
# Runs GNU Backgammon on every match file given (or of this folder's subfolders) and writes, per
# file, what it reads (gnubg_read.py) with the warnings and errors it prints, as JSON lines:
#   cd tests/data/backgammon/wild && /usr/bin/python3 gnubg_oracle.py > gnubg_oracle.jsonl
#   /usr/bin/python3 gnubg_oracle.py --text < gnubg_oracle.jsonl > gnubg_oracle.txt
# The text form, for the C++ test (test_wild.cpp), a line per file and per record:
#   file <path> <status> games <n> score <s0> <s1> rules <Crawford,Jacoby or ->
#        (the score after the last game; the rules GNU Backgammon read the file with)
#   r <game> <action> <player> <dice or -> <position ID before the record or -> <GNUbg ID before it or ->
# Files named on the command line are read instead (the summary goes to stdout all the same).
# Each line: file, status (ok: read without a word; warnings: read, with messages; failed: no
# match), messages, and what gnubg_read.py printed (games with their records, see there).
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GNUBG = os.environ.get("GNUBG", "/usr/games/gnubg")
NOISE = ("GNU Backgammon", "Copyright", "This program comes", "This is free software", "Position ID",
         "Match ID", "points match", "(Cube:", "points", "X:", "O:",
         "No game in progress.")  # the last: printed by gnubg.navigate at the first game, not by the import


def read(path):
    env = dict(os.environ, BR_FILE=os.path.abspath(path))
    p = subprocess.run([GNUBG, "-t", "-q", "-p", os.path.join(HERE, "gnubg_read.py")], env=env,
                       capture_output=True, text=True, errors="replace", timeout=120)
    data, messages = {}, []
    for line in (p.stdout + "\n" + p.stderr).splitlines():
        if line.startswith("@@ "):
            data = json.loads(line[3:])
            continue
        s = line.strip()
        if not s or s[0] in "|+^v" or any(s.startswith(n) for n in NOISE) or "|BAR|" in s:
            continue
        messages.append(s)
    status = "failed" if not data.get("games") else ("warnings" if messages else "ok")
    rel = os.path.relpath(path, HERE) if os.path.abspath(path).startswith(HERE) else path
    return dict({"file": rel, "status": status, "messages": messages}, **{k: v for k, v in data.items() if k != "file"})


def text(lines):
    for line in lines:
        d = json.loads(line)
        games = d.get("games", [])
        score = games[-1]["score"][:] if games else [0, 0]
        if games and games[-1]["winner"] is not None:
            score[games[-1]["winner"]] += games[-1]["points"]
        print("file %s %s games %d score %d %d rules %s" % (d["file"], d["status"], len(games), score[0], score[1],
                                                          ",".join(d.get("rules", [])) or "-"))
        for gi, g in enumerate(games):
            for r in g["records"]:
                dice = r[2] if len(r) > 2 and r[0] in ("move", "set") else "-"
                board = next((x for x in r[2:] if isinstance(x, str) and len(x) == 14), "-")
                gid = next((x for x in r[2:] if isinstance(x, str) and len(x) == 27), "-")
                print("r %d %s %d %s %s %s" % (gi + 1, r[0], r[1], dice, board, gid))


def main():
    if sys.argv[1:] == ["--text"]:
        text(sys.stdin)
        return
    files = sys.argv[1:] or sorted(f for f in glob.glob(os.path.join(HERE, "*", "*"))
                                   if os.path.splitext(f)[1].lower() in (".mat", ".txt", ".sgf"))
    for f in files:
        print(json.dumps(read(f)), flush=True)


if __name__ == "__main__":
    main()
