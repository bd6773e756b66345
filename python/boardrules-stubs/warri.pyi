"""Barbados Warri (WA rules): Speightstown, Bridgetown, Abapa"""
import typing

import numpy
import numpy.typing

import boardrules as _boardrules

class AbapaPosition:
    """A Warri position (WA-1): 12 houses, 2 stores, the side to move."""
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
        """An ASCII drawing of the board."""
    @staticmethod
    def from_string(text: str) -> AbapaPosition:
        """The position of a WA-7.1 text; boardrules.Error says which part is wrong."""
    def houses(self) -> list[int]:
        """The 12 house counts: 0-5 South's a-f, 6-11 North's A-F."""
    @staticmethod
    def start(first: int = ...) -> AbapaPosition:
        """The starting position (WA-1), South (0) or North (1) to move first."""
    def stores(self) -> tuple[int, int]:
        """(South's store, North's store)."""
    def to_move(self) -> int:
        """The player to move: 0 South, 1 North."""
    def to_string(self) -> str:
        """The WA-7.1 text."""

class AbapaState:
    """The game-playing interface (OpenSpiel style); actions 0-5 are the mover's houses."""
    def __copy__(self) -> AbapaState:
        ...
    def __deepcopy__(self, arg0: dict) -> AbapaState:
        ...
    def __getstate__(self) -> str:
        ...
    def __init__(self, cycle_rule: str = ..., plies: int | None = ...) -> None:
        """A game from the start; cycle_rule 'first', 'threefold' or 'plies' (the game ends after `plies` plies without a capture, by default 100, WA-4.3; plies with another rule is refused: it counts nothing there)."""
    def __setstate__(self, arg0: str) -> None:
        ...
    def __str__(self) -> str:
        ...
    def action_to_string(self, action: int) -> str:
        """The move letter of an action ('illegal N' outside 0-5)."""
    def apply_action(self, action: int) -> None:
        """Applies a legal action; boardrules.Error with the reason otherwise (state unchanged)."""
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Always []: Warri has no chance."""
    def clone(self) -> AbapaState:
        """A copy."""
    def current_player(self) -> int:
        """The player to move (0 South, 1 North), TERMINAL_PLAYER at the end."""
    @staticmethod
    def from_string(text: str, cycle_rule: str = ..., plies: int | None = ...) -> AbapaState:
        """The state of a to_string() text (the position, the cycle rule and the moves since the last capture); cycle_rule and plies stand for a text without cycle=."""
    def is_chance_node(self) -> bool:
        """Always False: Warri has no chance."""
    def is_terminal(self) -> bool:
        """True when the game is over."""
    def legal_actions(self) -> list[int]:
        """The legal actions, increasing (0-5: the mover's houses)."""
    def legal_actions_mask(self) -> numpy.typing.NDArray[bool]:
        """bool[6]: True at the legal actions."""
    def max_chance_outcomes(self) -> int:
        """0: no chance."""
    def max_game_length(self) -> int:
        """A bound on the plies of a game."""
    def num_distinct_actions(self) -> int:
        """6: the mover's houses."""
    def observation_shape(self) -> list[int]:
        """[OBSERVATION_SIZE]."""
    def observation_size(self) -> int:
        """OBSERVATION_SIZE (15)."""
    def observation_tensor(self) -> numpy.typing.NDArray[numpy.float32]:
        """float32[15] (warri/ai/state.hpp), from the mover's perspective."""
    def plies(self) -> int:
        """Plies played."""
    def position(self) -> AbapaPosition:
        """The position."""
    def returns(self) -> list[float]:
        """[South's, North's] result at the end (+1 win, -1 loss, 0 draw); 0 before."""
    def sample_legal_action(self, rng: _boardrules.Rng) -> int:
        """A legal action drawn uniformly with rng; -1 at the end."""
    def scores(self) -> tuple[int, int]:
        """(South's seeds, North's seeds) counted to each side."""
    def string_to_action(self, text: str) -> int:
        """The action of a move letter of the mover (or '0'..'5')."""
    def to_string(self) -> str:
        """The state as text; from_string reads it back and pickling uses it."""

class AbapaVectorState:
    """n Warri games stepped together; finished games restart."""
    def __init__(self, n: int, seed: int = ..., cycle_rule: str = ..., plies: int | None = ...) -> None:
        """n games (1..4194304) seeded with seed (0..2**64-1), with the cycle rule of State."""
    def __len__(self) -> int:
        ...
    def current_players(self) -> numpy.typing.NDArray[numpy.int32]:
        """int32[n]: the player to move in each game."""
    def legal_actions_mask(self) -> numpy.typing.NDArray[bool]:
        """bool[n, 6]"""
    def observations(self) -> numpy.typing.NDArray[numpy.float32]:
        """float32[n, 15]"""
    def sample_legal_actions(self) -> numpy.typing.NDArray[numpy.int32]:
        """a random legal action per game, int32[n]"""
    def state(self, index: int) -> AbapaState:
        """A copy of game i's State."""
    def step(self, actions: numpy.typing.NDArray[typing.Any]) -> tuple:
        """Applies n integer actions (1-d); returns (observations float32[n, 15], returns float64[n, 2] of the games that ended (else 0), done bool[n]). Ended games restart. A bad action anywhere changes nothing."""

class BridgetownPosition:
    """A Warri position (WA-1): 12 houses, 2 stores, the side to move."""
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
        """An ASCII drawing of the board."""
    @staticmethod
    def from_string(text: str) -> BridgetownPosition:
        """The position of a WA-7.1 text; boardrules.Error says which part is wrong."""
    def houses(self) -> list[int]:
        """The 12 house counts: 0-5 South's a-f, 6-11 North's A-F."""
    @staticmethod
    def start(first: int = ...) -> BridgetownPosition:
        """The starting position (WA-1), South (0) or North (1) to move first."""
    def stores(self) -> tuple[int, int]:
        """(South's store, North's store)."""
    def to_move(self) -> int:
        """The player to move: 0 South, 1 North."""
    def to_string(self) -> str:
        """The WA-7.1 text."""

class BridgetownState:
    """The game-playing interface (OpenSpiel style); actions 0-5 are the mover's houses."""
    def __copy__(self) -> BridgetownState:
        ...
    def __deepcopy__(self, arg0: dict) -> BridgetownState:
        ...
    def __getstate__(self) -> str:
        ...
    def __init__(self, cycle_rule: str = ..., plies: int | None = ...) -> None:
        """A game from the start; cycle_rule 'first', 'threefold' or 'plies' (the game ends after `plies` plies without a capture, by default 100, WA-4.3; plies with another rule is refused: it counts nothing there)."""
    def __setstate__(self, arg0: str) -> None:
        ...
    def __str__(self) -> str:
        ...
    def action_to_string(self, action: int) -> str:
        """The move letter of an action ('illegal N' outside 0-5)."""
    def apply_action(self, action: int) -> None:
        """Applies a legal action; boardrules.Error with the reason otherwise (state unchanged)."""
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Always []: Warri has no chance."""
    def clone(self) -> BridgetownState:
        """A copy."""
    def current_player(self) -> int:
        """The player to move (0 South, 1 North), TERMINAL_PLAYER at the end."""
    @staticmethod
    def from_string(text: str, cycle_rule: str = ..., plies: int | None = ...) -> BridgetownState:
        """The state of a to_string() text (the position, the cycle rule and the moves since the last capture); cycle_rule and plies stand for a text without cycle=."""
    def is_chance_node(self) -> bool:
        """Always False: Warri has no chance."""
    def is_terminal(self) -> bool:
        """True when the game is over."""
    def legal_actions(self) -> list[int]:
        """The legal actions, increasing (0-5: the mover's houses)."""
    def legal_actions_mask(self) -> numpy.typing.NDArray[bool]:
        """bool[6]: True at the legal actions."""
    def max_chance_outcomes(self) -> int:
        """0: no chance."""
    def max_game_length(self) -> int:
        """A bound on the plies of a game."""
    def num_distinct_actions(self) -> int:
        """6: the mover's houses."""
    def observation_shape(self) -> list[int]:
        """[OBSERVATION_SIZE]."""
    def observation_size(self) -> int:
        """OBSERVATION_SIZE (15)."""
    def observation_tensor(self) -> numpy.typing.NDArray[numpy.float32]:
        """float32[15] (warri/ai/state.hpp), from the mover's perspective."""
    def plies(self) -> int:
        """Plies played."""
    def position(self) -> BridgetownPosition:
        """The position."""
    def returns(self) -> list[float]:
        """[South's, North's] result at the end (+1 win, -1 loss, 0 draw); 0 before."""
    def sample_legal_action(self, rng: _boardrules.Rng) -> int:
        """A legal action drawn uniformly with rng; -1 at the end."""
    def scores(self) -> tuple[int, int]:
        """(South's seeds, North's seeds) counted to each side."""
    def string_to_action(self, text: str) -> int:
        """The action of a move letter of the mover (or '0'..'5')."""
    def to_string(self) -> str:
        """The state as text; from_string reads it back and pickling uses it."""

class BridgetownVectorState:
    """n Warri games stepped together; finished games restart."""
    def __init__(self, n: int, seed: int = ..., cycle_rule: str = ..., plies: int | None = ...) -> None:
        """n games (1..4194304) seeded with seed (0..2**64-1), with the cycle rule of State."""
    def __len__(self) -> int:
        ...
    def current_players(self) -> numpy.typing.NDArray[numpy.int32]:
        """int32[n]: the player to move in each game."""
    def legal_actions_mask(self) -> numpy.typing.NDArray[bool]:
        """bool[n, 6]"""
    def observations(self) -> numpy.typing.NDArray[numpy.float32]:
        """float32[n, 15]"""
    def sample_legal_actions(self) -> numpy.typing.NDArray[numpy.int32]:
        """a random legal action per game, int32[n]"""
    def state(self, index: int) -> BridgetownState:
        """A copy of game i's State."""
    def step(self, actions: numpy.typing.NDArray[typing.Any]) -> tuple:
        """Applies n integer actions (1-d); returns (observations float32[n, 15], returns float64[n, 2] of the games that ended (else 0), done bool[n]). Ended games restart. A bad action anywhere changes nothing."""

CHANCE_PLAYER: int

class EndgameTable:
    """A Warri endgame table (WA-8): a file of `warri endgame build -o`, or the directory of a sliced table (`warri endgame build --slices`, warri_endgame_mpi, build_endgame)."""
    def __init__(self, path: str, out_of_core: bool = ...) -> None:
        """Opens the table at path (a file, or a sliced table's directory; every checksum checked). out_of_core: a sliced table's slices mapped (checked as they are opened), read as probes touch them. boardrules.Error says what is wrong with a path or a file."""
    @typing.overload
    def best_move(self, position: Position) -> object:
        """The house (0..11) a perfect player moves from (WA-8.5, warri/db/play.hpp); None when the board has more seeds than the table or the position has no move. boardrules.Error for a table of other decisions.


The house (0..11) a perfect player moves from (WA-8.5, warri/db/play.hpp); None when the board has more seeds than the table or the position has no move. boardrules.Error for a table of other decisions.


The house (0..11) a perfect player moves from (WA-8.5, warri/db/play.hpp); None when the board has more seeds than the table or the position has no move. boardrules.Error for a table of other decisions."""
    @typing.overload
    def best_move(self, position: BridgetownPosition) -> object:
        """The house (0..11) a perfect player moves from (WA-8.5, warri/db/play.hpp); None when the board has more seeds than the table or the position has no move. boardrules.Error for a table of other decisions.


The house (0..11) a perfect player moves from (WA-8.5, warri/db/play.hpp); None when the board has more seeds than the table or the position has no move. boardrules.Error for a table of other decisions.


The house (0..11) a perfect player moves from (WA-8.5, warri/db/play.hpp); None when the board has more seeds than the table or the position has no move. boardrules.Error for a table of other decisions."""
    @typing.overload
    def best_move(self, position: AbapaPosition) -> object:
        """The house (0..11) a perfect player moves from (WA-8.5, warri/db/play.hpp); None when the board has more seeds than the table or the position has no move. boardrules.Error for a table of other decisions.


The house (0..11) a perfect player moves from (WA-8.5, warri/db/play.hpp); None when the board has more seeds than the table or the position has no move. boardrules.Error for a table of other decisions.


The house (0..11) a perfect player moves from (WA-8.5, warri/db/play.hpp); None when the board has more seeds than the table or the position has no move. boardrules.Error for a table of other decisions."""
    decisions: str
    def layer_counts(self, n: int) -> tuple[int, int, int, int, int]:
        """(seeds, boards, wins, draws, losses) of layer n, counted from the values: the side to move, the stores as even as can be (as the builds count them)."""
    max_seeds: int
    @typing.overload
    def probe(self, position: Position) -> object:
        """The board's (mover, other) (WA-8.5): the seeds the side to move and the other side can force, as the table holds them; None when the board has more seeds than the table.


The board's (mover, other) (WA-8.5): the seeds the side to move and the other side can force, as the table holds them; None when the board has more seeds than the table.


The board's (mover, other) (WA-8.5): the seeds the side to move and the other side can force, as the table holds them; None when the board has more seeds than the table."""
    @typing.overload
    def probe(self, position: BridgetownPosition) -> object:
        """The board's (mover, other) (WA-8.5): the seeds the side to move and the other side can force, as the table holds them; None when the board has more seeds than the table.


The board's (mover, other) (WA-8.5): the seeds the side to move and the other side can force, as the table holds them; None when the board has more seeds than the table.


The board's (mover, other) (WA-8.5): the seeds the side to move and the other side can force, as the table holds them; None when the board has more seeds than the table."""
    @typing.overload
    def probe(self, position: AbapaPosition) -> object:
        """The board's (mover, other) (WA-8.5): the seeds the side to move and the other side can force, as the table holds them; None when the board has more seeds than the table.


The board's (mover, other) (WA-8.5): the seeds the side to move and the other side can force, as the table holds them; None when the board has more seeds than the table.


The board's (mover, other) (WA-8.5): the seeds the side to move and the other side can force, as the table holds them; None when the board has more seeds than the table."""
    sliced: bool
    variant: str
    @typing.overload
    def verdict(self, position: Position) -> object:
        """'win', 'draw' or 'loss' for the side to move with the position's stores, under perfect play (WA-8.5); None when the board has more seeds than the table. boardrules.Error for a table of other decisions.


'win', 'draw' or 'loss' for the side to move with the position's stores, under perfect play (WA-8.5); None when the board has more seeds than the table. boardrules.Error for a table of other decisions.


'win', 'draw' or 'loss' for the side to move with the position's stores, under perfect play (WA-8.5); None when the board has more seeds than the table. boardrules.Error for a table of other decisions."""
    @typing.overload
    def verdict(self, position: BridgetownPosition) -> object:
        """'win', 'draw' or 'loss' for the side to move with the position's stores, under perfect play (WA-8.5); None when the board has more seeds than the table. boardrules.Error for a table of other decisions.


'win', 'draw' or 'loss' for the side to move with the position's stores, under perfect play (WA-8.5); None when the board has more seeds than the table. boardrules.Error for a table of other decisions.


'win', 'draw' or 'loss' for the side to move with the position's stores, under perfect play (WA-8.5); None when the board has more seeds than the table. boardrules.Error for a table of other decisions."""
    @typing.overload
    def verdict(self, position: AbapaPosition) -> object:
        """'win', 'draw' or 'loss' for the side to move with the position's stores, under perfect play (WA-8.5); None when the board has more seeds than the table. boardrules.Error for a table of other decisions.


'win', 'draw' or 'loss' for the side to move with the position's stores, under perfect play (WA-8.5); None when the board has more seeds than the table. boardrules.Error for a table of other decisions.


'win', 'draw' or 'loss' for the side to move with the position's stores, under perfect play (WA-8.5); None when the board has more seeds than the table. boardrules.Error for a table of other decisions."""

MAX_CHANCE_OUTCOMES: int
NUM_DISTINCT_ACTIONS: int
OBSERVATION_SIZE: int

class Position:
    """A Warri position (WA-1): 12 houses, 2 stores, the side to move."""
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
        """An ASCII drawing of the board."""
    @staticmethod
    def from_string(text: str) -> Position:
        """The position of a WA-7.1 text; boardrules.Error says which part is wrong."""
    def houses(self) -> list[int]:
        """The 12 house counts: 0-5 South's a-f, 6-11 North's A-F."""
    @staticmethod
    def start(first: int = ...) -> Position:
        """The starting position (WA-1), South (0) or North (1) to move first."""
    def stores(self) -> tuple[int, int]:
        """(South's store, North's store)."""
    def to_move(self) -> int:
        """The player to move: 0 South, 1 North."""
    def to_string(self) -> str:
        """The WA-7.1 text."""

class State:
    """The game-playing interface (OpenSpiel style); actions 0-5 are the mover's houses."""
    def __copy__(self) -> State:
        ...
    def __deepcopy__(self, arg0: dict) -> State:
        ...
    def __getstate__(self) -> str:
        ...
    def __init__(self, cycle_rule: str = ..., plies: int | None = ...) -> None:
        """A game from the start; cycle_rule 'first', 'threefold' or 'plies' (the game ends after `plies` plies without a capture, by default 100, WA-4.3; plies with another rule is refused: it counts nothing there)."""
    def __setstate__(self, arg0: str) -> None:
        ...
    def __str__(self) -> str:
        ...
    def action_to_string(self, action: int) -> str:
        """The move letter of an action ('illegal N' outside 0-5)."""
    def apply_action(self, action: int) -> None:
        """Applies a legal action; boardrules.Error with the reason otherwise (state unchanged)."""
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Always []: Warri has no chance."""
    def clone(self) -> State:
        """A copy."""
    def current_player(self) -> int:
        """The player to move (0 South, 1 North), TERMINAL_PLAYER at the end."""
    @staticmethod
    def from_string(text: str, cycle_rule: str = ..., plies: int | None = ...) -> State:
        """The state of a to_string() text (the position, the cycle rule and the moves since the last capture); cycle_rule and plies stand for a text without cycle=."""
    def is_chance_node(self) -> bool:
        """Always False: Warri has no chance."""
    def is_terminal(self) -> bool:
        """True when the game is over."""
    def legal_actions(self) -> list[int]:
        """The legal actions, increasing (0-5: the mover's houses)."""
    def legal_actions_mask(self) -> numpy.typing.NDArray[bool]:
        """bool[6]: True at the legal actions."""
    def max_chance_outcomes(self) -> int:
        """0: no chance."""
    def max_game_length(self) -> int:
        """A bound on the plies of a game."""
    def num_distinct_actions(self) -> int:
        """6: the mover's houses."""
    def observation_shape(self) -> list[int]:
        """[OBSERVATION_SIZE]."""
    def observation_size(self) -> int:
        """OBSERVATION_SIZE (15)."""
    def observation_tensor(self) -> numpy.typing.NDArray[numpy.float32]:
        """float32[15] (warri/ai/state.hpp), from the mover's perspective."""
    def plies(self) -> int:
        """Plies played."""
    def position(self) -> Position:
        """The position."""
    def returns(self) -> list[float]:
        """[South's, North's] result at the end (+1 win, -1 loss, 0 draw); 0 before."""
    def sample_legal_action(self, rng: _boardrules.Rng) -> int:
        """A legal action drawn uniformly with rng; -1 at the end."""
    def scores(self) -> tuple[int, int]:
        """(South's seeds, North's seeds) counted to each side."""
    def string_to_action(self, text: str) -> int:
        """The action of a move letter of the mover (or '0'..'5')."""
    def to_string(self) -> str:
        """The state as text; from_string reads it back and pickling uses it."""

TERMINAL_PLAYER: int

class VectorState:
    """n Warri games stepped together; finished games restart."""
    def __init__(self, n: int, seed: int = ..., cycle_rule: str = ..., plies: int | None = ...) -> None:
        """n games (1..4194304) seeded with seed (0..2**64-1), with the cycle rule of State."""
    def __len__(self) -> int:
        ...
    def current_players(self) -> numpy.typing.NDArray[numpy.int32]:
        """int32[n]: the player to move in each game."""
    def legal_actions_mask(self) -> numpy.typing.NDArray[bool]:
        """bool[n, 6]"""
    def observations(self) -> numpy.typing.NDArray[numpy.float32]:
        """float32[n, 15]"""
    def sample_legal_actions(self) -> numpy.typing.NDArray[numpy.int32]:
        """a random legal action per game, int32[n]"""
    def state(self, index: int) -> State:
        """A copy of game i's State."""
    def step(self, actions: numpy.typing.NDArray[typing.Any]) -> tuple:
        """Applies n integer actions (1-d); returns (observations float32[n, 15], returns float64[n, 2] of the games that ended (else 0), done bool[n]). Ended games restart. A bad action anywhere changes nothing."""

@typing.overload
def apply(position: Position, house: int) -> Position:
    """The position after sowing a house (refused with the reason when illegal).


The position after sowing a house (refused with the reason when illegal).


The position after sowing a house (refused with the reason when illegal)."""
@typing.overload
def apply(position: BridgetownPosition, house: int) -> BridgetownPosition:
    """The position after sowing a house (refused with the reason when illegal).


The position after sowing a house (refused with the reason when illegal).


The position after sowing a house (refused with the reason when illegal)."""
@typing.overload
def apply(position: AbapaPosition, house: int) -> AbapaPosition:
    """The position after sowing a house (refused with the reason when illegal).


The position after sowing a house (refused with the reason when illegal).


The position after sowing a house (refused with the reason when illegal)."""

def build_endgame(directory: str, seeds: int, variant: str = ..., threads: int = ..., move_cache_mib: int = ...) -> list[tuple[int, int, int, int, int]]:
    """Builds the sliced table of every board of up to seeds seeds (WA-8) in directory, in this process (the distributed solver on one rank); a table of fewer layers already there is gone on from. move_cache_mib: memory for keeping moves between passes. The counts of the layers it solved, (seeds, boards, wins, draws, losses) each."""

@typing.overload
def legal_moves(position: Position) -> list[int]:
    """The legal moves as houses 0..11 (0-5 South's a-f, 6-11 North's A-F).


The legal moves as houses 0..11 (0-5 South's a-f, 6-11 North's A-F).


The legal moves as houses 0..11 (0-5 South's a-f, 6-11 North's A-F)."""
@typing.overload
def legal_moves(position: BridgetownPosition) -> list[int]:
    """The legal moves as houses 0..11 (0-5 South's a-f, 6-11 North's A-F).


The legal moves as houses 0..11 (0-5 South's a-f, 6-11 North's A-F).


The legal moves as houses 0..11 (0-5 South's a-f, 6-11 North's A-F)."""
@typing.overload
def legal_moves(position: AbapaPosition) -> list[int]:
    """The legal moves as houses 0..11 (0-5 South's a-f, 6-11 North's A-F).


The legal moves as houses 0..11 (0-5 South's a-f, 6-11 North's A-F).


The legal moves as houses 0..11 (0-5 South's a-f, 6-11 North's A-F)."""

@typing.overload
def perft(position: Position, depth: int) -> int:
    """Leaf count of the move tree, `depth` plies (0..20).


Leaf count of the move tree, `depth` plies (0..20).


Leaf count of the move tree, `depth` plies (0..20)."""
@typing.overload
def perft(position: BridgetownPosition, depth: int) -> int:
    """Leaf count of the move tree, `depth` plies (0..20).


Leaf count of the move tree, `depth` plies (0..20).


Leaf count of the move tree, `depth` plies (0..20)."""
@typing.overload
def perft(position: AbapaPosition, depth: int) -> int:
    """Leaf count of the move tree, `depth` plies (0..20).


Leaf count of the move tree, `depth` plies (0..20).


Leaf count of the move tree, `depth` plies (0..20)."""

def verify_endgame(directory: str) -> list[tuple[int, int, int, int, int]]:
    """Checks every slice of the sliced table in directory (its checksum, its header against the manifest) and counts every layer again; the counts, (seeds, boards, wins, draws, losses) a layer, or boardrules.Error at the first fault."""
