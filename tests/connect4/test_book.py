"""The opening book: what it holds agrees with the solver, it covers every reply of Red until the
solver takes over quickly, and level 5 following it does not lose from the empty grid."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from ludoteca.ai import native
from ludoteca.ai.base import Budget
from ludoteca.core.declaration import CommandContext
from ludoteca.games.connect4 import GAME, bench
from ludoteca.games.connect4.bitboard import mirror
from ludoteca.games.connect4.book import (
    BOOK_FILE,
    Book,
    Scores,
    canonical,
    position_of,
    read,
    read_scores,
    shipped,
    shipped_scores,
    write,
    write_scores,
)
from ludoteca.games.connect4.book_builder import LEAF_NODES, SCORE_DISCS, cold_cost
from ludoteca.games.connect4.players import player_for_level
from ludoteca.games.connect4.solver import Position, Solver, kernel

COMPILED = native.is_compiled(kernel())
needs_compiled = pytest.mark.skipif(
    not COMPILED, reason="the book's promise holds for the compiled kernel (the plain one is slower)"
)


def entries(seed: int, count: int, least_discs: int = 0) -> list[tuple[Position, int]]:
    """`count` entries of the shipped book drawn at random, as positions and their columns."""
    book = shipped()
    rng = random.Random(seed)
    found = []
    for key, column in book.moves.items():
        current, mask, played = position_of(key)
        if played >= least_discs:
            found.append((Position(current, mask, played), column))
    return rng.sample(found, min(count, len(found)))


def test_the_book_is_shipped_small_and_says_how_it_was_built() -> None:
    book = shipped()
    assert len(book) > 100
    assert BOOK_FILE.stat().st_size < 1_000_000
    assert any("--build-book" in line for line in book.about)
    # Yellow's winning first disc is the centre one
    assert book.move(0, 0) == 3


def test_the_book_keeps_yellow_positions_and_answers_both_mirror_images() -> None:
    book = shipped()
    for position, column in entries(1, 30):
        assert position.played % 2 == 0
        assert book.move(position.current, position.mask) == column
        symmetric = mirror(position.key) == position.key
        flipped = book.move(mirror(position.current), mirror(position.mask))
        assert flipped == (column if symmetric else 6 - column)


def test_reading_and_writing_round_trip(tmp_path: Path) -> None:
    book = Book({canonical(Position.from_text("44").key)[0]: 3, 0: 3}, ("about it",))
    write(tmp_path / "book.txt", book)
    assert read(tmp_path / "book.txt") == book
    scores = Scores({0: (1, (3,)), 0x400001: (-2, (2, 3))}, ("about them",))
    write_scores(tmp_path / "scores.txt", scores)
    assert read_scores(tmp_path / "scores.txt") == scores
    (tmp_path / "bad.txt").write_text("12 9\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 1"):
        read(tmp_path / "bad.txt")
    (tmp_path / "bad.txt").write_text("# about\n\n12 3\nzz 3\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 4: expected 'KEY COLUMN', found 'zz 3'"):
        read(tmp_path / "bad.txt")


@pytest.mark.parametrize("seed", [1, 2])
def test_sampled_entries_are_winning_moves_by_the_solver(seed: int) -> None:
    # the deeper entries: each check is one null-window search, quick for the compiled kernel
    solver = Solver()
    for position, column in entries(seed, 6 if COMPILED else 1, least_discs=12):
        assert position.can_play(column)
        if position.wins_with(column):
            continue
        child = position.play(column)
        assert not child.can_win_now()
        assert not solver.at_least(child, 0), "Red must lose after the book's move"


@needs_compiled
def test_past_the_book_every_reply_leaves_a_quick_solve() -> None:
    book = shipped()
    rng = random.Random(3)
    checked = 0
    for position, column in entries(4, 40, least_discs=10):
        after = position.play(column)
        replies = [c for c in range(7) if after.can_play(c)]
        reply = rng.choice(replies)
        following = after.play(reply)
        if following.can_win_now() or book.move(following.current, following.mask) is not None:
            continue
        cost, _seconds = cold_cost(following.current, following.mask, following.played, LEAF_NODES)
        assert cost is not None, "a position past the book must be solved within the leaf budget"
        checked += 1
        if checked == 4:
            break
    Solver.clear_table()


@needs_compiled
def test_level_five_with_yellow_wins_from_the_empty_grid(capsys: pytest.CaptureFixture[str]) -> None:
    # the bench's first two opponents, random moves and level 3 (book.md has `--play 40`)
    assert bench.main(["--play", "2", "--seed", "3"], CommandContext(no_store)) == 0
    assert "over 2 games: 2 wins, 0 draws, 0 losses" in capsys.readouterr().out


def no_store() -> None:
    raise AssertionError("the bench needs no store")


def reachable(discs: int) -> set[int]:
    """The keys of every position of 0 to `discs` discs a game can reach, found by the rules' own
    moves (not the builder's walk), one for a position and its mirror image: the smaller key of
    the line of moves and of its mirror line."""
    lines: dict[tuple[int, int], tuple[tuple[int, ...], Any]] = {(0, 0): ((), GAME.start(GAME.options(), 0))}
    keys = {0}
    for _ in range(discs):
        following: dict[tuple[int, int], tuple[tuple[int, ...], Any]] = {}
        for moves, state in lines.values():
            for move in GAME.legal_moves(state):
                after = GAME.play(state, move)
                if GAME.outcome(after) is None:
                    following.setdefault(after.discs, ((*moves, move), after))
        lines = following
        for moves, _state in lines.values():
            mirrored = tuple(6 - move for move in moves)
            keys.add(min(Position.from_moves(moves).key, Position.from_moves(mirrored).key))
    return keys


def test_the_exact_scores_cover_the_first_discs_and_say_how_they_were_built() -> None:
    scores = shipped_scores()
    assert any("--build-scores" in line for line in scores.about)
    assert max(position_of(key)[2] for key in scores.entries) == SCORE_DISCS
    assert set(scores.entries) == reachable(SCORE_DISCS)
    assert scores.get(0, 0) == (1, [3])
    # the published reading of the empty grid: column by column, the first player's score
    first = [Position.from_text(str(c + 1)) for c in range(7)]
    assert [-scores.get(p.current, p.mask)[0] for p in first] == [-2, -1, 0, 1, 0, -1, -2]  # type: ignore[index]


def test_every_score_is_the_best_of_its_children() -> None:
    table = shipped_scores()
    for key in table.entries:
        current, mask, played = position_of(key)
        if played == SCORE_DISCS:
            continue
        position = Position(current, mask, played)
        values = {}
        for column in range(7):
            if position.wins_with(column):
                values[column] = 22 - (played + 2) // 2
            elif position.can_play(column):
                after = position.play(column)
                child = table.get(after.current, after.mask)
                assert child is not None
                values[column] = -child[0]
        score, best = table.get(current, mask)  # type: ignore[misc]
        assert score == max(values.values())
        assert best == [c for c, v in values.items() if v == score]


@needs_compiled
@pytest.mark.skipif(
    os.environ.get("LUDOTECA_SLOW") != "1",
    reason="an exact solve with 2 discs takes minutes: LUDOTECA_SLOW=1 runs it (book.md has two by hand)",
)
def test_a_sampled_score_agrees_with_the_solver() -> None:
    # the deepest positions of the table are the builder's solves; one more, from an empty table
    table = shipped_scores()
    deepest = [(key, entry) for key, entry in table.entries.items() if position_of(key)[2] == SCORE_DISCS]
    key, (score, best) = random.Random(5).choice(deepest)
    Solver.clear_table()
    assert Solver().best_moves(Position(*position_of(key))) == (score, list(best))


def test_level_five_answers_a_weak_opening_from_the_scores() -> None:
    # Yellow opened on the edge: Red wins, and level 5 (with Red) plays a best reply at once
    state = GAME.parse_position("1", GAME.options())
    opened = Position.from_text("1")
    score, best = shipped_scores().get(opened.current, opened.mask)  # type: ignore[misc]
    assert score > 0
    move = player_for_level(5, seed=1).choose(GAME, state, 1, Budget(2.0))
    assert move in best
