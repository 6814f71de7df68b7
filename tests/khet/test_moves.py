"""Moves and notation: steps, turns, swaps, stacking, reserved squares, and the reasons given."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.errors import IllegalMove, NotationError
from ludoteca.games.khet import GAME
from ludoteca.games.khet.state import KhetState

from .helpers import play, position, sq, start


def moves_of(state: KhetState, piece_square: str) -> set[str]:
    """The legal moves of the piece on `piece_square`, in notation."""
    found = set()
    for move in GAME.legal_moves(state):
        text = GAME.format_move(state, move)
        if text.startswith(piece_square):
            found.add(text)
    return found


def reason(state: KhetState, text: str) -> str:
    with pytest.raises(IllegalMove) as err:
        GAME.play(state, GAME.parse_move(state, text))
    return str(err.value)


# ----- Khet 2.0 ----------------------------------------------------------------------------------
def test_pyramid_steps_eight_ways_and_turns_both_ways() -> None:
    state = position("S:K:a1 S:X:j1:N R:K:j8 R:X:a8:S S:P:e4:NE")
    assert moves_of(state, "e4") == {
        "e4d3", "e4e3", "e4f3", "e4d4", "e4f4", "e4d5", "e4e5", "e4f5", "e4+", "e4-",
    }  # fmt: skip


def test_pharaoh_never_turns() -> None:
    state = position("S:K:e4 S:X:j1:N R:K:j8 R:X:a8:S")
    assert "e4+" not in moves_of(state, "e4") and "e4-" not in moves_of(state, "e4")
    assert len(moves_of(state, "e4")) == 8
    assert "never turns" in reason(state, "e4+")


def test_scarab_has_one_turn_written_plus_and_minus_is_read_as_it() -> None:
    state = position("S:K:a1 S:X:j1:N R:K:j8 R:X:a8:S S:S:e4:/")
    assert {m for m in moves_of(state, "e4") if len(m) == 3} == {"e4+"}
    assert GAME.parse_move(state, "e4-") == GAME.parse_move(state, "e4+")
    after = play(state, "e4-")
    assert after.board[sq("e4")] == position("S:K:a1 S:X:j1:N R:K:j8 R:X:a8:S S:S:e4:\\").board[sq("e4")]


def test_sphinx_only_toggles_and_never_moves() -> None:
    state = start()
    assert moves_of(state, "j1") == {"j1-"}  # N → W is anticlockwise
    turned = play(state, "j1-")
    assert turned.beam is not None and turned.beam.direction == 3  # fires W along rank 1
    assert "only turn to fire W" in reason(state, "j1+")
    red = play(state, "d1+")
    assert moves_of(red, "a8") == {"a8-"}  # S → E is anticlockwise


def test_sphinx_toggle_back() -> None:
    state = play(start(), "j1-", "a8-")
    assert moves_of(state, "j1") == {"j1+"}  # W → N is clockwise


def test_swaps_scarab_with_pyramid_or_anubis_of_either_colour() -> None:
    # Classic: the f4 Scarab is next to Red's g3 Pyramid and Red's f5 Scarab.
    state = start()
    assert "f4g3" in moves_of(state, "f4")
    assert "f4f5" not in moves_of(state, "f4")  # never with a Scarab
    assert "f4e4" not in moves_of(state, "f4")
    after = play(state, "f4g3")
    assert after.board[sq("g3")] == state.board[sq("f4")]
    assert after.board[sq("f4")] == state.board[sq("g3")]  # nothing rotates in a swap


def test_scarab_never_swaps_with_pharaoh_or_sphinx() -> None:
    state = position("S:K:e3 S:X:j1:N S:S:i2:/ R:K:j8 R:X:a8:S S:S:e4:/ S:A:d5:N")
    assert "e4e3" not in moves_of(state, "e4")
    assert "i2j1" not in moves_of(state, "i2")
    assert "e4d5" in moves_of(state, "e4")  # own Anubis: fine
    assert "cannot swap" in reason(state, "e4e3") or "occupied" in reason(state, "e4e3")


def test_reserved_squares_for_steps() -> None:
    # Silver's h2 may not step onto i1 (Red's); Red's c7 may not step onto b8 (Silver's).
    state = start()
    assert "h2i1" not in moves_of(state, "h2")
    assert "reserved for Red" in reason(state, "h2i1")
    red = play(state, "d1+")
    assert "c7b8" not in moves_of(red, "c7") and "c7b7" in moves_of(red, "c7")
    assert "reserved for Silver" in reason(red, "c7b8")


def test_reserved_squares_for_swaps() -> None:
    # The Scarab's own destination must be allowed for it; the swapped piece may land anywhere.
    base = "S:K:e1 S:X:j1:N R:K:f8 R:X:a8:S"
    state = position(base + " S:S:b3:/ R:P:a3:NE S:S:j5:/ R:P:i5:SW")
    assert "b3a3" not in moves_of(state, "b3")  # the Scarab would stand on Red's a3
    assert "reserved for Red" in reason(state, "b3a3")
    assert "j5i5" in moves_of(state, "j5")
    # a Red Pyramid may be swapped onto Silver's j-file
    after = play(state, "j5i5")
    assert after.board[sq("j5")] == state.board[sq("i5")]
    # and Red's Scarab cannot swap onto a Silver square
    red = position(base + " R:S:i4:/ S:P:j4:NW turn:R")
    assert "i4j4" not in moves_of(red, "i4")


def test_not_your_piece_and_empty_square_reasons() -> None:
    state = start()
    assert "not yours" in reason(state, "g3g2")
    assert "no piece on e6" in reason(state, "e6e7")
    assert "not neighbours" in reason(state, "c1c3")
    assert "never moves" in reason(state, "j1j2")
    assert "occupied" in reason(state, "e1f1")


def test_pass_is_refused_when_any_move_exists() -> None:
    assert "passing is not allowed" in reason(start(), "pass")


# ----- the Eye of Horus edition -------------------------------------------------------------------
HORUS_BASE = "S:K:e1 R:K:f8"


def test_obelisks_stack_both_ways_and_unstack() -> None:
    state = position(HORUS_BASE + " S:O:d2 S:O:d3", "horus")
    assert "d2d3" in moves_of(state, "d2") and "d3d2" in moves_of(state, "d3")
    stacked = play(state, "d2d3")
    assert stacked.board[sq("d2")] == 0
    assert stacked.board[sq("d3")] == position(HORUS_BASE + " S:O:d3:2", "horus").board[sq("d3")]
    # back to Silver: the stack moves whole (d3c4) or sheds its top (d3^c4); Obelisks never turn
    again = play(stacked, "f8g7")
    options = moves_of(again, "d3")
    assert "d3c4" in options and "d3^c4" in options
    assert "d3+" not in options
    whole = play(again, "d3c4")
    assert whole.board[sq("c4")] == stacked.board[sq("d3")] and whole.board[sq("d3")] == 0
    top = play(again, "d3^c4")
    single = position(HORUS_BASE + " S:O:d3", "horus").board[sq("d3")]
    assert top.board[sq("d3")] == single and top.board[sq("c4")] == single
    assert "never turns" in reason(again, "d3+")


def test_stacking_square_must_be_allowed_for_the_mover() -> None:
    # Silver's Obelisk was swapped onto a1 (Red's square): Silver cannot stack onto it.
    state = position(HORUS_BASE + " S:O:a1 S:O:b2", "horus")
    assert "b2a1" not in moves_of(state, "b2")
    assert "a1b2" in moves_of(state, "a1")


def test_unstacking_needs_a_stack() -> None:
    state = position(HORUS_BASE + " S:O:d3", "horus")
    assert "stack of two" in reason(state, "d3^d4")


def test_djed_and_eye_swap_with_pyramids_and_obelisks_of_either_colour() -> None:
    state = position("S:K:e1 S:D:e4:/ R:P:e5:NE R:O:f5:2 R:K:d5 S:E:c3:/ S:O:b3", "horus")
    options = moves_of(state, "e4")
    assert {"e4e5", "e4f5", "e4+"} <= options
    assert "e4d5" not in options  # never with a Pharaoh
    swapped = play(state, "e4f5")
    assert swapped.board[sq("e4")] == state.board[sq("f5")]  # the whole stack
    assert "c3b3" in moves_of(state, "c3")


def test_eye_swap_must_land_on_an_allowed_square() -> None:
    state = position(HORUS_BASE + " S:E:b4:/ R:P:a4:NE", "horus")
    assert "b4a4" not in moves_of(state, "b4")


def test_horus_has_no_sphinx_and_djed_turns_once() -> None:
    state = start("horus", "classic")
    assert {m for m in moves_of(state, "f4") if len(m) == 3} == {"f4+"}
    assert not moves_of(state, "j1")


def test_forced_pass_when_nothing_can_move() -> None:
    # Silver's lone Pharaoh (swapped onto a1 earlier) is boxed in: the only move is to pass, and
    # the laser still fires.
    state = position("S:K:a1 R:O:a2 R:O:b1 R:P:b2:NE R:K:f8 turn:S", "horus")
    assert [GAME.format_move(state, m) for m in GAME.legal_moves(state)] == ["pass"]
    after = play(state, "pass")
    assert after.turn == 1 and after.beam is not None


# ----- notation ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("variant", "setup"), [("khet2", "classic"), ("khet2", "imhotep"), ("horus", "classic")]
)
def test_notation_round_trips_over_random_games(variant: str, setup: str) -> None:
    rng = random.Random(3)
    for _game in range(4):
        state = start(variant, setup)
        for _ply in range(60):
            moves = list(GAME.legal_moves(state))
            if not moves:
                break
            texts = set()
            for move in moves:
                text = GAME.format_move(state, move)
                assert GAME.parse_move(state, text) == move, text
                texts.add(text)
            assert len(texts) == len(moves), "two moves share a notation"
            state = GAME.play(state, rng.choice(moves))


@pytest.mark.parametrize("text", ["", "e9e8", "k1k2", "e4 + +", "e4e5e6", "turn", "e4^"])
def test_unreadable_moves_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_move(start(), text)


def test_lenient_separators() -> None:
    state = start()
    assert GAME.parse_move(state, "H2-G3") == GAME.parse_move(state, "h2g3")
    assert GAME.parse_move(state, " h2 g3 ") == GAME.parse_move(state, "h2g3")
