"""Game review (`ai.review`, the Connect Four and Othello analysers, `ludoteca review`): the marks
are checked against the exact solvers, recomputed here independently of the analysers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ludoteca.ai.review import Mark, review
from ludoteca.core.registry import get_game
from ludoteca.games.connect4.review import Connect4Analyser
from ludoteca.games.connect4.solver import Position, Solver
from ludoteca.games.othello.endgame import EndgameSolver
from ludoteca.games.othello.game import PASS
from ludoteca.games.othello.review import OthelloAnalyser
from tests.cli_runner import run_ludoteca

#: a game between two level-2 computers (1-based columns): blunders, slow wins and best moves
C4_GAME = list("2534443325344343225226761166577761557")
#: the solver needs seconds per position before this many discs; the test reviews the rest
C4_FROM = 12


def replay(key: str, texts: list[str]) -> tuple[Any, list[Any], list[Any]]:
    game = get_game(key)
    state = game.start(game.options({}), 1, 2)
    states, moves = [state], []
    for text in texts:
        move = game.parse_move(state, text)
        state = game.play(state, move)
        states.append(state)
        moves.append(move)
    return game, states, moves


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def test_connect4_marks_agree_with_the_solver_move_by_move() -> None:
    game, states, moves = replay("connect4", C4_GAME)
    result = review(game, Connect4Analyser(), states, moves, first=C4_FROM)
    solver = Solver()
    assert [m.ply for m in result.moves] == list(range(C4_FROM, len(C4_GAME) + 1))
    marks = set()
    for reviewed in result.moves:
        played = list(map(int, C4_GAME[: reviewed.ply - 1]))
        scores = solver.analyse(Position.from_moves(c - 1 for c in played))
        best, mine = max(scores.values()), scores[moves[reviewed.ply - 1]]
        assert reviewed.best is not None and reviewed.played is not None
        assert (reviewed.best.score, reviewed.played.score) == (best, mine), reviewed.ply
        if mine == best:
            expected = Mark.BEST
        elif sign(mine) < sign(best):
            expected = Mark.BLUNDER
        else:  # the same result, later won or sooner lost: an inaccuracy when it halves the fight
            b, p = reviewed.best.plies, reviewed.played.plies
            assert b is not None and p is not None
            easy = (best < 0 and p * 2 <= b) or (best > 0 and p >= 2 * b)
            expected = Mark.INACCURACY if easy else Mark.GOOD
        assert reviewed.mark is expected, reviewed.ply
        marks.add(expected)
    assert {Mark.BEST, Mark.BLUNDER} <= marks and marks & {Mark.GOOD, Mark.INACCURACY}


def test_a_won_position_thrown_away_is_a_blunder_and_the_better_move_wins() -> None:
    solver = Solver()
    start = [int(c) - 1 for c in C4_GAME[:19]]  # Red to move, and Red wins (move 20 threw it away)
    scores = solver.analyse(Position.from_moves(start))
    assert max(scores.values()) > 0
    losing = next(c for c, s in scores.items() if s < 0)
    game, states, moves = replay("connect4", [*C4_GAME[:19], str(losing + 1)])
    (reviewed,) = review(game, Connect4Analyser(), states, moves, first=20).moves
    assert reviewed.mark is Mark.BLUNDER
    assert reviewed.better is not None and scores[int(reviewed.better) - 1] > 0
    assert reviewed.played is not None and reviewed.played.result == -1


def othello_game() -> list[str]:
    from ludoteca.ai.tournament import play_game

    othello = get_game("othello")
    return list(play_game(othello, othello.options({}), (2, 2), 5, opening_plies=2).moves)


def test_an_othello_endgame_is_reviewed_exactly() -> None:
    texts = othello_game()
    game, states, moves = replay("othello", texts)
    first = len(texts) - 11
    result = review(game, OthelloAnalyser(), states, moves, first=first)
    solver = EndgameSolver()
    for reviewed in result.moves:
        state, move = states[reviewed.ply - 1], moves[reviewed.ply - 1]
        p, o = state.sides
        assert reviewed.best is not None and reviewed.best.exact and reviewed.played is not None
        if move == PASS:
            assert reviewed.mark is Mark.BEST
            continue
        score, best = solver.best_moves(p, o)
        assert reviewed.best.score == score
        assert (reviewed.mark is Mark.BEST) == (move in best), reviewed.ply
        if sign(int(reviewed.played.score or 0)) < sign(score):
            assert reviewed.mark is Mark.BLUNDER


def write_record(folder: Path) -> Path:
    record = folder / "game.txt"
    body = "\n".join(f"{n}. {c}" for n, c in enumerate(C4_GAME, start=1))
    record.write_text(f'[Game "connect4"]\n[Seed "1"]\n[Result "1-2"]\n\n{body}\n', encoding="utf-8")
    return record


def test_the_terminal_command_in_english_and_french(tmp_path: Path) -> None:
    record = write_record(tmp_path)
    english = run_ludoteca(["review", str(record), "--from", "20"], tmp_path, LUDOTECA_LANG="en")
    assert english.returncode == 0, english.stderr
    out = english.stdout
    assert "Evaluation for Yellow" in out
    assert any(bar in out for bar in "▁█")
    assert "  20. Red      2      blunder" in out and "better: 5" in out
    assert "Yellow: accuracy" in out and "worst moment: move" in out
    french = run_ludoteca(["review", str(record), "--from", "20", "--to", "25"], tmp_path, LUDOTECA_LANG="fr")
    assert french.returncode == 0, french.stderr
    assert "gaffe" in french.stdout and "meilleur" in french.stdout
    assert "précision" in french.stdout and "blunder" not in french.stdout
    assert "  26." not in french.stdout


def test_a_game_without_an_analyser_is_not_offered(tmp_path: Path) -> None:
    record = tmp_path / "turtles.txt"
    record.write_text('[Game "turtles"]\n\n', encoding="utf-8")
    refused = run_ludoteca(["review", str(record)], tmp_path, LUDOTECA_LANG="en")
    assert refused.returncode != 0
    assert (
        "Review is not offered for Robot Turtles yet: it has hidden information or chance." in refused.stderr
    )
    cascade = tmp_path / "cascade.txt"
    cascade.write_text('[Game "connect4"]\n[Variant "cascade"]\n\n1. 4\n', encoding="utf-8")
    refused = run_ludoteca(["review", str(cascade)], tmp_path, LUDOTECA_LANG="en")
    assert "not offered for this variant of Connect Four" in refused.stderr
