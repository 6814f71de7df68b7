"""What a game package offers Ludoteca, declared in one object.

A game package (ours under `ludoteca.games`, or any pip package) exposes a `GameDeclaration` and
names it in the `ludoteca.games` entry-point group:

    [project.entry-points."ludoteca.games"]
    gomoku = "gomoku:DECLARATION"

Everything beyond the rules is optional and named by reference ("module:attribute", or
".module:attribute" relative to the package), so declaring a window board costs nothing until a
window is opened: pygame is imported only by the front end that asks for the board. A reference
that fails to import raises `GameLoadError` with the real error; nothing is silently replaced.

Conventions found without declaring them: the rules texts `rules.md` / `rules.<lang>.md` and the
string catalogues `locale/<lang>.po` in the package folder.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, TextIO

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game, package_of
from ludoteca.i18n import _

#: the group games are declared in
ENTRY_POINT_GROUP = "ludoteca.games"

#: the version of the plug-in API this Ludoteca offers: what a game package may rely on (the game
#: contract, `GameDeclaration`, `core.grid`, the kits). It goes up when something a plug-in uses
#: changes in a way an existing plug-in would notice; CHANGELOG.md says what changed.
PLUGIN_API = 1
#: the oldest plug-in API this Ludoteca still loads
OLDEST_PLUGIN_API = 1


class GameLoadError(LudotecaError):
    """A game, or a part of it, could not be imported; `detail` keeps the traceback for the log."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


class PluginApiError(GameLoadError):
    """A game package written for a plug-in API this Ludoteca does not offer."""


def check_api(key: str, api: int) -> None:
    """PluginApiError, with what to do, when a game declares an API this Ludoteca cannot load."""
    if api > PLUGIN_API:
        raise PluginApiError(
            _(
                "the game “{key}” needs plug-in API {wanted}, but this Ludoteca offers {offered}: "
                "upgrade Ludoteca (pip install -U ludoteca)"
            ).format(key=key, wanted=api, offered=PLUGIN_API)
        )
    if api < OLDEST_PLUGIN_API:
        raise PluginApiError(
            _(
                "the game “{key}” was written for plug-in API {wanted}, which this Ludoteca no longer "
                "loads (it loads {oldest} to {offered}): upgrade the game's package"
            ).format(key=key, wanted=api, oldest=OLDEST_PLUGIN_API, offered=PLUGIN_API)
        )


@dataclass
class CommandContext:
    """What the `ludoteca` command hands a game's own command (`main(argv, context)`): the
    player's store, opened on first use, and where to write. Games never open the store
    themselves: it sits above them."""

    open_store: Callable[[], Any]
    out: TextIO = field(default_factory=lambda: sys.stdout)
    _store: Any = None

    @property
    def store(self) -> Any:
        if self._store is None:
            self._store = self.open_store()
        return self._store


@dataclass(frozen=True)
class GameDeclaration:
    """One game's offer: the rules, and references to the parts front ends load on demand."""

    game: Game[Any, Any]
    #: "module:attribute" naming an `ai.levels.Levels` value (`player_for_level`, and the seconds
    #: each level thinks, `think_seconds`); None = the generic levels
    levels: str | None = None
    #: never read: a level's time comes from its `Levels` value. Kept only so that a declaration
    #: written for an older version, which set it, still loads
    think_seconds: Mapping[int, float] = field(default_factory=dict)
    #: "module:Class", a `kits.terminal.TerminalBoard`; None = the generic one (grid or text)
    terminal_board: str | None = None
    #: "module:Class", a `kits.window.GameBoard`; None = the generic grid board when the game
    #: describes its board as a grid, else the game is played in the terminal only
    window_board: str | None = None
    #: extra commands, verb → "module:main" with `main(argv, context) -> int`: `bench`, `solve`,
    #: `setups`, `scores` (a high-score view replacing the generic table)
    commands: Mapping[str, str] = field(default_factory=dict)
    #: pages of the game's own in the window, label → "module:factory" with
    #: `factory(app, back) -> kits.window.page.Page` (`back()` returns where the page was opened
    #: from): the options screen and the main menu offer them as buttons (Khet's setup editor).
    #: Labels are English, shown through `_()` (mark them with `N_`).
    window_tools: Mapping[str, str] = field(default_factory=dict)
    #: "module:function" giving `start_position(options, setups) -> str | None`, for games whose
    #: players make their own start positions (Khet setups); `setups` is the player's store
    start_position: str | None = None
    #: "module:function" giving `scene(game, view, seat, to_move) -> dict`, the plain-JSON scene
    #: the web client draws for a seat (see `net.scene`); its drawing is the package's
    #: `web/draw.js`. None: the generic scene (the game's grid, or its position text and moves)
    web_scene: str | None = None
    #: "module:function" giving `analyser(game, start_state) -> ai.review.Analyser | None`, which
    #: weighs each move of a finished game (None from it: not offered for that variant); None =
    #: the game offers no review
    review: str | None = None
    #: "module:function" giving `maker() -> ai.puzzles.PuzzleMaker`, which builds, checks and
    #: runs the game's puzzles (its shipped set is the package's `puzzles.json`); None = the
    #: game offers no puzzles
    puzzles: str | None = None
    #: menus list games by this number, then by title
    order: int = 100
    #: the plug-in API the package was written for (`PLUGIN_API` when it was written); checked
    #: when the game is loaded. A declaration that predates the field was written for API 1
    api: int = 1
    #: the pip package that provides the game ("ludoteca-gomoku"), named to a player who opens
    #: a saved game of it once it is uninstalled; None: the registry reads it from the package's
    #: metadata
    distribution: str | None = None

    @property
    def key(self) -> str:
        return self.game.info.key

    @property
    def package(self) -> str:
        """The package the declaration lives in (relative references start from it)."""
        return package_of(self.game)

    def load(self, reference: str) -> Any:
        """Import what `reference` names; GameLoadError with the real cause when it cannot."""
        module_name, _sep, attribute = reference.partition(":")
        if module_name.startswith("."):
            module_name = self.package + module_name
        try:
            module = import_module(module_name)
            return getattr(module, attribute) if attribute else module
        except Exception as err:  # any error in a game's module is that game's, and is reported
            raise GameLoadError(
                f"{self.key}: cannot load {reference} ({type(err).__name__}: {err})",
                traceback.format_exc(),
            ) from err

    def part(self, name: str) -> Any | None:
        """A declared part (`terminal_board`, `window_board`, `levels`, `start_position`,
        `review`, `puzzles`), loaded; None when the game does not declare it."""
        reference = getattr(self, name)
        return None if reference is None else self.load(reference)

    def tool(self, label: str) -> Any:
        """The factory of the window page `label` (see `window_tools`), loaded."""
        return self.load(self.window_tools[label])

    def command(self, verb: str) -> Any | None:
        reference = self.commands.get(verb)
        return None if reference is None else self.load(reference)
