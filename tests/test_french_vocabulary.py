"""One French vocabulary (issue 30, item 12): the words a French player reads are French and the
same everywhere, French commands and letters are understood (English ones too), and an option's
value is accepted as either language writes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.core.registry import get_game
from ludoteca.i18n import set_language
from tests.cli_runner import run_ludoteca


@pytest.fixture
def english() -> None:
    set_language("en")


@pytest.mark.parametrize(
    ("game", "option", "typed", "value"),
    [
        ("khet", "setup", "dynastie", "dynasty"),
        ("qwirkle", "mode", "dégradé", "short"),
        ("qwirkle", "mode", "Degrade", "short"),
        ("connect4", "variant", "classique", "classic"),
        ("connect4", "variant", "cascade", "cascade"),
    ],
)
def test_an_option_value_is_read_in_either_language(
    english: None, game: str, option: str, typed: str, value: str
) -> None:
    assert get_game(game).options({option: typed})[option] == value


def test_the_command_line_takes_french_option_values_in_an_english_session(tmp_path: Path) -> None:
    out = run_ludoteca(
        ["play", "qwirkle", "--mode", "dégradé", "--players", "Ann=human,Bob=human", "--seed", "4"],
        tmp_path / "home",
        "quit\nn\n",
        LUDOTECA_LANG="en",
    )
    assert out.returncode == 0, out.stderr
    assert "Bag: 24 tiles" in out.stdout  # 36 tiles, 6 in each hand


def french_catalogues() -> str:
    root = Path(__file__).resolve().parents[1] / "src" / "ludoteca"
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(root.rglob("fr.po")))


def test_the_same_thing_has_one_french_word() -> None:
    text = french_catalogues().casefold()
    # a seed is a "numéro de tirage" everywhere, never a "graine"
    assert "graine" not in text
    # Qwirkle's 36-tile mode is the brief's "mode dégradé", never a "partie courte"
    assert "courte" not in text and "mode dégradé (36 tuiles)" in text
    # a Qwirkle round (everyone played once) is a "tour de table", not a player's "tour"
    assert "fin du tour {n}" not in text and "fin du tour de table {n}" in text


def test_robot_turtles_reads_and_writes_french_moves() -> None:
    from ludoteca.games.turtles.cards import Card
    from ludoteca.games.turtles.moves import AddCards, BuildWall, PlayBug, RunProgram, parse_move
    from ludoteca.games.turtles.words import card_letters, shown_notation

    get_game("turtles")  # its catalogue: seat names in French
    seats = ("Blue", "Red")
    forward, left, right, laser = Card.FORWARD, Card.LEFT, Card.RIGHT, Card.LASER
    assert parse_move("ajoute A G D L", seats) == AddCards((forward, left, right, laser))
    assert parse_move("ajoute AGA /défausse", seats) == AddCards((forward, left, forward), True)
    assert parse_move("mur pierre d4", seats) == BuildWall("stone", parse_move("wall stone d4", seats).square)
    assert parse_move("exécute", seats) == RunProgram() == parse_move("lance", seats)
    assert parse_move("bug rouge", seats) == PlayBug(1)
    # the verb says which letters follow: L turns left after `add`, fires the laser after `ajoute`
    assert parse_move("add L", seats) == AddCards((left,)) and parse_move("ajoute L", seats) == AddCards(
        (laser,)
    )
    set_language("fr")
    try:
        assert shown_notation("add F L R X /discard") == "ajoute A G D L /défausse"
        assert shown_notation("wall ice c3") == "mur glace c3" and shown_notation("run") == "exécute"
        assert card_letters((forward, left, right, laser)) == "A G D L"
    finally:
        set_language("en")
    assert shown_notation("add F L") == "add F L" and card_letters((forward, laser)) == "F X"


def test_a_french_terminal_takes_french_commands_and_shows_french_letters(tmp_path: Path) -> None:
    home = tmp_path / "home"
    out = run_ludoteca(
        ["play", "connect4", "--players", "human,human", "--variant", "classic", "--lang", "fr"],
        home,
        "aide\n4\nannule\nsauve essai\nquitte\n",
    )
    assert out.returncode == 0, out.stderr
    said = out.stdout
    assert "  annule " in said and "  sauve " in said  # the help lists the French words
    assert "J Jaune   R Rouge" in said  # piped: the discs' letters are the French colours' initials
    assert "Coup repris." in said  # `annule` took the move back
    assert "Enregistrée (numéro 1)" in said
    english = run_ludoteca(["play", "connect4", "--players", "human,human"], home, "undo\nquit\nn\n")
    assert "Y Yellow   R Red" in english.stdout and "Nothing to undo." in english.stdout
