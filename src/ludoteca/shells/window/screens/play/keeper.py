"""Keeping the game on the board screen: saving under a name, asking before leaving with unsaved
moves, and saving on its own when the window closes mid-game so nothing is lost.

A network game is kept by its host (`GameInPlay.saveable` is None): nothing is saved here.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from ludoteca.core.errors import LudotecaError
from ludoteca.i18n import _
from ludoteca.match import Match
from ludoteca.shells import session
from ludoteca.shells.window.screens.play.host import BoardScreen
from ludoteca.shells.window.widgets import Choice, Dialog
from ludoteca.store import SaveSlot, StoreError

log = logging.getLogger(__name__)


def _tell(sentence: str) -> None:
    log.warning("%s", sentence)
    print(sentence, file=sys.stderr)


class Keeper:
    def __init__(
        self, screen: BoardScreen, slot: SaveSlot | None, dirty: bool, changed: Callable[[], None]
    ) -> None:
        self.screen = screen
        #: called when what the buttons offer may have changed (saved: Save may be greyed)
        self._changed = changed
        #: the save this game was resumed from or last saved to
        self.slot = slot
        #: moves were played or taken back since the game was last saved
        self.dirty = dirty

    def unsaved(self) -> Match | None:
        """The match, when it has moves the player could lose by leaving."""
        match = self.screen.match.saveable()
        if match is None or not self.dirty or match.ply == 0 or match.over:
            return None
        return match

    def default_save_name(self) -> str:
        if self.slot is not None:
            return session.save_name(self.screen.app.store, self.slot)
        return session.default_save_name(self.screen.match)

    def ask_save(self, then: Callable[[], None] | None = None) -> None:
        app = self.screen.app
        dialog = Dialog(
            _("Save the game"),
            _("Under which name? You can resume it from the main menu."),
            [
                Choice(_("Save"), lambda: self._save(dialog, then), primary=True),
                Choice(_("Cancel"), app.close_dialog),
            ],
            entry=self.default_save_name(),
        )
        app.open_dialog(dialog)

    def _save(self, dialog: Dialog, then: Callable[[], None] | None = None) -> None:
        name = dialog.text.strip() or session.default_save_name(self.screen.match)
        if self.save(name, dialog):
            self.screen.app.close_dialog()
            if then is not None:
                then()

    def save(self, name: str | None = None, dialog: Dialog | None = None) -> bool:
        screen = self.screen
        match = screen.match.saveable()
        if match is None:
            return False
        try:
            written = session.save_match(screen.app.store, match, name or self.default_save_name(), self.slot)
        except (StoreError, LudotecaError) as err:
            if dialog is not None:
                dialog.error = str(err)
            else:
                screen.say(_("Could not save: {err}").format(err=err), error=True)
            return False
        self.slot = written.slot
        self.dirty = False
        self._changed()
        screen.say(session.clash_notice(written) or _("Saved as “{name}”.").format(name=written.slot.name))
        return True

    def ask_leave(self) -> None:
        app = self.screen.app

        def leave() -> None:
            app.close_dialog()
            app.go("menu")

        if self.unsaved() is None:
            leave()
            return
        app.open_dialog(
            Dialog(
                _("Leave this game?"),
                _("Save it first to resume it later from the main menu."),
                [
                    Choice(_("Save and leave"), lambda: self.ask_save(then=leave), primary=True),
                    Choice(_("Leave without saving"), leave),
                    Choice(_("Stay"), app.close_dialog),
                ],
            )
        )

    def keep_on_quit(self) -> None:
        """The window closes mid-game: save it (waiting out another program holding the data
        file, else into a recovery file). The window is going, so what happened is told on the
        terminal that started it and in the log."""
        match = self.unsaved()
        if match is None:
            return
        kept = session.keep_match(self.screen.app.store, match, self.default_save_name(), self.slot, _tell)
        if kept.written is not None:
            self.slot = kept.written.slot
            self.dirty = False
        _tell(kept.message)
