"""Khet puzzles: "hit the Pharaoh in N" (N = 1 to 3 of the solver side's moves), in both editions,
every one proven by the mate search (`solve.forced_win`, the kernel's `forced_win`) against every
defence (`ludoteca.ai.puzzles`).

Positions come from games a weak engine plays against itself (a shallow search with noise, and
now and then a random move, so that Pharaohs get exposed). A position is a puzzle when the side to
move forces the other Pharaoh down within 3 of its moves, there is no faster win, and exactly one
first move wins that fast: each legal first move is tried against each reply, the kernel proving
or refuting the rest (`winning_firsts`). The line shown is the solver's: the only winning first
move, the reply that puts the win off longest, the fastest win again, and so on to the shot that
fells the Pharaoh. A player's later moves are right when they keep the win within the moves left
(any such move, as in Connect Four's puzzles). Both editions' puzzles live in one set, each naming
its edition in its options.

Grading: a longer win is harder, and so is a position with many moves to choose from, first moves
that win only one move later (tempting detours), or a proof that needed many positions; the
numbers are in each puzzle's `stats`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from ludoteca.ai.puzzles import Puzzle
from ludoteca.core.game import Game
from ludoteca.games.khet.board import KIND_NAMES, kind_of
from ludoteca.games.khet.moves import Move, move_source
from ludoteca.games.khet.position import COLOUR_NAMES
from ludoteca.games.khet.state import KhetState
from ludoteca.i18n import _

#: the wins a puzzle may ask for, in the solver side's moves
SHORTEST, LONGEST = 1, 3
#: the editions, with the setup their games start from, and the prefix of their puzzles' names
EDITIONS = (("khet2", "classic", "khet"), ("horus", "classic-horus", "horus"))
#: plies of self-play before a position is looked at, and the most a game may last
FIRST_PLY, LAST_PLY = 6, 120
#: the self-play engine: its depth, the noise on its scores, the chance of a random move instead
SELF_PLAY_DEPTH, SELF_PLAY_NOISE, RANDOM_MOVE = 2, 120, 0.25
#: at most this share of a set are wins in one (a lone winning shot is the easiest kind)
SHARE_OF_ONES = 0.25
#: the kernel's value of a won game for the side that moved (`kernel.WIN`)
WIN = 100_000_000


def maker() -> KhetPuzzles:
    return KhetPuzzles()


def edition_options(variant: str) -> dict[str, str]:
    setup = next(s for v, s, _p in EDITIONS if v == variant)
    return {"variant": variant, "setup": setup}


# ----- the kernel's view ------------------------------------------------------------------------------
class Prover:
    """Forced wins, proven by the kernel's mate search (`kernel.forced_win`), and which first
    moves win. `nodes` counts the kernel's positions since it was made (it grades a puzzle)."""

    def __init__(self) -> None:
        from ludoteca.games.khet import search

        self.search = search
        self.kernel = search.kernel
        self.nodes = 0
        #: the reply that last refuted an attack, tried first next time
        self._refuter: Move | None = None

    def win_within(self, board: Sequence[int], turn: int, horus: bool, most: int) -> Move | None:
        """The first move of a win the side to move forces within `most` of its moves, or None."""
        if most < 1:
            return None
        with self.search.lock():
            self.kernel.load(list(board), turn, horus, [])
            self.kernel.begin(lambda: False, 1 << 30, self.search.MATE_SALT, False)
            found = int(self.kernel.forced_win(most))
            self.nodes += int(self.kernel.nodes())
        return None if found < 0 else found

    def shortest(self, board: Sequence[int], turn: int, horus: bool, most: int) -> int | None:
        """How many moves the side to move needs to force a win (None: more than `most`)."""
        for moves in range(1, most + 1):
            if self.win_within(board, turn, horus, moves) is not None:
                return moves
        return None

    def afters(
        self, board: Sequence[int], turn: int, horus: bool
    ) -> list[tuple[Move, tuple[int, ...], int | None]]:
        """Each legal move of the side to move, the board it leads to and the game's result for
        that side (WIN, -WIN, 0 for a draw; None: the game goes on), in the kernel's order."""
        with self.search.lock():
            self.kernel.load(list(board), turn, horus, [])
            found = []
            for move in self.kernel.legal_moves():
                after = self.kernel.after(move)
                found.append((int(move), tuple(after[0]), after[2]))
            self.nodes += len(found)
        return found

    def loses(self, board: Sequence[int], turn: int, horus: bool, most: int) -> bool:
        """Whether every move of the side to move loses: fells its own Pharaoh, or leaves the other
        side a forced win within `most` of its moves."""
        replies = self.afters(board, turn, horus)
        if self._refuter is not None:
            replies.sort(key=lambda item: item[0] != self._refuter)
        for reply, after, result in replies:
            if result is None:
                lost = self.win_within(after, 1 - turn, horus, most) is not None
            else:
                lost = result == -WIN
            if not lost:
                self._refuter = reply
                return False
        return True

    def wins(self, after: Sequence[int], result: int | None, turn: int, horus: bool, most: int) -> bool:
        """Whether a move of `turn` that led to `after` (with `result`) wins within `most` moves."""
        if result is not None:
            return result == WIN
        return most > 1 and self.loses(after, 1 - turn, horus, most - 1)

    def winning_firsts(self, state: KhetState, most: int) -> list[Move]:
        """Every first move of a win within `most` moves for the side to move."""
        turn, horus = state.turn, state.horus
        return [
            move
            for move, after, result in self.afters(state.board, turn, horus)
            if self.wins(after, result, turn, horus, most)
        ]


def moves_left(puzzle: Puzzle, state: KhetState) -> int:
    """The solver side's moves left to win within, from `state` (either side to move)."""
    played = state.ply - len(puzzle.moves)
    return puzzle.n - (played + 1) // 2


class KhetPuzzles:
    def __init__(self) -> None:
        self._prover: Prover | None = None

    @property
    def prover(self) -> Prover:
        # made on first use: importing the search may compile its kernel
        if self._prover is None:
            self._prover = Prover()
        return self._prover

    # ----- the task --------------------------------------------------------------------------------
    def task(self, game: Game[Any, Any], puzzle: Puzzle) -> str:
        state = puzzle.position(game)
        side = _(COLOUR_NAMES[state.turn])
        if puzzle.n == 1:
            text = _("{side} to play: hit the Pharaoh with one move.")
        else:
            text = _("{side} to play: hit the Pharaoh in {n} moves, whatever the defence.")
        edition = _("Eye of Horus edition") if state.horus else _("Khet 2.0")
        return text.format(side=side, n=puzzle.n) + " (" + edition + ")"

    # ----- making puzzles ------------------------------------------------------------------------------
    def _self_play(
        self, game: Game[Any, Any], rng: random.Random, variant: str
    ) -> list[tuple[list[str], KhetState]]:
        """The positions of one self-play game (after the first few plies), with their moves."""
        from ludoteca.games.khet.search import Engine

        options = game.options(edition_options(variant))
        state = game.start(options, 0, 2)
        engine = Engine(state.horus, noise=SELF_PLAY_NOISE, seed=rng.getrandbits(32))
        engine.kernel.clear_table()  # the same seed makes the same games, whatever ran before
        moves: list[str] = []
        found: list[tuple[list[str], KhetState]] = []
        for ply in range(LAST_PLY):
            if game.is_over(state):
                break
            if ply >= FIRST_PLY:
                found.append((list(moves), state))
            if rng.random() < RANDOM_MOVE:
                move = rng.choice(list(game.legal_moves(state)))
            else:
                move = engine.search(state.board, state.turn, None, max_depth=SELF_PLAY_DEPTH).move
            moves.append(game.format_move(state, move))
            state = game.play(state, move)
        return found

    def build(
        self, game: Game[Any, Any], rng: random.Random, count: int, say: Callable[[str], None]
    ) -> list[Puzzle]:
        """`count` puzzles, half of each edition (Khet 2.0 first)."""
        found: list[Puzzle] = []
        for index, (variant, _setup, prefix) in enumerate(EDITIONS):
            wanted = (count + 1 - index) // 2
            found += self._build(game, rng, wanted, variant, prefix, say)
        return found

    def _build(
        self,
        game: Game[Any, Any],
        rng: random.Random,
        count: int,
        variant: str,
        prefix: str,
        say: Callable[[str], None],
    ) -> list[Puzzle]:
        found: list[Puzzle] = []
        seen: set[tuple[tuple[int, ...], int]] = set()
        ones = max(1, int(count * SHARE_OF_ONES))
        games = 0
        while len(found) < count and games < 60 * max(count, 1):
            games += 1
            taken = 0
            for moves, state in self._self_play(game, rng, variant):
                key = (tuple(state.board), state.turn)
                if key in seen or taken >= 2 or len(found) >= count:
                    continue
                seen.add(key)
                puzzle = self._puzzle(game, moves, state, variant, f"{prefix}-{len(found) + 1:04d}", ones)
                if puzzle is None:
                    continue
                if puzzle.n == 1:
                    ones -= 1
                found.append(puzzle)
                taken += 1
                say(f"{puzzle.ident}: hit in {puzzle.n}, rating {puzzle.rating}")
        return found

    def _puzzle(
        self, game: Game[Any, Any], moves: list[str], state: KhetState, variant: str, ident: str, ones: int
    ) -> Puzzle | None:
        prover = self.prover
        prover.nodes = 0
        n = prover.shortest(state.board, state.turn, state.horus, LONGEST)
        if n is None or (n == 1 and ones <= 0):
            return None
        nodes = prover.nodes
        firsts = prover.winning_firsts(state, n)
        if len(firsts) != 1:
            return None
        line = self.line(game, state, firsts[0], n)
        if line is None:
            return None
        # first moves that win one move later: tempting, and wrong
        later = len(prover.winning_firsts(state, n + 1)) - 1 if n < LONGEST else 0
        choices = len(game.legal_moves(state))
        texts, shown = [], state
        for move in line:
            texts.append(game.format_move(shown, move))
            shown = game.play(shown, move)
        return Puzzle(
            game=game.info.key,
            ident=ident,
            options=edition_options(variant),
            seed=0,
            moves=tuple(moves),
            goal="hit",
            n=n,
            solution=tuple(texts),
            rating=grade(n, choices, later, nodes),
            stats={"nodes": nodes, "moves": choices, "slower_wins": later},
        )

    def line(self, game: Game[Any, Any], state: KhetState, first: Move, n: int) -> list[Move] | None:
        """The main line from `state`: `first`, the most stubborn reply, the fastest win, and so on
        to the winning shot; None when it ends otherwise (every reply fells its own Pharaoh: the
        player would have nothing left to find)."""
        winner = state.turn
        line = [first]
        state = game.play(state, first)
        left = n - 1
        while state.end is None:
            if left <= 0:
                return None
            reply = self._stubborn(game, state, left)
            line.append(reply)
            state = game.play(state, reply)
            if state.end is not None:
                return None
            found = self.prover.win_within(state.board, state.turn, state.horus, left)
            if found is None:
                return None
            line.append(found)
            state = game.play(state, found)
            left -= 1
        if state.end.winner != winner or len(line) != 2 * n - 1:
            return None
        return line

    def _stubborn(self, game: Game[Any, Any], state: KhetState, left: int) -> Move:
        """The defence's reply that puts the win off longest (the first such in the kernel's
        order); a reply felling its own Pharaoh only when there is no other."""
        prover = self.prover
        best: tuple[int, Move] | None = None
        fallback: Move | None = None
        attacker = 1 - state.turn
        for reply, after, result in prover.afters(state.board, state.turn, state.horus):
            if result is not None:
                if fallback is None:
                    fallback = reply
                if result != -WIN:  # an escape: the puzzle's claim is wrong
                    return reply
                continue
            moves = prover.shortest(after, attacker, state.horus, left)
            value = left + 1 if moves is None else moves
            if best is None or value > best[0]:
                best = (value, reply)
        if best is not None:
            return best[1]
        assert fallback is not None
        return fallback

    # ----- checking and playing ----------------------------------------------------------------
    def verify(self, game: Game[Any, Any], puzzle: Puzzle) -> str | None:
        state = puzzle.position(game)
        if game.is_over(state):
            return "the game is over at the puzzle's position"
        prover = self.prover
        n = prover.shortest(state.board, state.turn, state.horus, max(puzzle.n, LONGEST))
        if n is None:
            return "the side to move forces no win"
        if n != puzzle.n:
            return f"the fastest win takes {n} moves, not {puzzle.n}"
        firsts = sorted(game.format_move(state, m) for m in prover.winning_firsts(state, n))
        if firsts != [puzzle.solution[0]]:
            return f"the first moves that win in {n} are {firsts}, not only {puzzle.solution[0]}"
        if len(puzzle.solution) != 2 * n - 1:
            return f"the solution has {len(puzzle.solution)} moves, not {2 * n - 1}"
        winner = state.turn
        for index, text in enumerate(puzzle.solution):
            move = game.read_move(state, text)
            if state.turn == winner and not self.judge(game, puzzle, state, move):
                return f"move {index + 1} of the solution does not keep the win"
            state = game.play(state, move)
            last = index == len(puzzle.solution) - 1
            if game.is_over(state) != last:
                return f"the solution's game ends at move {index + 1}"
        if state.end is None or state.end.winner != winner:
            return "the solution does not fell the other Pharaoh"
        return None

    def judge(self, game: Game[Any, Any], puzzle: Puzzle, state: Any, move: Any) -> bool:
        left = moves_left(puzzle, state)
        for candidate, after, result in self.prover.afters(state.board, state.turn, state.horus):
            if candidate == move:
                return self.prover.wins(after, result, state.turn, state.horus, left)
        return False

    def reply(self, game: Game[Any, Any], puzzle: Puzzle, state: Any) -> Any:
        return self._stubborn(game, state, max(1, moves_left(puzzle, state)))

    def hint(self, game: Game[Any, Any], puzzle: Puzzle, state: Any, step: int) -> str:
        left = moves_left(puzzle, state)
        move = self.prover.win_within(state.board, state.turn, state.horus, left)
        if move is None:  # cannot be on a right path; said plainly rather than failing
            return _("There is no win from here: take the solution.")
        piece = _(KIND_NAMES[kind_of(state.board[move_source(move)])])
        return _("The move to find is played with this piece: {piece}.").format(piece=piece)


def grade(n: int, choices: int, slower_wins: int, nodes: int) -> int:
    """A puzzle's rating from the solver's statistics: 700 for a lone winning shot, more for each
    move to the win, for many moves to choose from, for first moves that win only later (a
    tempting detour) and for a proof that needed many positions."""
    searched = math.log10(max(nodes, 10))
    rating = 700 + 300 * (n - 1) + 4 * max(0, choices - 60) + 60 * min(slower_wins, 4) + 40 * searched
    return int(max(600, min(2600, rating)))
