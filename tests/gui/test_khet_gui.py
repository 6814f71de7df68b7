"""Khet played with the mouse through the real window: both editions to the end, the move waiting for
Fire, drags, the beam on the squares it crosses, the preview, and the board's own settings."""

from __future__ import annotations

from typing import Any

import pygame

from ludoteca.games.khet.beam_path import cell_of
from ludoteca.games.khet.board import SQUARES, parse_square
from ludoteca.games.khet.laser import SPLIT_EFFECT
from ludoteca.games.khet.moves import TURN_CCW, TURN_CW, UNSTACK, move_kind, move_source, move_target
from ludoteca.games.khet.picking import ANTICLOCKWISE, CLOCKWISE
from ludoteca.games.khet.state import KhetState
from ludoteca.games.khet.window import KhetBoard
from ludoteca.kits.window.anim import Transition
from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.menu import MenuScreen
from ludoteca.shells.window.screens.options import OptionsScreen
from ludoteca.shells.window.screens.play import PlayScreen

from .conftest import Driver, close
from .test_connect4_gui import open_options

#: found by letting the engine play Silver against a weak Red from Classic: a rotation (f1-), steps,
#: Red's Scarab swapping with its own Pyramid (h7h8), Silver's beam destroying the i4 Pyramid
#: (h2i3), and Silver's beam striking the Red Pharaoh on f8 (j3j4)
CLASSIC_GAME = "c4b5 f5g6 c1d2 g6h7 j4j3 h4i4 h2i3 h7h8 f1- e5d4 j3j4"
#: from Classic (Horus): Silver stacks its Obelisks on e2 (d1e2), moves the top one alone (e2^f1),
#: Red's beam splits at Silver's Eye on c5 (g3g2), Silver's beam destroys the g7 Obelisk (f4g4) and
#: finally splits at Red's Eye on f5 with one half striking the Red Pharaoh on f8 (g4g5)
HORUS_GAME = "f1e2 g8g7 d1e2 e8e7 e2^f1 c7c8 e4d5 c8d8 d5c5 g3g2 c5d6 d8+ c1d2 h5g4 e2d1 h4g3 f4g4 e5f4 g4g5"


def start_khet(driver: Driver, variant: str = "khet2", **settings: bool) -> PlayScreen:
    options = open_options(driver, "khet")
    driver.press(options.choice_widgets["variant"].button_for(variant))
    if variant == "horus":  # the setups of the edition are offered as pictures, its Classic first
        assert options.values["setup"] == "classic-horus"
    for key, value in settings.items():
        driver.press(options.setting_widgets[key].button_for(value))
    driver.press(options.kind_widgets[1].button_for("human"))
    driver.press(options.start_button)
    play = driver.screen
    assert isinstance(play, PlayScreen) and isinstance(play.board, KhetBoard)
    return play


def at(play: PlayScreen, name: str) -> tuple[float, float]:
    sq = parse_square(name)
    assert sq is not None
    return play.board.grid.center(*cell_of(sq))


def action(play: PlayScreen, key: str) -> Any:
    """The board's button `key` beside the status bar."""
    for wanted, widget in zip(reversed(play.controls.actions), play.controls.action_buttons, strict=True):
        if wanted.key == key:
            return widget
    raise AssertionError(f"no {key} button; the buttons are {[a.key for a in play.controls.actions]}")


def board_of(play: PlayScreen) -> KhetBoard:
    assert isinstance(play.board, KhetBoard)
    return play.board


def mouse_move(driver: Driver, play: PlayScreen, text: str, drag: bool = False) -> None:
    """Make the move `text` with the mouse (select, then a lit square or an arrow, then Fire)."""
    state = play.view()
    move = play.match.game.parse_move(state, text)
    board = board_of(play)
    source, target, kind = move_source(move), move_target(move), move_kind(move)
    names = {sq: f"{'abcdefghij'[cell_of(sq)[0]]}{8 - cell_of(sq)[1]}" for sq in (source, target)}
    before = len(play.match.moves)
    if kind in (TURN_CW, TURN_CCW):
        driver.click(at(play, names[source]))
        picking = board.picking
        assert picking is not None and picking.selected == source
        turn = CLOCKWISE if kind == TURN_CW else ANTICLOCKWISE
        if turn not in picking.turns():  # a piece with a single turn shows it on both arrows
            turn = next(iter(picking.turns()))
        driver.click(board.arrow_centres(source)[turn])
    elif drag:
        driver.drag(at(play, names[source]), at(play, names[target]))
    else:
        driver.click(at(play, names[source]))
        if kind == UNSTACK:
            driver.press(action(play, "top"))
        driver.click(at(play, names[target]))
    assert board.picking is not None and board.picking.pending == move, text
    assert len(play.match.moves) == before  # waiting for Fire
    driver.press(action(play, "fire"))
    assert play.match.moves[before:] == [text]


def test_khet_2_with_the_mouse_from_the_menu_to_the_end_and_back(driver: Driver) -> None:
    play = start_khet(driver)
    moves = CLASSIC_GAME.split()
    # select a piece: its destinations and its two arrows light up; a second click lets it go
    driver.click(at(play, "c4"))
    picking = board_of(play).picking
    assert picking is not None and picking.selected == parse_square("c4")
    assert {f"{'abcdefghij'[cell_of(sq)[0]]}{8 - cell_of(sq)[1]}" for sq in picking.targets()} == {
        "b3", "b4", "b5", "c3", "d3", "d4", "d5",
    }  # fmt: skip
    assert set(picking.turns()) == {CLOCKWISE, ANTICLOCKWISE}
    driver.frames(1)
    driver.shot("khet-selected")
    accent = driver.app.theme.colours.accent
    arrow = board_of(play).arrow_centres(parse_square("c4") or 0)[CLOCKWISE]
    radius = round(board_of(play).arrow_radius())
    ring = [driver.pixel((arrow[0] + dx, arrow[1])) for dx in range(radius - 4, radius + 1)]
    assert any(close(colour, accent, 40) for colour in ring)  # the arrow's gold rim
    driver.click(at(play, "c4"))
    assert picking.selected is None
    # an illegal click says why, in the rules' words
    driver.click(at(play, "c4"))
    driver.click(at(play, "a5"))
    text, error = play.status_text(driver.app.now())
    assert error and "not neighbours" in text
    driver.key(pygame.K_ESCAPE)
    # a move waits for Fire and can be taken back
    driver.click(at(play, "c4"))
    driver.click(at(play, "b5"))
    assert play.match.moves == [] and picking.pending is not None
    driver.press(action(play, "take_back"))
    assert picking.pending is None and play.match.moves == []
    for index, text in enumerate(moves):
        mouse_move(driver, play, text, drag=index in (0, 3))
        if text == "h2i3":  # Silver's beam destroys the Red Pyramid on i4
            state = play.view()
            assert isinstance(state, KhetState) and state.beam is not None
            assert [sq for sq, _p in state.beam.destroyed] == [parse_square("i4")]
            assert not state.board[parse_square("i4") or 0]
            assert "destroys Red Pyramid i4" in play.status_text(driver.app.now())[0]
        if index == len(moves) - 1:
            break
        assert isinstance(driver.screen, PlayScreen)
    driver.until(lambda: isinstance(driver.screen, EndScreen))
    end = driver.screen
    assert isinstance(end, EndScreen)
    outcome = end.match.outcome
    assert outcome is not None and outcome.winner == 0 and "Pharaoh on f8" in str(outcome.reason)
    driver.frames(1)
    driver.shot("khet-end")
    driver.press(end.buttons["menu"])
    assert isinstance(driver.screen, MenuScreen)
    assert driver.app.store.results("khet")[0].winner == "Silver"


def test_the_eye_of_horus_edition_with_the_mouse_stacking_splitting_to_the_end(driver: Driver) -> None:
    play = start_khet(driver, "horus")
    splits = 0
    for index, text in enumerate(HORUS_GAME.split()):
        mouse_move(driver, play, text)
        if text == "d1e2":  # stacked: a stack of two on e2
            board = play.view().board
            assert board[parse_square("e2") or 0] and not board[parse_square("d1") or 0]
        if text == "e2^f1":  # the top Obelisk alone went to f1
            assert play.view().board[parse_square("f1") or 0]
        state = play.view()
        if isinstance(state, KhetState) and state.beam is not None:
            splits += any(e.effect == SPLIT_EFFECT for b in state.beam.branches for e in b.events)
        if index < len(HORUS_GAME.split()) - 1:
            assert isinstance(driver.screen, PlayScreen), text
    assert splits >= 2
    driver.until(lambda: isinstance(driver.screen, EndScreen))
    end = driver.screen
    assert isinstance(end, EndScreen)
    assert end.match.outcome is not None and end.match.outcome.winner == 0
    driver.press(end.buttons["menu"])
    assert isinstance(driver.screen, MenuScreen)


def freeze(driver: Driver, play: PlayScreen, moment: float) -> None:
    """Show the last move's animation as it is `moment` ms in (the window's speed is 0 in tests)."""
    match = play.match
    before = match.game.view(match.states[-2], None)
    after = play.view()
    duration = play.board.transition_ms(before, after)
    assert duration > moment
    play.transition = Transition(before, after, duration, driver.app.now(), 1.0, frozen=moment)
    driver.frames(1)


def lit_by(state: KhetState, ticks: float) -> set[int]:
    """The squares the shot's light has entered by `ticks` squares travelled (from the record)."""
    assert state.beam is not None
    found = set()
    for branch in state.beam.branches:
        for index, sq in enumerate(branch.squares):
            if branch.delay + index + 1 <= ticks:
                found.add(sq)
    return found


def test_a_beam_in_flight_lies_on_the_squares_it_crossed_and_splits_at_an_eye(driver: Driver) -> None:
    play = start_khet(driver, "horus")
    for text in HORUS_GAME.split()[:10]:  # Red's beam splits at c5
        play.match.play(text)
    driver.frames(2)
    state = play.view()
    assert isinstance(state, KhetState) and state.beam is not None
    board = board_of(play)
    palette = board.palette
    core = palette.beam_core[1]
    motion_ms = 0.0  # a computer's move slides first: find when the beam starts
    freeze(driver, play, 1.0)
    assert board._motion is not None
    motion_ms = board._motion[1].beam_start
    per_square = board._motion[1].timing.per_square
    ticks = 9.5  # both halves of the split are on their way (a8 is lit on tick 1)
    freeze(driver, play, motion_ms + ticks * per_square)
    driver.shot("khet-beam-in-flight")
    lit = lit_by(state, ticks)
    assert {parse_square("c8"), parse_square("d5")} <= lit  # one half north, one east then south
    for sq in SQUARES:
        centre = board.grid.center(*cell_of(sq))
        if sq in lit:
            assert close(driver.pixel(centre), core, 50), sq
        elif not state.board[sq]:
            assert not close(driver.pixel(centre), core, 50), sq
    # once over, the beam stays faint on its squares until the next move
    play.transition = None
    driver.frames(1)
    d2, e3 = parse_square("d2") or 0, parse_square("e3") or 0
    assert d2 in state.beam.lit() and e3 not in state.beam.lit()
    ground = driver.pixel(board.grid.center(*cell_of(e3)))
    trace = driver.pixel(board.grid.center(*cell_of(d2)))
    beam = palette.beam[1]
    assert sum(abs(a - b) for a, b in zip(trace, beam, strict=True)) < sum(
        abs(a - b) for a, b in zip(ground, beam, strict=True)
    )


def test_the_preview_shows_what_a_move_would_destroy_and_can_be_switched_off(driver: Driver) -> None:
    play = start_khet(driver)
    for text in CLASSIC_GAME.split()[:6]:
        play.match.play(text)
    driver.frames(2)
    board = board_of(play)
    driver.click(at(play, "h2"))
    i3 = at(play, "i3")
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(round(i3[0]), round(i3[1])), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    driver.frames(2)
    driver.shot("khet-preview")
    i4 = at(play, "i4")
    doomed = board.palette.doomed

    def crossed() -> bool:  # the red ring round the Pyramid the beam would destroy
        radius = round(board.grid.cell * 0.44)
        return any(close(driver.pixel((i4[0] + dx, i4[1])), doomed, 80) for dx in range(radius - 8, radius))

    assert crossed()
    # the move waits for Fire; the panel says what Fire would do
    driver.click(i3)
    assert "destroys Red Pyramid i4" in board._preview_words(play.view())
    driver.press(action(play, "take_back"))
    # switched off, nothing is foreseen
    board.configure({"preview": False, "fire_at_once": False})
    driver.click(at(play, "h2"))
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(round(i3[0]), round(i3[1])), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    driver.frames(2)
    assert not crossed()


def test_fire_at_once_is_a_setting_kept_for_the_next_game(driver: Driver) -> None:
    play = start_khet(driver, fire_at_once=True)
    assert board_of(play).fire_at_once
    assert driver.app.store.get_setting("gui.khet.fire_at_once") == "on"
    assert all(a.key != "fire" for a in play.controls.actions)
    driver.click(at(play, "c4"))
    driver.click(at(play, "b5"))
    assert play.match.moves == ["c4b5"]
    driver.press(play.buttons["menu"])
    if driver.app.dialog is not None:
        driver.press(driver.app.dialog.buttons[1])
    options = open_options(driver, "khet")
    assert isinstance(options, OptionsScreen)
    assert options.setting_widgets["fire_at_once"].value is True


def test_the_options_offer_every_setup_of_the_edition_as_a_picture_and_yours_play(driver: Driver) -> None:
    store = driver.app.store
    store.save_setup("khet", "Close quarters", "S:K:e1 S:X:j1:N S:P:e3:NE R:K:f8 R:X:a8:S R:P:f6:SW")
    store.save_setup("khet", "Two eyes", "S:K:e1 S:E:e4:/ R:K:f8 R:E:f5:/")
    options = open_options(driver, "khet")
    setups = options.pictures["setup"]
    assert [p.value for p in setups.pictures] == ["classic", "imhotep", "dynasty", "Close quarters"]
    assert setups.pictures[-1].note == "yours"
    driver.frames(1)
    driver.shot("khet-options")
    driver.press(options.choice_widgets["variant"].button_for("horus"))
    setups = options.pictures["setup"]
    assert [p.value for p in setups.pictures] == ["classic-horus", "Two eyes"]
    assert options.values["setup"] == "classic-horus"
    driver.press(options.choice_widgets["variant"].button_for("khet2"))
    driver.press(options.pictures["setup"].button_for("Close quarters"))
    assert options.values["setup"] == "Close quarters"
    driver.press(options.kind_widgets[1].button_for("human"))
    # who starts: the players trade seats, the first seat (Silver) moving first
    options.name_entries[0].set_text("Ann")
    options.name_entries[1].set_text("Bob")
    driver.press(options.swap_button)
    assert [options.seats[0].name, options.seats[1].name] == ["Bob", "Ann"]
    driver.press(options.start_button)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    assert play.match.seats[0].name == "Bob"
    board = play.view().board
    assert board[parse_square("e3") or 0] and board[parse_square("f6") or 0]
    assert sum(1 for sq in SQUARES if board[sq]) == 6


def test_a_threefold_repetition_offers_a_draw_claim(driver: Driver) -> None:
    play = start_khet(driver)
    for text in ["c4b5", "c7b7", "b5c4", "b7c7", "c4b5", "c7b7", "b5c4"]:
        play.match.play(text)
    driver.frames(1)
    assert all(a.key != "claim-draw" for a in play.controls.actions)
    mouse_move(driver, play, "b7c7")
    assert any(a.key == "claim-draw" for a in play.controls.actions)
    driver.press(action(play, "claim-draw"))
    dialog = driver.app.dialog
    assert dialog is not None
    driver.press(dialog.buttons[0])
    driver.until(lambda: isinstance(driver.screen, EndScreen))
    end = driver.screen
    assert isinstance(end, EndScreen) and end.match.outcome is not None and end.match.outcome.is_draw


def test_the_computer_claims_a_draw_in_a_dialog(driver: Driver, monkeypatch: Any) -> None:
    from ludoteca.ai.worker import MoveJob

    asked: list[int] = []

    def wants(self: MoveJob, game: Any) -> bool:
        if self.draw_seed is None:  # no draw may be claimed here: nobody is asked
            return False
        asked.append(self.seat)
        return True

    monkeypatch.setattr(MoveJob, "wants_draw", wants)
    options = open_options(driver, "khet")
    driver.press(options.kind_widgets[1].button_for("computer"))
    driver.press(options.start_button)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    for text in ["c4b5", "c7b7", "b5c4", "b7c7", "c4b5", "c7b7", "b5c4", "b7c7", "c4b5"]:
        play.match.play(text)  # Red (the computer) is to move, in a position seen three times
    driver.until(lambda: driver.app.dialog is not None)
    assert asked == [1]
    assert "claims a draw" in driver.app.dialog.title  # type: ignore[union-attr]
    assert isinstance(driver.screen, PlayScreen)  # the end waits for the dialog
    driver.frames(5)
    assert isinstance(driver.screen, PlayScreen)
    driver.press(driver.app.dialog.buttons[0])  # type: ignore[union-attr]
    driver.until(lambda: isinstance(driver.screen, EndScreen))
    end = driver.screen
    assert isinstance(end, EndScreen) and end.match.termination == "draw claim"


def test_setups_that_do_not_fit_are_paged_with_the_arrows(driver: Driver) -> None:
    store = driver.app.store
    for n in range(12):
        store.save_setup("khet", f"Mine {n}", "S:K:e1 S:X:j1:N S:P:e3:NE R:K:f8 R:X:a8:S R:P:f6:SW")
    options = open_options(driver, "khet")
    setups = options.pictures["setup"]
    assert setups.page == 0 and set(setups.arrows) == {-1, 1}
    first = [picture.value for picture, _widget in setups.cards]
    assert len(first) < len(setups.pictures)
    # these arrows did nothing: their action was set after the button was made, where pygame_gui
    # no longer looks
    driver.press(setups.arrows[1])
    setups = options.pictures["setup"]
    assert setups.page == 1
    assert [picture.value for picture, _widget in setups.cards] != first
    driver.frames(1)
    driver.shot("khet-options-page-2")
    driver.press(setups.arrows[-1])
    assert options.pictures["setup"].page == 0
