"""Every colour, size and duration of the GUI, in one place (UI.md: no literals in renderers).

A `Theme` is a value; Settings switches between the named ones in `THEMES`. Renderers read
`theme.colours` and `theme.sizes`; pygame_gui widgets get the same values through `gui_theme()`.

A game's own colours (Connect Four's frame, Othello's felt…) live with its window board, as a
palette: a frozen dataclass of named colours with defaults, plus the game's versions of it for
named themes. `Theme.palette` picks the game's version for the theme, then applies the theme's
own overrides by name (`"connect4.frame"`), so a theme can restyle any game without the game
knowing it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, TypeVar

from ludoteca.i18n import N_, _, rename_words

Colour = tuple[int, int, int]
P = TypeVar("P")


def hex_colour(colour: Colour, alpha: int | None = None) -> str:
    text = "#{:02x}{:02x}{:02x}".format(*colour)
    return text if alpha is None else f"{text}{alpha:02x}"


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """`a` moved a fraction `t` of the way towards `b`."""
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


@dataclass(frozen=True)
class Colours:
    # the table and the chrome around the boards
    background: Colour = (31, 43, 39)
    background_glow: Colour = (42, 58, 52)
    panel: Colour = (38, 52, 46)
    panel_edge: Colour = (55, 72, 64)
    status: Colour = (23, 33, 29)
    text: Colour = (234, 229, 216)
    text_dim: Colour = (160, 172, 162)
    text_error: Colour = (240, 150, 120)
    accent: Colour = (226, 182, 76)  # gold: selection, focus, "your turn"
    button: Colour = (52, 69, 61)
    button_hover: Colour = (64, 85, 75)
    #: a button that does nothing now: between the table and a working button (greyed, not hidden)
    button_disabled: Colour = (41, 55, 49)
    button_text_disabled: Colour = (104, 116, 108)
    button_edge: Colour = (76, 96, 86)
    primary: Colour = (182, 140, 52)
    primary_hover: Colour = (204, 160, 66)
    primary_text: Colour = (28, 26, 20)
    shadow: Colour = (12, 18, 16)
    # shared board marks
    grid_label: Colour = (178, 188, 176)
    hint: Colour = (120, 210, 235)
    legal_dot: Colour = (250, 246, 232)
    last_move: Colour = (250, 246, 232)


@dataclass(frozen=True)
class Sizes:
    """Font sizes (one family, three sizes) and the chrome's measurements, in pixels."""

    title: int = 30
    body: int = 18
    small: int = 14
    margin: int = 24
    gap: int = 10
    button_height: int = 38
    status_height: int = 36
    corner: int = 8
    panel_min: int = 300
    panel_max: int = 420
    dialog_width: int = 560

    def scaled(self, factor: float) -> Sizes:
        """Every size `factor` times larger (text and chrome grow together, so layouts keep their
        proportions)."""
        return Sizes(**{f.name: max(1, round(getattr(self, f.name) * factor)) for f in fields(self)})


@dataclass(frozen=True)
class Motion:
    """Base durations in milliseconds at animation speed 1 (UI.md: 150–400 ms, ease-out)."""

    drop_per_row: float = 40.0
    drop_min: float = 100.0
    bounce: float = 120.0
    flash: float = 420.0
    vanish: float = 220.0
    fall: float = 260.0
    place: float = 160.0
    flip: float = 260.0
    flip_wave_step: float = 70.0
    path_per_cell: float = 45.0
    pop: float = 200.0
    pass_banner: float = 1400.0
    end_pause: float = 700.0
    message: float = 5000.0


@dataclass(frozen=True)
class Theme:
    key: str
    colours: Colours = field(default_factory=Colours)
    sizes: Sizes = field(default_factory=Sizes)
    motion: Motion = field(default_factory=Motion)
    #: draw a symbol on each ball colour (colour-blind players)
    symbols: bool = False
    #: this theme's colours for games' palettes, by "<game key>.<name>"
    game_colours: Mapping[str, Any] = field(default_factory=dict)
    #: how much larger than designed `sizes` are (`at_scale`): for the few measures kept elsewhere
    scale: float = 1.0
    #: the piece-art theme the boards draw with (`piece_art`; "" for the drawings in code)
    pieces: str = ""

    def label(self) -> str:
        return THEME_LABELS[self.key]()

    def at_scale(self, factor: float) -> Theme:
        """This theme with its sizes made for a window `factor` times the designed one."""
        return self if factor == 1 else replace(self, sizes=self.sizes.scaled(factor), scale=factor)

    def px(self, pixels: float) -> int:
        """A measure designed for 1280×800, in this theme's scale."""
        return round(pixels * self.scale)

    def palette(self, game_key: str, default: P, themed: Mapping[str, P]) -> P:
        """A game's palette under this theme: the game's version for it (or `default`), with the
        theme's overrides of the game's named colours."""
        chosen = themed.get(self.key, default)
        prefix = game_key + "."
        changes = {
            name[len(prefix) :]: value for name, value in self.game_colours.items() if name.startswith(prefix)
        }
        return replace(chosen, **changes) if changes else chosen  # type: ignore[type-var]


_WALNUT = Colours(
    background=(52, 37, 27),
    background_glow=(70, 50, 36),
    panel=(62, 45, 33),
    panel_edge=(86, 63, 46),
    status=(40, 28, 20),
    text=(240, 230, 212),
    text_dim=(186, 166, 140),
    button=(84, 61, 44),
    button_hover=(102, 75, 54),
    button_disabled=(65, 47, 35),
    button_text_disabled=(128, 108, 88),
    button_edge=(112, 84, 60),
    shadow=(26, 18, 12),
    grid_label=(206, 188, 160),
)

_CONTRAST = Colours(
    background=(12, 12, 12),
    background_glow=(22, 22, 22),
    panel=(24, 24, 24),
    panel_edge=(90, 90, 90),
    status=(0, 0, 0),
    text=(255, 255, 255),
    text_dim=(210, 210, 210),
    text_error=(255, 140, 100),
    accent=(255, 214, 0),
    button=(40, 40, 40),
    button_hover=(70, 70, 70),
    button_disabled=(26, 26, 26),
    button_text_disabled=(120, 120, 120),
    button_edge=(200, 200, 200),
    primary=(255, 214, 0),
    primary_hover=(255, 230, 90),
    primary_text=(0, 0, 0),
    grid_label=(230, 230, 230),
)

THEMES: dict[str, Theme] = {
    "table": Theme("table"),
    "walnut": Theme("walnut", colours=_WALNUT),
    "contrast": Theme("contrast", colours=_CONTRAST, symbols=True),
}

THEME_LABELS = {
    "table": lambda: _("Green table"),
    "walnut": lambda: _("Walnut"),
    "contrast": lambda: _("High contrast, with symbols"),
}

DEFAULT_THEME = "table"


# ----- piece-art themes: names and colours a theme gives the games (pictures: `piece_art`) --------
@dataclass(frozen=True)
class NamedTheme:
    """A theme the program ships: seat names and colours for a game, no pictures of its own
    (the pictures then come from a folder of the same name, when there is one)."""

    key: str
    label: Callable[[], str]
    #: colour overrides for games' palettes, as `Theme.game_colours` takes them
    game_colours: Mapping[str, object] = field(default_factory=dict)
    #: one sentence on what it changes (the settings screen shows it)
    about: Callable[[], str] = lambda: ""
    #: the games' own words it says otherwise, everywhere the window speaks (`i18n.rename_words`)
    words: Mapping[str, str] = field(default_factory=dict)


#: the Eye of Horus brief calls the sides Yellow and Red, Yellow first: our Silver is their Yellow
HORUS_YELLOW = NamedTheme(
    "horus-yellow",
    label=lambda: _("Khet: Yellow and Red"),
    game_colours={
        "khet.body": ((236, 196, 58), (184, 46, 44)),
        "khet.edge": ((140, 104, 20), (104, 20, 22)),
        "khet.relief": ((252, 228, 132), (216, 92, 84)),
        "khet.reserved": ((150, 130, 60), (122, 62, 60)),
    },
    about=lambda: _(
        "Khet's sides are called Yellow and Red, as in the Eye of Horus brief; Yellow, at the "
        "bottom, moves first. Records still write S and R."
    ),
    words={N_("Silver"): N_("Yellow")},
)

NAMED_THEMES: dict[str, NamedTheme] = {HORUS_YELLOW.key: HORUS_YELLOW}

_chosen: str = ""


def choose_pieces(name: str) -> None:
    """Draw the pieces with the theme `name` from now on ("": the drawings in code; see
    `piece_art`)."""
    global _chosen
    _chosen = name
    theme = NAMED_THEMES.get(name)
    rename_words(theme.words if theme is not None else {})


def chosen_pieces() -> str:
    return _chosen


def named_pieces(name: str) -> NamedTheme | None:
    return NAMED_THEMES.get(name)


def theme_colours(name: str | None = None) -> Mapping[str, object]:
    """The palette overrides of the theme `name` (the chosen one by default)."""
    theme = NAMED_THEMES.get(_chosen if name is None else name)
    return theme.game_colours if theme is not None else {}


#: the window the theme's `Sizes` are drawn for (UI.md's default window)
DESIGN_SIZE = (1280, 800)
#: text never shrinks below this share of its designed size (the smallest window stays readable)
SMALLEST_SCALE = 0.9


def scale_for(size: tuple[int, int]) -> float:
    """How much larger than designed the text and chrome of a window of `size` are drawn: as the
    window grows in its tighter direction, in steps of 5 % (so dragging the window's edge does
    not remake every font at each pixel), and never below `SMALLEST_SCALE`."""
    factor = min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1])
    return max(SMALLEST_SCALE, round(factor * 20) / 20)


def theme_named(key: str | None) -> Theme:
    """The colour theme `key`, with the piece-art theme chosen in Settings (`piece_art.choose`):
    its name, and its colours for the games it restyles."""
    theme = THEMES.get(key or DEFAULT_THEME, THEMES[DEFAULT_THEME])
    pieces = chosen_pieces()
    if not pieces:
        return theme
    colours = {**theme.game_colours, **theme_colours(pieces)}
    return replace(theme, pieces=pieces, game_colours=colours)


def with_symbols(theme: Theme, symbols: bool) -> Theme:
    return replace(theme, symbols=symbols)


# ----- pygame_gui ------------------------------------------------------------------------------
FONT_NAME = "noto_sans"


def _font(size: int, bold: bool = False) -> dict[str, str]:
    return {"name": FONT_NAME, "size": str(size), "bold": "1" if bold else "0"}


def gui_theme(theme: Theme) -> dict[str, Any]:
    """The pygame_gui theme (its JSON format as a dict) built from `theme`."""
    c, s = theme.colours, theme.sizes
    h = hex_colour
    # a disabled button keeps an edge (half way to a working one's), so it shows as a button on
    # the table as well as on a panel or the status bar
    disabled_edge = mix(c.button_edge, c.button_disabled, 0.5)
    defaults = {
        "normal_bg": h(c.button),
        "hovered_bg": h(c.button_hover),
        "disabled_bg": h(c.button_disabled),
        "selected_bg": h(c.accent),
        "active_bg": h(c.button_hover),
        "dark_bg": h(c.status),
        "disabled_dark_bg": h(c.button_disabled),
        "normal_text": h(c.text),
        "hovered_text": h(c.text),
        "disabled_text": h(c.button_text_disabled),
        "selected_text": h(c.primary_text),
        "active_text": h(c.text),
        "normal_border": h(c.button_edge),
        "hovered_border": h(c.accent),
        "disabled_border": h(disabled_edge),
        "selected_border": h(c.accent),
        "active_border": h(c.accent),
        "link_text": h(c.accent),
        "link_hover": h(c.primary_hover),
        "link_selected": h(c.accent),
        "text_cursor": h(c.text),
        "normal_text_shadow": "#00000000",
        "hovered_text_shadow": "#00000000",
        "disabled_text_shadow": "#00000000",
        "selected_text_shadow": "#00000000",
        "active_text_shadow": "#00000000",
        "text_shadow": "#00000000",
    }
    rounded = {
        "shape": "rounded_rectangle",
        "shape_corner_radius": str(s.corner),
        "border_width": "1",
        "shadow_width": "0",
    }
    transparent = {
        "normal_bg": "#00000000",
        "hovered_bg": "#00000000",
        "disabled_bg": "#00000000",
        "dark_bg": "#00000000",
        "normal_border": "#00000000",
        "hovered_border": "#00000000",
    }
    return {
        "defaults": {"colours": defaults, "font": _font(s.body)},
        "button": {"misc": rounded, "font": _font(s.body)},
        "text_entry_line": {
            "misc": {**rounded, "padding": "8,6"},
            "colours": {"dark_bg": h(c.status), "selected_bg": h(c.button_hover)},
            "font": _font(s.body),
        },
        "text_box": {
            "misc": {"shape": "rectangle", "border_width": "0", "padding": "12,10"},
            "colours": {"dark_bg": h(c.panel), "normal_text": h(c.text)},
            "font": _font(s.body),
        },
        "label": {"colours": transparent, "font": _font(s.body), "misc": {"text_horiz_alignment": "left"}},
        "#title": {"font": _font(s.title, bold=True)},
        "#small": {"font": _font(s.small), "colours": {"normal_text": h(c.text_dim)}},
        "#primary": {
            "colours": {
                "normal_bg": h(c.primary),
                "hovered_bg": h(c.primary_hover),
                "active_bg": h(c.primary_hover),
                "normal_text": h(c.primary_text),
                "hovered_text": h(c.primary_text),
                "active_text": h(c.primary_text),
                "normal_border": h(c.primary),
                "hovered_border": h(c.primary_hover),
            },
            "font": _font(s.body, bold=True),
        },
        "#chosen": {
            "colours": {
                "normal_bg": h(c.accent),
                "hovered_bg": h(c.primary_hover),
                "normal_text": h(c.primary_text),
                "hovered_text": h(c.primary_text),
                "normal_border": h(c.accent),
            },
            "font": _font(s.body, bold=True),
        },
        "#card": {
            "colours": {
                **transparent,
                "active_bg": "#00000000",
                "selected_bg": "#00000000",
                "normal_border": h(c.panel_edge),
                "hovered_border": h(c.accent),
                "active_border": h(c.accent),
            },
            "misc": {**rounded, "shape_corner_radius": str(s.corner + 6), "border_width": "2"},
        },
        "#row": {"misc": {**rounded, "text_horiz_alignment": "left", "text_horiz_alignment_padding": "14"}},
        "vertical_scroll_bar": {
            "colours": {"dark_bg": h(c.panel), "normal_bg": h(c.button), "hovered_bg": h(c.button_hover)},
        },
        "drop_down_menu": {"misc": rounded, "font": _font(s.body)},
    }
