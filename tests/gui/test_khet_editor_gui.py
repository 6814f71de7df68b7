"""The Khet setup editor with the mouse: build one half, mirror it, test-fire, save, rename,
duplicate, play the setup, delete it; import and export position strings."""

from __future__ import annotations

import io

import pygame

from ludoteca.games.khet.beam_path import cell_of
from ludoteca.games.khet.board import (
    ANUBIS,
    OBELISK,
    PHARAOH,
    PYRAMID,
    RED,
    SILVER,
    SPHINX,
    SQUARES,
    make_piece,
    parse_square,
)
from ludoteca.games.khet.setup_editor import SetupEditor
from ludoteca.games.khet.setups_command import cmd_list
from ludoteca.shells.window.screens.menu import MenuScreen
from ludoteca.shells.window.screens.options import OptionsScreen
from ludoteca.shells.window.screens.play import PlayScreen

from .conftest import Driver, close
from .test_connect4_gui import open_options

TOOL = "tool:khet:Khet setup editor"


def editor(driver: Driver) -> SetupEditor:
    page = driver.screen
    assert isinstance(page, SetupEditor)
    return page


def at(page: SetupEditor, name: str) -> tuple[float, float]:
    sq = parse_square(name)
    assert sq is not None
    return page.grid.center(*cell_of(sq))


def tile(page: SetupEditor, kind: int, colour: int) -> tuple[int, int]:
    for rect, k, c in page.palette_tiles:
        if (k, c) == (kind, colour):
            return rect.center
    raise AssertionError("no such piece in the box")


def piece_on(page: SetupEditor, name: str) -> int:
    return page.draft.cells[parse_square(name) or 0]


def test_build_mirror_save_rename_play_and_delete_a_setup(driver: Driver) -> None:
    assert isinstance(driver.screen, MenuScreen)
    driver.press(driver.screen.buttons[TOOL])
    page = editor(driver)
    assert page.draft.variant == "khet2" and not any(page.draft.cells[sq] for sq in SQUARES)
    assert "Not playable yet" in page.status()[0]
    # the Pharaoh by click and click, a Pyramid and an Anubis dragged from the box
    driver.click(tile(page, PHARAOH, SILVER))
    driver.click(at(page, "e1"))
    assert piece_on(page, "e1") == make_piece(PHARAOH, SILVER)
    driver.drag(tile(page, PYRAMID, SILVER), at(page, "c3"))
    driver.drag(tile(page, ANUBIS, SILVER), at(page, "d1"))
    assert piece_on(page, "c3") == make_piece(PYRAMID, SILVER, 0)
    # turned with the wheel, a right click and the button
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=tuple(map(round, at(page, "c3"))), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0, flipped=False)
    )
    driver.frames(2)
    assert piece_on(page, "c3") == make_piece(PYRAMID, SILVER, 1)  # NE → SE
    driver.click(at(page, "c3"), button=3)
    assert piece_on(page, "c3") == make_piece(PYRAMID, SILVER, 2)
    driver.press(page.buttons["turn_left"])
    assert piece_on(page, "c3") == make_piece(PYRAMID, SILVER, 1)
    # a piece dragged to another square moves there; off the board, back into the box
    driver.drag(at(page, "c3"), at(page, "c4"))
    assert not piece_on(page, "c3") and piece_on(page, "c4") == make_piece(PYRAMID, SILVER, 1)
    driver.drag(at(page, "d1"), (page.grid.rect.right + 40, page.grid.rect.centery))
    assert not piece_on(page, "d1") and page.draft.left(SILVER, ANUBIS) == 2
    # the Sphinx: placed, then the rules' check names what is still wrong
    driver.click(tile(page, SPHINX, SILVER))
    driver.click(at(page, "j1"))
    text, error = page.status()
    assert error and "Red needs exactly one Pharaoh" in text
    # a Silver piece on a square reserved for Red is named as such
    driver.click(tile(page, PYRAMID, SILVER))
    driver.click(at(page, "a2"))
    assert any("reserved for Red" in p for p in page.draft.problems())
    driver.click(at(page, "a2"))  # select it
    driver.press(page.buttons["remove"])
    assert not piece_on(page, "a2")
    # build one half, get the other: Red's pieces are Silver's turned half round the board
    driver.press(page.buttons["mirror_silver"])
    assert piece_on(page, "f8") == make_piece(PHARAOH, RED)
    assert piece_on(page, "a8") == make_piece(SPHINX, RED, 2)  # firing south
    assert piece_on(page, "h5") == make_piece(PYRAMID, RED, 3)  # SE half turned is NW
    assert "Red now has Silver's pieces" in page.status()[0]
    assert page.draft.problems() == []
    # test fire: both beams shown on the squares they cross
    driver.press(page.buttons["test_fire"])
    beams = page.draft.beams()
    assert len(beams) == 2
    driver.frames(1)
    driver.shot("khet-editor")
    lit = next(sq for sq in beams[0].lit() if not page.draft.cells[sq])
    ground = page.look.palette.square
    assert not close(driver.pixel(page.grid.center(*cell_of(lit))), ground, 12)
    # save, rename, duplicate
    assert page.name_entry is not None
    page.name_entry.set_text("Duel")
    driver.press(page.buttons["save"])
    store = driver.app.store
    assert [row.name for row in store.list_setups("khet")] == ["Duel"]
    page.name_entry.set_text("Duel at dawn")
    driver.press(page.buttons["rename"])
    assert [row.name for row in store.list_setups("khet")] == ["Duel at dawn"]
    driver.press(page.buttons["duplicate"])
    assert [row.name for row in store.list_setups("khet")] == ["Duel at dawn", "Duel at dawn (copy)"]
    out = io.StringIO()
    cmd_list(store, out)
    assert "Duel at dawn (copy)" in out.getvalue()  # `ludoteca setups khet list` sees them
    # play it: the options screen opens with it chosen, the game starts from it
    page.name_entry.set_text("Duel at dawn")
    page.source_index = next(i for i, s in enumerate(page.sources) if s.own == "Duel at dawn")
    driver.press(page.buttons["open"])
    assert page.loaded == "Duel at dawn" and not page.dirty
    driver.press(page.buttons["play"])
    options = driver.screen
    assert isinstance(options, OptionsScreen)
    assert options.values["setup"] == "Duel at dawn"
    driver.press(options.kind_widgets[1].button_for("human"))
    driver.press(options.start_button)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    board = play.view().board
    assert board[parse_square("c4") or 0] == make_piece(PYRAMID, SILVER, 1)
    assert sum(1 for sq in SQUARES if board[sq]) == 6
    # back to the editor from the Khet options, and delete the copy
    driver.press(play.buttons["menu"])
    options = open_options(driver, "khet")
    driver.press(options.tool_buttons["Khet setup editor"])
    page = editor(driver)
    page.source_index = next(i for i, s in enumerate(page.sources) if s.own == "Duel at dawn (copy)")
    driver.press(page.buttons["open"])
    driver.press(page.buttons["delete"])
    dialog = driver.app.dialog
    assert dialog is not None
    driver.press(dialog.buttons[0])
    assert [row.name for row in store.list_setups("khet")] == ["Duel at dawn"]
    driver.press(page.buttons["back"])
    dialog = driver.app.dialog  # the board was not saved under a name any more
    assert dialog is not None
    driver.press(dialog.buttons[0])
    assert isinstance(driver.screen, OptionsScreen)


def test_position_strings_go_out_and_come_back_in(driver: Driver) -> None:
    driver.press(driver.screen.buttons[TOOL])
    page = editor(driver)
    page.source_index = next(i for i, s in enumerate(page.sources) if s.text and s.variant == "horus")
    driver.press(page.buttons["open"])
    assert page.draft.variant == "horus"
    driver.press(page.buttons["export"])
    assert page.text_entry is not None
    exported = page.text_entry.get_text()
    assert exported.startswith("S:P:c1:NW S:O:d1")
    page.text_entry.set_text("S:K:e1 S:X:j1:N R:K:f8 R:X:a8:S")
    driver.press(page.buttons["import"])
    assert page.draft.variant == "khet2" and page.draft.problems() == []
    page.text_entry.set_text("S:K:z9")
    driver.press(page.buttons["import"])
    text, error = page.status()
    assert error and "z9 is not a square" in text
    page.text_entry.set_text(exported)
    driver.press(page.buttons["import"])
    assert page.draft.variant == "horus" and page.draft.problems() == []
    # an Obelisk onto its twin stacks; the box counts both
    page.draft.clear()
    driver.click(tile(page, OBELISK, SILVER))  # picked: it stays in hand for the next clicks
    driver.click(at(page, "d2"))
    driver.click(at(page, "d2"))
    assert piece_on(page, "d2") == make_piece(OBELISK, SILVER, 1) and page.draft.left(SILVER, OBELISK) == 0
    driver.click(at(page, "e2"))
    text, error = page.status()
    assert error and "no more" in text
