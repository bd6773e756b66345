"""The module's boundary, used by a hostile caller: every public function and method given wrong
types, negative and huge integers, out-of-range players, actions and dice, wrong-shaped arrays,
plays of another position or throw, and restored states from bad text. Each is refused with
boardrules.Error (a value out of range, an illegal action, bad text) or TypeError (a wrong type,
pybind11's), never a crash and never a value."""
import pickle

import numpy as np
import pytest

import boardrules
from boardrules import backgammon as bg
from boardrules import warri as wa

HUGE = 2**70
# integers outside every range an argument has here (negative, past 32 and 64 bits)
BAD_INTS = [-1, -(2**31) - 1, 2**31, 2**63, 2**64, HUGE, -HUGE]
BAD_TYPES = [None, 1.5, "3", [1], object(), np.float64(2.0)]


def refused(call, error=boardrules.Error, match=None):
    with pytest.raises(error, match=match):
        call()


def opening_state(match_length=5):
    s = bg.State(match_length=match_length)
    s.apply_action(21 + 6 * 2 + 0)  # opening: player 0 throws 3, player 1 throws 1
    return s


# ----------------------------------------------------------------------------- the four reported


def test_apply_refuses_a_play_illegal_in_the_position():
    start = bg.Position.start()
    double_sixes = next(p for p in bg.legal_plays(start, 6, 6) if sorted(s[0] for s in p.steps) == [13, 13, 24, 24])
    run = next(p for p in bg.legal_plays(start, 6, 5) if [s[:2] for s in p.steps] in ([(24, 18), (18, 13)],
                                                                                      [(24, 19), (19, 13)]))
    # the same side to move, one back checker gone: 24/18(2) is legal for no throw
    after_run = bg.apply(bg.apply(start, run), bg.legal_plays(bg.apply(start, run), 1, 2)[0])
    assert after_run.mover(24) == 1
    refused(lambda: bg.apply(after_run, double_sixes), match="no legal play")
    # before the check this returned a corrupt position (pips 1187)
    assert bg.apply(start, double_sixes).pips() == (167, 167 - 24)
    # a play is legal for some throw: the one it came from
    assert bg.apply(start, run).opponent(13) == 6


def test_encode_play_refuses_a_play_of_another_throw():
    start = bg.Position.start()
    play31 = bg.parse_play(start, 3, 1, "8/5 6/5")
    assert bg.encode_play(start, 3, 1, play31) == 26 * 7 + 5  # 8/5 6/5: high die from 8, low from 6
    refused(lambda: bg.encode_play(start, 4, 2, play31), match="no legal play of 4-2")
    refused(lambda: bg.encode_play(start, 6, 6, play31))


def test_observation_tensor_refuses_a_player_other_than_0_or_1():
    s = opening_state()
    assert np.array_equal(s.observation_tensor(), s.observation_tensor(player=0))
    assert not np.array_equal(s.observation_tensor(player=0), s.observation_tensor(player=1))
    for player in [5, 2, -1, -2] + BAD_INTS:
        refused(lambda: s.observation_tensor(player=player), match="player")
    refused(lambda: s.observation_tensor(player=0.0), TypeError)


def test_money_games_keep_max_game_length_an_int():
    assert bg.State(money_games=2147483).max_game_length() == 2147483000
    refused(lambda: bg.State(money_games=2147484), match="money_games")


def test_state_refuses_a_negative_match_length():
    refused(lambda: bg.State(match_length=-1), match="match_length")
    refused(lambda: bg.VectorState(2, match_length=-1), match="match_length")
    assert bg.State(match_length=0).to_string() == "4HPwATDgc/ABMA:MAAAAAAAAAAE"  # money play


# ------------------------------------------------------------------------------------ integers

START = bg.Position.start()


def bg_int_calls():
    """Every backgammon call with an integer argument, as name -> f(value)."""
    s = opening_state()
    play = bg.legal_plays(START, 3, 1)[0]
    v = bg.VectorState(2, seed=1)
    return {
        "Position.mover": lambda x: START.mover(x),
        "Position.opponent": lambda x: START.opponent(x),
        "legal_plays d1": lambda x: bg.legal_plays(START, x, 1),
        "legal_plays d2": lambda x: bg.legal_plays(START, 1, x),
        "perft": lambda x: bg.perft(START, x),
        "encode_play d1": lambda x: bg.encode_play(START, x, 1, play),
        "encode_play d2": lambda x: bg.encode_play(START, 3, x, play),
        "parse_play d1": lambda x: bg.parse_play(START, x, 1, "8/5 6/5"),
        "parse_play d2": lambda x: bg.parse_play(START, 3, x, "8/5 6/5"),
        "format_xgid": lambda x: bg.format_xgid(START, bg.MatchIdFields(), x),
        "record_decisions beavers": lambda x: bg.record_decisions("", "mat", beavers=x),
        "State match_length": lambda x: bg.State(match_length=x),
        "State money_games": lambda x: bg.State(money_games=x),
        "State beavers": lambda x: bg.State(beavers=x),
        "State cube_cap": lambda x: bg.State(cube_cap=x),
        "State auto_doubles": lambda x: bg.State(auto_doubles=x),
        "State.apply_action": lambda x: s.clone().apply_action(x),
        "State.observation_tensor": lambda x: s.observation_tensor(x),
        "VectorState n": lambda x: bg.VectorState(x),
        "VectorState seed": lambda x: bg.VectorState(1, seed=x),
        "VectorState match_length": lambda x: bg.VectorState(1, match_length=x),
        "VectorState money_games": lambda x: bg.VectorState(1, money_games=x),
        "VectorState cube_cap": lambda x: bg.VectorState(1, cube_cap=x),
        "VectorState beavers": lambda x: bg.VectorState(1, beavers=x),
        "VectorState auto_doubles": lambda x: bg.VectorState(1, auto_doubles=x),
        "VectorState.state": lambda x: v.state(x),
        "MatchIdFields.game_state": lambda x: setattr(bg.MatchIdFields(), "game_state", x),
        "MatchIdFields.score": lambda x: setattr(bg.MatchIdFields(), "score", (0, x)),
    }


def wa_int_calls():
    out = {}
    for pos, state, vec in [(wa.Position, wa.State, wa.VectorState),
                            (wa.BridgetownPosition, wa.BridgetownState, wa.BridgetownVectorState),
                            (wa.AbapaPosition, wa.AbapaState, wa.AbapaVectorState)]:
        p = pos.start()
        v = vec(2)
        out.update({
            f"{pos.__name__}.start": lambda x, pos=pos: pos.start(x),
            f"apply {pos.__name__}": lambda x, p=p: wa.apply(p, x),
            f"perft {pos.__name__}": lambda x, p=p: wa.perft(p, x),
            f"{state.__name__} plies": lambda x, state=state: state(cycle_rule="plies", plies=x),
            f"{state.__name__}.from_string plies": lambda x, state=state: state.from_string(
                "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "plies", x),
            f"{state.__name__}.apply_action": lambda x, state=state: state().apply_action(x),
            f"{vec.__name__} n": lambda x, vec=vec: vec(x),
            f"{vec.__name__} seed": lambda x, vec=vec: vec(1, seed=x),
            f"{vec.__name__} plies": lambda x, vec=vec: vec(1, cycle_rule="plies", plies=x),
            f"{vec.__name__}.state": lambda x, v=v: v.state(x),
        })
    out["Rng seed"] = lambda x: boardrules.Rng(x)
    out["Rng.below"] = lambda x: boardrules.Rng(1).below(x)
    return out


@pytest.mark.parametrize("calls", [bg_int_calls, wa_int_calls])
def test_integers_out_of_range_are_refused_with_the_argument_named(calls):
    for name, call in calls().items():
        for x in BAD_INTS:
            if (x in (2**31, 2**63) and "seed" in name) or (x == 2**31 and name == "Rng.below"):
                continue  # a seed is any 64-bit value, below's bound any 32-bit one
            with pytest.raises(boardrules.Error) as e:
                call(x)
            assert str(x) in str(e.value) or "legal" in str(e.value) or "no such" in str(e.value), (name, x, e.value)
        for x in BAD_TYPES:
            if x is None and (name == "State.observation_tensor" or name.endswith(" plies")):
                continue  # None: the player to act; plies=None: the default (100)
            with pytest.raises(TypeError):
                call(x)


def test_numpy_integers_are_integers():
    assert len(bg.legal_plays(START, np.int64(3), np.uint8(1))) == 16
    s = opening_state()
    s.apply_action(np.int32(26 * 7 + 5))
    assert s.current_player() == 1
    assert wa.perft(wa.Position.start(), np.int16(2)) == 36
    refused(lambda: bg.legal_plays(START, np.int64(7), 1), match="d1")


def test_action_numbers_out_of_range_or_illegal():
    s = opening_state()
    before = s.to_string()
    for a in [-1, bg.NUM_DISTINCT_ACTIONS, 2**31 - 1, 0]:
        refused(lambda: s.apply_action(a))
    for a in [2**31, HUGE]:
        refused(lambda: s.action_to_string(a), match="action")
    assert s.action_to_string(-1) == "illegal -1"  # the C++ text for a number legal nowhere here
    assert s.to_string() == before
    chance = bg.State()
    for a in [-1, bg.MAX_CHANCE_OUTCOMES, 21 + 6 * 2 + 2]:  # a tied opening throw is no outcome (BG-2.1)
        refused(lambda: chance.apply_action(a))
    refused(lambda: s.string_to_action("13/7 8/7 8/5"))
    refused(lambda: s.string_to_action(""))
    w = wa.State()
    for a in [-1, 6, 2**31 - 1]:
        refused(lambda: w.apply_action(a))


def test_dice_are_checked_before_a_throw_is_built():
    for d1, d2 in [(0, 1), (1, 0), (7, 1), (1, 7), (-1, 3), (256 + 3, 1)]:
        refused(lambda: bg.legal_plays(START, d1, d2), match="d1|d2")
        refused(lambda: bg.parse_play(START, d1, d2, "8/5 6/5"), match="d1|d2")


# ----------------------------------------------------------------------------------- arrays


@pytest.mark.parametrize("make", [lambda: bg.VectorState(4, seed=3), lambda: wa.VectorState(4, seed=3)])
def test_step_refuses_bad_arrays_whole(make):
    v = make()
    before = [v.state(i).to_string() for i in range(4)]
    good = v.sample_legal_actions()
    bad_arrays = [
        np.zeros((2, 2), dtype=np.int32),  # shape
        np.zeros(3, dtype=np.int32),  # length
        np.zeros(5, dtype=np.int32),
        good.astype(np.float64),  # floats would be cut
        good.astype(np.float32) + 0.5,
        np.array([], dtype=np.int32),
        np.array(good, dtype=np.int64) + 2**32,  # past int32: would wrap to the same actions
        np.array(good, dtype=np.uint64) + np.uint64(2**63),
        np.array([str(a) for a in good]),
        np.array([True, False, True, False]),
    ]
    for a in bad_arrays:
        refused(lambda: v.step(a))
    for a in [None, 3, "abcd", [1.5, 2, 3, 4]]:
        with pytest.raises((boardrules.Error, TypeError)):
            v.step(a)
    assert [v.state(i).to_string() for i in range(4)] == before
    # any integer dtype and layout, or a list, is read
    v.step(good[::-1].copy()[::-1])
    assert [v.state(i).to_string() for i in range(4)] != before


def test_step_reads_lists_and_other_integer_dtypes():
    a, b = bg.VectorState(3, seed=4), bg.VectorState(3, seed=4)
    act = a.sample_legal_actions()
    b.sample_legal_actions()
    a.step([int(x) for x in act])
    b.step(act.astype(np.uint16))
    assert [a.state(i).to_string() for i in range(3)] == [b.state(i).to_string() for i in range(3)]


# ------------------------------------------------------------------------------- restored text

BAD_TEXTS = ["", " ", "x", "x:y", "4HPwATDgc/ABMA", "4HPwATDgc/ABMA:", "4HPwATDgc/ABMA:MAAAAAAAAAA",
             "4HPwATDgc/ABMA:MAAAAAAAAAAE games=-1", "4HPwATDgc/ABMA:MAAAAAAAAAAE money-games=0",
             "4HPwATDgc/ABMA:MAAAAAAAAAAE money-games=" + str(HUGE), "////////////// :MAAAAAAAAAAE",
             "4HPwATDgc/ABMA:MAAAAAAAAAAE\0", "\u00e9" * 30, "4HPwATDgc/ABMA:MAAAAAAAAAAE cube-cap=3"]


def test_restored_backgammon_states_and_ids_from_bad_text():
    for t in BAD_TEXTS:
        refused(lambda: bg.State.from_string(t))
        if t != "4HPwATDgc/ABMA":  # a Position ID (of no GNUbg ID)
            refused(lambda: bg.Position.from_id(t))
        refused(lambda: bg.parse_gnubg_id(t))
        refused(lambda: bg.parse_match_id(t))
        refused(lambda: bg.parse_xgid(t))
        refused(lambda: bg.State.from_xgid(t))
        refused(lambda: bg.parse_play(START, 3, 1, t + "/"))
        refused(lambda: bg.record_decisions(t, "sgf"))
    refused(lambda: bg.Position.from_id("//////////////"))  # too many checkers
    refused(lambda: bg.parse_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:77:0:0:0:0:10"), match="dice|xgid")
    refused(lambda: bg.record_decisions("x", "txt"), match="format")
    for t in [None, 5, ["4HPwATDgc/ABMA:MAAAAAAAAAAE"]]:
        with pytest.raises(TypeError):
            bg.State.from_string(t)


def test_restored_warri_states_from_bad_text():
    for cls in (wa.State, wa.BridgetownState, wa.AbapaState):
        for t in ["", "x", "4,4,4,4,4,4/4,4,4,4,4,4 0-0", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S since=x",
                  "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S cycle=never", "99,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
                  "-4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"]:
            refused(lambda: cls.from_string(t))
        refused(lambda: cls.from_string("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "sometimes"), match="cycle_rule")


def test_edited_pickles_are_refused():
    s = opening_state()
    data = pickle.dumps(s)
    text = s.to_string().encode()
    assert text in data
    edited = data.replace(text, text[:-2] + b"!!")
    refused(lambda: pickle.loads(edited))
    w = wa.State()
    wdata = pickle.dumps(w)
    refused(lambda: pickle.loads(wdata.replace(b"0-0 S", b"0-0 Q")))


# --------------------------------------------------------------------------- fields and formats


def test_match_id_fields_are_checked_when_written():
    for field, value in [("cube_value", 3), ("cube_value", 0), ("cube_value", 2**20), ("cube_owner", 2),
                         ("on_roll", -1), ("turn", 2), ("resigned", 4), ("die1", 7), ("match_length", -1)]:
        g = bg.MatchIdFields()
        setattr(g, field, value)
        refused(lambda: bg.format_match_id(g), match=field.replace("_", " ").replace("die1", "dice"))
        refused(lambda: bg.format_gnubg_id(START, g))
        refused(lambda: bg.format_xgid(START, g))
        assert repr(g) == "MatchIdFields(<invalid>)"
    g = bg.MatchIdFields()
    with pytest.raises(TypeError):
        g.cube_value = 2**40
    with pytest.raises(TypeError):
        g.score = (1, 2, 3)


def test_format_play_refuses_a_play_of_another_position():
    start = bg.Position.start()
    play = bg.parse_play(start, 6, 6, "24/18(2) 13/7(2)")
    assert bg.format_play(start, play) == "24/18(2) 13/7(2)"
    bar = bg.Position.from_id("4HPwATDgc/ABMA")
    moved = bg.apply(bar, play).flipped()
    refused(lambda: bg.format_play(moved, bg.parse_play(start, 6, 5, "24/13")))


def test_an_error_carries_its_code_place_and_offset():
    with pytest.raises(boardrules.Error) as info:
        bg.State(match_length=-1)
    assert info.value.code == "out_of_range"
    assert info.value.offset is None
    with pytest.raises(boardrules.Error) as info:
        bg.Position.from_id("not an id!")
    assert info.value.code == "syntax"
    assert isinstance(info.value.where, str) and info.value.where


def _available_memory():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def test_a_vector_the_memory_cannot_hold_is_refused_before_it_is_made():
    # 4,194,304 Warri games (the most n takes) of about 8 KB each: about 35 GB
    available = _available_memory()
    if available is None or available > 40 * 10**9:
        pytest.skip("this machine holds 35 GB")
    with pytest.raises(boardrules.Error) as info:
        wa.VectorState(4194304)
    assert info.value.code == "resource"
    assert info.value.where == "n"
