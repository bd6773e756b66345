#!/usr/bin/env python3
"""A UBGI engine in front of `backgammon ubgi` for the tests of `backgammon duel` (docs/ubgi.md):
deliberately broken, or speaking another draft.

usage: ubgi_bad_engine.py BACKGAMMON MODE N

Runs `BACKGAMMON ubgi` (a correct engine) and passes every line through, except the answer to
the N-th `go` after the host's probes (counted from 1 once the host has sent its first `newgame`,
which ends the probes of the handshake), which is spoiled as MODE says:
  illegal    a play that is not legal ("bestmove 24/1 24/1"), or a take to a cube question
  garbage    a line that is no answer
  wrongcube  a cube answer where a play is asked, a play where a cube answer is asked
  twice      the answer twice (the second one answers no question)
  hang       no answer, ever (the host's time limit must end it)
  crash      the process exits with status 3 instead of answering
  silent-handshake  never answers `ubgi` (N unused)
Not broken (N unused):
  bare       every answer in draft 0.01's bare forms: a move with '-' ("8-5 6-5"), `double`,
             `roll`, `take`, `drop`
  draft      a draft 0.01 engine: the handshake without `ubgiok` (its id lines and `readyok`), then
             bare XGID questions, which the engine answers in the draft's forms
  nocube     as GNU Backgammon's UBGI fork: `go role cube` and `go role take` answered
             `error unsupported_feature`
"""
import subprocess
import sys
import time


def main():
    prog, mode, nth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    eng = subprocess.Popen([prog, "ubgi"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    gos = 0
    probed = False
    for line in sys.stdin:
        cmd = line.strip()
        if mode == "silent-handshake" and cmd == "ubgi":
            time.sleep(3600)
        if mode == "nocube" and cmd in ("go role cube", "go role take"):
            sys.stdout.write("error unsupported_feature %s\n" % cmd.replace(" ", "_"))
            sys.stdout.flush()
            continue
        eng.stdin.write(line if line.endswith("\n") else line + "\n")
        eng.stdin.flush()
        if cmd == "quit":
            break
        if cmd == "newgame":
            probed = True
        if cmd == "ubgi":
            while True:
                out = eng.stdout.readline()
                if mode == "draft" and (out.startswith("option ") or out.strip() == "ubgiok"):
                    continue  # the draft's handshake: id lines, then readyok
                sys.stdout.write(out)
                if out.strip() == ("readyok" if mode == "draft" else "ubgiok") or not out:
                    break
        elif cmd == "isready" or cmd.startswith("go") or cmd.startswith("XGID="):
            out = eng.stdout.readline()
            if cmd.startswith("go") and mode == "bare":
                out = out.replace("bestmove ", "").replace("/", "-").replace("bestcube nodouble", "roll")
                out = out.replace("bestcube ", "")
            elif cmd.startswith("go") and probed:
                gos += 1
                if gos == nth:
                    if mode == "illegal":
                        out = "bestmove 24/1 24/1\n" if "chequer" in cmd else "bestcube take\n"
                    elif mode == "garbage":
                        out = "\x01\x02 what is backgammon?\n"
                    elif mode == "wrongcube":
                        out = "bestcube double\n" if "chequer" in cmd else "bestmove 13/11\n"
                    elif mode == "twice":
                        out = out + out
                    elif mode == "hang":
                        sys.stdout.flush()
                        time.sleep(3600)
                    elif mode == "crash":
                        sys.stdout.flush()
                        sys.exit(3)
            sys.stdout.write(out)
        sys.stdout.flush()
    eng.stdin.close()
    eng.wait()


if __name__ == "__main__":
    main()
