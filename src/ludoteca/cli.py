"""`ludoteca` — the command line. Every command prints a clear sentence on bad input and exits 2."""

from __future__ import annotations

import argparse
import logging
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ludoteca import __version__
from ludoteca.core.declaration import CommandContext, GameDeclaration
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.perft import divide, perft
from ludoteca.core.record import Record, replay
from ludoteca.core.registry import declaration, declarations, failures, game_keys, get_game
from ludoteca.core.seats import SeatSpec, parse_seats
from ludoteca.i18n import N_, _, ngettext, os_reason, set_language
from ludoteca.shells.options import add_option_flags, flag, given_options

USAGE_ERROR = 2


class UsageError(LudotecaError):
    pass


def _parser(prog: str, description: str) -> argparse.ArgumentParser:
    return argparse.ArgumentParser(prog=prog, description=description)


VALUE_FLAGS = ("--resume", "--record", "--position", "--players", "--seed", "--think", "--ui", "--name")


def _game_from(argv: Sequence[str], command: str) -> tuple[Game[Any, Any] | None, list[str]]:
    """Pick the game key out of `argv`: the first word that is neither a flag nor a flag's value.

    Only for commands whose other positionals are numbers (perft's DEPTH), so a word is a game.
    """
    rest = list(argv)
    i = 0
    while i < len(rest):
        word = rest[i]
        if word in VALUE_FLAGS:
            i += 2
            continue
        if not word.startswith("-") and not word.lstrip("-").isdigit():
            return get_game(word), rest[:i] + rest[i + 1 :]
        i += 1
    return None, rest


def _open_store() -> Any:
    from ludoteca.store import Store

    return Store()


# ----- commands ------------------------------------------------------------------------------
def cmd_games(argv: list[str]) -> int:
    _parser("ludoteca games", _("List the games and their options.")).parse_args(argv)
    for declared in declarations():
        info = declared.game.info
        seats = (
            f"{info.min_seats}" if info.min_seats == info.max_seats else f"{info.min_seats}–{info.max_seats}"
        )
        line = _("{title} — {summary} [players: {seats}]")
        print(f"{info.key:<11} " + line.format(title=_(info.title), summary=_(info.summary), seats=seats))
        for spec in info.options:
            choices = f" ({spec.choices_text()})" if spec.choices else ""
            line = _("{flag}{choices}: {help}; default {value}")
            print(
                f"{'':<13}"
                + line.format(
                    flag=flag(spec.name),
                    choices=choices,
                    help=_(spec.help),
                    value=spec.value_text(spec.default),
                )
            )
    for failure in failures():
        print(failure.sentence(), file=sys.stderr)
    return 0


def _default_seats(game: Game[Any, Any]) -> tuple[SeatSpec, ...]:
    info = game.info
    if info.default_seats == 1:
        return (SeatSpec("human"),)
    return (SeatSpec("human"), *(SeatSpec("computer", 3) for _seat in range(info.default_seats - 1)))


def cmd_play(argv: list[str]) -> int:
    from ludoteca.shells import session

    game, rest = _game_from(argv, "play")
    parser = _parser("ludoteca play", _("Play a game in the terminal (or the GUI with --ui gui)."))
    parser.add_argument(
        "--players", metavar=_("PLAYERS"), help=_("seats, e.g. human,computer:3 or Ann=human,Bob=human")
    )
    parser.add_argument("--seed", type=int, metavar="N", help=_("seed for chance (tile bags, spawns, decks)"))
    parser.add_argument(
        "--think", type=float, metavar=_("SECONDS"), help=_("seconds the computer may think per move")
    )
    parser.add_argument(
        "--resume", metavar=_("SAVE"), help=_("resume a saved game (number or name, see 'ludoteca saves')")
    )
    parser.add_argument("--record", metavar=_("FILE"), help=_("continue the game in a record file"))
    parser.add_argument("--ui", choices=("tui", "gui"), default="tui", help=_("front end"))
    if game is not None:
        add_option_flags(parser, game)
    args = parser.parse_args(rest)
    store = _open_store()
    save_id = None
    if args.resume:
        match, save_id = session.load_match(store, args.resume, think=args.think)
    elif args.record:
        match = session.match_from_text(_read_text(args.record), think=args.think)
    else:
        if game is None:
            raise UsageError(_("which game? choose one of: {games}").format(games=", ".join(game_keys())))
        options = game.options(given_options(game, args))
        seats = parse_seats(args.players) if args.players else _default_seats(game)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
        match = session.new_match(game, options, seats, seed, store, think=args.think)
    if args.ui == "gui" and _window_possible():
        from ludoteca.shells.window import run_gui

        return run_gui(store, match, save_id)
    from ludoteca.shells.terminal.play import play_in_terminal

    return play_in_terminal(match, store, save_id=save_id)


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise UsageError(_("cannot read {path}: {reason}").format(path=path, reason=os_reason(err))) from None
    except UnicodeDecodeError:
        raise UsageError(_("{path} is not a text file").format(path=path)) from None


def cmd_rules(argv: list[str]) -> int:
    parser = _parser("ludoteca rules", _("Show the rules of a game."))
    parser.add_argument("game", metavar=_("GAME"), help=", ".join(game_keys()))
    args = parser.parse_args(argv)
    print(get_game(args.game).rules_text())
    return 0


def cmd_saves(argv: list[str]) -> int:
    parser = _parser("ludoteca saves", _("List, show, rename, delete, export or import saved games."))
    sub = parser.add_subparsers(dest="action")
    sub.add_parser("list", help=_("list the saved games (default)"))
    show = sub.add_parser("show", help=_("print a saved game's record"))
    show.add_argument("save", metavar=_("SAVE"))
    ren = sub.add_parser("rename", help=_("rename a saved game"))
    ren.add_argument("save", metavar=_("SAVE"))
    ren.add_argument("name", metavar=_("NAME"))
    dele = sub.add_parser("delete", help=_("delete a saved game"))
    dele.add_argument("save", metavar=_("SAVE"))
    exp = sub.add_parser("export", help=_("write a saved game's record to a file"))
    exp.add_argument("save", metavar=_("SAVE"))
    exp.add_argument("file", metavar=_("FILE"))
    imp = sub.add_parser("import", help=_("save a record file (checked by replaying it)"))
    imp.add_argument("file", metavar=_("FILE"))
    imp.add_argument("--name")
    args = parser.parse_args(argv)
    store = _open_store()
    action = args.action or "list"
    if action == "list":
        saves = store.list_saves()
        if not saves:
            print(_("No saved games yet. In a game, type 'save'."))
        for saved in saves:
            record = Record.loads(saved.record_text)
            status = _("finished") if record.result else _("{n} moves").format(n=len(record.moves))
            print(f"{saved.id:>4}  {saved.name:<32} {saved.game:<11} {status:<10} {saved.updated}")
        if saves:
            print(_("Resume with: ludoteca play --resume NUMBER"))
    elif action == "show":
        print(store.load_save(args.save).record_text, end="")
    elif action == "rename":
        store.rename_save(args.save, args.name)
        print(_("Renamed."))
    elif action == "delete":
        store.delete_save(args.save)
        print(_("Deleted."))
    elif action == "export":
        Path(args.file).write_text(store.load_save(args.save).record_text, encoding="utf-8")
        print(_("Written to {file}.").format(file=args.file))
    elif action == "import":
        text = _read_text(args.file)
        record = Record.loads(text)
        replay(get_game(record.game), record, text)
        sid = store.save_game(args.name or Path(args.file).stem, record.game, text)
        print(_("Imported as number {id}.").format(id=sid))
    return 0


def cmd_scores(argv: list[str]) -> int:
    parser = _parser("ludoteca scores", _("Show the history of finished games."))
    parser.add_argument("game", nargs="?", metavar=_("GAME"), help=", ".join(game_keys()))
    parser.add_argument("--sorted", action="store_true", help=_("best scores first"))
    args, extra = parser.parse_known_args(argv)
    if args.game:
        own = declaration(args.game).command("scores")
        if own is not None:
            return int(own(argv[1:], _context()))
    if extra:
        parser.error(_("unrecognised arguments: {args}").format(args=" ".join(extra)))
    rows = _open_store().results(args.game)
    if not rows:
        print(_("No finished games yet."))
        return 0
    if args.sorted:
        rows = sorted(rows, key=lambda r: -(max(r.scores) if r.scores else 0))
    for row in rows:
        scores = " ".join(str(s) for s in row.scores) if row.scores is not None else ""
        players = ", ".join(row.players)
        winner = row.winner or (_("draw") if len(row.players) > 1 and len(set(row.ranks)) == 1 else "")
        print(f"{row.date[:16]:<17} {row.game:<11} {row.variant:<18} {players:<30} {scores:<10} {winner}")
    return 0


def cmd_replay(argv: list[str]) -> int:
    from ludoteca.kits.terminal.style import detect_style
    from ludoteca.shells import session
    from ludoteca.shells.terminal.boards import terminal_board_for

    parser = _parser("ludoteca replay", _("Check a record by replaying it, and show each position."))
    parser.add_argument("file", metavar=_("FILE"))
    parser.add_argument("--final", action="store_true", help=_("show only the final position"))
    args = parser.parse_args(argv)
    text = _read_text(args.file)
    match = session.match_from_text(text)
    adapter, style, game = terminal_board_for(match.game), detect_style(), match.game
    start = len(match.states) - 1 if args.final else 0
    for ply in range(start, len(match.states)):
        state = game.view(match.states[ply], None)
        if ply:
            print(f"{ply}. {match.moves[ply - 1]}   {game.describe_last(state)}")
        print(adapter.render(game, state, None, style))
    print(
        session.describe_outcome(match)
        or _("The game is not finished ({n} moves).").format(n=len(match.moves))
    )
    return 0


def cmd_perft(argv: list[str]) -> int:
    game, rest = _game_from(argv, "perft")
    parser = _parser(
        "ludoteca perft", _("Count the positions at exactly DEPTH plies (last line: the count).")
    )
    parser.add_argument("depth", type=int, metavar=_("DEPTH"))
    parser.add_argument("--position", help=_("start from this position (the game's position format)"))
    parser.add_argument("--divide", action="store_true", help=_("count per first move"))
    if game is None:
        raise UsageError(_("which game? choose one of: {games}").format(games=", ".join(game_keys())))
    add_option_flags(parser, game)
    args = parser.parse_args(rest)
    options = game.options(given_options(game, args))
    finder = declaration(game.info.key).part("start_position")  # not the session: perft needs no match
    position = args.position or (finder(options, _open_store()) if finder is not None else None)
    if position:
        state = game.parse_position(position, options)
    else:
        state = game.start(options, 0, game.info.default_seats)
    started = time.perf_counter()
    if args.divide:
        total = 0
        for move, count in divide(game, state, args.depth):
            print(f"{move}: {count}")
            total += count
    else:
        total = perft(game, state, args.depth)
    elapsed = time.perf_counter() - started
    print(
        _("{n} leaves in {t:.2f} s ({rate:,.0f}/s)").format(
            n=total, t=elapsed, rate=total / max(elapsed, 1e-9)
        ),
        file=sys.stderr,
    )
    print(total)
    return 0


def _context() -> CommandContext:
    return CommandContext(_open_store)


def _offering(verb: str) -> list[GameDeclaration]:
    return [d for d in declarations() if verb in d.commands]


def game_verbs() -> list[str]:
    """The commands games add (`solve`, `setups`, `bench`…), besides `scores`, which extends
    the generic one."""
    return sorted({verb for d in declarations() for verb in d.commands if verb not in COMMANDS})


def cmd_game_command(verb: str, argv: list[str]) -> int:
    """`ludoteca VERB GAME …` for a command a game declares (`solve`, `setups`…)."""
    available = ", ".join(d.key for d in _offering(verb))
    if not argv or argv[0] in ("-h", "--help"):
        print(_("usage: ludoteca {verb} GAME …   (games: {games})").format(verb=verb, games=available))
        return 0 if argv else USAGE_ERROR
    command = declaration(argv[0]).command(verb)
    if command is None:
        raise UsageError(
            _("'{verb}' is not available for {key}; it is for: {games}").format(
                verb=verb, key=argv[0], games=available or _("no game yet")
            )
        )
    return int(command(argv[1:], _context()))


def cmd_bench(argv: list[str]) -> int:
    """`ludoteca bench [GAME …] [ARGS]`: every game's benchmark, or the named ones (`gui`: the
    window's frame times)."""
    benches = {d.key: d for d in _offering("bench")}
    keys = [a for a in argv if a in benches or a == "gui"]
    rest = [a for a in argv if a not in keys]
    if argv and argv[0] in ("-h", "--help"):
        print(
            _("usage: ludoteca bench [GAME …] [ARGS]; games with a benchmark: {games}").format(
                games=", ".join([*benches, "gui"])
            )
        )
        return 0
    status = 0
    for key in keys or list(benches):
        print(f"== {key} ==")
        if key == "gui":
            from ludoteca.shells.window.bench import main as bench_gui

            status |= int(bench_gui(rest))
        else:
            status |= int(benches[key].command("bench")(rest, _context()))
    return status


def cmd_menu(argv: list[str]) -> int:
    """`ludoteca menu` (every game) or `ludoteca menu GAME` (the menu of one game: the Qwirkle
    brief's console is `ludoteca menu qwirkle`)."""
    from ludoteca.shells.terminal.menu import run_menu

    if len(argv) > 1:
        raise UsageError(_("'ludoteca menu' takes at most one game"))
    only = declaration(argv[0]) if argv else None
    return run_menu(_open_store(), only=only)


def cmd_start(argv: list[str]) -> int:
    """`ludoteca` alone: the window when there is a display, the terminal menu otherwise."""
    parser = _parser("ludoteca", _("Open the window, or the terminal menu when there is no display."))
    parser.add_argument("--ui", choices=("tui", "gui"), help=_("front end"))
    args = parser.parse_args(argv)
    from ludoteca.shells.window import display_available, run_gui

    if (args.ui == "gui" and _window_possible()) or (args.ui is None and display_available()):
        return run_gui(_open_store())
    return cmd_menu([])


def _window_possible() -> bool:
    """Whether `--ui gui` can show a window; when not, say so and let the terminal take over
    (without a display SDL would open an invisible window and wait forever)."""
    from ludoteca.shells.window import display_available

    if display_available() or os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return True
    print(
        _("There is no display here (DISPLAY is not set), so the game opens in the terminal."),
        file=sys.stderr,
    )
    return False


def cmd_catalogue(argv: list[str]) -> int:
    from ludoteca.shells.catalogue import main as catalogue

    return catalogue(argv)


def cmd_screenshot(argv: list[str]) -> int:
    from ludoteca.shells.window.screenshot import main as screenshot

    return screenshot(argv)


COMMANDS = {
    "games": cmd_games,
    "play": cmd_play,
    "rules": cmd_rules,
    "saves": cmd_saves,
    "scores": cmd_scores,
    "replay": cmd_replay,
    "perft": cmd_perft,
    "bench": cmd_bench,
    "menu": cmd_menu,
    "screenshot": cmd_screenshot,
    "catalogue": cmd_catalogue,
}

HELP = N_("""usage: ludoteca [COMMAND] [ARGS]

With no command, opens the window (or the terminal menu when there is no display;
`ludoteca --ui tui` or `--ui gui` chooses).

commands:
  games                      list the games and their options
  play GAME [options]        play (--players human,computer:3 --seed N --resume SAVE …)
  rules GAME                 show the rules
  saves [list|show|rename|delete|export|import]
  scores [GAME] [--sorted]   history of finished games
  replay FILE                check a record and show its positions
  perft GAME DEPTH           count positions (rule check)
{game_commands}  bench [GAME …]             benchmarks
  menu [GAME]                the terminal menu (of one game: `menu qwirkle` is the Qwirkle console)
  screenshot GAME --out F.png  draw a position as the window shows it (--record FILE, --size WxH)
  catalogue LANG [--package DIR]  update the translation catalogues (of a game package with --package)

'ludoteca COMMAND --help' tells more.
""")

#: argparse's own words (usage lines, headings, errors): it looks each up through gettext at the
#: moment it prints it, so `_argparse_speaks_our_language` points that lookup at our catalogues.
#: Listed here so `ludoteca catalogue` collects them; words of other Python versions stay English.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
)


def _argparse_speaks_our_language() -> None:
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def _choose_language() -> None:
    """LUDOTECA_LANG first, then the language chosen in the window's settings, then LANG."""
    if os.environ.get("LUDOTECA_LANG"):
        set_language(None)
        return
    try:
        from ludoteca.store import Store

        with Store() as store:
            chosen = store.get_setting("language")
    except Exception:  # an unreadable store must not stop the program from starting
        chosen = None
    set_language(chosen)


#: the log, beside the data file: games that fail to load, with their tracebacks
LOG_FILENAME = "ludoteca.log"


def _open_log() -> None:
    """Send Ludoteca's log to a file in the data folder (the terminal keeps its one-line
    messages); with no writable folder, nowhere."""
    logger = logging.getLogger("ludoteca")
    logger.propagate = False
    if logger.handlers:
        return
    try:
        from ludoteca.store.paths import data_home

        folder = data_home()
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(folder / LOG_FILENAME, encoding="utf-8", delay=True)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    except OSError:
        handler = logging.NullHandler()
    logger.addHandler(handler)


def main(argv: Sequence[str] | None = None) -> int:
    _open_log()
    _choose_language()
    _argparse_speaks_our_language()
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] == "--ui":
        return _guarded(cmd_start, args)
    command, rest = args[0], args[1:]
    if command in ("-h", "--help", "help"):
        offered = "".join(
            f"  {verb + ' ' + _('GAME') + ' …':<27}{', '.join(d.key for d in _offering(verb))}\n"
            for verb in game_verbs()
        )
        print(_(HELP).replace("{game_commands}", offered), end="")
        return 0
    if command in ("-V", "--version"):
        print(f"ludoteca {__version__}")
        return 0
    handler = COMMANDS.get(command)
    if handler is None and command in game_verbs():
        return _guarded(lambda a: cmd_game_command(command, a), rest)
    if handler is None:
        print(
            _("unknown command {cmd!r}; the commands are: {cmds}").format(
                cmd=command, cmds=", ".join([*COMMANDS, *game_verbs()])
            ),
            file=sys.stderr,
        )
        return USAGE_ERROR
    return _guarded(handler, rest)


def _guarded(handler: Any, argv: list[str]) -> int:
    from ludoteca.store import StoreError

    try:
        return int(handler(argv))
    except (LudotecaError, StoreError) as err:
        print(_("ludoteca: {error}").format(error=err), file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # output piped into `head`: not an error worth a traceback
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
