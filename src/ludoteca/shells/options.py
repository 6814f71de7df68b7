"""Game options as command-line flags, generated from each game's `OptionSpec`s."""

from __future__ import annotations

import argparse
from typing import Any

from ludoteca.core.game import Game
from ludoteca.core.options import OptionSpec, OptionValue
from ludoteca.i18n import _


def option_label(spec: OptionSpec) -> str:
    """An option's name as people read it, translated: its `label`, or "three_rounds" as "Three
    rounds"."""
    return spec.label_text()


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
