"""Ratings for the club's games: pure mathematics, no I/O.

* `glicko2` — Glicko-2 for two-player games, written here after Glickman's paper.
* `plackett_luce` — games of three or four players, through `openskill`'s Plackett–Luce model.
* `rating` — one `Rating` shape for both, the `System` a game key uses, and how a rating is
  `Shown` with its uncertainty.
* `games` — from a `FinishedGame` to its `RatingUpdate`s (or why it is `Unrated`), with the
  club's `RatingRules`.

The store keeps the ratings (ludoteca.store.accounts); the server describes each game that ends.
"""

from __future__ import annotations

from ludoteca.ratings.games import (
    ACCOUNT_PREFIX,
    COMPUTER_PREFIX,
    FinishedGame,
    RatedGame,
    RatingRules,
    RatingUpdate,
    SeatPlayer,
    Unrated,
    account_of,
    account_player,
    computer_player,
    finished_game,
    rate_game,
    rated_players,
    rating_key,
)
from ludoteca.ratings.glicko2 import Glicko2, Glicko2Rating
from ludoteca.ratings.plackett_luce import PlackettLuceRating, PlackettLuceSystem
from ludoteca.ratings.rating import Rating, Shown, System, system_for

__all__ = [
    "ACCOUNT_PREFIX",
    "COMPUTER_PREFIX",
    "FinishedGame",
    "Glicko2",
    "Glicko2Rating",
    "PlackettLuceRating",
    "PlackettLuceSystem",
    "RatedGame",
    "Rating",
    "RatingRules",
    "RatingUpdate",
    "SeatPlayer",
    "Shown",
    "System",
    "Unrated",
    "account_of",
    "account_player",
    "computer_player",
    "finished_game",
    "rate_game",
    "rated_players",
    "rating_key",
    "system_for",
]
