"""What the fuzz tests attack with, and the tally of what they found.

Inputs come in two kinds: anything at all (arbitrary text, arbitrary bytes decoded the ways the
program decodes them), and near misses — a valid move, position or record with a few hostile
edits — which reach much deeper into the readers than random text does. The hostile pieces are
the ones that broke the program once: "²" beside 1 on French keyboards, digits of other scripts,
doubled signs, 5,000-digit numbers, escape sequences, direction overrides, byte-order marks,
bytes that are not UTF-8, quotes and brackets of the record format.
"""

from __future__ import annotations

import copy
import os
import random
import re
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game, implements
from ludoteca.core.registry import declarations
from ludoteca.core.seats import SeatSpec
from ludoteca.match import Match
from ludoteca.store import StoreError

#: LUDOTECA_FUZZ=long runs every attack many times longer (before a release, or overnight)
LONG = os.environ.get("LUDOTECA_FUZZ", "").lower() == "long"

_COMMON: dict[str, Any] = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}
settings.register_profile("fuzz-ci", max_examples=40, **_COMMON)
settings.register_profile("fuzz-long", max_examples=2000, **_COMMON)
#: the settings every fuzz test runs with; other tests keep theirs
FUZZ = settings.get_profile("fuzz-long" if LONG else "fuzz-ci")


def fuzz(weight: float) -> settings:
    """The fuzz settings with `weight` times the examples: cheap attacks (reading one move) run
    more often than dear ones (a whole game in the terminal)."""
    return settings(FUZZ, max_examples=max(1, int(FUZZ.max_examples * weight)))


#: where the attacks' stores live: memory when the system has it (saving syncs to disk, and the
#: attacks save thousands of times)
SCRATCH = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None

#: errors that are answers (a sentence for the user), not crashes
REFUSALS = (LudotecaError, StoreError)

#: hostile pieces, by family, so that each family is tried as often as the others
NUMBERS = (
    "²",
    "³",
    "٣",
    "５",
    "𝟙",
    "½",
    "--5",
    "--",
    "+-1",
    "9" * 5000,
    "9" * 30,
    "0",
    "-1",
    "nan",
    "inf",
    "1e308",
)
CONTROLS = (
    "\x00",
    "\x07",
    "\x1b[2J",
    "\x1b]0;owned\x07",
    "\u202e",
    "\u2066",
    "\u200f",
    "\ufeff",
    "\u2028",
    "\udce9",
)
SYNTAX = ("\n", "\r", "\t", " ", '"', "\\", "[", "]", ";", ".", ",", "=", ":", "/", "-", "+", "x", "*")
#: letters that change under case folding (the Kelvin sign lower-cases to k), and letters
#: no notation uses
LETTERS = ("K", "ſ", "İ", "ß", "é", "李", "👩‍👩‍👧", "A", "Z", "a")
EVIL = NUMBERS + CONTROLS + SYNTAX + LETTERS


# ----- the tally ----------------------------------------------------------------------------
@dataclass
class Row:
    tried: int = 0
    crashes: int = 0
    wrong_state: int = 0
    data_lost: int = 0


TALLY: dict[str, Row] = defaultdict(Row)


@contextmanager
def attack(name: str) -> Iterator[Row]:
    """Count one attack of kind `name`; an exception other than a refusal is a crash."""
    row = TALLY[name]
    row.tried += 1
    try:
        yield row
    except AssertionError:
        raise
    except REFUSALS:
        raise
    except Exception:
        row.crashes += 1
        raise


def check(row: Row, column: str, ok: bool, message: str) -> None:
    """Count a wrong state or lost data, then fail the example with `message`."""
    if not ok:
        setattr(row, column, getattr(row, column) + 1)
    assert ok, message


# ----- the games and their material ---------------------------------------------------------
def game_keys() -> list[str]:
    return [d.key for d in declarations()]


def game(key: str) -> Game[Any, Any]:
    return next(d.game for d in declarations() if d.key == key)


def people(game: Game[Any, Any]) -> tuple[SeatSpec, ...]:
    return tuple(SeatSpec("human") for _seat in range(game.info.default_seats))


@cache
def played_matches(key: str) -> tuple[Match, ...]:
    """Random hot-seat games, some finished, some stopped half-way: the source of the states,
    positions and records the attacks start from."""
    g = game(key)
    matches = []
    for seed in range(6):
        chooser = random.Random(seed)
        match = Match(g, option_mix(g, seed), people(g), seed)
        stop = (10, 25, 60, 400, 3, 400)[seed]
        while not match.over and match.ply < stop:
            match.play(chooser.choice(list(g.legal_moves(match.state))))
        if seed == 2 and not match.over:
            match.resign()  # a record that ends without the rules: Result and Termination tags
        matches.append(match)
    return tuple(matches)


def option_mix(g: Game[Any, Any], seed: int) -> dict[str, Any]:
    """Options that differ from game to game, so variants and switches (Turtles' Bug card,
    Cascade, Recolour) are attacked too: switches on in odd games, choices in turn."""
    for shift in range(len(g.info.options) + 1):
        given: dict[str, Any] = {}
        for spec in g.info.options:
            if isinstance(spec.default, bool):
                given[spec.name] = bool((seed + shift) % 2)
            elif spec.choices and spec.name in ("variant", "mode"):
                given[spec.name] = spec.choices[(seed + shift) % len(spec.choices)]
        try:
            return g.options(given)
        except REFUSALS:
            continue  # a combination the game does not allow
    return g.options()


@cache
def states(key: str) -> tuple[Any, ...]:
    """States from every phase of the games above, each with someone to move."""
    g = game(key)
    found = []
    for match in played_matches(key):
        for state in match.states[:: max(1, len(match.states) // 4)]:
            if g.to_move(state) is not None:
                found.append(state)
    return tuple(found)


@cache
def records(key: str) -> tuple[str, ...]:
    return tuple(match.to_record().dumps() for match in played_matches(key))


@cache
def positions(key: str) -> tuple[str, ...]:
    g = game(key)
    if not implements(g, "position_text"):
        return ()
    return tuple(g.position_text(state) for state in states(key))


@cache
def notation(key: str) -> tuple[str, ...]:
    """One legal move of each shape the game's notation has ("bug red", "add F L", "c3-f7",
    "a1=2", "ebC1 ecC2"…), from every state above: a near miss of a rare shape is as likely as
    one of a common shape."""
    by_shape: dict[str, str] = {}
    for state in states(key):
        for text in legal_texts(key, state):
            shape = re.sub(r"[a-z]+", "a", re.sub(r"[A-Z]", "A", re.sub(r"[0-9]+", "9", text)))
            by_shape.setdefault(shape, text)
    return tuple(by_shape.values())


def legal_texts(key: str, state: Any) -> list[str]:
    g = game(key)
    return [g.format_move(state, move) for move in g.legal_moves(state)]


def snapshot(state: Any) -> Any:
    return copy.deepcopy(state)


# ----- strategies ---------------------------------------------------------------------------
#: any text, surrogates (bytes read with surrogateescape) and control characters included
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=60)
#: bytes decoded the two ways input is decoded: replacing bad bytes, or escaping them
BYTES_AS_TEXT = st.tuples(st.binary(max_size=60), st.sampled_from(["replace", "surrogateescape"])).map(
    lambda pair: pair[0].decode("utf-8", pair[1])
)
EVIL_PIECE = st.one_of(
    *(st.sampled_from(family) for family in (NUMBERS, CONTROLS, SYNTAX, LETTERS)),
    st.text(st.characters(exclude_categories=()), max_size=4),
)

#: one edit: (what, where as a share of the length, a hostile piece)
EDIT = st.tuples(
    st.sampled_from(["insert", "replace", "delete", "double", "word"]), st.floats(0, 1), EVIL_PIECE
)


def mutate(text: str, edits: list[tuple[str, float, str]]) -> str:
    """`text` with the character-level `edits` applied in order."""
    for kind, where, piece in edits:
        i = min(len(text), int(where * (len(text) + 1)))
        if kind == "insert":
            text = text[:i] + piece + text[i:]
        elif kind == "replace":
            text = text[:i] + piece + text[i + 1 :]
        elif kind == "word":
            # a whole word replaced: "bug red" becomes "bug ²", "a1=2" keeps its shape
            words = text.split(" ")
            words[min(len(words) - 1, int(where * len(words)))] = piece
            text = " ".join(words)
        elif kind == "delete":
            text = text[:i] + text[i + 1 + len(piece) % 3 :]
        else:
            text = text[:i] + text[i:] + text[i:]
    return text


#: one edit of a record's lines: (what, which line as a share, a hostile piece)
LINE_EDIT = st.tuples(
    st.sampled_from(["drop", "duplicate", "swap", "insert", "tag value", "number", "edit"]),
    st.floats(0, 1),
    EVIL_PIECE,
)


def mutate_lines(text: str, edits: list[tuple[str, float, str]]) -> str:
    """A record with whole lines dropped, repeated, swapped or rewritten."""
    lines = text.split("\n")
    for kind, where, piece in edits:
        i = min(len(lines) - 1, int(where * len(lines)))
        line = lines[i]
        if kind == "drop":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, line)
        elif kind == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif kind == "insert":
            lines.insert(i, piece)
        elif kind == "tag value" and line.startswith("[") and '"' in line:
            name = line[1:].split(" ", 1)[0]
            lines[i] = f'[{name} "{piece}"]'
        elif kind == "number" and ". " in line:
            lines[i] = piece + line[line.index(". ") :]
        else:
            lines[i] = mutate(line, [("insert", 0.5, piece)])
        if not lines:
            lines = [""]
    return "\n".join(lines)


def near_miss(base: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """A valid text with a few hostile edits."""
    return st.tuples(base, st.lists(EDIT, min_size=1, max_size=4)).map(lambda pair: mutate(*pair))


def numbers_swapped(text: str, limit: int | None = None) -> list[str]:
    """`text` with each run of digits in turn replaced by each hostile number: a seed, a size, a
    score or a move number written the ways that once crashed the readers."""
    runs = list(re.finditer(r"[0-9]+", text))[:limit]
    return [text[: run.start()] + piece + text[run.end() :] for run in runs for piece in NUMBERS]
