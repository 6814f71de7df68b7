"""From a finished game to the rating updates it brings: who is rated, by which system, how.

Pure functions of values: the server describes the game that ended (`FinishedGame`), the store
reads the current ratings of the players `rated_players` names and hands them to `rate_game`, then
writes what comes back, in the transaction that writes the result.

Players are keyed by text: `account:17` for the account numbered 17, `computer:4` for the
computer's level 4 (a pseudo-player per level and game key, so a player can see what "level 4"
means in points). Guests are never rated: a game with a guest at it is not rated at all, since
the others' placings depend on the guest's play too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from ludoteca.ratings.glicko2 import Glicko2
from ludoteca.ratings.plackett_luce import PlackettLuceSystem
from ludoteca.ratings.rating import Rating, System, system_for

ACCOUNT_PREFIX = "account:"
COMPUTER_PREFIX = "computer:"

#: the option that makes a game key's variants different games to rate (Khet 2.0 and Horus,
#: Connect Four and its cascade); other options (Qwirkle's short mode, a board's size) do not
VARIANT_OPTION = "variant"


def account_player(account_id: int) -> str:
    """The player key of an account."""
    return f"{ACCOUNT_PREFIX}{int(account_id)}"


def computer_player(level: str | int) -> str:
    """The player key of the computer at `level` (as `SeatSpec.kind_text` writes it after the colon)."""
    return f"{COMPUTER_PREFIX}{level}"


def account_of(player: str) -> int | None:
    """The account number in a player key, None for a computer."""
    if player.startswith(ACCOUNT_PREFIX) and player[len(ACCOUNT_PREFIX) :].isdigit():
        return int(player[len(ACCOUNT_PREFIX) :])
    return None


def rating_key(game_key: str, options: Mapping[str, object] | None = None) -> str:
    """The key a game is rated under: the game's key, and its variant when it has one
    ("khet/horus", "connect4/cascade", "othello")."""
    variant = (options or {}).get(VARIANT_OPTION)
    return game_key if variant is None or variant == "" else f"{game_key}/{variant}"


@dataclass(frozen=True, slots=True)
class SeatPlayer:
    """Who sat at a seat: a signed-in `account` (its number), a `computer` (its level), or
    neither (a guest). `name` is the name the game was played under, for the history."""

    name: str
    account: int | None = None
    computer: str | None = None

    def __post_init__(self) -> None:
        if self.account is not None and self.computer is not None:
            raise ValueError("a seat holds an account or a computer, not both")

    @staticmethod
    def from_kind(name: str, kind: str, account: int | None = None) -> SeatPlayer:
        """A seat from the results history's words: `kind` "computer:3", "human" or "remote"."""
        if kind.startswith(COMPUTER_PREFIX):
            return SeatPlayer(name, computer=kind[len(COMPUTER_PREFIX) :])
        return SeatPlayer(name, account=account)

    @property
    def player(self) -> str | None:
        """The player key rated for this seat; None for a guest."""
        if self.account is not None:
            return account_player(self.account)
        if self.computer is not None:
            return computer_player(self.computer)
        return None


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A game that ended, as the rating needs it.

    `game` is the rating key (`rating_key`), `system` the game's (`system_for(info.max_seats)`),
    `ranks` per seat (1 best, ties equal: `Outcome.ranks`), `plies` the moves played, `date` when
    it ended (ISO 8601), `table_id` the club table it was played at: one rated game per table, so
    a write tried again after a lost connection rates nothing twice."""

    game: str
    system: System | None
    seats: tuple[SeatPlayer, ...]
    ranks: tuple[int, ...]
    plies: int
    date: str
    table_id: str | None = None


def finished_game(
    *,
    game_key: str,
    options: Mapping[str, object],
    max_seats: int,
    names: Sequence[str],
    kinds: Sequence[str],
    accounts: Sequence[int | None],
    ranks: Sequence[int],
    plies: int,
    date: str,
    table_id: str | None = None,
) -> FinishedGame:
    """A `FinishedGame` from what a server's table knows when its game ends: the game's key,
    options and `GameInfo.max_seats`, per seat the name and kind as the results history keeps
    them (`match.summary.result_fields`: "human", "remote", "computer:3") and the account signed
    in there (None for a guest or a computer), the outcome's ranks and the moves played."""
    if not len(names) == len(kinds) == len(accounts):
        raise ValueError("one name, one kind and one account (or None) per seat")
    seats = tuple(
        SeatPlayer.from_kind(name, kind, account)
        for name, kind, account in zip(names, kinds, accounts, strict=True)
    )
    return FinishedGame(
        rating_key(game_key, options), system_for(max_seats), seats, tuple(ranks), plies, date, table_id
    )


@dataclass(frozen=True, slots=True)
class RatingRules:
    """What a club rates (its settings). `rated`: rated games at all; `computers_count`: games
    with a computer seat are rated too (the computer's level as a pseudo-player);
    `min_rounds`: a game in which fewer than that many moves per seat were played is not rated,
    so a game resigned at once (two friends trading wins) moves nobody's rating; with 1, each
    seat must have moved at least once (a move per seat: its plies at least the seats)."""

    rated: bool = True
    computers_count: bool = False
    min_rounds: int = 1


class Unrated(StrEnum):
    """Why a finished game changes no rating (the word the store and logs use)."""

    CLUB_OFF = "club-off"
    NOT_RATED_GAME = "not-rated-game"
    GUEST = "guest"
    COMPUTER = "computer"
    NO_ACCOUNT = "no-account"
    SAME_ACCOUNT = "same-account"
    TOO_SHORT = "too-short"
    BAD_RESULT = "bad-result"
    #: the game of this table was rated before (a write tried again): nothing changes twice
    ALREADY_RATED = "already-rated"


@dataclass(frozen=True, slots=True)
class RatingUpdate:
    """One player's rating before and after a game, at `seat`."""

    player: str
    seat: int
    before: Rating
    after: Rating


@dataclass(frozen=True, slots=True)
class RatedGame:
    game: FinishedGame
    updates: tuple[RatingUpdate, ...] = field(default=())


#: the constants every club uses (Glickman's τ = 0.5; openskill's defaults)
GLICKO2 = Glicko2()
PLACKETT_LUCE = PlackettLuceSystem()
DEFAULT_RULES = RatingRules()


def rated_players(game: FinishedGame, rules: RatingRules) -> tuple[str, ...] | Unrated:
    """The player key of each seat when the game is to be rated, else why it is not."""
    if not rules.rated:
        return Unrated.CLUB_OFF
    if game.system is None or len(game.seats) < 2:
        return Unrated.NOT_RATED_GAME
    if len(game.ranks) != len(game.seats) or any(
        type(rank) is not int or not 1 <= rank <= len(game.seats) for rank in game.ranks
    ):
        return Unrated.BAD_RESULT
    if game.system is System.GLICKO2 and len(game.seats) != 2:
        return Unrated.BAD_RESULT
    players = [seat.player for seat in game.seats]
    if any(player is None for player in players):
        return Unrated.GUEST
    if any(seat.computer is not None for seat in game.seats) and not rules.computers_count:
        return Unrated.COMPUTER
    if not any(seat.account is not None for seat in game.seats):
        return Unrated.NO_ACCOUNT
    keys = [player for player in players if player is not None]
    accounts = [key for key in keys if key.startswith(ACCOUNT_PREFIX)]
    if len(set(accounts)) != len(accounts):
        return Unrated.SAME_ACCOUNT  # one account at two seats: it could only trade points with itself
    if len(set(keys)) != len(keys):
        # two computers of the same level: one pseudo-player cannot finish both first and last
        return Unrated.COMPUTER
    if game.plies < rules.min_rounds * len(game.seats):
        return Unrated.TOO_SHORT
    return tuple(keys)


def rate_game(
    game: FinishedGame,
    current: Mapping[str, Rating],
    rules: RatingRules = DEFAULT_RULES,
    *,
    glicko2: Glicko2 = GLICKO2,
    plackett_luce: PlackettLuceSystem = PLACKETT_LUCE,
) -> RatedGame | Unrated:
    """The rating updates a finished game brings, from each player's rating before it (`current`,
    by player key; a player missing there starts as a newcomer); or why it brings none."""
    players = rated_players(game, rules)
    if isinstance(players, Unrated):
        return players
    system = game.system
    assert system is not None
    before = [_current(current.get(player), system) for player in players]
    if any(rating is None for rating in before):
        return Unrated.BAD_RESULT  # a player's rating is kept under another system
    ratings = [rating for rating in before if rating is not None]
    after: list[Rating]
    if system is System.GLICKO2:
        first, second = ratings
        new_first, new_second = glicko2.one_game(first.glicko2(), second.glicko2(), score_of(game.ranks, 0))
        after = [
            Rating(system, r.rating, r.deviation, r.volatility, old.games + 1)
            for r, old in ((new_first, first), (new_second, second))
        ]
    else:
        rated = plackett_luce.rate([r.plackett_luce() for r in ratings], game.ranks)
        after = [
            Rating(system, r.mu, r.sigma, None, old.games + 1) for r, old in zip(rated, ratings, strict=True)
        ]
    return RatedGame(
        game,
        tuple(
            RatingUpdate(player, seat, old, new)
            for seat, (player, old, new) in enumerate(zip(players, ratings, after, strict=True))
        ),
    )


def _current(rating: Rating | None, system: System) -> Rating | None:
    if rating is None:
        return Rating.start(system)
    return rating if rating.system is system else None


def score_of(ranks: Sequence[int], seat: int) -> float:
    """A two-player seat's score: 1 a win, 0.5 a draw, 0 a loss."""
    other = ranks[1 - seat]
    return 0.5 if ranks[seat] == other else (1.0 if ranks[seat] < other else 0.0)
