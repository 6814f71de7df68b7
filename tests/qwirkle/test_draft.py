"""The play being built in the window before Play is pressed: what is lit, what is refused and
why, the live score, exchanges — all read from the rules."""

from __future__ import annotations

from ludoteca.games.qwirkle import GAME
from ludoteca.games.qwirkle.draft import Draft
from ludoteca.games.qwirkle.game import PlayScore
from ludoteca.games.qwirkle.state import Exchange, Place

from .support import position, tiles

#: a red row (square, circle, star) on fk–fm; Player 1 to play
ROW = "fkC1 flR1 fmE1"


def draft_for(hand: str, cells: str = ROW, bag: str = "C2 C3 C4", extra: str = "") -> Draft:
    state = position(
        f"size 12x26; mode normal; turn 0; scores 0 0; board {cells}; hand {hand}; hand L0 L1 L2; "
        f"bag {bag}{extra}"
    )
    draft = Draft.start(GAME, GAME.view(state, 0))
    assert draft is not None
    return draft


def tile(text: str) -> int:
    return tiles(text)[0]


def test_a_draft_starts_only_for_the_person_whose_turn_it_is() -> None:
    state = position(f"size 12x26; mode normal; turn 0; scores 0 0; board {ROW}; hand C0; hand L0; bag C2")
    assert Draft.start(GAME, GAME.view(state, 1)) is None  # someone else's turn
    assert Draft.start(GAME, GAME.view(state, None)) is None  # the hand is hidden
    assert Draft.start(GAME, GAME.view(state, 0)) is not None


def test_the_squares_lit_for_a_tile_are_those_of_some_legal_play_holding_it() -> None:
    draft = draft_for("C0 R0 T2")
    # the orange square only fits above or below the red square
    assert draft.allowed(tile("C0")) == {(4, 10), (6, 10)}
    # the blue clover shares nothing with the row, nor with another tile of the hand
    assert draft.allowed(tile("T2")) == frozenset()
    # the orange circle: above or below the red circle, or beside the orange square of a two-tile play
    assert draft.allowed(tile("R0")) == {(4, 11), (6, 11), (4, 9), (6, 9)}
    legal = [m for m in GAME.legal_moves(draft.state) if isinstance(m, Place)]
    for square in draft.allowed(tile("R0")):
        assert any((*square, tile("R0")) in play.tiles for play in legal), square


def test_a_gap_is_allowed_while_a_tile_of_the_hand_can_bridge_it() -> None:
    draft = draft_for("C0 R0 X0")
    draft.pick(draft.rack.index(tile("C0")))
    assert draft.put((4, 10)) is None
    # the orange cross one square off the orange square: R0 could fill ej later
    assert (4, 8) in draft.allowed(tile("X0"))
    assert draft.put((4, 8), draft.rack.index(tile("X0"))) is None
    preview = draft.preview()
    assert preview == "the tiles must form one unbroken line with the tiles already there: ej is empty"
    assert draft.play() is None
    assert draft.put((4, 9), draft.rack.index(tile("R0"))) is None
    score = draft.preview()
    assert isinstance(score, PlayScore) and score.lines == (3, 2)
    assert draft.play() == Place.of([(4, 8, tile("X0")), (4, 9, tile("R0")), (4, 10, tile("C0"))])


def test_a_refused_square_gets_the_rules_reason_and_changes_nothing() -> None:
    draft = draft_for("C0 T2")
    draft.pick(draft.rack.index(tile("T2")))
    reason = draft.put((5, 9))
    assert (
        reason == "the row fj–fm would mix colours and shapes: a blue clover and a red square share neither"
    )
    assert draft.pending == [] and tile("T2") in draft.rack and draft.picked is not None
    assert draft.put((5, 10)) == "square fk already holds a red square"


def test_tiles_put_down_go_back_to_the_rack_one_by_one_or_all_together() -> None:
    draft = draft_for("C0 C2 C3", bag="R2 R3 R4")
    draft.put((4, 10), draft.rack.index(tile("C0")))
    draft.put((3, 10), draft.rack.index(tile("C2")))
    assert sorted(draft.rack) == [tile("C3")]
    assert draft.take_back((3, 10)) == tile("C2")
    assert draft.rack[-1] == tile("C2") and draft.picked == len(draft.rack) - 1
    assert draft.take_back_last() and draft.picked is None and not draft.pending
    draft.put((4, 10), draft.rack.index(tile("C0")))
    draft.take_all_back()
    assert sorted(draft.rack) == sorted(tiles("C0 C2 C3")) and not draft.pending
    draft.reorder(0, 2)
    assert len(draft.rack) == 3 and sorted(draft.rack) == sorted(tiles("C0 C2 C3"))


def test_the_live_score_counts_lines_qwirkles_and_the_end_bonus() -> None:
    # five red tiles in a row: the red cross makes a Qwirkle, and empties the hand with the bag empty
    draft = draft_for("X1", cells="fkC1 flR1 fmE1 fnL1 foT1", bag="")
    draft.put((5, 15), 0)
    score = draft.preview()
    assert isinstance(score, PlayScore)
    assert (score.lines, score.qwirkles, score.end_bonus, score.score) == ((12,), 1, 6, 18)


def test_on_an_empty_board_the_first_tile_goes_anywhere_and_the_next_ones_beside_it() -> None:
    draft = draft_for("C0 C1 R2", cells="")
    assert len(draft.allowed(tile("C0"))) == 12 * 26
    draft.put((5, 5), draft.rack.index(tile("C0")))
    assert draft.allowed(tile("C1")) == {(4, 5), (6, 5), (5, 4), (5, 6)}
    assert draft.allowed(tile("R2")) == frozenset()  # shares nothing with the orange square
    draft.put((5, 6), draft.rack.index(tile("C1")))
    assert draft.allowed(tile("R2")) == frozenset()
    assert isinstance(draft.preview(), PlayScore)


def test_the_official_opening_must_be_played_whole() -> None:
    draft = draft_for("C0 C1 C2 R5", cells="", extra="; opening 3")
    draft.put((5, 5), draft.rack.index(tile("C0")))
    assert draft.preview() == (
        "the opening play must place 3 tiles: the most tiles of your hand sharing a colour or a shape"
    )
    assert draft.exchange_refusal() == "the opening player must place tiles, not exchange them"
    draft.put((5, 6), draft.rack.index(tile("C1")))
    draft.put((5, 7), draft.rack.index(tile("C2")))
    assert isinstance(draft.preview(), PlayScore)


def test_an_exchange_marks_tiles_and_respects_the_bag() -> None:
    draft = draft_for("C0 R0 T2", bag="C2 C3")
    draft.put((4, 10), draft.rack.index(tile("C0")))
    assert draft.begin_exchange() is None
    assert draft.exchanging and not draft.pending and len(draft.rack) == 3  # the tile came back
    assert draft.exchange() is None  # nothing marked yet
    for index in range(3):
        draft.mark(index)
    assert draft.exchange() is None
    assert draft.exchange_refusal(draft.marked_tiles) == "the bag holds only 2 tiles: exchange at most 2"
    draft.mark(2)
    assert draft.exchange() == Exchange.of(draft.rack[:2])
    draft.cancel_exchange()
    assert not draft.exchanging and not draft.marked
    empty = draft_for("C0", bag="")
    assert empty.begin_exchange() == "the bag is empty: no tile can be exchanged"


def test_a_tile_put_down_may_move_where_it_could_go_if_taken_back() -> None:
    draft = draft_for("C0 R0")
    draft.put((4, 10), draft.rack.index(tile("C0")))
    instead = draft.allowed_instead((4, 10))
    assert {(4, 10), (6, 10)} <= instead and (5, 9) not in instead
    assert draft.pending == [(4, 10, tile("C0"))]  # asking moved nothing
