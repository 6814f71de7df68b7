"""Game options as command-line flags, generated from each game's `OptionSpec`s."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ludoteca.core.game import Game
from ludoteca.core.options import OptionValue
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


def flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def add_option_flags(parser: argparse.ArgumentParser, game: Game[Any, Any]) -> None:
    group = parser.add_argument_group(f"{game.info.title} options")
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
            extra = " (" + ", ".join(spec.choices) + (", …" if spec.open_ended else "") + ")"
        elif spec.minimum is not None:
            extra = f" ({spec.minimum}–{spec.maximum})"
        group.add_argument(
            flag(spec.name),
            dest=f"opt_{spec.name}",
            default=None,
            metavar=spec.name.upper(),
            help=f"{_(spec.help)}{extra}; " + _("default {value}").format(value=spec.default),
        )


def given_options(game: Game[Any, Any], args: argparse.Namespace) -> dict[str, OptionValue]:
    """Only the options the user typed (the game fills in the defaults)."""
    given: dict[str, OptionValue] = {}
    for spec in game.info.options:
        value = getattr(args, f"opt_{spec.name}", None)
        if value is not None:
            given[spec.name] = value
    return given
