"""Running a program: every card, in order, with every rule of movement and of the laser.

`execute` is a pure function of the public board and the cards, so the rules, the front ends (through
the recorded steps) and the computer players (to foresee their own program) share one implementation.
Each `Step` carries the turtles and the ice walls *after* it, so a front end replays a run frame by
frame without knowing any rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

from ludoteca.games.turtles.board import (
    SOUTH,
    Board,
    Square,
    Turtle,
    ahead,
    turn_around,
    turn_left,
    turn_right,
)
from ludoteca.games.turtles.cards import Card

#: what one card did:
#: move — one square forward; turn — a quarter turn; bump — walked into a wall and turned around;
#: fall — walked off the board and went back to its start; collide — walked into a turtle and both
#: went back to their starts; jewel — reached a jewel and left the board; laser — fired (see `hit`)
StepKind = Literal["move", "turn", "bump", "fall", "collide", "jewel", "laser"]
#: what a move or a beam ran into
HitKind = Literal["", "stone", "ice", "turtle", "jewel", "edge"]


@dataclass(frozen=True, slots=True)
class Step:
    seat: int
    card: Card
    kind: StepKind
    turtles: tuple[Turtle | None, ...]
    ice: frozenset[Square]
    #: the squares the laser beam crossed, in order, ending on what it hit
    beam: tuple[Square, ...] = ()
    #: the square of the wall, turtle or jewel that was run into or shot (None: nothing / the edge)
    target: Square | None = None
    hit: HitKind = ""
    #: seats whose turtle went back to its start square because of this card
    sent_home: tuple[int, ...] = ()
    #: seats whose turtle a laser turned around
    turned: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Execution:
    board: Board
    steps: tuple[Step, ...]
    finished: bool


def send_home(board: Board, seats: Iterable[int]) -> tuple[Board, tuple[int, ...]]:
    """Put the turtles of `seats` back on their start squares, facing south.

    A turtle standing on one of those start squares is sent home too (and so on): no two turtles
    ever share a square. Returns the new board and every seat that went home.
    """
    turtles = list(board.turtles)
    pending = [s for s in seats if turtles[s] is not None]
    for s in pending:
        turtles[s] = None
    moved: list[int] = []
    while pending:
        seat = pending.pop(0)
        home = board.starts[seat]
        for other, turtle in enumerate(turtles):
            if turtle is not None and turtle.square == home:
                turtles[other] = None
                pending.append(other)
        turtles[seat] = Turtle(home, SOUTH)
        moved.append(seat)
    return replace(board, turtles=tuple(turtles)), tuple(moved)


def _with_turtle(board: Board, seat: int, turtle: Turtle | None) -> Board:
    turtles = list(board.turtles)
    turtles[seat] = turtle
    return replace(board, turtles=tuple(turtles))


def run_card(board: Board, seat: int, card: Card) -> tuple[Board, Step]:
    """One card of `seat`'s program on `board` (the turtle must be on the board)."""
    me = board.turtles[seat]
    assert me is not None, "a finished turtle runs no card"

    if card is Card.LEFT or card is Card.RIGHT:
        facing = turn_left(me.facing) if card is Card.LEFT else turn_right(me.facing)
        after = _with_turtle(board, seat, Turtle(me.square, facing))
        return after, Step(seat, card, "turn", after.turtles, after.ice)
    if card is Card.FORWARD:
        front = ahead(me.square, me.facing)
        if front is None:
            after, home = send_home(board, (seat,))
            return after, Step(seat, card, "fall", after.turtles, after.ice, hit="edge", sent_home=home)
        if front in board.stone or front in board.ice:
            after = _with_turtle(board, seat, Turtle(me.square, turn_around(me.facing)))
            wall: HitKind = "stone" if front in board.stone else "ice"
            return after, Step(seat, card, "bump", after.turtles, after.ice, target=front, hit=wall)
        if front in board.jewels:
            after = _with_turtle(board, seat, None)
            return after, Step(seat, card, "jewel", after.turtles, after.ice, target=front, hit="jewel")
        other = board.turtle_at(front)
        if other is not None:
            after, home = send_home(board, (seat, other))
            return after, Step(
                seat, card, "collide", after.turtles, after.ice, target=front, hit="turtle", sent_home=home
            )
        after = _with_turtle(board, seat, Turtle(front, me.facing))
        return after, Step(seat, card, "move", after.turtles, after.ice)
    if card is Card.LASER:
        return _fire(board, seat, me)
    raise ValueError(f"cannot run a {card!r} card")


def _fire(board: Board, seat: int, me: Turtle) -> tuple[Board, Step]:
    beam: list[Square] = []
    sq: Square | None = ahead(me.square, me.facing)
    while sq is not None:
        beam.append(sq)
        if sq in board.ice:
            after = replace(board, ice=board.ice - {sq})
            return after, Step(seat, Card.LASER, "laser", after.turtles, after.ice, tuple(beam), sq, "ice")
        if sq in board.stone:
            return board, Step(seat, Card.LASER, "laser", board.turtles, board.ice, tuple(beam), sq, "stone")
        victim = board.turtle_at(sq)
        hit: HitKind = "turtle"
        if victim is None and sq in board.jewels:
            victim, hit = seat, "jewel"  # the jewel reflects the beam onto the shooter
        if victim is not None:
            if board.laser_turns_around:
                turtle = board.turtles[victim]
                assert turtle is not None
                after = _with_turtle(board, victim, Turtle(turtle.square, turn_around(turtle.facing)))
                return after, Step(
                    seat,
                    Card.LASER,
                    "laser",
                    after.turtles,
                    after.ice,
                    tuple(beam),
                    sq,
                    hit,
                    turned=(victim,),
                )
            after, home = send_home(board, (victim,))
            return after, Step(
                seat, Card.LASER, "laser", after.turtles, after.ice, tuple(beam), sq, hit, sent_home=home
            )
        sq = ahead(sq, me.facing)
    return board, Step(seat, Card.LASER, "laser", board.turtles, board.ice, tuple(beam), None, "edge")


def execute(board: Board, seat: int, program: Iterable[Card]) -> Execution:
    """Run `program` for `seat`; stops early when the turtle reaches a jewel."""
    steps: list[Step] = []
    for card in program:
        board, step = run_card(board, seat, card)
        steps.append(step)
        if step.kind == "jewel":
            return Execution(board, tuple(steps), True)
    return Execution(board, tuple(steps), False)
