"""The one font family of the GUI (the Noto Sans that pygame_gui ships), at the theme's three sizes."""

from __future__ import annotations

from functools import cache
from importlib import resources

import pygame

from ludoteca.kits.window.theme import Sizes


@cache
def _font_path(bold: bool) -> str:
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return str(resources.files("pygame_gui.data").joinpath(name))


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    return pygame.font.Font(_font_path(bold), size)


class Fonts:
    """`title`, `body` and `small`, each also in bold; board labels use `small` or `body`."""

    def __init__(self, sizes: Sizes) -> None:
        self.sizes = sizes
        self.title = font(sizes.title, True)
        self.body = font(sizes.body)
        self.body_bold = font(sizes.body, True)
        self.small = font(sizes.small)
        self.small_bold = font(sizes.small, True)
