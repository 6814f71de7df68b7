"""The window's puzzles (issue 28): from the menu, a Connect Four puzzle solved by clicking its
columns while the defence answers; a wrong column said and the solution shown; the player's
record kept in the same setting as the terminal's; Othello's puzzles a click away; French; a
Khet puzzle solved by picking pieces and firing, a Qwirkle one by putting tiles down and pressing
Play, with only the player's own hand shown."""

from __future__ import annotations

from typing import Any

from ludoteca.ai.puzzles import Progress, setting_key
from ludoteca.games.khet.beam_path import cell_of
from ludoteca.games.khet.moves import move_source, move_target
from ludoteca.i18n import set_language
from ludoteca.shells.window.screens.puzzles import PuzzlesScreen
from ludoteca.store import Store

from .conftest import Driver


def open_puzzles(driver: Driver, key: str = "connect4") -> PuzzlesScreen:
    """The puzzles page from the menu's button, then the game `key` from the page's picker."""
    driver.app.go("menu")
    driver.frames(2)
    driver.press(driver.screen.buttons["puzzles"])
    screen = driver.screen
    assert isinstance(screen, PuzzlesScreen)
    if screen.key != key:
        screen.pick(key)
        driver.frames(2)
        screen = driver.screen
    assert isinstance(screen, PuzzlesScreen) and screen.key == key
    return screen


def click_column(driver: Driver, screen: PuzzlesScreen, text: str) -> None:
    assert screen.board is not None
    driver.click(screen.board.grid.center(int(text) - 1, 0))


def test_a_connect_four_puzzle_is_solved_by_clicks_and_kept(driver: Driver, store: Store) -> None:
    screen = open_puzzles(driver)
    assert screen.key == "connect4" and screen.attempt is not None
    puzzle = screen.attempt.puzzle
    for step, column in enumerate(puzzle.solution[::2]):
        click_column(driver, screen, column)
        if step < puzzle.steps - 1:
            assert "Your opponent plays" in screen.message, screen.message
            driver.until(lambda: screen._answer_at is None)
    assert screen.message.startswith("Solved! Rating"), screen.message
    assert not screen.buttons["hint"].is_enabled
    kept = Progress.from_text(store.get_setting(setting_key("connect4")))
    assert kept.solved == {puzzle.ident} and kept.streak == 1
    driver.press(screen.buttons["next"])
    assert screen.attempt is not None and screen.attempt.puzzle.ident != puzzle.ident


def test_a_wrong_column_is_said_and_the_solution_shown_counts_as_not_solved(
    driver: Driver, store: Store
) -> None:
    screen = open_puzzles(driver)
    assert screen.attempt is not None
    puzzle = screen.attempt.puzzle
    state = screen.attempt.state
    game = screen.game
    wrong = next(m for m in game.legal_moves(state) if game.format_move(state, m) != puzzle.solution[0])
    click_column(driver, screen, game.format_move(state, wrong))
    assert screen.error and "That is not it" in screen.message
    assert screen.attempt.state is state  # the wrong disc is not on the board
    driver.press(screen.buttons["hint"])
    assert "column" in screen.hint
    driver.press(screen.buttons["solution"])
    assert screen.hint.startswith("The solution: ")
    assert game.is_over(screen.attempt.state)
    kept = Progress.from_text(store.get_setting(setting_key("connect4")))
    assert kept.missed == {puzzle.ident} and not kept.solved


def test_othello_puzzles_in_french(driver: Driver, store: Store) -> None:
    set_language("fr")
    driver.app.rebuild()
    screen = open_puzzles(driver)
    assert screen.picker is not None
    screen.pick("othello")
    driver.frames(2)
    screen = driver.screen
    assert isinstance(screen, PuzzlesScreen) and screen.key == "othello"
    assert screen.attempt is not None
    driver.press(screen.buttons["hint"])
    assert "Le meilleur coup est dans le quart" in screen.hint
    driver.press(screen.buttons["solution"])
    assert screen.hint.startswith("La solution : ")
    assert "Non résolu" in screen.message


def _action(screen: PuzzlesScreen, key: str) -> Any:
    index = [a.key for a in screen.actions].index(key)
    return screen.action_buttons[index]


def test_a_khet_puzzle_is_solved_by_moving_pieces_and_firing(driver: Driver, store: Store) -> None:
    screen = open_puzzles(driver, "khet")
    assert screen.attempt is not None and screen.board is not None
    screen.next_puzzle(
        next(p.ident for p in screen.puzzles if p.n == 2 and all(len(t) == 4 for t in p.solution[::2]))
    )
    driver.frames(2)
    attempt = screen.attempt
    assert attempt is not None
    puzzle = attempt.puzzle
    for step, text in enumerate(puzzle.solution[::2]):
        driver.until(lambda: screen._answer_at is None)
        move = screen.game.read_move(attempt.state, text)
        for square in (move_source(move), move_target(move)):
            driver.click(screen.board.grid.center(*cell_of(square)))
        if screen.actions:  # Fire, unless the player fires at once
            driver.press(_action(screen, "fire"))
        if step < puzzle.steps - 1:
            assert "Your opponent plays" in screen.message, screen.message
    assert screen.message.startswith("Solved! Rating"), screen.message
    kept = Progress.from_text(store.get_setting(setting_key("khet")))
    assert kept.solved == {puzzle.ident}


def test_a_qwirkle_puzzle_is_solved_by_putting_tiles_down_and_playing(driver: Driver, store: Store) -> None:
    screen = open_puzzles(driver, "qwirkle")
    attempt = screen.attempt
    assert attempt is not None and screen.board is not None
    puzzle = attempt.puzzle
    seat = attempt.seat
    shown = screen.shown_state()
    assert shown.hands[seat] == attempt.state.hands[seat]
    assert all(t < 0 for t in shown.hands[1 - seat]), "the other hand stays face down"
    # an exchange scores nothing: the puzzle offers no Exchange button, only Play
    assert [action.key for action in screen.actions] == ["play"]
    board = screen.board
    move = screen.game.read_move(attempt.state, puzzle.solution[0])
    for r, c, tile in move.tiles:
        draft = board.draft
        assert draft is not None
        index = list(draft.rack).index(tile)
        driver.click(board.table.rack_slots(len(draft.rack))[index].center)
        driver.click(board.port.square_rect((r, c)).center)
    play = _action(screen, "play")
    assert play.is_enabled
    driver.press(play)
    assert screen.message.startswith("Solved! Rating"), screen.message
    kept = Progress.from_text(store.get_setting(setting_key("qwirkle")))
    assert kept.solved == {puzzle.ident}


def test_a_shown_solution_is_played_out_a_move_at_a_time(driver: Driver) -> None:
    """Solution plays the line on the board from the puzzle's position, a move after another (each
    animated as in a game: Khet's beam), and ends on the position the attempt reached."""
    screen = open_puzzles(driver, "khet")
    attempt = screen.attempt
    assert attempt is not None
    start = attempt.view
    driver.app.settings.speed = 1.0  # the tests' window does not animate unless asked
    driver.press(screen.buttons["solution"])
    line = attempt.puzzle.solution
    assert screen._counted and screen.shown_state() == start
    seen = [screen.shown_state()]
    now = driver.app.now()
    for _step in range(len(line) + 2):
        now += 60_000  # well past each pause and animation
        screen.update(now)
        if screen.shown_state() != seen[-1]:
            seen.append(screen.shown_state())
        if len(seen) == 2:
            assert screen.transition is not None  # the move is animated (its beam fired)
    assert len(seen) == len(line) + 1 and seen[-1] == attempt.view
    assert not screen._frames
