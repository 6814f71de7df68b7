"""The table under every screen: a calm colour, a little lighter in the middle, like a lamp over it.

The two colours of a theme are only a dozen levels apart, so a plain stretched gradient shows each
level as a band some twenty pixels wide. The gradient is therefore worked out with a few bits more
than the screen has, and those bits decide, through an ordered (Bayer) pattern, which pixels take
the next level up: the bands dissolve into a fine even grain, with pygame's whole-surface
operations only (no per-pixel Python, so a 4K window still takes a moment).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from ludoteca.kits.window.theme import Colour

#: the gradient worked out at this size, then stretched smoothly to the window
_SMALL = (64, 40)
#: a 4×4 ordered-dither pattern: each of the 16 thresholds once, spread as evenly as possible
_BAYER = ((0, 8, 2, 10), (12, 4, 14, 6), (3, 11, 1, 9), (15, 7, 13, 5))


def _extra_bits(base: Colour, glow: Colour) -> int:
    """How many times finer than a screen level the gradient can be held in 8 bits: a power of
    two (so that dividing by it is one multiplication), at most 16 (the pattern's levels)."""
    spread = max(1, *(abs(a - b) for a, b in zip(base, glow, strict=True)))
    fine = 16
    while fine > 1 and fine * spread + fine - 1 > 255:
        fine //= 2
    return fine


@lru_cache(maxsize=4)
def table(size: tuple[int, int], base: Colour, glow: Colour) -> pygame.Surface:
    """The background for a window of `size`: `glow` in the middle fading to `base` at the edges."""
    fine = _extra_bits(base, glow)
    low = tuple(min(a, b) for a, b in zip(base, glow, strict=True))
    w, h = _SMALL
    small = pygame.Surface(_SMALL)
    for y in range(h):
        for x in range(w):
            dx, dy = (x - w / 2) / (w / 2), (y - h / 2) / (h / 2)
            t = min(1.0, (dx * dx + dy * dy) ** 0.5)
            # each channel measured from its darker end, `fine` steps to a screen level
            small.set_at(
                (x, y),
                tuple(round(fine * (g + (b - g) * t - lo)) for g, b, lo in zip(glow, base, low, strict=True)),
            )
    image = pygame.transform.smoothscale(small, size)
    if fine > 1:
        # take a threshold from each pixel, then divide by `fine` rounding up: a pixel moves up a
        # level exactly when its fraction of a level beats its threshold
        image.blit(_pattern(size, fine), (0, 0), special_flags=pygame.BLEND_RGB_SUB)
        image.fill((256 // fine,) * 3, special_flags=pygame.BLEND_RGB_MULT)
    image.fill(low, special_flags=pygame.BLEND_RGB_ADD)
    return image.convert() if pygame.display.get_surface() is not None else image


def _pattern(size: tuple[int, int], fine: int) -> pygame.Surface:
    """The thresholds 0…fine-1, tiled over the whole window."""
    tile = pygame.Surface((4, 4))
    for y, row in enumerate(_BAYER):
        for x, level in enumerate(row):
            step = level * fine // 16
            tile.set_at((x, y), (step, step, step))
    strip = pygame.Surface((size[0], 4))
    for x in range(0, size[0], 4):
        strip.blit(tile, (x, 0))
    pattern = pygame.Surface(size)
    for y in range(0, size[1], 4):
        pattern.blit(strip, (0, y))
    return pattern
