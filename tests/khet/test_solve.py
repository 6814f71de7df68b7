"""The mate search (`solve.py`, the kernel's `forced_win`) in both of the kernel's forms, on
positions built so that the answer is known by hand, checked again by the rules themselves, and
`ludoteca solve khet` on the same positions."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from ludoteca.core.declaration import CommandContext
from ludoteca.games.khet import GAME
from ludoteca.games.khet import kernel as plain
from ludoteca.games.khet.board import PYRAMID, RED, SILVER, SQUARES, empty_board, make_piece
from ludoteca.games.khet.notation import format_move
from ludoteca.games.khet.position import format_position
from ludoteca.games.khet.solve import ForcedWin, SearchStopped, forced_win, main
from ludoteca.games.khet.state import KhetState
from tests.kernel_forms import kernel_form

# Silver's Sphinx fires up file j into a Pyramid whose mirror faces south-east: the beam leaves the
# board. A quarter turn clockwise (j5+) faces it south-west, and the beam runs along rank 5 into
# Red's Pharaoh. Nothing else Silver can do reaches e5.
IN_ONE = "S:X:j1:N S:K:c1 S:P:j5:SE R:X:a8:S R:K:e5 turn:S"
# Red's Pharaoh is walled in on a1 (a2 and b2 hold Silver pieces, b1 is Silver's square) and Red's
# only moves turn its Sphinx, whose beam runs along rank 8 or into the Anubis on a2, which faces it.
# The only way into a1 is along rank 1, where an Anubis on e1 faces Silver's Sphinx: Silver needs
# two moves (the Anubis off rank 1, the Sphinx turned west), in either order.
IN_TWO = "S:X:j1:N S:K:h3 S:A:a2:N S:P:b2:NE S:A:e1:E R:X:a8:E R:K:a1 turn:S"
# The same with a Pyramid on c1 that sends a westward beam up file c: three moves (the Anubis and
# the Pyramid off rank 1, the Sphinx turned), as no shot can clear a blocker and pass it at once.
IN_THREE = "S:X:j1:N S:K:h3 S:A:a2:N S:P:b2:NE S:A:e1:E S:P:c1:NE R:X:a8:E R:K:a1 turn:S"
# Silver has no mirror: its beam runs up file j or along rank 1, and Red's Pharaoh on e5 is three
# of its own moves from rank 1, which it need not take.
NEVER = "S:X:j1:N S:K:h3 R:X:a8:E R:K:e5 turn:S"


@pytest.fixture(params=["plain", "compiled"])
def form(request: pytest.FixtureRequest) -> ModuleType:
    return kernel_form(plain, request.param)


def _position(text: str) -> KhetState:
    return GAME.parse_position(text, GAME.options({"variant": "khet2"}))


def _wins_now(state: KhetState) -> list[str]:
    """Every move of the side to move that wins at once, by the rules."""
    mover = state.turn
    found = []
    for move in GAME.legal_moves(state):
        end = GAME.play(state, move).end
        if end is not None and end.winner == mover:
            found.append(format_move(move))
    return found


def _brute(state: KhetState, most: int) -> bool:
    """Whether the side to move forces a win within `most` moves, by the rules alone."""
    mover = state.turn
    for move in GAME.legal_moves(state):
        after = GAME.play(state, move)
        if after.end is not None:
            if after.end.winner == mover:
                return True
            continue
        if most > 1 and all(
            _brute_lost(GAME.play(after, reply), mover, most - 1) for reply in GAME.legal_moves(after)
        ):
            return True
    return False


def _brute_lost(state: KhetState, winner: int, most: int) -> bool:
    """After the defender's reply: `winner` has won, or wins within `most` moves, by the rules."""
    if state.end is not None:
        return state.end.winner == winner
    return _brute(state, most)


def _check_line(state: KhetState, found: ForcedWin) -> None:
    """The line is legal and ends in the mover's win after `found.moves` of its moves."""
    mover = state.turn
    for move in found.line:
        state = GAME.play(state, move)
    assert state.end is not None and state.end.winner == mover
    assert len(found.line) == 2 * found.moves - 1


def test_a_win_at_once(form: ModuleType) -> None:
    state = _position(IN_ONE)
    assert _wins_now(state) == ["j5+"]
    found = forced_win(state, 1, core=form)
    assert found is not None and found.moves == 1 and [format_move(m) for m in found.line] == ["j5+"]
    # asked for more, the shortest win is still the answer
    assert forced_win(state, 3, core=form) == found


def test_a_win_in_two(form: ModuleType) -> None:
    state = _position(IN_TWO)
    assert _wins_now(state) == []
    assert forced_win(state, 1, core=form) is None
    found = forced_win(state, 2, core=form)
    assert found is not None and found.moves == 2
    _check_line(state, found)
    # the rules agree that the first move wins: every reply leaves Silver a winning shot
    after = GAME.play(state, found.line[0])
    for reply in GAME.legal_moves(after):
        assert _wins_now(GAME.play(after, reply))
    assert forced_win(state, 3, core=form) == found


def test_a_win_in_three(form: ModuleType) -> None:
    state = _position(IN_THREE)
    assert forced_win(state, 2, core=form) is None
    found = forced_win(state, 3, core=form)
    assert found is not None and found.moves == 3
    _check_line(state, found)
    after = GAME.play(state, found.line[0])
    for reply in GAME.legal_moves(after):
        assert _brute(GAME.play(after, reply), 2)


def test_no_win(form: ModuleType) -> None:
    assert forced_win(_position(NEVER), 3, core=form) is None


def test_the_loser_to_move_has_no_win(form: ModuleType) -> None:
    # Red to move in the walled-in position: Red's beam cannot reach Silver's Pharaoh
    text = IN_TWO.replace("turn:S", "turn:R")
    assert forced_win(_position(text), 2, core=form) is None


def _sparse(seed: int) -> KhetState:
    """Pharaohs, Sphinxes and a few Pyramids at random: few enough moves to check by the rules."""
    rng = random.Random(seed)
    cells = empty_board()
    cells[SQUARES[9]] = make_piece(2, SILVER, 0)  # Sphinx j1 facing north
    cells[SQUARES[70]] = make_piece(2, RED, 2)  # Sphinx a8 facing south
    free = [sq for sq in SQUARES if not cells[sq]]
    rng.shuffle(free)
    cells[free.pop()] = make_piece(1, SILVER)
    cells[free.pop()] = make_piece(1, RED)
    for colour in (SILVER, RED):
        for _n in range(2):
            cells[free.pop()] = make_piece(PYRAMID, colour, rng.randrange(4))
    return _position(format_position(tuple(cells), rng.randrange(2)))


@pytest.mark.parametrize("seed", [0, 3, 34, 36])  # 34: a win in two, none in one
def test_agrees_with_the_rules_on_sparse_positions(form: ModuleType, seed: int) -> None:
    state = _sparse(seed)
    for most in (1, 2):
        found = forced_win(state, most, core=form)
        assert (found is not None) == _brute(state, most)
        if found is not None:
            _check_line(state, found)


def _context() -> CommandContext:
    def no_store() -> None:
        raise AssertionError("solving needs no store")

    return CommandContext(no_store)


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([IN_ONE], _context()) == 0
    assert "Silver wins at once: j5+" in capsys.readouterr().out
    assert main([*IN_THREE.split(), "--moves", "3"], _context()) == 0
    out = capsys.readouterr().out
    assert "Silver wins in 3:" in out and "Main line:" in out
    assert main([IN_THREE, "--moves", "2"], _context()) == 0
    assert "No forced win for Silver within 2 moves." in capsys.readouterr().out
    assert main([NEVER, "--moves", "1"], _context()) == 0
    assert "No winning shot for Silver." in capsys.readouterr().out
    assert main(["S:K:e1", "--moves", "2"], _context()) == 2
    assert "error:" in capsys.readouterr().err
    assert main([IN_ONE, "--moves", "4"], _context()) == 2


def _horus_playout(seed: int) -> KhetState:
    """40 random plies of the Eye of Horus edition (its Eyes split beams, its lasers are fixed)."""
    rng = random.Random(seed)
    state = GAME.start(GAME.options({"variant": "horus", "setup": "classic-horus"}), 0, 2)
    for _ply in range(40):
        state = GAME.play(state, rng.choice(list(GAME.legal_moves(state))))
    assert GAME.to_move(state) is not None
    return state


@pytest.mark.parametrize("seed", [2, 31])  # 31: a win at once
def test_agrees_with_the_rules_in_the_eye_of_horus_edition(form: ModuleType, seed: int) -> None:
    state = _horus_playout(seed)
    for most in (1, 2):
        found = forced_win(state, most, core=form)
        assert (found is not None) == _brute(state, most)
        if found is not None:
            _check_line(state, found)


def test_a_search_out_of_time_says_so(form: ModuleType) -> None:
    with pytest.raises(SearchStopped):
        forced_win(_position(IN_THREE), 3, seconds=0.0, core=form)
