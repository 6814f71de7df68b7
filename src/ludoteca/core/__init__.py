"""The game contract: everything a game must provide and everything the rest of Ludoteca may rely on.

Pure Python, no I/O. Front ends, the AI, the store and the network only ever talk to a game
through `Game` (see `game.py`).
"""

from ludoteca.core.errors import (
    IllegalMove,
    LudotecaError,
    NotationError,
    OptionError,
    RecordError,
)
from ludoteca.core.game import Game, GameInfo, Seat
from ludoteca.core.options import Options, OptionSpec, OptionValue, resolve_options
from ludoteca.core.outcome import Outcome
from ludoteca.core.rng import Rng

__all__ = [
    "Game",
    "GameInfo",
    "IllegalMove",
    "LudotecaError",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "OptionValue",
    "Options",
    "Outcome",
    "RecordError",
    "Rng",
    "Seat",
    "resolve_options",
]
