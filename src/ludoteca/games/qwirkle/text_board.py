"""Qwirkle's board and tiles as terminal text, shared by the terminal board and arrow-key entry."""

from __future__ import annotations

from ludoteca.games.qwirkle.lines import LETTERS
from ludoteca.games.qwirkle.state import EMPTY, QwirkleState
from ludoteca.games.qwirkle.tiles import (
    HIDDEN,
    KINDS,
    LANGUAGE_LETTERS,
    Tile,
    colour_name,
    colour_of,
    letters,
    shape_name,
    tile_label,
)
from ludoteca.i18n import N_, _, language
from ludoteca.kits.terminal.style import Style

#: terminal colours for the colour digits 0–5 (orange, red, blue, yellow, purple, green); the
#: digit is always printed too, so the game stays playable without colour. Orange is a colour of
#: its own where the terminal has 256, and an underlined dark yellow otherwise, never the yellow.
COLOURS = ("orange", "bright_red", "bright_blue", "bright_yellow", "bright_magenta", "bright_green")


def paint_tile(tile: Tile, style: Style, bold: bool = True, bg: str | None = None) -> str:
    if tile == HIDDEN:
        return style.dim("??")
    return style.paint(tile_label(tile), fg=COLOURS[colour_of(tile)], bold=bold, bg=bg)


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
                shown = empty if tile == EMPTY else tile_label(tile)
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


#: the languages whose letters the legend may name as read too
LANGUAGE_NAMES = {"en": N_("English"), "fr": N_("French")}


def legend_lines(style: Style) -> list[str]:
    """What the letters and digits mean, under the board, in the player's language: each shape's
    letter, each colour's digit or letter, and the other languages' letters, read too."""
    own = letters()
    shapes = [f"{letter} {shape_name(shape)}" for shape, letter in enumerate(own.shapes)]
    colours = [
        style.paint(f"{digit}/{own.colours[digit]} {colour_name(digit)}", fg=COLOURS[digit])
        for digit in range(KINDS)
    ]
    lines = [
        style.dim(_("Shapes:")) + " " + " · ".join(shapes),
        style.dim(_("Colours:")) + " " + " · ".join(colours),
    ]
    for lang, other in LANGUAGE_LETTERS.items():
        if lang == language() or other is own:
            continue
        # only what the player's own letters do not already say
        more_shapes = [a for a, b in zip(other.shapes, own.shapes, strict=True) if a != b]
        more_colours = [a for a, b in zip(other.colours, own.colours, strict=True) if a != b]
        lines.append(
            style.dim(
                _("Also read, in {language}: {shapes} (shapes), {colours} (colours)").format(
                    language=_(LANGUAGE_NAMES.get(lang, lang)),
                    shapes=" ".join(more_shapes),
                    colours=" ".join(more_colours),
                )
            )
        )
    return lines
