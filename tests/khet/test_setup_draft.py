"""The setup editor's decisions, without a window: the box, stacking, turning, the half-turn mirror
and the rules' checks."""

from __future__ import annotations

import pytest

from ludoteca.games.khet.board import (
    OBELISK,
    PHARAOH,
    PYRAMID,
    RED,
    SILVER,
    SPHINX,
    SQUARES,
    colour_of,
    make_piece,
)
from ludoteca.games.khet.setup_draft import SetupDraft, opposite
from ludoteca.games.khet.setups import standard_setups

from .helpers import sq


@pytest.mark.parametrize("setup", standard_setups(), ids=lambda s: s.name)
def test_mirroring_either_half_of_a_standard_setup_gives_the_whole_setup_back(setup) -> None:  # type: ignore[no-untyped-def]
    whole = SetupDraft.from_text(setup.text, setup.variant)
    for colour in (SILVER, RED):
        half = SetupDraft.from_text(setup.text, setup.variant)
        for square in SQUARES:
            if half.cells[square] and colour_of(half.cells[square]) != colour:
                half.cells[square] = 0
        half.mirror(colour)
        assert half.board == whole.board


def test_the_box_limits_what_can_be_placed_and_takes_back_what_is_replaced() -> None:
    draft = SetupDraft("khet2")
    for name in ("a1", "a2", "a3", "a4", "a5", "a6", "a7"):
        assert draft.place(sq(name), PYRAMID, RED) is None
    assert draft.left(RED, PYRAMID) == 0
    assert "no more Red Pyramid" in str(draft.place(sq("b2"), PYRAMID, RED))
    assert draft.place(sq("a1"), PYRAMID, RED) is None  # the one there goes back first
    assert draft.remove(sq("a1")) is None and draft.left(RED, PYRAMID) == 1
    assert draft.remove(sq("a1")) == "a1 is empty"


def test_obelisks_stack_by_placing_or_moving_and_come_off_one_at_a_time() -> None:
    draft = SetupDraft("horus")
    draft.place(sq("d1"), OBELISK, SILVER)
    draft.place(sq("d1"), OBELISK, SILVER)
    assert draft.cells[sq("d1")] == make_piece(OBELISK, SILVER, 1) and draft.left(SILVER, OBELISK) == 0
    draft.remove(sq("d1"))
    draft.place(sq("f1"), OBELISK, SILVER)
    draft.move(sq("f1"), sq("d1"))
    assert draft.cells[sq("d1")] == make_piece(OBELISK, SILVER, 1) and not draft.cells[sq("f1")]
    draft.place(sq("e5"), PYRAMID, RED)
    draft.move(sq("d1"), sq("e5"))  # onto another piece: they trade places
    assert draft.cells[sq("d1")] == make_piece(PYRAMID, RED, 2)


def test_turning_follows_each_piece() -> None:
    draft = SetupDraft("khet2")
    draft.place(sq("j1"), SPHINX, SILVER)
    assert draft.cells[sq("j1")] == make_piece(SPHINX, SILVER, 0)  # fires north onto the board
    draft.turn(sq("j1"), True)
    assert draft.cells[sq("j1")] == make_piece(SPHINX, SILVER, 3)  # west, its other legal direction
    draft.place(sq("e1"), PHARAOH, SILVER)
    assert "no facing" in str(draft.turn(sq("e1"), True))
    draft.place(sq("c3"), PYRAMID, SILVER)
    draft.turn(sq("c3"), False)
    assert draft.cells[sq("c3")] == make_piece(PYRAMID, SILVER, 3)


def test_the_rules_checks_and_both_beams() -> None:
    draft = SetupDraft.from_text("S:K:e1 S:X:j1:N R:K:f8 R:X:a8:S R:P:j5:SW")
    assert any("reserved for Silver" in problem for problem in draft.problems())
    draft.remove(sq("j5"))
    assert draft.problems() == []
    silver, red = draft.beams()
    assert silver.colour == SILVER and red.colour == RED
    assert sq("j8") in silver.lit() and sq("a1") in red.lit()
    assert opposite(sq("a1")) == sq("j8")
