"""The state of a Robot Turtles game: a value, replaced (never changed) by every move."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ludoteca.core.rng import Rng
from ludoteca.games.turtles.board import Board, Square
from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.execution import Step
from ludoteca.games.turtles.walls import WallKind
from ludoteca.i18n import N_

#: the seats' names (translated where shown; records keep them in English)
SEAT_NAMES = (N_("Blue"), N_("Red"), N_("Green"), N_("Pink"))
SEAT_COLOURS = ("blue", "red", "green", "magenta")


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's cards and stock. Card piles hold `Card.UNKNOWN` where a view hides them.

    `deck` is drawn from its end; `hand` is kept sorted (its order means nothing); `program` is in
    execution order (already reversed when a Bug card sits on it).
    """

    deck: tuple[Card, ...]
    hand: tuple[Card, ...]
    program: tuple[Card, ...]
    discard: tuple[Card, ...]
    stone_walls: int
    ice_walls: int
    #: the player still holds their own Bug card (option Bug!)
    has_bug: bool = False
    #: the seat whose Bug card sits on this player's program, if any
    bugged_by: int | None = None

    @property
    def card_count(self) -> int:
        return len(self.deck) + len(self.hand) + len(self.program) + len(self.discard)


TurnAction = Literal["add", "wall", "run", "bug"]


@dataclass(frozen=True, slots=True)
class TurnReport:
    """What the last move did, for front ends (the run's steps) and for `describe_last`."""

    seat: int
    action: TurnAction
    #: the cards added (UNKNOWN in views that may not see that program)
    cards: tuple[Card, ...] = ()
    wall: tuple[WallKind, Square] | None = None
    bug_target: int | None = None
    #: every card the run executed, in order, with the board after each
    steps: tuple[Step, ...] = ()
    #: the turtle reached a jewel during this run
    finished: bool = False
    #: a Bug card sat on the program that ran, and is now out of the game
    bug_spent: int | None = None
    discarded: int = 0
    drew: int = 0
    reshuffled: bool = False
    #: the board as the run started (the steps replay from it)
    board_before: Board | None = None
    #: when this move ended a round: that round's arrival order (first to last)
    round_over: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class TurtlesState:
    board: Board
    players: tuple[PlayerState, ...]
    #: the seat to move, None once the game is over
    to_play: int | None
    #: seats in the order their turtles reached a jewel in this round (the last one appended at the end)
    arrivals: tuple[int, ...]
    round: int
    rounds: int
    points: tuple[int, ...]
    #: arrival orders of the rounds already played
    past_rounds: tuple[tuple[int, ...], ...]
    bug_option: bool
    show_program: bool
    #: moves played so far in the whole game
    ply: int
    #: a name for this game, so computer players can tell games apart (`players.ProgramMemory`).
    #: Drawn afresh by `start`, independent of the seed: every seat sees it, and anything derived
    #: from the seed would let a search find the seed, and every hand and deck with it. Not
    #: compared, so a record replayed (which draws another) still equals the game it records.
    table: int = field(compare=False)
    #: None in views: the seed of the decks' future must not leak
    rng: Rng | None
    last: TurnReport | None = None

    @property
    def seats(self) -> int:
        return self.board.seats

    def still_playing(self, seat: int) -> bool:
        return self.board.turtles[seat] is not None and seat not in self.arrivals
