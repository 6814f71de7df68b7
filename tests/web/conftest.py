"""The web client's tests: plain HTTP against a real server on 127.0.0.1, and a real browser
(Debian's Chromium driven by Playwright) where one is installed. `.ci/run` installs both; without
them the browser tests skip and say why."""

from __future__ import annotations

import os
import random
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from typing import Any

import pytest

from ludoteca import i18n
from ludoteca.core.registry import declarations
from tests.net.conftest import Running, club, host

# the browser helpers assert as tests do, and should say as much when they fail
pytest.register_assert_rewrite("tests.web.animations")


@dataclass(frozen=True)
class Profile:
    """A guest as the issue names them: a language and a page size (a phone is touched)."""

    lang: str
    size: tuple[int, int]
    touch: bool

    @property
    def id(self) -> str:
        return f"{self.lang}-{'phone' if self.touch else 'desktop'}"

    def words(self, msgid: str, **args: object) -> str:
        """`msgid` as the page words it in this guest's language (the program's own catalogue)."""
        singular, _plural = i18n.catalogue(self.lang)
        return (singular.get(msgid) or msgid).format(**args)

    def said(self, sentence: i18n.Sentence) -> str:
        """A server's sentence (an outcome's reason) as this guest's page words it."""
        args = {k: self.said(v) if isinstance(v, i18n.Sentence) else v for k, v in sentence.args.items()}
        return self.words(sentence.msgid, **args)

    def open(self, browser: Any, url: str) -> Any:
        """A fresh browser context for this guest, on `url`."""
        context = browser.new_context(
            viewport={"width": self.size[0], "height": self.size[1]},
            locale="fr-FR" if self.lang == "fr" else "en-GB",
            has_touch=self.touch,
            is_mobile=self.touch,
        )
        page = context.new_page()
        page.goto(url)
        return page


#: every whole game in the browser is played by both: English on a desktop, French on a phone
DESKTOP_EN = Profile("en", (1440, 900), touch=False)
PHONE_FR = Profile("fr", (390, 844), touch=True)
PROFILES = pytest.mark.parametrize("profile", [DESKTOP_EN, PHONE_FR], ids=lambda p: p.id)


def chromium_path() -> str | None:
    """The browser to drive: $LUDOTECA_CHROMIUM, else Debian's chromium on the PATH."""
    given = os.environ.get("LUDOTECA_CHROMIUM")
    if given:
        return given
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright for Python is not installed (pip install playwright); .ci/run installs it")
    path = chromium_path()
    if path is None:
        pytest.skip(
            "no Chromium found (apt-get install chromium, or set LUDOTECA_CHROMIUM); .ci/run installs it"
        )
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, headless=True, args=["--no-sandbox"])
        yield launched
        launched.close()


def random_games(game: Any, options: dict[str, Any], seeds: range) -> list[list[Any]]:
    """Two-seat games played at random to their end, each as its positions from the start: what a
    game's scene is checked against."""
    played = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.start(game.options(options), seed, 2)
        states = [state]
        while game.to_move(state) is not None:
            state = game.play(state, rng.choice(list(game.legal_moves(state))))
            states.append(state)
        played.append(states)
    return played


def drawing_words(package: str) -> tuple[set[str], set[str]]:
    """The catalogue entries a game's web/draw.js words through the page (api.t, and its SEAT_WORDS;
    api.tn), each found in the French catalogue: the drawing speaks the guest's language."""
    declarations()  # merges each game's catalogue
    french, plurals = i18n.catalogue("fr")
    script = resources.files(package).joinpath("web/draw.js").read_text(encoding="utf-8")
    said = set(re.findall(r'api\.t\(\s*"([^"]+)"', script))
    counted = set(re.findall(r'api\.tn\(\s*"([^"]+)"', script))
    for table in re.findall(r"SEAT_WORDS = \[([^\]]*)\]", script):
        said |= set(re.findall(r'"([^"]+)"', table))
    assert sorted(word for word in said if word not in french) == []
    assert sorted(word for word in counted if word not in plurals) == []
    return said, counted


__all__ = [
    "DESKTOP_EN",
    "PHONE_FR",
    "PROFILES",
    "Profile",
    "Running",
    "browser",
    "chromium_path",
    "club",
    "drawing_words",
    "host",
    "random_games",
]
