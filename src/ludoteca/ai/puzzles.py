"""Puzzles made by a game's own solvers, and a player's way through them (issue 28).

A puzzle is a position reached by moves from a game's start (its options and seed, so a game with
chance replays too), a goal the game's maker states ("win in 4", "the best move"), the solution's
main line (the solver's side, then the best defence, and so on) and a difficulty rating.

A game offers puzzles by declaring a `PuzzleMaker` (`GameDeclaration.puzzles`): it builds puzzles
from positions of self-play, keeps those with a unique solution, grades them, and later judges a
player's move and answers it. What is generic lives here: the puzzle file format, one attempt at
a puzzle (`Attempt`), and the player's progress (`Progress`: a rating that moves like a chess
rating against each puzzle's, streaks, what was solved).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from importlib import resources
from typing import Any, Protocol

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game

#: a player's rating before any puzzle, and a puzzle's when its maker cannot grade it
START_RATING = 1500
#: how far one puzzle moves a player's rating at most
K_FACTOR = 32
#: the file of a game's shipped puzzles, in its package
SHIPPED = "puzzles.json"


@dataclass(frozen=True)
class Puzzle:
    game: str
    #: unique within its game's set ("c4-0007")
    ident: str
    options: Mapping[str, Any]
    seed: int
    #: the moves (their text) from the start to the puzzle's position
    moves: tuple[str, ...]
    #: what the maker calls the task ("win", "best"), with its number: the solver side's moves
    #: to win, or the empty squares left
    goal: str
    n: int
    #: the main line: the solver's side's move, the best defence, and so on to the goal
    solution: tuple[str, ...]
    rating: int = START_RATING
    #: what the maker measured to grade it (positions searched, moves that also looked good…)
    stats: Mapping[str, Any] = field(default_factory=dict)

    @property
    def steps(self) -> int:
        """The moves the player makes (the defence's are made for them)."""
        return (len(self.solution) + 1) // 2

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "id": self.ident,
            "options": dict(self.options),
            "seed": self.seed,
            "moves": list(self.moves),
            "goal": self.goal,
            "n": self.n,
            "solution": list(self.solution),
            "rating": self.rating,
            "stats": dict(self.stats),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Puzzle:
        try:
            return Puzzle(
                game=str(data["game"]),
                ident=str(data["id"]),
                options=dict(data.get("options") or {}),
                seed=int(data.get("seed", 0)),
                moves=tuple(str(m) for m in data["moves"]),
                goal=str(data["goal"]),
                n=int(data["n"]),
                solution=tuple(str(m) for m in data["solution"]),
                rating=int(data.get("rating", START_RATING)),
                stats=dict(data.get("stats") or {}),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"not a puzzle: {err}") from None

    def position(self, game: Game[Any, Any]) -> Any:
        """The state the puzzle starts from (ValueError when its moves do not replay)."""
        state = game.start(game.options(self.options), self.seed, game.info.default_seats)
        for text in self.moves:
            try:
                state = game.play(state, game.read_move(state, text))
            except LudotecaError as err:
                raise ValueError(f"puzzle {self.ident}: move {text!r} does not replay ({err})") from None
        return state


def dumps(puzzles: Iterable[Puzzle]) -> str:
    """A set of puzzles as the text of a puzzle file (one puzzle per line, for readable diffs)."""
    return (
        "[\n"
        + ",\n".join(json.dumps(p.to_json(), ensure_ascii=False, sort_keys=True) for p in puzzles)
        + "\n]\n"
    )


def loads(text: str) -> list[Puzzle]:
    data = json.loads(text)
    if not isinstance(data, list):
        raise ValueError("a puzzle file holds a list of puzzles")
    return [Puzzle.from_json(item) for item in data]


def shipped(package: str) -> list[Puzzle]:
    """The puzzles a game's package ships (none when it has no file)."""
    try:
        text = resources.files(package).joinpath(SHIPPED).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return []
    return loads(text)


class PuzzleMaker(Protocol):
    """What a game gives to make and run its puzzles (`GameDeclaration.puzzles`). A maker may
    also name `left_out_actions`: the keys of its window board's buttons that no puzzle needs
    (Qwirkle's Exchange), which the puzzles screen then does not show."""

    def task(self, game: Game[Any, Any], puzzle: Puzzle) -> str:
        """The task, in the player's language: "Yellow to play and win in 4"."""

    def build(
        self, game: Game[Any, Any], rng: random.Random, count: int, say: Callable[[str], None]
    ) -> list[Puzzle]:
        """`count` puzzles from self-play positions chosen by `rng` (so a seed makes the same
        set again), each with a unique solution, graded."""

    def verify(self, game: Game[Any, Any], puzzle: Puzzle) -> str | None:
        """None when the puzzle holds (its solution is the only one, and reaches its goal in
        exactly its `n`), else what is wrong."""

    def judge(self, game: Game[Any, Any], puzzle: Puzzle, state: Any, move: Any) -> bool:
        """Whether `move`, at the player's step in `state`, keeps to the goal."""

    def reply(self, game: Game[Any, Any], puzzle: Puzzle, state: Any) -> Any:
        """The defence's move in `state` (the one that resists longest)."""

    def hint(self, game: Game[Any, Any], puzzle: Puzzle, state: Any, step: int) -> str:
        """A hint for the player's move at `step` that narrows it down without giving it."""


class Verdict(Enum):
    #: the move keeps to the goal; the defence answered (`Answer.reply`)
    RIGHT = "right"
    #: the move reached the goal: solved
    SOLVED = "solved"
    #: the move does not keep to the goal (the position is as before it)
    WRONG = "wrong"


@dataclass(frozen=True)
class Answer:
    verdict: Verdict
    #: the defence's move (its text) after a right move
    reply: str | None = None


class Attempt:
    """One player's attempt at one puzzle: the position now, their steps, whether they missed."""

    def __init__(self, game: Game[Any, Any], maker: PuzzleMaker, puzzle: Puzzle) -> None:
        self.game, self.maker, self.puzzle = game, maker, puzzle
        self.state = puzzle.position(game)
        self.seat = game.to_move(self.state)
        #: the player's moves made so far
        self.step = 0
        #: the moves played since the puzzle's position (the player's and the defence's)
        self.played: list[str] = []
        #: a wrong move or a solution shown: the attempt no longer counts as solved first time
        self.missed = False
        self.hints = 0
        self.solved = False
        self._view: tuple[Any, Any] | None = None

    def move(self, text: str) -> Answer:
        """Try `text` as the player's move; IllegalMove or NotationError (with the rules' sentence)
        when it is not a legal move at all."""
        game, state = self.game, self.state
        move = game.read_move(state, text)
        if not self.maker.judge(game, self.puzzle, state, move):
            self.missed = True
            return Answer(Verdict.WRONG)
        self._play(move)
        self.step += 1
        if self.step >= self.puzzle.steps or game.is_over(self.state):
            self.solved = True
            return Answer(Verdict.SOLVED)
        reply = self.maker.reply(game, self.puzzle, self.state)
        reply_text = game.format_move(self.state, reply)
        self._play(reply)
        if game.is_over(self.state):  # the defence had only moves that lose at once (Khet)
            self.solved = True
            return Answer(Verdict.SOLVED, reply_text)
        return Answer(Verdict.RIGHT, reply_text)

    @property
    def view(self) -> Any:
        """The position as the player sees it: where the game hides information (Qwirkle's other
        hands and bag), their seat's own view, the same object while the position stays."""
        if not self.game.info.hidden_information:
            return self.state
        if self._view is None or self._view[0] is not self.state:
            self._view = (self.state, self.game.view(self.state, self.seat))
        return self._view[1]

    @property
    def viewer(self) -> Any:
        """The seat whose view is shown (None: the whole position, nothing being hidden)."""
        return self.seat if self.game.info.hidden_information else None

    def _play(self, move: Any) -> None:
        self.played.append(self.game.format_move(self.state, move))
        self.state = self.game.play(self.state, move)

    def hint(self) -> str:
        self.hints += 1
        return self.maker.hint(self.game, self.puzzle, self.state, self.step)

    def solution_from_here(self) -> tuple[str, ...]:
        """The main line from where the player is (the solution shown: the attempt is missed)."""
        self.missed = True
        return self.puzzle.solution[len(self.played) :] if self._on_main_line() else self.puzzle.solution

    def play_solution(self) -> tuple[str, ...]:
        """Play the solution from where the player is (from the puzzle's position when the
        player left its main line by another right move); returns the moves played."""
        line = self.solution_from_here()
        if not self._on_main_line():
            self.state, self.played = self.puzzle.position(self.game), []
        for text in line:
            self._play(self.game.read_move(self.state, text))
        return line

    def _on_main_line(self) -> bool:
        return tuple(self.played) == self.puzzle.solution[: len(self.played)]

    @property
    def solved_first_time(self) -> bool:
        return self.solved and not self.missed


def expected(player: float, puzzle: float) -> float:
    """The chance a player of rating `player` solves a puzzle of rating `puzzle` (the chess
    rating curve: 400 points apart is ten to one)."""
    return 1.0 / (1.0 + 10 ** ((puzzle - player) / 400.0))


@dataclass
class Progress:
    """A player's puzzle record in one game: rating, streaks, what was solved and missed."""

    rating: float = START_RATING
    streak: int = 0
    best_streak: int = 0
    solved: set[str] = field(default_factory=set)
    missed: set[str] = field(default_factory=set)

    def record(self, puzzle: Puzzle, solved_first_time: bool) -> float:
        """Count one finished attempt; returns the rating change. Only a first attempt at a
        puzzle moves the rating (trying again a puzzle one has seen solved teaches, but proves
        nothing)."""
        first = puzzle.ident not in self.solved and puzzle.ident not in self.missed
        change = 0.0
        if first:
            change = K_FACTOR * ((1.0 if solved_first_time else 0.0) - expected(self.rating, puzzle.rating))
            self.rating += change
        if solved_first_time:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            self.solved.add(puzzle.ident)
            self.missed.discard(puzzle.ident)
        else:
            self.streak = 0
            if puzzle.ident not in self.solved:
                self.missed.add(puzzle.ident)
        return change

    def next_puzzle(self, puzzles: Sequence[Puzzle], rng: random.Random) -> Puzzle | None:
        """An unsolved puzzle near the player's rating (missed ones come back last); None when
        every one is solved."""
        fresh = [p for p in puzzles if p.ident not in self.solved and p.ident not in self.missed]
        pool = fresh or [p for p in puzzles if p.ident not in self.solved]
        if not pool:
            return None
        nearest = sorted(pool, key=lambda p: (abs(p.rating - self.rating), p.ident))[:3]
        return rng.choice(nearest)

    def to_text(self) -> str:
        return json.dumps(
            {
                "rating": self.rating,
                "streak": self.streak,
                "best_streak": self.best_streak,
                "solved": sorted(self.solved),
                "missed": sorted(self.missed),
            },
            sort_keys=True,
        )

    @staticmethod
    def from_text(text: str | None) -> Progress:
        """The progress kept as `to_text` made it; a fresh one when there is none or it cannot be
        read (a damaged setting costs a player their streak, never the program)."""
        if not text:
            return Progress()
        try:
            data = json.loads(text)
            return Progress(
                rating=float(data.get("rating", START_RATING)),
                streak=int(data.get("streak", 0)),
                best_streak=int(data.get("best_streak", 0)),
                solved={str(i) for i in data.get("solved", [])},
                missed={str(i) for i in data.get("missed", [])},
            )
        except (ValueError, TypeError, AttributeError):
            return Progress()


def setting_key(game_key: str) -> str:
    """Where a player's progress in a game's puzzles is kept among their settings."""
    return f"puzzles.{game_key}"
