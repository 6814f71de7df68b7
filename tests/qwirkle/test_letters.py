"""Issue 30, item 4: each language writes the tiles with its own letters (English Q O S D K X,
French C R E L T X), a colour may be typed as a letter instead of its digit, every language's
letters are read whatever the language, and records keep the brief's letters and digits."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from ludoteca.core.errors import NotationError
from ludoteca.core.record import Record
from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.games.qwirkle import GAME
from ludoteca.games.qwirkle.notation import shown_move
from ludoteca.games.qwirkle.terminal import QwirkleTerminalBoard
from ludoteca.games.qwirkle.tiles import KINDS, LANGUAGE_LETTERS, SHAPES, make, parse_tile, tile_label
from ludoteca.i18n import set_language
from ludoteca.kits.terminal.console import Console
from ludoteca.kits.terminal.style import Style
from ludoteca.match import Match
from ludoteca.shells.terminal.movelist import move_listing
from ludoteca.shells.terminal.play import COMMANDS, TerminalGame

from .support import move, position

PLAIN = Style(colour=False)
ENGLISH, FRENCH = LANGUAGE_LETTERS["en"], LANGUAGE_LETTERS["fr"]
#: a record's placement or exchanged tile: the brief's letter and a digit, nothing else
RECORDED = re.compile(r"^(pass|x( [CRELTX][0-5])+|[a-z]{2}[CRELTX][0-5]( [a-z]{2}[CRELTX][0-5])*)$")


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    get_game("qwirkle")  # the shelf merges the game's own catalogue
    set_language(lang)
    try:
        yield
    finally:
        set_language("en")


def written_ways(shape: int, colour: int) -> set[str]:
    """Every way a player may write one tile: any language's shape letter (or the records'), then
    the digit or any language's colour letter, in either case."""
    shapes = {SHAPES[shape], *(letters.shapes[shape] for letters in LANGUAGE_LETTERS.values())}
    colours = {str(colour), *(letters.colours[colour] for letters in LANGUAGE_LETTERS.values())}
    return {(s + c).lower() if lower else s + c for s in shapes for c in colours for lower in (False, True)}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_tile_is_read_written_every_accepted_way_in_either_language(lang: str) -> None:
    with speaking(lang):
        for shape in range(KINDS):
            for colour in range(KINDS):
                ways = written_ways(shape, colour)
                assert len(ways) >= 4  # X0: X (both languages) and 0 or O, either case
                assert {w: parse_tile(w) for w in ways} == dict.fromkeys(ways, make(shape, colour))
    assert parse_tile("Q1") == parse_tile("C1") == parse_tile("qr") == parse_tile("CR") == make(0, 1)
    assert parse_tile("OO") == parse_tile("R0") == make(1, 0)  # an orange circle
    assert parse_tile("KG") == parse_tile("TV") == parse_tile("t5") == make(4, 5)  # a green clover
    assert parse_tile("SJ") == parse_tile("EY") == parse_tile("E3") == make(2, 3)  # a yellow star
    for bad in ("Z1", "C6", "CZ", "C", "C12", "??"):
        assert parse_tile(bad) is None


def test_no_letter_means_two_shapes_or_two_colours_across_the_languages() -> None:
    """What lets every language's letters be read in every game: none is read two ways."""
    shapes: dict[str, set[int]] = {}
    colours: dict[str, set[int]] = {}
    for letters in LANGUAGE_LETTERS.values():
        assert len(set(letters.shapes)) == len(set(letters.colours)) == KINDS
        for index, letter in enumerate(letters.shapes):
            shapes.setdefault(letter, set()).add(index)
        for index, letter in enumerate(letters.colours):
            colours.setdefault(letter, set()).add(index)
    for index, letter in enumerate(SHAPES):
        shapes.setdefault(letter, set()).add(index)
    assert all(len(meant) == 1 for meant in shapes.values()), shapes
    assert all(len(meant) == 1 for meant in colours.values()), colours
    assert not set(colours) & set("012345")
    # the French letters are the records' own
    assert FRENCH.shapes == SHAPES


def test_moves_typed_in_english_or_french_letters_are_recorded_the_briefs_way() -> None:
    text = (
        "size 12x26; mode normal; turn 0; scores 0 0; board ebC1; hand C2 R1 L4 T5; hand R0; "
        "bag L0 L2 L3 X0 X1 X2"
    )
    state = position(text)
    blue_square = move(state, "ecC2")
    for lang in ("en", "fr"):
        with speaking(lang):
            for typed in ("ecQ2", "ecqb", "ecCB", "ECC2", "ecQ2,"):
                assert move(state, typed) == blue_square
            assert move(state, "x OR DP KG") == move(state, "x R1 L4 T5") == move(state, "x rr lp tv")
    match = Match(
        GAME, GAME.options({}), (SeatSpec("human"), SeatSpec("human")), 1, position=text + "; rng 7"
    )
    with speaking("en"):
        match.play("ecQb")
        match.play("x OO")
    assert match.moves == ["ecC2", "x R0"]
    record = match.to_record().dumps()
    with speaking("fr"):
        again = Match.from_record(GAME, Record.loads(record), record)
    assert again.moves == match.moves and again.state == match.state


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_records_keep_one_notation_whatever_the_language(lang: str) -> None:
    with speaking(lang):
        state = GAME.start(GAME.options(), 4, 2)
        for turn in range(6):
            moves = list(GAME.legal_moves(state))[:200]
            for each in moves:
                text = GAME.format_move(state, each)
                assert RECORDED.match(text), text
                assert GAME.parse_move(state, text) == each
                # what the player is shown reads back as the same move too
                assert GAME.parse_move(state, shown_move(each)) == each
            state = GAME.play(state, moves[turn % len(moves)])


def test_words_of_the_terminal_are_never_read_as_tiles() -> None:
    """`help` would be row h, column e, a purple diamond; `undo` and `redo` an orange diamond."""
    state = GAME.start(GAME.options(), 1, 2)
    for word in (*COMMANDS, "stop", "HELP"):
        with pytest.raises(NotationError):
            GAME.parse_move(state, word)
    # even where `help` would be a legal play, it asks for help
    text = "size 12x26; mode normal; turn 0; scores 0 0; board hdL3; hand L4 C1; hand R0; bag L0 L2 L3; rng 7"
    assert move(position(text), "heDP") in GAME.legal_moves(position(text))
    match = Match(
        GAME, GAME.options({}), (SeatSpec("human", name="Ann"), SeatSpec("human")), 1, position=text
    )
    out = io.StringIO()
    TerminalGame(match, None, Console(io.StringIO("\nhelp\n"), out)).run()
    assert match.ply == 0 and "show this help" in out.getvalue()


def test_the_english_terminal_shows_english_letters_and_says_which_it_reads() -> None:
    state = position(
        "size 12x26; mode normal; turn 0; scores 0 0; board ebC1 ecR2; hand C3 R3 E3 L3 T3 X3; "
        "hand R0; bag L0"
    )
    with speaking("en"):
        drawn = QwirkleTerminalBoard().render(GAME, GAME.view(state, 0), 0, PLAIN)
        help_text = QwirkleTerminalBoard().move_help(GAME, state)
    assert "Shapes: Q square · O circle · S star · D diamond · K clover · X cross" in drawn
    assert "Colours: 0/O orange · 1/R red · 2/B blue · 3/Y yellow · 4/P purple · 5/G green" in drawn
    assert "Also read, in French: C R E L T (shapes), J V (colours)" in drawn
    assert "Q3 O3 S3 D3 K3 X3" in drawn and " Q1 O2 " in drawn
    assert "carré" not in drawn
    assert "e.g. ebQ1 ecQ2" in help_text and "x Q1 O2" in help_text
    with speaking("fr"):
        drawn = QwirkleTerminalBoard().render(GAME, GAME.view(state, 0), 0, PLAIN)
    assert "Formes : C carré · R rond · E étoile · L losange · T trèfle · X croix" in drawn
    assert "0/O orange · 1/R rouge · 2/B bleu · 3/J jaune · 4/P violet · 5/V vert" in drawn
    assert "Q O S D K (formes), Y G (couleurs)" in drawn
    assert "C3 R3 E3 L3 T3 X3" in drawn


def test_the_moves_list_and_what_the_game_says_use_the_players_letters() -> None:
    state = GAME.start(GAME.options(), 3, 2)  # the hand is E3 L1 L3 T1 T4 X5
    shown = QwirkleTerminalBoard().shown_notation
    with speaking("en"):
        lines = move_listing(GAME, GAME.view(state, 0), "D1", 100, shown=shown)
        same = move_listing(GAME, GAME.view(state, 0), "L1", 100, shown=shown)
        after = GAME.play(state, move(state, "faL1 fbL3"))
        said = GAME.describe_last(after)
    assert lines == same and "legal moves in “D1”" in lines[0]
    assert all(re.search(r"\b[a-z]{2}D1\b", line) for line in lines[1:2]), lines[:3]
    assert not any(re.search(r"[a-z]{2}L[0-5]", line) for line in lines)
    assert "(faD1 fbD3)" in said
    assert tile_label(make(3, 1)) == "D1"
    with speaking("fr"):
        assert "(faL1 fbL3)" in GAME.describe_last(after)
