"""`ludoteca setups khet …` against a real store, and the terminal board."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from ludoteca.core.declaration import CommandContext
from ludoteca.games.khet import GAME
from ludoteca.games.khet import setups_command as setups_khet
from ludoteca.games.khet.terminal import KhetTerminalBoard, piece_glyph
from ludoteca.kits.terminal.style import Style
from ludoteca.store import Store

from .helpers import play, position, sq, start


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "test.sqlite3")


def run(store: Store, *argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = setups_khet.main(list(argv), CommandContext(lambda: store, out))
    return code, out.getvalue()


def _classic_file(tmp_path: Path, change: tuple[str, str] = ("S:P:c1:NW", "S:P:c2:NW")) -> Path:
    text = GAME.position_text(start()).replace(" turn:S", "").replace(*change)
    path = tmp_path / "mine.txt"
    path.write_text("# my own\n" + text + "\n")
    return path


def test_create_list_show_and_play_a_user_setup(store: Store, tmp_path: Path) -> None:
    code, out = run(store, "create", "Fortress", "--from", str(_classic_file(tmp_path)))
    assert code == 0 and "Saved" in out
    code, out = run(store, "list")
    assert "Fortress" in out and "classic" in out and "Classic (Horus)" in out
    code, out = run(store, "show", "Fortress")
    assert code == 0 and "S:P:c2:NW" in out and "P↖" in out
    # the CLI's hook: a user setup name becomes its position text
    options = GAME.options({"setup": "Fortress"})
    text = setups_khet.position_for(options, store)
    assert text is not None
    state = GAME.parse_position(text, options)
    assert state.board[sq("c2")] and not state.board[sq("c1")]
    assert setups_khet.position_for(GAME.options({"setup": "dynasty"}), store) is None


def test_saying_a_setup_was_saved_names_its_edition_once(store: Store, tmp_path: Path) -> None:
    horus = tmp_path / "horus.txt"
    horus.write_text(GAME.position_text(start("horus")).replace(" turn:S", "") + "\n")
    code, out = run(store, "create", "Sunrise", "--from", str(horus))
    assert code == 0 and out == "Saved the setup 'Sunrise' for the Eye of Horus edition.\n"
    code, out = run(store, "create", "Fortress", "--from", str(_classic_file(tmp_path)))
    assert code == 0 and out == "Saved the setup 'Fortress' for Khet 2.0.\n"


def test_invalid_setups_are_refused_with_the_reasons(
    store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = _classic_file(tmp_path, ("S:X:j1:N", "S:P:a3:NE"))
    code, _out = run(store, "create", "broken", "--from", str(bad))
    err = capsys.readouterr().err
    assert code == 1 and "Sphinx on j1" in err and "reserved for Red" in err
    assert store.list_setups("khet") == []


def test_standard_names_are_protected(
    store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(store, "create", "Dynasty", "--from", str(_classic_file(tmp_path)))[0] == 1
    assert run(store, "delete", "classic")[0] == 1
    assert "standard setup" in capsys.readouterr().err


def test_rename_copy_delete(store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(store, "create", "a", "--from", str(_classic_file(tmp_path)))
    assert run(store, "copy", "a", "b")[0] == 0
    assert run(store, "copy", "imhotep", "my imhotep")[0] == 0
    assert run(store, "rename", "b", "c")[0] == 0
    assert [row.name for row in store.list_setups("khet")] == ["a", "c", "my imhotep"]
    assert run(store, "copy", "a", "c")[0] == 1  # taken
    assert "already exists" in capsys.readouterr().err
    assert run(store, "delete", "c")[0] == 0
    assert run(store, "delete", "c")[0] == 1
    assert "no khet setup named 'c'" in capsys.readouterr().err


def test_export_then_import_round_trips(store: Store, tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    assert run(store, "export", "classic-horus", str(target))[0] == 0
    exported = target.read_text()
    assert exported.startswith("# Khet setup: classic-horus") and "S:E:e4:/" in exported
    code, out = run(store, "import", str(target), "--name", "horus copy")
    assert code == 0 and out == "Imported the setup 'horus copy' for the Eye of Horus edition.\n"
    options = GAME.options({"variant": "horus", "setup": "horus copy"})
    text = setups_khet.position_for(options, store)
    assert text is not None
    assert GAME.parse_position(text, options).board == start("horus").board
    # its header names it when no --name is given
    (tmp_path / "named.txt").write_text(exported.replace("classic-horus", "Sunrise"))
    assert run(store, "import", str(tmp_path / "named.txt"))[0] == 0
    assert "Sunrise" in [row.name for row in store.list_setups("khet")]
    # and a setup of the other edition is refused for this variant
    with pytest.raises(Exception, match="variant horus"):
        setups_khet.position_for(GAME.options({"setup": "Sunrise"}), store)


def test_export_to_standard_output(store: Store) -> None:
    code, out = run(store, "export", "dynasty")
    assert code == 0 and "S:K:e2" in out


# ----- the terminal board ---------------------------------------------------------------------------
def test_board_shows_pieces_reserved_squares_and_the_beam() -> None:
    state = play(start(), "d1+")
    text = KhetTerminalBoard().render(GAME, state, 0, Style(colour=False))
    rows = {line.split()[0]: line for line in text.splitlines() if line[:3].strip().isdigit()}
    assert "X↑" in rows["1"] and "A→" in rows["1"] and "K" in rows["1"]
    assert "x↓" in rows["8"] and "k" in rows["8"]
    assert "×" in rows["3"] and "+" in rows["8"] and "×" in rows["8"]  # a3, i8 Red's; b8 Silver's
    assert "│" in rows["2"] and "─" in rows["4"]  # Silver's beam up file j, west along rank 4
    assert "Silver's last shot" in text


def test_board_marks_a_destroyed_piece_and_repetitions() -> None:
    state = play(start(), "j4+")  # Silver's beam destroys its own j4 Pyramid
    text = KhetTerminalBoard().render(GAME, state, 0, Style(colour=False))
    assert "✶" in text
    repeated = play(start(), "d1+", "e8+", "d1-", "e8-")
    assert "occurred 2 times" in KhetTerminalBoard().render(GAME, repeated, 0, Style(colour=False))


def test_glyphs_for_every_piece() -> None:
    state = position("S:K:e1 R:K:f8 S:O:d1:2 S:D:f4:\\ S:E:e4:/ R:O:e8", "horus")
    assert [piece_glyph(state.board[sq(s)]) for s in ("d1", "f4", "e4", "e8", "f8")] == [
        "O2",
        "D\\",
        "E/",
        "o ",
        "k ",
    ]
    assert "d1^d2" in KhetTerminalBoard().move_help(GAME, state)
    assert "j1" in KhetTerminalBoard().move_help(GAME, start())


def test_colour_output_paints_both_sides() -> None:
    text = KhetTerminalBoard().render(GAME, start(), 0, Style(colour=True))
    assert "\x1b[" in text
