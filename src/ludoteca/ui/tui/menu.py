"""The terminal main menu: play, resume, score history, rules, quit."""

from __future__ import annotations

import random
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.options import OptionValue
from ludoteca.core.seats import MAX_LEVEL, SeatSpec
from ludoteca.games import GAME_KEYS, get_game
from ludoteca.i18n import _
from ludoteca.match import Match
from ludoteca.store import Store, StoreError
from ludoteca.ui import session
from ludoteca.ui.tui.adapter import adapter_for
from ludoteca.ui.tui.play import Console, TerminalGame, _EndOfInput


class Menu:
    def __init__(self, store: Store, console: Console | None = None) -> None:
        self.store = store
        self.console = console or Console()

    def choose(self, title: str, items: list[str]) -> int | None:
        """Numbered choice; None for 'back' (empty line, 0, q)."""
        say = self.console.say
        say()
        say(title)
        for number, item in enumerate(items, start=1):
            say(f"  {number}. {item}")
        while True:
            answer = self.console.ask(_("Your choice (Enter to go back): ")).strip().lower()
            if answer in ("", "0", "q", "b", "back"):
                return None
            if answer.isdigit() and 1 <= int(answer) <= len(items):
                return int(answer) - 1
            say(_("Please type a number from 1 to {n}.").format(n=len(items)))

    def run(self) -> int:
        try:
            while True:
                entries = [
                    _("Play a game"),
                    _("Resume a saved game"),
                    _("Score history"),
                    _("Rules"),
                    _("Quit"),
                ]
                choice = self.choose(_("Ludoteca — main menu"), entries)
                if choice is None or choice == 4:
                    return 0
                try:
                    [self.new_game, self.resume, self.scores, self.rules][choice]()
                except (LudotecaError, StoreError) as err:
                    self.console.say(_("Sorry: {err}").format(err=err))
        except _EndOfInput:
            return 0

    def pick_game(self) -> Game[Any, Any] | None:
        games = [get_game(key) for key in GAME_KEYS]
        index = self.choose(_("Which game?"), [f"{g.info.title} — {g.info.summary}" for g in games])
        return None if index is None else games[index]

    def ask_value(self, prompt: str, default: str) -> str:
        answer = self.console.ask(f"{prompt} [{default}]: ").strip()
        return answer or default

    def new_game(self) -> None:
        game = self.pick_game()
        if game is None:
            return
        custom = adapter_for(game.info.key).new_game(game, self.console.ask, self.console.say)
        options, seats = (game.options(custom[0]), custom[1]) if custom else self.ask_options_and_seats(game)
        seed_text = self.ask_value(_("Seed (Enter for a random one)"), "") if game.info.chance else ""
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else random.SystemRandom().randrange(1 << 31)
        match = Match(game, options, seats, seed)
        TerminalGame(match, self.store, self.console).run()

    def ask_options_and_seats(self, game: Game[Any, Any]) -> tuple[dict[str, OptionValue], list[SeatSpec]]:
        given: dict[str, OptionValue] = {}
        for spec in game.info.options:
            hint = f" ({'/'.join(spec.choices)})" if spec.choices else ""
            if isinstance(spec.default, bool):
                hint = _(" (yes/no)")
            while True:
                raw = self.ask_value(f"{_(spec.help)}{hint}", self._shown(spec.default))
                try:
                    given[spec.name] = spec.parse(raw)
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
                if raw.isdigit() and info.min_seats <= int(raw) <= info.max_seats:
                    count = int(raw)
                    break
        seats = [self.ask_seat(game, seat, count) for seat in range(count)]
        return options, seats

    @staticmethod
    def _shown(value: OptionValue) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

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
                name = self.console.ask(_("  Name (Enter for none): ")).strip() or None
                return SeatSpec("human", None, name)
            if raw.isdigit() and 1 <= int(raw) <= MAX_LEVEL:
                return SeatSpec("computer", int(raw))
            self.console.say(_("Type h, or a level from 1 to {max}.").format(max=MAX_LEVEL))

    def resume(self) -> None:
        saves = self.store.list_saves()
        if not saves:
            self.console.say(_("No saved games yet. In a game, type 'save'."))
            return
        index = self.choose(_("Which saved game?"), [f"{s.name} ({s.game}, {s.updated[:16]})" for s in saves])
        if index is None:
            return
        match, save_id = session.load_match(self.store, saves[index].id)
        TerminalGame(match, self.store, self.console, save_id=save_id).run()

    def scores(self) -> None:
        rows = self.store.results()
        if not rows:
            self.console.say(_("No finished games yet."))
        for row in rows:
            scores = " ".join(str(s) for s in row.scores) if row.scores is not None else ""
            self.console.say(
                f"{row.date[:16]}  {row.game:<11} {', '.join(row.players):<30} {scores:<10} {row.winner}"
            )

    def rules(self) -> None:
        game = self.pick_game()
        if game is not None:
            self.console.say(game.rules_text())


def run_menu(store: Store, console: Console | None = None) -> int:
    return Menu(store, console).run()
