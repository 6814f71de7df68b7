"""How a game ended: the one funnel every front end, the store and the AI read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ludoteca.core.text import NumberError, read_int
from ludoteca.i18n import Sentence

Seat = int


class Termination(StrEnum):
    """How a game ended when its rules did not end it (python-chess's `Termination`): a value,
    kept in records as its text (`[Termination "draw claim"]`), worded only where it is shown."""

    RESIGNATION = "resignation"
    DRAW_CLAIM = "draw claim"
    #: a solitaire the player stopped
    STOPPED = "stopped"
    TIME_FORFEIT = "time forfeit"

    @staticmethod
    def read(text: object) -> Termination | None:
        """The termination a record or a message names, None for none or one not known."""
        try:
            return Termination(text) if isinstance(text, str) else None
        except ValueError:
            return None


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game.

    `ranks[seat]` is 1 for the best, equal ranks tie. `winners` are the seats ranked first
    (empty for a draw between everyone, and for a solitaire). `scores` are per seat when the game
    keeps score. `reason` is a sentence for the player ("Black wins 40 to 24"): a `Sentence` where
    the rules word it, so that each reader (a network client, a browser) shows it in their own
    language; `str(reason)` in the current one.
    """

    ranks: tuple[int, ...]
    reason: str | Sentence
    scores: tuple[int, ...] | None = None

    @staticmethod
    def win(winner: Seat, seats: int, reason: str | Sentence, scores: Sequence[int] | None = None) -> Outcome:
        ranks = tuple(1 if s == winner else 2 for s in range(seats))
        return Outcome(ranks, reason, tuple(scores) if scores is not None else None)

    @staticmethod
    def draw(seats: int, reason: str | Sentence, scores: Sequence[int] | None = None) -> Outcome:
        return Outcome((1,) * seats, reason, tuple(scores) if scores is not None else None)

    @staticmethod
    def by_scores(scores: Sequence[int], reason: str | Sentence) -> Outcome:
        """Rank seats by score, higher first; equal scores share a rank."""
        ranks = tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)
        return Outcome(ranks, reason, tuple(scores))

    @staticmethod
    def ranked(ranks: Sequence[int], reason: str | Sentence, scores: Sequence[int] | None = None) -> Outcome:
        return Outcome(tuple(ranks), reason, tuple(scores) if scores is not None else None)

    @property
    def seats(self) -> int:
        return len(self.ranks)

    @property
    def solitaire(self) -> bool:
        return len(self.ranks) == 1

    @property
    def is_draw(self) -> bool:
        return len(self.ranks) > 1 and len(set(self.ranks)) == 1

    @property
    def winners(self) -> tuple[Seat, ...]:
        if self.solitaire or self.is_draw:
            return ()
        return tuple(s for s, r in enumerate(self.ranks) if r == 1)

    @property
    def winner(self) -> Seat | None:
        """The single winner, or None for draws, shared wins and solitaires."""
        w = self.winners
        return w[0] if len(w) == 1 else None

    def result_tag(self) -> str:
        """Compact text for records: the rank of each seat, '1-2', '1-1', '2-1-3'."""
        return "-".join(str(r) for r in self.ranks)

    @staticmethod
    def parse_result_tag(text: str) -> tuple[int, ...]:
        try:
            return tuple(read_int(p, "a rank", low=1, max_digits=2) for p in text.split("-"))
        except NumberError:
            raise ValueError(f"{text!r} is not a result (ranks joined by '-', e.g. 1-2)") from None
