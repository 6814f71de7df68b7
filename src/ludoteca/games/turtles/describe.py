"""Sentences about what happened, for status lines and the step-by-step replay.

Only public facts: a card added to a program is counted, never named.
"""

from __future__ import annotations

from ludoteca.games.turtles.board import FACING_NAMES, square_name
from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.execution import Step
from ludoteca.games.turtles.state import TurnReport
from ludoteca.i18n import _, ngettext


def _facing(facing: int) -> str:
    return _(FACING_NAMES[facing])


def _others(seats: tuple[int, ...], skip: tuple[int, ...], names: tuple[str, ...]) -> str:
    extra = [names[s] for s in seats if s not in skip]
    if not extra:
        return ""
    return " " + _("({names} pushed off a start square, back to the start too)").format(
        names=", ".join(extra)
    )


def describe_step(step: Step, names: tuple[str, ...]) -> str:
    me = names[step.seat]
    turtle = step.turtles[step.seat]
    target = square_name(step.target) if step.target is not None else ""
    if step.kind == "move" and turtle is not None:
        return _("{me} moves forward to {square}").format(me=me, square=square_name(turtle.square))
    if step.kind == "turn" and turtle is not None:
        side = _("left") if step.card is Card.LEFT else _("right")
        return _("{me} turns {side}, now facing {facing}").format(
            me=me, side=side, facing=_facing(turtle.facing)
        )
    if step.kind == "bump":
        wall = _("stone wall") if step.hit == "stone" else _("ice wall")
        return _("{me} bumps into the {wall} on {square} and turns around").format(
            me=me, wall=wall, square=target
        )
    if step.kind == "fall":
        return _("{me} walks off the board and goes back to the start").format(me=me) + _others(
            step.sent_home, (step.seat,), names
        )
    if step.kind == "collide":
        other = next((s for s in step.sent_home if s != step.seat), step.seat)
        return _("{me} runs into {other} on {square}: both go back to their start squares").format(
            me=me, other=names[other], square=target
        ) + _others(step.sent_home, (step.seat, other), names)
    if step.kind == "jewel":
        return _("{me} reaches the jewel on {square}!").format(me=me, square=target)
    # the laser
    if step.hit == "edge":
        return _("{me} fires the laser; it hits nothing").format(me=me)
    if step.hit == "stone":
        return _("{me} fires the laser at the stone wall on {square}: nothing happens").format(
            me=me, square=target
        )
    if step.hit == "ice":
        return _("{me} fires the laser and melts the ice wall on {square}").format(me=me, square=target)
    victim = (step.turned or step.sent_home or (step.seat,))[0]
    effect = (
        _("{name} turns around").format(name=names[victim])
        if step.turned
        else _("{name} goes back to the start").format(name=names[victim])
    )
    if step.hit == "jewel":
        return _("{me}'s laser bounces off the jewel on {square}: {effect}").format(
            me=me, square=target, effect=effect
        )
    return _("{me}'s laser hits {name} on {square}: {effect}").format(
        me=me, name=names[victim], square=target, effect=effect
    ) + _others(step.sent_home, (victim,), names)


def describe_report(report: TurnReport, names: tuple[str, ...]) -> str:
    me = names[report.seat]
    if report.action == "add":
        n = len(report.cards)
        text = ngettext(
            "{me} adds {n} card to the program.", "{me} adds {n} cards to the program.", n
        ).format(me=me, n=n)
    elif report.action == "wall" and report.wall is not None:
        kind, sq = report.wall
        wall = _("a stone wall") if kind == "stone" else _("an ice wall")
        text = _("{me} builds {wall} on {square}.").format(me=me, wall=wall, square=square_name(sq))
    elif report.action == "bug" and report.bug_target is not None:
        text = _("{me} puts the Bug card on {name}'s program, which now runs backwards.").format(
            me=me, name=names[report.bug_target]
        )
    else:
        n = len(report.steps)
        text = ngettext("{me} runs the program ({n} card)", "{me} runs the program ({n} cards)", n).format(
            me=me, n=n
        )
        events = [describe_step(s, names) for s in report.steps if s.kind not in ("move", "turn")]
        told = _("; ").join(events)
        text += _(": {events}").format(events=told) + ("" if told.endswith("!") else ".") if events else "."
        if report.bug_spent is not None:
            text += " " + _("{name}'s Bug card is out of the game.").format(name=names[report.bug_spent])
    if report.discarded:
        text += " " + ngettext(
            "{me} discards the last card of the hand.",
            "{me} discards the {n} cards left in hand.",
            report.discarded,
        ).format(me=me, n=report.discarded)
    if report.reshuffled:
        text += " " + _("{me} shuffles the discard pile into a new deck.").format(me=me)
    if report.round_over is not None:
        order = ", ".join(names[s] for s in report.round_over)
        text += " " + _("The round is over (arrival order: {order}).").format(order=order)
    return text
