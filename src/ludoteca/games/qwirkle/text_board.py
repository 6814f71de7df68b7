"""Qwirkle's board and tiles as terminal text, shared by the terminal board and arrow-key entry."""

from __future__ import annotations

from ludoteca.games.qwirkle.lines import LETTERS
from ludoteca.games.qwirkle.state import EMPTY, QwirkleState
from ludoteca.games.qwirkle.tiles import (
    ALIASES,
    HIDDEN,
    KINDS,
    LETTER_WORDS,
    SHAPES,
    Tile,
    colour_name,
    colour_of,
    shape_name,
    tile_text,
)
from ludoteca.i18n import _, language
from ludoteca.kits.terminal.style import Style

#: terminal colours for the colour digits 0–5 (orange, red, blue, yellow, purple, green); the
#: digit is always printed too, so the game stays playable without colour. Orange is a colour of
#: its own where the terminal has 256, and an underlined dark yellow otherwise, never the yellow.
COLOURS = ("orange", "bright_red", "bright_blue", "bright_yellow", "bright_magenta", "bright_green")


def paint_tile(tile: Tile, style: Style, bold: bool = True, bg: str | None = None) -> str:
    if tile == HIDDEN:
        return style.dim("??")
    return style.paint(tile_text(tile), fg=COLOURS[colour_of(tile)], bold=bold, bg=bg)


def board_lines(state: QwirkleState, style: Style, cursor: tuple[int, int] | None = None) -> list[str]:
    """The board with its letters (arrow-key entry draws it with its cursor, and its own panel)."""
    last = {(r, c) for r, c, _t in state.last.placed} if state.last is not None else set()
    header = "  " + "".join(f"  {LETTERS[c]}" for c in range(state.cols))
    lines = [style.dim(header)]
    empty = " ·" if style.colour else " ."
    for r in range(state.rows):
        text = style.dim(LETTERS[r] + " ")
        for c in range(state.cols):
            tile = state.at(r, c)
            if (r, c) == cursor:
                # the cursor of arrow-key entry: a bright background, or '>' without colour
                shown = empty if tile == EMPTY else tile_text(tile)
                text += (" " + style.paint(shown, fg="black", bg="white")) if style.colour else ">" + shown
            elif tile == EMPTY:
                text += " " + style.dim(empty)
            elif (r, c) in last:
                # plain text marks the last play with a star, colour with a background
                text += ("*" if not style.colour else " ") + paint_tile(tile, style, bg="grey")
            else:
                text += " " + paint_tile(tile, style, bold=False)
        lines.append(text)
    return lines


def legend_lines(style: Style) -> list[str]:
    """What the letters and digits mean, under the board. The letters are French initials, so
    in another language each is shown with its French word and that language's word."""
    shapes = []
    french = language() == "fr"
    for shape, letter in enumerate(SHAPES):
        word, name = LETTER_WORDS[shape], shape_name(shape)
        text = f"{letter} {name}" if french else f"{letter} {word} = {name}"
        for alias in (a for a, meant in ALIASES.items() if meant == letter):
            text += " " + _("(or {letter})").format(letter=alias)
        shapes.append(text)
    colours = [style.paint(f"{digit} {colour_name(digit)}", fg=COLOURS[digit]) for digit in range(KINDS)]
    shapes_title, colours_title = _("Shapes:"), _("Colours:")
    indent = " " * (len(shapes_title) + 1)
    half = len(shapes) // 2
    return [
        style.dim(shapes_title) + " " + " · ".join(shapes[:half]),
        indent + " · ".join(shapes[half:]),
        style.dim(colours_title) + " " + " · ".join(colours),
    ]
