"""Khet in the terminal: pieces as a letter and an orientation mark, reserved squares marked, the
last beam drawn across the empty squares it lit.

Silver's pieces are capitals, Red's lower case (so the board reads without colour too):
K Pharaoh, X Sphinx (arrow: where it fires), P Pyramid (arrow: the corner its mirror faces),
S Scarab, D Djed, E Eye of Horus (`/` or `\\`: the mirror's line), A Anubis (arrow: its shielded
front), O Obelisk (O2: a stack of two).
"""

from __future__ import annotations

from typing import Any, Final

from ludoteca.core.game import Game, Seat
from ludoteca.games.khet.board import (
    DIRECTION_NAMES,
    FACING_KINDS,
    KIND_LETTERS,
    KIND_NAMES,
    OBELISK,
    PYRAMID,
    RED,
    RESERVED_FOR,
    SILVER,
    SPHINX,
    SPHINX_HOME,
    SQUARES,
    TWO_WAY_KINDS,
    colour_of,
    kind_of,
    orientation_of,
    square,
    square_name,
    stack_height,
)
from ludoteca.games.khet.describe import compass
from ludoteca.games.khet.laser import DESTROYED_EFFECT
from ludoteca.games.khet.moves import TURN_CW, TURNED_CCW, TURNED_CW, sphinx_turn
from ludoteca.games.khet.position import COLOUR_NAMES
from ludoteca.games.khet.state import KhetState
from ludoteca.i18n import _
from ludoteca.kits.terminal.board import TerminalBoard
from ludoteca.kits.terminal.style import Style

FACING_ARROWS: Final = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
CORNER_ARROWS: Final = ("↗", "↘", "↙", "↖")  # NE SE SW NW
PIECE_COLOURS: Final = ("bright_white", "bright_red")
BEAM_COLOUR: Final = "bright_yellow"
#: an empty square reserved for a colour shows this mark
RESERVED_MARKS: Final = ("+", "×")


def piece_glyph(piece: int) -> str:
    """Two characters: the piece's letter (capital for Silver) and its orientation."""
    kind, o = kind_of(piece), orientation_of(piece)
    letter = KIND_LETTERS[kind]
    if colour_of(piece) == RED:
        letter = letter.lower()
    if kind == PYRAMID:
        mark = CORNER_ARROWS[o]
    elif kind in FACING_KINDS:
        mark = FACING_ARROWS[DIRECTION_NAMES[o]]
    elif kind in TWO_WAY_KINDS:
        mark = "/\\"[o & 1]
    elif kind == OBELISK and stack_height(piece) > 1:
        mark = str(stack_height(piece))
    else:
        mark = " "
    return letter + mark


def beam_glyph(directions: set[int]) -> str:
    vertical = bool(directions & {0, 2})
    horizontal = bool(directions & {1, 3})
    if vertical and horizontal:
        return "┼"
    return "│" if vertical else "─"


class KhetTerminalBoard(TerminalBoard):
    def render(self, game: Game[Any, Any], state: Any, seat: Seat | None, style: Style) -> str:
        assert isinstance(state, KhetState)
        beam = state.beam
        lit = beam.lit() if beam is not None else {}
        struck = {
            event.square
            for branch in (beam.branches if beam else ())
            for event in branch.events
            if event.effect == DESTROYED_EFFECT and event.square is not None
        }
        files = "   " + "".join(f" {f} " for f in "abcdefghij")
        lines = [files]
        for rank in range(7, -1, -1):
            row = [f"{rank + 1:>2} "]
            for file in range(10):
                sq = square(file, rank)
                row.append(self._cell(state.board[sq], sq, lit, struck, style))
            row.append(f" {rank + 1}")
            lines.append("".join(row))
        lines.append(files)
        lines.extend(self._panel(game, state, style))
        return "\n".join(lines)

    def _cell(self, piece: int, sq: int, lit: dict[int, set[int]], struck: set[int], style: Style) -> str:
        if piece:
            text = piece_glyph(piece)
            painted = style.paint(text, PIECE_COLOURS[colour_of(piece)], bold=sq in struck or sq in lit)
            return f" {painted}"
        if sq in struck:
            return " " + style.paint("✶ ", "bright_red", bold=True)
        if sq in lit:
            return " " + style.paint(beam_glyph(lit[sq]) + " ", BEAM_COLOUR)
        for colour in (SILVER, RED):
            if sq in RESERVED_FOR[colour]:
                return " " + style.paint(RESERVED_MARKS[colour] + " ", "grey" if colour == SILVER else "red")
        return " " + style.dim("· ")

    def _panel(self, game: Game[Any, Any], state: KhetState, style: Style) -> list[str]:
        counts = [0, 0]
        for sq in SQUARES:
            if state.board[sq]:
                counts[colour_of(state.board[sq])] += stack_height(state.board[sq])
        edition = _("Eye of Horus edition") if state.horus else _("Khet 2.0")
        lines = [
            _("{edition} · Silver {s} pieces · Red {r} pieces · move {n}").format(
                edition=edition, s=counts[SILVER], r=counts[RED], n=state.ply + 1
            ),
            style.dim(
                _("{plus} Silver's squares, {times} Red's squares: the other colour may not enter").format(
                    plus=RESERVED_MARKS[SILVER], times=RESERVED_MARKS[RED]
                )
            ),
            style.dim(self._letters(state)),
        ]
        if state.horus:
            lines.append(style.dim(_("Lasers: Silver's below j1 fires north, Red's above a8 fires south.")))
        if state.last_move is not None and state.beam is not None:
            lines.append(
                style.dim(
                    _("The beam drawn is {who}'s last shot.").format(who=_(COLOUR_NAMES[state.beam.colour]))
                )
            )
        seen = state.repetitions()
        if state.end is None and seen >= 2:
            note = (
                _("This position has occurred {n} times: the player to move may claim a draw (type draw).")
                if seen >= 3
                else _("This position has occurred {n} times; at 3 the player to move may claim a draw.")
            )
            lines.append(style.paint(note.format(n=seen), "yellow"))
        return lines

    @staticmethod
    def _letters(state: KhetState) -> str:
        """What the letters of the pieces on the board stand for (a newcomer cannot guess K or X)."""
        kinds = sorted({kind_of(state.board[sq]) for sq in SQUARES if state.board[sq]})
        names = " · ".join(f"{KIND_LETTERS[kind]} {_(KIND_NAMES[kind])}" for kind in kinds)
        return _("{names} (capitals Silver, small letters Red)").format(names=names)

    def move_help(self, game: Game[Any, Any], state: Any) -> str:
        assert isinstance(state, KhetState)
        if state.horus:
            return _(
                "Moves: d1d2 step (or swap a Djed/Eye with a Pyramid or Obelisk, or stack your Obelisks), "
                "d1^d2 move only the top Obelisk of a stack, h2+ / h2- turn clockwise / anticlockwise. "
                "Your laser fires after every move."
            )
        home = SPHINX_HOME[state.turn]
        sphinx = state.board[home]
        turn = ""
        if kind_of(sphinx) == SPHINX:
            sign = "+" if sphinx_turn(sphinx) == TURN_CW else "-"
            facing = compass(orientation_of(TURNED_CW[sphinx] if sign == "+" else TURNED_CCW[sphinx]))
            turn = _(", {move} turns your Sphinx to fire {direction}").format(
                move=square_name(home) + sign, direction=facing
            )
        return _(
            "Moves: h2g3 step (a Scarab onto a Pyramid or Anubis swaps), h2+ / h2- turn clockwise / "
            "anticlockwise{sphinx}. Your laser fires after every move."
        ).format(sphinx=turn)


__all__ = ["KhetTerminalBoard", "beam_glyph", "piece_glyph"]
