"""Which finished games change ratings, under which key, and how (ratings/games.py)."""

from __future__ import annotations

import pytest

from ludoteca.ratings import (
    FinishedGame,
    RatedGame,
    Rating,
    RatingRules,
    SeatPlayer,
    System,
    Unrated,
    finished_game,
    rate_game,
    rating_key,
    system_for,
)

ANN, BOB, CY = SeatPlayer("Ann", 1), SeatPlayer("Bob", 2), SeatPlayer("Cy", 3)


def game(
    *seats: SeatPlayer, ranks: tuple[int, ...] = (1, 2), plies: int = 40, key: str = "khet/khet2"
) -> FinishedGame:
    system = System.GLICKO2 if len(seats) == 2 and key.startswith("khet") else System.PLACKETT_LUCE
    return FinishedGame(key, system, seats, ranks, plies, "2026-03-01T20:00:00+00:00", "table-1")


def test_keys_and_systems() -> None:
    assert rating_key("khet", {"variant": "khet2", "setup": "classic"}) == "khet/khet2"
    assert rating_key("khet", {"variant": "horus"}) == "khet/horus"
    assert rating_key("othello", {}) == "othello"
    assert rating_key("qwirkle", {"mode": "short"}) == "qwirkle"
    assert system_for(2) is System.GLICKO2
    assert system_for(4) is System.PLACKETT_LUCE
    assert system_for(1) is None


def test_a_two_player_win_and_a_draw() -> None:
    won = rate_game(game(ANN, BOB), {})
    assert isinstance(won, RatedGame)
    ann, bob = won.updates
    assert (ann.player, bob.player) == ("account:1", "account:2")
    assert ann.before == Rating.start(System.GLICKO2)
    assert ann.after.value > 1500 > bob.after.value and ann.after.games == 1
    drawn = rate_game(game(ANN, BOB, ranks=(1, 1)), {"account:1": ann.after, "account:2": bob.after})
    assert isinstance(drawn, RatedGame)
    assert drawn.updates[0].after.value < ann.after.value  # a draw with a weaker player costs points
    assert drawn.updates[0].after.games == 2


def test_three_players_by_plackett_luce() -> None:
    rated = rate_game(game(ANN, BOB, CY, ranks=(2, 1, 3), key="qwirkle"), {})
    assert isinstance(rated, RatedGame)
    by_seat = [update.after.value for update in rated.updates]
    assert by_seat[1] > by_seat[0] > by_seat[2]
    assert all(update.after.system is System.PLACKETT_LUCE for update in rated.updates)


def test_computers_are_rated_only_when_the_club_says_so() -> None:
    level4 = SeatPlayer("Computer", computer="4")
    assert rate_game(game(ANN, level4), {}) is Unrated.COMPUTER
    rated = rate_game(game(ANN, level4, ranks=(2, 1)), {}, RatingRules(computers_count=True))
    assert isinstance(rated, RatedGame)
    assert [u.player for u in rated.updates] == ["account:1", "computer:4"]
    assert SeatPlayer.from_kind("Computer", "computer:4") == level4
    # two computers of one level, or computers alone, are not rated
    twice = game(ANN, level4, level4, ranks=(1, 2, 3), key="qwirkle")
    assert rate_game(twice, {}, RatingRules(computers_count=True)) is Unrated.COMPUTER
    alone = game(level4, SeatPlayer("C", computer="2"))
    assert rate_game(alone, {}, RatingRules(computers_count=True)) is Unrated.NO_ACCOUNT


@pytest.mark.parametrize(
    ("finished", "rules", "why"),
    [
        (game(ANN, BOB), RatingRules(rated=False), Unrated.CLUB_OFF),
        (game(ANN, SeatPlayer("a guest")), RatingRules(), Unrated.GUEST),
        (game(ANN, SeatPlayer("Ann again", 1)), RatingRules(), Unrated.SAME_ACCOUNT),
        # resigned at move 1: nobody's rating moves (a friend cannot hand over points for nothing)
        (game(ANN, BOB, plies=1), RatingRules(), Unrated.TOO_SHORT),
        (game(ANN, BOB, CY, ranks=(1, 2, 3), plies=2, key="qwirkle"), RatingRules(), Unrated.TOO_SHORT),
        (game(ANN, BOB, ranks=(1, 7)), RatingRules(), Unrated.BAD_RESULT),
        # Glicko-2 rates two players, never three
        (
            FinishedGame("khet/khet2", System.GLICKO2, (ANN, BOB, CY), (1, 2, 3), 9, "d"),
            RatingRules(),
            Unrated.BAD_RESULT,
        ),
        (FinishedGame("fiveormore", None, (ANN,), (1,), 10, "d"), RatingRules(), Unrated.NOT_RATED_GAME),
    ],
)
def test_games_not_rated(finished: FinishedGame, rules: RatingRules, why: Unrated) -> None:
    assert rate_game(finished, {}, rules) is why


def test_a_rating_of_another_system_is_not_mixed_in() -> None:
    wrong = {"account:1": Rating.start(System.PLACKETT_LUCE)}
    assert rate_game(game(ANN, BOB), wrong) is Unrated.BAD_RESULT


def test_a_finished_game_from_what_a_table_knows() -> None:
    finished = finished_game(
        game_key="khet",
        options={"variant": "horus", "setup": "classic"},
        max_seats=2,
        names=("Ann", "Computer"),
        kinds=("remote", "computer:4"),
        accounts=(1, None),
        ranks=(2, 1),
        plies=31,
        date="2026-03-01T21:00:00",
        table_id="t9",
    )
    assert finished.game == "khet/horus" and finished.system is System.GLICKO2
    assert finished.seats == (SeatPlayer("Ann", 1), SeatPlayer("Computer", computer="4"))
    rated = rate_game(finished, {}, RatingRules(computers_count=True))
    assert isinstance(rated, RatedGame) and [u.player for u in rated.updates] == ["account:1", "computer:4"]
