"""The terminal menus: the main menu (play, resume, score history, rules, quit), and the same menu
narrowed to one game (`ludoteca menu GAME`; the Qwirkle brief's console is this menu)."""

from __future__ import annotations

from typing import Any

from ludoteca.core.declaration import CommandContext, GameDeclaration
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.options import OptionValue
from ludoteca.core.registry import declarations, failures
from ludoteca.core.rng import fresh_seed
from ludoteca.core.seats import MAX_LEVEL, SeatSpec
from ludoteca.core.text import read_int_or_none, read_seed
from ludoteca.core.think import Think, read_think
from ludoteca.i18n import _, ngettext
from ludoteca.kits.terminal.console import Console, EndOfInput
from ludoteca.shells import listings, session
from ludoteca.shells.dates import when
from ludoteca.shells.terminal.boards import terminal_board_for
from ludoteca.shells.terminal.play import TerminalGame
from ludoteca.store import Store, StoreError


class Menu:
    def __init__(
        self, store: Store, console: Console | None = None, only: GameDeclaration | None = None
    ) -> None:
        self.store = store
        self.console = console or Console()
        #: the one game this menu is about (`ludoteca menu GAME`), or None for the whole shelf
        self.only = only

    def choose(self, title: str, items: list[str], top: bool = False) -> int | None:
        """Numbered choice; None for 'back' (empty line, 0, q), which leaves the program from the
        `top` menu: its prompt says so."""
        say = self.console.say
        say()
        say(title)
        prompt = _("Your choice (Enter to quit): ") if top else _("Your choice (Enter to go back): ")
        for number, item in enumerate(items, start=1):
            say(f"  {number}. {item}")
        while True:
            answer = self.console.ask(prompt).strip().lower()
            if answer in ("", "0", "q", "b", "back"):
                return None
            chosen = read_int_or_none(answer, 1, len(items))
            if chosen is not None:
                return chosen - 1
            say(_("Please type a number from 1 to {n}.").format(n=len(items)))

    def entries(self) -> tuple[str, list[tuple[str, Any]]]:
        """The menu's title and its (label, action) entries, Quit excluded."""
        if self.only is not None:
            title = _("{title} — menu").format(title=_(self.only.game.info.title))
            return title, [
                (_("Read the rules"), self.rules),
                (_("Start a new game"), self.new_game),
                (_("Resume a saved game"), self.resume),
                (_("See every player's scores"), self.scores),
            ]
        return _("Ludoteca — main menu"), [
            (_("Play a game"), self.new_game),
            (_("Resume a saved game"), self.resume),
            (_("Score history"), self.scores),
            (_("Rules"), self.rules),
        ]

    def run(self) -> int:
        if self.only is None:
            for failure in failures():
                self.console.say(failure.sentence())
        title, entries = self.entries()
        try:
            while True:
                choice = self.choose(title, [label for label, _action in entries] + [_("Quit")], top=True)
                if choice is None or choice == len(entries):
                    return 0
                try:
                    entries[choice][1]()
                except (LudotecaError, StoreError) as err:
                    self.console.say(_("Sorry: {err}").format(err=err))
        except EndOfInput:
            return 0

    def pick_game(self) -> Game[Any, Any] | None:
        if self.only is not None:
            return self.only.game
        games = [d.game for d in declarations()]
        index = self.choose(_("Which game?"), [f"{_(g.info.title)} — {_(g.info.summary)}" for g in games])
        return None if index is None else games[index]

    def ask_value(self, prompt: str, default: str) -> str:
        """An answer, or `default` on Enter (shown in brackets when there is one)."""
        shown = _("{question} [{default}]: ") if default else _("{question}: ")
        answer = self.console.ask(shown.format(question=prompt, default=default)).strip()
        return answer or default

    def new_game(self) -> None:
        game = self.pick_game()
        if game is None:
            return
        custom = terminal_board_for(game).new_game(game, self.console.ask, self.console.say)
        options, seats = (game.options(custom[0]), custom[1]) if custom else self.ask_options_and_seats(game)
        think = self.ask_think() if any(seat.is_computer for seat in seats) else Think()
        # the seed decides the computers' own choices too: with a count, it names the game
        asked = game.info.chance or think.counted
        seed = self.ask_seed() if asked else fresh_seed()
        match = session.new_match(game, options, seats, seed, self.store, think=think)
        TerminalGame(match, self.store, self.console).run()

    def ask_options_and_seats(self, game: Game[Any, Any]) -> tuple[dict[str, OptionValue], list[SeatSpec]]:
        given: dict[str, OptionValue] = {}
        for spec in game.info.options:
            if not spec.applies(given, game.info.options):
                continue  # Cascade's drop count, say, in a classic game
            hint = f" ({'/'.join(spec.value_text(c) for c in spec.choices)})" if spec.choices else ""
            if isinstance(spec.default, bool):
                hint = _(" (yes/no)")
            while True:
                # Enter keeps the default itself: its shown (translated) words are not read back
                raw = self.ask_value(f"{_(spec.help)}{hint}", spec.value_text(spec.default))
                try:
                    given[spec.name] = (
                        spec.default if raw == spec.value_text(spec.default) else spec.parse(raw)
                    )
                    break
                except LudotecaError as err:
                    self.console.say(str(err))
        options = game.options(given)
        info = game.info
        count = info.default_seats
        if info.min_seats != info.max_seats:
            while True:
                raw = self.ask_value(
                    _("How many players ({lo}–{hi})").format(lo=info.min_seats, hi=info.max_seats), str(count)
                )
                number = read_int_or_none(raw, info.min_seats, info.max_seats)
                if number is not None:
                    count = number
                    break
                self.console.say(
                    _("Type a number from {lo} to {hi}.").format(lo=info.min_seats, hi=info.max_seats)
                )
        seats = [self.ask_seat(game, seat, count) for seat in range(count)]
        return options, seats

    def ask_seat(self, game: Game[Any, Any], seat: int, count: int) -> SeatSpec:
        default = "h" if seat == 0 else f"{3}"
        colour = _(game.info.seat_names[seat]) if seat < len(game.info.seat_names) else str(seat + 1)
        while True:
            raw = self.ask_value(
                _("Player {n} ({colour}): h = human, 1–{max} = computer level").format(
                    n=seat + 1, colour=colour, max=MAX_LEVEL
                ),
                default,
            ).lower()
            if raw in ("h", "human"):
                return self.ask_human()
            level = read_int_or_none(raw, 1, MAX_LEVEL)
            if level is not None:
                return SeatSpec("computer", level)
            self.console.say(_("Type h, or a level from 1 to {max}.").format(max=MAX_LEVEL))

    def ask_human(self) -> SeatSpec:
        while True:
            name = self.console.ask(_("  Name (Enter for none): ")).strip() or None
            try:
                return SeatSpec("human", None, name)
            except LudotecaError as err:
                self.console.say(str(err))

    def ask_think(self) -> Think:
        """How long the computers think: each level's own time on an empty answer, seconds, or a
        count of positions (`nodes:N`), with which a seed replays the same game anywhere."""
        while True:
            text = self.ask_value(
                _(
                    "How long the computer thinks per move: Enter for its level's own time, or a "
                    "number of seconds"
                ),
                "",
            )
            if not text:
                return Think()
            try:
                return read_think(text)
            except LudotecaError as err:
                self.console.say(str(err))

    def ask_seed(self) -> int:
        """A seed the player gives, or a random one on an empty answer."""
        while True:
            text = self.ask_value(_("Seed (Enter for a random one)"), "")
            if not text:
                return fresh_seed()
            try:
                return read_seed(text)
            except LudotecaError as err:
                self.console.say(str(err))

    def resume(self) -> None:
        saves, finished = listings.split_saves(
            self.store.list_saves(self.only.key if self.only is not None else None)
        )
        if not saves and self.only is not None:
            self.console.say(
                _("No saved {title} game to resume. In a game, type 'save'.").format(
                    title=_(self.only.game.info.title)
                )
            )
        elif not saves:
            self.console.say(_("No saved game to resume. In a game, type 'save'."))
        if not saves and finished:
            self.console.say(
                ngettext(
                    "{n} finished game is kept: 'ludoteca saves' lists it, "
                    "'ludoteca replay NUMBER' steps through it.",
                    "{n} finished games are kept: 'ludoteca saves' lists them, "
                    "'ludoteca replay NUMBER' steps through one.",
                    len(finished),
                ).format(n=len(finished))
            )
        if not saves:
            return
        labels = [f"{s.name} ({listings.game_title(s.game)}, {when(s.updated)})" for s in saves]
        index = self.choose(_("Which saved game?"), labels)
        if index is None:
            return
        match, slot = session.load_match(self.store, saves[index].id)
        TerminalGame(match, self.store, self.console, slot=slot).run()

    def scores(self) -> None:
        if self.only is not None:
            own = self.only.command("scores")
            if own is not None:
                own([], CommandContext(lambda: self.store, self.console.stdout))
                return
        rows = self.store.results(self.only.key if self.only is not None else None)
        if not rows:
            self.console.say(_("No finished games yet."))
        else:
            for line in listings.scores_table(rows):
                self.console.say(line)
        for sentence in rows.damaged:
            self.console.say(sentence)

    def rules(self) -> None:
        game = self.pick_game()
        if game is not None:
            self.console.say(game.rules_text())


def run_menu(store: Store, console: Console | None = None, only: GameDeclaration | None = None) -> int:
    return Menu(store, console, only).run()
