#!/usr/bin/env python3
"""Our Abapa endgame table (WA-8) against Aalina's, by hand (a few minutes; not in CTest).

Aalina is Joan Sala Soler's Oware Abapa engine (GPL-3.0): https://github.com/joansalasoler/oware.
Its endgame book is the file src/main/resources/oware-leaves.bin of that repository (2,704,493
bytes, the same on its branches main and develop; the copy measured in docs/databases.md has
SHA-256 020a865d88e224bbe0209087bb6b0a9a2b75dd980e3d488e7b5ad0dae43e03c7). This script downloads
nothing and the file is not part of this repository (GPL data): fetch it yourself, e.g.

    curl -LO https://raw.githubusercontent.com/joansalasoler/oware/main/src/main/resources/oware-leaves.bin

and run (the first argument: the `warri` program of a build)

    /usr/bin/python3 tests/long/warri_aalina_abapa.py build/release/examples/warri oware-leaves.bin

It builds two Abapa tables of 12 seeds in a temporary folder (`warri endgame build --variant
abapa`, and the same with `--cycle-award nobody`, a few seconds each), probes every board of
Aalina's book in them with `warri endgame probe`, and compares. The book's format, as this script
reads it (no code of Aalina's is used):

- a header of UTF-16 (big-endian) text lines, ended by an empty line, whose "Positions: N" line
  gives the number of entries that follow, one byte each (N = C(24, 12) + 1: the boards of up to
  12 seeds and one more, left out);
- entry i is the board whose rank is i (below), seen from the side to move: houses 0..5 are the
  mover's row, 6..11 the other side's, sowing 0, 1, ..., 11 (as WA-8.1);
- byte = captures << 2 | flag. `captures` is the number of the board's seeds the side to move
  takes under perfect play (captures to come plus its row when the game ends). Flag 1: a board of
  a strongly connected component of the moves without a capture, valued by Aalina's solver with
  its own rule for repetitions; flag 3: the other boards, valued from their moves (so they may
  depend on flag-1 values); flag 0: no value.

The rank: with n the board's seeds (at most 15), c = 15 - n; for house i = 11 down to 0, while
c < 15: add C(15 - c + i, 14 - c), then c += houses[i]. The boards of n seeds take the ranks
C(n + 11, 12) .. C(n + 12, 12) - 1 (checked here for every board).

Our value for a board of n seeds is the pair (M, O) of WA-8.5; in Abapa M + O = n and M is the
seeds the mover takes from the board under perfect play, so the expected pair is (captures,
n - captures). Endless play is scored differently (Aalina: each row to its owner at the position
that repeats; this table: at the board probed, WA-8.4), so a board is "settled" when its least
values (M-, O- of WA-8.6: the table built with `--cycle-award nobody`) add up to n: there no
scoring of endless play can change the value, and the two must agree whatever the flag. Each
board is probed with South to move (the board as it is) and with North to move (the same board
turned round); both must give the same pair.

Output: per layer, kind (settled or cycling) and flag, the entries, how many agree and differ; the
entries outside [M-, n - O-] (bounds whatever endless play scores); how many of the flag-3 entries,
and of the differing ones, are not what the book's own entries of the board's children give (the
legal moves generated here from docs/rules/warri.md); examples. Exit status 0 when every settled
board agrees and both sides to move agree, 1 otherwise, 2 for a bad file or a failed program.
"""
import argparse
import itertools
import math
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

SEEDS = 12          # the book's largest layer
MAX_SEEDS = 15      # the ranking's constant (the book format allows boards of up to 15 seeds)
FLAG_NAMES = {3: "exact", 1: "cycle", 2: "flag 2", 0: "none"}
NOBODY = ["--cycle-award", "nobody"]   # endless play scores nothing: the least values of WA-8.6


def fail(message):
    """A bad file or a failed program: said on stderr, exit status 2."""
    print(f"warri_aalina_abapa: {message}", file=sys.stderr)
    sys.exit(2)


def read_book(path):
    """The header text and the entries (bytes) of an Aalina leaves file."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    text = []
    pos = 0
    while True:
        if pos + 2 > len(raw) or pos > 4096:
            fail(f"{path}: no header ended by an empty line (not an Aalina leaves file?)")
        text.append(chr(raw[pos] << 8 | raw[pos + 1]))
        pos += 2
        if len(text) >= 2 and text[-1] == "\n" and text[-2] == "\n":
            break
    header = "".join(text)
    if not header.startswith("Oware Endgames"):
        fail(f"{path}: header does not start with 'Oware Endgames'")
    fields = dict(line.split(": ", 1) for line in header.splitlines() if ": " in line)
    try:
        count = int(fields["Positions"])
    except (KeyError, ValueError):
        fail(f"{path}: no 'Positions: N' line in the header")
    data = raw[pos:]
    if len(data) != count:
        fail(f"{path}: the header announces {count} entries, the file holds {len(data)}")
    if count < math.comb(SEEDS + 12, 12):
        fail(f"{path}: {count} entries, fewer than the {math.comb(SEEDS + 12, 12)} boards of up to {SEEDS} seeds")
    return header, data


def boards(n):
    """Every board (12 houses) of n seeds."""
    for bars in itertools.combinations(range(n + 11), 11):
        prev = -1
        houses = []
        for b in bars:
            houses.append(b - prev - 1)
            prev = b
        houses.append(n + 10 - prev)
        yield houses


# COEF[c][i] = C(15 - c + i, 14 - c), for c < 15.
COEF = [[math.comb(MAX_SEEDS - c + i, MAX_SEEDS - 1 - c) for i in range(12)] for c in range(MAX_SEEDS)]


def book_rank(houses):
    c = MAX_SEEDS - sum(houses)
    rank = 0
    i = 11
    while c < MAX_SEEDS and i >= 0:
        rank += COEF[c][i]
        c += houses[i]
        i -= 1
    return rank


def position_text(houses, side):
    """WA-7.1 text of the board with `side` to move (the mover's row is houses[0:6])."""
    n = sum(houses)
    s = (48 - n) // 2
    t = 48 - n - s
    if side == "S":
        south, north, ss, ns = houses[:6], houses[6:], s, t
    else:
        south, north, ss, ns = houses[6:], houses[:6], t, s
    return "{}/{} {}-{} {}".format(",".join(map(str, south)), ",".join(map(str, north)), ss, ns, side)


def children(houses):
    """(seeds captured, next board from the other side's view) of each legal move of an Abapa board
    (docs/rules/warri.md: WA-2 sowing with laps that skip the emptied house, WA-2.3 feeding, WA-3
    captures, WA-3.3 a grand slam legal and capturing nothing); empty when the game is over (WA-4.2)."""
    other_empty = not any(houses[6:])
    out = []
    for i in range(6):
        seeds = houses[i]
        if seeds == 0:
            continue
        b = list(houses)
        b[i] = 0
        h = i
        fed = False
        while seeds:
            h = (h + 1) % 12
            if h != i:
                b[h] += 1
                seeds -= 1
                fed = fed or h >= 6
        if other_empty and not fed:
            continue
        taken = 0
        after = list(b)
        j = h
        while j >= 6 and after[j] in (2, 3):
            taken += after[j]
            after[j] = 0
            j -= 1
        if taken and any(after[6:]):
            b = after
        else:
            taken = 0
        out.append((taken, bytes(b[6:] + b[:6])))
    return out


def probe(warri, table, decisions, lines):
    proc = subprocess.run([warri, "endgame", "probe", table, "--variant", "abapa"] + decisions,
                          input="".join(line + "\n" for line in lines), capture_output=True, text=True)
    if proc.returncode != 0:
        fail(f"warri endgame probe failed ({proc.returncode}): {proc.stderr.strip()}")
    out = proc.stdout.splitlines()
    if len(out) != len(lines):
        fail(f"{len(lines)} positions probed, {len(out)} lines back")
    return [tuple(int(x) for x in line.split()[:2]) for line in out]


def build(warri, path, decisions):
    try:
        proc = subprocess.run([warri, "endgame", "build", "--variant", "abapa", "--seeds", str(SEEDS),
                               "--threads", "1", "-o", path] + decisions, capture_output=True, text=True)
    except OSError as e:
        fail(f"{warri}: {e.strerror}")
    if proc.returncode != 0:
        fail(f"warri endgame build failed ({proc.returncode}): {proc.stderr.strip()}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("warri", help="the warri program")
    ap.add_argument("leaves", help="Aalina's oware-leaves.bin")
    ap.add_argument("--examples", type=int, default=5, help="differences printed per kind (default 5)")
    args = ap.parse_args()
    start = time.time()

    header, data = read_book(args.leaves)
    print("Aalina book:", header.strip().replace("\n", "; "))

    with tempfile.TemporaryDirectory() as tmp:
        ours, nobody = os.path.join(tmp, "abapa.db"), os.path.join(tmp, "abapa-nobody.db")
        build(args.warri, ours, [])
        build(args.warri, nobody, NOBODY)
        # Every board of 0..12 seeds (12 bytes each), its rank in the book checked to be its layer's next one.
        all_boards = []
        for n in range(SEEDS + 1):
            layer = [bytes(h) for h in boards(n)]
            first, end = math.comb(n + 11, 12), math.comb(n + 12, 12)
            if sorted(book_rank(h) for h in layer) != list(range(first, end)):
                fail(f"the ranks of layer {n} are not {first}..{end - 1}")
            all_boards.extend(layer)
        print(f"boards of 0..{SEEDS} seeds: {len(all_boards):,}, ranked 0..{len(all_boards) - 1:,} "
              f"(each layer its own range)")

        south = probe(args.warri, ours, [], [position_text(h, "S") for h in all_boards])
        north = probe(args.warri, ours, [], [position_text(h, "N") for h in all_boards])
        least = probe(args.warri, nobody, NOBODY, [position_text(h, "S") for h in all_boards])

    def book(h):
        entry = data[book_rank(h)]
        return entry & 3, entry >> 2

    def book_minimax(h):
        """What the book's own entries of the children give the side to move."""
        moves = children(h)
        if not moves:
            return sum(h) if any(h[:6]) else 0
        return max(c + sum(q) - book(q)[1] for c, q in moves)

    # kind: "settled" where our value does not depend on how endless play is scored (the least
    # values of WA-8.6 add up to n), else "cycling".
    tally = defaultdict(lambda: [0, 0])     # (kind, flag, layer) -> [agree, differ]
    outside = defaultdict(int)              # flag -> entries outside [M-, n - O-]
    inconsistent = defaultdict(lambda: [0, 0])  # (kind, flag) -> [checked, entry != its children's]
    examples = defaultdict(list)
    sides_differ = 0
    for h, ps, pn, pl in zip(all_boards, south, north, least):
        n = sum(h)
        flag, captures = book(h)
        if ps != pn:
            sides_differ += 1
        kind = "settled" if pl[0] + pl[1] == n else "cycling"
        ok = flag != 0 and ps == (captures, n - captures)
        tally[(kind, flag, n)][0 if ok else 1] += 1
        if flag != 0 and not pl[0] <= captures <= n - pl[1]:
            outside[flag] += 1
        if flag == 3 or not ok:
            own = book_minimax(h)
            inconsistent[(kind, flag)][0] += 1
            inconsistent[(kind, flag)][1] += own != captures
        if not ok and len(examples[(kind, flag)]) < args.examples:
            examples[(kind, flag)].append((h, captures, ps, pl, book_minimax(h)))

    print("\nper layer: entries, agree, differ; settled: our value the same whatever endless play scores")
    columns = sorted({(k, f) for k, f, _ in tally}, key=lambda c: (c[0] != "settled", -c[1]))
    print("seeds" + "".join(f"{k + ', ' + FLAG_NAMES[f] + ' (flag ' + str(f) + ')':>38}" for k, f in columns))
    totals = {c: [0, 0] for c in columns}
    for n in range(SEEDS + 1):
        cells = []
        for c in columns:
            a, d = tally.get(c + (n,), [0, 0])
            totals[c][0] += a
            totals[c][1] += d
            cells.append(f"{a + d:>14,}{a:>12,}{d:>12,}")
        print(f"{n:>5}" + "".join(cells))
    print("  all" + "".join(f"{a + d:>14,}{a:>12,}{d:>12,}" for a, d in (totals[c] for c in columns)))
    print(f"\nSouth to move and North to move (the board turned round) differ on {sides_differ} boards")
    for f in sorted(outside, reverse=True):
        print(f"{FLAG_NAMES[f]} entries (flag {f}) outside what each side forces without endless play "
              f"([M-, n - O-]): {outside[f]:,}")
    for c in columns:
        checked, bad = inconsistent.get(c, [0, 0])
        what = "entries" if c[1] == 3 else "differing entries"
        print(f"{c[0]}, {FLAG_NAMES[c[1]]}: of {checked:,} {what}, {bad:,} differ from what the book's own "
              f"entries of their children give")
    for c in columns:
        for h, captures, ours, pl, own in examples[c]:
            n = sum(h)
            print(f"differs ({c[0]}, {FLAG_NAMES[c[1]]}): {position_text(h, 'S')}: Aalina {captures} of {n} "
                  f"(its children's entries give {own}), ours {ours[0]} {ours[1]} (least {pl[0]} {pl[1]})")
    settled = [sum(totals.get(("settled", f), [0, 0])) for f in (3, 1)]
    settled_differ = sum(totals[c][1] for c in columns if c[0] == "settled")
    print(f"\nsettled boards: {sum(settled):,} compared, {settled_differ:,} differ; "
          f"{time.time() - start:.1f} s")
    return 0 if settled_differ == 0 and sides_differ == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
