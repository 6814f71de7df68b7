"""Board sizes, colours and spawn counts: from the game's options to one `Config` value."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ludoteca.core.errors import OptionError
from ludoteca.core.options import Options, OptionSpec
from ludoteca.i18n import N_, _

#: the variants (option values, translated where shown)
VARIANTS = (N_("classic"), N_("recolour"))
MIN_SIDE, MAX_SIDE = 5, 20
MIN_COLOURS, MAX_COLOURS = 3, 9
MIN_SPAWN, MAX_SPAWN = 1, 9


@dataclass(frozen=True, slots=True)
class SizeSpec:
    cols: int
    rows: int
    colours: int
    spawn: int


#: the named sizes of the classic game (columns, rows, colours, balls per spawn)
NAMED_SIZES: dict[str, SizeSpec] = {
    N_("small"): SizeSpec(7, 7, 5, 3),
    N_("medium"): SizeSpec(9, 9, 7, 3),
    N_("large"): SizeSpec(20, 15, 7, 7),
}

_CUSTOM = re.compile(r"^\s*([0-9]{1,4})\s*[x×*]\s*([0-9]{1,4})\s*$", re.IGNORECASE)

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "variant",
        N_("classic: move a ball along a free path; recolour: change one ball's colour instead"),
        "classic",
        choices=VARIANTS,
        labels=(("classic", N_("Classic")), ("recolour", N_("Recolour"))),
        label=N_("Variant"),
        window_help=N_("Classic: move a ball along a free path. Recolour: change one ball's colour instead."),
    ),
    OptionSpec(
        "size",
        N_("small (7x7), medium (9x9), large (20x15) or COLSxROWS with 5 to 20 per side"),
        "medium",
        choices=tuple(NAMED_SIZES),
        open_ended=True,
        labels=(
            ("small", N_("Small board (7×7)")),
            ("medium", N_("Medium board (9×9)")),
            ("large", N_("Large board (20×15)")),
        ),
        label=N_("Size"),
        window_help=N_("Small, medium or large — or a size of your own, from 5 to 20 squares a side."),
    ),
    OptionSpec(
        "colours",
        N_("number of ball colours, 3 to 9 (0: the size's usual number)"),
        0,
        minimum=0,
        maximum=MAX_COLOURS,
        label=N_("Colours"),
        window_help=N_("How many colours of balls (0: the usual number for the board's size)."),
    ),
    OptionSpec(
        "spawn",
        N_("balls added after each move that removes nothing, 1 to 9 (0: the size's usual number)"),
        0,
        minimum=0,
        maximum=MAX_SPAWN,
        label=N_("Spawn"),
        window_help=N_("Balls added after each move that lines nothing up (0: the usual number)."),
    ),
)


@dataclass(frozen=True, slots=True)
class Config:
    """Everything about a game that does not change while it is played."""

    size: str  # as chosen: "medium", "12x8"…
    cols: int
    rows: int
    colours: int
    spawn: int
    recolour: bool = False

    @property
    def variant(self) -> str:
        return "recolour" if self.recolour else "classic"


def size_spec(size: str) -> SizeSpec:
    """The columns, rows and usual colours/spawn of a named or custom ("12x8") size."""
    named = NAMED_SIZES.get(size.strip().lower())
    if named is not None:
        return named
    match = _CUSTOM.match(size)
    if match is None:
        raise OptionError(
            _("{size!r} is not a board size; use small, medium, large or COLSxROWS such as 12x8").format(
                size=size
            )
        )
    cols, rows = int(match[1]), int(match[2])
    for what, value in ((_("columns"), cols), (_("rows"), rows)):
        if not MIN_SIDE <= value <= MAX_SIDE:
            raise OptionError(
                _("a custom board needs {low} to {high} {what}, not {value}").format(
                    low=MIN_SIDE, high=MAX_SIDE, what=what, value=value
                )
            )
    # A custom board plays like the named size closest to it in number of cells.
    area = cols * rows
    nearest = min(NAMED_SIZES.values(), key=lambda spec: abs(spec.cols * spec.rows - area))
    return SizeSpec(cols, rows, nearest.colours, nearest.spawn)


def normal_size(size: str) -> str:
    """The canonical spelling of a size: "medium", "12x8"."""
    text = size.strip().lower()
    if text in NAMED_SIZES:
        return text
    spec = size_spec(text)
    return f"{spec.cols}x{spec.rows}"


def config_from(options: Options) -> Config:
    """Check the options (raising OptionError with a sentence) and build the game's Config."""
    size = normal_size(str(options.get("size", "medium")))
    spec = size_spec(size)
    colours = int(options.get("colours", 0)) or spec.colours
    spawn = int(options.get("spawn", 0)) or spec.spawn
    if not MIN_COLOURS <= colours <= MAX_COLOURS:
        raise OptionError(
            _("the number of colours must be {low} to {high} (or 0 for the usual), not {n}").format(
                low=MIN_COLOURS, high=MAX_COLOURS, n=colours
            )
        )
    if not MIN_SPAWN <= spawn <= MAX_SPAWN:
        raise OptionError(
            _("the balls per spawn must be {low} to {high} (or 0 for the usual), not {n}").format(
                low=MIN_SPAWN, high=MAX_SPAWN, n=spawn
            )
        )
    variant = str(options.get("variant", "classic"))
    if variant not in VARIANTS:
        raise OptionError(
            _("{variant!r} is not a variant; choose one of: {choices}").format(
                variant=variant, choices=", ".join(VARIANTS)
            )
        )
    return Config(size, spec.cols, spec.rows, colours, spawn, variant == "recolour")
