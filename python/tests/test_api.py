"""The module's public surface: a docstring on every public class and callable, pickling of states
and positions (mid-game and at chance nodes), the formats (GNUbg ID, Match ID, XGID, move
notation), the money-play options, the kernels' level (active_isa, BOARDRULES_ISA), and the type
stubs shipped with the package."""
import ast
import inspect
import os
import pathlib
import pickle
import random
import subprocess
import sys

import numpy as np
import pytest

import boardrules
from boardrules import backgammon as bg
from boardrules import warri as wa
from helpers import choices

ROOT = pathlib.Path(__file__).resolve().parents[2]
STUBS = ROOT / "python" / "boardrules-stubs"
MODULES = {"boardrules": boardrules, "boardrules.backgammon": bg, "boardrules.warri": wa}


def public_names(obj):
    return sorted(n for n in dir(obj) if not n.startswith("_"))


def own_public_names(cls):
    """The public members a class defines (not those it inherits, as boardrules.Error's)."""
    return sorted(n for n in cls.__dict__ if not n.startswith("_"))


def walk():
    """(qualified name, object) of every public class, function and method of the module."""
    for mname, mod in MODULES.items():
        for n in public_names(mod):
            obj = getattr(mod, n)
            if inspect.ismodule(obj):
                continue
            if inspect.isclass(obj):
                yield f"{mname}.{n}", obj
                for k in own_public_names(obj):
                    yield f"{mname}.{n}.{k}", getattr(obj, k)
                if "__init__" in obj.__dict__:
                    yield f"{mname}.{n}.__init__", obj.__init__
            elif callable(obj):
                yield f"{mname}.{n}", obj


def own_doc(name, obj):
    """The docstring written for it: pybind11 puts the signature first, then the text."""
    doc = inspect.getdoc(obj) or ""
    if inspect.isclass(obj) or isinstance(obj, property):
        return doc.strip()
    lines = [l for l in doc.splitlines() if l.strip()]
    short = name.rsplit(".", 1)[1]
    # drop the signature lines pybind11 writes ("name(args) -> ret", "Overloaded function.", "1. name(...)")
    text = [l for l in lines if not (l.startswith(short + "(") or l == "Overloaded function."
                                     or (l[:1].isdigit() and ". " + short + "(" in l))]
    return " ".join(text).strip()


def test_every_public_class_and_callable_has_a_docstring():
    missing = []
    n = 0
    for name, obj in walk():
        if isinstance(obj, (int, float, str)):
            continue  # a constant
        n += 1
        if not own_doc(name, obj):
            missing.append(name)
    assert n > 150  # the walk reached the classes' methods
    assert missing == []


def test_the_walk_sees_a_missing_docstring():
    # own_doc tells a signature alone from a docstring (else the test above could not fail)
    def f():
        pass

    f.__doc__ = "f(self: boardrules.X) -> int\n"
    assert own_doc("x.f", f) == ""
    f.__doc__ = "f(self: boardrules.X) -> int\n\nThe count.\n"
    assert own_doc("x.f", f) == "The count."
    assert own_doc("x.f", bg.apply) != "" and own_doc("x.perft", wa.perft) != ""


# ----------------------------------------------------------------------------------- pickling


def states_along_a_match(seed, **kwargs):
    s = bg.State(**kwargs)
    rng = random.Random(seed)
    out = []
    while not s.is_terminal():
        out.append(s.clone())
        s.apply_action(rng.choice(choices(s)))
    out.append(s)
    return out


@pytest.mark.parametrize("kwargs", [dict(match_length=5, resignations=True),
                                    dict(money_games=3, jacoby=True, beavers=2, auto_doubles=1, cube_cap=8,
                                         bg_as_gammon=True)])
def test_backgammon_states_pickle_round_trip(kwargs):
    states = states_along_a_match(11, **kwargs)
    kinds = set()
    for s in states:
        t = pickle.loads(pickle.dumps(s))
        assert type(t) is bg.State
        assert t.to_string() == s.to_string()
        assert t.is_chance_node() == s.is_chance_node() and t.current_player() == s.current_player()
        assert t.legal_actions() == s.legal_actions() and t.chance_outcomes() == s.chance_outcomes()
        assert np.array_equal(t.observation_tensor(), s.observation_tensor())
        kinds.add("chance" if s.is_chance_node() else "terminal" if s.is_terminal() else "decision")
    assert kinds == {"chance", "decision", "terminal"}
    # and the game goes on alike after a round trip
    mid = states[len(states) // 2]
    a, b = mid.clone(), pickle.loads(pickle.dumps(mid))
    rng = random.Random(2)
    while not a.is_terminal():
        x = rng.choice(choices(a))
        a.apply_action(x)
        b.apply_action(x)
        assert a.to_string() == b.to_string()


def test_warri_states_and_positions_pickle_round_trip():
    for cls, pos in [(wa.State, wa.Position), (wa.BridgetownState, wa.BridgetownPosition),
                     (wa.AbapaState, wa.AbapaPosition)]:
        for rule in ("first", "threefold", "plies"):
            s = cls(cycle_rule=rule, plies=30) if rule == "plies" else cls(cycle_rule=rule)
            rng = random.Random(5)
            while not s.is_terminal():
                t = pickle.loads(pickle.dumps(s))
                assert type(t) is cls and t.to_string() == s.to_string() and t.legal_actions() == s.legal_actions()
                s.apply_action(rng.choice(s.legal_actions()))
            assert pickle.loads(pickle.dumps(s)).is_terminal()
        p = pos.start(1)
        assert pickle.loads(pickle.dumps(p)) == p


def test_backgammon_positions_pickle_round_trip():
    p = bg.Position.from_id("vAPgMTAowmhuYA")
    assert pickle.loads(pickle.dumps(p)) == p


# ------------------------------------------------------------------------------------ formats
# IDs and XGIDs gnubg wrote (tests/data/backgammon/replays/xgid_gnubg.txt)
XGIDS = [l.split() for l in (ROOT / "tests/data/backgammon/replays/xgid_gnubg.txt").read_text().splitlines()
         if l.strip() and not l.startswith("#")]


def test_gnubg_and_match_ids_both_ways():
    for _, gnubg in XGIDS[:20]:
        pos, fields = bg.parse_gnubg_id(gnubg)
        assert isinstance(pos, bg.Position) and isinstance(fields, bg.MatchIdFields)
        assert bg.format_gnubg_id(pos, fields) == gnubg
        assert bg.format_match_id(bg.parse_match_id(gnubg.split(":")[1])) == gnubg.split(":")[1]
    # vAPgMTAowmhuYA:cInuADAAIAAE, hand-decoded: a 7-point match at 4-3 for player 1 on roll with 3-5
    pos, f = bg.parse_gnubg_id("vAPgMTAowmhuYA:cInuADAAIAAE")
    assert (f.match_length, f.score, f.on_roll, sorted((f.die1, f.die2))) == (7, (3, 4), 1, [3, 5])
    assert (f.cube_value, f.cube_owner, f.game_state, f.crawford, f.doubled) == (1, -1, 1, False, False)
    g = bg.MatchIdFields()
    g.match_length, g.score, g.die1, g.die2 = 7, (3, 4), 5, 3
    g.on_roll = g.turn = 1
    assert g != f or bg.format_match_id(g) == "cInuADAAIAAE"
    assert bg.format_match_id(g) == "cInuADAAIAAE"
    assert g == f


def test_xgid_both_ways_and_to_a_state():
    pending = 0
    for xgid, gnubg in XGIDS:
        pos, fields, cube_log2, beavers = bg.parse_xgid(xgid)
        if xgid.split(":")[4] == "D":  # a double offered: kept (gnubg drops it)
            assert fields.doubled and fields.turn == 0
            fields.doubled, fields.turn = False, 1
            pending += 1
        assert bg.format_gnubg_id(pos, fields) == gnubg  # as gnubg imports the XGID
        assert bg.parse_xgid(bg.format_xgid(pos, fields, cube_log2, beavers))[:2] == (pos, fields)
    assert pending > 10
    s = bg.State.from_xgid(XGIDS[0][0])
    assert s.gnubg_id() == XGIDS[0][1] and s.match_id() == XGIDS[0][1].split(":")[1]
    assert bg.State.from_xgid(s.xgid()).to_string() == s.to_string()
    assert bg.State(match_length=7).xgid() == "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:0:7:10"


def test_move_notation_both_ways():
    start = bg.Position.start()
    p = bg.parse_play(start, 3, 1, "8/5 6/5")
    assert p in bg.legal_plays(start, 3, 1) and bg.format_play(start, p) == "8/5 6/5"
    assert bg.format_play(start, bg.parse_play(start, 6, 6, "24/18(2) 13/7(2)")) == "24/18(2) 13/7(2)"
    assert bg.format_play(start, bg.parse_play(start, 6, 5, "24/13")) == "24/13"
    with pytest.raises(boardrules.Error, match="move"):
        bg.parse_play(start, 3, 1, "8/3")


# ------------------------------------------------------------------------------------ options


def test_money_options_reach_the_state():
    text = bg.State(beavers=3, auto_doubles=2, bg_as_gammon=True, cube_cap=16).to_string()
    assert "beavers=3" in text and "auto-doubles=2" in text and "bg-as-gammon" in text and "cube-cap=16" in text
    for kwargs, word in [(dict(beavers=256), "beavers"), (dict(auto_doubles=16), "auto_doubles"),
                         (dict(cube_cap=3), "cube"), (dict(match_length=32768), "match_length")]:
        with pytest.raises(boardrules.Error, match=word):
            bg.State(**kwargs)


def test_vector_state_takes_the_state_options():
    v = bg.VectorState(2, seed=1, jacoby=True, beavers=2, auto_doubles=1, bg_as_gammon=True, crawford=False)
    text = v.state(0).to_string()
    assert "beavers=2" in text and "auto-doubles=1" in text and "bg-as-gammon" in text
    assert "no-crawford" in bg.VectorState(1, match_length=5, crawford=False).state(0).to_string()


def test_beavers_is_a_limit():
    # money play, beavers=1: after a double, one beaver; the beaverer's opponent may then only take
    # or drop (no raccoon, BG-9.4)
    def doubled(beavers):
        s = bg.State(beavers=beavers)
        s.apply_action(21 + 6 * 2 + 0)  # 3-1 opening for player 0
        s.apply_action(26 * 7 + 5)  # 8/5 6/5
        assert set(s.legal_actions()) == {bg.ACTION_NO_DOUBLE, bg.ACTION_DOUBLE}
        s.apply_action(bg.ACTION_DOUBLE)
        return s

    assert bg.ACTION_BEAVER not in doubled(0).legal_actions()
    s = doubled(1)
    assert bg.ACTION_BEAVER in s.legal_actions()
    s.apply_action(bg.ACTION_BEAVER)
    assert bg.ACTION_BEAVER not in s.legal_actions()
    s = doubled(2)
    s.apply_action(bg.ACTION_BEAVER)
    assert bg.ACTION_BEAVER in s.legal_actions()  # a raccoon


# ---------------------------------------------------------------------------- kernels' level
def run_with_isa(value):
    """active_isa() and backgammon perft(2) from the start in a new interpreter whose
    BOARDRULES_ISA is `value` (None: not set), and what it wrote on stderr."""
    env = {k: v for k, v in os.environ.items() if k != "BOARDRULES_ISA"}
    if value is not None:
        env["BOARDRULES_ISA"] = value
    code = "import boardrules as b; p = b.backgammon.Position.start(); print(b.active_isa(), b.backgammon.perft(p, 2))"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    level, count = out.stdout.split()
    return level, int(count), out.stderr


def test_active_isa_is_the_kernels_level_and_boardrules_isa_caps_it():
    # The module chooses its kernels when it runs: the best level of this CPU, unless the
    # environment caps it; the counts are the same at every level (202,782: GNU Backgammon's).
    best, count, err = run_with_isa(None)
    assert best in ("SSE2", "AVX2", "AVX512VBMI2", "Plain") and count == 202782 and err == ""
    level, count, err = run_with_isa("sse2")
    assert level == ("Plain" if best == "Plain" else "SSE2") and count == 202782 and err == ""
    level, count, err = run_with_isa("AVX512VBMI2")  # never above the CPU
    assert level == best and count == 202782
    level, count, err = run_with_isa("avx3")
    assert level == best and count == 202782
    if best != "Plain":  # a module that dispatches says what it ignored
        assert err == 'boardrules: BOARDRULES_ISA="avx3" names no SIMD level (SSE2, AVX2, AVX512BW, AVX512VBMI, ' \
                      'AVX512VBMI2); ignored\n'


# -------------------------------------------------------------------------------------- stubs


def stub_names(path):
    """The public top-level names, and each class's public members, a stub file defines."""
    tree = ast.parse(path.read_text())
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = sorted({b.name for b in node.body if isinstance(b, (ast.FunctionDef, ast.AnnAssign))
                                       and not getattr(b, "name", "_").startswith("_")} |
                                      {b.target.id for b in node.body if isinstance(b, ast.AnnAssign)})
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = None
        elif isinstance(node, ast.AnnAssign):
            names[node.target.id] = None
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            for a in node.names:
                names[a.asname or a.name] = None
    return {k: v for k, v in names.items() if not k.startswith("_")}


@pytest.mark.parametrize("mname,stub", [("boardrules", "__init__.pyi"), ("boardrules.backgammon", "backgammon.pyi"),
                                        ("boardrules.warri", "warri.pyi")])
def test_the_stubs_list_the_module_names(mname, stub):
    mod = MODULES[mname]
    names = stub_names(STUBS / stub)
    assert sorted(names) == public_names(mod)
    for n, members in names.items():
        if members is not None:
            assert members == own_public_names(getattr(mod, n)), n


def test_the_stubs_are_those_make_stubs_writes():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, str(ROOT / "python" / "make_stubs.py"), "--check"], capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stdout + out.stderr
