#!/usr/bin/env python3
"""CLI tests of `warri endgame build`, `probe`, `stats`, `verify` and `join` (WA-8), of one-file and
sliced tables.

usage: warri_endgame_cli.py <path to warri> <case name>     (run one case)
       warri_endgame_cli.py <path to warri> --list          (print the case names)

Every case builds a small database (a file or a sliced table's directory) in a temporary folder,
then probes it. The expected values
were worked out by hand from docs/rules/warri.md (the comments say how).
"""
import math
import os
import re
import subprocess
import sys
import tempfile

# South to move, its row empty, one seed in each of North's A, B, C: South is starved (WA-4.2).
STARVED_S = "0,0,0,0,0,0/1,1,1,0,0,0 {} S"
# The same houses, North to move: no move of North reaches South's row, so South is starved.
STARVED_N = "0,0,0,0,0,0/1,1,1,0,0,0 {} N"

# name: (build args, probe args, stdin, probe exit code, stdout (exact) or None, stderr regex or None,
#        file damage: None or "truncate")
CASES = {
    # Speightstown: the starved side takes the 3 seeds (WA-4.2): South (3, 0); 22 + 3 = 25 wins,
    # 21 + 3 = 24 draws. North to move sees (0, 3): South's 22 + 3 = 25, North loses.
    # The empty board at 24-24 is a draw (WA-4.1).
    "speightstown_starved": (["--seeds", "3"], [],
                             "\n".join([STARVED_S.format("22-23"), STARVED_S.format("21-24"),
                                        STARVED_N.format("22-23"), "0,0,0,0,0,0/0,0,0,0,0,0 24-24 S"]) + "\n",
                             0, "3 0 win\n3 0 draw\n0 3 loss\n0 0 draw\n", None, None),
    # Abapa: the player who can move takes them (WA-4.2): South (0, 3), North's 23 + 3 wins.
    "abapa_starved": (["--variant", "abapa", "--seeds", "3"], [], STARVED_S.format("22-23") + "\n", 0,
                      "0 3 loss\n", None, None),
    # Bridgetown: 1 each and the odd seed to the leader (WA-5.2): (2, 2); 23-22 S leads, 23 + 2 = 25.
    "bridgetown_starved": (["--variant", "bridgetown", "--seeds", "3"], [], STARVED_S.format("23-22") + "\n", 0,
                           "2 2 win\n", None, None),
    # A line with more seeds than the database, and a bad line: both said on stderr, exit 1.
    "probe_bad_lines": (["--seeds", "3"], [], "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S\nxyz\n" + STARVED_S.format("22-23") + "\n",
                        1, "3 0 win\n", r"line 1: more seeds[\s\S]*line 2: ", None),
    # A file built for Speightstown probed as Abapa; an Abapa file with the decision flag it
    # was built with is accepted.
    "probe_other_variant": (["--seeds", "2"], ["--variant", "abapa"], "", 1, "", r"built for other decisions", None),
    "probe_same_decisions": (["--seeds", "2", "--grand-slam", "illegal"], ["--grand-slam", "illegal"], "", 0, "",
                             None, None),
    "probe_truncated": (["--seeds", "2"], [], "", 1, "", r"truncated", "truncate"),
    # --checkpoint: a build of 3 seeds leaves its table there; a build of 4 resumes after layer 3
    # (said on stderr) and gives what a build from 0 gives (the first case's values).
    "build_checkpoint": (["--seeds", "3", "--checkpoint", "{tmp}/c.db"], [], STARVED_S.format("22-23") + "\n", 0,
                         "3 0 win\n", None, "resume"),
    # `endgame stats` on the file: per layer the boards, C(n + 11, 11), and the wins, draws and
    # losses the build printed while it solved the layer; the empty board at 24-24 a draw.
    "stats_as_built": (["--variant", "bridgetown", "--seeds", "5"], [], "", 0, None, None, "stats"),
    # `warri play --db`: North plays by the database once it covers the board (said in the first
    # line); a database of other decisions is refused before any game.
    "play_db": (["--variant", "abapa", "--seeds", "4"], ["play", "--variant", "abapa", "--quiet", "--seed", "3"],
                "", 0, None, None, "play"),
    "play_db_other_variant": (["--seeds", "2"], ["play", "--variant", "bridgetown", "--quiet"], "", 1, "",
                              r"--db: .*built for other decisions", "play"),
}

# Sliced tables (`endgame build --slices DIR`), name: (build args, what is checked). Probes give the
# values worked out above; join gives the file of `build -o` byte for byte; verify finds a changed
# byte; a build run again goes on after the last layer; play and stats read the directory.
SLICED = {
    "sliced_probe": ["--seeds", "3"],
    "sliced_probe_out_of_core": ["--seeds", "3"],
    "sliced_join": ["--variant", "abapa", "--seeds", "6", "--move-cache", "1"],
    "sliced_verify_damaged": ["--seeds", "5"],
    "sliced_verify_sample": ["--variant", "abapa", "--seeds", "6"],
    "sliced_resume": ["--seeds", "3"],
    "sliced_stats": ["--variant", "bridgetown", "--seeds", "5"],
    "sliced_play": ["--variant", "abapa", "--seeds", "4"],
    "sliced_other_decisions": ["--seeds", "2"],
    "sliced_play_as_file": ["--variant", "bridgetown", "--seeds", "5"],
    "sliced_hostile": ["--seeds", "3"],
}


def run_sliced(warri, name):
    build_args = SLICED[name]
    with tempfile.TemporaryDirectory() as tmp:
        d = os.path.join(tmp, "t")
        b = subprocess.run([warri, "endgame", "build"] + build_args + ["--slices", d], capture_output=True, text=True)
        if b.returncode != 0:
            print(f"build failed ({b.returncode}): {b.stderr}")
            return False
        run_ = lambda args, stdin="": subprocess.run([warri] + args, input=stdin, capture_output=True, text=True)
        if name.startswith("sliced_probe"):
            stdin = "\n".join([STARVED_S.format("22-23"), STARVED_S.format("21-24"), STARVED_N.format("22-23"),
                               "0,0,0,0,0,0/0,0,0,0,0,0 24-24 S", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"]) + "\n"
            extra = ["--out-of-core"] if name.endswith("out_of_core") else []
            p = run_(["endgame", "probe", d] + extra, stdin)
            ok = (p.returncode == 1 and p.stdout == "3 0 win\n3 0 draw\n0 3 loss\n0 0 draw\n" and
                  "line 5: more seeds" in p.stderr)
        elif name == "sliced_join":
            f = os.path.join(tmp, "f.db")
            j = os.path.join(tmp, "j.db")
            b2 = run_(["endgame", "build"] + build_args[:-2] + ["-o", f])
            p = run_(["endgame", "join", d, "-o", j])
            ok = b2.returncode == 0 and p.returncode == 0 and open(f, "rb").read() == open(j, "rb").read()
        elif name == "sliced_verify_damaged":
            p = run_(["endgame", "verify", d])
            ok = p.returncode == 0 and p.stdout.endswith("ok: 6 layers\n")
            slice5 = os.path.join(d, "l05-0000of0001.slice")
            with open(slice5, "r+b") as f:
                f.seek(os.path.getsize(slice5) - 10)
                byte = f.read(1)
                f.seek(-1, 1)
                f.write(bytes([byte[0] ^ 1]))
            p = run_(["endgame", "verify", d])
            ok = ok and p.returncode == 1 and re.search(r"l05-0000of0001.slice: corrupted: the checksum", p.stderr)
            p = run_(["endgame", "probe", d], STARVED_S.format("22-23") + "\n")
            ok = ok and p.returncode == 1 and "checksum" in p.stderr
            # mapped, the edited slice is refused too (never probed as other values)
            p = run_(["endgame", "probe", d, "--out-of-core"], STARVED_S.format("22-23") + "\n")
            ok = ok and p.returncode == 1 and re.search(r"l05-0000of0001.slice: corrupted: the checksum", p.stderr)
        elif name == "sliced_verify_sample":
            # Boards of each layer valued again from their moves: all of a layer of up to 100
            # boards (1, 12 and 78 in layers 0 to 2), 100 of the others: 491 in all. Layer 5 of
            # Abapa has no endless play, so none may differ there.
            p = run_(["endgame", "verify", d, "--sample", "100"])
            ok = (p.returncode == 0 and "layer  2: 78 boards valued again from their moves, " in p.stdout and
                  "layer  5: 100 boards valued again from their moves, 0 differ (0 of endless play" in p.stdout and
                  re.search(r"layer  6: 100 boards valued again from their moves, \d+ differ \(\d+ of endless",
                            p.stdout) and p.stdout.endswith("ok: 7 layers, 491 boards valued again\n"))
            # --sample 0: every board of every layer (4368 + 12376 boards in layers 5 and 6).
            p0 = run_(["endgame", "verify", d, "--sample", "0"])
            if not (p0.returncode == 0 and "layer  6: 12376 boards valued again from their moves, " in p0.stdout and
                    "layer  5: 4368 boards valued again from their moves, 0 differ (0 of endless" in p0.stdout and
                    p0.stdout.endswith("ok: 7 layers, 18564 boards valued again\n")):
                print(f"--sample 0: exit {p0.returncode}, stdout {p0.stdout!r}, stderr {p0.stderr!r}")
                ok = False
            # --sample: a count, for endgame verify only.
            for args, message in ((["endgame", "verify", d, "--sample", "1099511627777"],
                                   "--sample needs a whole number 0..1099511627776 (boards a layer, 0: all of them)"),
                                  (["endgame", "verify", d, "--sample", "x"], "--sample"),
                                  (["endgame", "probe", d, "--sample", "5"], "--sample is for endgame verify"),
                                  (["endgame", "join", d, "-o", os.path.join(tmp, "j"), "--sample", "5"],
                                   "--sample is for endgame verify"),
                                  (["perft", "1", "--sample", "3"], "--sample is for endgame verify")):
                q = run_(args)
                if not (q.returncode == 2 and message in q.stderr):
                    print(f"{args}: exit {q.returncode}, stderr {q.stderr!r}")
                    ok = False
        elif name == "sliced_resume":
            p = run_(["endgame", "build", "--seeds", "4", "--slices", d])
            ok = p.returncode == 0 and "layers 0..3 from" in p.stderr and "layer  3:" not in p.stderr and \
                "layer  4:" in p.stderr
            p = run_(["endgame", "probe", d], STARVED_S.format("22-23") + "\n")
            ok = ok and p.stdout == "3 0 win\n"
        elif name == "sliced_stats":
            return check_stats(warri, d, b.stderr, 5)
        elif name == "sliced_play":
            p = run_(["play", "--variant", "abapa", "--quiet", "--seed", "3", "--db", d])
            ok = p.returncode == 0 and p.stdout.startswith(
                "South: random player, North: greedy capturer, perfect at 4 seeds or fewer on the board (abapa)\n") \
                and "\nover " in p.stdout
        elif name == "sliced_play_as_file":
            # The same games, move for move, as with the file `build -o` writes for the same table.
            f = os.path.join(tmp, "f.db")
            b2 = run_(["endgame", "build"] + build_args + ["-o", f])
            ok = b2.returncode == 0
            for seed in ("1", "2", "5"):
                p = run_(["play", "--variant", "bridgetown", "--seed", seed, "--db", d])
                q = run_(["play", "--variant", "bridgetown", "--seed", seed, "--db", f])
                ok = ok and p.returncode == 0 and "perfect at 5 seeds" in p.stdout and p.stdout == q.stdout
        elif name == "sliced_hostile":
            ok = True
            manifest = os.path.join(d, "manifest.txt")
            slice3 = os.path.join(d, "l03-0000of0001.slice")
            probe = lambda: run_(["endgame", "probe", d], STARVED_S.format("22-23") + "\n")
            good_manifest = open(manifest, "rb").read()
            good_slice = open(slice3, "rb").read()
            # The manifest a directory.
            os.remove(manifest)
            os.mkdir(manifest)
            for p in (probe(), run_(["endgame", "verify", d]), run_(["play", "--quiet", "--db", d])):
                ok = ok and p.returncode == 1 and "manifest.txt: is a directory, not a file" in p.stderr
            os.rmdir(manifest)
            # No manifest at all.
            p = probe()
            ok = ok and p.returncode == 1 and "holds no sliced table (no manifest.txt)" in p.stderr
            open(manifest, "wb").write(good_manifest)
            # A slice missing, then a directory in its place.
            os.remove(slice3)
            for p in (probe(), run_(["endgame", "stats", d]), run_(["endgame", "verify", d])):
                ok = ok and p.returncode == 1 and "l03-0000of0001.slice: no such file" in p.stderr
            os.mkdir(slice3)
            p = probe()
            ok = ok and p.returncode == 1 and "l03-0000of0001.slice: is a directory, not a file" in p.stderr
            os.rmdir(slice3)
            # A checksum in the manifest changed: the slice differs from it.
            text = good_manifest.decode()
            at = text.rindex("checksums ") + len("checksums ")
            edited = text[:at] + ("1" if text[at] != "1" else "2") + text[at + 1:]
            open(manifest, "w").write(edited)
            open(slice3, "wb").write(good_slice)
            for p in (probe(), run_(["endgame", "probe", d, "--out-of-core"], STARVED_S.format("22-23") + "\n"),
                      run_(["endgame", "verify", d])):
                ok = ok and p.returncode == 1 and "the checksum differs from the manifest's" in p.stderr
            open(manifest, "wb").write(good_manifest)
            # The slice's header edited (its board count), then its last byte: refused, saying where.
            for offset, message in ((48, "board count does not match"), (len(good_slice) - 1, "checksum does not match")):
                bad = bytearray(good_slice)
                bad[offset] ^= 1
                open(slice3, "wb").write(bytes(bad))
                p = probe()
                ok = ok and p.returncode == 1 and "l03-0000of0001.slice" in p.stderr and message in p.stderr
            open(slice3, "wb").write(good_slice)
            p = probe()
            ok = ok and p.returncode == 0 and p.stdout == "3 0 win\n"
        else:  # sliced_other_decisions
            p = run_(["endgame", "probe", d, "--variant", "abapa"])
            ok = p.returncode == 1 and "built for other decisions" in p.stderr
            p2 = run_(["endgame", "build", "--variant", "abapa", "--seeds", "3", "--slices", d])
            ok = ok and p2.returncode == 1 and "holds a table of other decisions" in p2.stderr
    if not ok:
        print(f"{name}: exit {p.returncode}\nstdout:\n{p.stdout}\nstderr:\n{p.stderr}")
    return bool(ok)


def run(warri, name):
    if name in SLICED:
        return run_sliced(warri, name)
    build_args, probe_args, stdin, rc, stdout, stderr_re, damage = CASES[name]
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "e.db")
        build_args = [x.replace("{tmp}", tmp) for x in build_args]
        b = subprocess.run([warri, "endgame", "build"] + build_args + ["-o", db], capture_output=True, text=True)
        if b.returncode != 0:
            print(f"build failed ({b.returncode}): {b.stderr}")
            return False
        if damage == "resume":
            # The checkpoint holds layers 0..3; a build of 4 seeds takes them.
            more = ["--seeds", "4"] + build_args[2:]
            b = subprocess.run([warri, "endgame", "build"] + more + ["-o", db], capture_output=True, text=True)
            if b.returncode != 0 or "layers 0..3 from" not in b.stderr or "layer  3:" in b.stderr:
                print(f"resumed build: {b.returncode}: {b.stderr}")
                return False
        if damage == "truncate":
            with open(db, "r+b") as f:
                f.truncate(os.path.getsize(db) - 1)
        if damage == "stats":
            return check_stats(warri, db, b.stderr, int(build_args[build_args.index("--seeds") + 1]))
        if damage == "play":
            p = subprocess.run([warri] + probe_args + ["--db", db], capture_output=True, text=True)
            if rc == 0 and stdout is None:
                stdout_ok = p.stdout.startswith("South: random player, North: greedy capturer, perfect at 4 seeds "
                                                "or fewer on the board (abapa)\n") and "\nover " in p.stdout
                if not stdout_ok:
                    print(f"play: {p.stdout}\n{p.stderr}")
                    return False
        else:
            p = subprocess.run([warri, "endgame", "probe", db] + probe_args, input=stdin, capture_output=True,
                               text=True)
    ok = p.returncode == rc and (stdout is None or p.stdout == stdout) and (
        stderr_re is None or re.search(stderr_re, p.stderr))
    if not ok:
        print(f"{name}: exit {p.returncode} (want {rc})\nstdout:\n{p.stdout}\nwant:\n{stdout}\nstderr:\n{p.stderr}")
    return ok


def check_stats(warri, db, build_stderr, seeds):
    p = subprocess.run([warri, "endgame", "stats", db], capture_output=True, text=True)
    built = {int(m[0]): tuple(int(x) for x in m[1:]) for m in re.findall(
        r"layer +(\d+): (\d+) boards, \d+ passes, .*?wins (\d+) draws (\d+) losses (\d+)", build_stderr)}
    read = {int(m[0]): tuple(int(x) for x in m[1:]) for m in re.findall(
        r"^layer +(\d+): (\d+) boards, wins (\d+) draws (\d+) losses (\d+)$", p.stdout, re.M)}
    want_layers = set(range(seeds + 1))
    ok = (p.returncode == 0 and set(built) == want_layers and built == read and read[0] == (1, 0, 1, 0) and
          all(read[n][0] == math.comb(n + 11, 11) == sum(read[n][1:]) for n in want_layers))
    if not ok:
        print(f"stats: exit {p.returncode}\nstdout:\n{p.stdout}\nstderr:\n{p.stderr}\nbuild:\n{build_stderr}")
    return ok


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    if sys.argv[2] == "--list":
        print("\n".join(list(CASES) + list(SLICED)))
        return 0
    return 0 if run(sys.argv[1], sys.argv[2]) else 1


if __name__ == "__main__":
    sys.exit(main())
