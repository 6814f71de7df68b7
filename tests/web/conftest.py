"""The web client's tests: plain HTTP against a real server on 127.0.0.1, and a real browser
(Debian's Chromium driven by Playwright) where one is installed. `.ci/run` installs both; without
them the browser tests skip and say why."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from tests.net.conftest import Running, club, host


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


__all__ = ["Running", "browser", "chromium_path", "club", "host"]
