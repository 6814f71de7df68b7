"""`ludoteca puzzles [GAME]`: the game's puzzles in the terminal (the machinery is `ai.puzzles`);
`ludoteca puzzles build GAME --count N --seed S`: a new set made by the game's solvers.

A puzzle is shown as the board and its task; the player types a move, or `hint`, `solution`,
`next` or `quit` (in English or French). A right move is answered by the defence until the goal is
reached; a wrong one is said, and the player may try again (the puzzle then counts as missed).
The rating, the streak and what was solved are kept in the player's settings, per game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ludoteca.ai.puzzles import (
    Attempt,
    Progress,
    Puzzle,
    PuzzleMaker,
    Verdict,
    dumps,
    loads,
    setting_key,
    shipped,
)
from ludoteca.core.errors import LudotecaError, OptionError
from ludoteca.core.game import Game
from ludoteca.core.registry import declaration, declarations
from ludoteca.i18n import _
from ludoteca.kits.terminal.console import Console, EndOfInput
from ludoteca.kits.terminal.style import detect_style
from ludoteca.shells.terminal.boards import terminal_board_for

#: what a player types instead of a move, in either language
WORDS = {
    "hint": "hint",
    "indice": "hint",
    "solution": "solution",
    "next": "next",
    "suivant": "next",
    "quit": "quit",
    "q": "quit",
    "quitter": "quit",
}


def games_with_puzzles() -> list[str]:
    return [d.key for d in declarations() if d.puzzles is not None]


def maker_for(game: Game[Any, Any]) -> PuzzleMaker:
    factory = declaration(game.info.key).part("puzzles")
    if factory is None:
        raise OptionError(
            _("{game} has no puzzles yet; games with puzzles: {games}").format(
                game=_(game.info.title), games=", ".join(games_with_puzzles())
            )
        )
    return factory()  # type: ignore[no-any-return]


def puzzles_of(game: Game[Any, Any], source: str | None = None) -> list[Puzzle]:
    """The game's shipped puzzles, or those of the file `source`."""
    if source is None:
        return shipped(declaration(game.info.key).package)
    try:
        found = loads(Path(source).read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise OptionError(
            _("cannot read the puzzles of {path}: {reason}").format(path=source, reason=err)
        ) from None
    return [p for p in found if p.game == game.info.key]


def counted_line(attempt: Attempt, progress: Progress, change: float) -> str:
    """What a player is told once an attempt is counted (the terminal's and the window's words)."""
    rating = round(progress.rating)
    if attempt.solved_first_time:
        line = _("Solved! Rating {rating} ({change:+.0f}), streak {streak}.")
    elif attempt.solved:
        line = _("Solved, after a miss. Rating {rating} ({change:+.0f}).")
    else:
        line = _("Not solved. Rating {rating} ({change:+.0f}).")
    return line.format(rating=rating, change=change, streak=progress.streak)


class Trainer:
    """One player's session of puzzles of one game in the terminal."""

    def __init__(
        self,
        game: Game[Any, Any],
        maker: PuzzleMaker,
        puzzles: Sequence[Puzzle],
        store: Any,
        console: Console,
        rng: random.Random,
    ) -> None:
        self.game, self.maker, self.puzzles = game, maker, list(puzzles)
        self.store, self.console, self.rng = store, console, rng
        self.progress = Progress.from_text(store.get_setting(setting_key(game.info.key)))
        self.board = terminal_board_for(game)
        self.style = detect_style(console.stdout)

    def run(self, only: str | None = None) -> int:
        say = self.console.say
        say(
            _(
                "{game} puzzles: {n} to solve. Your puzzle rating: {rating}. "
                "Type a move, or hint, solution, next, quit."
            ).format(game=_(self.game.info.title), n=len(self.puzzles), rating=round(self.progress.rating))
        )
        try:
            while True:
                puzzle = self._pick(only)
                if puzzle is None:
                    say(_("Every puzzle is solved. Well played!"))
                    return 0
                if not self.attempt(puzzle) or only is not None:
                    return 0
        except EndOfInput:
            say()
            return 0

    def _pick(self, only: str | None) -> Puzzle | None:
        if only is not None:
            for puzzle in self.puzzles:
                if puzzle.ident == only:
                    return puzzle
            raise OptionError(_("there is no puzzle {id}").format(id=only))
        return self.progress.next_puzzle(self.puzzles, self.rng)

    def attempt(self, puzzle: Puzzle) -> bool:
        """One puzzle, to its end; False when the player quits."""
        say = self.console.say
        attempt = Attempt(self.game, self.maker, puzzle)
        say()
        say(_("Puzzle {id} (rating {rating})").format(id=puzzle.ident, rating=puzzle.rating))
        say(self._render(attempt))
        say(self.maker.task(self.game, puzzle))
        while not attempt.solved:
            typed = self.console.ask(_("Your move: ")).strip()
            word = WORDS.get(typed.lower())
            if word == "quit":
                self._finish(attempt, counted=attempt.missed)
                return False
            if word == "next":
                self._finish(attempt, counted=True)
                return True
            if word == "hint":
                say(attempt.hint())
                continue
            if word == "solution":
                line = attempt.play_solution()
                say(_("The solution: {line}").format(line=self.board.shown_notation(" ".join(line))))
                say(self._render(attempt))
                self._finish(attempt, counted=True)
                return True
            if not typed:
                continue
            try:
                answer = attempt.move(typed)
            except LudotecaError as err:
                say(str(err))
                continue
            if answer.verdict is Verdict.WRONG:
                say(
                    _(
                        "That is not it: {move} does not keep to the goal. Try again (or hint, solution)."
                    ).format(move=typed)
                )
            elif answer.verdict is Verdict.RIGHT:
                say(
                    _("Right. Your opponent plays {move}.").format(
                        move=self.board.shown_notation(answer.reply or "")
                    )
                )
                say(self._render(attempt))
            elif answer.reply is not None:  # solved by the defence's own fall
                say(
                    _("Right. Your opponent plays {move}.").format(
                        move=self.board.shown_notation(answer.reply)
                    )
                )
        say(self._render(attempt))
        self._finish(attempt, counted=True)
        return True

    def _render(self, attempt: Attempt) -> str:
        """The board as the player sees it (only their own hand where the game hides the others)."""
        return self.board.render(self.game, attempt.view, attempt.viewer, self.style)

    def _finish(self, attempt: Attempt, counted: bool) -> None:
        """Count a finished (or given up) attempt in the player's progress, and keep it."""
        if not counted:
            return
        change = self.progress.record(attempt.puzzle, attempt.solved_first_time)
        self.console.say(counted_line(attempt, self.progress, change))
        self.store.set_setting(setting_key(self.game.info.key), self.progress.to_text())


def build(game: Game[Any, Any], count: int, seed: int, out: str | None, console: Console) -> int:
    """`ludoteca puzzles build`: `count` puzzles from seed `seed`, each checked, written to `out`
    (else printed)."""
    maker = maker_for(game)
    started = time.process_time()
    made = maker.build(game, random.Random(seed), count, console.say)
    for puzzle in made:
        wrong = maker.verify(game, puzzle)
        if wrong is not None:  # a maker's own check failing is a bug: said, never shipped
            raise LudotecaError(f"puzzle {puzzle.ident} does not hold: {wrong}")
    text = dumps(made)
    if out is None:
        console.stdout.write(text)
    else:
        Path(out).write_text(text, encoding="utf-8")
        console.say(
            _("{n} puzzles written to {path} ({seconds:.0f} s of processor time).").format(
                n=len(made), path=out, seconds=time.process_time() - started
            )
        )
    return 0 if len(made) == count else 1
