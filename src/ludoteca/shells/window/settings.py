"""The player's GUI preferences, kept in the store's settings table."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.i18n import LANGUAGES, language
from ludoteca.kits.window.anim import SPEEDS
from ludoteca.kits.window.theme import DEFAULT_THEME, THEMES
from ludoteca.store import Store, StoreError

#: setting keys; `language` is shared with the other front ends
LANGUAGE, THEME, SPEED, SOUND = "language", "gui.theme", "gui.animation_speed", "gui.sound"


@dataclass
class GuiSettings:
    language: str = "en"
    theme: str = DEFAULT_THEME
    #: one of `anim.SPEEDS`; 0 shows every result at once
    speed: float = 1.0
    sound: bool = True

    @staticmethod
    def load(store: Store | None) -> GuiSettings:
        """The saved preferences; anything missing or unreadable falls back to its default
        (the language to the one picked from the environment)."""
        settings = GuiSettings(language=language())
        if store is None:
            return settings
        try:
            lang = store.get_setting(LANGUAGE)
            theme = store.get_setting(THEME)
            speed = store.get_setting(SPEED)
            sound = store.get_setting(SOUND)
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
        return settings

    def save(self, store: Store | None) -> None:
        if store is None:
            return
        store.set_setting(LANGUAGE, self.language)
        store.set_setting(THEME, self.theme)
        store.set_setting(SPEED, repr(self.speed))
        store.set_setting(SOUND, "on" if self.sound else "off")
