"""A finished game's review in the window (issue 28): from the end screen, the game is stepped
through while its engine reviews it; then each move's mark is on the status line, each player's
accuracy beside their name, the graph is drawn and a click on it goes to that move; the way back
leads to the end screen. A game without an analyser is stepped through, unreviewed."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from ludoteca.ai.review import review
from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.games.connect4.review import Connect4Analyser
from ludoteca.i18n import _, set_language
from ludoteca.match import Match
from ludoteca.shells.terminal.review import MARK_NAMES
from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.replay import ReplayScreen
from tests.gui.conftest import Driver
from tests.gui.fit_walk import playout
from tests.review.test_review import C4_FROM, C4_GAME, replay

HUMANS = (SeatSpec("human"), SeatSpec("human"))


def connect4_endgame() -> Match:
    """The review tests' game from its 12th disc on (the solver is quick from there)."""
    game, states, _moves = replay("connect4", C4_GAME[: C4_FROM - 1])
    match = Match(game, game.options({}), HUMANS, 1, position=game.position_text(states[-1]))
    for text in C4_GAME[C4_FROM - 1 :]:
        match.play(text)
    assert match.over
    return match


def open_review(driver: Driver, match: Match) -> ReplayScreen:
    driver.app.go("end", match, recorded=True)
    driver.frames(2)
    end = driver.screen
    assert isinstance(end, EndScreen)
    driver.press(end.buttons["review"])
    screen = driver.screen
    assert isinstance(screen, ReplayScreen)
    return screen


def test_a_connect4_game_reviewed_from_the_end_screen(driver: Driver) -> None:
    match = connect4_endgame()
    screen = open_review(driver, match)
    assert screen.reviewer is not None and screen.at == 0
    screen.reviewer.wait()
    driver.frames(2)
    found = screen.reviewer.result
    assert found is not None and screen.reviewer.error is None
    # the window shows the engine's own review, move by move (tests/review checks it against the solver)
    expected = review(
        match.game,
        Connect4Analyser(),
        match.states,
        [
            match.game.parse_move(state, text)
            for state, text in zip(match.states[:-1], match.moves, strict=True)
        ],
    )
    assert [(m.ply, m.mark) for m in found.moves] == [(m.ply, m.mark) for m in expected.moves]
    blunder = next(m for m in found.moves if m.better is not None)
    screen.go_to(blunder.ply)
    line = screen.position_line()
    assert MARK_NAMES[blunder.mark] in line and f"better: {blunder.better}" in line  # type: ignore[index]
    assert any(screen._accuracy(seat).endswith("%") for seat in (0, 1))
    driver.frames(2)
    driver.shot("review-connect4")
    # the better move on the board: the position before the move, the better one marked
    driver.press(screen.buttons["better"])
    assert screen.showing_better and screen.view() == match.game.view(match.states[blunder.ply - 1], None)
    driver.frames(2)
    driver.shot("review-connect4-better")
    assert screen.buttons["better"].text == "Back to the move played"
    driver.press(screen.buttons["better"])
    assert not screen.showing_better and screen.view() == match.game.view(match.states[blunder.ply], None)
    # a step forward is played as in a game (its animation), a step back is not
    screen.go_to(0)
    driver.app.settings.speed = 1.0  # the tests' window does not animate unless asked
    driver.key(pygame.K_RIGHT)
    assert screen.transition is not None
    driver.key(pygame.K_LEFT)
    assert screen.transition is None
    # a click on the graph's right end: the last move
    graph = screen._graph
    assert graph.width > 0
    driver.click((graph.right - 1, graph.centery))
    assert screen.at == screen.last
    driver.click((graph.left, graph.centery))
    assert screen.at == 0
    # the start sums the game up: each player's worst moment
    worst = [p.worst for p in found.players if p.worst is not None]
    assert worst and all(f"move {w.ply} (" in screen.position_line() for w in worst)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.screen, EndScreen) and driver.screen.match is match


def test_the_review_in_french(driver: Driver) -> None:
    set_language("fr")
    driver.app.rebuild()
    screen = open_review(driver, connect4_endgame())
    assert screen.reviewer is not None
    screen.reviewer.wait()
    judged = next(m for m in screen.reviewer.result.moves if m.mark is not None)  # type: ignore[union-attr]
    screen.go_to(judged.ply)
    driver.frames(2)
    assert screen.position_line().startswith(f"Coup {judged.ply} sur")
    driver.shot("review-connect4-fr")


def test_a_game_without_an_analyser_is_stepped_through(driver: Driver) -> None:
    """Five or More has no analyser (chance): its end screen offers the moves, unreviewed."""
    game = get_game("fiveormore")
    match = Match(game, game.options({}), (SeatSpec("human"),), 3)
    playout(match, random.Random(3), lambda _m: False)
    driver.app.go("end", match, recorded=True)
    driver.frames(2)
    end = driver.screen
    assert isinstance(end, EndScreen)
    assert end.buttons["review"].text == "Step through the game"
    driver.press(end.buttons["review"])
    screen = driver.screen
    assert isinstance(screen, ReplayScreen) and screen.reviewer is None and "review" not in screen.buttons
    driver.key(pygame.K_END)
    assert screen.at == match.ply and screen.result_line()


def test_a_replay_reviewed_on_request(driver: Driver) -> None:
    """A club's replay opens unreviewed; Review the game starts it there."""
    match = connect4_endgame()
    driver.app.go("replay", match, "Table 1 at 127.0.0.1", ("menu",))
    driver.frames(2)
    screen = driver.screen
    assert isinstance(screen, ReplayScreen) and screen.reviewer is None
    driver.press(screen.buttons["review"])
    assert screen.reviewer is not None and "review" not in screen.buttons
    screen.reviewer.wait()
    driver.frames(2)
    assert screen.reviewer.result is not None and len(screen.reviewer.result.moves) == match.ply


def test_a_qwirkle_game_reviewed_from_each_players_own_view(driver: Driver) -> None:
    """Qwirkle's review judges each play by the points it gave away, from the mover's view."""
    game = get_game("qwirkle")
    match = Match(game, game.options({"mode": "short"}), HUMANS, 5)
    playout(match, random.Random(5), lambda _m: False)
    screen = open_review(driver, match)
    assert screen.reviewer is not None and screen.reviewer.in_points
    screen.reviewer.wait()
    found = screen.reviewer.result
    assert found is not None and screen.reviewer.error is None
    marks = {m.mark for m in found.moves}
    assert len(found.moves) == match.ply and len(marks) > 1  # random plays: not all the best
    worse = next(m for m in found.moves if m.better is not None)
    screen.go_to(worse.ply)
    driver.frames(2)
    assert f"better: {worse.better}" in screen.position_line()
    driver.shot("review-qwirkle")
    driver.press(screen.buttons["better"])  # the better play drawn with the mover's own hand
    assert screen.showing_better
    driver.frames(2)
    driver.shot("review-qwirkle-better")


def othello_endgame() -> Match:
    """The review tests' Othello game from 11 plies before its end (exact from there)."""
    from tests.review.test_review import othello_game

    texts = othello_game()
    game, states, _moves = replay("othello", texts[:-11])
    match = Match(game, game.options({}), HUMANS, 1, position=game.position_text(states[-1]))
    for text in texts[-11:]:
        match.play(text)
    assert match.over
    return match


def khet_game() -> Match:
    from tests.gui.test_khet_gui import CLASSIC_GAME

    game = get_game("khet")
    match = Match(game, game.options({}), HUMANS, 1)
    for text in CLASSIC_GAME.split():
        match.play(text)
    assert match.over
    return match


@pytest.mark.parametrize("lang", ("en", "fr"))
@pytest.mark.parametrize("make", (khet_game, othello_endgame), ids=("khet", "othello"))
def test_khet_and_othello_games_reviewed_from_the_end_screen(driver: Driver, make: Any, lang: str) -> None:
    set_language(lang)
    driver.app.rebuild()
    match = make()
    screen = open_review(driver, match)
    assert screen.reviewer is not None
    screen.reviewer.wait()
    found = screen.reviewer.result
    assert found is not None and screen.reviewer.error is None and len(found.moves) == match.ply
    judged = [m for m in found.moves if m.mark is not None]
    assert judged, "no move judged"
    screen.go_to(judged[-1].ply)
    driver.frames(2)
    mark = MARK_NAMES[judged[-1].mark]  # type: ignore[index]
    assert _(mark) in screen.position_line()
    assert screen._graph.width > 0  # the graph is drawn
    driver.shot(f"review-{match.game.info.key}-{lang}")
