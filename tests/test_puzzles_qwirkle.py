"""Qwirkle's puzzles, "the best scoring play from this hand" (issue 28): every shipped puzzle solved
again by enumeration (one play scores most, the stated N its score), the enumeration checked
against plays built square by square by the rules, the answer the same whatever the hidden tiles
are (the seat's own view only), an attempt right and wrong, a set made again from its seed, and the
terminal trainer showing only the player's hand."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from ludoteca.ai.puzzles import Attempt, Puzzle, Verdict, dumps, shipped
from ludoteca.core.errors import LudotecaError
from ludoteca.core.registry import declaration, get_game
from ludoteca.games.qwirkle.notation import shown_move
from ludoteca.games.qwirkle.puzzles import plays_of
from ludoteca.games.qwirkle.state import EMPTY, Place
from ludoteca.games.qwirkle.tiles import HIDDEN, tile_text
from ludoteca.i18n import set_language
from ludoteca.shells.terminal.puzzles import games_with_puzzles, maker_for
from tests.cli_runner import run_ludoteca

GAME = get_game("qwirkle")


def puzzles() -> list[Puzzle]:
    return shipped(declaration("qwirkle").package)


def test_qwirkle_ships_a_graded_set_of_best_plays() -> None:
    found = puzzles()
    assert "qwirkle" in games_with_puzzles()
    assert len(found) >= 20 and len({p.ident for p in found}) == len(found)
    assert all(p.goal == "best" and len(p.solution) == 1 for p in found)
    ratings = [p.rating for p in found]
    assert max(ratings) - min(ratings) >= 400, "a set ranges from easy to hard"


@pytest.mark.parametrize("ident", [p.ident for p in puzzles()])
def test_each_shipped_puzzle_is_solved_again_with_one_best_play_scoring_its_n(ident: str) -> None:
    puzzle = next(p for p in puzzles() if p.ident == ident)
    assert maker_for(GAME).verify(GAME, puzzle) is None
    state = puzzle.position(GAME)
    move = GAME.read_move(state, puzzle.solution[0])
    assert GAME.score_play(state, move).score == puzzle.n


def test_every_play_of_one_or_two_tiles_built_square_by_square_is_enumerated() -> None:
    for puzzle in puzzles()[:3]:
        state = puzzle.position(GAME)
        plays = plays_of(GAME, state)
        hand = state.hands[state.turn]
        filled = [divmod(i, state.cols) for i, t in enumerate(state.cells) if t != EMPTY]
        near = {
            (r + dr, c + dc)
            for r, c in filled
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < state.rows and 0 <= c + dc < state.cols
        } - set(filled)
        built: dict[Place, int] = {}
        for r, c in near:
            for i, first in enumerate(hand):
                for tiles in [((r, c, first),)] + [
                    ((r, c, first), (r + dr, c + dc, second))
                    for j, second in enumerate(hand)
                    if j != i
                    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                ]:
                    move = Place.of(list(tiles))
                    try:
                        built[move] = GAME.score_play(state, move).score
                    except LudotecaError:
                        continue
        assert built, puzzle.ident
        for move, score in built.items():
            assert plays.get(move) == score, (puzzle.ident, move)


def test_the_answer_uses_only_what_the_player_sees() -> None:
    rng = random.Random(4)
    for puzzle in puzzles()[:4]:
        state = puzzle.position(GAME)
        seat = state.turn
        other = GAME.determinize(GAME.view(state, seat), seat, rng)
        assert other.hands[1 - seat] != state.hands[1 - seat] or other.bag != state.bag
        assert plays_of(GAME, other) == plays_of(GAME, state)


def test_the_best_play_solves_and_another_play_or_an_exchange_does_not() -> None:
    puzzle = puzzles()[0]
    attempt = Attempt(GAME, maker_for(GAME), puzzle)
    before = attempt.state
    assert attempt.view.bag != before.bag or not before.bag  # the bag is hidden in the view
    others = [m for m in plays_of(GAME, before) if GAME.format_move(before, m) != puzzle.solution[0]]
    assert attempt.move(GAME.format_move(before, others[0])).verdict is Verdict.WRONG
    hand = before.hands[before.turn]
    if before.bag:
        assert attempt.move(f"x {tile_text(hand[0])}").verdict is Verdict.WRONG
    assert attempt.state is before and attempt.missed
    assert attempt.move(puzzle.solution[0]).verdict is Verdict.SOLVED
    assert attempt.solved and not attempt.solved_first_time


def test_the_player_sees_their_hand_and_the_board_only() -> None:
    puzzle = puzzles()[0]
    attempt = Attempt(GAME, maker_for(GAME), puzzle)
    seat = attempt.seat
    view = attempt.view
    assert attempt.viewer == seat and view is attempt.view
    assert view.hands[seat] == attempt.state.hands[seat]
    assert all(t == HIDDEN for t in view.hands[1 - seat]) and all(t == HIDDEN for t in view.bag)
    assert view.cells == attempt.state.cells


def test_a_seed_makes_the_same_puzzles_again() -> None:
    maker = maker_for(GAME)
    made = [maker.build(GAME, random.Random(9), 3, lambda _line: None) for _twice in range(2)]
    assert dumps(made[0]) == dumps(made[1]) and len(made[0]) == 3
    assert all(maker.verify(GAME, p) is None for p in made[0])
    assert dumps(made[0]) != dumps(maker.build(GAME, random.Random(10), 3, lambda _line: None))


def test_a_tampered_puzzle_is_caught() -> None:
    maker = maker_for(GAME)
    puzzle = puzzles()[0]
    state = puzzle.position(GAME)
    second = sorted(plays_of(GAME, state).items(), key=lambda item: -item[1])[1][0]
    wrong = dataclasses.replace(puzzle, solution=(GAME.format_move(state, second),))
    assert maker.verify(GAME, wrong) is not None
    assert maker.verify(GAME, dataclasses.replace(puzzle, n=puzzle.n + 1)) is not None


def test_the_terminal_shows_only_the_players_hand_and_takes_the_play_in_french_letters(
    tmp_path: Path,
) -> None:
    puzzle = puzzles()[0]
    state = puzzle.position(GAME)
    set_language("fr")
    try:
        typed = shown_move(GAME.read_move(state, puzzle.solution[0]))
    finally:
        set_language("en")
    result = run_ludoteca(
        ["puzzles", "qwirkle", "--id", puzzle.ident, "--lang", "fr"], tmp_path, f"indice\n{typed}\n"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "trouvez la pose qui marque le plus" in out
    assert "La meilleure pose place" in out
    assert "Résolu" in out
