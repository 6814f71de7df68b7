from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from ludoteca_tictactoe import GAME

from ludoteca.core import IllegalMove
from ludoteca.core.record import Record
from ludoteca.core.seats import SeatSpec
from ludoteca.match import Event, Match

HUMAN, CPU = SeatSpec("human"), SeatSpec("computer", 1)


def test_play_undo_redo_against_a_person() -> None:
    match = Match(GAME, {}, (HUMAN, HUMAN), 1)
    start = match.state
    match.play("b2")
    after = match.state
    assert match.undo() == 1
    assert match.state == start
    assert match.redo() == 1
    assert match.state == after


def test_undo_against_the_computer_also_takes_back_its_reply() -> None:
    match = Match(GAME, {}, (HUMAN, CPU), 1)
    match.play("b2")
    match.play("a1")  # the computer's reply, chosen by hand here
    assert match.undo() == 2
    assert match.ply == 0
    assert match.redo() == 2  # redo replays both, back to the human's turn
    assert match.ply == 2


def test_a_new_move_clears_redo() -> None:
    match = Match(GAME, {}, (HUMAN, HUMAN), 1)
    match.play("b2")
    match.undo()
    match.play("a1")
    assert not match.can_redo()


def test_illegal_moves_raise_and_change_nothing() -> None:
    match = Match(GAME, {}, (HUMAN, HUMAN), 1)
    match.play("b2")
    with pytest.raises(IllegalMove, match="already taken"):
        match.play("b2")
    assert match.ply == 1


def test_a_stale_move_is_refused() -> None:
    match = Match(GAME, {}, (HUMAN, HUMAN), 1)
    match.play("b2")
    with pytest.raises(IllegalMove, match="earlier position"):
        match.play("a1", expected_ply=0)


def test_resignation_ends_the_game_and_survives_a_record() -> None:
    match = Match(GAME, {}, (HUMAN, HUMAN), 1)
    match.play("b2")
    outcome = match.resign()
    assert outcome.winner == 0  # O resigned
    assert match.to_move() is None
    text = match.to_record().dumps()
    again = Match.from_record(GAME, Record.loads(text), text)
    assert again.outcome is not None and again.outcome.winner == 0
    assert again.to_move() is None


def test_undo_after_the_end_brings_the_game_back() -> None:
    match = Match(GAME, {}, (HUMAN, HUMAN), 1)
    for move in ["a1", "b1", "a2", "b2", "a3"]:
        match.play(move)
    assert match.over
    match.undo()
    assert not match.over
    assert match.to_move() == 0


def test_observers_hear_moves_undos_and_the_end() -> None:
    match = Match(GAME, {}, (HUMAN, HUMAN), 1)
    heard: list[Event] = []
    match.subscribe(heard.append)
    for move in ["a1", "b1", "a2", "b2", "a3"]:
        match.play(move)
    match.undo()
    kinds = [e.kind for e in heard]
    assert kinds == ["move"] * 5 + ["over", "undo", "resumed"]
    assert heard[0].move == "a1" and heard[0].seat == 0


def test_draw_claims_are_refused_when_the_rules_do_not_allow_them() -> None:
    match = Match(GAME, {}, (HUMAN, HUMAN), 1)
    assert not match.can_claim_draw()
    with pytest.raises(IllegalMove):
        match.claim_draw()


def test_the_computer_thinks_in_the_background_and_returns_a_legal_move() -> None:
    match = Match(GAME, {}, (HUMAN, SeatSpec("computer", 5)), 1, think=0.5)
    match.play("a1")
    thinker = match.think()
    assert thinker.wait(10)
    move = thinker.result()
    assert move in GAME.legal_moves(match.state)


def test_a_perfect_player_blocks_an_open_line() -> None:
    match = Match(GAME, {}, (HUMAN, SeatSpec("computer", 5)), 1, think=2.0)
    match.play("a1")
    match.play("b2")
    match.play("a2")  # X threatens a3
    assert GAME.format_move(match.state, match.think().result()) == "a3"


@given(st.lists(st.integers(0, 8), max_size=12))
def test_undo_after_play_restores_the_state(picks: list[int]) -> None:
    match = Match(GAME, {}, (HUMAN, HUMAN), 1)
    for pick in picks:
        if match.over:
            break
        legal = list(GAME.legal_moves(match.state))
        before = match.state
        match.play(legal[pick % len(legal)])
        match.undo()
        assert match.state == before
        match.redo()


def test_a_computer_that_judges_itself_worse_claims_the_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    from ludoteca.ai import levels
    from ludoteca.ai.simple import RandomPlayer

    class Cautious(RandomPlayer):
        def wants_draw(self, game: object, state: object, seat: int, seconds: float | None = None) -> bool:
            return True

    monkeypatch.setattr(levels, "_generic", lambda game, level, seed=None: Cautious())
    match = Match(GAME, {}, (HUMAN, SeatSpec("computer", 2)), 1)
    match.play("a1")
    assert not match.computer_wants_draw(1)  # tic-tac-toe never allows a claim
    monkeypatch.setattr(type(GAME), "can_claim_draw", lambda self, state: True)
    assert match.computer_wants_draw(1)
    match.claim_draw()
    assert match.outcome is not None and match.outcome.is_draw


def test_a_fallen_flag_ends_the_game_like_a_resignation_and_the_record_replays() -> None:
    match = Match(GAME, {}, (SeatSpec("human", name="Ann"), SeatSpec("human", name="Bob")), 1)
    match.play("b2")
    outcome = match.lose_on_time(1)
    assert outcome.winner == 0 and "Bob" in str(outcome.reason) and "time" in str(outcome.reason)
    assert match.over and match.termination == "time forfeit"
    text = match.to_record().dumps()
    again = Match.from_record(GAME, Record.loads(text), text)
    assert again.outcome is not None and again.outcome.ranks == outcome.ranks


def test_a_seat_can_change_hands_mid_game() -> None:
    match = Match(GAME, {}, (HUMAN, SeatSpec("remote", name="Bob")), 1)
    match.play("b2")
    assert match.computer_to_move() is None
    match.set_seat(1, CPU)
    assert match.computer_to_move() == 1 and match.moves == ["b2"]


def test_an_ending_the_rules_did_not_produce_is_worded_when_read() -> None:
    from ludoteca.core.registry import get_game
    from ludoteca.i18n import set_language

    connect4, five = get_game("connect4"), get_game("fiveormore")
    resigned = Match(connect4, connect4.options(), (HUMAN, HUMAN), 1)
    resigned.play("4")
    resigned.resign()
    stopped = Match(five, five.options(), (HUMAN,), 1)
    stopped.resign()
    reloaded = [Match.from_record(m.game, Record.loads(m.to_record().dumps())) for m in (resigned, stopped)]
    for match in (resigned, *reloaded[:1]):
        assert match.outcome is not None and str(match.outcome.reason) == "Red resigned"  # never the tag
    assert reloaded[1].outcome is not None and str(reloaded[1].outcome.reason) == "Player stopped the game"
    try:
        set_language("fr")  # the player changed language after the game ended
        reasons = [str(m.outcome.reason) for m in (resigned, *reloaded) if m.outcome is not None]
    finally:
        set_language("en")
    assert reasons == ["Rouge abandonne", "Rouge abandonne", "Joueur a arrêté la partie"]


def test_a_resignation_at_three_seats_ranks_the_resigner_third_and_the_record_replays() -> None:
    from ludoteca.core.registry import get_game

    qwirkle = get_game("qwirkle")
    match = Match(qwirkle, qwirkle.options(), (HUMAN, HUMAN, HUMAN), 5)
    outcome = match.resign()
    assert outcome.ranks == (3, 1, 1)  # the others share first place: the last is third
    text = match.to_record().dumps()
    again = Match.from_record(qwirkle, Record.loads(text), text)
    assert again.outcome is not None and again.outcome.ranks == (3, 1, 1)
