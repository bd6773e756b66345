"""boardrules.warri: positions, moves, perft, State with integer actions, observations, errors,
VectorState; whole games compared with the C++ library's trace."""
import os
import subprocess

import numpy as np
import pytest

import boardrules
from boardrules import warri as wa
from helpers import play_game

START = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"


def test_positions_moves_perft():
    p = wa.Position.start()
    assert p.to_string() == START
    assert wa.Position.from_string(START) == p
    assert wa.legal_moves(p) == [0, 1, 2, 3, 4, 5]
    q = wa.apply(p, 5)
    assert q.to_string() == "4,4,4,4,4,0/5,5,5,5,4,4 0-0 N"
    assert wa.perft(p, 1) == 6 and wa.perft(p, 2) == 36
    with pytest.raises(boardrules.Error, match="North"):
        wa.apply(p, 7)
    with pytest.raises(boardrules.Error):
        wa.Position.from_string("4,4/4 0-0 S")


def test_state():
    s = wa.State()
    assert s.current_player() == 0 and not s.is_chance_node()
    assert s.num_distinct_actions() == 6 and s.max_chance_outcomes() == 0
    assert s.observation_size() == wa.OBSERVATION_SIZE == 15 and s.chance_outcomes() == []
    assert s.legal_actions_mask().tolist() == [True] * 6
    rng = boardrules.Rng(2)
    assert all(0 <= s.sample_legal_action(rng) < 6 for _ in range(20))
    assert s.action_to_string(5) == "f" and s.string_to_action("c") == 2
    s.apply_action(5)
    assert s.position().to_string() == "4,4,4,4,4,0/5,5,5,5,4,4 0-0 N"
    o = s.observation_tensor()
    assert o.dtype == np.float32 and o.shape == (15,)
    assert np.allclose(o[:6] * 48, [5, 5, 5, 5, 4, 4])  # North's A..F first
    assert np.allclose(o[6:12] * 48, [4, 4, 4, 4, 4, 0])
    assert o[14] == 1
    t = s.clone()
    with pytest.raises(boardrules.Error, match="no such action"):
        s.apply_action(6)
    assert s.to_string() == t.to_string()
    assert s.to_string() == "4,4,4,4,4,0/5,5,5,5,4,4 0-0 N since=4,4,4,4,4,4/4,4,4,4,4,4:f"
    assert wa.State.from_string(s.to_string()).to_string() == s.to_string()
    assert wa.State(cycle_rule="threefold").to_string() == START + " cycle=threefold"
    with pytest.raises(boardrules.Error):
        wa.State(cycle_rule="sometimes")


@pytest.mark.skipif(not os.environ.get("BOARDRULES_TRACE"), reason="needs the C++ trace program")
def test_whole_games_agree_with_the_cpp_library():
    for game in range(20):
        want = subprocess.run([os.environ["BOARDRULES_TRACE"], "warri", str(game)], check=True,
                              capture_output=True, text=True).stdout.splitlines()
        got = play_game(wa.State(), lambda ply, n, g=game: (ply * 31 + g) % n)
        assert got == want


def test_vector_state():
    v = wa.VectorState(32, seed=9, cycle_rule="threefold")
    assert v.observations().shape == (32, 15)
    done_games = 0
    for _ in range(2000):
        mask = v.legal_actions_mask()
        a = v.sample_legal_actions()
        assert mask[np.arange(32), a].all()
        obs, ret, done = v.step(a)
        assert obs.shape == (32, 15) and np.allclose(obs[:, :14].sum(axis=1) * 48, 48)
        done_games += int(done.sum())
        assert (ret[~done] == 0).all()
    assert done_games > 32
    with pytest.raises(boardrules.Error):
        v.step(np.full(32, 7, dtype=np.int32))


def test_same_names_both_games():
    """One loop for both games: the GameState names, chance through chance_outcomes()."""
    from boardrules import backgammon as bg
    names = ["current_player", "is_terminal", "is_chance_node", "legal_actions", "legal_actions_mask",
             "chance_outcomes", "apply_action", "sample_legal_action", "returns", "observation_tensor",
             "observation_size", "action_to_string", "to_string", "from_string", "num_distinct_actions",
             "max_chance_outcomes", "clone"]
    for cls in (bg.State, wa.State, wa.BridgetownState, wa.AbapaState):
        assert all(hasattr(cls, n) for n in names), cls
    for cls in (bg.VectorState, wa.VectorState):
        assert hasattr(cls, "legal_actions_mask") and not hasattr(cls, "legal_action_mask")
    rng = boardrules.Rng(5)
    for s in (bg.State(match_length=3), wa.State(), wa.AbapaState()):
        while not s.is_terminal():
            assert type(s).from_string(s.to_string()).to_string() == s.to_string()
            assert s.observation_tensor().shape == (s.observation_size(),)
            if s.is_chance_node():
                assert s.current_player() == boardrules.CHANCE_PLAYER and s.legal_actions() == []
                outcomes = s.chance_outcomes()
                assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
                s.apply_action(outcomes[rng.below(len(outcomes))][0])
            else:
                legal = s.legal_actions()
                assert legal == sorted(legal) and np.flatnonzero(s.legal_actions_mask()).tolist() == legal
                s.apply_action(s.sample_legal_action(rng))
        assert s.current_player() == boardrules.TERMINAL_PLAYER and s.sample_legal_action(rng) == -1
        r = s.returns()
        assert r[0] == -r[1]


def test_plies_only_with_the_plies_rule():
    # plies counts the plies without a capture of cycle_rule="plies" (WA-4.3); with another rule it
    # would count nothing, and is refused rather than ignored.
    for make in (lambda **k: wa.State(**k), lambda **k: wa.State.from_string(wa.Position.start().to_string(), **k),
                 lambda **k: wa.VectorState(1, **k)):
        with pytest.raises(boardrules.Error, match="plies") as e:
            make(plies=5)
        assert e.value.code == "usage"
        with pytest.raises(boardrules.Error, match="threefold"):
            make(cycle_rule="threefold", plies=5)
        make(cycle_rule="plies", plies=5)
        make(cycle_rule="threefold")
    assert "cycle=noncapture:5" in wa.State(cycle_rule="plies", plies=5).to_string()
    assert "cycle=noncapture:100" in wa.State(cycle_rule="plies").to_string()  # the default
