"""Qwirkle's review analyser (`games/qwirkle/review.py`): plays judged by their points from the
mover's own view. The best plays are found here from the rules' own legal moves and scores, not
from the analyser's enumeration; the hidden tiles are dealt again to show they are never read."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from ludoteca.ai.review import Mark, review
from ludoteca.ai.tournament import play_game
from ludoteca.core.registry import get_game
from ludoteca.core.rng import Rng
from ludoteca.games.qwirkle.review import QwirkleAnalyser
from ludoteca.games.qwirkle.state import Place, QwirkleState
from ludoteca.shells.terminal.review import analyser_for
from tests.cli_runner import run_ludoteca

SEED = 7
#: the game, its states and moves, and the moves' texts
Replayed = tuple[Any, list[Any], list[Any], list[str]]


def game_of(
    levels: tuple[int, int] = (1, 2), seed: int = SEED
) -> tuple[Any, list[Any], list[Any], list[str]]:
    game = get_game("qwirkle")
    options = game.options({})
    texts = list(play_game(game, options, levels, seed).moves)
    state = game.start(options, seed, 2)
    states, moves = [state], []
    for text in texts:
        move = game.parse_move(state, text)
        state = game.play(state, move)
        states.append(state)
        moves.append(move)
    return game, states, moves, texts


def scored(game: Any, state: QwirkleState) -> list[tuple[int, Place]]:
    """Every placement the rules allow, with the rules' score, best first."""
    found = [(game.score_play(state, m).score, m) for m in game.legal_moves(state) if isinstance(m, Place)]
    return sorted(found, key=lambda sm: -sm[0])


def test_the_best_play_is_best_and_a_poor_one_a_mistake() -> None:
    game, states, _moves, _texts = game_of()
    analyser = QwirkleAnalyser()
    bests = poors = 0
    for state in states[2:-1]:
        plays = scored(game, state)
        if len(plays) < 2:
            continue
        view = game.view(state, state.turn)
        top, top_play = plays[0]
        if QwirkleAnalyser.threat(view, top_play) != 0:
            continue  # the top play hands over an open line of five: its worth is less than its score
        (best,) = review(game, analyser, [state, game.play(state, top_play)], [top_play]).moves
        assert best.mark is Mark.BEST and best.played is not None and best.played.score == top
        bests += 1
        low, low_play = plays[-1]
        if top - low >= 8 and QwirkleAnalyser.threat(view, low_play) == 0:
            (poor,) = review(game, analyser, [state, game.play(state, low_play)], [low_play]).moves
            assert poor.mark is (Mark.BLUNDER if top - low >= 12 else Mark.MISTAKE), (top, low)
            assert poor.best is not None and poor.best.score == top
            assert poor.better is not None and scored(game, state)[0][0] == top
            poors += 1
    assert bests >= 5 and poors >= 1


def dealt_again(state: QwirkleState, rng: random.Random) -> QwirkleState:
    """The same position for the mover, the other hands and the bag dealt again (and the bag's
    future draws changed)."""
    hidden = [t for s, hand in enumerate(state.hands) if s != state.turn for t in hand] + list(state.bag)
    rng.shuffle(hidden)
    hands = []
    for seat, hand in enumerate(state.hands):
        if seat == state.turn:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(hidden[: len(hand)])))
            del hidden[: len(hand)]
    return replace(state, hands=tuple(hands), bag=tuple(hidden), rng=Rng.from_seed(rng.getrandbits(64)))


def test_only_the_movers_view_counts() -> None:
    game, states, moves, _texts = game_of()
    analyser = QwirkleAnalyser()
    rng = random.Random(3)
    others = [dealt_again(state, rng) for state in states[:-1]]
    assert (
        sum(a.hands != b.hands or a.bag != b.bag for a, b in zip(states[:-1], others, strict=True))
        > len(others) // 2
    )
    plain = review(game, analyser, states, moves)
    changed = review(game, analyser, [*others, states[-1]], moves)

    def marks(result: Any) -> list[Any]:
        return [(m.mark, m.best, m.played, m.better) for m in result.moves]

    assert marks(plain) == marks(changed)
    assert {Mark.BEST, Mark.GOOD} <= {m.mark for m in plain.moves}


def test_other_hidden_games_are_still_refused() -> None:
    for key in ("turtles", "fiveormore"):
        game = get_game(key)
        state = game.start(game.options({}), 1, game.info.default_seats)
        try:
            analyser_for(game, state)
        except ValueError as err:
            assert "hidden information or chance" in str(err)
        else:
            raise AssertionError(f"{key} should not be reviewed")


def test_the_terminal_command_in_english_and_french(tmp_path: Path) -> None:
    _game, _states, _moves, texts = game_of()
    record = tmp_path / "qwirkle.txt"
    body = "\n".join(f"{n}. {t}" for n, t in enumerate(texts, start=1))
    record.write_text(f'[Game "qwirkle"]\n[Seed "{SEED}"]\n\n{body}\n', encoding="utf-8")
    english = run_ludoteca(["review", str(record)], tmp_path, LUDOTECA_LANG="en")
    assert english.returncode == 0, english.stderr
    out = english.stdout
    assert "Each move against the best play" in out and "points" in out
    assert "   1. " in out and "best" in out and "better: " in out
    assert "accuracy" in out and "worst moment: move" in out
    french = run_ludoteca(["review", str(record), "--to", "20"], tmp_path, LUDOTECA_LANG="fr")
    assert french.returncode == 0, french.stderr
    out = french.stdout
    assert "Chaque coup face au meilleur" in out and "meilleur" in out and "précision" in out
    assert "mieux : " in out and "best" not in out and "  21." not in out
