"""boardrules: backgammon and Barbados Warri rules engines (C++20) for game-playing AIs"""
import typing

import numpy
import numpy.typing

from . import backgammon as backgammon
from . import warri as warri

CHANCE_PLAYER: int

class Error(ValueError):
    """An error of the boardrules library (bad input or an illegal action)."""

class Rng:
    """The library's seeded generator (xoshiro256**), for sample_legal_action."""
    def __copy__(self) -> Rng:
        ...
    def __deepcopy__(self, arg0: dict) -> Rng:
        ...
    def __init__(self, seed: int = ...) -> None:
        """A generator seeded with seed (0..2**64-1)."""
    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
    def next(self) -> int:
        """The next 64 random bits."""
    def uniform(self) -> float:
        """A uniform float in [0, 1)."""

TERMINAL_PLAYER: int

def active_isa() -> str:
    """The SIMD level of the kernels that run (generation and perft): on x86-64 'SSE2', 'AVX2' or 'AVX512VBMI2', the best this CPU has, chosen at the first call; the environment variable BOARDRULES_ISA (a level's name) caps it, to measure or test a lower one. 'Plain' on other CPUs."""

__version__: str
