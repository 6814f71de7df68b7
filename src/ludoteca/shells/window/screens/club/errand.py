"""One request to a club at a time, in a background thread, so the window keeps drawing while a
password is hashed at a busy club; the screen collects the answer at its next frame."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.i18n import _


class Errand:
    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        #: what the errand is for ("page", "sign_in"…), its answer, and its error sentence
        self._done: tuple[str, Any, str | None] | None = None

    @property
    def busy(self) -> bool:
        return self._thread is not None

    def run(self, purpose: str, work: Callable[[], Any]) -> bool:
        """Start `work`; False (and nothing started) while another errand is under way."""
        if self._thread is not None:
            return False

        def go() -> None:
            try:
                self._done = (purpose, work(), None)
            except LudotecaError as err:
                self._done = (purpose, None, str(err))
            except Exception as err:  # a network surprise costs the request, never the window
                self._done = (purpose, None, _("The club did not answer: {err}").format(err=err))

        self._done = None
        self._thread = threading.Thread(target=go, name=f"ludoteca-club-{purpose}", daemon=True)
        self._thread.start()
        return True

    def take(self) -> tuple[str, Any, str | None] | None:
        """The finished errand (once), or None while it runs or when there is none."""
        if self._thread is None or self._thread.is_alive():
            return None
        self._thread = None
        done, self._done = self._done, None
        return done

    def wait(self, timeout: float = 30.0) -> None:
        """For the tests: until the errand under way has finished."""
        if self._thread is not None:
            self._thread.join(timeout)
