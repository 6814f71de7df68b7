"""The game contract.

A game is a stateless object holding the rules; the *state* is a value (a frozen dataclass or any
immutable object) that `play` replaces instead of changing. That single decision makes history,
undo, replay, the network and search trivial and safe.

What a move did (flipped discs, a laser's path, removed balls, tiles drawn) is part of the
resulting state, so front ends animate from data rather than re-simulating the rules.

Chance is drawn only from an `Rng` carried in the state; hidden information is removed in exactly
one place, `view`.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from random import Random
from typing import Generic, TypeVar

from ludoteca.core.errors import IllegalMove, NotationError
from ludoteca.core.grid import Cell, GridPicture
from ludoteca.core.options import Options, OptionSpec, OptionValue, resolve_options
from ludoteca.core.outcome import Outcome
from ludoteca.i18n import N_, Sentence, _, translations

Seat = int
S = TypeVar("S")
M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Static facts about a game, read by the CLI, the menus and the network lobby."""

    key: str
    title: str
    summary: str
    min_seats: int
    max_seats: int
    options: tuple[OptionSpec, ...] = ()
    default_seats: int = 2
    #: dice, shuffled bags, random spawns: all drawn from the state's Rng
    chance: bool = False
    #: some seat may not see everything (hands, decks, face-down programs)
    hidden_information: bool = False
    #: the names under which seats appear when the user does not name them
    seat_names: tuple[str, ...] = (N_("Player 1"), N_("Player 2"), N_("Player 3"), N_("Player 4"))
    extra: Mapping[str, object] = field(default_factory=dict)

    def seat_key(self, seat: int) -> str:
        """The name an unnamed seat is kept under (the score history): the seat's name as declared,
        in English, whatever language is in use, so it can be shown in the reader's language."""
        return self.seat_names[seat] if seat < len(self.seat_names) else str(seat + 1)

    def stored_player(self, seat: int, stored: str) -> str:
        """A player's name as kept for `seat`, in the reader's language: a seat's own name is
        translated (kept in English, or, by older versions, in whatever language was in use then);
        a person's name stays as they typed it."""
        if seat < len(self.seat_names) and stored in translations(self.seat_names[seat]):
            return _(self.seat_names[seat])
        return stored


#: the players' own names, seat by seat (None: unnamed), while a front end has `players_named` them
_player_names: ContextVar[tuple[str | None, ...]] = ContextVar("player_names", default=())


@contextmanager
def players_named(names: Sequence[str | None]) -> Iterator[None]:
    """Within the block, `Game.player_name` names each seat's player by the name given (None
    keeps the seat's name). The rules stay pure functions of the state: they never learn who is
    playing, but the sentences they write for people (a play, the winner) can say "Ann" rather
    than "Player 1" when the match knows it."""
    token = _player_names.set(tuple(names))
    try:
        yield
    finally:
        _player_names.reset(token)


def _given_name(seat: int) -> str | None:
    """The name a front end gave the player at `seat` (`players_named`), if any."""
    names = _player_names.get()
    return names[seat] if seat < len(names) else None


def package_of(game: object) -> str:
    """The package a game's class lives in (where its rules texts and catalogues are)."""
    module = type(game).__module__
    if hasattr(sys.modules.get(module), "__path__"):
        return module  # defined in the package's own __init__
    return module.rsplit(".", 1)[0]


def implements(game: object, method: str) -> bool:
    """Whether `game` gives its own `method` rather than the contract's default (optional parts:
    `evaluate`, `grid`, `position_text`…)."""
    return getattr(type(game), method, None) is not getattr(Game, method)


class Game(ABC, Generic[S, M]):
    """The rules of one game. Subclasses fill in the abstract methods; the rest has safe defaults.

    Every method is a pure function of its arguments: no I/O, no global randomness.
    """

    info: GameInfo

    # ----- starting -------------------------------------------------------------------------
    def options(self, given: Mapping[str, OptionValue] | None = None) -> dict[str, OptionValue]:
        """Resolve user options (text or values) against `info.options`; raises OptionError."""
        resolved = resolve_options(self.info.options, given or {})
        self.validate(resolved)
        return resolved

    def validate(self, options: Options) -> None:
        """Checks spanning several options (raise OptionError). Default: none."""

    @abstractmethod
    def start(self, options: Options, seed: int, seats: int) -> S:
        """The initial state for `seats` players; all chance comes from `seed`."""

    # ----- playing --------------------------------------------------------------------------
    @abstractmethod
    def to_move(self, state: S) -> Seat | None:
        """The seat that decides next, or None once the game is over."""

    @abstractmethod
    def legal_moves(self, state: S) -> Sequence[M]:
        """Every legal move (a forced pass is a move). Empty exactly when the game is over."""

    @abstractmethod
    def play(self, state: S, move: M) -> S:
        """The state after `move`; raises IllegalMove with a sentence a player can read."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    @abstractmethod
    def seat_count(self, state: S) -> int:
        """How many seats this game has."""

    def is_over(self, state: S) -> bool:
        return self.to_move(state) is None

    # ----- notation -------------------------------------------------------------------------
    @abstractmethod
    def format_move(self, state: S, move: M) -> str:
        """The move in the game's notation; `parse_move(state, format_move(state, m)) == m`."""

    @abstractmethod
    def parse_move(self, state: S, text: str) -> M:
        """Read a move; raises NotationError when the text is not a move of this game."""

    def public_move_text(self, state: S, move: M, viewer: Seat | None) -> str:
        """The move as `viewer` may read it (None: anyone at the table), played from `state`: its
        notation with what is secret from the viewer written `?` (cards put face down, tiles given
        back to the bag). What saves show and export while a game goes on, and how a computer's move
        is announced. Default: the notation itself."""
        return self.format_move(state, move)

    def hides_secret(self, before: S, after: S) -> bool:
        """Whether the move from `before` to `after` gave its mover something the other players may
        not see (tiles drawn into a hidden hand, cards put face down). Undo at a shared screen never
        takes such a move back for someone else, since that would show it. Default: every move of a
        game with hidden information."""
        return self.info.hidden_information

    def move_group(self, state: S, move: M) -> str:
        """The heading `move` is listed under when a player asks for the legal moves (the
        terminal's `moves`): what it plays or moves — a piece's square, the tiles laid, the kind of
        action — in words of the notation, so `moves KEY` can ask for that group alone. Every move
        sharing it is shown together. Default: the first word of the move's notation ("wall" for
        "wall ice d2"); a game whose moves are one word each groups them by what they move."""
        words = self.format_move(state, move).split()
        return words[0] if words else ""

    def read_move(self, state: S, text: str) -> M:
        """Parse and check legality in one go (what front ends call with user input)."""
        move = self.parse_move(state, text)
        if move not in self.legal_moves(state):
            # play() knows the precise reason; let it say it.
            self.play(state, move)
            raise IllegalMove(_("{move} is not a legal move here").format(move=text.strip()))
        return move

    def position_text(self, state: S) -> str:
        """A position as text (for perft/solve/setups); optional."""
        raise NotationError(_("{title} has no position format").format(title=_(self.info.title)))

    def parse_position(self, text: str, options: Options) -> S:
        raise NotationError(_("{title} has no position format").format(title=_(self.info.title)))

    # ----- seats, views, draws --------------------------------------------------------------
    def seat_name(self, state: S, seat: Seat) -> str:
        """The colour or role of a seat ("Black", "Silver")."""
        return _(self.info.seat_names[seat])

    def player_name(self, state: S, seat: Seat) -> str:
        """Who sits at `seat`, as sentences about the play name them: the player's own name when
        a front end gave it (`players_named`), else the seat's name. Games whose seats have no
        meaning of their own ("Player 1") name their players with it."""
        return _given_name(seat) or self.seat_name(state, seat)

    def player_word(self, state: S, seat: Seat) -> str | Sentence:
        """`player_name` for a `Sentence` (an outcome's reason): the player's own name as typed,
        else the seat's name, kept untranslated so each reader words it in their language."""
        name = _given_name(seat)
        if name:
            return name
        return Sentence(self.info.seat_names[seat]) if seat < len(self.info.seat_names) else str(seat + 1)

    def view(self, state: S, seat: Seat | None) -> S:
        """What `seat` may know (None = a spectator). The only door hidden information leaves by:
        the AI, the front ends, the network and saved games shown to a player all use it."""
        return state

    def determinize(self, view: S, seat: Seat, rng: Random) -> S:
        """A full state consistent with `view` (for search with hidden information and chance):
        hidden tiles/cards sampled from what `seat` cannot see. Perfect-information games return
        the view itself."""
        return view

    def can_claim_draw(self, state: S) -> bool:
        """Whether the seat to move may claim a draw now (e.g. threefold repetition)."""
        return False

    def claim_draw(self, state: S) -> Outcome:
        if not self.can_claim_draw(state):
            raise IllegalMove(_("no draw can be claimed in this position"))
        return Outcome.draw(self.seat_count(state), Sentence(N_("draw claimed")))

    def resign(self, state: S, seat: Seat) -> Outcome:
        """The outcome when `seat` resigns: it is ranked last, everyone else shares first place."""
        seats = self.seat_count(state)
        name = self.player_word(state, seat)
        if seats == 1:
            return Outcome((1,), Sentence(N_("{name} stopped the game"), name=name), self.scores(state))
        # ranked as competitions rank a tie: the others share first place, so the last is `seats`
        # (3 of 3, never 2), the only form a record's result may take
        ranks = tuple(seats if s == seat else 1 for s in range(seats))
        return Outcome(ranks, Sentence(N_("{name} resigned"), name=name), self.scores(state))

    def scores(self, state: S) -> tuple[int, ...] | None:
        """Running scores per seat for games that keep score; None otherwise."""
        return None

    # ----- describing ---------------------------------------------------------------------
    def describe_last(self, state: S) -> str:
        """A sentence on what the last move did (flips, beam, removals), for status bars."""
        return ""

    def rules_text(self) -> str:
        """The rules for players (`ludoteca rules KEY`): the package's `rules.<language>.md` when
        there is one for the current language, else its `rules.md`."""
        from importlib import resources

        from ludoteca.i18n import language

        package = package_of(self)
        for name in (f"rules.{language()}.md", "rules.md"):
            try:
                return resources.files(package).joinpath(name).read_text(encoding="utf-8")
            except (FileNotFoundError, ModuleNotFoundError):
                continue
        return _(self.info.summary)

    # ----- a board as a grid (optional) -----------------------------------------------------
    def grid(self, state: S) -> GridPicture | None:
        """The board as a grid of pieces, for the generic terminal and window boards (see
        `core.grid`). None (the default) when the game draws its own boards."""
        return None

    def move_at(self, state: S, cell: Cell) -> M | None:
        """The move a click on `cell` of `grid(state)` plays, or None when that cell plays nothing."""
        return None

    # ----- hooks for search -------------------------------------------------------------------
    def evaluate(self, state: S, seat: Seat) -> float:
        """A heuristic value of `state` for `seat` (bigger is better), used by generic search.
        Games without one are searched by MCTS/random playouts instead."""
        raise NotImplementedError

    def ordered_moves(self, state: S) -> Sequence[M]:
        """The legal moves, most promising first (captures, threats…), for search. Same set as
        `legal_moves`; the default keeps the rules' order."""
        return self.legal_moves(state)

    def candidate_moves(self, state: S) -> Sequence[M]:
        """The moves a search looks at in `state`, most promising first: a part of `legal_moves`
        that may leave out moves not worth a thought (on a wide board, the cells far from every
        stone), never empty while the game goes on. For search only: a move left out is still
        legal, and a player may play it. Default: `ordered_moves`, every legal move."""
        return self.ordered_moves(state)

    def state_key(self, state: S) -> Hashable:
        """A hashable key identifying the position for transposition tables (the state itself
        by default; games with fast engines return a Zobrist hash or their bitboards)."""
        return state
