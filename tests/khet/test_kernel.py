"""The kernel's two forms (compiled by Cython, and the same source run as plain Python) against the
rules and the evaluation: perft, moves, the position after every move along random games (board,
key, material, result, both beams, the evaluation), the frontier's shortcut, the null move, and
the same search from both forms."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType

import pytest

from ludoteca.ai import native
from ludoteca.games.khet import GAME
from ludoteca.games.khet import kernel as plain
from ludoteca.games.khet.evaluation import (
    DEFAULT_WEIGHTS,
    Weights,
    evaluate_position,
    material,
    pack,
    potential,
)
from ludoteca.games.khet.keys import zobrist
from ludoteca.games.khet.laser import shoot
from ludoteca.games.khet.moves import TURN_CCW, TURN_CW, generate, move_kind
from ludoteca.games.khet.search import Engine
from ludoteca.games.khet.state import KhetState
from tests.kernel_forms import assert_constants_agree, kernel_form

from .helpers import start

DATA = Path(__file__).resolve().parents[1] / "data"
EDITIONS = [("khet2", "classic"), ("khet2", "dynasty"), ("horus", "classic-horus")]
# the kernel's C constants are not visible from the compiled form: read them in its source
WIN, INFINITY = plain.WIN, plain.INF


@pytest.fixture(params=["plain", "compiled"])
def form(request: pytest.FixtureRequest) -> ModuleType:
    return kernel_form(plain, request.param)


def _perft_rows() -> list[tuple[str, str, int, int]]:
    rows = []
    for line in (DATA / "khet_perft.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            variant, setup, depth, leaves = line.split()
            rows.append((variant, setup, int(depth), int(leaves)))
    return rows


def _load(form: ModuleType, state: KhetState, weights: Weights = DEFAULT_WEIGHTS) -> None:
    *plain_weights, closeness = weights
    form.set_weights(*(round(100 * w) for w in plain_weights), [round(100 * c) for c in closeness])
    form.load(state.board, state.turn, state.horus, [])


def _playout(variant: str, setup: str, seed: int, plies: int) -> list[KhetState]:
    rng = random.Random(seed)
    state = start(variant, setup)
    states = []
    while GAME.to_move(state) is not None and len(states) < plies:
        states.append(state)
        state = GAME.play(state, rng.choice(list(GAME.legal_moves(state))))
    return states


def _evaluation(board: tuple[int, ...], to_move: int, horus: bool) -> float:
    shots = (shoot(board, 0, horus), shoot(board, 1, horus))
    potentials = (potential(board, shots[0], 0)[0], potential(board, shots[1], 1)[0])
    return evaluate_position(board, to_move, shots, pack(*material(board)), potentials)


@pytest.mark.parametrize(("variant", "setup", "depth", "leaves"), _perft_rows())
def test_perft_vectors(form: ModuleType, variant: str, setup: str, depth: int, leaves: int) -> None:
    if depth > 3 and not native.is_compiled(form):
        pytest.skip("depth 4 takes minutes as plain Python")
    _load(form, start(variant, setup))
    assert form.perft(depth) == leaves


@pytest.mark.parametrize(("variant", "setup"), EDITIONS)
def test_moves_positions_beams_and_evaluation_match_the_rules(
    form: ModuleType, variant: str, setup: str
) -> None:
    horus = variant == "horus"
    for seed in (1, 2):
        for state in _playout(variant, setup, seed, 70)[::5]:
            _load(form, state)
            assert sorted(form.legal_moves()) == sorted(generate(state.board, state.turn))
            assert form.position_key() == zobrist(state.board, state.turn)
            assert form.shots() == tuple(tuple(shoot(state.board, c, horus)) for c in (0, 1))
            assert form.evaluate() == pytest.approx(100 * _evaluation(state.board, state.turn, horus), abs=1)
            for move in GAME.legal_moves(state):
                played = GAME.play(state, move)
                board, key, result, mat, shots, value = form.after(move)
                assert board == played.board
                assert key == zobrist(played.board, played.turn)
                assert mat == material(played.board)
                outcome = GAME.outcome(played)
                if outcome is None:
                    assert result is None
                    # the beams and potentials it inherited are the ones the board has
                    assert shots == tuple(tuple(shoot(played.board, c, horus)) for c in (0, 1))
                    expected = 100 * _evaluation(played.board, played.turn, horus)
                    assert value == pytest.approx(expected, abs=1)
                elif outcome.is_draw:
                    assert result == 0
                else:
                    assert result == (WIN if outcome.winner == state.turn else -WIN)


@pytest.mark.parametrize(("variant", "setup"), EDITIONS)
def test_frontier_shortcut_equals_playing_every_move(form: ModuleType, variant: str, setup: str) -> None:
    # With an evaluation that reads only the beams and the Pharaohs' lines, the "cold move" shortcut
    # must give exactly the best child's value.
    weights = Weights(potential=0, exposure=18)
    for state in _playout(variant, setup, 9, 60)[::4]:
        _load(form, state, weights)
        best = -INFINITY
        for move in GAME.legal_moves(state):
            _board, _key, result, _mat, _shots, value = form.after(move)
            if result is None:
                best = max(best, -value)
            else:
                best = max(best, result - 1 if result > 0 else result + 1 if result < 0 else 0)
        assert form.frontier(INFINITY) == best


@pytest.mark.parametrize(("variant", "setup"), EDITIONS)
def test_null_move_stands_for_a_real_move(form: ModuleType, variant: str, setup: str) -> None:
    # The pruning's "standing" position is what a real turn of an out-of-the-way piece leads to:
    # the same removals and beams; only that piece's facing differs.
    horus = variant == "horus"
    found = 0
    for state in _playout(variant, setup, 21, 60)[::3]:
        _load(form, state)
        standing = form.standing()
        if standing is None:
            continue
        found += 1
        beams = [tuple(shoot(standing, c, horus)) for c in (0, 1)]
        twins = [
            move
            for move in GAME.legal_moves(state)
            if move_kind(move) in (TURN_CW, TURN_CCW)
            and (after := GAME.play(state, move)).end is None
            and sum(a != b for a, b in zip(after.board, standing, strict=True)) == 1
            and [tuple(shoot(after.board, c, horus)) for c in (0, 1)] == beams
        ]
        assert twins, GAME.position_text(state)
    assert found


@pytest.mark.parametrize(("variant", "setup"), EDITIONS)
def test_both_forms_search_alike(variant: str, setup: str) -> None:
    compiled = kernel_form(plain, "compiled")
    state = _playout(variant, setup, 3, 9)[-1]
    found = []
    for module in (plain, compiled):
        module.clear_table()
        engine = Engine(state.horus, core=module)
        result = engine.search(state.board, state.turn, None, max_depth=3)
        found.append((result.move, result.score, result.depth, result.nodes, result.line))
    assert found[0] == found[1]


@pytest.mark.parametrize(
    ("variant", "setup"), [("khet2", "classic"), ("khet2", "imhotep"), ("horus", "classic")]
)
def test_both_forms_stop_a_counted_search_at_the_same_node(variant: str, setup: str) -> None:
    # `--think nodes:N` promises the same game on any machine, with or without a C compiler
    compiled = kernel_form(plain, "compiled")
    state = _playout(variant, setup, 5, 9)[-1]
    found = []
    for module in (plain, compiled):
        module.clear_table()
        engine = Engine(state.horus, core=module)
        result = engine.search(state.board, state.turn, None, nodes=3000)
        found.append((result.move, result.score, result.depth, result.nodes))
    assert found[0] == found[1]


def test_a_long_game_history_leaves_room_for_the_search(form: ModuleType) -> None:
    # only the most recent keys are kept: the line searched must still find room among them
    state = start()
    engine = Engine(False, core=form)
    for _run in range(2):
        result = engine.search(state.board, 0, None, max_depth=3, history=range(1, 3000))
        assert result.move in GAME.legal_moves(state) and result.depth == 3


def test_the_compiled_constants_are_the_plain_ones() -> None:
    assert_constants_agree(plain)
