# What GNU Backgammon makes of a match file: run inside GNU Backgammon 1.07's embedded Python,
# one file a run (gnubg_oracle.sh calls it for every file of this folder):
#   BR_FILE=path gnubg -t -q -p gnubg_read.py
# It imports the file (`load match` for .sgf, `import mat` for anything else) and prints one
# line `@@ {json}`: the match length, the games and, per game, its score at the start, its
# winner and points, and its records as GNU Backgammon lists them (gnubg.match()): the action,
# the player (0: gnubg's X, the left column of a .mat file; 1: O), the dice and the position ID
# before the record (where gnubg gives one), and the GNUbg ID before the record as GNU Backgammon
# shows it when it steps through the game (gnubg.navigate, gnubg.gnubgid: with the dice of a
# throw).
import json
import os

import gnubg

path = os.environ["BR_FILE"]
gnubg.command(("load match " if path.lower().endswith(".sgf") else "import mat ") + path)  # a fresh gnubg: no match unless the file is read
out = {"file": os.path.basename(path)}
try:
    m = gnubg.match(0, 1)
except Exception as e:  # no match: the file was not read
    m = None
    out["error"] = str(e)
if m and m.get("games"):
    info = m["match-info"]
    out["length"] = info["match-length"]
    out["rules"] = list(info.get("rules", ()))
    # the GNUbg ID before every record: step through the match from its first record
    ids = []
    try:
        gnubg.navigate(game=-100000)
        for gi, g in enumerate(m["games"]):
            if gi > 0:
                gnubg.navigate(game=1)
            game_ids = []
            for k in range(len(g["game"])):
                game_ids.append(gnubg.gnubgid())
                if k + 1 < len(g["game"]):
                    gnubg.navigate(next=1)
            ids.append(game_ids)
    except Exception as e:  # no position to show (an edited game): no IDs
        ids = []
        out["ids_error"] = str(e)
    games = []
    for gn, g in enumerate(m["games"]):
        gi = g["info"]
        recs = []
        for k, r in enumerate(g["game"]):
            rec = [r["action"], 0 if r.get("player") == "X" else 1]
            if "dice" in r:
                rec.append("%d%d" % tuple(r["dice"]))
            if "board" in r:
                rec.append(r["board"])
            if ids:
                rec.append(ids[gn][k])
            recs.append(rec)
        games.append({"score": [gi["score-X"], gi["score-O"]],
                      "winner": None if gi["winner"] is None else (0 if gi["winner"] == "X" else 1),
                      "points": gi.get("points-won"), "resigned": bool(gi.get("resigned")), "records": recs})
    out["games"] = games
print("@@ " + json.dumps(out))
