"""Khet's own colours in the window (themes restyle them as "khet.<name>"), and what its drawing
modules share: the palette, the theme's colours and the fonts."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.kits.window.fonts import Fonts
from ludoteca.kits.window.theme import Colour, Colours, Theme


@dataclass(frozen=True)
class KhetColours:
    # the board: dark slate squares, so both the silver and the red pieces stand out
    frame: Colour = (34, 38, 42)
    frame_light: Colour = (58, 64, 70)
    square: Colour = (66, 74, 80)
    square_alt: Colour = (72, 80, 87)
    line: Colour = (44, 50, 55)
    #: squares reserved for Silver, for Red (a tint, and a small mark of the colour's shape)
    reserved: tuple[Colour, Colour] = ((104, 114, 124), (122, 62, 60))
    # the pieces: body, edge (darker), relief (lighter)
    body: tuple[Colour, Colour] = ((206, 212, 220), (184, 46, 44))
    edge: tuple[Colour, Colour] = ((112, 120, 132), (104, 20, 22))
    relief: tuple[Colour, Colour] = ((236, 240, 245), (216, 92, 84))
    #: mirrors reflect: bright silver-blue with a white glint and a dark rim
    mirror: Colour = (214, 236, 250)
    glint: Colour = (255, 255, 255)
    mirror_edge: Colour = (52, 70, 92)
    #: shields absorb: dark gold
    shield: Colour = (206, 160, 64)
    shield_edge: Colour = (112, 80, 22)
    crown: Colour = (240, 196, 72)
    #: each side's beam: blue and orange stay apart for colour-blind eyes
    beam: tuple[Colour, Colour] = ((96, 204, 255), (255, 120, 56))
    beam_core: tuple[Colour, Colour] = ((226, 248, 255), (255, 232, 200))
    burst: Colour = (255, 236, 160)
    #: what a preview says will be destroyed
    doomed: Colour = (255, 84, 84)


THEMED_COLOURS = {
    "walnut": KhetColours(
        frame=(46, 32, 22),
        frame_light=(78, 56, 40),
        square=(92, 74, 58),
        square_alt=(100, 81, 64),
        line=(62, 46, 34),
        reserved=((128, 122, 116), (136, 64, 52)),
    ),
    "contrast": KhetColours(
        frame=(0, 0, 0),
        square=(40, 40, 40),
        square_alt=(48, 48, 48),
        line=(110, 110, 110),
        reserved=((110, 110, 130), (150, 40, 40)),
        body=((240, 240, 240), (220, 30, 30)),
        edge=((80, 80, 80), (90, 0, 0)),
        beam=((60, 180, 255), (255, 150, 0)),
    ),
}


def palette_for(theme: Theme) -> KhetColours:
    return theme.palette("khet", KhetColours(), THEMED_COLOURS)


@dataclass(frozen=True)
class Look:
    palette: KhetColours
    colours: Colours
    fonts: Fonts
