"""The Qwirkle brief's bonus: building a play with the arrow keys (type `c` at the prompt on a
terminal). The brief's console menu is `ludoteca menu qwirkle`, the terminal menu narrowed to
one game."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TextIO

from ludoteca.games.qwirkle.notation import format_move, shown_move
from ludoteca.games.qwirkle.state import EMPTY, Place, Placement, QwirkleState
from ludoteca.games.qwirkle.text_board import board_lines, paint_tile
from ludoteca.games.qwirkle.tiles import Tile, tile_label
from ludoteca.i18n import _
from ludoteca.kits.terminal.console import raw_keys
from ludoteca.kits.terminal.style import Style

# ----- arrow-key entry ------------------------------------------------------------------------

#: what the editor answers: a play in notation, nothing yet, or "cancelled"
CANCELLED = "cancelled"
KEYS = {
    "\x1b[A": "up",
    "\x1b[B": "down",
    "\x1b[C": "right",
    "\x1b[D": "left",
    " ": "space",
    "\t": "tab",
    "\r": "enter",
    "\n": "enter",
    "\x7f": "backspace",
    "\x08": "backspace",
    "\x1b": "escape",
    "q": "escape",
}


@dataclass
class CursorEditor:
    """Building a play with the arrow keys, as the brief's bonus describes: move over the hand,
    pick a tile with Space (Space again puts it back), move over the board and put it down with
    Space; Backspace takes back the last tile put down, Enter plays, Escape cancels. The rules
    check the play only once it is typed in, like any other."""

    state: QwirkleState
    hand: list[Tile]
    placed: list[Placement] = field(default_factory=list)
    on_board: bool = False
    index: int = 0
    row: int = 0
    col: int = 0
    held: int | None = None  # index in `hand` of the tile picked up

    @staticmethod
    def start(state: QwirkleState, seat: int) -> CursorEditor:
        editor = CursorEditor(state, list(state.hands[seat]))
        filled = [(r, c) for r in range(state.rows) for c in range(state.cols) if state.at(r, c) != EMPTY]
        editor.row, editor.col = filled[len(filled) // 2] if filled else (state.rows // 2, state.cols // 2)
        return editor

    def key(self, name: str) -> str | None:
        """Apply a key; returns the play's notation on Enter, CANCELLED on Escape, else None."""
        moves = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
        if name == "escape":
            return CANCELLED
        if name == "enter":
            return format_move(Place.of(self.placed)) if self.placed else None
        if name == "tab":
            self.on_board = not self.on_board
        elif name == "backspace" and self.placed:
            _r, _c, tile = self.placed.pop()
            self.hand.append(tile)
        elif name in moves and self.on_board:
            dr, dc = moves[name]
            self.row = min(max(self.row + dr, 0), self.state.rows - 1)
            self.col = min(max(self.col + dc, 0), self.state.cols - 1)
        elif name in ("left", "right") and self.hand:
            self.index = (self.index + (1 if name == "right" else -1)) % len(self.hand)
        elif name == "space":
            self._space()
        return None

    def _space(self) -> None:
        if not self.on_board:
            if self.hand:
                self.held = None if self.held == self.index else self.index
                self.on_board = self.held is not None
            return
        if self.held is None or self.board().at(self.row, self.col) != EMPTY:
            return
        self.placed.append((self.row, self.col, self.hand.pop(self.held)))
        self.held = None
        self.index = min(self.index, max(0, len(self.hand) - 1))
        self.on_board = False

    def board(self) -> QwirkleState:
        """The board with the tiles put down so far."""
        cells = list(self.state.cells)
        for r, c, tile in self.placed:
            cells[r * self.state.cols + c] = tile
        return replace(self.state, cells=tuple(cells), last=None)

    def draw(self, style: Style) -> str:
        lines = board_lines(self.board(), style, (self.row, self.col) if self.on_board else None)
        hand = []
        for i, tile in enumerate(self.hand):
            text = paint_tile(tile, style)
            if i == self.held:
                text = f"[{text}]"
            elif i == self.index and not self.on_board:
                text = (
                    style.paint(f" {tile_label(tile)} ", fg="black", bg="white")
                    if style.colour
                    else f">{text}<"
                )
            else:
                text = f" {text} "
            hand.append(text)
        lines.append("")
        lines.append(_("Hand: ") + "".join(hand))
        lines.append(_("Play: ") + (shown_move(Place.of(self.placed)) if self.placed else "-"))
        lines.append(
            style.dim(
                _(
                    "Arrows move; Space picks a tile or puts it down; Tab: hand or board; "
                    "Backspace takes back; Enter plays; Esc cancels."
                )
            )
        )
        return "\n".join(lines)


def edit_with_cursor(state: QwirkleState, seat: int, stdin: TextIO, stdout: TextIO, style: Style) -> str:
    """Run the editor on a terminal (raw keys); the play in notation, or "" when cancelled."""
    editor = CursorEditor.start(state, seat)
    fd = stdin.fileno()
    with raw_keys(fd):
        while True:
            stdout.write("\x1b[2J\x1b[H" + editor.draw(style) + "\n")
            stdout.flush()
            key = _read_key(fd)
            result = editor.key(KEYS.get(key, ""))
            if result is not None:
                return "" if result == CANCELLED else result


def _read_key(fd: int) -> str:
    import os
    import select

    key = os.read(fd, 1).decode(errors="replace")
    if key == "\x1b":
        # an arrow sends ESC [ A..D; a lone ESC is the Escape key
        while select.select([fd], [], [], 0.05)[0] and len(key) < 3:
            key += os.read(fd, 1).decode(errors="replace")
    return key
