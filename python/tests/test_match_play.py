"""boardrules.backgammon: match play game by game (returns='points' / 'equity'): whole matches
through State.next_game() and VectorState, the score, Crawford flag and cube in the observation."""
import random

import numpy as np
import pytest

import boardrules
from boardrules import backgammon as bg


def pick(s, rng):
    """A throw at its probability, else a legal action: doubles one time in eight, takes half the time."""
    if s.is_chance_node():
        ids, probs = zip(*s.chance_outcomes())
        return rng.choices(ids, weights=probs)[0]
    legal = s.legal_actions()
    if bg.ACTION_DOUBLE in legal and rng.random() < 0.125:
        return bg.ACTION_DOUBLE
    if bg.ACTION_TAKE in legal and rng.random() < 0.5:
        return bg.ACTION_TAKE
    return rng.choice(legal)


def test_whole_matches_game_by_game():
    crawford_games = 0
    for seed in range(6):
        rng = random.Random(seed)
        twin = random.Random(seed)
        whole = bg.State(match_length=7)  # the whole match as one episode (returns='session')
        s = bg.State(match_length=7, returns="points")
        before = (0, 0)
        total = 0.0
        crawford_played = False
        while True:
            while not s.is_terminal():
                a = pick(s, rng)
                assert pick(whole, twin) == a  # the same draws: the same match
                s.apply_action(a)
                whole.apply_action(a)
                assert s.score() == whole.score() and s.to_string().split()[0] == whole.to_string().split()[0]
                if not s.is_terminal():
                    assert s.returns() == [0.0, 0.0]
                    obs = s.observation_tensor()
                    me = s.observer()
                    sc = s.score()
                    assert obs[202] == 1.0
                    assert obs[203] == pytest.approx((7 - sc[me]) / 7)
                    assert obs[204] == pytest.approx((7 - sc[1 - me]) / 7)
                    assert obs[198] == pytest.approx(np.log2(s.cube()[0]) / 6)
            after = s.score()
            w = 0 if after[0] != before[0] else 1
            points = after[w] - before[w]
            assert points >= 1 and after[1 - w] == before[1 - w]
            r = s.returns()
            assert r[w] == points and r[1 - w] == -points
            total += r[0]
            t = s.to_string()
            assert bg.State.from_string(t).to_string() == t
            assert bg.State.from_string(t).returns() == r
            before = after
            if s.session_over():
                break
            s.next_game()
            assert not s.is_terminal() and s.is_chance_node() and s.score() == after
            # BG-10.2: the game after a player first reaches 6 of 7 is the Crawford game, once
            crawford = not crawford_played and 6 in after
            assert (s.observation_tensor()[205] == 1.0) == crawford
            crawford_played = crawford_played or crawford
            crawford_games += crawford
        assert whole.is_terminal() and max(whole.score()) >= 7
        assert total == whole.score()[0] - whole.score()[1]
        with pytest.raises(boardrules.Error, match="match is over"):
            s.next_game()
    assert crawford_games >= 1


def test_next_game_refusals_and_options():
    with pytest.raises(boardrules.Error, match="per-game"):
        bg.State(match_length=5).next_game()
    with pytest.raises(boardrules.Error, match="still being played"):
        bg.State(match_length=5, returns="points").next_game()
    with pytest.raises(boardrules.Error, match="returns"):
        bg.State(match_length=5, returns="money")
    with pytest.raises(boardrules.Error, match="equity returns need a match"):
        bg.State(returns="equity")
    with pytest.raises(boardrules.Error, match="equity returns need a match"):
        bg.VectorState(4, returns="equity")
    with pytest.raises(TypeError):
        bg.State(match_length=5, returns=1)
    s = bg.State(money_games=2, returns="points")
    assert s.max_game_length() == 1000 and not s.session_over()


def test_vector_state_plays_whole_matches_game_by_game():
    v = bg.VectorState(8, seed=3, match_length=3, returns="points")
    scores = [v.state(i).score() for i in range(8)]
    assert scores == [(0, 0)] * 8
    games = matches = 0
    for _ in range(2500):
        obs, ret, done = v.step(v.sample_legal_actions())
        assert (ret[~done] == 0).all()
        for i in np.flatnonzero(done):
            games += 1
            new = v.state(i).score()
            w = int(np.argmax(ret[i]))
            assert ret[i][w] == -ret[i][1 - w] >= 1
            if max(scores[i][w] + int(ret[i][w]), scores[i][1 - w]) >= 3:
                assert new == (0, 0)  # the match is over: a new one
                matches += 1
            else:  # the next game at the new score
                want = list(scores[i])
                want[w] += int(ret[i][w])
                assert new == tuple(want)
            scores[i] = new
    assert matches >= 4 and games > matches


def test_equity_returns_add_up_to_the_match():
    # Each game's change of match winning chances (Kazaross-XG2); over the match they add up to
    # the result (1 or 0) minus the 50% of the start.
    for seed in range(4):
        rng = random.Random(seed)
        s = bg.State(match_length=5, returns="equity")
        total = 0.0
        first = None
        while True:
            while not s.is_terminal():
                s.apply_action(pick(s, rng))
            r = s.returns()
            assert r[0] == -r[1]
            if first is None:
                first = (r, s.score())
            total += r[0]
            if s.session_over():
                break
            s.next_game()
        winner = 0 if s.score()[0] >= 5 else 1
        assert total == pytest.approx((1.0 if winner == 0 else 0.0) - 0.5)
    # A first game won by a single point at 0-0: 4-away against 5-away, 0.57732 in
    # GNU Backgammon's met/Kazaross-XG2.xml, for the winner.
    s = bg.State(match_length=5, returns="equity")
    s.apply_action(21 + 6 * (3 - 1) + (1 - 1))  # the opening throw 3-1 (player 0's 3)
    s.apply_action(s.string_to_action("move 8/5 6/5"))
    s.apply_action(bg.ACTION_DOUBLE)
    s.apply_action(bg.ACTION_DROP)
    assert s.returns() == pytest.approx([-(0.57732 - 0.5), 0.57732 - 0.5], abs=1e-6)


def test_vector_state_equity_returns():
    v = bg.VectorState(4, seed=1, match_length=3, returns="equity")
    seen = 0
    for _ in range(600):
        _, ret, done = v.step(v.sample_legal_actions())
        assert (ret[~done] == 0).all()
        assert (ret[done][:, 0] == -ret[done][:, 1]).all()
        assert (np.abs(ret[done]) <= 1).all()
        seen += int(done.sum())
    assert seen > 0
