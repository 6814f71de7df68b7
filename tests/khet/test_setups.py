"""Position format, standard setups, setup validation and resolving setup names."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ludoteca.core.errors import LudotecaError, NotationError, OptionError
from ludoteca.core.perft import perft
from ludoteca.games.khet import GAME
from ludoteca.games.khet.board import SQUARES, file_of, rank_of, square
from ludoteca.games.khet.position import format_position, parse_setup, parse_tokens, setup_problems
from ludoteca.games.khet.setups import resolve_setup, standard_setups

from .helpers import start

DATA = Path(__file__).resolve().parents[1] / "data"

CLASSIC = (
    "S:P:c1:NW S:A:d1:N S:K:e1 S:A:f1:N S:X:j1:N S:P:h2:NE S:P:c4:NW S:S:e4:/ S:S:f4:\\ S:P:j4:SW "
    "S:P:c5:SW S:P:j5:NW S:P:d6:NW R:P:g3:SE R:P:a4:SE R:P:h4:NE R:P:a5:NE R:S:e5:\\ R:S:f5:/ "
    "R:P:h5:SE R:P:c7:SW R:X:a8:S R:A:e8:S R:K:f8 R:A:g8:S R:P:h8:SE"
)


def _perft_cases(max_depth: int) -> list[tuple[str, str, int, int]]:
    rows = []
    for line in (DATA / "khet_perft.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            variant, setup, depth, leaves = line.split()
            if int(depth) <= max_depth:
                rows.append((variant, setup, int(depth), int(leaves)))
    return rows


@pytest.mark.parametrize(("variant", "setup", "depth", "leaves"), _perft_cases(2))
def test_perft_vectors(variant: str, setup: str, depth: int, leaves: int) -> None:
    assert perft(GAME, start(variant, setup), depth) == leaves


def _rules_setups() -> dict[str, str]:
    """Title → tokens, from the copy of the rules file's setup blocks."""
    found: dict[str, str] = {}
    title = None
    for line in (DATA / "khet_setups.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            title = None
        elif ":" not in line:
            title = line.strip()
            found[title] = ""
        elif title is not None:
            found[title] += " " + line
    return found


def test_shipped_setups_are_the_rules_files() -> None:
    rules = _rules_setups()
    shipped = {s.title: s for s in standard_setups()}
    assert set(rules) == set(shipped) == {"Classic", "Imhotep", "Dynasty", "Classic (Horus)"}
    for title, text in rules.items():
        assert parse_tokens(shipped[title].text).board == parse_tokens(text).board, title
    assert parse_tokens(CLASSIC).board == parse_tokens(rules["Classic"]).board


@pytest.mark.parametrize("setup", standard_setups(), ids=lambda s: s.name)
def test_standard_setups_are_valid_and_half_turn_symmetric(setup: object) -> None:
    from ludoteca.games.khet.board import make_piece, orientation_of

    text = setup.text  # type: ignore[attr-defined]
    variant = setup.variant  # type: ignore[attr-defined]
    board = parse_setup(text, variant).board
    assert setup_problems(board, variant) == []
    # a half-turn with colours swapped: square (f, r) → (9 - f, 7 - r); facings turn by 180°,
    # mirror lines (/ \) stay as they are, stack heights too
    for sq in SQUARES:
        piece = board[sq]
        other = board[square(9 - file_of(sq), 7 - rank_of(sq))]
        if not piece:
            assert not other
            continue
        kind, o = piece >> 3, orientation_of(piece)
        if kind in (3, 5, 2):  # Pyramid, Anubis, Sphinx: half a turn
            o = (o + 2) & 3
        assert other == make_piece(kind, 1 - (piece & 1), o)


def test_position_text_round_trips_over_random_games() -> None:
    rng = random.Random(11)
    for variant, setup in (("khet2", "classic"), ("khet2", "dynasty"), ("horus", "classic")):
        state = start(variant, setup)
        for _ply in range(80):
            if GAME.to_move(state) is None:
                break
            text = GAME.position_text(state)
            again = GAME.parse_position(text, GAME.options({"variant": variant}))
            assert again.board == state.board and again.turn == state.turn
            assert GAME.position_text(again) == text
            state = GAME.play(state, rng.choice(list(GAME.legal_moves(state))))


def test_setup_text_as_option_starts_the_game() -> None:
    text = format_position(start().board)
    state = GAME.start(GAME.options({"setup": text}), 0, 2)
    assert state.board == start().board
    assert "\n" not in text


# ----- validation ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "variant", "says"),
    [
        (CLASSIC.replace("S:K:e1", "S:K:e1 S:K:e2"), "khet2", "exactly one Pharaoh"),
        (CLASSIC.replace(" R:K:f8", ""), "khet2", "Red needs exactly one Pharaoh"),
        (CLASSIC.replace("S:X:j1:N", "S:X:i1:N"), "khet2", "must stand on j1"),
        (CLASSIC.replace("S:X:j1:N", ""), "khet2", "Silver needs its Sphinx on j1"),
        (CLASSIC.replace("S:X:j1:N", "S:X:j1:E"), "khet2", "fire onto the board"),
        (CLASSIC.replace("S:P:c1:NW", "S:P:a2:NW"), "khet2", "reserved for Red"),
        (CLASSIC.replace("R:P:c7:SW", "R:P:j7:SW"), "khet2", "reserved for Silver"),
        (CLASSIC.replace("R:P:c7:SW", "R:P:b8:SW"), "khet2", "reserved for Silver"),
        (CLASSIC + " S:P:g6:NE", "khet2", "Silver has 8 × Pyramid; the box holds 7"),
        (CLASSIC + " S:A:g6:N", "khet2", "the box holds 2"),
        (CLASSIC, "horus", "choose the variant khet2"),
        ("S:K:e1 R:K:f8 S:O:d1:2 S:O:d2", "horus", "Silver has 3 × Obelisk"),
        ("S:K:e1 R:K:f8 S:E:d1:/ S:E:d2:/", "horus", "Eye of Horus; the box holds 1"),
        (CLASSIC + " turn:R", "khet2", "starts with Silver to move"),
    ],
)
def test_setup_validation_messages(text: str, variant: str, says: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_setup(text, variant)
    assert says in str(err.value)
    with pytest.raises(OptionError):
        GAME.options({"variant": variant, "setup": text})


def test_every_problem_is_listed_at_once() -> None:
    text = CLASSIC.replace("S:X:j1:N", "").replace("S:P:c1:NW", "S:P:a2:NW")
    with pytest.raises(NotationError) as err:
        parse_setup(text, "khet2")
    assert "Sphinx" in str(err.value) and "reserved for Red" in str(err.value)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("S:P:c1", "needs an orientation"),
        ("S:P:c1:N", "NE, SE, SW or NW"),
        ("S:Q:c1", "unknown piece Q"),
        ("G:P:c1:NE", "the colour is S"),
        ("S:P:k1:NE", "not a square"),
        ("S:K:e1:N", "Pharaoh has no orientation"),
        ("S:S:e4:|", "written / or"),
        ("S:O:d1:3", "stack of two"),
        ("S:K:e1 R:K:e1", "already holds a piece"),
        ("S-K-e1", "not a piece"),
        ("", "empty"),
        ("S:K:e1 turn:G", "the turn is S"),
    ],
)
def test_unreadable_positions(text: str, says: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_tokens(text)
    assert says in str(err.value)


def test_position_may_have_pieces_on_opponent_squares_after_swaps() -> None:
    # mid-game positions are not setups: a Red Pyramid swapped onto j5 is fine there
    text = CLASSIC.replace("S:P:j5:NW", "R:P:j5:NW").replace("R:P:h5:SE", "S:P:h5:SE")
    state = GAME.parse_position(text + " turn:R", GAME.options({}))
    assert state.turn == 1


# ----- options and names ------------------------------------------------------------------------------
def test_option_validation() -> None:
    assert GAME.options({"variant": "horus", "setup": "classic"})["setup"] == "classic"
    assert GAME.options({"variant": "horus", "setup": "Classic (Horus)"})
    with pytest.raises(OptionError, match=r"belongs to Khet 2.0"):
        GAME.options({"variant": "horus", "setup": "dynasty"})
    with pytest.raises(OptionError, match="Eye of Horus"):
        GAME.options({"setup": "classic-horus"})
    with pytest.raises(OptionError):
        GAME.options({"variant": "khet3"})
    # a name of the player's own: accepted as an option, resolved by the front end
    options = GAME.options({"setup": "my fortress"})
    with pytest.raises(OptionError, match=r"setups khet|--setup NAME"):
        GAME.start(options, 0, 2)


class FakeStore:
    def __init__(self, setups: dict[str, str]) -> None:
        self.setups = setups

    def load_setup(self, game_key: str, name: str) -> object:
        assert game_key == "khet"
        if name not in self.setups:
            raise LudotecaError(f"no khet setup named '{name}'.")

        class Row:
            text = self.setups[name]

        return Row()


def test_resolve_setup_standard_first_then_store() -> None:
    mine = CLASSIC.replace("S:P:c1:NW", "S:P:c2:NW")
    store = FakeStore({"mine": mine, "classic": "S:K:e1"})
    assert parse_tokens(resolve_setup("khet2", "classic", store)).board == parse_tokens(CLASSIC).board
    assert resolve_setup("khet2", "mine", store) == mine
    with pytest.raises(OptionError, match=r"no khet setup named 'nope'.*classic, imhotep, dynasty"):
        resolve_setup("khet2", "nope", store)
    with pytest.raises(OptionError, match="choose the variant khet2"):
        resolve_setup("horus", "mine", store)
    with pytest.raises(OptionError, match=r"Khet 2.0"):
        resolve_setup("horus", "imhotep", store)
    bad = FakeStore({"bad": CLASSIC.replace("S:X:j1:N", "")})
    with pytest.raises(OptionError, match="Sphinx"):
        resolve_setup("khet2", "bad", bad)
    with pytest.raises(OptionError, match="standard setups"):
        resolve_setup("khet2", "mine", None)


def test_the_standard_setups_titles_are_marked_and_shown_in_french() -> None:
    from ludoteca.core.registry import declaration
    from ludoteca.games.khet.setups import STANDARD_TITLES, standard_setup, standard_setups
    from ludoteca.i18n import set_language

    assert {setup.title for setup in standard_setups()} == set(STANDARD_TITLES)  # the catalogue sees them
    declaration("khet")
    try:
        set_language("fr")
        dynasty = standard_setup("khet2", "Dynastie")  # a player may name it in French
        assert dynasty is not None and dynasty.shown_title == "Dynastie"
    finally:
        set_language("en")
    assert dynasty.name == "dynasty" and dynasty.shown_title == "Dynasty"
