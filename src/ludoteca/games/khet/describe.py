"""Beams in words: "Silver's beam: j1→j4 reflects W, →h4 reflects N, →h5 destroys Red Pyramid h5."."""

from __future__ import annotations

from ludoteca.games.khet.board import COMPASS_POINTS, OBELISK, SQUARES, kind_of, square_name, stack_height
from ludoteca.games.khet.laser import (
    ABSORBED_EFFECT,
    DESTROYED_EFFECT,
    LEFT_EFFECT,
    LOOP_EFFECT,
    REFLECTED,
    SPLIT_EFFECT,
    Beam,
    BeamBranch,
    BeamEvent,
)
from ludoteca.games.khet.position import COLOUR_NAMES, piece_name
from ludoteca.i18n import _


def compass(direction: int) -> str:
    """A direction as a sentence writes it, in the current language ("W", in French "O")."""
    return _(COMPASS_POINTS[direction])


def _effect(event: BeamEvent) -> str:
    where = square_name(event.square) if event.square is not None else ""
    if event.effect == REFLECTED:
        return _("reflects {direction}").format(direction=compass(event.leaving[0]))
    if event.effect == SPLIT_EFFECT:
        return _("splits {a} and {b}").format(a=compass(event.leaving[0]), b=compass(event.leaving[1]))
    if event.effect == ABSORBED_EFFECT:
        return _("absorbed by {piece} {square}").format(piece=piece_name(event.piece), square=where)
    if event.effect == DESTROYED_EFFECT:
        if kind_of(event.piece) == OBELISK and stack_height(event.piece) > 1:
            return _("knocks the top off {piece} {square}").format(
                piece=piece_name(event.piece), square=where
            )
        return _("destroys {piece} {square}").format(piece=piece_name(event.piece), square=where)
    if event.effect == LOOP_EFFECT:
        return _("joins light already there")
    if event.effect == LEFT_EFFECT:
        return _("leaves the board")
    return event.effect


def describe_branch(branch: BeamBranch, start: str) -> str:
    """The legs of one branch: "j1→j4 reflects W, →h4 reflects N, →j8 leaves the board"."""
    legs: list[str] = []
    last_event_square: int | None = None
    squares = branch.squares
    for event in branch.events:
        if event.effect == LEFT_EFFECT:
            end = squares[-1] if squares else None
            arrow = f"→{square_name(end)} " if end is not None and end != last_event_square else ""
        else:
            assert event.square is not None
            arrow = f"→{square_name(event.square)} "
            last_event_square = event.square
        legs.append(arrow + _effect(event))
    text = ", ".join(legs)
    return start + text if text.startswith("→") else f"{start} {text}".strip()


def describe_beam(beam: Beam) -> str:
    """Every branch of a shot in words, the laser's own beam first."""
    who = _(COLOUR_NAMES[beam.colour])
    parts: list[str] = []
    for index, branch in enumerate(beam.branches):
        if index == 0:
            parts.append(
                _("{who}'s beam: {legs}").format(who=who, legs=describe_branch(branch, _start(beam)))
            )
            continue
        leaving = branch.segments[0].direction if branch.segments else branch.events[0].arriving
        parts.append(
            _("from {square} going {direction}: {legs}").format(
                square=square_name(branch.origin),
                direction=compass(leaving),
                legs=describe_branch(branch, ""),
            )
        )
    return _("; ").join(parts) + "."


def _start(beam: Beam) -> str:
    """Where the words start: the Sphinx, or the first square a fixed laser lights."""
    main = beam.branches[0]
    if beam.origin in SQUARES:
        return square_name(beam.origin)
    squares = main.squares
    if squares and main.events and main.events[0].square != squares[0]:
        return square_name(squares[0])
    return ""
