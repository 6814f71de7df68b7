"""Game options as command-line flags, generated from each game's `OptionSpec`s."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.options import OptionSpec, OptionValue, option_label
from ludoteca.core.text import NumberError
from ludoteca.i18n import _


def argument_type(reader: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse `type` from one of `core.text`'s readers (`read_seed`…): its sentence becomes
    the usage error."""

    def read(text: str) -> Any:
        try:
            return reader(text)
        except NumberError as err:
            raise argparse.ArgumentTypeError(str(err)) from None

    return read


def value_words(spec: OptionSpec, value: OptionValue) -> str:
    """One option's value as players read it (translated): its declared label ("Medium board
    (9×9)"), a switch that is on by its name ("Three rounds"), a choice capitalised ("Cascade"),
    anything else after the option's name ("Drops: 30"); "" for a switch that is off."""
    declared = spec.label_for(value)
    if declared is not None:
        return _(declared)
    if isinstance(spec.default, bool):
        return option_label(spec) if value else ""
    if spec.choices and value in spec.choices:
        return capitalised(_(str(value)))
    return _("{option}: {value}").format(option=option_label(spec), value=value)


def options_in_words(game: Game[Any, Any], options: Mapping[str, OptionValue]) -> str:
    """What kind of game these options make, for players: "Cascade, Drops: 30", "Medium board
    (9×9), Recolour". Named: the first option (the variant), every value the game labels, and
    whatever differs from the defaults."""
    parts = []
    for index, spec in enumerate(game.info.options):
        value = options.get(spec.name, spec.default)
        if index == 0 or spec.label_for(value) is not None or value != spec.default:
            words = value_words(spec, value)
            if words:
                parts.append(words)
    return ", ".join(parts)


def stored_options(game: Game[Any, Any], text: str) -> dict[str, OptionValue]:
    """The options a result row keeps as text ("cascade, drops=30": the variant first, then
    name=value), read back; parts this game does not know are left out."""
    specs = {spec.name: spec for spec in game.info.options}
    first = game.info.options[0].name if game.info.options else None
    options: dict[str, OptionValue] = {}
    for part in text.split(","):
        name, sep, raw = part.strip().partition("=")
        if not sep:
            name, raw = first or "", name
        spec = specs.get(name.strip())
        if spec is None or not raw.strip():
            continue
        try:
            options[spec.name] = spec.parse(raw.strip())
        except LudotecaError:
            continue
    return options


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def add_option_flags(parser: argparse.ArgumentParser, game: Game[Any, Any]) -> None:
    group = parser.add_argument_group(_("{title} options").format(title=_(game.info.title)))
    for spec in game.info.options:
        if isinstance(spec.default, bool):
            group.add_argument(
                flag(spec.name),
                dest=f"opt_{spec.name}",
                action=argparse.BooleanOptionalAction,
                default=None,
                help=_(spec.help),
            )
            continue
        extra = ""
        if spec.choices:
            extra = " (" + spec.choices_text() + (", …" if spec.open_ended else "") + ")"
        elif spec.minimum is not None:
            extra = f" ({spec.minimum}–{spec.maximum})"
        group.add_argument(
            flag(spec.name),
            dest=f"opt_{spec.name}",
            default=None,
            metavar=spec.name.upper(),
            help=_("{help}{choices}; default {value}").format(
                help=_(spec.help), choices=extra, value=spec.value_text(spec.default)
            ),
        )


def given_options(game: Game[Any, Any], args: argparse.Namespace) -> dict[str, OptionValue]:
    """Only the options the user typed (the game fills in the defaults)."""
    given: dict[str, OptionValue] = {}
    for spec in game.info.options:
        value = getattr(args, f"opt_{spec.name}", None)
        if value is not None:
            given[spec.name] = value
    return given
