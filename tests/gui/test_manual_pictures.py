"""The user manual's pictures are current: drawn again (`python -m
ludoteca.shells.window.manual_pictures --out DIR`, in a process of its own, as a person runs it),
each matches the committed PNG within a small tolerance.

The pixels depend on the libraries that draw them (SDL, FreeType drawing the bundled Noto Sans,
pygame_gui's layout); `ludoteca/manual/pictures-drawn-with.txt` names the versions that drew the
committed pictures. With other versions, small differences are not the manual's fault: the test
is skipped, saying which versions differ and how to draw the pictures again.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from ludoteca.shells.window.manual_pictures import PICTURES, STAMP, drawn_with, manual_folder

#: a pixel differs when a channel is off by more than this
TOLERANCE = 24
#: the share of a picture's pixels that may differ (antialiasing, a different zlib…)
SHARE = 0.0005
REDRAW = "python -m ludoteca.shells.window.manual_pictures"


def differing_pixels(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels of `a` and `b` differ by more than TOLERANCE in a channel."""
    difference = a.copy()
    difference.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(a - b, 0)
    other = b.copy()
    other.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(b - a, 0)
    difference.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |a - b|
    near = pygame.mask.from_threshold(difference, (0, 0, 0, 255), (TOLERANCE + 1,) * 3 + (255,))
    return a.get_width() * a.get_height() - near.count()


def test_the_manuals_pictures_are_current(tmp_path: Path) -> None:
    committed = (manual_folder() / STAMP).read_text(encoding="utf-8")
    here = drawn_with()
    if committed != here:
        differ = sorted(set(here.splitlines()) ^ set(committed.splitlines()))
        pytest.skip(
            f"the committed pictures were drawn with other libraries ({', '.join(differ)}); "
            f"draw them again with `{REDRAW}` and look at them"
        )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-m", "ludoteca.shells.window.manual_pictures", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    stale = []
    for lang in ("en", "fr"):
        for picture in PICTURES:
            kept = manual_folder() / lang / "pictures" / f"{picture.name}.png"
            drawn = pygame.image.load(str(tmp_path / lang / f"{picture.name}.png"))
            old = pygame.image.load(str(kept))
            if old.get_size() != drawn.get_size():
                stale.append(f"{lang}/{picture.name}.png: {old.get_size()} != {drawn.get_size()}")
                continue
            count = differing_pixels(old, drawn)
            if count > SHARE * old.get_width() * old.get_height():
                stale.append(f"{lang}/{picture.name}.png: {count} pixels differ")
    assert not stale, f"the manual's pictures are not current (draw them again: {REDRAW}): {stale}"
