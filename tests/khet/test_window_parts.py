"""The window's Khet parts that hold no pygame: where a recorded beam runs on the screen and when,
how a played move unfolds, the choice in progress, and the preview."""

from __future__ import annotations

import pytest

from ludoteca.games.khet import GAME
from ludoteca.games.khet.beam_path import HOUSING_LENS, beam_path, cell_of, centre
from ludoteca.games.khet.moves import MOVE, TURN_CCW, TURN_CW, UNSTACK, make_move
from ludoteca.games.khet.picking import ANTICLOCKWISE, CLOCKWISE, STACK, STEP, SWAP, UNSTACK_TOP, Picking
from ludoteca.games.khet.preview import Preview
from ludoteca.games.khet.shot_motion import TIMING, shot_motion

from .helpers import play, position, sq, start


def test_the_classic_opening_beam_runs_through_the_rulebook_squares_tick_by_tick() -> None:
    state = play(start(), "c4b5")  # the beam is the rules file's: j1 j2 j3 j4 (W) i4 h4 (N) h5 (E) …
    assert state.beam is not None
    path = beam_path(state.beam)
    (main,) = path.branches
    corners = [(c.x, c.y, c.tick) for c in main.corners]
    assert corners == [
        (9.5, 7.5, 0.0),  # the Sphinx on j1
        (9.5, 4.5, 3.0),  # j4, reflected west
        (7.5, 4.5, 5.0),  # h4, north
        (7.5, 3.5, 6.0),  # h5, east
        (9.5, 3.5, 8.0),  # j5, north
        (9.5, 0.5, 11.0),  # j8
        (9.5, 0.0, 11.5),  # the board's edge: the beam leaves
    ]
    assert path.ticks == 11.5 and path.bursts == ()
    assert main.up_to(0.0) == []
    assert main.up_to(4.0) == [(9.5, 7.5), (9.5, 4.5), (8.5, 4.5)]  # half way from j4 to h4


def test_a_destroyed_piece_bursts_when_the_light_reaches_it() -> None:
    state = play(start(), "c4b5", "f5g6", "c1d2", "g6h7", "j4j3", "h4i4", "h2i3")
    assert state.beam is not None
    path = beam_path(state.beam)
    (burst,) = path.bursts
    assert burst.square == sq("i4") and burst.tick == 4.0  # j2 j3 (W) i3 (N) i4
    assert path.branches[0].corners[-1].tick == 4.0  # the light stops in the struck square


def test_a_fixed_laser_shines_from_its_lens_and_a_split_branch_starts_where_its_parent_met_the_eye() -> None:
    state = start("horus", "classic-horus")
    for text in ["f1e2", "g8g7", "d1e2", "e8e7", "e2^f1", "c7c8", "e4d5", "c8d8", "d5c5", "g3g2"]:
        state = play(state, text)
    assert state.beam is not None
    path = beam_path(state.beam)
    main, north, east = path.branches
    x, y = centre(state.beam.origin)
    assert (main.corners[0].x, main.corners[0].y) == (x, y + HOUSING_LENS)  # Red's housing, above a8
    assert main.corners[0].tick == HOUSING_LENS
    assert main.ending == "split" and main.end == 6.0  # a8 is lit on tick 1, c5 on tick 6
    assert north.start == east.start == 6.0
    assert (north.corners[0].x, north.corners[0].y) == centre(sq("c5"))
    assert {north.ending, east.ending} == {"left"}


def test_a_shield_stops_the_light_at_its_face() -> None:
    state = position("S:K:e2 S:X:j1:W R:K:f8 R:X:a8:S R:A:c1:E", "khet2")
    moved = play(state, "e2e3")  # Silver's Sphinx fires west along rank 1 into the Anubis's front on c1
    assert moved.beam is not None
    path = beam_path(moved.beam)
    assert path.absorbed and path.absorbed[0][0] == sq("c1")
    end = path.branches[0].corners[-1]
    assert end.x == pytest.approx(centre(sq("c1"))[0] + 0.32) and end.tick == pytest.approx(7 - 0.32)


def test_a_played_move_slides_then_fires_and_a_swap_moves_both_pieces() -> None:
    before = play(start(), "c4b5", "f5g6", "c1d2", "g6h7", "j4j3", "h4i4", "h2i3")
    after = play(before, "h7h8")  # Red's Scarab swaps with its Pyramid
    motion = shot_motion(before, after)
    scarab, pyramid = motion.sprites
    assert scarab.start == cell_of(sq("h7")) and scarab.end == cell_of(sq("h8"))
    assert pyramid.start == cell_of(sq("h8")) and pyramid.end == cell_of(sq("h7"))
    assert not motion.still[sq("h7")] and not motion.still[sq("h8")]
    assert motion.beam_start == TIMING.slide
    assert motion.moving(TIMING.slide / 2) == pytest.approx(0.5) and motion.moving(TIMING.slide) is None
    # a move already shown in place while waiting for Fire: only the beam is left to see
    settled = shot_motion(before, after, settled=True)
    assert settled.sprites == () and settled.beam_start == 0.0 and settled.shot_board == motion.shot_board


def test_a_turn_turns_its_piece_and_the_duration_covers_the_burst() -> None:
    before = play(start(), "c4b5", "f5g6", "c1d2", "g6h7", "j4j3", "h4i4")
    after = play(before, "h2i3")
    motion = shot_motion(before, after)
    assert motion.path is not None
    (burst,) = motion.path.bursts
    assert motion.duration == pytest.approx(
        max(motion.beam_start + motion.path.ticks * TIMING.per_square, motion.burst_at(burst) + TIMING.fade)
        + TIMING.linger
    )
    assert motion.shot_board[sq("i4")]  # the struck Pyramid still stands on the board the light crossed
    turned = shot_motion(play(start(), "c4b5"), play(start(), "c4b5", "a4-"))
    (sprite,) = turned.sprites
    assert sprite.turn == -90.0 and sprite.start == sprite.end == cell_of(sq("a4"))
    assert turned.move_ms == TIMING.turn


def test_stacking_keeps_the_lower_obelisk_still_and_unstacking_sends_the_top_alone() -> None:
    state = play(start("horus", "classic-horus"), "f1e2", "g8g7")
    stacked = play(state, "d1e2")
    motion = shot_motion(state, stacked)
    (mover,) = motion.sprites
    assert motion.still[sq("e2")] == state.board[sq("e2")]  # the Obelisk it lands on
    assert mover.start == cell_of(sq("d1"))
    later = play(stacked, "e8e7")
    top = shot_motion(later, play(later, "e2^f1"))
    (single,) = top.sprites
    assert single.end == cell_of(sq("f1")) and top.still[sq("e2")] == state.board[sq("e2")]


def test_picking_sorts_the_destinations_and_turns_by_what_they_do() -> None:
    state = play(start("horus", "classic-horus"), "f1e2", "g8g7", "d1e2", "e8e7")
    picking = Picking(state)
    picking.select(sq("e2"))  # a stack of two Obelisks
    assert picking.is_stack(sq("e2"))
    whole = picking.targets()
    assert whole[sq("d1")].kind == STEP and whole[sq("d1")].move == make_move(MOVE, sq("e2"), sq("d1"))
    picking.top_only = True
    tops = picking.targets()
    assert set(tops) == set(whole) and {t.kind for t in tops.values()} == {UNSTACK_TOP}
    assert tops[sq("d1")].move == make_move(UNSTACK, sq("e2"), sq("d1"))
    assert picking.turns() == {}  # Obelisks never turn
    picking.select(sq("e4"))  # the Eye: one turn, offered on both arrows
    assert picking.turns()[CLOCKWISE] == picking.turns()[ANTICLOCKWISE] == make_move(TURN_CW, sq("e4"))
    before = play(start("horus", "classic-horus"), "f1e2", "g8g7")
    picking = Picking(before)
    picking.select(sq("d1"))
    assert picking.targets()[sq("e2")].kind == STACK
    sphinx = Picking(start())
    sphinx.select(sq("j1"))
    assert sphinx.turns() == {ANTICLOCKWISE: make_move(TURN_CCW, sq("j1"))}


def test_a_scarab_swaps_with_a_pyramid_next_to_it() -> None:
    state = position("S:K:e1 S:X:j1:N S:S:d4:/ S:P:e5:NE R:K:f8 R:X:a8:S R:P:c4:NW", "khet2")
    picking = Picking(state)
    picking.select(sq("d4"))
    targets = picking.targets()
    assert targets[sq("e5")].kind == SWAP and targets[sq("c4")].kind == SWAP
    assert targets[sq("d5")].kind == STEP


def test_a_pending_move_is_shown_made_and_taken_back() -> None:
    state = start()
    picking = Picking(state)
    picking.select(sq("c4"))
    move = picking.targets()[sq("b5")].move
    picking.choose(move)
    assert picking.selected is None and picking.pending == move
    shown = picking.shown_board()
    assert shown[sq("b5")] == state.board[sq("c4")] and not shown[sq("c4")]
    assert picking.pending_square() == sq("b5")
    assert picking.take_back() == move and picking.shown_board() == state.board


def test_refusals_are_the_rules_sentences() -> None:
    picking = Picking(start())
    assert "not yours" in picking.refusal(sq("a4"))
    assert "Click one of your pieces (Silver)" in picking.refusal(sq("e6"))
    picking.select(sq("c4"))
    assert "not neighbours" in picking.refusal(sq("a5"))
    picking.select(sq("h2"))
    assert picking.refusal(sq("i1")) == "Square i1 is reserved for Red."


def test_the_preview_is_the_rules_play_of_the_move_and_is_kept_per_position() -> None:
    state = play(start(), "c4b5", "f5g6", "c1d2", "g6h7", "j4j3", "h4i4")
    preview = Preview(GAME)
    move = GAME.parse_move(state, "h2i3")
    seen = preview.of(state, move)
    assert seen is not None and seen.after == GAME.play(state, move)
    assert seen.path is not None and [b.square for b in seen.path.bursts] == [sq("i4")]
    assert preview.of(state, move) is seen
    assert preview.of(state, make_move(MOVE, sq("c4"), sq("a5"))) is None  # refused by the rules
    assert not seen.ends_game
    win = GAME.parse_move(play(state, "h2i3", "h7h8", "f1-", "e5d4"), "j3j4")
    assert preview.of(play(state, "h2i3", "h7h8", "f1-", "e5d4"), win).ends_game  # type: ignore[union-attr]
