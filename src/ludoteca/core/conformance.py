"""The checks every game must pass, whoever wrote it: one implementation for Ludoteca's test suite
(`tests/test_conformance.py` runs them on every game of the shelf) and for `ludoteca check GAME`,
which runs them on an installed game package without a checkout of Ludoteca.

Random legal playouts end and keep `to_move`, `legal_moves` and `outcome` in agreement; `play`
never changes its argument; the same seed gives the same game; notation round-trips; records
replay to the same state; views strip the random generator and are stable; the move reader
answers any text with a move or a sentence (a short, seeded fuzz). Each check raises
`ContractBroken` with a sentence for the game's author; it is an `AssertionError`, so pytest
shows it as a failed assertion.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.outcome import Outcome
from ludoteca.core.record import Record, replay
from ludoteca.core.rng import Rng
from ludoteca.core.seats import SeatSpec
from ludoteca.i18n import _

#: enough to end every game on the shelf from a random playout, or to test a long one
MAX_PLIES = 400


class ContractBroken(AssertionError):
    """A game does not keep the contract; the message says which part and where."""


def require(ok: bool, message: str) -> None:
    if not ok:
        raise ContractBroken(message)


@dataclass(frozen=True)
class Case:
    """One way to start the game: its options and its number of seats."""

    options: dict[str, Any]
    seats: int

    def label(self, game: Game[Any, Any]) -> str:
        values = "-".join(str(v) for v in self.options.values())
        return f"{game.info.key}-{values}-{self.seats}p" if values else f"{game.info.key}-{self.seats}p"


def seat_counts(game: Game[Any, Any]) -> list[int]:
    return sorted({game.info.min_seats, game.info.default_seats, game.info.max_seats})


def variants(game: Game[Any, Any]) -> list[dict[str, Any]]:
    """The default options, each choice of a 'variant' option, and each on/off option turned the
    other way from the default (a rule behind a switch, such as Hex's swap, is checked too; a
    switch that does not apply alone is left out)."""
    specs = {spec.name: spec for spec in game.info.options}
    if "variant" in specs and specs["variant"].choices:
        found = [game.options({"variant": v}) for v in specs["variant"].choices]
    else:
        found = [game.options()]
    for spec in game.info.options:
        if not isinstance(spec.default, bool):
            continue
        try:
            flipped = game.options({spec.name: not spec.default})
        except LudotecaError:
            continue
        if flipped not in found:
            found.append(flipped)
    return found


def cases(game: Game[Any, Any]) -> list[Case]:
    return [Case(options, seats) for options in variants(game) for seats in seat_counts(game)]


def playout(
    game: Game[Any, Any], options: dict[str, Any], seats: int, seed: int
) -> tuple[list[Any], list[str]]:
    """A random legal game from `seed` (its states and moves), checking the contract at each ply."""
    chooser = random.Random(seed)
    state = game.start(options, seed, seats)
    states, moves = [state], []
    for _ply in range(MAX_PLIES):
        seat = game.to_move(state)
        legal = list(game.legal_moves(state))
        require(
            (seat is None) == (not legal),
            _("legal_moves must be empty exactly when the game is over (to_move is None)"),
        )
        require(
            (seat is None) == (game.outcome(state) is not None),
            _("to_move must be None exactly when outcome is not None"),
        )
        if seat is None:
            break
        move = chooser.choice(legal)
        moves.append(game.format_move(state, move))
        before = copy.deepcopy(state)
        state = game.play(state, move)
        require(before == states[-1], _("play must not change the state it is given"))
        states.append(state)
    return states, moves


def check_playouts(game: Game[Any, Any], options: dict[str, Any], seats: int) -> None:
    """Random playouts keep the contract, end with a sound outcome, and replay from their seed."""
    for seed in (1, 2):
        states, _moves = playout(game, options, seats, seed)
        final = states[-1]
        outcome = game.outcome(final)
        if outcome is not None:
            require(isinstance(outcome, Outcome), _("outcome must return an Outcome or None"))
            require(
                len(outcome.ranks) == game.seat_count(final) == seats,
                _("an outcome ranks every seat, and seat_count is the number of seats the game began with"),
            )
            require(bool(str(outcome.reason)), _("an outcome needs a reason a player can read"))
        again, _again_moves = playout(game, options, seats, seed)
        require(again == states, _("the same seed and the same moves must give the same game"))


def check_notation(game: Game[Any, Any], options: dict[str, Any], seats: int) -> None:
    """`parse_move(format_move(m)) == m`, and every move has a group of words (`moves KEY`)."""
    states, _moves = playout(game, options, seats, 3)
    for state in states[:: max(1, len(states) // 12)]:
        legal = list(game.legal_moves(state))
        for move in random.Random(0).sample(legal, min(len(legal), 40)):
            text = game.format_move(state, move)
            try:
                again = game.parse_move(state, text)
            except LudotecaError as err:
                raise ContractBroken(
                    _("parse_move does not read back the notation {text!r}: {error}").format(
                        text=text, error=err
                    )
                ) from err
            require(again == move, _("parse_move does not read back the notation {text!r}").format(text=text))
            group = game.move_group(state, move)
            require(
                isinstance(group, str) and bool(group.split()) and "\n" not in group,
                _("move_group of {text!r} must be one line of words, not {group!r}").format(
                    text=text, group=group
                ),
            )


def check_candidates(game: Game[Any, Any], options: dict[str, Any], seats: int) -> None:
    """`candidate_moves` (for search) is a part of the legal moves, and never empty while the game
    goes on: a search that found nothing to play would have no move to give."""
    states, _moves = playout(game, options, seats, 9)
    for state in states[:: max(1, len(states) // 12)]:
        if game.to_move(state) is None:
            continue
        legal = list(game.legal_moves(state))
        candidates = list(game.candidate_moves(state))
        require(bool(candidates), _("candidate_moves is empty while the game goes on"))
        for move in candidates:
            require(
                move in legal,
                _("candidate_moves gives {text!r}, which is not a legal move").format(
                    text=game.format_move(state, move)
                ),
            )


def check_records(game: Game[Any, Any], options: dict[str, Any], seats: int) -> None:
    """A record of a random game, written and read back, replays to the same final state."""
    seed = 4
    states, moves = playout(game, options, seats, seed)
    outcome = game.outcome(states[-1])
    record = Record(
        game.info.key,
        seed,
        options,
        tuple(SeatSpec() for _ in range(seats)),
        moves,
        result=outcome.result_tag() if outcome else None,
        scores=outcome.scores if outcome else None,
    )
    text = record.dumps()
    loaded = Record.loads(text)
    require(loaded.game == game.info.key, _("a record must name the game's key"))
    replayed = replay(game, loaded, text)
    require(
        replayed[-1] == states[-1] and len(replayed) == len(states),
        _("a record replayed through the rules must end in the same state"),
    )


def contains_rng(value: Any, depth: int = 0) -> bool:
    """Whether `value` (a state, a view) carries a random generator somewhere inside."""
    if isinstance(value, Rng):
        return True
    if depth > 6:
        return False
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(contains_rng(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value))
    if isinstance(value, (tuple, list, frozenset, set)):
        return any(contains_rng(v, depth + 1) for v in list(value)[:50])
    if isinstance(value, dict):
        return any(contains_rng(v, depth + 1) for v in list(value.values())[:50])
    return False


def check_views(game: Game[Any, Any], options: dict[str, Any], seats: int) -> None:
    """Views are stable, hide chance, and agree with `determinize` on the seat's legal moves."""
    states, _moves = playout(game, options, seats, 5)
    for state in states[:: max(1, len(states) // 6)]:
        for seat in [None, *range(seats)]:
            view = game.view(state, seat)
            require(game.view(view, seat) == view, _("a view of a view must change nothing"))
            if game.info.chance:
                require(not contains_rng(view), _("a view must not carry the random generator"))
            if seat is not None and game.to_move(state) == seat:
                world = game.determinize(view, seat, random.Random(1))
                require(game.view(world, seat) == view, _("determinize must agree with what the seat sees"))
                require(
                    [game.format_move(view, m) for m in game.legal_moves(view)]
                    == [game.format_move(world, m) for m in game.legal_moves(world)],
                    _("the seat's legal moves must not depend on what it cannot see"),
                )


def check_info(game: Game[Any, Any]) -> None:
    """The static facts hold together and the rules can be read."""
    info = game.info
    require(
        1 <= info.min_seats <= info.default_seats <= info.max_seats <= 4,
        _("seats must satisfy 1 ≤ min_seats ≤ default_seats ≤ max_seats ≤ 4"),
    )
    require(bool(game.rules_text().strip()), _("the rules text is empty"))
    names = [spec.name for spec in info.options]
    require(len(names) == len(set(names)), _("two options have the same name"))
    for spec in info.options:
        require(
            spec.parse(spec.default) == spec.default,
            _("the default of the option {name} does not read back").format(name=spec.name),
        )


# ----- a short fuzz of the move reader ------------------------------------------------------------
#: pieces of text that have broken move readers: numbers of every kind, controls, syntax, letters
#: that change length when their case does
HOSTILE = (
    "",
    " ",
    "0",
    "-1",
    "99999999999999999999",
    "1e9",
    "²",
    "٣",
    "½",
    "\x00",
    "\n",
    "\t",
    "\u200b",
    "\ufeff",
    "\udcff",
    "ß",
    "İ",
    "ﬁ",
    "李",
    "👩‍👩‍👧",
    "[",
    "]",
    '"',
    ";",
    ":",
    "-",
    "=",
    "x",
    ".",
    ",",
)


def near_misses(text: str, rng: random.Random, count: int) -> Iterator[str]:
    """`count` edits of a legal move's notation: a character dropped, doubled, swapped for a
    hostile piece, the case changed, the whole repeated."""
    for _i in range(count):
        if not text:
            yield rng.choice(HOSTILE)
            continue
        at = rng.randrange(len(text) + 1)
        kind = rng.randrange(6)
        if kind == 0:
            yield text[:at] + text[at + 1 :]
        elif kind == 1:
            yield text[:at] + text[at - 1 : at] + text[at:]
        elif kind == 2:
            yield text[:at] + rng.choice(HOSTILE) + text[at + 1 :]
        elif kind == 3:
            yield text.swapcase()
        elif kind == 4:
            yield text + " " + text
        else:
            yield "".join(rng.choice(HOSTILE) for _j in range(rng.randrange(1, 5)))


def fuzz_move_reader(game: Game[Any, Any], options: dict[str, Any], seats: int, tries: int = 300) -> None:
    """The move reader answers any text with a move or a sentence (`LudotecaError`), never with a
    crash or a changed state; what `read_move` accepts is legal and reads back the same."""
    rng = random.Random(11)
    states, _moves = playout(game, options, seats, 8)
    playing = [s for s in states if game.to_move(s) is not None] or states[:1]
    for index in range(tries):
        state = playing[index % len(playing)]
        legal = [game.format_move(state, m) for m in game.legal_moves(state)]
        base = rng.choice(legal) if legal else ""
        text = next(near_misses(base, rng, 1))
        before = copy.deepcopy(state)
        for reader in (game.parse_move, game.read_move):
            try:
                move = reader(state, text)
            except LudotecaError:
                continue
            except Exception as err:  # anything else is the crash this fuzz looks for
                raise ContractBroken(
                    _("reading {text!r} as a move raised {error} instead of a NotationError").format(
                        text=text, error=f"{type(err).__name__}: {err}"
                    )
                ) from err
            if reader == game.read_move:
                require(
                    move in game.legal_moves(state),
                    _("read_move accepted {text!r} as an illegal move").format(text=text),
                )
                require(
                    game.read_move(state, game.format_move(state, move)) == move,
                    _("{text!r} was read as a move whose notation does not read back").format(text=text),
                )
        require(state == before, _("reading {text!r} changed the state").format(text=text))


#: a check run on one case: `check(game, options, seats)`, raising ContractBroken
CaseCheck = Callable[[Game[Any, Any], dict[str, Any], int], None]

#: every check run on each case, by name (the names `ludoteca check` prints)
CASE_CHECKS: dict[str, CaseCheck] = {
    "playouts": check_playouts,
    "notation": check_notation,
    "candidate moves": check_candidates,
    "records": check_records,
    "views": check_views,
    "move reader fuzz": fuzz_move_reader,
}
