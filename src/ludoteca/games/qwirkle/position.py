"""Positions as text (see "Position format" in rules.md): for tools, tests and records."""

from __future__ import annotations

from collections import Counter

from ludoteca.core.errors import NotationError
from ludoteca.core.rng import Rng
from ludoteca.core.text import read_int
from ludoteca.games.qwirkle.lines import LETTERS, square_text
from ludoteca.games.qwirkle.state import EMPTY, QwirkleState
from ludoteca.games.qwirkle.tiles import COPIES, HIDDEN, Tile, parse_tile, tile_text
from ludoteca.i18n import _

_ENDINGS = ("out", "blocked", "stuck")
#: every field a position may hold (a misspelt one is refused rather than silently ignored)
_FIELDS = (
    "size",
    "mode",
    "turn",
    "scores",
    "board",
    "hand",
    "bag",
    "rng",
    "starter",
    "ply",
    "passes",
    "ended",
    "opening",
)


def position_text(state: QwirkleState) -> str:
    board = " ".join(
        square_text(r, c) + tile_text(state.at(r, c))
        for r in range(state.rows)
        for c in range(state.cols)
        if state.at(r, c) != EMPTY
    )
    fields = [
        f"size {state.rows}x{state.cols}",
        f"mode {state.mode}",
        f"turn {state.turn}",
        "scores " + " ".join(str(s) for s in state.scores),
        "board " + board,
        *("hand " + " ".join(tile_text(t) for t in hand) for hand in state.hands),
        "bag " + " ".join(tile_text(t) for t in state.bag),
    ]
    if state.rng is not None:
        fields.append(f"rng {state.rng.state}")
    fields.append(f"ply {state.ply}")
    fields.append(f"passes {state.passes}")
    fields.append(f"starter {state.starter}")
    fields.append(f"opening {state.opening}")
    if state.ended:
        fields.append(f"ended {state.ended}")
    return "; ".join(f.rstrip() for f in fields)


def parse_position(text: str) -> QwirkleState:
    values: dict[str, str] = {}
    hands: list[tuple[Tile, ...]] = []
    for field in text.split(";"):
        key, _sep, value = field.strip().partition(" ")
        key, value = key.lower(), value.strip()
        if not key:
            continue
        if key not in _FIELDS:
            raise NotationError(
                _("{key!r} is not a field of a position; the fields are: {names}").format(
                    key=key, names=", ".join(_FIELDS)
                )
            )
        if key == "hand":
            hands.append(tuple(sorted(_tiles(value))))
        elif key in values:
            raise NotationError(_("the field {key} appears twice in the position").format(key=key))
        else:
            values[key] = value
    missing = [k for k in ("size", "mode", "turn", "scores", "board", "bag") if k not in values]
    if missing:
        raise NotationError(_("the position lacks the field(s): {names}").format(names=", ".join(missing)))
    rows, cols = _size(values["size"])
    mode = values["mode"]
    if mode not in COPIES:
        raise NotationError(_("the mode must be normal or short, not {mode!r}").format(mode=mode))
    if not 2 <= len(hands) <= 4:
        raise NotationError(_("a position needs one hand field per player (2 to 4)"))
    cells = [EMPTY] * (rows * cols)
    for token in values["board"].split():
        r, c = LETTERS.find(token[:1]), LETTERS.find(token[1:2])
        tile = parse_tile(token[2:])
        if len(token) != 4 or tile is None or not (0 <= r < rows and 0 <= c < cols):
            raise NotationError(_("{token!r} is not a tile on this board").format(token=token))
        cells[r * cols + c] = tile
    scores = tuple(_number(s, "scores") for s in values["scores"].split())
    if len(scores) != len(hands):
        raise NotationError(_("give one score per player"))
    turn = _number(values["turn"], "turn")
    if not 0 <= turn < len(hands):
        raise NotationError(_("turn must name a player from 0 to {n}").format(n=len(hands) - 1))
    ended = values.get("ended") or None
    if ended is not None and ended not in _ENDINGS:
        raise NotationError(_("ended must be one of: {names}").format(names=", ".join(_ENDINGS)))
    rng = Rng(_number(values["rng"], "rng")) if "rng" in values else None
    bag = _tiles(values["bag"])
    seen = Counter(t for t in cells if t != EMPTY)
    seen.update(bag)
    for hand in hands:
        seen.update(hand)
    for tile, n in seen.items():
        if tile != HIDDEN and n > COPIES[mode]:
            raise NotationError(
                _("the position holds {n} tiles {code}; {mode} mode has {copies}").format(
                    n=n, code=tile_text(tile), mode=mode, copies=COPIES[mode]
                )
            )
    return QwirkleState(
        rows=rows,
        cols=cols,
        mode=mode,
        cells=tuple(cells),
        hands=tuple(hands),
        bag=tuple(bag),
        rng=rng,
        scores=scores,
        turn=turn,
        starter=_number(values.get("starter", "0"), "starter"),
        ply=_number(values.get("ply", "0"), "ply"),
        passes=_number(values.get("passes", "0"), "passes"),
        ended=ended,
        opening=_number(values.get("opening", "0"), "opening"),
    )


def _tiles(text: str) -> list[Tile]:
    out: list[Tile] = []
    for token in text.split():
        tile = HIDDEN if token == "??" else parse_tile(token)
        if tile is None:
            raise NotationError(_("{token!r} is not a tile (e.g. C1, or ?? when hidden)").format(token=token))
        out.append(tile)
    return out


def _size(text: str) -> tuple[int, int]:
    rows_text, _x, cols_text = text.lower().partition("x")
    if not _x:
        raise NotationError(_("size must look like 12x26, not {text!r}").format(text=text))
    rows = read_int(rows_text, _("the number of rows"), low=1, high=26)
    cols = read_int(cols_text, _("the number of columns"), low=1, high=26)
    return rows, cols


def _number(text: str, name: str) -> int:
    return read_int(text, name, low=0)
