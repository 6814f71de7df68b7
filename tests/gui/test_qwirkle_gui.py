"""Qwirkle with the mouse through the real window: hot-seat behind the curtain, tiles clicked and
dragged onto the board, exchanges, the end of each round, the computer's tiles flying, the end."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.games.qwirkle import movegen
from ludoteca.games.qwirkle.state import Move, Place, QwirkleState
from ludoteca.games.qwirkle.tiles import Tile, parse_tile
from ludoteca.games.qwirkle.window import QwirkleBoard
from ludoteca.kits.window.theme import mix
from ludoteca.match import Match
from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.menu import MenuScreen
from ludoteca.shells.window.screens.play import PlayScreen

from .conftest import Driver, close
from .test_connect4_gui import open_options

GAME = get_game("qwirkle")


# ----- a person's hands on the mouse ------------------------------------------------------------
def type_into(driver: Driver, entry: Any, text: str) -> None:
    driver.click(entry.rect.center)
    for letter in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    driver.frames(2)


def drag(driver: Driver, start: tuple[float, float], end: tuple[float, float], button: int = 1) -> None:
    held = tuple(int(b == button) for b in (1, 2, 3))
    a = (round(start[0]), round(start[1]))
    b = (round(end[0]), round(end[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=button))
    middle = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    for at, came in ((middle, a), (b, middle)):
        rel = (at[0] - came[0], at[1] - came[1])
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=rel, buttons=held))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=button))
    driver.frames(2)


def board_of(play: PlayScreen) -> QwirkleBoard:
    assert isinstance(play.board, QwirkleBoard)
    return play.board


def rack_spot(play: PlayScreen, tile: Tile) -> tuple[int, int]:
    """Where `tile` lies in the rack of the person playing."""
    board = board_of(play)
    draft = board.draft
    assert draft is not None and tile in draft.rack
    slots = board.table.rack_slots(len(draft.rack))
    return slots[draft.rack.index(tile)].center


def square_spot(play: PlayScreen, square: tuple[int, int]) -> tuple[float, float]:
    return board_of(play).port.center(square)


def button(play: PlayScreen, key: str) -> Any:
    """The board's own button `key` (Play, Exchange…) beside the status bar."""
    labels = {action.key: action.label for action in play.board.actions(play.view())}
    return next(widget for widget in play.controls.action_buttons if widget.text == labels[key])


def take_the_screen(driver: Driver, name: str) -> None:
    dialog = driver.app.dialog
    assert dialog is not None and dialog.title.startswith(f"Pass the screen to {name}"), dialog
    driver.press(dialog.buttons[0])
    assert driver.app.dialog is None


def next_round(driver: Driver, finished: int) -> None:
    driver.frames(2)
    dialog = driver.app.dialog
    assert dialog is not None and dialog.title == f"End of round {finished}", dialog
    driver.press(dialog.buttons[1])  # Next round (the curtain may follow)
    assert driver.app.dialog is not dialog


def put_down(driver: Driver, play: PlayScreen, move: Place) -> None:
    """The first tile clicked then its square, the others dragged, then Play."""
    first, *rest = move.tiles
    driver.click(rack_spot(play, first[2]))
    driver.click(square_spot(play, first[:2]))
    for r, c, tile in rest:
        drag(driver, rack_spot(play, tile), square_spot(play, (r, c)))
    draft = board_of(play).draft
    assert draft is not None and sorted(draft.pending) == sorted(move.tiles)
    driver.press(button(play, "play"))


def exchange(driver: Driver, play: PlayScreen, tiles: list[Tile]) -> None:
    driver.press(button(play, "swap"))
    for tile in tiles:
        driver.click(rack_spot(play, tile))
    driver.press(button(play, "exchange"))


def best_play(view: QwirkleState) -> Move:
    """The script's choice: the best-scoring play (the longest line to open the game)."""
    hand = view.hands[view.turn]
    if view.board_empty:
        line = max(movegen.opening_lines(hand), key=len)
        row, col = view.rows // 2, view.cols // 2 - len(line) // 2
        return Place.of([(row, col + i, tile) for i, tile in enumerate(line)])
    plays = movegen.scored_placements(view, hand)
    return max(plays, key=lambda p: (p[1], len(p[0].tiles)))[0]


def start(driver: Driver, seats: tuple[str, ...], position: str, seed: int = 1) -> PlayScreen:
    match = Match(GAME, GAME.options(), tuple(SeatSpec.parse(s) for s in seats), seed, position=position)
    driver.app.go("play", match)
    driver.frames(2)
    assert isinstance(driver.screen, PlayScreen)
    return driver.screen


# ----- the tests ----------------------------------------------------------------------------------
def test_a_hot_seat_game_with_the_mouse_from_the_menu_to_the_final_ranking(driver: Driver) -> None:
    options = open_options(driver, "qwirkle")
    driver.press(options.choice_widgets["mode"].button_for("short"))
    driver.press(options.kind_widgets[1].button_for("human"))
    type_into(driver, options.name_entries[0], "Ann")
    type_into(driver, options.name_entries[1], "Bob")
    assert options.seed_entry is not None
    type_into(driver, options.seed_entry, "39")  # a seed whose game has all the moments below
    driver.press(options.start_button)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    assert play.match.seed == 39 and play.match.options["mode"] == "short"
    names = ("Ann", "Bob")
    seen = {"exchange": 0, "two lines": 0, "qwirkle": 0, "end bonus": 0}
    while not play.match.over:
        ply = len(play.match.moves)
        if ply and ply % 2 == 0:
            next_round(driver, ply // 2)
        seat = play.match.to_move()
        assert seat is not None
        take_the_screen(driver, names[seat])
        view = play.view()
        if ply == 0:
            give_back = list(view.hands[0][:2])
            exchange(driver, play, give_back)
        else:
            move = best_play(view)
            assert isinstance(move, Place)
            if ply == 1:
                driver.shot("qwirkle-opening-before")
            put_down(driver, play, move)
        assert len(play.match.moves) == ply + 1, play.status_text(driver.app.now())
        last = play.match.state.last
        seen["exchange"] += last.kind == "exchange"
        seen["two lines"] += len(last.lines) >= 2
        seen["qwirkle"] += last.qwirkles
        seen["end bonus"] += last.end_bonus > 0
        if last.qwirkles and seen["qwirkle"] == last.qwirkles:
            driver.shot("qwirkle-first-qwirkle")
    assert all(seen.values()), seen
    driver.until(lambda: isinstance(driver.screen, EndScreen))
    end = driver.screen
    assert isinstance(end, EndScreen)
    outcome = end.match.outcome
    assert outcome is not None and "last tile" in str(outcome.reason)
    state = end.match.state
    assert state.ended == "out" and sorted(outcome.ranks) == [1, 2]
    winner = outcome.winners[0]
    assert end.headline() == f"{names[winner]} wins!"
    driver.frames(1)
    driver.shot("qwirkle-end")
    # the board at the end shows every tile played, drawn at its square
    board = end.board
    assert isinstance(board, QwirkleBoard)
    r, c, tile = state.last.placed[0]
    assert close(driver.pixel(board.port.center((r, c))), board.palette.face, 60) or close(
        driver.pixel(board.port.center((r, c))), board.palette.tiles[tile % 6], 60
    )
    driver.press(end.buttons["menu"])
    assert isinstance(driver.screen, MenuScreen)
    [result] = driver.app.store.results("qwirkle")
    assert result.players == ("Ann", "Bob") and result.scores == state.scores


CURTAIN_POSITION = (
    "size 12x26; mode short; turn 1; scores 3 0; board fkC1 flR1 fmE1; "
    "hand L0 L1 L2 L3 L4 L5; hand {hand}; bag {bag}; rng 5; ply 1"
)


def test_nothing_of_the_next_hand_is_drawn_behind_the_curtain(driver: Driver) -> None:
    squares, crosses = "C0 C2 C3 C4 C5 R0", "X0 X1 X2 X3 X4 X5"
    pictures = []
    for hand, bag in ((squares, crosses), (crosses, squares)):
        play = start(driver, ("human", "human"), CURTAIN_POSITION.format(hand=hand, bag=bag))
        assert play.app.dialog is not None  # the curtain: "Pass the screen to Player 2"
        driver.frames(2)
        pictures.append(pygame.image.tobytes(driver.app.surface, "RGB"))
        driver.shot(f"qwirkle-curtain-{len(pictures)}")
        take_the_screen(driver, "Player 2")
        driver.frames(2)
        board = board_of(play)
        first = parse_tile(hand.split()[0])
        assert first is not None
        slot = board.table.rack_slots(6)[0]
        # once the curtain is lifted the hand is there, its first tile's colour in its slot
        colours = {
            driver.pixel((x, y))
            for x in range(slot.left, slot.right, 3)
            for y in range(slot.top, slot.bottom, 3)
        }
        assert any(close(colour, board.palette.tiles[first % 6], 30) for colour in colours)
        pictures.append(pygame.image.tobytes(driver.app.surface, "RGB"))
    behind_first, shown_first, behind_second, shown_second = pictures
    # two different hands, the same picture behind the curtain: not one pixel of them is drawn
    assert behind_first == behind_second
    assert shown_first != shown_second


#: Player 1 to play on a red row (square, circle, star); Player 2 is the computer
ONE_PERSON = (
    "size 12x26; mode short; turn 0; scores 0 3; board fkC1 flR1 fmE1; "
    "hand C0 R0 X0 T2 L3 E4; hand L0 L1 L2 L4 L5 T0; bag C2 C3 C4 C5 X1 X2; rng 5; ply 1"
)


def lit(board: QwirkleBoard) -> tuple[int, int, int]:
    """A square's centre when the picked tile may go there: a soft dot over the cloth."""
    return mix(board.palette.felt, board.palette.lit, 150 / 255)


def test_squares_are_lit_for_the_picked_tile_and_a_wrong_one_is_refused_with_the_reason(
    driver: Driver,
) -> None:
    play = start(driver, ("human", "computer:1"), ONE_PERSON)
    assert driver.app.dialog is None  # one person at the screen: no curtain
    board = board_of(play)
    # the blue clover shares nothing with the red row, nor with another tile of the hand: nothing is
    # lit, and a click beside the row is refused in the rules' words
    driver.click(rack_spot(play, tile("T2")))
    assert board.draft is not None and board.draft.picked_tile == tile("T2")
    assert board.draft.allowed() == frozenset()
    driver.click(square_spot(play, (5, 9)))
    text, error = play.status_text(driver.app.now())
    assert error
    assert text == "The row fj–fm would mix colours and shapes: a blue clover and a red square share neither."
    assert tile("T2") in board.draft.rack and not board.draft.pending
    # the orange square may go above or below the red square, nowhere else
    driver.click(rack_spot(play, tile("C0")))
    assert board.draft.allowed() == {(4, 10), (6, 10)}
    for square in ((4, 10), (6, 10)):
        assert close(driver.pixel(square_spot(play, square)), lit(board), 25)
    for square in ((5, 9), (5, 13), (4, 11)):
        assert close(driver.pixel(square_spot(play, square)), board.palette.felt, 8)
    driver.shot("qwirkle-lit")
    driver.click(square_spot(play, (4, 10)))
    assert board.draft.pending == [(4, 10, tile("C0"))]
    text, error = play.status_text(driver.app.now())
    assert not error and "this play scores 2 points" in text
    assert button(play, "play").text == "Play +2" and button(play, "play").is_enabled
    # the orange cross may join it, beside it or one square off (an orange tile bridging the gap)
    driver.click(rack_spot(play, tile("X0")))
    assert board.draft.allowed() == {(4, 9), (4, 8)}
    # Esc puts the cross back in the rack; Play plays the square
    driver.key(pygame.K_ESCAPE)
    assert board.draft.picked is None and isinstance(driver.screen, PlayScreen)
    driver.press(button(play, "play"))
    assert play.match.moves[0] == "ekC0"  # the computer may answer at once: no round's pause
    assert play.match.state.scores[0] == 2
    driver.until(lambda: len(play.match.moves) == 2)  # the computer answers: no round's pause
    assert driver.app.dialog is None


def test_the_board_zooms_with_the_wheel_and_pans_with_the_right_button(driver: Driver) -> None:
    play = start(driver, ("human", "computer:1"), ONE_PERSON)
    board = board_of(play)
    center = square_spot(play, (5, 11))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=center, rel=(0, 0), buttons=(0, 0, 0)))
    before = board.port.cell
    for _notch in range(3):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0, precise_y=-1.0))
    driver.frames(2)
    assert board.port.cell < before  # zoomed out about the pointer: the circle stays under it
    assert board.port.square_at(center) == (5, 11)
    driver.click(rack_spot(play, tile("C0")))
    left = board.port.left
    drag(driver, center, (center[0] + 90, center[1]), button=3)
    assert board.port.left > left and board.draft is not None and board.draft.picked is not None
    # a right click that does not drag puts the picked tile back
    driver.click(square_spot(play, (5, 11)), button=3)
    assert board.draft.picked is None
    # the keyboard: a digit picks a rack tile, arrows move the cursor, Enter puts it down
    driver.key(pygame.K_1)
    assert board.draft.picked_tile == board.draft.rack[0]


def test_a_computer_play_flies_from_its_rack_to_the_board(driver: Driver) -> None:
    driver.app.settings.speed = 1.0
    play = start(driver, ("human", "computer:2"), ONE_PERSON)
    board = board_of(play)
    driver.click(rack_spot(play, tile("C0")))
    driver.click(square_spot(play, (4, 10)))
    driver.press(button(play, "play"))
    settling = play.transition  # the square settles; the computer answers meanwhile (no round's pause)
    driver.until(lambda: len(play.match.moves) == 2 and play.transition not in (None, settling))
    last = play.match.state.last
    assert last is not None and last.kind == "place" and last.seat == 1
    transition = play.transition
    assert transition is not None and transition.duration >= board.motion.fall
    # just launched: the tiles are still on their way, their squares show the cloth
    transition.frozen = 1.0
    driver.frames(1)
    driver.shot("qwirkle-flight-start")
    for r, c, _t in last.placed:
        assert close(driver.pixel(board.port.center((r, c))), board.palette.felt, 8)
    transition.frozen = board.motion.fall * 0.6
    driver.frames(1)
    driver.shot("qwirkle-flight")
    transition.frozen = None
    driver.until(lambda: play.transition is None)
    driver.frames(1)
    for r, c, placed in last.placed:
        assert close(driver.pixel(board.port.center((r, c))), board.palette.tiles[placed % 6], 40)


def tile(text: str) -> Tile:
    found = parse_tile(text)
    assert found is not None
    return found


def test_stopping_at_the_end_of_a_round_offers_to_save_and_the_save_resumes(driver: Driver) -> None:
    from ludoteca.shells import session

    play = start(driver, ("human", "human"), ONE_PERSON)
    if driver.app.dialog is not None:  # the hot seat's curtain: the first player takes the screen
        driver.press(driver.app.dialog.buttons[0])
    driver.click(rack_spot(play, tile("C0")))
    driver.click(square_spot(play, (6, 10)))
    driver.press(button(play, "play"))
    driver.frames(2)
    dialog = driver.app.dialog
    assert dialog is not None and dialog.title == "End of round 1"
    driver.press(dialog.buttons[0])  # Stop here
    leave = driver.app.dialog
    assert leave is not None and leave.title == "Leave this game?"
    driver.press(leave.buttons[0])  # Save and leave
    naming = driver.app.dialog
    assert naming is not None and naming.entry is not None
    driver.press(naming.buttons[0])  # Save, under the name offered
    assert isinstance(driver.screen, MenuScreen)
    [saved] = driver.app.store.list_saves("qwirkle")
    match, _save_id = session.load_match(driver.app.store, saved.id)
    assert match.moves == ["gkC0"] and match.state.cells == play.match.state.cells
    assert match.game.to_move(match.state) == 1  # the second player plays next, once resumed


def test_one_person_against_the_computer_is_not_stopped_every_round(driver: Driver) -> None:
    # issue 30, item 3: the round's question is for people sharing the screen; one person
    # leaves with the Menu button when they wish
    play = start(driver, ("human", "computer:1"), ONE_PERSON)
    driver.click(rack_spot(play, tile("C0")))
    driver.click(square_spot(play, (6, 10)))
    driver.press(button(play, "play"))
    driver.until(lambda: len(play.match.moves) == 2)  # the computer answers at once
    assert driver.app.dialog is None and play.match.moves[0] == "gkC0"


def test_the_final_ranking_lists_the_best_first(driver: Driver) -> None:
    over = (
        "size 12x26; mode short; turn 0; scores 12 30 21; board fkC1 flR1 fmE1; hand C0; hand; hand R0; "
        "bag; ended out; ply 9"
    )
    game_over = Match(
        GAME, GAME.options(), tuple(SeatSpec("human", None, n) for n in "ABC"), 1, position=over
    )
    driver.app.go("end", game_over)
    driver.frames(2)
    end = driver.screen
    assert isinstance(end, EndScreen)
    assert end.ranking() == [1, 2, 0]
    driver.shot("qwirkle-ranking")


def test_the_keyboard_alone_can_pick_place_and_play_and_a_hint_is_shown(driver: Driver) -> None:
    play = start(driver, ("human", "computer:1"), ONE_PERSON)
    board = board_of(play)
    assert board.draft is not None
    digit = board.draft.rack.index(tile("C0")) + 1
    driver.key(getattr(pygame, f"K_{digit}"))
    assert board.draft.picked_tile == tile("C0")
    # the cursor starts in the middle of the board (row g, column n) and walks to ek
    for key, times in ((pygame.K_LEFT, 4), (pygame.K_UP, 3)):
        for _step in range(times):
            driver.key(key)
    assert play.board_input.cursor == (board.grid.cols // 2 - 4, board.grid.rows // 2 - 3) == (9, 3)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RIGHT)
    assert play.board_input.cursor == (10, 4)
    driver.key(pygame.K_RETURN)
    assert board.draft.pending == [(4, 10, tile("C0"))]
    driver.key(pygame.K_BACKSPACE)  # taken back
    assert not board.draft.pending and tile("C0") in board.draft.rack
    driver.key(getattr(pygame, f"K_{board.draft.rack.index(tile('C0')) + 1}"))
    driver.key(pygame.K_RETURN)
    driver.press(play.buttons["hint"])
    driver.until(lambda: play.computers.hint_move is not None)
    driver.frames(1)
    driver.shot("qwirkle-hint")
    driver.key(pygame.K_RETURN)  # nothing picked: Enter plays the tiles put down
    assert play.match.moves[0] == "ekC0"


def test_the_move_list_is_made_once_per_change_not_every_frame(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a long game, reading every move again at every frame took most of a frame."""
    import random

    match = Match(GAME, GAME.options(), (SeatSpec("human"), SeatSpec("human")), 7)
    chooser = random.Random(7)
    while match.ply < 40:
        legal = list(GAME.legal_moves(match.state))
        chooser.shuffle(legal)
        match.play(next(m for m in legal if GAME.to_move(GAME.play(match.state, m)) is not None))
    made: list[int] = []
    real = Match.public_moves

    def counted(self: Match, viewer: int | None, start: int = 0) -> list[str]:
        made.append(self.ply)
        return real(self, viewer, start)

    monkeypatch.setattr(Match, "public_moves", counted)
    driver.app.go("play", match)
    driver.frames(20)
    assert len(made) <= 2, made  # once, perhaps again when the viewer took the screen
    shown = driver.screen.shown_moves()
    assert len(shown) == 40
    before = len(made)
    match.play(best_play(match.view(match.to_move())))
    driver.frames(20)
    assert len(made) - before <= 2 and len(driver.screen.shown_moves()) == 41
