"""Seats nobody named are kept in the results history under a language-neutral name and shown in
the reader's language; rows an older version wrote in another language read the same way (issue
16, item 13)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.games.qwirkle import scores as qwirkle_scores
from ludoteca.i18n import set_language
from ludoteca.match import Match
from ludoteca.shells import listings, session
from ludoteca.store import Store

from .conftest import result


@pytest.fixture
def french() -> Iterator[None]:
    get_game("qwirkle")  # the shelf merges each game's own catalogue
    set_language("fr")
    yield
    set_language("en")


def finished_othello() -> Match:
    game = get_game("othello")
    match = Match(game, game.options({}), (SeatSpec("human"), SeatSpec("human", name="Zoé")), 1)
    match.resign(1)
    return match


def test_a_game_finished_in_french_is_kept_under_the_seats_english_names(store: Store, french: None) -> None:
    store.add_result(session.result_row(finished_othello()))
    [row] = store.results()
    assert row.players == ("Black", "Zoé") and row.winner == "Black"
    assert "Noir, Zoé" in "\n".join(listings.scores_table([row]))
    assert listings.result_text(row) == "Noir a gagné"
    set_language("en")
    assert "Black, Zoé" in "\n".join(listings.scores_table([row]))
    assert listings.result_text(row) == "Black won"


def test_rows_an_older_version_wrote_in_french_read_in_english(store: Store) -> None:
    # before, the seat's name was kept in the language in use: "Noir", "Joueur 2"
    store.add_result(result("othello", "Noir", players=("Noir", "Blanc"), kinds=("human", "human")))
    store.add_result(
        result("qwirkle", "Ann", players=("Ann", "Joueur 2"), kinds=("human", "computer:3"), scores=(12, 9))
    )
    othello, qwirkle = store.results()
    assert listings.players_in_words(othello) == ["Black", "White"]
    assert listings.result_text(othello) == "Black won"
    assert listings.players_in_words(qwirkle) == ["Ann", "Player 2"]
    assert "Ann: 12  Player 2: 9" in qwirkle_scores.report([qwirkle])


def test_a_name_reads_as_a_seats_only_at_that_seat(store: Store, french: None) -> None:
    # "Red" second is Connect Four's Red seat; first (Yellow's place) it can only be someone's name
    store.add_result(result("connect4", "Ann", players=("Ann", "Red"), kinds=("human", "human")))
    [row] = store.results()
    assert listings.players_in_words(row) == ["Ann", "Rouge"]
    store.add_result(result("connect4", "Ann", players=("Red", "Ann"), kinds=("human", "human")))
    assert listings.players_in_words(store.results()[1]) == ["Red", "Ann"]
