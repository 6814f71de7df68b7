"""The small drawing helpers every screen uses."""

from __future__ import annotations

from itertools import pairwise

from .conftest import Driver


def test_ellipsize_keeps_the_longest_beginning_that_fits(driver: Driver) -> None:
    from ludoteca.kits.window.draw import ellipsize

    font = driver.app.fonts.body
    sentence = "Player 2 placed 3 tiles (fjR2 gjR1 hjR5) for 19 points (3+12+4); total 38. Qwirkle!"
    assert ellipsize(font, sentence, 10_000) == sentence
    for width in (0, 40, 200, 400, font.size(sentence)[0] - 1):
        cut = ellipsize(font, sentence, width)
        kept = cut[:-1]
        assert cut.endswith("…") and sentence.startswith(kept)
        assert font.size(cut)[0] <= width or kept == ""
        if len(kept) < len(sentence):  # one more letter would not fit
            assert font.size(sentence[: len(kept) + 1] + "…")[0] > width


def test_the_table_fades_without_bands(driver: Driver) -> None:
    """Stretched to a large window, the background's few levels of colour must not show as
    stripes: averaged over small patches it changes a fraction of a level from one patch to the
    next, and every pixel is within a level of the smooth fade."""
    from ludoteca.kits.window.theme import THEMES, mix
    from ludoteca.shells.window.backdrop import table

    width, height = 1920, 1080
    for theme in THEMES.values():
        base, glow = theme.colours.background, theme.colours.background_glow
        image = table((width, height), base, glow)
        y0 = height // 2 - 4
        patches = []
        for x0 in range(width // 10, width * 9 // 10, 8):
            pixels = [image.get_at((x, y)) for x in range(x0, x0 + 8) for y in range(y0, y0 + 8)]
            patches.append([sum(p[k] for p in pixels) / len(pixels) for k in range(3)])
            middle = (x0 + 4 - width / 2) / (width / 2)
            ideal = mix(glow, base, abs(middle))
            assert all(abs(patches[-1][k] - ideal[k]) <= 1.0 for k in range(3)), (theme.key, x0)
        steps = [max(abs(a[k] - b[k]) for k in range(3)) for a, b in pairwise(patches)]
        assert max(steps) < 0.5, theme.key
