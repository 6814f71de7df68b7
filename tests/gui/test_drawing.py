"""The small drawing helpers every screen uses."""

from __future__ import annotations

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
