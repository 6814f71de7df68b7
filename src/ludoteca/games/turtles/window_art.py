"""Robot Turtles drawn from code: the beach board, turtles (top view, head towards their facing),
jewels, stone and ice walls, the program cards face up and face down, and the Bug card.

Every picture is a sprite cached by its size and colours, so a frame only blits. Colour never
carries meaning alone: turtles wear their initial, cards their letter and pictogram, stone is
bricked and ice has a crystal drawn on it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.words import card_letter
from ludoteca.kits.window import piece_art
from ludoteca.kits.window.fonts import font
from ludoteca.kits.window.theme import Colour, mix

Point = tuple[float, float]


@dataclass(frozen=True)
class TurtlesColours:
    """Robot Turtles' own colours (themes restyle them as "turtles.<name>")."""

    frame: Colour = (54, 88, 80)
    sand: Colour = (226, 212, 172)
    sand_alt: Colour = (216, 201, 160)
    grid_line: Colour = (190, 174, 134)
    #: Blue, Red, Green, Pink
    turtles: tuple[Colour, Colour, Colour, Colour] = (
        (44, 104, 212),
        (208, 56, 50),
        (46, 146, 66),
        (222, 100, 170),
    )
    skin: Colour = (132, 158, 96)
    jewel: Colour = (48, 196, 200)
    stone: Colour = (136, 132, 124)
    ice: Colour = (178, 226, 246)
    beam: Colour = (255, 70, 40)
    #: forward (blue), left (yellow), right (purple), laser (red)
    cards: tuple[Colour, Colour, Colour, Colour] = (
        (40, 108, 208),
        (236, 190, 44),
        (136, 80, 188),
        (206, 56, 46),
    )
    card_paper: Colour = (246, 241, 228)
    card_back: Colour = (34, 60, 66)
    bug: Colour = (86, 146, 62)
    #: squares where the wall in hand may go
    legal: Colour = (96, 172, 108)
    tray: Colour = (27, 38, 34)


THEMED_COLOURS = {
    "walnut": TurtlesColours(frame=(92, 66, 46), tray=(44, 31, 23)),
    "contrast": TurtlesColours(
        frame=(20, 20, 20),
        sand=(246, 238, 206),
        sand_alt=(236, 226, 190),
        grid_line=(120, 110, 90),
        turtles=((0, 90, 255), (230, 20, 40), (0, 150, 40), (255, 60, 200)),
        stone=(90, 90, 90),
        ice=(150, 220, 255),
        tray=(0, 0, 0),
    ),
}

#: degrees clockwise from north, per facing (north, east, south, west)
FACING_ANGLE = (0.0, 90.0, 180.0, 270.0)


# ----- the board ------------------------------------------------------------------------------
@lru_cache(maxsize=8)
def board_picture(size: tuple[int, int], cell: float, colours: TurtlesColours) -> pygame.Surface:
    """The frame and the 8×8 sand squares, centred in `size`."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(image, colours.frame, image.get_rect(), border_radius=round(cell * 0.18))
    left = (size[0] - 8 * cell) / 2
    top = (size[1] - 8 * cell) / 2
    for row in range(8):
        for col in range(8):
            rect = pygame.Rect(
                round(left + col * cell),
                round(top + row * cell),
                round(left + (col + 1) * cell) - round(left + col * cell),
                round(top + (row + 1) * cell) - round(top + row * cell),
            )
            pygame.draw.rect(image, colours.sand if (row + col) % 2 == 0 else colours.sand_alt, rect)
    for i in range(9):
        x, y = round(left + i * cell), round(top + i * cell)
        pygame.draw.line(image, colours.grid_line, (x, round(top)), (x, round(top + 8 * cell)))
        pygame.draw.line(image, colours.grid_line, (round(left), y), (round(left + 8 * cell), y))
    return image


# ----- turtles ----------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _drawn_turtle(colour: Colour, skin: Colour, size: int) -> pygame.Surface:
    """A turtle seen from above, head up (north), filling a `size`-pixel square."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    s = size
    dark_skin = mix(skin, (0, 0, 0), 0.35)
    for dx, dy in ((-0.27, -0.17), (0.27, -0.17), (-0.26, 0.2), (0.26, 0.2)):
        pygame.draw.aacircle(image, dark_skin, (c + dx * s, c + dy * s), s * 0.095)
        pygame.draw.aacircle(image, skin, (c + dx * s, c + dy * s), s * 0.075)
    pygame.draw.polygon(
        image, skin, [(c - s * 0.05, c + s * 0.27), (c + s * 0.05, c + s * 0.27), (c, c + s * 0.38)]
    )
    pygame.draw.aacircle(image, dark_skin, (c, c - s * 0.34), s * 0.13)
    pygame.draw.aacircle(image, skin, (c, c - s * 0.34), s * 0.113)
    for dx in (-0.05, 0.05):
        pygame.draw.aacircle(image, (20, 24, 20), (c + dx * s, c - s * 0.385), max(1.0, s * 0.024))
    shell = s * 0.3
    pygame.draw.aacircle(image, (0, 0, 0, 60), (c + 1, c + 2), shell)
    pygame.draw.aacircle(image, mix(colour, (0, 0, 0), 0.38), (c, c), shell)
    pygame.draw.aacircle(image, colour, (c, c), shell * 0.88)
    # the plates of the shell: a hexagon in the middle, seams out to the rim
    line = mix(colour, (0, 0, 0), 0.3)
    hexagon = [
        (
            c + shell * 0.42 * math.cos(math.radians(30 + 60 * i)),
            c + shell * 0.42 * math.sin(math.radians(30 + 60 * i)),
        )
        for i in range(6)
    ]
    width = max(1, round(s * 0.018))
    pygame.draw.polygon(image, line, hexagon, width)
    for x, y in hexagon:
        ex = c + (x - c) / 0.42 * 0.86
        ey = c + (y - c) / 0.42 * 0.86
        pygame.draw.line(image, line, (x, y), (ex, ey), width)
    glow = pygame.Surface((size, size), pygame.SRCALPHA)
    light = mix(colour, (255, 255, 255), 0.45)
    pygame.draw.aacircle(glow, (*light, 90), (c - shell * 0.3, c - shell * 0.32), shell * 0.42)
    image.blit(pygame.transform.gaussian_blur(glow, max(1, size // 24)), (0, 0))
    return image


@lru_cache(maxsize=128)
def _turned(colour: Colour, skin: Colour, size: int, angle: int, scale100: int, theme: str) -> pygame.Surface:
    sprite = turtle_sprite(colour, skin, size)
    return pygame.transform.rotozoom(sprite, -angle, scale100 / 100)


def turtle(
    surface: pygame.Surface,
    colour: Colour,
    skin: Colour,
    center: Point,
    size: float,
    angle: float,
    initial: str,
    font: pygame.font.Font,
    alpha: float = 1.0,
    scale: float = 1.0,
) -> None:
    """A turtle at `center` turned `angle` degrees clockwise from north, with its initial on the
    shell (kept upright so it stays readable)."""
    if alpha <= 0.02 or scale <= 0.02:
        return
    image = _turned(colour, skin, max(4, round(size)), round(angle) % 360, round(scale * 100), _theme())
    if alpha < 1.0:
        image = image.copy()
        image.set_alpha(round(alpha * 255))
    surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))
    if initial and scale > 0.6 and alpha > 0.5:
        text = font.render(initial, True, (250, 250, 245))
        if alpha < 1.0:
            text.set_alpha(round(alpha * 255))
        surface.blit(text, text.get_rect(center=(round(center[0]), round(center[1]))))


# ----- jewels and walls -------------------------------------------------------------------------
@lru_cache(maxsize=16)
def _drawn_jewel(colour: Colour, size: int) -> pygame.Surface:
    """A cut gem: a flat table on top, the girdle, the pavilion down to a point."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    s = size

    def at(x: float, y: float) -> Point:
        return (c + x * s, c + y * s)

    outline = [at(-0.17, -0.22), at(0.17, -0.22), at(0.32, -0.06), at(0, 0.32), at(-0.32, -0.06)]
    pygame.draw.polygon(image, (0, 0, 0, 70), [(x + 2, y + 3) for x, y in outline])
    pygame.draw.polygon(image, mix(colour, (0, 0, 0), 0.25), outline)
    pygame.draw.polygon(
        image,
        mix(colour, (255, 255, 255), 0.45),
        [at(-0.17, -0.22), at(0.17, -0.22), at(0.1, -0.06), at(-0.1, -0.06)],
    )
    pygame.draw.polygon(image, colour, [at(-0.1, -0.06), at(0.1, -0.06), at(0, 0.32)])
    pygame.draw.polygon(
        image, mix(colour, (255, 255, 255), 0.2), [at(-0.32, -0.06), at(-0.1, -0.06), at(0, 0.32)]
    )
    edge = mix(colour, (0, 0, 0), 0.5)
    width = max(1, round(s * 0.02))
    pygame.draw.polygon(image, edge, outline, width)
    pygame.draw.line(image, edge, at(-0.32, -0.06), at(0.32, -0.06), width)
    for x in (-0.1, 0.1):
        pygame.draw.line(image, edge, at(x, -0.06), at(0, 0.32), width)
    sparkle = at(-0.06, -0.16)
    pygame.draw.aacircle(image, (255, 255, 255), sparkle, max(1.0, s * 0.03))
    return image


@lru_cache(maxsize=16)
def _drawn_stone(colour: Colour, size: int) -> pygame.Surface:
    """A block of stone bricks."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    inset = max(1, round(size * 0.05))
    rect = pygame.Rect(inset, inset, size - 2 * inset, size - 2 * inset)
    radius = max(2, round(size * 0.08))
    pygame.draw.rect(image, mix(colour, (0, 0, 0), 0.35), rect.move(1, 2), border_radius=radius)
    pygame.draw.rect(image, colour, rect, border_radius=radius)
    mortar = mix(colour, (0, 0, 0), 0.3)
    width = max(1, round(size * 0.03))
    rows = 3
    for r in range(1, rows):
        y = rect.top + rect.height * r / rows
        pygame.draw.line(image, mortar, (rect.left, y), (rect.right - 1, y), width)
    for r in range(rows):
        y0 = rect.top + rect.height * r / rows
        y1 = rect.top + rect.height * (r + 1) / rows
        joints = (0.5,) if r % 2 == 0 else (0.25, 0.75)
        for j in joints:
            x = rect.left + rect.width * j
            pygame.draw.line(image, mortar, (x, y0), (x, y1), width)
    pygame.draw.line(
        image,
        mix(colour, (255, 255, 255), 0.3),
        (rect.left + radius, rect.top + 1),
        (rect.right - radius, rect.top + 1),
    )
    return image


@lru_cache(maxsize=16)
def _drawn_ice(colour: Colour, size: int) -> pygame.Surface:
    """A block of ice: pale, glinting, with a crystal in it."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    inset = max(1, round(size * 0.05))
    rect = pygame.Rect(inset, inset, size - 2 * inset, size - 2 * inset)
    radius = max(2, round(size * 0.12))
    pygame.draw.rect(image, (*mix(colour, (40, 90, 120), 0.4), 255), rect.move(1, 2), border_radius=radius)
    pygame.draw.rect(image, (*colour, 235), rect, border_radius=radius)
    pygame.draw.rect(image, mix(colour, (255, 255, 255), 0.7), rect, max(1, round(size * 0.03)), radius)
    c = size / 2
    arm = size * 0.22
    crystal = mix(colour, (60, 120, 160), 0.55)
    width = max(1, round(size * 0.03))
    for k in range(3):
        a = math.radians(90 + 60 * k)
        dx, dy = math.cos(a) * arm, math.sin(a) * arm
        pygame.draw.line(image, crystal, (c - dx, c - dy), (c + dx, c + dy), width)
    glint = (255, 255, 255)
    pygame.draw.line(
        image,
        glint,
        (rect.left + size * 0.14, rect.top + size * 0.34),
        (rect.left + size * 0.34, rect.top + size * 0.14),
        width + 1,
    )
    return image


# ----- cards ------------------------------------------------------------------------------------
def card_colour(colours: TurtlesColours, card: Card) -> Colour:
    return colours.cards[int(card)] if card is not Card.UNKNOWN else colours.card_back


def _thick_path(image: pygame.Surface, colour: Colour, points: list[Point], width: float) -> None:
    w = max(2, round(width))
    pygame.draw.lines(image, colour, False, points, w)
    for p in (points[0], *points[1:-1]):
        pygame.draw.aacircle(image, colour, p, w / 2)


def _pictogram(image: pygame.Surface, card: Card, ink: Colour, box: pygame.Rect) -> None:
    cx, cy = box.center
    s = min(box.width, box.height)
    if card is Card.FORWARD:
        _thick_path(image, ink, [(cx, cy + s * 0.32), (cx, cy - s * 0.08)], s * 0.16)
        pygame.draw.polygon(
            image, ink, [(cx - s * 0.26, cy - s * 0.02), (cx + s * 0.26, cy - s * 0.02), (cx, cy - s * 0.36)]
        )
    elif card in (Card.LEFT, Card.RIGHT):
        # up from the bottom, then a quarter circle bending towards the side of the turn
        side = -1 if card is Card.LEFT else 1
        r = s * 0.22
        ox = cx - side * s * 0.1
        points = [(ox, cy + s * 0.34), (ox, cy)]
        for k in range(1, 9):
            a = math.radians(90 * k / 8)
            points.append((ox + side * r * (1 - math.cos(a)), cy - r * math.sin(a)))
        _thick_path(image, ink, points, s * 0.15)
        tip_x = ox + side * (r + s * 0.22)
        y = cy - r
        pygame.draw.polygon(
            image,
            ink,
            [(tip_x, y), (tip_x - side * s * 0.22, y - s * 0.22), (tip_x - side * s * 0.22, y + s * 0.22)],
        )
    elif card is Card.LASER:
        bolt = [(0.08, -0.4), (-0.22, 0.04), (-0.02, 0.04), (-0.1, 0.4), (0.22, -0.06), (0.02, -0.06)]
        pygame.draw.polygon(image, ink, [(cx + x * s, cy + y * s) for x, y in bolt])


def _drawn_card_face(
    card: Card, size: tuple[int, int], colours: TurtlesColours, font: pygame.font.Font
) -> pygame.Surface:
    """A program card face up: its colour, a pictogram and its letter in the corner (the
    player's language's: A for "avancer" in French)."""
    return _card_face(card, card_letter(card), size, colours, font)


@lru_cache(maxsize=64)
def _card_face(
    card: Card, shown: str, size: tuple[int, int], colours: TurtlesColours, font: pygame.font.Font
) -> pygame.Surface:
    w, h = size
    image = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, round(w * 0.14))
    rect = image.get_rect()
    pygame.draw.rect(image, colours.card_paper, rect, border_radius=radius)
    border = max(2, round(w * 0.07))
    fill = card_colour(colours, card)
    inner = rect.inflate(-2 * border, -2 * border)
    pygame.draw.rect(image, fill, inner, border_radius=max(2, radius - border))
    ink = (34, 30, 24) if card is Card.LEFT else (250, 248, 240)
    _pictogram(image, card, ink, inner.inflate(-round(w * 0.12), -round(h * 0.2)).move(0, round(h * 0.05)))
    letter = font.render(shown, True, ink)
    image.blit(letter, letter.get_rect(topleft=(inner.left + max(2, round(w * 0.07)), inner.top + 1)))
    return image


@lru_cache(maxsize=32)
def _drawn_card_back(size: tuple[int, int], colours: TurtlesColours, owner: Colour | None) -> pygame.Surface:
    """A program card face down: a shell pattern on the back, edged in its owner's colour."""
    w = size[0]
    image = pygame.Surface(size, pygame.SRCALPHA)
    rect = image.get_rect()
    radius = max(3, round(w * 0.14))
    edge = owner if owner is not None else mix(colours.card_back, (255, 255, 255), 0.3)
    pygame.draw.rect(image, edge, rect, border_radius=radius)
    border = max(2, round(w * 0.07))
    inner = rect.inflate(-2 * border, -2 * border)
    pygame.draw.rect(image, colours.card_back, inner, border_radius=max(2, radius - border))
    line = mix(colours.card_back, (255, 255, 255), 0.18)
    c = inner.center
    r = min(inner.width, inner.height) * 0.3
    hexagon = [
        (c[0] + r * math.cos(math.radians(30 + 60 * i)), c[1] + r * math.sin(math.radians(30 + 60 * i)))
        for i in range(6)
    ]
    pygame.draw.polygon(image, line, hexagon, max(1, round(w * 0.04)))
    pygame.draw.aacircle(image, line, c, r * 0.35)
    return image


@lru_cache(maxsize=16)
def _drawn_bug_card(size: tuple[int, int], colours: TurtlesColours) -> pygame.Surface:
    """The Bug card: a beetle on green."""
    w = size[0]
    image = pygame.Surface(size, pygame.SRCALPHA)
    rect = image.get_rect()
    radius = max(3, round(w * 0.14))
    pygame.draw.rect(image, colours.card_paper, rect, border_radius=radius)
    border = max(2, round(w * 0.07))
    inner = rect.inflate(-2 * border, -2 * border)
    pygame.draw.rect(image, colours.bug, inner, border_radius=max(2, radius - border))
    cx, cy = inner.center
    s = min(inner.width, inner.height)
    ink = (28, 30, 24)
    width = max(1, round(s * 0.05))
    for dy in (-0.12, 0.02, 0.16):
        for side in (-1, 1):
            pygame.draw.line(
                image, ink, (cx, cy + dy * s), (cx + side * s * 0.36, cy + (dy + 0.05) * s), width
            )
    for side in (-1, 1):
        pygame.draw.line(image, ink, (cx, cy - s * 0.25), (cx + side * s * 0.18, cy - s * 0.42), width)
    body = pygame.Rect(0, 0, round(s * 0.42), round(s * 0.56))
    body.center = (cx, round(cy + s * 0.04))
    pygame.draw.ellipse(image, ink, body)
    pygame.draw.aacircle(image, ink, (cx, cy - s * 0.26), s * 0.11)
    pygame.draw.line(image, colours.bug, (cx, body.top + 2), (cx, body.bottom - 2), width)
    return image


@lru_cache(maxsize=32)
def seat_badge(colour: Colour, size: tuple[int, int]) -> pygame.Surface:
    """The rounded tag of a seat's colour that carries its initial (drawn on it as text, the
    letter its turtle wears): who, where a line has no room for the name."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    rect = image.get_rect()
    radius = max(3, size[1] // 3)
    pygame.draw.rect(image, mix(colour, (0, 0, 0), 0.35), rect, border_radius=radius)
    pygame.draw.rect(image, colour, rect.inflate(-2, -2), border_radius=radius - 1)
    return image


def melt(surface: pygame.Surface, sprite: pygame.Surface, center: Point, amount: float) -> None:
    """Ice melting: the block shrinks towards the ground and fades (`amount` 0 → 1)."""
    if amount >= 1:
        return
    w, h = sprite.get_size()
    image = pygame.transform.smoothscale(sprite, (w, max(1, round(h * (1 - 0.6 * amount)))))
    image.set_alpha(round(255 * (1 - amount)))
    rect = image.get_rect(midbottom=(round(center[0]), round(center[1] + h / 2)))
    surface.blit(image, rect)


def scaled(
    sprite: pygame.Surface, center: Point, scale: float, alpha: float
) -> tuple[pygame.Surface, pygame.Rect]:
    """`sprite` grown or shrunk by `scale` and faded to `alpha`, and where to blit it."""
    w, h = sprite.get_size()
    image = pygame.transform.smoothscale(sprite, (max(1, round(w * scale)), max(1, round(h * scale))))
    image.set_alpha(round(255 * max(0.0, min(1.0, alpha))))
    return image, image.get_rect(center=(round(center[0]), round(center[1])))


# ----- the pictures a theme may give (`kits.window.piece_art`) ---------------------------------------
TURTLE_KEYS = ("turtle-1", "turtle-2", "turtle-3", "turtle-4")
CARD_KEYS = {
    Card.FORWARD: "card-forward",
    Card.LEFT: "card-left",
    Card.RIGHT: "card-right",
    Card.LASER: "card-laser",
}
KEYS = (*TURTLE_KEYS, "jewel", "stone", "ice", *CARD_KEYS.values(), "card-back", "card-bug")
#: a card's width for its height
CARD_SHAPE = 0.72

#: the theme's pictures the sprites below ask first (the board sets them before drawing: `use_art`)
_art: piece_art.ThemeArt | None = None
_turtle_keys: dict[Colour, str] = {}


def use_art(art: piece_art.ThemeArt | None, colours: TurtlesColours) -> None:
    """Draw with `art`'s pictures from now on, where it has them (None: as drawn in code); the
    turtles are told apart by `colours`."""
    global _art
    _art = art
    _turtle_keys.clear()
    _turtle_keys.update({colour: key for colour, key in zip(colours.turtles, TURTLE_KEYS, strict=True)})


def _theme() -> str:
    return _art.theme if _art is not None else ""


def _square(key: str | None, size: int) -> pygame.Surface | None:
    return _art.sprite(key, size) if _art is not None and key is not None else None


def _card(key: str, size: tuple[int, int]) -> pygame.Surface | None:
    """A card's picture from the theme: the middle of its square cell, as wide as the card."""
    if _art is None:
        return None
    w, h = size
    side = max(w, h)
    image = _art.sprite(key, side)
    if image is None:
        return None
    return image.subsurface(pygame.Rect((side - w) // 2, (side - h) // 2, w, h)).copy()


def turtle_sprite(colour: Colour, skin: Colour, size: int) -> pygame.Surface:
    """A turtle seen from above, head up (north), filling a `size`-pixel square."""
    return _square(_turtle_keys.get(colour), size) or _drawn_turtle(colour, skin, size)


def jewel_sprite(colour: Colour, size: int) -> pygame.Surface:
    return _square("jewel", size) or _drawn_jewel(colour, size)


def stone_sprite(colour: Colour, size: int) -> pygame.Surface:
    return _square("stone", size) or _drawn_stone(colour, size)


def ice_sprite(colour: Colour, size: int) -> pygame.Surface:
    return _square("ice", size) or _drawn_ice(colour, size)


def card_face(
    card: Card, size: tuple[int, int], colours: TurtlesColours, font: pygame.font.Font
) -> pygame.Surface:
    key = CARD_KEYS.get(card)
    return (_card(key, size) if key is not None else None) or _drawn_card_face(card, size, colours, font)


def card_back(size: tuple[int, int], colours: TurtlesColours, owner: Colour | None) -> pygame.Surface:
    return _card("card-back", size) or _drawn_card_back(size, colours, owner)


def bug_card(size: tuple[int, int], colours: TurtlesColours) -> pygame.Surface:
    return _card("card-bug", size) or _drawn_bug_card(size, colours)


def catalogue(colours: TurtlesColours) -> piece_art.ArtCatalogue:
    """Every picture a theme may give, drawn in code for a sheet."""

    def drawn(key: str, side: int) -> pygame.Surface:
        if key in TURTLE_KEYS:
            return _drawn_turtle(colours.turtles[TURTLE_KEYS.index(key)], colours.skin, side)
        if key == "jewel":
            return _drawn_jewel(colours.jewel, side)
        if key == "stone":
            return _drawn_stone(colours.stone, side)
        if key == "ice":
            return _drawn_ice(colours.ice, side)
        size = (round(side * CARD_SHAPE), side)
        if key == "card-back":
            card = _drawn_card_back(size, colours, None)
        elif key == "card-bug":
            card = _drawn_bug_card(size, colours)
        else:
            which = next(c for c, k in CARD_KEYS.items() if k == key)
            card = _drawn_card_face(which, size, colours, font(max(8, round(side * 0.2)), True))
        image = pygame.Surface((side, side), pygame.SRCALPHA)
        image.blit(card, card.get_rect(center=(side // 2, side // 2)))
        return image

    return piece_art.ArtCatalogue("turtles", KEYS, drawn)


__all__ = [
    "FACING_ANGLE",
    "THEMED_COLOURS",
    "TurtlesColours",
    "board_picture",
    "bug_card",
    "card_back",
    "card_colour",
    "card_face",
    "ice_sprite",
    "jewel_sprite",
    "melt",
    "scaled",
    "seat_badge",
    "stone_sprite",
    "turtle",
    "turtle_sprite",
]
