"""`ludoteca screenshot GAME [--record FILE] [--moves "…"] [--size WxH] --out FILE.png`.

Draws a position exactly as the window shows it, without opening a window (SDL's dummy video
driver), and writes a PNG: for the README, for tests, or to share a position. GAME may also be a
page of the application: menu, games, settings, rules, manual, scores, saves, puzzles (whose
`--game KEY` and `--puzzle ID` choose the puzzle shown).
"""

from __future__ import annotations

import argparse
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from ludoteca.core.errors import OptionError
from ludoteca.core.registry import game_keys, get_game
from ludoteca.core.seats import SeatSpec, parse_seats
from ludoteca.core.text import read_seed
from ludoteca.i18n import LANGUAGES, _, language, os_reason, set_language
from ludoteca.shells.options import argument_type, given_options

PAGES = ("menu", "games", "settings", "rules", "manual", "scores", "saves", "puzzles")


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*([0-9]{1,5})\s*[x×]\s*([0-9]{1,5})\s*", text)
    if match is None or not (320 <= int(match[1]) <= 7680 and 240 <= int(match[2]) <= 4320):
        raise argparse.ArgumentTypeError(_("a size is WIDTHxHEIGHT, e.g. 1280x800"))
    return int(match[1]), int(match[2])


def _parser(game: Any) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ludoteca screenshot", description=_("Draw a position as the window shows it, into a PNG file.")
    )
    parser.add_argument("target", metavar="GAME", help=", ".join((*game_keys(), *PAGES)))
    parser.add_argument("--out", required=True, metavar="FILE.png", help=_("the PNG file to write"))
    parser.add_argument("--record", metavar="FILE", help=_("draw the last position of this record"))
    parser.add_argument(
        "--moves", default="", help=_("moves to play from the start, in notation, separated by spaces")
    )
    parser.add_argument("--players", help=_("seats, e.g. human,computer:3"))
    parser.add_argument(
        "--seed", type=argument_type(read_seed), default=1, help=_("seed for chance (default 1)")
    )
    parser.add_argument("--size", type=_size, default=(1280, 800), help=_("window size, default 1280x800"))
    parser.add_argument(
        "--moment",
        type=float,
        metavar="MS",
        help=_("catch the last move's animation this many milliseconds in"),
    )
    parser.add_argument("--theme", choices=("table", "walnut", "contrast"), help=_("colours"))
    parser.add_argument("--lang", choices=tuple(LANGUAGES), help=_("language of the labels"))
    parser.add_argument("--game", metavar="GAME", help=_("the puzzles page: whose puzzles to show"))
    parser.add_argument("--puzzle", metavar="ID", help=_("the puzzles page: which puzzle to show"))
    if game is not None:
        _add_game_flags(parser, game)
    return parser


def _add_game_flags(parser: argparse.ArgumentParser, game: Any) -> None:
    """The game's options as flags, as `ludoteca play` has them; one whose name is taken here
    (Five or More's `size`) is spelled with a `game-` prefix: `--game-size large`."""
    taken = set(parser._option_string_actions)
    group = parser.add_argument_group(_("{title} options").format(title=_(game.info.title)))
    for spec in game.info.options:
        flag = "--" + spec.name.replace("_", "-")
        if flag in taken:
            flag = "--game-" + spec.name.replace("_", "-")
        if isinstance(spec.default, bool):
            group.add_argument(
                flag, dest=f"opt_{spec.name}", action=argparse.BooleanOptionalAction, default=None
            )
        else:
            group.add_argument(
                flag, dest=f"opt_{spec.name}", default=None, metavar=spec.name.upper(), help=spec.help
            )


def _match(game: Any, args: argparse.Namespace) -> Any:
    from ludoteca.match import Match
    from ludoteca.shells import session

    if args.record:
        try:
            text = Path(args.record).read_text(encoding="utf-8")
        except OSError as err:
            raise OptionError(
                _("cannot read {path}: {reason}").format(path=args.record, reason=os_reason(err))
            ) from None
        match = session.match_from_text(text)
        if game is not None and match.game.info.key != game.info.key:
            raise OptionError(
                _("{file} is a record of {other}, not {key}").format(
                    file=args.record, other=match.game.info.key, key=game.info.key
                )
            )
    else:
        if game is None:
            raise OptionError(_("which game? choose one of: {games}").format(games=", ".join(game_keys())))
        seats = (
            parse_seats(args.players)
            if args.players
            else tuple(SeatSpec("human") for _seat in range(game.info.default_seats))
        )
        match = Match(game, game.options(given_options(game, args)), seats, args.seed)
    for text in args.moves.split():
        match.play(text)
    return match


def render(args: argparse.Namespace, game: Any) -> Path:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from ludoteca.kits.window.page import Page
    from ludoteca.shells.window.app import App
    from ludoteca.shells.window.boards import has_board
    from ludoteca.shells.window.routes import ROUTES
    from ludoteca.store import Store

    # the rules write their sentences (a game's outcome) as moves are played: in the picture's
    # language, which `ludoteca --lang` has set already when given there
    if args.lang:
        set_language(args.lang)
    match = None if args.target in PAGES else _match(game, args)
    if match is not None and not has_board(match.game):
        raise OptionError(
            _("{title} is not yet drawn in the window, so it has no screenshot").format(
                title=_(match.game.info.title)
            )
        )

    def first(app: App) -> Page:
        if match is None and args.target == "puzzles":
            return ROUTES["puzzles"](app, args.game, args.puzzle)
        if match is None:
            return ROUTES["choose" if args.target == "games" else args.target](app)
        if match.over:
            return ROUTES["end"](app, match, recorded=True)
        return ROUTES["play"](app, match, computers=False)

    with tempfile.TemporaryDirectory() as home, Store(Path(home) / "screenshot.sqlite3") as store:
        if args.theme:
            store.set_setting("gui.theme", args.theme)
        # `ludoteca --lang fr screenshot …` (and `screenshot … --lang fr`, which the command line
        # takes out before this command sees it) has set the language already
        store.set_setting("language", args.lang or language())
        app = App(store, args.size, speed=0, sound=False, first=first, routes=ROUTES)
        if match is not None and match.moves and not match.over:
            screen = app.screen
            screen.say(match.describe_last(screen.view()))  # type: ignore[attr-defined]
        if args.moment is not None and match is not None:
            _freeze(app, match, args.moment)
        # the pointer rests outside the window, so no button shows as hovered
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(-1, -1), rel=(0, 0), buttons=(0, 0, 0)))
        for _frame in range(3):
            app.step()
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.surface, str(out))
        app.screen.leave()
        pygame.display.quit()
    return out


def _freeze(app: Any, match: Any, moment: float) -> None:
    """Show the last move's animation as it looks `moment` ms after it started."""
    from ludoteca.kits.window.anim import Transition
    from ludoteca.shells.window.screens.play import PlayScreen

    screen = app.screen
    if not isinstance(screen, PlayScreen) or len(match.states) < 2:
        return
    before = match.game.view(match.states[-2], screen.viewer())
    after = screen.view()
    duration = screen.board.transition_ms(before, after)
    if duration > 0:
        screen.transition = Transition(before, after, duration, app.now(), 1.0, frozen=moment)


def main(argv: list[str]) -> int:
    target = next((a for a in argv if a in game_keys() or a in PAGES), None)
    game = get_game(target) if target is not None and target not in PAGES else None
    args = _parser(game).parse_args(argv)
    out = render(args, game)
    print(_("Wrote {file}").format(file=out))
    return 0
