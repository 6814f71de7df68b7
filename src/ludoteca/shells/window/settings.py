"""The player's GUI preferences, kept in the store's settings table."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ludoteca.i18n import LANGUAGES, language
from ludoteca.kits.window import piece_art
from ludoteca.kits.window.anim import SPEEDS
from ludoteca.kits.window.theme import DEFAULT_THEME, THEMES, choose_pieces
from ludoteca.store import Store, StoreError
from ludoteca.store.paths import data_home

#: setting keys; `language` is shared with the other front ends
LANGUAGE, THEME, SPEED, SOUND = "language", "gui.theme", "gui.animation_speed", "gui.sound"
#: the piece-art theme (`kits.window.piece_art`): "" for the drawings in code
PIECES = "gui.pieces"
#: the folder of piece-art themes, inside the data folder
THEMES_FOLDER = "themes"


def theme_folders(store: Store | None) -> list[Path]:
    """Where piece-art themes are looked for: beside the store's file, then in the data folder."""
    folders = [store.path.parent / THEMES_FOLDER] if store is not None else []
    home = data_home() / THEMES_FOLDER
    return folders if home in folders else [*folders, home]


@dataclass
class GuiSettings:
    language: str = "en"
    theme: str = DEFAULT_THEME
    #: one of `anim.SPEEDS`; 0 shows every result at once
    speed: float = 1.0
    sound: bool = True
    #: the piece-art theme, one of `piece_art.installed()` ("": the drawings in code)
    pieces: str = piece_art.DRAWN

    @staticmethod
    def load(store: Store | None) -> GuiSettings:
        """The saved preferences; anything missing or unreadable falls back to its default
        (the language to the one picked from the environment)."""
        settings = GuiSettings(language=language())
        piece_art.use_folders(theme_folders(store))
        choose_pieces(piece_art.DRAWN)
        if store is None:
            return settings
        try:
            lang = store.get_setting(LANGUAGE)
            theme = store.get_setting(THEME)
            speed = store.get_setting(SPEED)
            sound = store.get_setting(SOUND)
            pieces = store.get_setting(PIECES)
        except StoreError:
            return settings
        if lang in LANGUAGES:
            settings.language = lang
        if theme in THEMES:
            settings.theme = theme
        try:
            if speed is not None and float(speed) in SPEEDS:
                settings.speed = float(speed)
        except ValueError:
            pass
        if sound in ("on", "off"):
            settings.sound = sound == "on"
        if pieces and pieces in piece_art.installed():
            settings.pieces = pieces
            choose_pieces(pieces)
        return settings

    def save(self, store: Store | None) -> None:
        if store is None:
            return
        store.set_setting(LANGUAGE, self.language)
        store.set_setting(THEME, self.theme)
        store.set_setting(SPEED, repr(self.speed))
        store.set_setting(SOUND, "on" if self.sound else "off")
        store.set_setting(PIECES, self.pieces)
