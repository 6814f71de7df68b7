"""Robot Turtles in the terminal: turtles as their initial and a facing arrow, walls, jewels, each
player's stock and program length, the viewer's hand, and a run replayed card by card.

Columns a–h run left to right, rows 1–8 top to bottom (the turtles start on row 1 and head down).
Colour helps but is never needed: B R G P name the turtles, ## is stone, ~~ ice, <> a jewel, and a
start square shows its owner's lower-case initial.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from ludoteca.core.game import Game, Seat
from ludoteca.games.turtles.board import SIZE, Board, square, square_name
from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.describe import describe_step
from ludoteca.games.turtles.rules import seat_names
from ludoteca.games.turtles.state import SEAT_COLOURS, SEAT_NAMES, TurtlesState
from ludoteca.games.turtles.words import card_letter, card_letters, shown_notation
from ludoteca.i18n import _, ngettext
from ludoteca.kits.terminal.board import TerminalBoard
from ludoteca.kits.terminal.style import Style

ARROWS: Final = ("▲", "▶", "▼", "◀")  # north, east, south, west
INITIALS: Final = tuple(name[0] for name in SEAT_NAMES)
BEAM_COLOUR: Final = "bright_yellow"


def _ordinal(rank: int) -> str:
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}.get(rank, _("{n}th").format(n=rank))


def draw_board(board: Board, style: Style, beam: tuple[int, ...] = ()) -> list[str]:
    """The 8×8 board with coordinates, `beam` squares lit (a laser shot being replayed)."""
    lit = set(beam)
    files = "   " + "".join(f" {f} " for f in "abcdefgh")
    lines = [files]
    for row in range(SIZE):
        cells = [f"{row + 1:>2} "]
        for col in range(SIZE):
            cells.append(" " + _cell(board, square(row, col), lit, style))
        cells.append(f"  {row + 1}")
        lines.append("".join(cells))
    lines.append(files)
    return lines


def _cell(board: Board, sq: int, lit: set[int], style: Style) -> str:
    seat = board.turtle_at(sq)
    if seat is not None:
        turtle = board.turtles[seat]
        assert turtle is not None
        return style.paint(INITIALS[seat] + ARROWS[turtle.facing], SEAT_COLOURS[seat], bold=True)
    if sq in board.stone:
        return style.paint("##", "grey", bold=sq in lit)
    if sq in board.ice:
        return style.paint("~~", "bright_cyan", bold=sq in lit)
    if sq in board.jewels:
        return style.paint("<>", "bright_yellow", bold=True)
    if sq in lit:
        return style.paint("**", BEAM_COLOUR, bold=True)
    for owner, start in enumerate(board.starts):
        if start == sq and board.turtles[owner] is not None:
            return style.paint(INITIALS[owner].lower() + " ", SEAT_COLOURS[owner])
    return style.dim("· ")


def _cards(cards: tuple[Card, ...]) -> str:
    return card_letters(cards) if cards else _("empty")


class TurtlesTerminalBoard(TerminalBoard):
    def render(self, game: Game[Any, Any], state: Any, seat: Seat | None, style: Style) -> str:
        assert isinstance(state, TurtlesState)
        lines = draw_board(state.board, style)
        lines.extend(self._panel(state, seat, style))
        return "\n".join(lines)

    def _panel(self, state: TurtlesState, seat: Seat | None, style: Style) -> list[str]:
        names = seat_names(state.seats)
        lines: list[str] = []
        if state.rounds > 1:
            points = ", ".join(f"{names[s]} {state.points[s]}" for s in range(state.seats))
            lines.append(
                _("Round {n} of {total} · points: {points}").format(
                    n=state.round, total=state.rounds, points=points
                )
            )
        for s, p in enumerate(state.players):
            label = style.paint(f"{INITIALS[s]} {names[s]:<6}", SEAT_COLOURS[s], bold=s == state.to_play)
            turtle = state.board.turtles[s]
            if s in state.arrivals:
                rank = state.arrivals.index(s) + 1
                lines.append(f"{label} " + _("finished {rank}").format(rank=_ordinal(rank)))
                continue
            where = square_name(turtle.square) + ARROWS[turtle.facing] if turtle else "—"
            text = _(
                "{where:<4} program {program:>2} · hand {hand} · deck {deck:>2} · discard {discard:>2} · "
                "walls: {stone} stone, {ice} ice"
            ).format(
                where=where,
                program=len(p.program),
                hand=len(p.hand),
                deck=len(p.deck),
                discard=len(p.discard),
                stone=p.stone_walls,
                ice=p.ice_walls,
            )
            if p.bugged_by is not None:
                text += " · " + style.paint(
                    _("Bug from {name}: runs backwards").format(name=names[p.bugged_by]), "yellow"
                )
            if state.bug_option and p.has_bug:
                text += " · " + _("holds a Bug card")
            marker = "▸ " if s == state.to_play else "  "
            lines.append(f"{marker}{label} {text}")
        if seat is not None and state.still_playing(seat):
            me = state.players[seat]
            lines.append(
                _("Your hand: {cards}   (F forward, L left, R right, X laser)").format(cards=_cards(me.hand))
            )
            if Card.UNKNOWN in me.program:
                lines.append(
                    ngettext(
                        "Your program: {n} card, face down: remember it!",
                        "Your program: {n} cards, face down: remember them!",
                        len(me.program),
                    ).format(n=len(me.program))
                )
            else:
                lines.append(_("Your program: {cards}").format(cards=_cards(me.program)))
        return lines

    def move_help(self, game: Game[Any, Any], state: Any) -> str:
        text = _("Moves: add F L F (cards from your hand, in order) · wall stone d4 · wall ice d4 · run")
        if isinstance(state, TurtlesState) and state.bug_option:
            text += " · " + _("bug red (your Bug card on Red's program)")
        return (
            text
            + "\n"
            + _(
                "End any move with /discard to throw away the rest of your hand. Squares: columns a–h "
                "left to right, rows 1–8 top to bottom."
            )
        )

    def shown_notation(self, text: str) -> str:
        return shown_notation(text)

    def public_move_text(self, game: Game[Any, Any], state: Any, move: Any) -> str:
        return shown_notation(super().public_move_text(game, state, move))

    def prompt(self, game: Game[Any, Any], state: Any, seat: Seat) -> str:
        return _("{name} ({initial}) to move> ").format(
            name=game.player_name(state, seat), initial=INITIALS[seat]
        )

    def replay_frames(self, game: Game[Any, Any], state: Any, style: Style) -> list[tuple[str, str]]:
        """The last run, card by card: (board after the card, what the card did)."""
        if not isinstance(state, TurtlesState) or state.last is None or state.last.board_before is None:
            return []
        names = seat_names(state.seats)
        before = state.last.board_before
        frames = [
            (
                "\n".join(draw_board(before, style)),
                _("{name} runs the program:").format(name=names[state.last.seat]),
            )
        ]
        for number, step in enumerate(state.last.steps, start=1):
            board = replace(before, turtles=step.turtles, ice=step.ice)
            caption = f"{number:>2}. {card_letter(step.card)}  " + describe_step(step, names)
            frames.append(("\n".join(draw_board(board, style, step.beam)), caption))
        return frames


__all__ = ["TurtlesTerminalBoard", "draw_board"]
