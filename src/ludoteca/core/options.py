"""Game options (variant, board size, setup, number of drops…) declared as data.

A game lists its `OptionSpec`s once; the CLI flags, the GUI options screen, records and the network
lobby are all generated from them, and `resolve_options` is the single place user text is checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

OptionValue = str | int | bool
Options = Mapping[str, OptionValue]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option. Its kind follows `default`: a str picks from `choices` (when given), an int
    lies in [minimum, maximum], a bool is a switch. `name` is the CLI flag and the record tag."""

    name: str
    help: str
    default: OptionValue
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    #: a choice that is also accepted when it is not in `choices` (e.g. custom sizes "9x7");
    #: the game validates it in `validate`.
    open_ended: bool = False
    #: how menus name each choice, in English (shown through `_()`; mark them with `N_`), when the
    #: value itself reads badly ("khet2" is "Khet 2.0"); None: the values themselves
    labels: tuple[str, ...] | None = None

    def choice_label(self, choice: str) -> str:
        """The English name of `choice` for menus (translate it where it is shown)."""
        if self.labels is not None and self.choices is not None and choice in self.choices:
            return self.labels[self.choices.index(choice)]
        return choice

    def parse(self, raw: OptionValue) -> OptionValue:
        """Turn user text (or an already typed value) into this option's value, or raise OptionError."""
        from ludoteca.core.errors import OptionError

        if isinstance(self.default, bool):
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "yes", "y", "true", "on", "oui", "o"):
                return True
            if text in ("0", "no", "n", "false", "off", "non"):
                return False
            raise OptionError(f"option {self.name} is a switch: use yes or no, not {raw!r}")
        if isinstance(self.default, int):
            if isinstance(raw, int):
                value = raw
            else:
                from ludoteca.core.text import read_int

                value = read_int(str(raw), f"option {self.name}")
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise OptionError(
                    f"option {self.name} must lie between {self.minimum} and {self.maximum}, not {value}"
                )
            return value
        text = str(raw).strip()
        if self.choices is not None:
            for choice in self.choices:
                if choice.lower() == text.lower():
                    return choice
            if not self.open_ended:
                raise OptionError(
                    f"{text!r} is not a valid {self.name}; choose one of: {', '.join(self.choices)}"
                )
        return text


def resolve_options(
    specs: tuple[OptionSpec, ...], given: Mapping[str, OptionValue]
) -> dict[str, OptionValue]:
    """Fill defaults, check every given value, and refuse names the game does not have."""
    from ludoteca.core.errors import OptionError

    by_name = {spec.name: spec for spec in specs}
    for name in given:
        if name not in by_name:
            valid = ", ".join(by_name) or "none"
            raise OptionError(f"this game has no option {name!r}; its options are: {valid}")
    return {spec.name: spec.parse(given[spec.name]) if spec.name in given else spec.default for spec in specs}


def option_label(spec: OptionSpec) -> str:
    """An option's name as people read it: "three_rounds" is "Three rounds" (translated)."""
    from ludoteca.i18n import _

    return _(spec.name.replace("_", " ").capitalize())
