"""boardrules.backgammon match equity: tables (built in, read from GNU Backgammon's files), match
winning chances, take and doubling points. Expected figures are GNU Backgammon 1.07's own, from
tests/data/backgammon/met/gnubg_met.txt (written by gen_gnubg_met.py there with gnubg)."""
import pathlib

import numpy as np
import pytest

import boardrules
from boardrules import backgammon as bg

ROOT = pathlib.Path(__file__).resolve().parents[2]
MET = ROOT / "tests/data/backgammon/met"


def gnubg_lines():
    """gnubg_met.txt's lines split, each with the table it follows (for pre/post lines)."""
    table = None
    for line in (MET / "gnubg_met.txt").read_text().splitlines():
        f = line.split()
        if not f or f[0] == "#":
            continue
        if f[0] == "met":
            table = f[1]
        yield table, f


LINES = list(gnubg_lines())
RATES_A = bg.GammonRates(gammon=(0.25, 0.20), backgammon=(0.02, 0.01))  # gen_gnubg_met.py's set A


def table_figures(name):
    """gnubg's figures of one table: {("pre", row, col) or ("post", player, away): float32}."""
    out = {}
    for table, f in LINES:
        if table == name and f[0] in ("pre", "post"):
            for col, v in enumerate(f[2:], start=1):
                out[(f[0], int(f[1]), col)] = np.float32(float(v))
    return out


def check_table(t, name):
    figures = table_figures(name)
    assert len(figures) > 700
    for (kind, row, col), v in figures.items():
        mine = t.pre_crawford(row, col) if kind == "pre" else t.post_crawford(row, col)
        assert np.float32(mine) == v, (name, kind, row, col)


def test_default_table_is_gnubgs_kazaross_xg2():
    t = bg.default_met()
    assert t.name == "Kazaross XG2 25 point MET"
    assert t.length == 25
    check_table(t, "Kazaross-XG2")


@pytest.mark.parametrize("name", ["mec", "zadeh", "woolsey", "jac050"])
def test_read_met_gives_gnubgs_figures(name):
    t = bg.read_met(str(MET / "tables" / f"{name}.xml"))
    check_table(t, name)
    assert t.length == (0 if name in ("mec", "zadeh") else 15 if name == "woolsey" else 25)
    # parse_met reads the same text to the same table.
    u = bg.parse_met((MET / "tables" / f"{name}.xml").read_text(), name)
    assert [u.pre_crawford(i, j) for i in (1, 7, 40) for j in (1, 9, 64)] == [
        t.pre_crawford(i, j) for i in (1, 7, 40) for j in (1, 9, 64)]


def test_winning_chances_are_gnubgs():
    t = bg.default_met()
    points = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48]
    n = 0
    for _, f in LINES:
        if f[0] != "res" or f[1] != "Kazaross-XG2":
            continue
        a0, a1, w = int(f[2]), int(f[3]), int(f[4])
        for pts, v in zip(points, f[5:]):
            assert bg.match_winning_chances_after(t, a0, a1, w, pts) == pytest.approx(float(v), abs=2e-7)
            assert bg.match_winning_chances_after(t, a0, a1, w, pts, player=1) == pytest.approx(1 - float(v), abs=2e-7)
            n += 1
    assert n > 4000
    # At the start of a game: the table's figures; the match won at 0-away.
    figures = table_figures("Kazaross-XG2")
    assert bg.match_winning_chances(t, 3, 5) == figures[("pre", 3, 5)]
    assert bg.match_winning_chances(t, 1, 5, crawford=True) == figures[("pre", 1, 5)]
    assert bg.match_winning_chances(t, 5, 1) == figures[("post", 0, 5)]
    assert bg.match_winning_chances(t, 5, 1, player=1) == pytest.approx(1 - figures[("post", 0, 5)], abs=1e-7)
    assert bg.match_winning_chances(t, 0, 5) == 1.0


def test_take_points_are_gnubgs():
    """The taker's take point at x = 0 / 1 is 1 - the doubler's dead / live cash point of gnubg's
    "show marketwindow" (printed to 0.01 %)."""
    t = bg.default_met()
    n = 0
    for _, f in LINES:
        if f[0] != "mw" or f[1] != "Kazaross-XG2" or f[5] != "A":
            continue
        a0, a1, cube = int(f[2]), int(f[3]), int(f[4])
        rest = f[6:]
        for k in range(0, len(rest), 4):
            doubler, kind, cp = int(rest[k]), rest[k + 1], float(rest[k + 3])
            if kind == "auto":
                continue
            tp = bg.match_take_point(t, a0, a1, False, cube, 1 - doubler, RATES_A, 0.0 if kind == "dead" else 1.0)
            assert abs(100 * (1 - tp) - cp) <= 0.005 + 1e-4, (a0, a1, cube, doubler, kind)
            n += 1
    assert n > 1000
    assert bg.match_take_point(t, 1, 5, True, 1, 0, RATES_A, 0.5) is None  # the Crawford game


def test_doubling_points_agree_with_gnubgs_cube_decisions():
    """gnubg's 0-ply cubeful MWC of no double and double/take for six contact positions (cube
    efficiency 0.68) at every score to 15-away: match_cubeful_mwc gives them, and gnubg's better
    choice is on its side of match_double_point."""
    t = bg.default_met()
    positions = {}
    n = 0
    for _, f in LINES:
        if f[0] == "pos":
            w, wg, wbg, lg, lbg = (float(v) for v in f[3:8])
            rates = bg.GammonRates(gammon=((wg - wbg) / w, (lg - lbg) / (1 - w)),
                                   backgammon=(wbg / w, lbg / (1 - w)))
            positions[int(f[1])] = (w, rates)
        elif f[0] == "cf":
            p, rates = positions[int(f[1])]
            a0, a1 = int(f[2]), int(f[3])
            rest = f[4:]
            for k in range(0, len(rest), 4):
                cube, owner, nd, dt = int(rest[k]), int(rest[k + 1]), float(rest[k + 2]), float(rest[k + 3])
                assert bg.match_cubeful_mwc(t, a0, a1, False, cube, owner, 0, p, rates, 0.68) == pytest.approx(nd, abs=3e-6)
                assert bg.match_cubeful_mwc(t, a0, a1, False, 2 * cube, 1, 0, p, rates, 0.68) == pytest.approx(dt, abs=3e-6)
                dp = bg.match_double_point(t, a0, a1, False, cube, 0, owner == -1, rates, 0.68)
                if dt - nd > 1e-5:
                    assert dp is not None and p > dp
                if nd - dt > 1e-5:
                    assert dp is None or p < dp
                n += 1
    assert len(positions) == 6
    assert n > 5000


def test_double_point_at_x0_is_the_dead_one():
    """With a dead cube (x = 0) and no gammons, the double point at 3-away/3-away is where the risk
    of losing 2 points more equals the gain, from gnubg's figures: (ND_L - DT_L) / (risk + gain)."""
    t = bg.default_met()
    figures = table_figures("Kazaross-XG2")
    nd_w, nd_l = figures[("pre", 2, 3)], figures[("pre", 3, 2)]  # a single game won / lost
    # Doubled, 2 points: the winner is 1-away and the next game is the Crawford game (row 1).
    dt_w, dt_l = figures[("pre", 1, 3)], figures[("pre", 3, 1)]
    expected = (float(nd_l) - float(dt_l)) / ((float(nd_l) - float(dt_l)) + (float(dt_w) - float(nd_w)))
    assert bg.match_double_point(t, 3, 3, False, 1, 0, True) == pytest.approx(expected, abs=1e-6)


def test_errors_name_what_and_where():
    t = bg.default_met()
    with pytest.raises(boardrules.Error) as info:
        bg.read_met(str(MET / "no such.xml"))
    assert info.value.code == "io"
    assert info.value.where.endswith("no such.xml")
    with pytest.raises(boardrules.Error, match="line 2") as info:
        bg.parse_met("<met>\n<info/></met>", "mine.xml")
    assert info.value.code == "syntax"
    assert info.value.where == "mine.xml"
    assert info.value.offset == 6
    with pytest.raises(boardrules.Error) as info:
        bg.parse_met((MET / "tables/mec.xml").read_text().replace("0.26", "1.26"))
    assert info.value.code == "out_of_range"
    for call, where in [(lambda: t.pre_crawford(0, 3), "away0"), (lambda: t.post_crawford(2, 3), "trailer"),
                        (lambda: bg.match_winning_chances_after(t, 3, 3, 2, 1), "winner"),
                        (lambda: bg.match_take_point(t, 3, 3, False, 0, 1), "cube_value"),
                        (lambda: bg.match_take_point(t, 3, 3, False, 3, 1), "cube_value"),
                        (lambda: bg.match_double_point(t, 3, 3, False, 65536, 0, True), "cube_value"),
                        (lambda: bg.match_double_point(t, 3, 3, False, 1, 0, True, x=1.5), "x"),
                        (lambda: bg.match_cubeful_mwc(t, 3, 3, False, 1, -2, 0, 0.5, bg.GammonRates(), 0.5), "cube_owner"),
                        (lambda: bg.match_cubeful_mwc(t, 3, 3, False, 1, -1, 0, float("nan"), bg.GammonRates(), 0.5), "p"),
                        (lambda: bg.GammonRates(gammon=(0.9, 0), backgammon=(0.2, 0)), "rates")]:
        with pytest.raises(boardrules.Error) as info:
            call()
        assert info.value.code == "out_of_range"
        assert info.value.where == where
    with pytest.raises(TypeError):
        bg.match_winning_chances(t, 3.0, 3)


def test_crawford_is_refused_where_nobody_is_one_away():
    # The Crawford game is played when a player is 1-away (BG-10.2): crawford=True at another
    # score is refused, not ignored.
    t = bg.default_met()
    for call in [lambda: bg.match_winning_chances(t, 3, 5, crawford=True),
                 lambda: bg.match_cubeful_mwc(t, 3, 5, True, 1, -1, 0, 0.5, bg.GammonRates(), 0.0),
                 lambda: bg.match_take_point(t, 3, 5, True, 1, 0),
                 lambda: bg.match_double_point(t, 3, 5, True, 1, 0, True)]:
        with pytest.raises(boardrules.Error, match="1-away") as e:
            call()
        assert e.value.code == "out_of_range" and e.value.where == "crawford"
    assert bg.match_winning_chances(t, 1, 5, crawford=True) == bg.match_winning_chances(t, 5, 1, crawford=True,
                                                                                        player=1)
    assert bg.match_take_point(t, 1, 5, True, 1, 0) is None  # the Crawford game: no cube


def test_no_double_passes_the_highest_cube():
    # A cube of 32768 (kMaxCubeValue) cannot be doubled (BG-8.5): no take or double point; one
    # below it still has them.
    t = bg.default_met()
    assert bg.match_take_point(t, 64, 64, False, 32768, 0) is None
    assert bg.match_double_point(t, 64, 64, False, 32768, 0, False) is None
    assert bg.match_take_point(t, 64, 64, False, 16384, 0) is not None
    with pytest.raises(boardrules.Error, match="cube_value"):
        bg.match_take_point(t, 64, 64, False, 65536, 0)


def test_gammon_rates_default_to_no_gammons():
    r = bg.GammonRates()
    assert r.gammon == [0.0, 0.0] and r.backgammon == [0.0, 0.0]
    assert "no gammons" in bg.match_take_point.__doc__ and "never ends in a gammon" in bg.GammonRates.__init__.__doc__
