"""The game as a whole: draws by repetition, records, descriptions, game over."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.core.errors import IllegalMove, RecordError
from ludoteca.core.record import Record, replay
from ludoteca.core.seats import SeatSpec
from ludoteca.games.khet import GAME
from ludoteca.games.khet.board import SQUARES, stack_height

from .helpers import play, position, start

SHUFFLE = ("d1+", "e8+", "d1-", "e8-")  # Anubis turns away from every beam: the start comes back


def test_threefold_repetition_lets_the_player_to_move_claim() -> None:
    state = start()
    assert state.repetitions() == 1 and not GAME.can_claim_draw(state)
    state = play(state, *SHUFFLE)
    assert state.repetitions() == 2 and not GAME.can_claim_draw(state)
    with pytest.raises(IllegalMove, match="2 time"):
        GAME.claim_draw(state)
    state = play(state, *SHUFFLE)
    assert state.repetitions() == 3 and GAME.can_claim_draw(state)
    outcome = GAME.claim_draw(state)
    assert outcome.is_draw and "Silver claimed" in str(outcome.reason)
    # a position not seen before: no claim
    assert not GAME.can_claim_draw(play(state, "d1-"))


def test_same_board_with_the_other_side_to_move_is_another_position() -> None:
    # Silver turns d1 and back (two Silver moves) while Red turns e8 and back: after an odd number of
    # plies the board repeats with Red to move, which does not count with Silver-to-move visits.
    state = play(start(), "d1+", "e8+", "d1-")
    assert state.turn == 1
    assert state.repetitions() == 1


def test_repetitions_count_only_since_the_last_removal() -> None:
    # Silver's first shot destroys the Red Pyramid on j3; then both sides shuffle an Anubis.
    text = "S:X:j1:N S:K:e1 S:A:d1:N R:X:a8:S R:K:f8 R:A:e8:S R:P:j3:NE"
    before = position(text)
    state = play(before, "d1+")
    assert state.beam is not None and state.beam.destroyed
    assert state.history == (state.board,)
    again = play(state, "e8+", "d1-", "e8-", "d1+")
    assert again.board == state.board and again.repetitions() == 2
    # without the removal the same shuffles are counted from the start
    control = position(text.replace(" R:P:j3:NE", ""))
    assert play(control, "d1+", "e8+", "d1-", "e8-", "d1+").repetitions() == 2
    assert len(play(control, "d1+", "e8+").history) == 3


def test_horus_repetitions_reset_on_removal() -> None:
    state = play(start("horus", "classic"), "j4+")  # destroys Silver's own j4 Pyramid
    assert state.beam is not None and state.beam.destroyed
    assert state.history == (state.board,)


def test_play_never_mutates_and_the_game_ends_with_no_moves() -> None:
    state = start("khet2", "dynasty")
    before = (state.board, state.history, state.turn)
    after = play(state, "j3j2")
    assert (state.board, state.history, state.turn) == before
    assert GAME.to_move(after) is None and GAME.legal_moves(after) == []
    assert not GAME.can_claim_draw(after)
    with pytest.raises(IllegalMove, match="over"):
        GAME.play(after, GAME.parse_move(after, "d1+"))


def test_describe_last_names_the_move_the_beam_and_the_end() -> None:
    text = GAME.describe_last(play(start(), "d1+"))
    assert text.startswith("Silver played d1+.")
    assert (
        "Silver's beam: j1→j4 reflects W, →h4 reflects N, →h5 reflects E, →j5 reflects N, →j8 leaves" in text
    )
    end = GAME.describe_last(play(start("khet2", "dynasty"), "j3j2"))
    assert "destroys Silver Pharaoh e2" in end and "Red wins" in end
    assert GAME.describe_last(start()) == ""


def test_describe_last_with_a_split() -> None:
    state = position("S:K:a1 S:E:j3:\\ R:K:f8 S:P:c1:NW turn:S", "horus")
    text = GAME.describe_last(play(state, "c1+"))
    assert "→j3 splits W and N" in text
    assert "from j3 going W" in text and "from j3 going N" in text


def _record(moves: list[str], **options: str) -> Record:
    return Record("khet", 0, GAME.options(options), (SeatSpec(), SeatSpec()), moves)


def test_record_replays_to_the_same_state() -> None:
    moves = ["d1+", "e8+", "f4g3", "a5+"]
    states = replay(GAME, Record.loads(_record(moves).dumps()))
    assert states[-1] == play(start(), *moves)


def test_record_with_a_position_tag() -> None:
    text = GAME.position_text(play(start(), "f4g3", "a5+"))
    record = _record(["j1-"])
    record.position = text
    states = replay(GAME, Record.loads(record.dumps()))
    assert states[0].board == play(start(), "f4g3", "a5+").board
    assert states[-1].beam is not None


def test_record_with_a_user_setup_as_the_setup_option() -> None:
    mine = GAME.position_text(start()).replace("S:P:c1:NW", "S:P:c2:NW").replace(" turn:S", "")
    record = _record(["c2+"], setup=mine)
    states = replay(GAME, Record.loads(record.dumps()))
    assert states[0].board != start().board


def test_tampered_record_is_refused() -> None:
    with pytest.raises(RecordError, match="not neighbours"):
        replay(GAME, Record.loads(_record(["d1+", "e8+", "c1c3"]).dumps()))


def test_record_result_must_match() -> None:
    record = _record(["j3j2"], setup="dynasty")
    record.result = "1-2"
    with pytest.raises(RecordError, match="2-1"):
        replay(GAME, Record.loads(record.dumps()))
    record.result = "2-1"
    assert GAME.outcome(replay(GAME, Record.loads(record.dumps()))[-1]) is not None


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), horus=st.booleans())
def test_pieces_only_vanish_to_the_beam(seed: int, horus: bool) -> None:
    """Over random games: every level of every piece is still there unless the beam's trace says it
    was destroyed, the history restarts exactly on removals, and the side to move alternates."""
    rng = random.Random(seed)
    state = start("horus" if horus else "khet2")
    for _ply in range(40):
        if GAME.to_move(state) is None:
            break
        after = GAME.play(state, rng.choice(list(GAME.legal_moves(state))))
        lost = sum(stack_height(state.board[s]) for s in SQUARES if state.board[s]) - sum(
            stack_height(after.board[s]) for s in SQUARES if after.board[s]
        )
        destroyed = after.beam.destroyed if after.beam is not None else ()
        assert lost == len(destroyed)
        assert (len(after.history) == 1) == bool(destroyed)
        assert after.turn == 1 - state.turn and after.ply == state.ply + 1
        state = after


def test_khet_speaks_french_to_the_end() -> None:
    from ludoteca.core.errors import NotationError
    from ludoteca.core.registry import declaration
    from ludoteca.games.khet.terminal import KhetTerminalBoard
    from ludoteca.i18n import set_language
    from ludoteca.kits.terminal.style import Style

    declaration("khet")  # loading the game merges its catalogue
    won = play(start("khet2", "dynasty"), "j3j2")
    try:
        set_language("fr")
        assert GAME.seat_name(won, 0) == "Argent"
        with pytest.raises(NotationError) as bad:
            GAME.parse_move(start(), "zz")
        beam = GAME.describe_last(play(start(), "d1+"))
        end = GAME.describe_last(won)
        reason = str(GAME.outcome(won).reason)  # worded when read, though the game ended in English
        help_text = KhetTerminalBoard().move_help(GAME, start())
        board = KhetTerminalBoard().render(GAME, won, None, Style(colour=False))
    finally:
        set_language("en")
    assert "write" not in str(bad.value) and "écrivez un déplacement" in str(bad.value)
    assert beam.startswith("Argent a joué d1+. Laser Argent : j1→j4 réfléchi vers O, →h4 réfléchi vers N")
    assert "détruit Pharaon Argent en e2" in end and "Rouge gagne" in end
    assert reason == "Argent a touché son propre Pharaon en e2 : Rouge gagne"
    assert "tirer vers O" in help_text
    assert "Silver" not in board and "Argent" in board
