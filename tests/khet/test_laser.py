"""The beam: every piece, face and direction; splitting; the loop guard; the rules file's examples;
the search's tracer and the recording one agreeing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ludoteca.games.khet import GAME
from ludoteca.games.khet.board import OFF, Board, square_name
from ludoteca.games.khet.laser import (
    ABSORBED_EFFECT,
    DESTROYED_EFFECT,
    LEFT_EFFECT,
    LOOP_EFFECT,
    REFLECTED,
    SPLIT_EFFECT,
    Beam,
    laser_origin,
    remove_destroyed,
    shoot,
    shoot_from,
    trace,
)
from ludoteca.games.khet.position import parse_tokens
from ludoteca.games.khet.state import KhetState

from .helpers import cells, play, position, sq, start

DATA = Path(__file__).resolve().parents[1] / "data"
N, E, S, W = 0, 1, 2, 3
BACK = {N: "e2", E: "c4", S: "e6", W: "g4"}  # where a beam starts to reach e4 travelling that way

# What a beam travelling N, E, S, W (in that order) does on meeting the piece: a capital = reflected
# that way, x = the piece is destroyed, a = absorbed, / = split. Written out by hand from the rules.
EXPECTED = {
    "P:NE": "xxEN",  # travelling S strikes the N side → leaves E; travelling W strikes E → leaves N
    "P:SE": "ExxS",
    "P:SW": "WSxx",
    "P:NW": "xNWx",
    "S:/": "ENWS",
    "S:\\": "WSEN",
    "D:/": "ENWS",
    "D:\\": "WSEN",
    "A:N": "xxax",  # the front faces N: only a beam travelling S strikes it
    "A:E": "xxxa",
    "A:S": "axxx",
    "A:W": "xaxx",
    "X:N": "aaaa",
    "X:E": "aaaa",
    "K": "xxxx",
    "O": "xxxx",
    "O:2": "xxxx",
    "E:/": "////",
    "E:\\": "////",
}
LETTER = {"N": N, "E": E, "S": S, "W": W}


def _shoot(spec: str, colour: str, direction: int) -> Beam:
    board = cells(f"{colour}:{spec.split(':')[0]}:e4" + (f":{spec.split(':')[1]}" if ":" in spec else ""))
    return trace(board, 0, sq(BACK[direction]), direction)


@pytest.mark.parametrize("colour", ["S", "R"])
@pytest.mark.parametrize("direction", [N, E, S, W])
@pytest.mark.parametrize("spec", sorted(EXPECTED))
def test_every_piece_face_and_direction(spec: str, colour: str, direction: int) -> None:
    beam = _shoot(spec, colour, direction)
    want = EXPECTED[spec][direction]
    event = beam.branches[0].events[0]
    assert event.square == sq("e4")
    if want == "x":
        assert event.effect == DESTROYED_EFFECT
        assert [square_name(s) for s, _p in beam.destroyed] == ["e4"]
        assert len(beam.branches[0].events) == 1  # the beam stops at the piece it destroys
    elif want == "a":
        assert event.effect == ABSORBED_EFFECT
        assert not beam.destroyed
        assert len(beam.branches[0].events) == 1
    elif want == "/":
        assert event.effect == SPLIT_EFFECT
        assert len(beam.branches) == 3
        assert event.leaving[1] == direction  # one half goes straight on
        mirror = "ENWS" if spec.endswith("/") else "WSEN"
        assert event.leaving[0] == LETTER[mirror[direction]]
        assert not beam.destroyed
    else:
        assert event.effect == REFLECTED
        assert event.leaving == (LETTER[want],)
        assert beam.branches[0].segments[-1].direction == LETTER[want]
        assert beam.branches[0].end.effect == LEFT_EFFECT
        assert not beam.destroyed


def test_rules_file_table_is_consistent_with_pyramid_wording() -> None:
    # "NE = north and east sides mirrored: a beam striking side v leaves towards h, striking h leaves
    # towards v": striking the north side means travelling south.
    beam = trace(cells("R:P:e4:NE"), 0, sq("e6"), S)
    assert beam.branches[0].events[0].leaving == (E,)
    beam = trace(cells("R:P:e4:NE"), 0, sq("g4"), W)
    assert beam.branches[0].events[0].leaving == (N,)


def _lit(beam: Beam) -> list[str]:
    return [square_name(s) for s in beam.branches[0].squares]


def _cases() -> list[list[str]]:
    rows = []
    for line in (DATA / "khet_beams.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            rows.append([field.strip() for field in line.split(" | ")])
    return rows


@pytest.mark.parametrize("case", _cases(), ids=lambda c: f"{c[1]}:{c[2]}")
def test_beam_examples_from_the_rules(case: list[str]) -> None:
    variant, setup, moves, lit, destroyed, result = case
    state = play(start(variant, setup), *moves.split())
    assert state.beam is not None
    assert _lit(state.beam) == lit.split()
    gone = [parse_tokens(t).board for t in destroyed.split()] if destroyed != "-" else []
    expected = sorted((s, b[s]) for b in gone for s in range(len(b)) if b[s] not in (0, OFF))
    assert sorted(state.beam.destroyed) == expected
    outcome = GAME.outcome(state)
    assert (outcome.result_tag() if outcome else "*") == result


def test_classic_start_beam_leaves_the_board_at_j8() -> None:
    state = play(start(), "d1+")
    assert state.beam is not None
    end = state.beam.branches[0].end
    assert end.effect == LEFT_EFFECT and end.arriving == N


def test_friendly_fire_destroys_the_movers_own_piece() -> None:
    # Turning j4 (SW) clockwise shows its back to Silver's own beam.
    state = play(start(), "j4+")
    assert state.beam is not None
    assert [square_name(s) for s, _p in state.beam.destroyed] == ["j4"]
    assert state.board[sq("j4")] == 0
    assert GAME.outcome(state) is None


def test_red_beam_destroys_red_piece() -> None:
    # Red's beam goes a8 → a5 (E) → c5; turning a5 clockwise (NE → SE) shows its back to the beam.
    state = play(start(), "d1+", "a5+")
    assert state.beam is not None and state.beam.colour == 1
    assert [square_name(s) for s, _p in state.beam.destroyed] == ["a5"]


def test_sphinx_absorbs_and_is_never_destroyed() -> None:
    board = cells("S:X:j1:N R:X:a8:S")
    beam = trace(board, 1, sq("a1"), E)  # along rank 1 into the Silver Sphinx
    assert beam.branches[0].end.effect == ABSORBED_EFFECT
    assert not beam.destroyed


def test_own_pharaoh_hit_loses() -> None:
    state = play(start("khet2", "dynasty"), "j3j2")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 1
    assert GAME.to_move(state) is None
    assert GAME.legal_moves(state) == []


# ----- the Eye of Horus edition ------------------------------------------------------------------
def test_horus_laser_fires_from_below_j1_and_above_a8() -> None:
    board = cells("S:K:e1 R:K:f8")
    origin = laser_origin(0, True, board)
    assert origin is not None
    beam = trace(board, 0, *origin)
    assert _lit(beam) == [f"j{r}" for r in range(1, 9)]
    origin = laser_origin(1, True, board)
    assert origin is not None
    assert _lit(trace(board, 1, *origin)) == [f"a{r}" for r in range(8, 0, -1)]


def test_split_traces_both_branches() -> None:
    # The Eye on e4 (/) met travelling E: one half reflects N up file e, the other goes on along rank 4.
    board = cells("S:E:e4:/ R:P:e7:SE R:P:h4:NW")
    beam = trace(board, 0, sq("a4"), E)
    main, reflected, straight = beam.branches
    assert [square_name(s) for s in main.squares] == ["b4", "c4", "d4", "e4"]
    assert main.end.effect == SPLIT_EFFECT and main.end.leaving == (N, E)
    assert reflected.parent == 0 and straight.parent == 0
    assert reflected.origin == straight.origin == sq("e4")
    assert reflected.delay == straight.delay == 4
    # e7 (SE) struck on its S side reflects E; h4 (NW) struck on its W side reflects N
    assert [square_name(s) for s in reflected.squares] == ["e5", "e6", "e7", "f7", "g7", "h7", "i7", "j7"]
    assert [square_name(s) for s in straight.squares] == ["f4", "g4", "h4", "h5", "h6", "h7", "h8"]
    assert reflected.end.effect == straight.end.effect == LEFT_EFFECT
    assert not beam.destroyed
    assert beam.lit()[sq("h7")] == {E, N}  # crossed both ways


def test_split_both_branches_destroy_and_removal_waits_for_the_end() -> None:
    board = cells("S:E:e4:/ R:P:e7:NE R:P:h4:SE")
    beam = trace(board, 0, sq("a4"), E)
    # travelling N meets e7's S side (NE mirrors N and E): destroyed; travelling E meets h4's W side
    # (SE mirrors S and E): destroyed. Both listed, neither removed during the trace.
    assert sorted(square_name(s) for s, _p in beam.destroyed) == ["e7", "h4"]
    assert board[sq("e7")] and board[sq("h4")]


def test_stack_hit_by_two_branches_loses_one_level() -> None:
    # e3 Eye (/) met travelling E: N half → e5 Djed (/) → E → g5; E half → g3 Djed (/) → N → g5.
    text = "S:K:a1 R:K:j8 S:E:e3:/ S:D:e5:/ R:D:g3:/ R:O:g5:2"
    state = position(text + " turn:S", "horus")
    board = list(state.board)
    beam = trace(board, 0, sq("a3"), E)
    hits = [e for b in beam.branches for e in b.events if e.effect == DESTROYED_EFFECT]
    assert [square_name(e.square) for e in hits if e.square is not None] == ["g5", "g5"]
    assert [square_name(s) for s, _p in beam.destroyed] == ["g5"]
    lit = {square_name(s) for b in beam.branches for s in b.squares}
    assert "h5" not in lit and "g6" not in lit  # a destroyed piece still stops every branch
    remove_destroyed(board, [s for s, _p in beam.destroyed])
    assert board[sq("g5")] == parse_tokens("R:O:g5").board[sq("g5")]  # one Obelisk left


def test_pyramid_struck_on_its_back_still_reflects_another_branch() -> None:
    # g5 NW Pyramid: the branch travelling E meets its W side (mirror) and turns N; the branch
    # travelling N meets its S side and destroys it. It is removed, but only after the shot.
    board = cells("S:E:e3:/ S:D:e5:/ R:D:g3:/ R:P:g5:NW")
    beam = trace(board, 0, sq("a3"), E)
    lit = {square_name(s) for b in beam.branches for s in b.squares}
    assert {"g6", "g7", "g8"} <= lit
    assert [square_name(s) for s, _p in beam.destroyed] == ["g5"]


def test_loop_guard_ends_a_branch_entering_lit_light() -> None:
    # Two loops around the square c3-c6-f6-f3 come back into the Eye on c3 at the same time.
    board = cells("S:E:c3:/ S:D:c6:/ S:D:f6:\\ S:D:f3:/")
    beam = trace(board, 0, sq("a3"), E)
    ends = [b.end.effect for b in beam.branches]
    assert LOOP_EFFECT in ends
    assert ends.count(SPLIT_EFFECT) == 3  # the first meeting and both returns
    assert all(b.end.effect in (SPLIT_EFFECT, LOOP_EFFECT, LEFT_EFFECT) for b in beam.branches)
    assert shoot_from(board, sq("a3"), E).destroyed == ()


def test_both_pharaohs_in_one_shot_is_a_draw() -> None:
    # Silver's laser: j3 Eye (\) sends one half W along rank 3 into Red's Pharaoh on e3, the other
    # up file j to the j6 Djed (\), W along rank 6 into Silver's own Pharaoh on d6.
    state = position("S:K:d6 S:E:j3:\\ S:D:j6:\\ S:P:c1:NW R:K:e3 turn:S", "horus")
    after = play(state, "c1+")
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.is_draw
    assert after.beam is not None
    assert {square_name(s) for s, _p in after.beam.destroyed} == {"e3", "d6"}


def test_horus_own_pharaoh_alone_loses() -> None:
    state = position("S:K:d6 S:D:j6:\\ S:P:c1:NW R:K:e3 turn:S", "horus")
    outcome = GAME.outcome(play(state, "c1+"))
    assert outcome is not None and outcome.winner == 1


def test_light_coming_back_through_the_origin_ends_the_branch() -> None:
    # Fired from an empty square inside a ring of mirrors, the light comes round to where it started:
    # it must end there (no laser stands on a board square like this in a game, but `trace` takes
    # any origin).
    board = cells("S:D:c6:/ S:D:f6:\\ S:D:f3:/ S:D:c3:\\")
    beam = trace(board, 0, sq("c4"), N)
    (branch,) = beam.branches
    assert [square_name(s) for s in branch.squares][:3] == ["c5", "c6", "d6"]
    assert branch.end.effect == LOOP_EFFECT and branch.end.square == sq("c5")
    assert [square_name(s) for s in branch.squares].count("c5") == 2


def test_destroyed_pieces_are_listed_in_the_order_light_reaches_them() -> None:
    # The Eye on e4 sends its first branch N to a Pharaoh four squares away and its second E to an
    # Obelisk next door: the Obelisk is hit first, as an animation shows it.
    board = cells("S:E:e4:/ R:K:e8 R:O:f4")
    beam = trace(board, 0, sq("a4") - 1, E)
    assert [square_name(b.squares[-1]) for b in beam.branches[1:]] == ["e8", "f4"]
    assert [square_name(s) for s, _p in beam.destroyed] == ["f4", "e8"]


def test_first_light_out_of_an_eye_wins_and_the_later_branches_join_it() -> None:
    # Light reaches the Eye on e4 twice: travelling E from the laser (tick 5), then travelling N
    # after a detour g4-g2-e2 by the straight half (tick 13). Both halves of the second split leave
    # the way light already went: they end on their first square.
    board = cells("S:E:e4:/ S:D:g4:\\ S:D:g2:/ S:D:e2:\\")
    beam = trace(board, 0, sq("a4") - 1, E)
    split = [(b.delay, b.end.effect, b.end.square) for b in beam.branches[1:]]
    assert split == [
        (5, LEFT_EFFECT, None),
        (5, SPLIT_EFFECT, sq("e4")),
        (13, LOOP_EFFECT, sq("f4")),
        (13, LOOP_EFFECT, sq("e5")),
    ]


# ----- the search's tracer agrees with the recording one ---------------------------------------------
def _assert_tracers_agree(board: Board | list[int], colour: int, origin: int, direction: int) -> None:
    fast = shoot_from(board, origin, direction)
    full = trace(board, colour, origin, direction)
    lit = {s for b in full.branches for s in b.squares}
    assert fast.mask == sum(1 << s for s in lit | {origin})
    crossed = {s << 1 | (seg.direction & 1) for b in full.branches for seg in b.segments for s in seg.squares}
    assert set(fast.path) == {code for code in crossed if board[code >> 1] == 0}
    assert len(set(fast.destroyed)) == len(fast.destroyed)
    assert sorted(fast.destroyed) == sorted(s for s, _p in full.destroyed)


def _random_playout_states(variant: str, setup: str, seed: int, plies: int) -> list[KhetState]:
    rng = random.Random(seed)
    state = start(variant, setup)
    seen = [state]
    for _ply in range(plies):
        if GAME.to_move(state) is None:
            break
        state = GAME.play(state, rng.choice(list(GAME.legal_moves(state))))
        seen.append(state)
    return seen


@pytest.mark.parametrize(
    ("variant", "setup"), [("khet2", "classic"), ("horus", "classic-horus"), ("khet2", "dynasty")]
)
def test_search_tracer_agrees_with_the_recording_one_over_playouts(variant: str, setup: str) -> None:
    horus = variant == "horus"
    for seed in range(6):
        for state in _random_playout_states(variant, setup, seed, 80):
            for colour in (0, 1):
                origin = laser_origin(colour, horus, state.board)
                if origin is None:
                    assert shoot(state.board, colour, horus) == (0, (), ())
                    continue
                _assert_tracers_agree(state.board, colour, *origin)
                assert shoot(state.board, colour, horus) == shoot_from(state.board, *origin)


def test_random_eye_boards_fast_and_full_agree() -> None:
    rng = random.Random(7)
    letters = ["E:/", "E:\\", "D:/", "D:\\", "P:NE", "P:SE", "P:SW", "P:NW", "O", "O:2", "K"]
    squares = [f"{f}{r}" for f in "abcdefghij" for r in range(1, 9)]
    for _case in range(300):
        chosen = rng.sample(squares, 18)
        tokens = []
        for name in chosen:
            kind, _sep, face = rng.choice(letters).partition(":")
            tokens.append(f"{rng.choice('SR')}:{kind}:{name}" + (f":{face}" if face else ""))
        board = cells(" ".join(tokens))
        origin, direction = rng.choice([(sq("a1") - 1, E), (sq("j1") - 11, N), (sq("a8") + 11, S)])
        _assert_tracers_agree(board, 0, origin, direction)
        full = trace(board, 0, origin, direction)
        # every lit (square, direction) appears once in the whole shot
        lit = [(s, seg.direction) for b in full.branches for seg in b.segments for s in seg.squares]
        loops = sum(1 for b in full.branches if b.end.effect == LOOP_EFFECT)
        assert len(lit) - loops == len(set(lit))
