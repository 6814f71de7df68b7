"""A QR code of a link, for a phone in the same room to open it (the web client's table).

The code itself is made by `segno`, a library made for that: encoding, error correction and
masking are a standard's worth of detail this program has no reason to write again.
"""

from __future__ import annotations

from functools import cache

import pygame


@cache
def _modules(text: str) -> tuple[tuple[bool, ...], ...]:
    import segno

    return tuple(tuple(bool(dark) for dark in row) for row in segno.make(text, error="m").matrix)


def draw_qr(surface: pygame.Surface, text: str, rect: pygame.Rect) -> pygame.Rect:
    """Draw the code of `text` as large as fits in `rect` (square modules of whole pixels, on the
    white quiet zone readers need), its top right at `rect`'s; returns the rectangle used."""
    modules = _modules(text)
    count = len(modules) + 8  # four modules of quiet zone each side
    size = max(1, min(rect.width, rect.height) // count)
    used = pygame.Rect(0, 0, size * count, size * count)
    used.topright = rect.topright
    surface.fill((255, 255, 255), used)
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), (used.left + (x + 4) * size, used.top + (y + 4) * size, size, size))
    return used
