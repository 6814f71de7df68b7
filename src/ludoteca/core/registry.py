"""The shelf: every game declared in the `ludoteca.games` entry-point group.

Ludoteca names no game in its code. Menus, the command line, records and the store ask this
registry, which loads each declaration once. A package that fails to load is kept out of the
shelf and reported — `failures()` for the menus and `ludoteca games`, and an ERROR in the log —
with its real error, never replaced by something else.
"""

from __future__ import annotations

import logging
import traceback
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from ludoteca import i18n
from ludoteca.core.declaration import ENTRY_POINT_GROUP, GameDeclaration, PluginApiError, check_api
from ludoteca.core.errors import OptionError
from ludoteca.core.game import Game
from ludoteca.i18n import _

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LoadFailure:
    """An entry point that did not give a usable game."""

    name: str
    target: str
    message: str
    detail: str = ""

    def sentence(self) -> str:
        return _("The game “{name}” could not be loaded: {reason}").format(
            name=self.name, reason=self.message
        )


_shelf: dict[str, GameDeclaration] | None = None
#: games loaded one by one before anyone asked for the whole shelf (a command about one game
#: imports that game only)
_loose: dict[str, GameDeclaration] = {}
_failures: list[LoadFailure] = []
#: the pip package each plug-in game came from (games of Ludoteca's own are not listed)
_distributions: dict[str, str] = {}


def _load_entry(entry: EntryPoint) -> GameDeclaration:
    declared = entry.load()
    if not isinstance(declared, GameDeclaration):
        raise TypeError(f"{entry.value} is a {type(declared).__name__}, not a GameDeclaration")
    if declared.key != entry.name:
        raise ValueError(f"the entry point is named {entry.name!r} but the game's key is {declared.key!r}")
    check_api(declared.key, declared.api)
    return declared


def _entries() -> list[EntryPoint]:
    return list(entry_points(group=ENTRY_POINT_GROUP))


def _load_one(entry: EntryPoint, found: dict[str, GameDeclaration]) -> GameDeclaration | None:
    """Load one entry point into `found`, or record why it failed."""
    try:
        declared = _load_entry(entry)
        if declared.key in found and found[declared.key] is not declared:
            raise ValueError(f"the key {declared.key!r} is already taken by another package")
    except Exception as err:  # whatever a third-party package raises is reported, not fatal
        # an API mismatch is already a sentence saying what to do; other errors keep their type
        message = str(err) if isinstance(err, PluginApiError) else f"{type(err).__name__}: {err}"
        failure = LoadFailure(entry.name, entry.value, message, traceback.format_exc())
        log.error("game %s (%s) not loaded: %s\n%s", entry.name, entry.value, failure.message, failure.detail)
        if all(f.name != failure.name for f in _failures):
            _failures.append(failure)
        return None
    found[declared.key] = declared
    dist = getattr(entry, "dist", None)
    if dist is not None and dist.name != "ludoteca":
        _distributions[declared.key] = dist.name
    i18n.add_catalogues(declared.package)
    return declared


def _load() -> dict[str, GameDeclaration]:
    """The whole shelf, in menu order (loads every entry point once)."""
    global _shelf
    if _shelf is not None:
        return _shelf
    found = dict(_loose)
    tried = {f.name for f in _failures}
    for entry in _entries():
        if entry.name not in found and entry.name not in tried:
            _load_one(entry, found)
    _shelf = dict(sorted(found.items(), key=lambda item: (item[1].order, item[1].game.info.title)))
    return _shelf


def reset() -> None:
    """Forget what was loaded (after installing a game package, or in tests)."""
    global _shelf
    _shelf = None
    _loose.clear()
    _failures.clear()
    _distributions.clear()


def declarations() -> list[GameDeclaration]:
    """Every game on the shelf, in menu order."""
    return list(_load().values())


def game_keys() -> tuple[str, ...]:
    return tuple(_load())


def failures() -> list[LoadFailure]:
    """The entry points that did not load, with their errors."""
    _load()
    return list(_failures)


def find(key: str) -> GameDeclaration | None:
    wanted = key.strip().lower()
    if _shelf is not None:
        return _shelf.get(wanted)
    if wanted not in _loose:
        for entry in _entries():
            if entry.name == wanted:
                _load_one(entry, _loose)
                break
    return _loose.get(wanted)


def declaration(key: str) -> GameDeclaration:
    """The game registered under `key`; OptionError naming the games there are otherwise."""
    found = find(key)
    if found is None:
        broken = [f for f in _failures if f.name == key.strip().lower()]
        if broken:
            raise OptionError(broken[0].sentence())
        raise OptionError(
            _("unknown game {key!r}; the games are: {keys}").format(key=key, keys=", ".join(game_keys()))
        )
    return found


def get_game(key: str) -> Game[Any, Any]:
    return declaration(key).game


def all_games() -> list[Game[Any, Any]]:
    return [d.game for d in declarations()]


def distribution_of(key: str) -> str | None:
    """The pip package that installed the game `key` ("ludoteca-gomoku"), as its declaration
    names it or as its entry point's metadata says; None for Ludoteca's own games."""
    # only games already loaded are asked: a game being played or saved was loaded to be played,
    # and this is called on every save, where scanning the entry points again would cost
    wanted = key.strip().lower()
    found = (_shelf or {}).get(wanted) or _loose.get(wanted)
    if found is not None and found.distribution:
        return found.distribution
    return _distributions.get(wanted)


def not_installed(key: str, package: str | None = None) -> str:
    """The sentence for a saved game or record of a game that is not installed here: which
    package to install when the record names it."""
    if package:
        return _(
            "The game “{key}” is not installed here. Install its package to open this game: "
            "pip install {package}"
        ).format(key=key, package=package)
    return _("The game “{key}” is not installed here, so this game cannot be opened.").format(key=key)


def declaration_of(game: Game[Any, Any]) -> GameDeclaration:
    """The declaration of a game object; a game that is not installed is declared bare (the
    generic levels and boards), which is what a game with no declaration asks for."""
    found = find(game.info.key)
    if found is not None and type(found.game) is type(game):
        return found
    return GameDeclaration(game)
