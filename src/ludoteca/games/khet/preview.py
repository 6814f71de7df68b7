"""The beam a move would fire, before it is played: the preview players of the physical game miss.

Nothing is simulated here: the rules play the candidate move on the current position
(`KhetGame.play`, which fires the mover's laser and records its `Beam`), and the preview shows that
beam and the pieces it would destroy. Results are kept per move until the position changes, so
hovering back and forth costs nothing. No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.errors import IllegalMove
from ludoteca.core.game import Game
from ludoteca.games.khet.beam_path import BeamPath, beam_path
from ludoteca.games.khet.moves import Move
from ludoteca.games.khet.state import KhetState


@dataclass(frozen=True)
class Foresight:
    """What `move` would do: the position after it and its beam drawn as paths."""

    move: Move
    after: KhetState
    path: BeamPath | None

    @property
    def ends_game(self) -> bool:
        return self.after.end is not None


class Preview:
    def __init__(self, game: Game[KhetState, Move]) -> None:
        self.game = game
        self._state: KhetState | None = None
        self._known: dict[Move, Foresight | None] = {}

    def of(self, state: KhetState, move: Move) -> Foresight | None:
        """What `move` would do from `state`; None when the rules refuse it."""
        if state is not self._state:
            self._state, self._known = state, {}
        if move not in self._known:
            try:
                after = self.game.play(state, move)
            except IllegalMove:
                self._known[move] = None
            else:
                path = beam_path(after.beam) if after.beam is not None else None
                self._known[move] = Foresight(move, after, path)
        return self._known[move]
