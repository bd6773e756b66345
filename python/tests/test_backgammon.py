"""boardrules.backgammon: positions, plays, perft, State with integer actions, observations,
errors, VectorState; whole games compared with the C++ library's trace."""
import copy
import os
import random
import subprocess

import numpy as np
import pytest

import boardrules
from boardrules import backgammon as bg
from helpers import choices, play_game

START_ID = "4HPwATDgc/ABMA"


def test_position_ids_both_ways():
    p = bg.Position.start()
    assert p.id() == START_ID
    assert bg.Position.from_id(START_ID) == p
    assert p.mover(6) == 5 and p.mover(13) == 5 and p.mover(24) == 2 and p.opponent(8) == 3
    assert p.pips() == (167, 167)
    with pytest.raises(boardrules.Error, match="position"):
        bg.Position.from_id("not an id")


def test_legal_plays_apply_perft():
    p = bg.Position.start()
    plays = bg.legal_plays(p, 3, 1)
    assert len(plays) == 16  # the 16 distinct plays of an opening 3-1 (hand count)
    texts = {str(x) for x in plays}
    assert any(sorted(t.split()) == ["6/5", "8/5"] for t in texts)
    after = bg.apply(p, next(x for x in plays if sorted(str(x).split()) == ["6/5", "8/5"]))
    assert after.opponent(5) == 2 and after.opponent(6) == 4 and after.opponent(8) == 2
    assert bg.perft(p, 0) == 1
    assert len(bg.legal_plays(p, 6, 6)) > 0
    with pytest.raises(boardrules.Error):
        bg.legal_plays(p, 0, 3)


def test_state_integer_actions_and_errors():
    s = bg.State(match_length=5)
    assert s.is_chance_node() and s.current_player() == bg.CHANCE_PLAYER
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 30 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert s.legal_actions() == [] and not s.legal_actions_mask().any()  # the outcomes are chance_outcomes()
    assert s.sample_legal_action(boardrules.Rng(1)) == -1
    s.apply_action(21 + 6 * 2 + 0)  # opening: player 0 throws 3, player 1 throws 1
    assert s.current_player() == 0 and s.dice() in ((3, 1), (1, 3))
    a = 26 * 7 + 5  # 8/5 6/5: high die from point 8, low die from point 6
    assert a in s.legal_actions()
    assert s.legal_actions() == sorted(s.legal_actions())
    mask = s.legal_actions_mask()
    assert mask.dtype == np.bool_ and mask.shape == (bg.NUM_DISTINCT_ACTIONS,)
    assert np.flatnonzero(mask).tolist() == s.legal_actions()
    assert s.chance_outcomes() == []
    rng = boardrules.Rng(4)
    assert all(s.sample_legal_action(rng) in s.legal_actions() for _ in range(20))
    assert s.string_to_action(s.action_to_string(a)) == a
    before = s.to_string()
    with pytest.raises(boardrules.Error, match="no legal play"):
        s.apply_action(0)
    with pytest.raises(boardrules.Error):
        s.apply_action(bg.NUM_DISTINCT_ACTIONS)
    assert s.to_string() == before
    c = s.clone()
    s.apply_action(a)
    assert c.to_string() == before and s.to_string() != before
    assert copy.deepcopy(s).to_string() == s.to_string()
    assert s.current_player() == 1
    assert set(s.legal_actions()) == {bg.ACTION_NO_DOUBLE, bg.ACTION_DOUBLE}


def test_observation_tensor_hand_checked():
    s = bg.State()
    o = s.observation_tensor()
    assert o.dtype == np.float32 and o.shape == (210,)
    assert list(o[20:24]) == [1, 1, 1, 1]  # my 6-point: 5 checkers
    assert list(o[28:32]) == [1, 1, 1, 0]  # my 8-point: 3
    assert list(o[92:96]) == [1, 1, 0, 0]  # my 24-point: 2
    assert o[199] == 1 and o[198] == 0 and o[202] == 0
    assert s.observation_shape() == [210] and s.observation_size() == bg.OBSERVATION_SIZE == 210


def test_from_string_round_trip():
    # Every ply of a match with resignations and beavers: the text (a GNUbg ID and the words after
    # it) gives the state back.
    s = bg.State(match_length=7, resignations=True)
    rng = random.Random(3)
    while not s.is_terminal():
        t = bg.State.from_string(s.to_string())
        assert t.to_string() == s.to_string() and t.legal_actions() == s.legal_actions()
        s.apply_action(rng.choice(choices(s)))
    assert bg.State.from_string(s.to_string()).is_terminal()
    assert bg.State().to_string() == "4HPwATDgc/ABMA:MAAAAAAAAAAE"  # money play, 1 game: no word
    with pytest.raises(boardrules.Error):
        bg.State.from_string("x:y")
    with pytest.raises(boardrules.Error, match="unknown word"):
        bg.State.from_string(bg.State().to_string() + " sometimes")


@pytest.mark.skipif(not os.environ.get("BOARDRULES_TRACE"), reason="needs the C++ trace program")
def test_whole_games_agree_with_the_cpp_library():
    for game in range(5):
        want = subprocess.run([os.environ["BOARDRULES_TRACE"], "backgammon", str(game)], check=True,
                              capture_output=True, text=True).stdout.splitlines()
        got = play_game(bg.State(match_length=3), lambda ply, n, g=game: (ply * 31 + g) % n)
        assert got == want


def test_vector_state():
    v = bg.VectorState(16, seed=5, match_length=1)
    assert len(v) == 16
    obs = v.observations()
    assert obs.shape == (16, 210) and obs.dtype == np.float32
    assert (v.current_players() >= 0).all()
    mask = v.legal_actions_mask()
    lists = v.legal_actions()
    for i in range(16):
        assert np.flatnonzero(mask[i]).tolist() == lists[i]  # increasing
        assert v.state(i).legal_actions() == lists[i]
        assert np.array_equal(v.state(i).legal_actions_mask(), mask[i])
    finished = 0
    for _ in range(3000):
        a = v.sample_legal_actions()
        obs, ret, done = v.step(a)
        assert obs.shape == (16, 210) and ret.shape == (16, 2) and done.shape == (16,)
        assert np.array_equal(obs, v.observations())
        assert np.array_equal(obs[5], v.state(5).observation_tensor())
        assert (ret[~done] == 0).all()
        assert (np.abs(ret[done]).sum(axis=1) == 2).all()  # a 1-point match: +1 / -1
        finished += int(done.sum())
    assert finished > 16
    with pytest.raises(boardrules.Error):
        v.step(np.full(16, -1, dtype=np.int32))
    with pytest.raises(boardrules.Error):
        v.step(np.zeros(3, dtype=np.int32))


def test_vector_state_refuses_a_bad_step_whole():
    # One bad action (game 7) refuses the whole step: no game moves and the random stream does
    # not either, so the vector goes on as its twin that never saw the bad step.
    v = bg.VectorState(16, seed=9, match_length=3)
    twin = bg.VectorState(16, seed=9, match_length=3)
    for k in range(60):
        a = v.sample_legal_actions()
        assert np.array_equal(a, twin.sample_legal_actions())
        if k % 20 == 10:
            before = [v.state(i).to_string() for i in range(16)]
            bad = a.copy()
            bad[7] = -1
            with pytest.raises(boardrules.Error, match="game 7"):
                v.step(bad)
            assert [v.state(i).to_string() for i in range(16)] == before
        obs, ret, done = v.step(a)
        obs2, ret2, done2 = twin.step(a)
        assert np.array_equal(obs, obs2) and np.array_equal(ret, ret2) and np.array_equal(done, done2)
        assert [v.state(i).to_string() for i in range(16)] == [twin.state(i).to_string() for i in range(16)]


def test_version_is_the_library_version():
    # The one version is include/boardrules/version.hpp; the module reports it.
    import pathlib
    import re

    header = pathlib.Path(__file__).resolve().parents[2] / "include" / "boardrules" / "version.hpp"
    text = header.read_text()
    parts = [re.search(r"BOARDRULES_VERSION_%s (\d+)" % k, text).group(1) for k in ("MAJOR", "MINOR", "PATCH")]
    assert boardrules.__version__ == ".".join(parts)
    pyproject = (header.parents[2] / "pyproject.toml").read_text()
    assert re.search(r'^version = "([^"]+)"', pyproject, re.M).group(1) == ".".join(parts)


RECORDS = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data", "backgammon", "records")


@pytest.mark.parametrize("name", ["gnubg_03_match5", "gnubg_10_money_jacoby_beavers1"])
def test_record_decisions_follow_gnubg(name):
    # The states before the decisions pass through every position gnubg recorded before a play
    # or a cube action (NAME.decisions, GNUbg IDs written by gnubg itself), in order.
    with open(os.path.join(RECORDS, name + ".decisions")) as f:
        expected = [line.split()[0] for line in f if line.strip()]
    for fmt in ("mat", "sgf"):
        with open(os.path.join(RECORDS, name + "." + fmt)) as f:
            text = f.read()
        kwargs = {"jacoby": True, "beavers": 1} if "money" in name else {}
        pairs = bg.record_decisions(text, fmt, **kwargs)
        assert len(pairs) >= len(expected)
        ids = [state.to_string().split()[0] for _, _, state in pairs]
        k = 0
        for i in ids:
            if k < len(expected) and i == expected[k]:
                k += 1
        assert k == len(expected)
        for obs, action, state in pairs:
            assert obs.shape == (bg.OBSERVATION_SIZE,)
            assert np.array_equal(obs, state.observation_tensor())
            assert action in state.legal_actions()


WILD = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data", "backgammon", "wild")


@pytest.mark.parametrize("name", ["gibbon/7point.mat", "gibbon/7point.sgf", "bg-db/tester_vs_jackdaw1_2026-08-18.mat",
                                  "bg-db/vireo_vs_tester_2026-09-30.mat"])
def test_record_decisions_of_records_that_write_a_throw_low_die_first(name):
    # These files write throws like `13:` (GNU Gibbon, bg-db); `backgammon convert` reads them,
    # and so does record_decisions (a throw is kept high die first, BG-3.1): every action is one
    # of its state's, and every play has the throw it plays.
    with open(os.path.join(WILD, name)) as f:
        text = f.read()
    pairs = bg.record_decisions(text, name.rsplit(".", 1)[1])
    assert len(pairs) > 100
    for _, action, state in pairs:
        assert action in state.legal_actions()
        if action < bg.ACTION_NO_DOUBLE:
            assert state.dice() is not None


def test_dice_is_the_current_throw_or_none():
    s = bg.State(match_length=5)
    assert s.dice() is None  # before the opening throw
    s.apply_action(21 + 6 * 0 + 2)  # opening: player 0 throws 1, player 1 throws 3: player 1 plays 1-3
    assert s.current_player() == 1 and s.dice() == (1, 3)  # the opening throw as thrown (BG-2.1)
    s.apply_action(s.legal_actions()[0])
    assert s.current_player() == 0 and not s.is_chance_node()  # player 0's cube decision
    assert s.dice() is None  # no throw of player 0 yet (player 1's 1-3 is not the current throw)
    s.apply_action(bg.ACTION_NO_DOUBLE)
    assert s.is_chance_node() and s.dice() is None
    s.apply_action(s.chance_outcomes()[1][0])  # 2-1
    assert s.dice() == (2, 1)


def test_record_decisions_refuse_a_bad_record():
    with open(os.path.join(RECORDS, "gnubg_01_match1.mat")) as f:
        text = f.read()
    with pytest.raises(boardrules.Error, match="game 1"):
        bg.record_decisions(text.replace("Game 1", "Game 1\n 1) 66: 24/12", 1), "mat")
    with pytest.raises(boardrules.Error, match="format"):
        bg.record_decisions(text, "txt")
