"""French everywhere a player reads, checked with a *marked* French.

`tests/core/test_i18n.py` proves that every string marked with `_()`, `N_()` or `ngettext()` has a
French translation. What it cannot see are the strings that escape marking: an f-string sentence
("Silver resigned"), a name shown without `_()`, a word translated at import time, `_()` called on a
value the catalogue never collected. These tests play every registered game in French, in
the terminal loop and the menus and through the command line, with a translation that wraps each
translated piece of text in ⟦ ⟧ (each literal run of a translation, not its {fields}, so a value
formatted into a sentence stays outside the marks). Any word printed outside the marks never went
through the catalogue, and any lookup the catalogue cannot answer is a string nobody collected.

Why marks rather than a list of English words that must not appear: a word list only finds the
words someone thought of ("resigned" was in no list until it leaked), and French shares many words
with English (Sphinx, Anubis, normal, options). Marks find any unmarked text, whatever its words.
The false alarms they could raise are notation and typed commands, which stay the same in every
language; the checker allows exactly those: the words of the moves the game itself wrote, the
command words and the game keys. Board drawings are symbols and single letters, which it ignores.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from ludoteca import i18n
from ludoteca.core.game import Game
from ludoteca.core.options import OptionValue
from ludoteca.core.seats import SeatSpec
from ludoteca.kits.terminal.console import Console, EndOfInput
from ludoteca.kits.terminal.style import Style
from ludoteca.match import Match
from ludoteca.shells.terminal import play as terminal_play
from ludoteca.store import Store
from tests.marked_french import (
    CLOSE,
    OPEN,
    MarkedFrench,
    allowed_words,
    install_marked_french,
    notation_words,
    shelf,
    unmarked_words,
)


@pytest.fixture
def french() -> Iterator[MarkedFrench]:
    translation = install_marked_french()
    try:
        yield translation
    finally:
        i18n.set_language("en")


# ----- games played in the terminal ------------------------------------------------------------
def variants(game: Game[Any, Any]) -> list[dict[str, OptionValue]]:
    """The default game, each other choice of each option, and every switch on (the combinations
    the game refuses are left out)."""
    wanted: list[dict[str, OptionValue]] = [{}]
    for spec in game.info.options:
        for choice in spec.choices or ():
            if choice != spec.default:
                wanted.append({spec.name: choice})
    switches = {spec.name: True for spec in game.info.options if isinstance(spec.default, bool)}
    if switches:
        wanted.append(switches)
    playable = []
    for options in wanted:
        try:
            game.options(options)
        except ValueError:
            continue
        playable.append(options)
    return playable


@dataclass
class Player(Console):
    """Types at the prompts of a terminal game: first the commands a curious player tries, then
    random legal moves, and resigns after `patience` moves. Other prompts get Enter."""

    match: Match | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    patience: int = 40
    script: list[str] = field(default_factory=list)
    notation: set[str] = field(default_factory=set)
    moves_made: int = 0
    enters: int = 0

    def ask(self, prompt: str) -> str:
        self.stdout.write(prompt)
        answer = self._answer(prompt)
        self.stdout.write(answer + "\n")
        return answer

    def _answer(self, prompt: str) -> str:
        match = self.match
        assert match is not None
        seat = match.to_move()
        shown = prompt.replace(OPEN, "").replace(CLOSE, "").rstrip()
        if shown.endswith("[o/N]"):
            return "o"  # yes, in French: "resign" asks first
        if seat is None or match.is_computer(seat) or not shown.endswith(">"):
            self.enters += 1  # passing the keyboard, between rounds, at the end
            assert self.enters < 50, f"a prompt that Enter does not answer: {shown!r}"
            return ""
        self.enters = 0
        if self.script and self.script[0] != MOVE:
            return self.script.pop(0)
        if self.script:
            self.script.pop(0)
        elif self.moves_made >= self.patience:
            return "resign"
        view = match.view(seat)
        moves = list(match.game.legal_moves(view))
        for move in moves[:300]:
            self.notation.update(
                w.lower() for w in re.findall(r"[^\W\d_]+", match.game.format_move(view, move))
            )
        self.moves_made += 1
        return match.game.format_move(view, self.rng.choice(moves))


#: in a script: play a random legal move
MOVE = "<a move>"
#: what a curious player types first: every command that answers in words, a bad move, a move
#: taken back and replayed
CURIOUS = ["help", "moves", "zz9!", "undo", "redo", "draw", "board", "save", MOVE, "undo", "redo"]


def _seats(game: Game[Any, Any]) -> tuple[SeatSpec, ...]:
    info = game.info
    if info.max_seats == 1:
        return (SeatSpec("human"),)
    count = min(info.max_seats, 3)
    return (*(SeatSpec("human") for _ in range(count - 1)), SeatSpec("computer", 1))


def _cases() -> list[tuple[str, dict[str, OptionValue]]]:
    return [(game.info.key, options) for game in shelf() for options in variants(game)]


@pytest.mark.parametrize(
    ("key", "options"), _cases(), ids=lambda v: v if isinstance(v, str) else ",".join(map(str, v.values()))
)
def test_a_game_in_the_terminal_speaks_only_french(
    french: MarkedFrench, key: str, options: dict[str, OptionValue], monkeypatch: pytest.MonkeyPatch
) -> None:
    from ludoteca.core.registry import get_game

    monkeypatch.setattr(terminal_play, "REPLAY_SECONDS", 0.0)
    game = get_game(key)
    seed = sum(map(ord, key + str(options)))
    match = Match(game, game.options(options), _seats(game), seed)
    player = Player(io.StringIO(), io.StringIO(), match, random.Random(seed), script=list(CURIOUS))
    with Store() as store:
        terminal_play.TerminalGame(match, store, player, Style(colour=False)).run()
    transcript = player.stdout.getvalue()
    assert match.over, transcript[-2000:]
    for text in match.moves:  # the computer's moves too
        player.notation.update(w.lower() for w in re.findall(r"[^\W\d_]+", text))
    leaks = unmarked_words(transcript, allowed_words(shelf()) | player.notation)
    assert not leaks, "\n".join(leaks[:20])
    assert not french.unknown, sorted(french.unknown)


# ----- the command line ------------------------------------------------------------------------
COMMAND_LINES = [
    ["--help"],
    ["games"],
    ["play", "connect4", "--help"],
    ["play", "chess"],
    ["play", "connect4", "--players", "wizard"],
    ["play", "connect4", "--players", "computer:9"],
    ["play", "connect4", "--variant", "tetris"],
    ["play", "fiveormore", "--colours", "many"],
    ["play", "connect4", "--seed", "ten"],
    ["play", "connect4", "--frobnicate"],
    ["saves"],
    ["scores"],
    ["replay", "/nonexistent/record.txt"],
    ["perft", "connect4"],
    ["nonsense"],
]


def _syntax_removed(text: str) -> str:
    """What a reader reads as words: flags (--players), metavariables (GAME) and the program's
    name are syntax, typed the same in every language."""
    text = re.sub(r"--?[\w-]+", " ", text)
    text = re.sub(r"\{[\w,]+\}|\[[\w|]+\]", " ", text)  # {tui,gui}, [list|show|…]: typed words
    text = re.sub(r"`[^`]*`", " ", text)  # `ludoteca menu qwirkle`: typed as it stands
    text = re.sub(r"\b[A-Z][A-Z_]+\b", " ", text)
    return re.sub(r"\bludoteca\b", " ", text)


@pytest.mark.parametrize("argv", COMMAND_LINES, ids=" ".join)
def test_the_command_line_speaks_only_french(
    french: MarkedFrench, argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ludoteca import cli

    monkeypatch.setattr(cli, "_choose_language", lambda asked: None)  # the marked French stays
    with contextlib.suppress(SystemExit):  # argparse's help and errors
        cli.main(argv)
    captured = capsys.readouterr()
    text = _syntax_removed(captured.out + captured.err)
    typed = {word.lower() for arg in argv for word in re.findall(r"[^\W\d_]+", arg)}  # quoted back
    # command names are typed as they stand; `new-game` reads as two words
    named = [*cli.COMMANDS, *cli.game_verbs()]
    commands = {word for name in named for word in (name, *name.split("-"))} | {"human", "computer", "remote"}
    leaks = unmarked_words(text, allowed_words(shelf()) | typed | commands)
    assert not leaks, "\n".join(leaks[:20])
    assert not french.unknown, sorted(french.unknown)


# ----- the terminal menus ----------------------------------------------------------------------
@dataclass
class MenuVisitor(Console):
    """Walks the terminal menu: starts every game (each option question answered with its
    default), tries a few commands in each and leaves it; the first game is resigned, the others
    saved; then resumes a save, and looks at the scores and the rules list. Menu choices come from
    `choices` and the input ends when they run out."""

    choices: list[str] = field(default_factory=list)
    at_game: list[str] = field(default_factory=list)
    games_left: int = 0
    last_prompt: str = ""
    repeats: int = 0

    def ask(self, prompt: str) -> str:
        from ludoteca.i18n import _

        self.stdout.write(prompt)
        shown = prompt.replace(OPEN, "").replace(CLOSE, "").rstrip()
        if shown.endswith("[o/N]"):
            answer = "o"  # yes, in French: "resign" asks first
        elif prompt in (_("Your choice (Enter to go back): "), _("Your choice (Enter to quit): ")):
            if not self.choices:
                raise EndOfInput
            answer = self.choices.pop(0)
        elif shown.endswith(">"):
            if not self.at_game:
                self.at_game = ["help", "moves", "zz9!", "save", "resign" if self.games_left == 0 else "quit"]
                self.games_left += 1
            answer = self.at_game.pop(0)
        elif prompt == self.last_prompt:
            self.repeats += 1  # Enter is not an answer here (a pseudonym)
            assert self.repeats < 5, f"a question the visitor cannot answer: {shown!r}"
            answer = f"Zoé{self.repeats}"
        else:
            answer = ""  # an option's default, a seat's default, Enter at the end, save: yes
        if prompt != self.last_prompt:
            self.last_prompt, self.repeats = prompt, 0
        self.stdout.write(answer + "\n")
        return answer


def test_the_terminal_menu_speaks_only_french(french: MarkedFrench) -> None:
    from ludoteca.shells.terminal.menu import Menu

    games = shelf()
    choices = [step for number in range(1, len(games) + 1) for step in ("1", str(number))]
    choices += ["2", "1", "3", "4", ""]  # resume the first save, scores, the rules list and back
    visitor = MenuVisitor(io.StringIO(), io.StringIO(), choices=choices)
    with Store() as store:
        Menu(store, visitor).run()
        assert store.list_saves() and store.results()
    transcript = visitor.stdout.getvalue()
    notation = {word for game in games for word in notation_words(game)}
    leaks = unmarked_words(transcript, allowed_words(games) | notation)
    assert not leaks, "\n".join(leaks[:20])
    assert not french.unknown, sorted(french.unknown)
