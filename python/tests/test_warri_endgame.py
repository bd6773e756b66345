"""boardrules.warri's endgame tables (WA-8): build_endgame (a sliced table, built in this process),
EndgameTable (a file or a sliced table's directory: probe, verdict, best_move, layer_counts) and
verify_endgame. Hand-worked values from docs/rules/warri.md; the sliced table against the file of
`warri endgame build -o` (the program named by BOARDRULES_WARRI, when the examples are built)."""
import math
import os
import subprocess

import pytest

import boardrules
from boardrules import warri as wa

# South to move, its row empty, one seed in each of North's A, B, C: South is starved (WA-4.2).
STARVED = "0,0,0,0,0,0/1,1,1,0,0,0 {} S"


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    """A sliced table of up to 4 seeds for each variant, and the counts build_endgame returned."""
    root = tmp_path_factory.mktemp("endgame")
    out = {}
    for v in ("speightstown", "bridgetown", "abapa"):
        d = str(root / v)
        out[v] = (d, wa.build_endgame(d, 4, v))
    return out


def test_build_counts_every_layer(tables):
    for v, (d, layers) in tables.items():
        assert [n for n, *_ in layers] == [0, 1, 2, 3, 4]
        for n, boards, w, dr, lo in layers:
            assert boards == math.comb(n + 11, 11) == w + dr + lo  # WA-8.2
        assert layers[0] == (0, 1, 0, 1, 0)  # the empty board at 24-24: a draw (WA-4.1)
        t = wa.EndgameTable(d)
        assert [t.layer_counts(n) for n in range(5)] == layers
        assert wa.verify_endgame(d) == layers


def test_hand_worked_values(tables):
    # Speightstown: the starved side takes the 3 seeds (WA-4.2): South (3, 0); 22 + 3 = 25 wins.
    t = wa.EndgameTable(tables["speightstown"][0])
    assert t.variant == "speightstown" and t.max_seeds == 4 and t.sliced
    p = wa.Position.from_string(STARVED.format("22-23"))
    assert t.probe(p) == (3, 0) and t.verdict(p) == "win"
    assert t.verdict(wa.Position.from_string(STARVED.format("21-24"))) == "draw"
    assert t.best_move(p) is None  # South has no move
    assert t.verdict(wa.Position.from_string("0,0,0,0,0,0/0,0,0,0,0,0 24-24 S")) == "draw"
    # Abapa: the player who can move takes them: South (0, 3), North's 23 + 3 wins.
    a = wa.EndgameTable(tables["abapa"][0])
    q = wa.AbapaPosition.from_string(STARVED.format("22-23"))
    assert a.probe(q) == (0, 3) and a.verdict(q) == "loss"
    # Bridgetown: 1 each and the odd seed to the leader (WA-5.2): (2, 2); 23-22 S leads, 23 + 2 = 25.
    b = wa.EndgameTable(tables["bridgetown"][0])
    r = wa.BridgetownPosition.from_string(STARVED.format("23-22"))
    assert b.probe(r) == (2, 2) and b.verdict(r) == "win"
    # The start (48 seeds) is beyond the table.
    start = wa.Position.start()
    assert t.probe(start) is None and t.verdict(start) is None and t.best_move(start) is None


def test_other_decisions_and_bad_arguments(tables, tmp_path):
    t = wa.EndgameTable(tables["speightstown"][0])
    with pytest.raises(boardrules.Error, match="other decisions") as e:
        t.verdict(wa.AbapaPosition.from_string(STARVED.format("22-23")))
    assert e.value.code == "usage"
    with pytest.raises(boardrules.Error, match="other decisions"):
        wa.build_endgame(tables["speightstown"][0], 5, "abapa")
    with pytest.raises(boardrules.Error, match="seeds must be 0..48"):
        wa.build_endgame(str(tmp_path / "x"), 49)
    with pytest.raises(boardrules.Error, match="seeds must be 0..48"):
        wa.build_endgame(str(tmp_path / "x"), -1)
    with pytest.raises(boardrules.Error, match="variant is"):
        wa.build_endgame(str(tmp_path / "x"), 2, "oware")
    with pytest.raises(boardrules.Error, match="n must be 0..4"):
        t.layer_counts(5)
    with pytest.raises(boardrules.Error, match="no such file") as e:
        wa.EndgameTable(str(tmp_path / "missing.db"))
    assert e.value.code == "io"
    with pytest.raises(boardrules.Error, match="holds no sliced table"):
        wa.EndgameTable(str(tmp_path))
    with pytest.raises(TypeError):
        t.probe("0,0,0,0,0,0/1,1,1,0,0,0 22-23 S")


def test_damaged_slice(tmp_path):
    d = str(tmp_path / "t")
    wa.build_endgame(d, 3)
    path = os.path.join(d, "l03-0000of0001.slice")
    data = bytearray(open(path, "rb").read())
    data[-1] ^= 1
    open(path, "wb").write(bytes(data))
    with pytest.raises(boardrules.Error, match="checksum") as e:
        wa.verify_endgame(d)
    assert e.value.code == "corrupted"
    with pytest.raises(boardrules.Error, match="checksum"):
        wa.EndgameTable(d)
    with pytest.raises(boardrules.Error, match="checksum"):  # mapped: checked as it is opened too
        wa.EndgameTable(d, out_of_core=True)
    # The slice missing, then a directory in the manifest's place: io errors naming the path.
    os.remove(path)
    with pytest.raises(boardrules.Error, match="no such file") as e:
        wa.EndgameTable(d)
    assert e.value.code == "io" and e.value.where == path
    manifest = os.path.join(d, "manifest.txt")
    os.rename(manifest, manifest + ".keep")
    os.mkdir(manifest)
    for call in (lambda: wa.EndgameTable(d), lambda: wa.verify_endgame(d)):
        with pytest.raises(boardrules.Error, match="is a directory, not a file") as e:
            call()
        assert e.value.code == "io" and e.value.where == manifest


@pytest.mark.skipif(not os.environ.get("BOARDRULES_WARRI"), reason="the warri program is not built")
def test_sliced_table_equals_the_file(tmp_path):
    """Every position of up to 5 seeds, a few store splits: the same values, results and moves from
    the sliced table (read and mapped) as from the file of `warri endgame build -o`."""
    f = str(tmp_path / "a.db")
    subprocess.run([os.environ["BOARDRULES_WARRI"], "endgame", "build", "--variant", "abapa", "--seeds", "5", "-o", f],
                   check=True, capture_output=True)
    d = str(tmp_path / "a")
    wa.build_endgame(d, 5, "abapa", threads=2)
    tf, ts, tm = wa.EndgameTable(f), wa.EndgameTable(d), wa.EndgameTable(d, out_of_core=True)
    assert not tf.sliced and ts.sliced and tf.decisions == ts.decisions
    checked = 0
    for text in positions(5):
        p = wa.AbapaPosition.from_string(text)
        want = (tf.probe(p), tf.verdict(p), tf.best_move(p))
        assert (ts.probe(p), ts.verdict(p), ts.best_move(p)) == want, text
        assert (tm.probe(p), tm.verdict(p), tm.best_move(p)) == want, text
        checked += 1
    assert checked == 5 * 12 * 12 * 2


def positions(most):
    """Positions of 1..most seeds on the board (every board of a few shapes), stores as even as can be."""
    out = []
    for n in range(1, most + 1):
        for i in range(12):
            for j in range(12):
                houses = [0] * 12
                houses[i] += n - n // 2
                houses[j] += n // 2
                s = (48 - n) // 2
                for side in "SN":
                    out.append(",".join(map(str, houses[:6])) + "/" + ",".join(map(str, houses[6:])) +
                               f" {s}-{48 - n - s} {side}")
    return out
