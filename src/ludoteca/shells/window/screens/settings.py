"""Settings: language, theme, the pieces' pictures, animation speed and sound; every change applies
and is kept at once."""

from __future__ import annotations

from functools import partial

import pygame

from ludoteca.i18n import LANGUAGES, _
from ludoteca.kits.window import draw, piece_art
from ludoteca.kits.window.anim import SPEEDS
from ludoteca.kits.window.theme import THEMES, choose_pieces, named_pieces
from ludoteca.shells.window import theme_command
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.widgets import Segmented


def speed_label(speed: float) -> str:
    return {0.0: _("Instant"), 0.5: _("Slow"), 1.0: _("Normal"), 2.0: _("Fast")}.get(speed, str(speed))


class SettingsScreen(Screen):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.controls: dict[str, Segmented[object]] = {}
        self._labels: list[tuple[str, str, tuple[int, int]]] = []
        #: what the chosen piece theme could not use (worked out when it is chosen)
        self._art_problems: list[str] = theme_command.problems(app.settings.pieces)

    def build(self) -> None:
        app, s, fonts = self.app, self.app.theme.sizes, self.app.fonts
        settings = app.settings
        x = 2 * s.margin
        width = min(880, app.size[0] - 4 * s.margin)
        y = header_height(app) + s.margin
        rows: list[tuple[str, str, str, list[tuple[object, str]], object]] = [
            (
                "language",
                _("Language"),
                _("The language of the menus, messages and buttons."),
                list(LANGUAGES.items()),
                settings.language,
            ),
            (
                "theme",
                _("Colours"),
                _("The table and board colours; the last one adds symbols for colour-blind players."),
                [(k, t.label()) for k, t in THEMES.items()],
                settings.theme,
            ),
            (
                "pieces",
                _("Pieces"),
                _(
                    "Pictures for the pieces, tiles and cards; ludoteca theme export GAME writes a "
                    "sheet to edit."
                ),
                [(name, theme_command.theme_label(name)) for name in self._piece_themes()],
                settings.pieces,
            ),
            (
                "speed",
                _("Animation speed"),
                _("How fast moves are shown; Instant shows the result at once."),
                [(v, speed_label(v)) for v in SPEEDS],
                settings.speed,
            ),
            (
                "sound",
                _("Sound"),
                _("A soft click for each move."),
                [(True, _("On")), (False, _("Off"))],
                settings.sound,
            ),
        ]
        self._labels = []
        self.controls = {}
        notes = [
            (part, style)
            for text, style in self._pieces_notes()
            for part in draw.wrap(fonts.small, text, width)
        ]
        # a small window drops the rows' help lines, then closes the rows up, so all stay above Back
        room = app.size[1] - s.margin - s.button_height - s.gap - y
        help_lines, gap = True, s.margin
        for help_lines, gap in ((True, s.margin), (True, s.gap), (False, s.margin), (False, s.gap)):
            per_row = fonts.body.get_linesize() + (fonts.small.get_linesize() if help_lines else 0) + 6
            if (
                len(rows) * (per_row + s.button_height + gap) + len(notes) * fonts.small.get_linesize()
                <= room
            ):
                break
        for key, title, help_text, choices, value in rows:
            self._labels.append((title, "bold", (x, y)))
            y += fonts.body.get_linesize()
            if help_lines:
                self._labels.append((help_text, "small", (x, y)))
                y += fonts.small.get_linesize()
            y += 6
            rect = pygame.Rect(x, y, width, s.button_height)
            self.controls[key] = Segmented(app, app.manager, rect, choices, value, partial(self.change, key))
            y += s.button_height + gap
            if key == "pieces":
                for part, style in notes:
                    self._labels.append((part, style, (x, y - gap + 4)))
                    y += fonts.small.get_linesize()
        back_button(app)

    @staticmethod
    def _piece_themes() -> list[str]:
        return [piece_art.DRAWN, *piece_art.installed(theme_command.game_packages())]

    def _pieces_notes(self) -> list[tuple[str, str]]:
        """The chosen piece theme's sentence, and what it could not use (each a line and a style)."""
        notes: list[tuple[str, str]] = []
        shipped = named_pieces(self.app.settings.pieces)
        if shipped is not None:
            notes.append((shipped.about(), "small"))
        notes.extend((sentence, "error") for sentence in self._art_problems)
        return notes

    def change(self, key: str, value: object) -> None:
        settings = self.app.settings
        if key == "language":
            settings.language = str(value)
        elif key == "theme":
            settings.theme = str(value)
        elif key == "pieces":
            settings.pieces = str(value)
            piece_art.forget()  # a sheet edited since it was read is read again
            choose_pieces(settings.pieces)
            self._art_problems = theme_command.problems(settings.pieces)
        elif key == "speed":
            settings.speed = float(value)  # type: ignore[arg-type]
        elif key == "sound":
            settings.sound = bool(value)
        self.app.apply_settings()
        if key == "sound" and settings.sound:
            self.app.sounds.play("place")

    def back(self) -> None:

        self.app.go("menu")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        c, fonts = self.app.theme.colours, self.app.fonts
        header(self.app, surface, _("Settings"))
        for text, style, pos in self._labels:
            font, colour = (fonts.body_bold, c.text) if style == "bold" else (fonts.small, c.text_dim)
            if style == "error":
                colour = c.text_error
            draw.text(surface, font, text, colour, pos)
