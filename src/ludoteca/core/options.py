"""Game options (variant, board size, setup, number of drops…) declared as data.

A game lists its `OptionSpec`s once; the CLI flags, the GUI options screen, records and the network
lobby are all generated from them, and `resolve_options` is the single place user text is checked.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ludoteca.i18n import _, translations

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
    #: how values read to players, in English, marked for the catalogue (`N_`): ("medium",
    #: "Medium board (9×9)"), (True, "Bug card"). A labelled value is always named where a game's
    #: kind is shown (the board screen, the score history); see `shells.options.options_in_words`.
    labels: tuple[tuple[OptionValue, str], ...] = ()

    def label_for(self, value: OptionValue) -> str | None:
        """The declared words for `value` (untranslated), if any."""
        for known, words in self.labels:
            if known == value and type(known) is type(value):
                return words
        return None

    def choice_label(self, choice: str) -> str:
        """The English name of `choice` for menus, or the choice itself (translate it where shown)."""
        return self.label_for(choice) or choice

    #: the option's name as people read it ("Board size"), marked with `N_` and translated where
    #: shown; without one, the name with its underscores as spaces ("three_rounds": "Three rounds")
    label: str | None = None
    #: the option means something only when each of these other options has this value
    #: (`(("variant", "cascade"),)`): menus and the window do not ask it otherwise
    applies_when: tuple[tuple[str, OptionValue], ...] = ()
    #: what the window says of the option under its name, in a player's words (`help` is the
    #: command line's, which names flags and commands); None: the window says nothing more
    window_help: str | None = None
    #: whether the window offers the option at all (a board's rows and columns are for the
    #: command line and records; the window plays the usual board)
    in_window: bool = True

    def applies(self, chosen: Mapping[str, OptionValue], specs: Sequence[OptionSpec] = ()) -> bool:
        """Whether to ask this option, given the values `chosen` so far (an option not chosen
        counts as its default, found among `specs`)."""
        defaults = {spec.name: spec.default for spec in specs}
        return all(chosen.get(name, defaults.get(name)) == value for name, value in self.applies_when)

    def label_text(self) -> str:
        """The option's name as people read it, in the current language."""
        return _(self.label or self.name.replace("_", " ").capitalize())

    def value_text(self, value: OptionValue) -> str:
        """A value as a player reads it, in the current language: a listed choice translated
        (its words are marked with `N_` where the game defines them), yes or no for a switch."""
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        declared = self.label_for(value)
        if declared is not None:
            return _(declared)
        if self.choices is not None and value in self.choices:
            return _(str(value))
        return str(value)

    def choices_text(self) -> str:
        """The choices as a player may type them, "classic, cascade" (translated: "classique,
        cascade"; `parse` reads both)."""
        return ", ".join(_(choice) for choice in self.choices or ())

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
            raise OptionError(
                _("{name} is a switch: use yes or no, not {raw!r}").format(name=self.label_text(), raw=raw)
            )
        if isinstance(self.default, int):
            if isinstance(raw, int):
                value = raw
            else:
                from ludoteca.core.text import read_int

                value = read_int(str(raw), self.label_text())
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise OptionError(
                    _("{name} must lie between {low} and {high}, not {value}").format(
                        name=self.label_text(), low=self.minimum, high=self.maximum, value=value
                    )
                )
            return value
        text = str(raw).strip()
        if self.choices is not None:
            for choice in self.choices:
                if choice.lower() == text.lower():
                    return choice
            # a player may also type the choice as any shipped language writes it ("classique",
            # "dynastie" in an English session), with or without its accents ("degrade")
            typed = folded(text)
            for choice in self.choices:
                if any(folded(word) == typed for word in translations(choice)):
                    return choice
            if not self.open_ended:
                raise OptionError(
                    _("{name}: {text!r} is not one of the choices ({choices})").format(
                        text=text, name=self.label_text(), choices=self.choices_text()
                    )
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
            valid = ", ".join(by_name) or _("none")
            raise OptionError(
                _("this game has no option {name!r}; its options are: {valid}").format(name=name, valid=valid)
            )
    return {spec.name: spec.parse(given[spec.name]) if spec.name in given else spec.default for spec in specs}


def option_label(spec: OptionSpec) -> str:
    """An option's name as people read it, translated: its `label`, or "three_rounds" as "Three
    rounds"."""
    return spec.label_text()


def folded(text: str) -> str:
    """`text` as a comparison of typed words sees it: no case, no accents ("Dégradé" → "degrade")."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
