"""Robot Turtles with the mouse through the real window: cards dragged into the program, walls
dragged onto the board, the Bug card onto a turtle, Run; the privacy curtain; the computer's runs."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from ludoteca.ai import levels as levels_module
from ludoteca.ai.base import Budget, Player
from ludoteca.ai.levels import Computer
from ludoteca.games.turtles.board import parse_square, row_col
from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.moves import AddCards, BuildWall, PlayBug, RunProgram
from ludoteca.games.turtles.state import TurtlesState
from ludoteca.games.turtles.window import TurtlesBoard
from ludoteca.games.turtles.window_replay import TIMING
from ludoteca.games.turtles.window_tray import hand_slots
from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.options import OptionsScreen
from ludoteca.shells.window.screens.play import PlayScreen

from . import turtles_plan as plan
from .conftest import Driver, close
from .test_connect4_gui import open_options

#: a deal under which every step of the plan happens (found with `python -m tests.gui.turtles_plan`)
SEED = 6


def board_of(play: PlayScreen) -> TurtlesBoard:
    assert isinstance(play.board, TurtlesBoard)
    return play.board


def square_center(play: PlayScreen, sq: int) -> tuple[float, float]:
    row, col = row_col(sq)
    return play.board.grid.center(col, row)


def parse(name: str) -> int:
    return parse_square(name)


def check_event(event: str, state: TurtlesState) -> None:
    """What the rules recorded for the scripted events, as the replay will show them."""
    last = state.last
    assert last is not None
    if event == "melt":
        laser = next(s for s in last.steps if s.kind == "laser")
        assert laser.target == parse("a3") and laser.hit == "ice" and parse("a3") not in laser.ice
    elif event == "collision":
        board = last.board_before
        assert board is not None
        at = next(i for i, s in enumerate(last.steps) if s.kind == "collide")
        crash = last.steps[at]
        just_before = last.steps[at - 1].turtles if at else board.turtles
        assert set(crash.sent_home) == {0, 1}
        # both were away from their start squares, and both are back on them
        assert all(t is not None and t.square not in board.starts for t in just_before[:2])
        assert [t.square for t in crash.turtles[:2] if t is not None] == list(board.starts[:2])
    elif event == "bug":
        assert last.action == "bug" and state.players[1].bugged_by == 2


def action_button(play: PlayScreen, label: str) -> Any:
    return next(b for b in play.controls.action_buttons if b.text.startswith(label))


def face_spot(rect: pygame.Rect) -> tuple[float, float]:
    """A point of a card's coloured face clear of its pictogram and letter."""
    return (rect.left + rect.width * 0.18, rect.bottom - rect.height * 0.1)


def dimmed(
    colour: tuple[int, int, int], shade: tuple[int, int, int], alpha: int = 150
) -> tuple[int, int, int]:
    """A colour as it shows under the dialog's veil."""
    return tuple(round(c + (s - c) * alpha / 255) for c, s in zip(colour, shade, strict=True))  # type: ignore[return-value]


def start_hot_seat(driver: Driver, players: int, seed: int, **options: bool) -> PlayScreen:
    screen = open_options(driver, "turtles")
    assert isinstance(screen, OptionsScreen)
    assert screen.count_widget is not None
    driver.press(screen.count_widget.button_for(players))
    for name, value in options.items():
        driver.press(screen.choice_widgets[name].button_for(value))
    for seat in range(1, players):
        driver.press(screen.kind_widgets[seat].button_for("human"))
    assert screen.seed_entry is not None
    screen.seed_entry.set_text(str(seed))
    driver.press(screen.start_button)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    return play


def check_curtain_hides_the_hand(driver: Driver, play: PlayScreen) -> None:
    """With the curtain up, no card face is drawn in the hand slots; once lifted, there they are."""
    board = board_of(play)
    assert driver.app.dialog is not None
    shade = driver.app.theme.colours.shadow
    faces = [dimmed(c, shade) for c in (*board.palette.cards, board.palette.card_paper)]
    for rect in board.tray.hand:
        for x in range(rect.left, rect.right, 3):
            for y in range(rect.top, rect.bottom, 3):
                pixel = driver.pixel((x, y))
                assert not any(close(pixel, face, 14) for face in faces), (x, y, pixel)
    driver.shot("turtles-curtain")
    driver.press(driver.app.dialog.buttons[0])
    assert driver.app.dialog is None
    seat = play.match.to_move()
    hand = play.view().players[seat].hand
    assert Card.UNKNOWN not in hand
    for card, rect in zip(hand, board.tray.hand, strict=False):
        assert close(driver.pixel(face_spot(rect)), board.palette.cards[int(card)], 12)


def carry_out(driver: Driver, play: PlayScreen, move: Any) -> None:
    """One move made with the mouse, as a player at the screen would make it."""
    board = board_of(play)
    tray = board.tray
    seat = play.match.to_move()
    assert seat is not None
    if getattr(move, "discard", False):
        driver.click((tray.discard.left + 8, tray.discard.centery))
        assert board.discard
    if isinstance(move, AddCards):
        for i, card in enumerate(move.cards):
            slot = hand_slots(play.view().players[seat].hand, board.pending).index(card)
            if i == 0:
                driver.drag(tray.hand[slot].center, tray.program.center)
            else:
                driver.click(tray.hand[slot].center)
        assert tuple(board.pending) == move.cards
        driver.press(action_button(play, "Add"))
    elif isinstance(move, RunProgram):
        driver.press(action_button(play, "Run"))
    elif isinstance(move, BuildWall):
        token = tray.stone if move.kind == "stone" else tray.ice
        driver.drag(token.center, square_center(play, move.square))
    elif isinstance(move, PlayBug):
        target = play.view().board.turtles[move.target]
        assert target is not None
        driver.drag(tray.bug.center, square_center(play, target.square))


def test_three_rounds_of_hot_seat_with_every_rule_to_the_end(driver: Driver) -> None:
    play = start_hot_seat(driver, 3, SEED, three_rounds=True, bug=True)
    assert play.match.options["three_rounds"] and play.match.options["bug"]
    driver.frames(2)
    check_curtain_hides_the_hand(driver, play)
    memory = plan.Memory()
    shots = {"refused": False, "melt": False, "collision": False, "bug": False}
    while not play.match.over:
        if driver.app.dialog is not None:
            driver.press(driver.app.dialog.buttons[0])
        seat = play.match.to_move()
        assert seat is not None and play.viewer() == seat
        view = play.view()
        for step in plan.decide(view, seat, memory):
            before_moves = len(play.match.moves)
            if isinstance(step, plan.TryWall):
                driver.drag(board_of(play).tray.stone.center, square_center(play, step.square))
                text, error = play.status_text(driver.app.now())
                assert error and "would cut a turtle off from every jewel" in text, text
                assert len(play.match.moves) == before_moves
                memory.done.add("refused")
                if not shots["refused"]:
                    driver.shot("turtles-wall-refused")
                    shots["refused"] = True
                continue
            state_before = play.match.state
            carry_out(driver, play, step)
            assert len(play.match.moves) == before_moves + 1, (step, play.status_text(driver.app.now()))
            assert play.match.game.format_move(state_before, step) == play.match.moves[-1]
            plan.remember(memory, state_before, play.match.state, step)
            for event in ("melt", "collision", "bug"):
                if event in memory.done and not shots[event]:
                    shots[event] = True
                    check_event(event, play.match.state)
                    driver.frames(1)
                    driver.shot(f"turtles-after-{event}")
            if play.match.over:
                break
    assert plan.EVENTS | {"refused"} <= memory.done
    final: TurtlesState = play.match.state
    assert final.round == 3 and len(final.past_rounds) == 3
    assert sum(final.points) == 3 * (2 + 1 + 0)
    driver.until(lambda: isinstance(driver.screen, EndScreen))
    end = driver.screen
    assert isinstance(end, EndScreen)
    outcome = end.match.outcome
    assert outcome is not None and outcome.scores == final.points
    driver.frames(1)
    driver.shot("turtles-end")
    scratch = pygame.Surface(driver.app.size)
    assert end.board.draw_end_summary(scratch, pygame.Rect(0, 0, 300, 400), end.view()) > 0


def test_cards_go_into_the_program_face_down_and_can_be_taken_back(driver: Driver) -> None:
    play = start_hot_seat(driver, 2, 3)
    driver.press(driver.app.dialog.buttons[0])
    board, seat = board_of(play), play.match.to_move()
    tray = board.tray
    hand = play.view().players[seat].hand
    # drag two cards into the strip; a click on a waiting card takes it back, Esc the last one
    driver.drag(tray.hand[0].center, tray.program.center)
    driver.drag(tray.hand[1].center, tray.program.center)
    assert board.pending == [hand[0], hand[1]]
    first = tray.program_slots(2)[0]
    assert close(driver.pixel(face_spot(first)), board.palette.cards[int(hand[0])], 12)
    assert close(driver.pixel((first.left - 1, first.centery)), driver.app.theme.colours.accent, 60)
    driver.shot("turtles-pending")
    driver.click(first.center)
    assert board.pending == [hand[1]]
    driver.key(pygame.K_ESCAPE)
    assert board.pending == [] and play.match.moves == []
    # dropped on the board, a card goes back with a word of explanation
    driver.drag(tray.hand[2].center, square_center(play, parse("d4")))
    assert board.pending == [] and play.status_text(driver.app.now())[1]
    # added for real: face down in the strip for the rest of the game
    driver.click(tray.hand[3].center)
    driver.press(action_button(play, "Add 1 card"))
    assert play.match.moves == [f"add {'FLRX'[int(hand[3])]}"]
    driver.press(driver.app.dialog.buttons[0])  # the other player takes the screen…
    driver.press(action_button(play, "Run"))  # …their program is empty: Run is greyed, nothing happens
    assert len(play.match.moves) == 1
    driver.click(tray.ice.center)  # click the ice wall, then a square
    assert board.chosen == "ice"
    driver.click(square_center(play, parse("c5")))
    assert play.match.moves[-1] == "wall ice c5"
    driver.press(driver.app.dialog.buttons[0])
    back = tray.program_slots(1)[0]
    assert close(driver.pixel(face_spot(back)), board.palette.card_back, 12)
    driver.shot("turtles-face-down")


def test_show_my_program_turns_the_cards_up(driver: Driver) -> None:
    play = start_hot_seat(driver, 2, 3, show_program=True)
    driver.press(driver.app.dialog.buttons[0])
    board, seat = board_of(play), play.match.to_move()
    card = play.view().players[seat].hand[0]
    driver.click(board.tray.hand[0].center)
    driver.press(action_button(play, "Add"))
    driver.press(driver.app.dialog.buttons[0])
    driver.drag(board.tray.ice.center, square_center(play, parse("c5")))
    driver.press(driver.app.dialog.buttons[0])
    assert play.match.to_move() == seat
    shown = board.tray.program_slots(1)[0]
    assert close(driver.pixel(face_spot(shown)), board.palette.cards[int(card)], 12)


class ForwardRunner(Player):
    """A computer seat that puts its forward cards in its program, then runs it."""

    def choose(self, game: Any, state: Any, seat: int, budget: Budget, report: Any = None) -> Any:
        me = state.players[seat]
        forward = tuple(c for c in me.hand if c is Card.FORWARD)[:2]
        return RunProgram() if me.program else AddCards(forward or me.hand[:1])


@pytest.mark.parametrize("speed", [0.0, 1.0])
def test_a_computer_program_runs_card_by_card(
    driver: Driver, monkeypatch: pytest.MonkeyPatch, speed: float
) -> None:
    monkeypatch.setattr(
        levels_module,
        "computer_for",
        lambda game, level, think=None, seed=None: Computer(ForwardRunner(), 1.0),
    )
    driver.app.settings.speed = speed
    screen = open_options(driver, "turtles")
    driver.press(screen.kind_widgets[1].button_for("computer"))
    assert screen.seed_entry is not None
    screen.seed_entry.set_text("4")
    driver.press(screen.start_button)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    board = board_of(play)
    spare = iter(("b4", "c4", "e4", "b5", "c5"))

    def computer_ran() -> bool:
        last = play.match.state.last
        return last is not None and last.action == "run" and last.seat == 1

    while not computer_ran():
        if play.human_to_move() is not None and play.transition is None:
            driver.drag(board.tray.ice.center, square_center(play, parse(next(spare))))
        driver.frames(1)
    steps = play.match.state.last.steps
    assert [s.kind for s in steps] == ["move", "move"]
    if speed == 0:
        assert play.transition is None
        return
    transition = play.transition
    assert transition is not None and transition.duration == pytest.approx(2 * TIMING.move + TIMING.pause)
    # half-way through the first card the turtle stands between f1 and f2, not yet on f3
    transition.frozen = TIMING.move / 2
    driver.frames(1)
    driver.shot("turtles-computer-run")
    g = board.grid
    x, y = g.center(5, 0.5)
    assert close(driver.pixel((x + 0.2 * g.cell, y)), board.palette.turtles[1], 60)
    assert not close(driver.pixel(g.center(5, 2)), board.palette.turtles[1], 60)
    transition.frozen = None
    driver.until(lambda: play.transition is None, 5)
    x, y = g.center(5, 2)
    assert close(driver.pixel((x + 0.2 * g.cell, y)), board.palette.turtles[1], 60)
