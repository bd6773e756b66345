#!/usr/bin/env python3
"""Both programs used badly: every file argument given as a directory, a missing file, a file in
a folder that does not exist, an empty, cut or edited file (and an unreadable one, except as root,
who reads every file); every numeric flag with its value missing, negative, huge or not a number;
--help on every subcommand; no arguments; a number out of range (the message gives the range);
control bytes in the input, which error lines escape. Each case must end with its exit status (1 for a file
or data problem, 2 for a usage error, 0 for --help) and a message on stderr naming what is wrong,
never an abort (an uncaught exception or a signal), and quickly (a file checked before a long
build, a build too large for the machine refused before it allocates).

usage: hostile_cli.py <backgammon> <warri> <bear-off data folder> <case>   (run one case)
       hostile_cli.py - - - --list                                         (print the case names)

Exit status 0 when the case passed, 1 when it failed, 77 when it does not apply here (skipped).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
HUGE = "99999999999999999999999"

# (program, arguments, exit status, stderr regex). {dir}: a directory; {missing}: a file that does
# not exist; {nodir}: a file in a folder that does not exist; {empty}: an empty file; {unreadable}:
# a file nobody may read; {tmp}: the temporary folder. The damaged files (see make_files): {bd_cut},
# {bd_edited}, {bd_good} (bear-off), {wdb} {wdb_cut} {wdb_edited} (Warri endgame), {wck_edited}
# (a Warri perft checkpoint whose first count was edited).
FILE_CASES = {
    # backgammon db probe / verify FILE
    "bg_probe_dir": ("bg", ["db", "probe", "{dir}"], 1, r"db: {dir}: is a directory"),
    "bg_probe_missing": ("bg", ["db", "probe", "{missing}"], 1, r"{missing}: no such file"),
    "bg_probe_unreadable": ("bg", ["db", "probe", "{unreadable}"], 1, r"{unreadable}: cannot read: Permission denied"),
    "bg_probe_empty": ("bg", ["db", "probe", "{empty}"], 1, r"{empty}: bear-off header: the file is shorter"),
    "bg_probe_cut": ("bg", ["db", "probe", "{bd_cut}"], 1, r"{bd_cut}: bear-off file: the file is too short"),
    "bg_verify_dir": ("bg", ["db", "verify", "{dir}"], 1, r"{dir}: is a directory"),
    "bg_verify_missing": ("bg", ["db", "verify", "{missing}"], 1, r"{missing}: no such file"),
    "bg_verify_cut": ("bg", ["db", "verify", "{bd_cut}"], 1, r"too short"),
    "bg_verify_edited": ("bg", ["db", "verify", "{bd_edited}", "--sample", "0"], 1, r"^$"),
    "bg_verify_good": ("bg", ["db", "verify", "{bd_good}", "--sample", "0"], 0, r"^$"),
    "bg_verify_hyper_edited": ("bg", ["db", "verify", "{hyper_edited}", "--sample", "0"], 1, r"^$"),
    # backgammon play --db FILE
    "bg_play_db_dir": ("bg", ["play", "--db", "{dir}"], 1, r"play: --db: {dir}: is a directory"),
    "bg_play_db_missing": ("bg", ["play", "--db", "{missing}"], 1, r"play: --db: {missing}: no such file"),
    "bg_play_db_cut": ("bg", ["play", "--db", "{bd_cut}"], 1, r"play: --db: {bd_cut}: bear-off file"),
    # backgammon duel --db FILE, --out DIR; backgammon ubgi --db FILE
    "bg_duel_db_dir": ("bg", ["duel", "random", "random", "--db", "{dir}"], 1, r"duel: --db: {dir}: is a directory"),
    "bg_duel_out_missing": ("bg", ["duel", "random", "random", "--out", "{missing}"], 1,
                            r"duel: --out {missing}: not a directory"),
    "bg_ubgi_db_dir": ("bg", ["ubgi", "--bot", "database", "--db", "{dir}"], 1, r"ubgi: --db: {dir}: is a directory"),
    # backgammon convert --from mat ... FILE
    "bg_convert_dir": ("bg", ["convert", "--from", "mat", "--to", "sgf", "{dir}"], 1, r"convert: {dir}: is a directory"),
    "bg_convert_missing": ("bg", ["convert", "--from", "mat", "--to", "sgf", "{missing}"], 1, r"{missing}: no such file"),
    "bg_convert_unreadable": ("bg", ["convert", "--from", "sgf", "--to", "mat", "{unreadable}"], 1, r"Permission denied"),
    # backgammon db bearoff|hyper -o FILE: refused before the build (a 3-checker Hypergammon
    # database or a 6x15 two-sided one would take many minutes and gigabytes).
    "bg_bearoff_out_dir": ("bg", ["db", "bearoff", "--two-sided", "6x15", "-o", "{dir}"], 1, r"{dir}: is a directory"),
    "bg_bearoff_out_nodir": ("bg", ["db", "bearoff", "--one-sided", "6", "-o", "{nodir}"], 1,
                             r"{nodir}: no such directory"),
    "bg_hyper_out_dir": ("bg", ["db", "hyper", "--checkers", "3", "-o", "{dir}"], 1, r"{dir}: is a directory"),
    "bg_hyper_out_nodir": ("bg", ["db", "hyper", "--checkers", "3", "-o", "{nodir}"], 1, r"no such directory"),
    # backgammon perft --checkpoint FILE
    "bg_perft_checkpoint_dir": ("bg", ["perft", "2", "--checkpoint", "{dir}"], 1, r"checkpoint {dir}: is a directory"),
    "bg_perft_checkpoint_nodir": ("bg", ["perft", "2", "--checkpoint", "{nodir}"], 1, r"no such directory"),
    # warri endgame probe|stats FILE, play --db FILE
    "w_probe_dir": ("w", ["endgame", "probe", "{dir}"], 1, r"probe: {dir}: is a directory"),
    "w_probe_missing": ("w", ["endgame", "probe", "{missing}"], 1, r"{missing}: no such file"),
    "w_probe_unreadable": ("w", ["endgame", "probe", "{unreadable}"], 1, r"Permission denied"),
    "w_probe_empty": ("w", ["endgame", "probe", "{empty}"], 1, r"{empty}: endgame file: truncated: 0 bytes"),
    "w_probe_cut": ("w", ["endgame", "probe", "{wdb_cut}"], 1, r"{wdb_cut}: endgame file: truncated"),
    "w_probe_edited": ("w", ["endgame", "probe", "{wdb_edited}"], 1, r"{wdb_edited}: endgame file: corrupted: the checksum"),
    "w_stats_dir": ("w", ["endgame", "stats", "{dir}"], 1, r"stats: {dir}: is a directory"),
    "w_stats_missing": ("w", ["endgame", "stats", "{missing}"], 1, r"no such file"),
    "w_stats_edited": ("w", ["endgame", "stats", "{wdb_edited}"], 1, r"checksum does not match"),
    "w_play_db_dir": ("w", ["play", "--quiet", "--db", "{dir}"], 1, r"--db: {dir}: is a directory"),
    "w_play_db_missing": ("w", ["play", "--quiet", "--db", "{missing}"], 1, r"--db: {missing}: no such file"),
    "w_play_db_cut": ("w", ["play", "--quiet", "--db", "{wdb_cut}"], 1, r"--db: {wdb_cut}: endgame file: truncated"),
    # warri endgame build -o FILE --checkpoint FILE: refused before the build (28 seeds: hours)
    "w_build_out_dir": ("w", ["endgame", "build", "--seeds", "28", "-o", "{dir}"], 1, r"-o: {dir}: is a directory"),
    "w_build_out_nodir": ("w", ["endgame", "build", "--seeds", "28", "-o", "{nodir}"], 1, r"-o: {nodir}: no such directory"),
    "w_build_checkpoint_dir": ("w", ["endgame", "build", "--seeds", "3", "-o", "{tmp}/o.db", "--checkpoint", "{dir}"], 1,
                               r"--checkpoint: {dir}: is a directory"),
    "w_build_checkpoint_edited": ("w", ["endgame", "build", "--seeds", "3", "-o", "{tmp}/o.db", "--checkpoint",
                                        "{wdb_edited}"], 1, r"--checkpoint: {wdb_edited}: endgame file: corrupted"),
    # warri perft --checkpoint FILE
    "w_perft_checkpoint_dir": ("w", ["perft", "3", "--checkpoint", "{dir}"], 1, r"checkpoint {dir}: is a directory"),
    "w_perft_checkpoint_nodir": ("w", ["perft", "3", "--checkpoint", "{nodir}"], 1, r"no such directory"),
    "w_perft_checkpoint_edited": ("w", ["perft", "7", "--checkpoint", "{wck_edited}"], 1,
                                  r"checkpoint {wck_edited} line 4: the checksum does not match"),
}

# Flags with bad values: (program, arguments), each a usage error (exit status 2, the usage on
# stderr).
USAGE_CASES = {
    "bg_chouette_players": [["chouette", "--players"], ["chouette", "--players", "-1"],
                            ["chouette", "--players", HUGE], ["chouette", "--players", "abc"],
                            ["chouette", "--players", "2"], ["chouette", "--players", "9"]],
    "bg_chouette_games": [["chouette", "--players", "3", "--games", v] for v in ["-1", HUGE, "abc", "1000001"]] +
                         [["chouette", "--players", "3", "--games"], ["chouette", "--players", "3", "--seed", "-1"],
                          ["chouette", "--players", "3", "--seed", "x"]],
    "bg_perft": [["perft"], ["perft", "-1"], ["perft", "abc"], ["perft", "65"], ["perft", HUGE],
                 ["perft", "1", "--threads"], ["perft", "1", "--threads", "-1"], ["perft", "1", "--threads", "abc"],
                 ["perft", "1", "--threads", HUGE], ["perft", "1", "--hash", "-1"], ["perft", "1", "--hash", "x"],
                 ["perft", "1", "--hash", HUGE], ["perft", "1", "--leaves"], ["perft", "1", "--leaves", "all"],
                 ["perft", "1", "--checkpoint"], ["perft", "1", "--checkpoint", ""], ["perft", "1", "xyz"]],
    "bg_play": [["play", "--match"], ["play", "--match", "0"], ["play", "--match", "-1"], ["play", "--match", "abc"],
                ["play", "--match", HUGE], ["play", "--seed", "-1"], ["play", "--seed", HUGE], ["play", "--seed", "s"],
                ["play", "--auto-doubles", "16"], ["play", "--auto-doubles", "-1"], ["play", "--beavers", "256"],
                ["play", "--beavers", "x"], ["play", "--view", "2"], ["play", "--view", "-1"], ["play", "--home", "up"],
                ["play", "--variant", "nackgammon"], ["play", "--from", "garbage"], ["play", "--db"],
                ["play", "--match", "3", "--money"]],
    "bg_duel_ubgi": [["duel"], ["duel", "random"], ["duel", "random", "random", "--match", "0"],
                     ["duel", "random", "random", "--match", HUGE], ["duel", "random", "random", "--pairs", "-1"],
                     ["duel", "random", "random", "--pairs", "abc"], ["duel", "random", "random", "--seed", "-1"],
                     ["duel", "random", "random", "--threads", HUGE], ["duel", "random", "random", "--timeout", "-1"],
                     ["duel", "random", "random", "--timeout", "x"], ["duel", "random", "random", "--on-error"],
                     ["duel", "random", "random", "--out"], ["duel", "random", "random", "--out", ""],
                     ["ubgi", "--bot"], ["ubgi", "--bot", "gnubg"], ["ubgi", "--seed", HUGE], ["ubgi", "--seed", "x"],
                     ["ubgi", "extra"]],
    "bg_replay": [["replay"], ["replay", "--match", "abc"], ["replay", "--match", "-3"], ["replay", "--from", "xyz"],
                  ["replay", "--beavers", "-1", "--money"]],
    "bg_convert": [["convert", "--from", "mat", "--to", "sgf"], ["convert", "--from", "doc", "--to", "sgf", "x"],
                   ["convert", "--from", "mat", "--to", "pdf", "x"], ["convert", "--from"],
                   ["convert", "--from", "mat", "--to", "sgf", "--beavers", "256", "x"],
                   ["convert", "--from", "mat", "--to", "sgf", "--beavers", "-1", "x"],
                   ["convert", "--from", "mat", "--to", "sgf", "--beavers", "abc", "x"]],
    "bg_db": [["db"], ["db", "nothing"], ["db", "bearoff", "--one-sided"], ["db", "bearoff", "--one-sided", "0", "-o", "x"],
              ["db", "bearoff", "--one-sided", "7", "-o", "x"], ["db", "bearoff", "--one-sided", "-1", "-o", "x"],
              ["db", "bearoff", "--one-sided", "abc", "-o", "x"], ["db", "bearoff", "--two-sided", "6x16", "-o", "x"],
              ["db", "bearoff", "--two-sided", "axb", "-o", "x"], ["db", "bearoff", "--two-sided", "6", "-o", "x"],
              ["db", "bearoff", "--one-sided", "2", "--threads", "-1", "-o", "x"],
              ["db", "bearoff", "--one-sided", "2", "--threads", HUGE, "-o", "x"],
              ["db", "bearoff", "--one-sided", "2", "-o"], ["db", "bearoff", "--one-sided", "2"],
              ["db", "hyper", "--checkers", "0", "-o", "x"], ["db", "hyper", "--checkers", "4", "-o", "x"],
              ["db", "hyper", "--checkers", "-1", "-o", "x"], ["db", "hyper", "--checkers"],
              ["db", "probe"], ["db", "probe", "a", "b"], ["db", "verify"], ["db", "verify", "x", "--sample"],
              ["db", "verify", "x", "--sample", "-1"], ["db", "verify", "x", "--sample", "abc"],
              ["db", "verify", "x", "--sample", HUGE]],
    "bg_show_moves_apply": [["show"], ["show", "garbage"], ["show", "4HPwATDgc/ABMA", "--home"], ["moves", "x"],
                            ["apply", "x"], ["nosuch"]],
    "w_perft": [["perft"], ["perft", "-1"], ["perft", "abc"], ["perft", "201"], ["perft", HUGE],
                ["perft", "1", "--threads", "-1"], ["perft", "1", "--threads", "abc"], ["perft", "1", "--threads", "4097"],
                ["perft", "1", "--hash", "-1"], ["perft", "1", "--hash", HUGE], ["perft", "1", "--leaves", "all"],
                ["perft", "1", "--variant", "oware"], ["perft", "1", "--checkpoint"], ["perft", "1", "--checkpoint="],
                ["perft", "1", "bad position"], ["perft", "1", "--divide=3"]],
    "w_play_game": [["play", "--seed", "-1"], ["play", "--seed", HUGE], ["play", "--seed", "x"], ["play", "--cycle", "x"],
                    ["play", "--cycle", "noncapture:0"], ["play", "--cycle", "noncapture:-1"],
                    ["play", "--cycle", "noncapture:" + HUGE], ["play", "--db"], ["play", "--db="],
                    ["game", "--start", "garbage"], ["game", "--cycle", "noncapture:abc"], ["game", "extra"],
                    ["moves", "extra"], ["moves", "--seed", "3"]],
    "w_endgame": [["endgame"], ["endgame", "solve"], ["endgame", "build", "--seeds", "29", "-o", "x"],
                  ["endgame", "build", "--seeds", "-1", "-o", "x"], ["endgame", "build", "--seeds", "abc", "-o", "x"],
                  ["endgame", "build", "--seeds"], ["endgame", "build", "--seeds", "2"], ["endgame", "build", "-o"],
                  ["endgame", "build", "--seeds", "2", "-o", "x", "--threads", "abc"], ["endgame", "probe"],
                  ["endgame", "probe", "a", "b"], ["endgame", "stats", "x", "--seeds", "3"]],
    "w_show_decisions": [["show"], ["show", "garbage"], ["show", "1", "2", "3"], ["moves", "--feeding", "x"],
                         ["moves", "--grand-slam", "maybe"], ["moves", "--odd-seed", "3"],
                         ["moves", "--starvation-award", ""], ["moves", "--cycle-award"], ["nosuch"],
                         ["perft", "1", "--nosuch"]],
}


def make_files(tmp, data, warri):
    """The files the cases name; returns the placeholders."""
    f = {"tmp": tmp, "dir": os.path.join(tmp, "a-directory"), "missing": os.path.join(tmp, "missing.file"),
         "nodir": os.path.join(tmp, "no", "such", "folder", "out.file"), "empty": os.path.join(tmp, "empty.file"),
         "unreadable": os.path.join(tmp, "unreadable.file")}
    os.mkdir(f["dir"])
    open(f["empty"], "wb").close()
    with open(f["unreadable"], "wb") as out:
        out.write(b"x")
    os.chmod(f["unreadable"], 0)
    # Bear-off: a one-sided file cut to 100 bytes; a two-sided one with one value changed.
    f["bd_good"] = os.path.join(data, "ts3x3.bd")
    with open(os.path.join(data, "os3.bd"), "rb") as src:
        f["bd_cut"] = os.path.join(tmp, "cut.bd")
        with open(f["bd_cut"], "wb") as out:
            out.write(src.read()[:100])
    raw = bytearray(open(f["bd_good"], "rb").read())
    raw[300] ^= 0x12
    f["bd_edited"] = os.path.join(tmp, "edited.bd")
    with open(f["bd_edited"], "wb") as out:
        out.write(raw)
    # Hypergammon of 1 checker: entry 101 (mover 3, opponent 23, in play), the high byte of its
    # gammon probability changed.
    raw = bytearray(open(os.path.join(data, "hyper1.bd"), "rb").read())
    raw[40 + 28 * 101 + 5] ^= 0x10
    f["hyper_edited"] = os.path.join(tmp, "hyper_edited.bd")
    with open(f["hyper_edited"], "wb") as out:
        out.write(raw)
    return f


def make_warri_files(tmp, warri, f, args):
    """For the placeholders in args: a Warri endgame database of 3 seeds, cut by a byte and with
    a value changed; a perft checkpoint with its first count changed (its checksum left)."""
    if any("{wck" in a for a in args):
        make_warri_checkpoint(tmp, warri, f)
    if not any("{wdb" in a for a in args):
        return
    f["wdb"] = os.path.join(tmp, "w.db")
    b = subprocess.run([warri, "endgame", "build", "--seeds", "3", "-o", f["wdb"]], capture_output=True, text=True)
    if b.returncode != 0:
        raise RuntimeError("endgame build: " + b.stderr)
    raw = open(f["wdb"], "rb").read()
    f["wdb_cut"] = os.path.join(tmp, "w_cut.db")
    with open(f["wdb_cut"], "wb") as out:
        out.write(raw[:-1])
    edited = bytearray(raw)
    edited[100] ^= 1
    f["wdb_edited"] = os.path.join(tmp, "w_edited.db")
    with open(f["wdb_edited"], "wb") as out:
        out.write(edited)


def make_warri_checkpoint(tmp, warri, f):
    f["wck_edited"] = os.path.join(tmp, "w.ckpt")
    p = subprocess.run([warri, "perft", "7", "--checkpoint", f["wck_edited"], "--threads", "2"], capture_output=True,
                       text=True)
    if p.returncode != 0:
        raise RuntimeError("perft --checkpoint: " + p.stderr)
    lines = open(f["wck_edited"]).read().split("\n")
    job, count, check = lines[3].split(" ")
    lines[3] = f"{job} {int(count) + 1} {check}"
    with open(f["wck_edited"], "w") as out:
        out.write("\n".join(lines))


def run(cmd, stdin=""):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=60)


def aborted(p):
    return p.returncode < 0 or p.returncode > 2 or "terminate called" in p.stderr


def file_case(programs, data, name):
    prog, args, rc, err = FILE_CASES[name]
    if "unreadable" in name and os.geteuid() == 0:
        print("skipped: root reads every file")
        return SKIP
    tmp = tempfile.mkdtemp()
    try:
        f = make_files(tmp, data, programs["w"])
        make_warri_files(tmp, programs["w"], f, args)
        args = [a.format(**f) for a in args]
        err = err.format(**{k: re.escape(v) for k, v in f.items()})
        p = run([programs[prog]] + args)
        ok = p.returncode == rc and not aborted(p) and re.search(err, p.stderr)
        if name == "bg_verify_edited":
            ok = ok and re.search(r"^mismatch: entry \d+ ", p.stdout, re.M) and "1 mismatch\n" in p.stdout
        if name == "bg_verify_hyper_edited":
            ok = ok and re.search(r"^mismatch: entry 101 \(mover 3, opponent 23\): ", p.stdout, re.M)
        if name == "bg_verify_good":
            ok = ok and "400 of 400 entries recomputed, 0 mismatches\n" in p.stdout
        if not ok:
            print(f"{name}: {' '.join(args)}\nexit {p.returncode} (want {rc})\nstdout:\n{p.stdout}\n"
                  f"stderr:\n{p.stderr}\nwanted stderr matching: {err}")
        return 0 if ok else 1
    finally:
        for root, dirs, _ in os.walk(tmp):
            for d in dirs:
                os.chmod(os.path.join(root, d), 0o700)
        shutil.rmtree(tmp, ignore_errors=True)


def usage_case(programs, name):
    prog = "bg" if name.startswith("bg_") else "w"
    usage = "usage: backgammon" if prog == "bg" else "usage: warri"
    ok = True
    for args in USAGE_CASES[name]:
        p = run([programs[prog]] + args)
        if p.returncode != 2 or usage not in p.stderr or aborted(p):
            print(f"{' '.join(args)}: exit {p.returncode} (want 2, the usage on stderr)\nstderr:\n{p.stderr}")
            ok = False
    return 0 if ok else 1


# The subcommands each program's usage lists, and those this test knows (they must agree).
BG_COMMANDS = ["apply", "chouette", "convert", "db", "duel", "moves", "perft", "play", "replay", "show", "ubgi"]
WARRI_COMMANDS = ["perft", "moves", "game", "play", "show", "endgame"]


def help_case(programs, name):
    prog = "bg" if name == "help_backgammon" else "w"
    exe = programs[prog]
    ok = True
    # No arguments: the usage on stderr, exit status 2 (both programs alike).
    p = run([exe])
    if p.returncode != 2 or "usage:" not in p.stderr or p.stdout:
        print(f"no arguments: exit {p.returncode} (want 2, usage on stderr, nothing on stdout)\n{p.stderr}")
        ok = False
    p = run([exe, "--help"])
    if p.returncode != 0 or not p.stdout.startswith("usage:") or p.stderr:
        print(f"--help: exit {p.returncode}\n{p.stdout}\n{p.stderr}")
        return 1
    if prog == "bg":
        listed = re.findall(r"^  ([a-z]+)\b", p.stdout, re.M)
        commands = BG_COMMANDS
    else:
        listed = [c for c in re.findall(r"^  ([a-z]+) ", p.stdout, re.M) if c in WARRI_COMMANDS]
        commands = WARRI_COMMANDS
        missing = [c for c in commands if not re.search(r"^  " + c + r"\b", p.stdout, re.M)]
        if missing:
            print(f"not in the usage: {missing}")
            ok = False
    if sorted(set(listed)) != sorted(commands):
        print(f"the usage lists {sorted(set(listed))}, the test knows {sorted(commands)}")
        ok = False
    extra = {"db": [["db", "bearoff", "--help"], ["db", "probe", "-h"]],
             "endgame": [["endgame", "build", "--help"], ["endgame", "probe", "x", "-h"]],
             "perft": [["perft", "3", "--help"]]}
    for c in commands:
        for args in [[c, "--help"], [c, "-h"]] + extra.get(c, []):
            p = run([exe] + args)
            if p.returncode != 0 or not p.stdout.startswith("usage:") or p.stderr:
                print(f"{' '.join(args)}: exit {p.returncode} (want 0, the usage on stdout)\n{p.stdout}\n{p.stderr}")
                ok = False
    return 0 if ok else 1


# Builds larger than this machine (skipped on one that has the memory): (program, arguments, the
# memory the build needs, stderr regex).
MEMORY_CASES = {
    "w_build_memory": ("w", ["endgame", "build", "--seeds", "28", "-o", "{tmp}/x.db"], 56 * 2**30,
                       r"a build of 28 seeds: needs 5\d\.\d GiB of memory, the machine has [\d.]+ [GM]iB available"),
    # 54,264 positions a side: 24 bytes a pair, 66 GiB.
    "bg_bearoff_memory": ("bg", ["db", "bearoff", "--two-sided", "6x15", "-o", "{tmp}/x.bd"], 66 * 2**30,
                          r"a two-sided database of 6x15: needs 6\d\.\d GiB of memory, the machine has "),
}


def memory_case(programs, name):
    """A build larger than the machine's memory is refused at once, saying what it needs and what
    the machine has; skipped on a machine that has that much."""
    prog, args, need, err = MEMORY_CASES[name]
    avail = None
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemAvailable:"):
                avail = int(line.split()[1]) * 1024
    except OSError:
        pass
    if avail is None or avail >= need:
        print("skipped: this machine has the memory (or does not say)")
        return SKIP
    tmp = tempfile.mkdtemp()
    try:
        p = run([programs[prog]] + [a.format(tmp=tmp) for a in args])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    ok = p.returncode == 1 and re.search(err, p.stderr) and not aborted(p)
    if not ok:
        print(f"exit {p.returncode}\n{p.stderr}")
    return 0 if ok else 1


# A number out of its range names the range (the same range for an option in every program that
# has it): (program, arguments, the range the message must give). HUGE is past every range.
RANGE_CASES = {
    "range_bg_perft_threads": ("bg", ["perft", "1", "--threads", "100000"], "--threads needs a whole number 0..4096"),
    "range_bg_perft_hash": ("bg", ["perft", "1", "--hash", HUGE], "--hash needs a whole number 0..1073741824"),
    "range_bg_perft_depth": ("bg", ["perft", "65"], "the depth needs a whole number 0..64"),
    "range_bg_db_threads": ("bg", ["db", "hyper", "--checkers", "1", "--threads", HUGE, "-o", "x"],
                            "--threads needs a whole number 0..4096"),
    "range_bg_db_checkers": ("bg", ["db", "hyper", "--checkers", "4", "-o", "x"], "--checkers needs a whole number 1..3"),
    "range_bg_db_sample": ("bg", ["db", "verify", "x", "--sample", HUGE], "--sample needs a whole number 0..1099511627776"),
    "range_bg_play_match": ("bg", ["play", "--match", "40000"], "--match needs a whole number 1..32767"),
    "range_bg_play_beavers": ("bg", ["play", "--money", "--beavers", "256"], "--beavers needs a whole number 0..255"),
    "range_bg_replay_beavers": ("bg", ["replay", "--money", "--beavers", "256"], "--beavers needs a whole number 0..255"),
    "range_bg_convert_beavers": ("bg", ["convert", "--from", "mat", "--to", "sgf", "--beavers", "256", "x"],
                                 "--beavers needs a whole number 0..255"),
    "range_bg_play_auto_doubles": ("bg", ["play", "--money", "--auto-doubles", "16"],
                                   "--auto-doubles needs a whole number 0..15"),
    "range_bg_chouette_players": ("bg", ["chouette", "--players", "0"], "--players needs a whole number 3..8"),
    "range_bg_chouette_games": ("bg", ["chouette", "--players", "3", "--games", "1000001"],
                                "--games needs a whole number 0..1000000"),
    "range_w_threads": ("w", ["perft", "1", "--threads", "100000"], "--threads needs a whole number 0..4096"),
    "range_w_hash": ("w", ["perft", "1", "--hash", HUGE], "--hash needs a whole number 0..1073741824"),
    "range_w_seed": ("w", ["play", "--seed", HUGE], "--seed needs a whole number 0..18446744073709551615"),
    "range_w_sample": ("w", ["endgame", "verify", "x", "--sample", HUGE],
                       "--sample needs a whole number 0..1099511627776"),
}


def range_case(programs, name):
    prog, args, want = RANGE_CASES[name]
    p = run([programs[prog]] + args)
    ok = p.returncode == 2 and not aborted(p) and want in p.stderr
    if not ok:
        print(f"{' '.join(args)}: exit {p.returncode} (want 2)\nstderr:\n{p.stderr}\nwanted: {want}")
    return 0 if ok else 1


# Input holding control bytes (NUL, ESC, CR, BEL, DEL) quoted in an error line: (program,
# arguments, stdin, exit status, stderr regex). The line shows them escaped (\\x1B, \\r, ...):
# stderr must hold no control byte but the line breaks, whatever the input sends a terminal.
ESC = "\x1b"
CONTROL_CASES = {
    "ctl_bg_replay": ("bg", ["replay", "--match", "3"], ESC + "[2J" + ESC + "]0;owned\x07bogus\x00x\r\n", 2,
                      r"line 1: unknown action '\\x1B\[2J\\x1B\]0;owned\\x07bogus\\x00x\\r'"),
    "ctl_bg_replay_move": ("bg", ["replay", "--match", "3"], "roll 3 1\nmove 8/5" + ESC + "[31m 6/5\n", 2,
                           r"line 2: move text: unexpected character '\\x1B'"),
    "ctl_bg_apply": ("bg", ["apply"], "4HPwATDgc/ABMA 3 1 8/5 6/5" + ESC + "[1A\x7f\n", 1,
                     r"line 1: move text: unexpected character '\\x1B'"),
    "ctl_bg_moves": ("bg", ["moves"], "4HPwATDgc/ABMA 3" + ESC + "[2J\r 1\n", 1, r"line 1: die 1 must be 1 to 6, not '3\\x1B\[2J'"),
    "ctl_bg_perft_arg": ("bg", ["perft", "2", "--leaves", ESC + "[2J\r"], "", 2, r"\\x1B\[2J\\r"),
    "ctl_bg_convert_file": ("bg", ["convert", "--from", "mat", "--to", "sgf", "/nonexistent/" + ESC + "[2J.mat"], "", 1,
                            r"\\x1B\[2J\.mat"),
    "ctl_bg_convert_name": ("bg", ["convert", "--from", "sgf", "--to", "mat", "-"],
                            "(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]PW[;" + ESC + "[31m]PB[B]RU[Crawford]\n"
                            ";W[31hefe])\n", 2, r"player 0's name \";\\x1B\[31m\" starts with ';'"),
    "ctl_w_game": ("w", ["game"], "a " + ESC + "[31mq\n", 2, r"move 2 \(\\x1B\[31mq\)"),
    "ctl_w_show": ("w", ["show", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 " + ESC + "[2J"], "", 2, r"\\x1B\[2J|byte 0x1b"),
}


def control_case(programs, name):
    prog, args, stdin, rc, err = CONTROL_CASES[name]
    p = run([programs[prog]] + args, stdin)
    raw = [c for c in p.stderr if (ord(c) < 0x20 and c != "\n") or ord(c) == 0x7f]
    ok = p.returncode == rc and not aborted(p) and not raw and re.search(err, p.stderr)
    if not ok:
        print(f"{name}: exit {p.returncode} (want {rc}); raw control bytes on stderr: {raw!r}\n"
              f"stderr: {p.stderr!r}\nwanted stderr matching: {err}")
    return 0 if ok else 1


def cases():
    return (list(FILE_CASES) + list(USAGE_CASES) + ["help_backgammon", "help_warri"] + list(MEMORY_CASES) +
            list(RANGE_CASES) + list(CONTROL_CASES))


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        return 2
    if sys.argv[4] == "--list":
        print("\n".join(cases()))
        return 0
    programs = {"bg": sys.argv[1], "w": sys.argv[2]}
    name = sys.argv[4]
    if name in FILE_CASES:
        return file_case(programs, sys.argv[3], name)
    if name in USAGE_CASES:
        return usage_case(programs, name)
    if name.startswith("help_"):
        return help_case(programs, name)
    if name in MEMORY_CASES:
        return memory_case(programs, name)
    if name in RANGE_CASES:
        return range_case(programs, name)
    if name in CONTROL_CASES:
        return control_case(programs, name)
    print(f"unknown case {name}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
