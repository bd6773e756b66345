"""Backgammon (BG rules)"""
import typing

import numpy
import numpy.typing

import boardrules as _boardrules

ACTION_ACCEPT: int
ACTION_BEAVER: int
ACTION_DOUBLE: int
ACTION_DROP: int
ACTION_NO_DOUBLE: int
ACTION_REJECT: int
ACTION_TAKE: int
CHANCE_PLAYER: int

class GammonRates:
    """How each player's wins end: gammon[k] the share of player k's wins that are gammons (not backgammons), backgammon[k] the share that are backgammons."""
    def __init__(self, gammon: list[float] = ..., backgammon: list[float] = ...) -> None:
        """Rates in 0..1, gammon[k] + backgammon[k] <= 1; boardrules.Error otherwise. The defaults are 0: GammonRates() is a game that never ends in a gammon or a backgammon; give the rates of the position (an evaluation's) for anything else."""
    def __repr__(self) -> str:
        ...
    backgammon: list[float]
    gammon: list[float]

MAX_CHANCE_OUTCOMES: int

class MatchEquityTable:
    """A match equity table: player 0's winning chances at every score to 64-away, before the Crawford game (the Crawford game's row is 1-away) and after it (one row per player as trailer), as GNU Backgammon 1.07 builds and extends it. From default_met(), read_met() or parse_met()."""
    def __copy__(self) -> MatchEquityTable:
        ...
    def __deepcopy__(self, arg0: dict) -> MatchEquityTable:
        ...
    def __repr__(self) -> str:
        ...
    description: str
    length: int
    name: str
    def post_crawford(self, trailer: int, away: int) -> float:
        """The chances of `trailer` (0 or 1) at away-away against the 1-away leader after the Crawford game."""
    def pre_crawford(self, away0: int, away1: int) -> float:
        """Player 0's chances (a float32 figure) at away0-away against away1-away before or in the Crawford game."""

class MatchIdFields:
    """The fields of a GNU Backgammon Match ID (players 0 and 1; checked when written)."""
    def __eq__(self, other: object) -> bool:
        ...
    def __init__(self) -> None:
        """A centered cube of 1, player 0 on roll, a game being played, money play."""
    def __repr__(self) -> str:
        ...
    crawford: bool
    cube_owner: int
    cube_value: int
    die1: int
    die2: int
    doubled: bool
    game_state: int
    jacoby: bool
    match_length: int
    on_roll: int
    resigned: int
    score: tuple[int, int]
    turn: int

NUM_DISTINCT_ACTIONS: int
OBSERVATION_SIZE: int

class Play:
    """A play: up to four single-die checker steps."""
    def __eq__(self, other: object) -> bool:
        ...
    def __repr__(self) -> str:
        ...
    def __str__(self) -> str:
        ...
    steps: list[tuple[int, int, bool]]

class Position:
    """A backgammon position seen from the side to move (the Mover)."""
    def __eq__(self, other: object) -> bool:
        ...
    def __getstate__(self) -> str:
        ...
    def __hash__(self) -> int:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, arg0: str) -> None:
        ...
    def draw(self) -> str:
        """An ASCII drawing of the position with pip counts (the side to move at the bottom)."""
    def flipped(self) -> Position:
        """The same position seen from the other side."""
    @staticmethod
    def from_id(id: str) -> Position:
        """The position of a GNUbg Position ID (14 characters); boardrules.Error if it is none."""
    def id(self) -> str:
        """The GNUbg Position ID."""
    def mover(self, point: int) -> int:
        """Checkers of the side to move on `point` (its numbering: 1..24, 25 the bar, 0 off)."""
    def opponent(self, point: int) -> int:
        """Checkers of the other side on `point` (its own numbering: 1..24, 25 the bar, 0 off)."""
    def pips(self) -> tuple[int, int]:
        """(pips of the side to move, pips of the other side)."""
    @staticmethod
    def start() -> Position:
        """The starting position (BG-1.4)."""

class State:
    """The game-playing interface (OpenSpiel style) over a match or money play."""
    def __copy__(self) -> State:
        ...
    def __deepcopy__(self, arg0: dict) -> State:
        ...
    def __getstate__(self) -> str:
        ...
    def __init__(self, match_length: int = ..., money_games: int = ..., resignations: bool = ..., crawford: bool = ..., jacoby: bool = ..., beavers: int = ..., cube_cap: int = ..., auto_doubles: int = ..., bg_as_gammon: bool = ..., returns: str = ...) -> None:
        """A match to match_length points (1..32767), or money play (0) of money_games games (1..2147483). crawford: the Crawford rule (BG-10.2); money play only: jacoby (BG-9.2), beavers (beavers and raccoons allowed in a row, 0..255, BG-9.4), auto_doubles (automatic doubles per game, 0..15, BG-9.1); cube_cap: the highest cube (0 none, else a power of two, BG-8.5); bg_as_gammon: a backgammon scores as a gammon (BG-7.6). returns: 'session' (the whole match: +1/-1, or the money games' points), 'points' (each game an episode: its points; next_game() goes on at the new score) or 'equity' (each game of a match an episode: the change of match winning chances by the table)."""
    def __setstate__(self, arg0: str) -> None:
        ...
    def __str__(self) -> str:
        ...
    def action_to_string(self, action: int) -> str:
        """The text of an action in this state ('illegal N' for a number legal nowhere here)."""
    def apply_action(self, action: int) -> None:
        """Applies a legal decision or chance outcome; boardrules.Error with the reason otherwise (state unchanged)."""
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """[(action, probability)] at a chance node, else []."""
    def clone(self) -> State:
        """A copy."""
    def cube(self) -> tuple[int, int]:
        """(cube value, owner: -1 centered, else 0 or 1)."""
    def current_player(self) -> int:
        """The player to decide (0 or 1), CHANCE_PLAYER at a throw, TERMINAL_PLAYER at the end."""
    def dice(self) -> tuple[int, int] | None:
        """The dice of the current throw (d1, d2), high die first after the opening throw (BG-3.1); None while no throw is current: before the opening throw, at the start of a turn and at a cube decision."""
    @staticmethod
    def from_string(text: str) -> State:
        """The state of a to_string() text (a GNUbg ID and the words after it: the rules, options and state the ID does not hold)."""
    @staticmethod
    def from_xgid(text: str) -> State:
        """The state of an XGID: its match length, Jacoby rule, beavers and cube limit (the Crawford rule on in a match)."""
    def gnubg_id(self) -> str:
        """The GNUbg ID 'PositionID:MatchID' of the match."""
    def is_chance_node(self) -> bool:
        """True when the dice are to be thrown."""
    def is_terminal(self) -> bool:
        """True when the match (or the money games) is over."""
    def legal_actions(self) -> list[int]:
        """The legal decisions, increasing; [] at a chance node (see chance_outcomes)."""
    def legal_actions_mask(self) -> numpy.typing.NDArray[bool]:
        """bool[NUM_DISTINCT_ACTIONS]: True at the legal decisions."""
    def match_id(self) -> str:
        """The 12-character Match ID of the match."""
    def max_chance_outcomes(self) -> int:
        """MAX_CHANCE_OUTCOMES: chance outcomes are numbered 0 .. this - 1."""
    def max_game_length(self) -> int:
        """1000 nodes per game the state can last (an approximation: a game has no bound)."""
    def next_game(self) -> None:
        """Per-game returns: from the end of a game, the session's next game at the new score (boardrules.Error with returns='session', while the game is played and once the session is over)."""
    def num_distinct_actions(self) -> int:
        """NUM_DISTINCT_ACTIONS: decisions are numbered 0 .. this - 1."""
    def observation_shape(self) -> list[int]:
        """[OBSERVATION_SIZE]."""
    def observation_size(self) -> int:
        """OBSERVATION_SIZE (210)."""
    def observation_tensor(self, player: int | None = ...) -> numpy.typing.NDArray[numpy.float32]:
        """float32[210] (observation.hpp), from `player`'s perspective (0 or 1; None: the player to act)."""
    def observer(self) -> int:
        """The player observation_tensor() takes the perspective of by default."""
    def on_roll(self) -> int:
        """The player on roll (0 or 1)."""
    def position(self) -> Position:
        """The position seen from the player on roll."""
    def returns(self) -> list[float]:
        """[player 0's, player 1's] returns at the end (0 before): the match +1/-1 or the money games' points; with per-game returns the game's points or change of match winning chances."""
    def sample_legal_action(self, rng: _boardrules.Rng) -> int:
        """A legal decision drawn uniformly with rng; -1 at a chance node or the end."""
    def score(self) -> tuple[int, int]:
        """(player 0's score, player 1's score)."""
    def session_over(self) -> bool:
        """True when the match is won or the money games are played (with per-game returns is_terminal() is True at the end of each game)."""
    def string_to_action(self, text: str) -> int:
        """The number of the legal action whose text action_to_string gives."""
    def to_string(self) -> str:
        """The state as text (GNUbg ID and words); from_string reads it back and pickling uses it."""
    def xgid(self) -> str:
        """The XGID of the match (what an XGID cannot hold is dropped)."""

TERMINAL_PLAYER: int

class VectorState:
    """n games stepped together; chance is sampled inside, finished games restart."""
    def __init__(self, n: int, seed: int = ..., match_length: int = ..., money_games: int = ..., resignations: bool = ..., cube_cap: int = ..., crawford: bool = ..., jacoby: bool = ..., beavers: int = ..., auto_doubles: int = ..., bg_as_gammon: bool = ..., returns: str = ...) -> None:
        """n games (1..4194304) seeded with seed (0..2**64-1); the rules and options as State's; cube_cap=1 turns the cube off (checker play only). With per-game returns ('points', 'equity') a game that ends is followed by its session's next game at the new score, a new session once it is over."""
    def __len__(self) -> int:
        ...
    def current_players(self) -> numpy.typing.NDArray[numpy.int32]:
        """int32[n]: the player to decide in each game."""
    def legal_actions(self) -> list[list[int]]:
        """a list of n lists of action numbers"""
    def legal_actions_mask(self) -> numpy.typing.NDArray[bool]:
        """bool[n, NUM_DISTINCT_ACTIONS]"""
    def observations(self) -> numpy.typing.NDArray[numpy.float32]:
        """float32[n, 210]"""
    def sample_legal_actions(self) -> numpy.typing.NDArray[numpy.int32]:
        """a random legal action per game, int32[n]"""
    def state(self, index: int) -> State:
        """A copy of game i's State."""
    def step(self, actions: numpy.typing.NDArray[typing.Any]) -> tuple:
        """Applies n integer actions (1-d); returns (observations float32[n, 210], returns float64[n, 2] of the games that ended (else 0), done bool[n]). Ended games restart. A bad action anywhere changes nothing."""

def apply(position: Position, play: Play) -> Position:
    """The position after a play legal in `position` (for some throw), seen from the other side (who moves next); boardrules.Error for any other play."""

def default_met() -> MatchEquityTable:
    """The built-in table: Kazaross-XG2, GNU Backgammon's default (a copy)."""

def encode_play(position: Position, d1: int, d2: int, play: Play) -> int:
    """The action number of a legal play of the throw d1-d2 (actions.hpp); -1 for the empty play of a throw without one; boardrules.Error for a play of another throw or position."""

def format_gnubg_id(position: Position, fields: MatchIdFields) -> str:
    """The GNUbg ID 'PositionID:MatchID' (`position` seen from fields.on_roll; the fields are checked)."""

def format_match_id(fields: MatchIdFields) -> str:
    """The 12-character Match ID of the fields (checked first: boardrules.Error if invalid)."""

def format_play(position: Position, play: Play) -> str:
    """A legal play of `position` as GNU Backgammon writes it ('24/18 13/11', '6/off(3)'); '' for the empty play."""

def format_xgid(position: Position, fields: MatchIdFields, max_cube_log2: int = ..., beavers: bool = ...) -> str:
    """The XGID ('XGID=...') of `position` (seen from fields.on_roll) and the fields (checked)."""

def legal_plays(position: Position, d1: int, d2: int) -> list[Play]:
    """The distinct legal plays of a throw (BG-3.9); [] when there is none (the turn passes)."""

def match_cubeful_mwc(met: MatchEquityTable, away0: int, away1: int, crawford: bool, cube_value: int, cube_owner: int, player: int, p: float, rates: GammonRates, x: float) -> float:
    """The cubeful match winning chances of `player` on roll with cubeless winning chances p and gammon rates `rates`, the cube at cube_value held by cube_owner (-1 centered), cube efficiency x: GNU Backgammon's 0-ply conversion (Cl2CfMatch), (1 - x) * the dead-cube MWC + x * a live-cube MWC linear between the cash points."""

def match_double_point(met: MatchEquityTable, away0: int, away1: int, crawford: bool, cube_value: int, doubler: int, centered: bool, rates: GammonRates = ..., x: float = ...) -> float | None:
    """The doubling point of `doubler` on roll (centered: an initial double, else a redouble) with cube efficiency x (rates default to no gammons, GammonRates()): the least cubeless winning chance at which doubling, taken, is worth as much as not doubling by match_cubeful_mwc (GNU Backgammon's 0-ply cube decision). None when the doubler may not double (the Crawford game, the post-Crawford leader, a cube that already wins it the match, a cube of 32768, which no double can pass) or doubling is never right."""

def match_take_point(met: MatchEquityTable, away0: int, away1: int, crawford: bool, cube_value: int, taker: int, rates: GammonRates = ..., x: float = ...) -> float | None:
    """The take point of `taker` facing a double of the cube at cube_value, in the taker's winning chances, with cube efficiency x (0 dead cube, 1 GNU Backgammon's live cube); rates default to no gammons (GammonRates()); None in the Crawford game and at a cube of 32768, which no double can pass (BG-8.5)."""

def match_winning_chances(met: MatchEquityTable, away0: int, away1: int, crawford: bool = ..., player: int = ...) -> float:
    """The match winning chances of `player` at the start of a game at away0-away / away1-away (away = length - score): the Crawford game when `crawford` and a player is 1-away, post-Crawford when a player is 1-away without it; 1 or 0 when an away is 0 or less (the match won). GNU Backgammon's getMEAtScore."""

def match_winning_chances_after(met: MatchEquityTable, away0: int, away1: int, winner: int, points: int, player: int = ...) -> float:
    """The match winning chances of `player` after a game started at away0-away / away1-away ends with `winner` scoring `points` (post-Crawford when a player was 1-away). GNU Backgammon's getME."""

def parse_gnubg_id(id: str) -> tuple[Position, MatchIdFields]:
    """(Position seen from the player on roll, MatchIdFields) of a GNUbg ID 'PositionID:MatchID'."""

def parse_match_id(id: str) -> MatchIdFields:
    """The fields of a 12-character Match ID; boardrules.Error names the field at fault."""

def parse_met(text: str, where: str = ...) -> MatchEquityTable:
    """The table of a GNU Backgammon MET file's text; `where` names it in errors (see read_met)."""

def parse_play(position: Position, d1: int, d2: int, text: str) -> Play:
    """The legal play of the throw that move text means ('24/18 13/11', '8/5(2)', 'bar/22*'; GNU Backgammon's notation); boardrules.Error says which part is wrong."""

def parse_xgid(text: str) -> tuple:
    """(Position seen from the player on roll, MatchIdFields, log2 of the cube limit, beavers allowed) of an XGID (with or without 'XGID='); boardrules.Error names the field."""

def perft(position: Position, depth: int) -> int:
    """Leaf count of the play tree over every throw, `depth` plies (0..4)."""

def read_met(path: str) -> MatchEquityTable:
    """The GNU Backgammon match equity table file (met/*.xml: explicit, zadeh or mec) at path; boardrules.Error says what and where (code 'io' for a file that cannot be read; 'syntax', 'corrupted', 'out_of_range' with the line in the message and the byte offset in .offset)."""

def record_decisions(text: str, format: str = ..., crawford: bool = ..., jacoby: bool = ..., beavers: int = ...) -> list[tuple[numpy.typing.NDArray[numpy.float32], int, State]]:
    """Every decision of a .mat or .sgf match record as (observation of the player to act, action, the State before it), for training; the record is replayed and checked (boardrules.Error says where it is wrong). beavers: the beavers allowed in a row (0..255), which neither format holds."""
