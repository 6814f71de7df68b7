"""Khet's review analyser (`games/khet/review.py`), both editions: a missed Pharaoh hit is a
blunder with the hit named, proven values are exact (checked here against the rules by playing
the lines out), and a review is reproducible."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.ai.puzzles import Puzzle, shipped
from ludoteca.ai.review import Mark, review
from ludoteca.core.registry import get_game
from ludoteca.games.khet.review import KhetAnalyser
from ludoteca.shells.terminal.review import analyser_for

PUZZLES = {p.ident: p for p in shipped("ludoteca.games.khet")}


def replay(puzzle: Puzzle, extra: tuple[str, ...] = ()) -> tuple[Any, list[Any], list[Any]]:
    """The puzzle's game (its moves, then `extra`) as states and moves."""
    game = get_game("khet")
    state = game.start(game.options(puzzle.options), puzzle.seed, 2)
    states, moves = [state], []
    for text in (*puzzle.moves, *extra):
        move = game.parse_move(state, text)
        state = game.play(state, move)
        states.append(state)
        moves.append(move)
    return game, states, moves


def hits(game: Any, state: Any, line: tuple[str, ...]) -> bool:
    """Whether playing `line` from `state` ends with the mover's hit on the other Pharaoh."""
    mover = state.turn
    for text in line:
        state = game.play(state, game.parse_move(state, text))
    return state.end is not None and state.end.winner == mover


@pytest.mark.parametrize("ident", ["khet-0001", "horus-0001"])
def test_a_missed_hit_is_a_blunder_and_the_hit_is_named(ident: str) -> None:
    puzzle = PUZZLES[ident]
    assert puzzle.n == 1
    game, states, _moves = replay(puzzle)
    position = states[-1]
    # a move that neither hits nor fells the mover's own Pharaoh
    missed = next(
        m
        for m in game.legal_moves(position)
        if game.format_move(position, m) != puzzle.solution[0] and game.play(position, m).end is None
    )
    game, states, moves = replay(puzzle, (game.format_move(position, missed),))
    analyser = analyser_for(game, states[0])
    (reviewed,) = review(game, analyser, states, moves, first=len(moves)).moves
    assert reviewed.mark is Mark.BLUNDER
    assert reviewed.better == puzzle.solution[0] and hits(game, position, (reviewed.better,))
    assert reviewed.best is not None and reviewed.best.exact
    assert reviewed.best.result == 1 and reviewed.best.plies == 1


def test_proven_values_are_exact() -> None:
    analyser = KhetAnalyser()
    # the hit played: a proven win in one ply, the best move
    puzzle = PUZZLES["khet-0001"]
    game, states, moves = replay(puzzle, puzzle.solution)
    (hit,) = review(game, analyser, states, moves, first=len(moves)).moves
    assert hit.mark is Mark.BEST
    assert hit.played is not None and hit.played.exact and hit.played.chance == 1.0 and hit.played.plies == 1
    # the move that allowed it: a proven loss, the other side hitting next
    (allowed,) = review(game, analyser, states, moves, first=len(moves) - 1, last=len(moves) - 1).moves
    assert allowed.played is not None and allowed.played.exact
    assert allowed.played.result == -1 and allowed.played.plies == 2
    if allowed.best is not None and not allowed.best.exact:  # another move kept the game open
        assert allowed.mark is Mark.BLUNDER and allowed.better is not None
    # a hit in two moves: the better move's line, played out against the rules, hits
    puzzle = next(p for p in PUZZLES.values() if p.n == 2)
    game, states, _moves = replay(puzzle)
    position = states[-1]
    slow = next(
        m
        for m in game.legal_moves(position)
        if game.format_move(position, m) != puzzle.solution[0] and game.play(position, m).end is None
    )
    game, states, moves = replay(puzzle, (game.format_move(position, slow),))
    (reviewed,) = review(game, analyser, states, moves, first=len(moves)).moves
    assert reviewed.best is not None and reviewed.best.exact and reviewed.best.plies == 3
    assert reviewed.better is not None and len(reviewed.line) == 2
    assert hits(game, position, (reviewed.better, *reviewed.line))


def test_a_review_is_reproducible() -> None:
    puzzle = PUZZLES["horus-0002"]
    game, states, moves = replay(puzzle)
    first = len(moves) - 15

    def marks(analyser: KhetAnalyser) -> list[tuple[Any, ...]]:
        result = review(game, analyser, states, moves, first=first)
        return [(m.ply, m.mark, m.best, m.played, m.better, m.line) for m in result.moves]

    once = marks(KhetAnalyser())
    # another analyser, after other searches have filled the engine's table
    other = KhetAnalyser()
    review(game, other, states, moves, first=first - 6, last=first - 1)
    assert marks(other) == once
    assert len(once) == 16 and all(mark is not None for _ply, mark, *_rest in once)
