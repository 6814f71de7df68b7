"""Every label, button and line of every screen and dialog fits — wrapped or in a smaller font,
never cut — at the smallest useful window, the default one and a large one, in English and in
French (issue 16). Only a player's own name (or a move in notation) may end in "…".

The tour is `fit_walk.tour`; what counts as not fitting is measured by the window kit's watch
(`kits/window/fit.py`: each text drawn, its box, every cut) and by `shells/window/fitcheck.py`
(each widget's label against the widget's own font and size).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.i18n import set_language
from ludoteca.shells.window.routes import open_app
from ludoteca.store import Store

from .conftest import SHOTS
from .fit_walk import tour

SIZES = ((800, 600), (1280, 800), (1920, 1080))


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("language", ("en", "fr"))
def test_every_text_of_every_screen_fits(language: str, size: tuple[int, int], tmp_path: Path) -> None:
    shots = None
    if SHOTS is not None:
        shots = SHOTS / f"fit-{language}-{size[0]}x{size[1]}"
        shots.mkdir(parents=True, exist_ok=True)
    with Store(tmp_path / "fit.sqlite3") as store:
        store.set_setting("language", language)
        app = open_app(store, size, speed=0, sound=False)
        try:
            visited = tour(app, shots)
        finally:
            app.screen.leave()
            set_language("en")
    problems = visited.problems()
    assert not problems, f"{len(problems)} texts do not fit:\n" + "\n".join(problems)
    assert len(visited.stops) > 50  # the tour did go everywhere


def test_the_watch_sees_a_cut_word_a_dropped_line_and_a_label_too_long_for_its_button(
    tmp_path: Path,
) -> None:
    """The check itself: each way of not fitting is reported (so a clean tour means something)."""
    import pygame

    from ludoteca.kits.window import draw
    from ludoteca.shells.window import fitcheck
    from ludoteca.shells.window.widgets import button

    with Store(tmp_path / "watch.sqlite3") as store:
        app = open_app(store, (800, 600), speed=0, sound=False)
        screen = app.screen
        fonts = app.fonts
        sentence = "A sentence of our own that is much too long for the little room it is given"
        drawn = type(screen).draw

        def crowded(surface: pygame.Surface) -> None:
            drawn(screen, surface)
            draw.text(
                surface, fonts.body, draw.ellipsize(fonts.body, sentence, 120), (255, 255, 255), (10, 10)
            )
            draw.paragraph(surface, fonts.body, sentence, (255, 255, 255), pygame.Rect(10, 40, 200, 30))
            name = draw.ellipsize(fonts.body, "Maximilienne-Guinevere Z.", 80, may_cut=True)
            draw.text(surface, fonts.body, name, (255, 255, 255), (10, 80))

        screen.draw = crowded  # type: ignore[method-assign]
        button(app, app.manager, pygame.Rect(600, 500, 60, 30), "Leave without saving", lambda: None)
        found = "\n".join(fitcheck.problems(app))
        app.screen.leave()
    assert "is cut" in found and sentence in found
    assert "is dropped" in found
    assert "UIButton('Leave without saving') is too small" in found
    assert "Maximilienne" not in found  # a player's name may lose its end
