"""Small drawing helpers shared by the screens and the renderers: text, cards, discs, symbols."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from ludoteca.kits.window import fit
from ludoteca.kits.window.theme import Colour, mix

Point = tuple[float, float]


# ----- text -------------------------------------------------------------------------------------
#: arrows the window's one font family cannot draw (Noto Sans has none) but games' sentences use
#: ("j1→j4 reflects W"): drawn as lines in the room the font gives the missing character, pointing
#: right (1) or left (-1), so that measuring a text with `font.size` still tells where it ends
DRAWN_ARROWS = {"→": 1, "←": -1}
#: a character no font of ours has (from Unicode's private use area): what "missing" looks like
_NO_GLYPH = "\ue000"


@lru_cache(maxsize=64)
def _lacks(font: pygame.font.Font, char: str) -> bool:
    return font.metrics(char) == font.metrics(_NO_GLYPH)


def lacks(font: pygame.font.Font, char: str) -> bool:
    """Whether `font` has no glyph for `char` (it would draw the "missing" box)."""
    return _lacks(font, char)


def render(font: pygame.font.Font, content: str, colour: Colour) -> pygame.Surface:
    """`content` rendered antialiased, with the arrows `font` lacks drawn instead of empty boxes."""
    missing = [char for char in DRAWN_ARROWS if char in content and _lacks(font, char)]
    if not missing:
        return font.render(content, True, colour)
    image = pygame.Surface(font.size(content), pygame.SRCALPHA)
    start = 0
    for index, char in enumerate(content):
        if char not in missing:
            continue
        if index > start:
            image.blit(font.render(content[start:index], True, colour), (font.size(content[:start])[0], 0))
        left, right = font.size(content[:index])[0], font.size(content[: index + 1])[0]
        image.blit(_arrow_glyph(font, right - left, DRAWN_ARROWS[char], colour), (left, 0))
        start = index + 1
    if start < len(content):
        image.blit(font.render(content[start:], True, colour), (font.size(content[:start])[0], 0))
    return image


@lru_cache(maxsize=64)
def _arrow_glyph(font: pygame.font.Font, width: int, direction: int, colour: Colour) -> pygame.Surface:
    """An arrow as wide as the room `font` gives a missing character, at the height of its "-"
    and as thick as its strokes; drawn four times larger, then smoothed down (antialiased)."""
    scale = 4
    height = font.get_height()
    hyphen = font.metrics("-")[0]
    ascent = font.get_ascent()
    low, high = (hyphen[2], hyphen[3]) if hyphen is not None else (ascent * 0.27, ascent * 0.34)
    middle = (ascent - (low + high) / 2) * scale
    stroke = max(1.0, high - low) * scale  # the hyphen's own thickness
    big = pygame.Surface((max(1, width) * scale, height * scale), pygame.SRCALPHA)
    side = width * scale * 0.12  # bearings, as a glyph has: the spaces round it stay visible
    tail, tip = side, width * scale - side
    head = min((tip - tail) * 0.5, ascent * scale * 0.3)
    shaft = pygame.Rect(
        round(tail), round(middle - stroke / 2), round(tip - head * 0.5 - tail), round(stroke)
    )
    pygame.draw.rect(big, colour, shaft)
    pygame.draw.polygon(
        big, colour, [(tip, middle), (tip - head, middle - head * 0.8), (tip - head, middle + head * 0.8)]
    )
    image = pygame.transform.smoothscale(big, (max(1, width), height))
    return pygame.transform.flip(image, True, False) if direction < 0 else image


def text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    content: str,
    colour: Colour,
    pos: Point,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Blit `content` with its `anchor` ("center", "midleft", …) at `pos`; returns the rect drawn."""
    image = render(font, content, colour)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    fit.drawn(surface, content, rect)
    return rect


def wrap(font: pygame.font.Font, content: str, width: int) -> list[str]:
    """Break `content` into lines no wider than `width` (words longer than a line stay whole)."""
    lines: list[str] = []
    for paragraph in content.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and font.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
            if font.size(word)[0] > width:
                fit.misfit(word, "is a word wider than its line", font.size(word)[0], width)
        lines.append(line)
    return lines


def ellipsize(font: pygame.font.Font, content: str, width: int, *, may_cut: bool = False) -> str:
    """`content` cut with "…" to fit `width`; the cut is found by halving, as the status bar
    measures long sentences every frame. Only a name a player typed or a move in notation
    (`may_cut`) should ever lose its end: our own words wrap or take a smaller font instead, and
    the fit test reports any that is cut."""
    if font.size(content)[0] <= width:
        return content
    if not may_cut:
        fit.misfit(content, "is cut", font.size(content)[0], width)
    fits, too_long = 0, len(content)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if font.size(content[:middle] + "…")[0] <= width:
            fits = middle
        else:
            too_long = middle
    return content[:fits] + "…"


def paragraph(
    surface: pygame.Surface,
    font: pygame.font.Font,
    content: str,
    colour: Colour,
    rect: pygame.Rect,
    line_gap: int = 2,
) -> int:
    """Wrapped text inside `rect` (lines that do not fit are dropped); returns the height used."""
    y = rect.top
    step = font.get_linesize() + line_gap
    lines = wrap(font, content, rect.width)
    for index, line in enumerate(lines):
        if y + step > rect.bottom + line_gap:
            dropped = " ".join(lines[index:])
            fit.misfit(dropped, "is dropped: no room for its lines", len(lines) * step, rect.height)
            break
        text(surface, font, line, colour, (rect.left, y))
        y += step
    return y - rect.top


def lines_height(font: pygame.font.Font, count: int, line_gap: int = 2) -> int:
    """The height `paragraph` takes for `count` lines."""
    return count * (font.get_linesize() + line_gap)


def fitting(
    fonts: Sequence[pygame.font.Font], content: str, width: int, height: int, line_gap: int = 2
) -> tuple[pygame.font.Font, list[str]]:
    """The first of `fonts` (largest first) in which `content` wraps into `width` × `height`, with
    its lines; the last font's lines when none does (then `paragraph` reports what it drops)."""
    for font in fonts:
        lines = _quiet_wrap(font, content, width)
        if lines_height(font, len(lines), line_gap) <= height + line_gap and all(
            font.size(line)[0] <= width for line in lines
        ):
            return font, lines
    return fonts[-1], wrap(fonts[-1], content, width)


def fits(fonts: Sequence[pygame.font.Font], content: str, width: int, height: int, line_gap: int = 2) -> bool:
    """Whether `content` wraps into `width` × `height` in one of `fonts`."""
    font, lines = fitting(fonts, content, width, height, line_gap)
    return lines_height(font, len(lines), line_gap) <= height + line_gap and all(
        font.size(line)[0] <= width for line in lines
    )


def _quiet_wrap(font: pygame.font.Font, content: str, width: int) -> list[str]:
    """`wrap` for trying a font out: a word too wide here is no problem if a smaller font fits.
    Remembered, as the status bar tries the same sentence every frame."""
    return list(_remembered_wrap(font, content, width))


@lru_cache(maxsize=256)
def _remembered_wrap(font: pygame.font.Font, content: str, width: int) -> tuple[str, ...]:
    with fit.paused():
        return tuple(wrap(font, content, width))


def block(
    surface: pygame.Surface,
    fonts: Sequence[pygame.font.Font],
    content: str,
    colour: Colour,
    rect: pygame.Rect,
    line_gap: int = 2,
    *,
    middle: bool = False,
) -> int:
    """`content` in the largest of `fonts` whose lines fit `rect` (wrapping, then a smaller
    font), at the top of `rect` or centred in its height (`middle`); returns the height used."""
    with fit.paused():
        font, lines = fitting(fonts, content, rect.width, rect.height, line_gap)
    used = lines_height(font, len(lines), line_gap) - line_gap
    top = rect.top + max(0, (rect.height - used) // 2) if middle else rect.top
    return paragraph(
        surface,
        font,
        "\n".join(lines),
        colour,
        pygame.Rect(rect.left, top, rect.width, rect.bottom - top),
        line_gap,
    )


def sentence(content: str) -> str:
    """A message shown on its own, as a sentence: a capital first letter and a full stop. The
    rules' reasons ("column 4 is full") are written to follow "Not played: " in the terminal.
    A message that opens with notation ("a1", "c3-f7") keeps it as written: such messages are
    worded to open with a word instead."""
    content = content.strip()
    if not content:
        return content
    first = content.split(" ", 1)[0]
    if first.isalpha():
        content = content[0].upper() + content[1:]
    return content if content[-1] in ".!?…:" else content + "."


# ----- shapes -----------------------------------------------------------------------------------
def card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: Colour,
    edge: Colour | None = None,
    radius: int = 8,
    shadow: Colour | None = None,
) -> None:
    """A rounded panel with an optional soft shadow below it."""
    if shadow is not None:
        surface.blit(_shadow(rect.width, rect.height, radius, shadow), rect.move(-8, -4))
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width=1, border_radius=radius)


@lru_cache(maxsize=64)
def _shadow(width: int, height: int, radius: int, colour: Colour) -> pygame.Surface:
    pad = 16
    image = pygame.Surface((width + pad, height + pad), pygame.SRCALPHA)
    pygame.draw.rect(image, (*colour, 120), (pad // 2, pad // 2 + 4, width, height), border_radius=radius)
    return pygame.transform.gaussian_blur(image, 6)


def disc(surface: pygame.Surface, colour: Colour, center: Point, radius: float) -> None:
    """A shaded, antialiased disc (sprites are cached per colour and size)."""
    r = max(1, round(radius))
    image = disc_sprite(colour, r)
    surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))


@lru_cache(maxsize=256)
def disc_sprite(colour: Colour, radius: int) -> pygame.Surface:
    size = radius * 2 + 4
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    dark = mix(colour, (0, 0, 0), 0.35)
    light = mix(colour, (255, 255, 255), 0.28)
    pygame.draw.aacircle(image, (0, 0, 0, 70), (c + 1, c + 2), radius)
    pygame.draw.aacircle(image, dark, (c, c), radius)
    pygame.draw.aacircle(image, colour, (c, c), radius * 0.86)
    # a soft highlight towards the top left, as if lit from above
    glow = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.aacircle(glow, (*light, 110), (c - radius * 0.22, c - radius * 0.26), radius * 0.5)
    image.blit(pygame.transform.gaussian_blur(glow, max(1, radius // 5)), (0, 0))
    return image


def ring(surface: pygame.Surface, colour: Colour, center: Point, radius: float, width: int = 3) -> None:
    pygame.draw.aacircle(surface, colour, (round(center[0]), round(center[1])), round(radius), width)


def soft_dot(surface: pygame.Surface, colour: Colour, center: Point, radius: float, alpha: int = 110) -> None:
    image = _dot(colour, max(2, round(radius)), alpha)
    surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))


@lru_cache(maxsize=64)
def _dot(colour: Colour, radius: int, alpha: int) -> pygame.Surface:
    image = pygame.Surface((radius * 2 + 2, radius * 2 + 2), pygame.SRCALPHA)
    pygame.draw.aacircle(image, (*colour, alpha), (radius + 1, radius + 1), radius)
    return image


def translucent_rect(
    surface: pygame.Surface, colour: Colour, rect: pygame.Rect, alpha: int, radius: int = 0
) -> None:
    image = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(image, (*colour, alpha), image.get_rect(), border_radius=radius)
    surface.blit(image, rect)


def outline(
    surface: pygame.Surface, colour: Colour, rect: pygame.Rect, width: int = 3, radius: int = 6
) -> None:
    pygame.draw.rect(surface, colour, rect, width=width, border_radius=radius)


# ----- symbols (colour-blind help) --------------------------------------------------------------
def symbol(surface: pygame.Surface, index: int, colour: Colour, center: Point, size: float) -> None:
    """One of nine simple shapes, so colours can be told apart without seeing them."""
    x, y = center
    s = size
    kind = index % 9
    if kind == 0:  # circle
        pygame.draw.aacircle(surface, colour, (x, y), s * 0.45, max(2, round(s * 0.16)))
    elif kind == 1:  # square
        side = s * 0.78
        pygame.draw.rect(surface, colour, (x - side / 2, y - side / 2, side, side))
    elif kind == 2:  # triangle
        pygame.draw.polygon(surface, colour, _regular(x, y + s * 0.1, s * 0.55, 3, -90))
    elif kind == 3:  # diamond
        pygame.draw.polygon(surface, colour, _regular(x, y, s * 0.55, 4, -90))
    elif kind == 4:  # star
        pygame.draw.polygon(surface, colour, _star(x, y, s * 0.58, s * 0.25, 5))
    elif kind == 5:  # cross
        w = max(2, round(s * 0.22))
        pygame.draw.rect(surface, colour, (x - w / 2, y - s * 0.45, w, s * 0.9))
        pygame.draw.rect(surface, colour, (x - s * 0.45, y - w / 2, s * 0.9, w))
    elif kind == 6:  # hexagon
        pygame.draw.polygon(surface, colour, _regular(x, y, s * 0.5, 6, 0))
    elif kind == 7:  # bars
        w = max(2, round(s * 0.18))
        for dx in (-s * 0.25, s * 0.25):
            pygame.draw.rect(surface, colour, (x + dx - w / 2, y - s * 0.4, w, s * 0.8))
    else:  # dot
        pygame.draw.aacircle(surface, colour, (x, y), s * 0.2)


def _regular(x: float, y: float, r: float, sides: int, start: float) -> list[Point]:
    return [
        (
            x + r * math.cos(math.radians(start + i * 360 / sides)),
            y + r * math.sin(math.radians(start + i * 360 / sides)),
        )
        for i in range(sides)
    ]


def _star(x: float, y: float, outer: float, inner: float, points: int) -> list[Point]:
    out: list[Point] = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        angle = math.radians(-90 + i * 180 / points)
        out.append((x + r * math.cos(angle), y + r * math.sin(angle)))
    return out


def contrast_on(colour: Colour) -> Colour:
    """Black or white, whichever reads better on `colour`."""
    luminance = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    return (20, 20, 20) if luminance > 140 else (245, 245, 245)
