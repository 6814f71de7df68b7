"""A Khet position as an immutable value."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.outcome import Outcome
from ludoteca.games.khet.board import Board
from ludoteca.games.khet.laser import Beam
from ludoteca.games.khet.moves import Move


@dataclass(frozen=True, slots=True)
class KhetState:
    #: "khet2" or "horus"
    variant: str
    #: the 121-cell mailbox (see `board.py`)
    board: Board
    #: the seat to move (0 Silver, 1 Red); once the game is over, the seat that would have moved
    turn: int
    #: every board since the last removal, the current one last (for threefold repetition: the side
    #: to move alternates, so the boards with the current side to move are every second one)
    history: tuple[Board, ...]
    #: how many moves were played
    ply: int = 0
    last_move: Move | None = None
    #: what the last move's laser did (None before the first move, or without a Sphinx)
    beam: Beam | None = None
    #: set once a Pharaoh has fallen
    end: Outcome | None = None

    @property
    def horus(self) -> bool:
        return self.variant == "horus"

    def repetitions(self) -> int:
        """How many times the current position (pieces, orientations, side to move) has stood on the
        board since the last removal, this time included."""
        board = self.board
        return sum(1 for past in self.history[-1::-2] if past == board)
