"""Which plays are legal, and the sentence a player reads when one is not."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import IllegalMove
from ludoteca.games.qwirkle import GAME
from ludoteca.games.qwirkle.state import PASS, Exchange, Place, QwirkleState

from .support import move, position, tiles

#: the brief's example board: four squares in row e, a blue column c
BOARD = "ebC1 ecC2 edC0 eeC5 dcE2 fcT2 gcX2"


def board(hand: str, bag: str = "L0 L1 L2 L3 L4 L5", cells: str = BOARD, size: str = "12x26") -> QwirkleState:
    return position(
        f"size {size}; mode normal; turn 0; scores 0 0; board {cells}; hand {hand}; hand R0 R1 R2; bag {bag}"
    )


def refused(state: QwirkleState, text: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        GAME.play(state, move(state, text))
    assert move(state, text) not in GAME.legal_moves(state), text
    return caught.value.reason


def accepted(state: QwirkleState, text: str) -> QwirkleState:
    played = move(state, text)
    assert played in GAME.legal_moves(state), text
    return GAME.play(state, played)


def test_a_gap_in_the_row_is_refused_and_named() -> None:
    state = board("C3 C4")
    assert (
        refused(state, "efC3 ehC4")
        == "the tiles must form one unbroken line with the tiles already there: eg is empty"
    )


def test_two_separate_segments_are_refused() -> None:
    state = board("C3 C4")
    assert "ef is empty" in refused(state, "eaC3 egC4")


def test_tiles_on_the_board_may_bridge_a_gap() -> None:
    after = accepted(board("C3 C4"), "eaC3 efC4")
    assert after.last is not None
    assert after.last.lines == (12,)  # six squares: a Qwirkle
    assert after.scores[0] == 12


def test_a_duplicate_in_a_line_is_named() -> None:
    assert refused(board("C1"), "efC1") == "the row eb–ef would hold two red squares"


def test_the_briefs_example_message_form() -> None:
    cells = "ccR2 cdR3 ceR4"
    state = board("R2", cells=cells)
    assert refused(state, "cfR2") == "the row cc–cf would hold two blue circles"


def test_mixing_colours_and_shapes_is_refused() -> None:
    reason = refused(board("R3"), "efR3")
    assert (
        reason == "the row eb–ef would mix colours and shapes: a red square and a yellow circle share neither"
    )


def test_a_cross_line_is_checked_too() -> None:
    assert refused(board("R2"), "fbR2").startswith("the column eb–fb would mix colours and shapes")


def test_a_line_longer_than_six_is_refused() -> None:
    state = board("C1", cells="eaC3 ebC1 ecC2 edC0 eeC5 efC4")
    assert refused(state, "egC1") == "the row ea–eg would hold 7 tiles (a line holds at most 6)"


def test_tiles_must_share_one_row_or_column() -> None:
    assert refused(board("C3 R5"), "efC3 fdR5") == "the tiles must lie in one row or one column"


def test_diagonal_contact_is_not_enough() -> None:
    assert (
        refused(board("C3"), "ffC3")
        == "the tiles must touch a tile already on the board (touching at a corner does not count)"
    )


def test_tiles_may_not_leave_the_board() -> None:
    small = board("C3 C4", cells="aaC1 abC2", size="6x6")
    assert refused(small, "gaC3") == "square ga is off the board (rows a–f, columns a–f)"
    edge = board("C3 C4 C5", cells="adC1 aeC2 afC0", size="6x6")
    assert refused(edge, "acC3 agC4") == "square ag is off the board (rows a–f, columns a–f)"
    assert move(edge, "acC3") in GAME.legal_moves(edge)


def test_an_occupied_square_a_missing_tile_and_a_doubled_square() -> None:
    assert refused(board("C3"), "ebC3") == "square eb already holds a red square"
    assert refused(board("C3"), "efC4") == "you have no purple square (Q4) in your hand"
    assert refused(board("C3 C4"), "efC3 egC3") == "you have only one yellow square (Q3) in your hand"
    assert refused(board("C3 C4"), "efC3 efC4") == "two tiles on square ef"


def test_an_exchange_is_limited_by_the_bag() -> None:
    state = board("C3 C4 R5", bag="L0 L1")
    assert refused(state, "x C3 C4 R5") == "the bag holds only 2 tiles: exchange at most 2"
    after = accepted(state, "x C3 R5")
    assert sorted(after.hands[0]) == sorted(tiles("C4 L0 L1"))
    assert len(after.bag) == 2
    assert sorted(after.bag) == sorted(tiles("C3 R5"))
    assert refused(state, "x C5") == "you cannot give back 1 Q5: your hand holds 0"


def test_no_exchange_with_an_empty_bag() -> None:
    assert refused(board("C3", bag=""), "x C3") == "the bag is empty: no tile can be exchanged"


def test_exchanges_are_offered_once_per_different_set() -> None:
    state = board("C3 C3 R5")
    swaps = {m for m in GAME.legal_moves(state) if isinstance(m, Exchange)}
    # C3 | C3 C3 | R5 | C3 R5 | C3 C3 R5
    assert swaps == {Exchange.of(list(tiles(text))) for text in ("C3", "C3 C3", "R5", "C3 R5", "C3 C3 R5")}


def test_exchanging_is_allowed_even_when_a_play_exists() -> None:
    state = board("C3")
    assert Exchange.of([tiles("C3")[0]]) in GAME.legal_moves(state)


def test_pass_only_when_forced() -> None:
    assert refused(board("C3"), "pass") == "you may not pass while the bag holds tiles: place or exchange"
    assert refused(board("C3", bag=""), "pass") == "you may pass only when none of your tiles can be placed"
    # the bag is empty and a green circle fits nowhere next to these tiles
    stuck = board("R5", bag="", cells="ebC1 ecC2")
    assert list(GAME.legal_moves(stuck)) == [PASS]
    after = GAME.play(stuck, PASS)
    assert after.turn == 1 and after.passes == 1 and not after.ended


def test_the_opening_play_may_go_anywhere_but_must_be_a_line() -> None:
    state = GAME.start(GAME.options(), seed=3, seats=2)
    legal = GAME.legal_moves(state)
    hand = state.hands[0]
    corner = Place(((11, 25, hand[0]),))
    assert corner in legal
    GAME.play(state, corner)
    assert len(legal) == len(list(legal))
    assert all(
        isinstance(m, Exchange) or GAME.play(state, m) for m in list(legal)[:: max(1, len(legal) // 60)]
    )


def test_the_official_start_makes_the_largest_group_open() -> None:
    from ludoteca.games.qwirkle.movegen import largest_group

    options = GAME.options({"start": "official"})
    for seed in range(6):
        state = GAME.start(options, seed, 3)
        groups = [largest_group(hand) for hand in state.hands]
        assert state.turn == groups.index(max(groups))
        assert state.opening == max(groups)
        legal = GAME.legal_moves(state)
        assert not any(isinstance(m, Exchange) for m in legal)
        assert all(isinstance(m, Place) and len(m.tiles) == state.opening for m in legal)
        if state.opening > 1:
            single = Place(((5, 5, state.hands[state.turn][0]),))
            with pytest.raises(IllegalMove, match="the opening play must place"):
                GAME.play(state, single)
