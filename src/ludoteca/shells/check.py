"""`ludoteca check GAME`: what the test suite checks on every game, run on an installed game
package, with no checkout of Ludoteca.

    ludoteca check gomoku            every check; exit 0 when all pass, 1 otherwise
    ludoteca check gomoku --no-window   leave out the window's text-fit check

The checks are those of `core.conformance` (playouts, notation, records, views, a short fuzz of
the move reader), the terminal board for every seat, the texts the package must install (its
rules in English and French, its French catalogue when it has words of its own, every one of
them translated) and, when pygame can draw without a display, the window's text-fit check. The
installed package is what is checked: a file left out of the package data (the rules, the
catalogue) is reported as missing, as a player who installed the package would find it.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

from ludoteca import i18n
from ludoteca.core import conformance
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.registry import declaration, failures, find
from ludoteca.i18n import _, ngettext
from ludoteca.kits.terminal.style import Style
from ludoteca.shells.catalogue import Known, collect
from ludoteca.shells.terminal.boards import terminal_board_for


def check_terminal_board(game: Game[Any, Any], options: dict[str, Any], seats: int) -> None:
    """The terminal board draws every seat's view at the start, midway and at the end, in plain
    text when colour is off."""
    states, _moves = conformance.playout(game, options, seats, 6)
    adapter = terminal_board_for(game)
    for state in (states[0], states[len(states) // 2], states[-1]):
        game.describe_last(state)
        for seat in [None, *range(seats)]:
            text = adapter.render(game, game.view(state, seat), seat, Style(colour=False))
            conformance.require(bool(text.strip()), _("the terminal board drew nothing"))
            conformance.require(
                "\x1b[" not in text, _("the terminal board wrote colour codes although colour is off")
            )


def _installed(package: str, *parts: str) -> str | None:
    """The text of a file the package installed, or None when it is not there."""
    try:
        return resources.files(package).joinpath(*parts).read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError, ModuleNotFoundError):
        return None


def _sources(package: str) -> tuple[Path, list[Path]] | None:
    """The folder of the installed package and its Python files (None: not a folder on disk)."""
    try:
        root = Path(str(resources.files(package)))
    except (ModuleNotFoundError, TypeError):
        return None
    if not root.is_dir():
        return None
    return root, sorted(root.rglob("*.py"))


def check_texts(game: Game[Any, Any], package: str) -> list[str]:
    """What a player of the installed package would miss: the rules in English and French, the
    French catalogue (when the package has words of its own), and any word left untranslated."""
    problems = []
    for name, who in (("rules.md", _("players")), ("rules.fr.md", _("French players"))):
        if not (_installed(package, name) or "").strip():
            problems.append(
                _(
                    "{file} is not installed in the package {package}: {who} would read no rules. "
                    "Put it beside __init__.py and name it in the package data of pyproject.toml"
                ).format(file=name, package=package, who=who)
            )
    found = _sources(package)
    if found is None:
        return problems
    root, files = found
    ours = Path(i18n.__file__).parent
    shared = collect((p for p in ours.rglob("*.py") if p.relative_to(ours).parts[0] != "games"), ours)
    own = {entry: places for entry, places in collect(files, root).items() if entry not in shared}
    if not own:
        return problems
    catalogue = _installed(package, "locale", "fr.po")
    if catalogue is None:
        problems.append(
            _(
                "locale/fr.po is not installed in the package {package}: its {n} sentences would "
                "show in English to French players. Write it with 'ludoteca catalogue fr --package "
                "DIR' and name locale/*.po in the package data of pyproject.toml"
            ).format(package=package, n=len(own))
        )
        return problems
    known = Known()
    known.read(i18n.LOCALE_DIR / "fr.po")
    singles, plurals = i18n.read_po_entries(catalogue)
    known.singles.update(singles)
    known.plurals.update(plurals)
    for msgid, _plural in known.missing(own):
        place = own[(msgid, _plural)][0]
        problems.append(_("not translated into French: {text!r} ({place})").format(text=msgid, place=place))
    return problems


class Report:
    """Prints one line per check as it ends, and counts the failures."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.failed = 0

    def run(self, name: str, check: Callable[[], list[str] | None]) -> None:
        started = time.perf_counter()
        try:
            problems = check() or []
        except Exception as err:  # a check that raises is a failed check, with its cause
            detail = str(err) if isinstance(err, (AssertionError, LudotecaError)) else traceback.format_exc()
            problems = [f"{type(err).__name__}: {detail}".rstrip()]
        seconds = time.perf_counter() - started
        if problems:
            self.failed += 1
            print(_("FAIL  {name}").format(name=name), file=self.out)
            for problem in problems:
                print("      " + problem.replace("\n", "\n      "), file=self.out)
        else:
            print(_("ok    {name} ({seconds:.1f} s)").format(name=name, seconds=seconds), file=self.out)

    def skip(self, name: str, why: str) -> None:
        print(_("skip  {name}: {why}").format(name=name, why=why), file=self.out)


def _window_check(game: Game[Any, Any]) -> list[str]:
    from ludoteca.shells.window import plugin_fit

    return plugin_fit.problems(game)


def _window_possible() -> str | None:
    """None when pygame can draw off screen here; else why not."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # drawn into memory: no window opens
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame  # noqa: F401
        import pygame_gui  # noqa: F401
    except ImportError as err:
        return _("pygame cannot be imported ({error})").format(error=err)
    return None


def main(argv: Sequence[str], out: TextIO | None = None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(
        prog="ludoteca check", description=_("Check an installed game against the game contract.")
    )
    parser.add_argument("game", help=_("the game's key, as its entry point names it"))
    parser.add_argument("--no-window", action="store_true", help=_("leave out the window's text-fit check"))
    args = parser.parse_args(list(argv))
    key = args.game.strip().lower()
    if find(key) is None:
        broken = [f for f in failures() if f.name == key]
        if broken:
            print(broken[0].sentence(), file=out)
            print(broken[0].detail, file=out)
            return 1
    declared = declaration(key)  # an unknown key: OptionError naming the games there are
    game = declared.game
    print(
        _("Checking {title} ({key}) from the package {package}").format(
            title=_(game.info.title), key=key, package=declared.package
        ),
        file=out,
    )
    report = Report(out)
    report.run(_("installed texts (rules, French catalogue)"), lambda: check_texts(game, declared.package))
    report.run(_("game facts and rules text"), lambda: conformance.check_info(game))
    for case in conformance.cases(game):
        label = case.label(game)
        for name, check in [*conformance.CASE_CHECKS.items(), ("terminal board", check_terminal_board)]:
            report.run(f"{name}: {label}", functools.partial(check, game, case.options, case.seats))
    if args.no_window:
        report.skip(_("window text fit"), _("--no-window"))
    elif (why := _window_possible()) is not None:
        report.skip(_("window text fit"), why)
    else:
        report.run(
            _("window text fit (English and French, 800×600 and 1280×800)"), lambda: _window_check(game)
        )
    if report.failed:
        print(
            ngettext("{n} check failed.", "{n} checks failed.", report.failed).format(n=report.failed),
            file=out,
        )
        return 1
    print(_("Every check passed."), file=out)
    return 0
