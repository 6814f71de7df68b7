"""Helpers for the Qwirkle tests: positions written as text, moves in notation."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from ludoteca.games.qwirkle import GAME
from ludoteca.games.qwirkle.notation import parse_move
from ludoteca.games.qwirkle.state import EMPTY, Move, QwirkleState
from ludoteca.games.qwirkle.tiles import SHAPES, Tile, full_set, make, parse_tile

DATA = Path(__file__).resolve().parents[1] / "data"


def position(text: str) -> QwirkleState:
    """A position from the rules.md format; an rng is added so moves can be played on it."""
    if "rng" not in text:
        text += "; rng 7"
    return GAME.parse_position(text, GAME.options())


def tiles(text: str) -> tuple[Tile, ...]:
    found = [parse_tile(token) for token in text.split()]
    assert None not in found, text
    return tuple(t for t in found if t is not None)


def move(state: QwirkleState, text: str) -> Move:
    return parse_move(text, state.hands[state.turn])


def with_hand(state: QwirkleState, seat: int, hand: tuple[Tile, ...]) -> QwirkleState:
    return replace(
        state, hands=tuple(tuple(sorted(hand)) if s == seat else h for s, h in enumerate(state.hands))
    )


def tile_count(state: QwirkleState) -> int:
    return sum(1 for c in state.cells if c != EMPTY) + len(state.bag) + sum(len(h) for h in state.hands)


def tile_multiset_ok(state: QwirkleState) -> bool:
    found = sorted(
        [c for c in state.cells if c != EMPTY] + list(state.bag) + [t for h in state.hands for t in h]
    )
    return found == sorted(full_set(state.mode))


#: the rulebook's shape and colour names → this game's letters and digits (any one-to-one map)
MANUAL_SHAPES = {"square": "C", "circle": "R", "star8": "E", "diamond": "L", "clover": "T", "star4": "X"}
MANUAL_COLOURS = {"orange": 0, "red": 1, "blue": 2, "yellow": 3, "purple": 4, "green": 5}


def manual_example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "qwirkle_manual_example.json").read_text(encoding="utf-8"))
    return data


def manual_tile(entry: dict[str, Any]) -> Tile:
    return make(SHAPES.index(MANUAL_SHAPES[entry["shape"]]), MANUAL_COLOURS[entry["colour"]])


def some_states(seed: int = 2, every: int = 6) -> list[QwirkleState]:
    """States from a random three-player short game, for tests that need variety."""
    chooser = random.Random(seed)
    state = GAME.start(GAME.options({"mode": "short"}), seed, 3)
    out = [state]
    while GAME.to_move(state) is not None:
        legal = GAME.legal_moves(state)
        state = GAME.play(state, legal[chooser.randrange(len(legal))])
        if state.ply % every == 0 or GAME.to_move(state) is None:
            out.append(state)
    return out
