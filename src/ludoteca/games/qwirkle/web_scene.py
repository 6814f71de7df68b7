"""Qwirkle in the web client: the scene `web/draw.js` draws for one seat.

The page runs no rules, yet lights the squares a tile may go to while the player lays a play
square by square, and shows what the play scores before it is sent. So the scene carries, for the
seat to move only, every legal placement of its hand, read from the rules' own move generator and
folded so that it stays small: plays that cover the same squares with the same tiles differ only
in which tile lies where, and score the same (a line's score is its length, a Qwirkle bonus its
length too). Each fold is sent once, with the tiles each of its squares may take there (those
found there in some legal play). A tile may go on a square exactly when the tiles already put down
and this one can be completed to one of those plays, each remaining tile on a square that takes
it: a matching of at most six squares, which the page tries out. A hand of six tiles of one colour
next to an open board has some 30,000 plays; they fold into about a thousand.

On the empty board the plays are the same wherever they lie, so the scene lists the sets of tiles
that may open (each with its score) instead; the page lays them along one row or column.

Everything here is read from the seat's view: its own hand, the board, the counts of the other
hands and of the bag, and the tiles it has not seen (`strategy.unseen_counts`, as the window's
panel counts them). Tiles are written in the notation (`C1`), squares as [row, column], with the
notation's letters given to name them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from ludoteca.core.errors import IllegalMove
from ludoteca.core.game import Seat
from ludoteca.games.qwirkle import movegen
from ludoteca.games.qwirkle.game import QwirkleGame
from ludoteca.games.qwirkle.lines import END_BONUS, LETTERS
from ludoteca.games.qwirkle.notation import format_move
from ludoteca.games.qwirkle.state import EMPTY, PASS, Exchange, LastPlay, Place, QwirkleState
from ludoteca.games.qwirkle.strategy import unseen_counts
from ludoteca.games.qwirkle.tiles import HIDDEN, KINDS, SHAPES, TILE_TYPES, Tile, make, tile_text
from ludoteca.i18n import N_

#: the words only the page says (its others are the rules' and the window's own: "Play +{n}",
#: "Exchange {n} tile", tile names…), so that the catalogues carry them to /words/<lang>.json
WORDS: Final = (
    N_("Choose a tile of your hand, then a lit square."),
    N_("Put the tile on a lit square."),
    N_("This tile cannot go anywhere with the tiles put down."),
    N_("Not playable yet: add tiles, or take some back."),
    N_("Choose the tiles to give back, then Exchange."),
    N_("None of your tiles can be placed: exchange some."),
    N_("Take the tiles back"),
    N_("Your hand"),
)

#: empty squares framed round the tiles (the squares the mover may reach are framed too)
MARGIN = 1
#: the empty board is shown as this many squares each way from its middle (a line of six fits)
OPENING_REACH = 3


Square = tuple[int, int]


def scene(game: QwirkleGame, view: QwirkleState, seat: Seat | None, to_move: Seat | None) -> dict[str, Any]:
    """What the page draws for `seat`; the choices only when `seat` is the one to move."""
    own = view.hands[seat] if seat is not None and 0 <= seat < view.seats else None
    if own is not None and HIDDEN in own:
        own = None  # not this seat's view after all: show no hand rather than guess
    moving = own is not None and seat == to_move and seat == view.turn and view.ended is None
    choices = _choices(game, view) if moving else None
    reach = [square for play in choices["plays"] for square in play["squares"]] if choices else []
    return {
        "form": "qwirkle",
        "rows": view.rows,
        "cols": view.cols,
        # the notation's names of rows and columns, and its shape letters in drawing order
        "letters": LETTERS[: max(view.rows, view.cols)],
        "shapes": SHAPES,
        "area": _area(view, reach),
        "board": [
            [r, c, tile_text(view.at(r, c))]
            for r in range(view.rows)
            for c in range(view.cols)
            if view.at(r, c) != EMPTY
        ],
        "last": _last(view),
        "scores": list(view.scores),
        "hand_sizes": [len(hand) for hand in view.hands],
        "hand": None if own is None else [tile_text(t) for t in own],
        "bag": len(view.bag),
        "unseen": _unseen(view, own or ()),
        "choices": choices,
    }


def _area(view: QwirkleState, reach: list[list[int]]) -> list[int]:
    """[top, left, bottom, right], inclusive: the tiles with a margin, and every square a play of
    the mover may cover; the middle of the board while it is empty."""
    rows = [r for r in range(view.rows) for c in range(view.cols) if view.at(r, c) != EMPTY]
    cols = [c for r in range(view.rows) for c in range(view.cols) if view.at(r, c) != EMPTY]
    if rows:
        top, bottom = min(rows) - MARGIN, max(rows) + MARGIN
        left, right = min(cols) - MARGIN, max(cols) + MARGIN
    else:
        top, bottom = view.rows // 2 - OPENING_REACH, view.rows // 2 + OPENING_REACH
        left, right = view.cols // 2 - OPENING_REACH, view.cols // 2 + OPENING_REACH
    for r, c in reach:
        top, bottom, left, right = min(top, r), max(bottom, r), min(left, c), max(right, c)
    return [max(0, top), max(0, left), min(view.rows - 1, bottom), min(view.cols - 1, right)]


def _last(view: QwirkleState) -> dict[str, Any] | None:
    last: LastPlay | None = view.last
    if last is None:
        return None
    shown: dict[str, Any] = {"seat": last.seat, "kind": last.kind}
    if last.kind == "place":
        parts = [str(n) for n in last.lines] + ([str(last.end_bonus)] if last.end_bonus else [])
        shown.update(
            squares=[[r, c] for r, c, _t in last.placed],
            play=format_move(Place(last.placed)),
            score=last.score,
            parts="+".join(parts),
            qwirkles=last.qwirkles,
            end_bonus=last.end_bonus,
            total=view.scores[last.seat],
        )
    elif last.kind == "exchange":
        shown["tiles"] = len(last.exchanged)  # how many only: which tiles is the mover's secret
    return shown


def _unseen(view: QwirkleState, own: tuple[Tile, ...]) -> list[list[int]]:
    """Copies not seen yet by this seat, by colour (rows) and shape (columns)."""
    left = unseen_counts(view, own)
    return [[left[make(shape, colour)] for shape in range(KINDS)] for colour in range(KINDS)]


@lru_cache(maxsize=16)
def _choices(game: QwirkleGame, view: QwirkleState) -> dict[str, Any]:
    """What the seat to move may do (kept: a table sends the same scene again when someone comes
    or goes)."""
    hand = view.hands[view.turn]
    try:
        game.check(view, Exchange.of(hand[:1]))
        exchange = min(len(hand), len(view.bag))
    except IllegalMove:
        exchange = 0
    try:
        game.check(view, PASS)
        may_pass = True
    except IllegalMove:
        may_pass = False
    empty = view.board_empty
    return {
        "plays": [] if empty else _plays(view, hand),
        "opening": _opening(game, view, hand) if empty else None,
        "exchange": exchange,
        "pass": may_pass,
    }


def _plays(view: QwirkleState, hand: tuple[Tile, ...]) -> list[dict[str, Any]]:
    """Every legal placement, folded (see the module's text)."""
    # by its squares and the set of its tiles (a bit mask: a play never holds a tile twice)
    folds: dict[tuple[tuple[Square, ...], int], tuple[int, list[set[Tile]]]] = {}
    # the move generator's scores, end bonus included, as the computer players count them (it is
    # tested against `score_play`, which would cost as much again as finding the plays)
    bonus = END_BONUS if not view.bag else 0
    for play, score in movegen.placements_on(movegen.info_of(view), hand, bonus):
        placed = play.tiles
        mask = 0
        for _r, _c, tile in placed:
            mask |= 1 << tile
        key = (tuple([(r, c) for r, c, _t in placed]), mask)
        fold = folds.get(key)
        if fold is None:
            fold = folds[key] = (score, [set() for _square in placed])
        for there, placement in zip(fold[1], placed, strict=True):
            there.add(placement[2])
    shown = []
    for (squares, mask), (score, found) in folds.items():
        tiles = [t for t in range(TILE_TYPES) if mask >> t & 1]
        shown.append(
            {
                "squares": [[r, c] for r, c in squares],
                "tiles": [tile_text(t) for t in tiles],
                # for each square, the tiles (as indexes in `tiles`) some legal play puts there
                "fits": [[tiles.index(t) for t in sorted(here)] for here in found],
                "score": score,
            }
        )
    return shown


def _opening(game: QwirkleGame, view: QwirkleState, hand: tuple[Tile, ...]) -> dict[str, Any]:
    """The sets of tiles that may open, each with its score, and how many the opening must hold
    (0: any number)."""
    length = view.opening if view.ply == 0 else 0
    sets = sorted(
        {tuple(sorted(line)) for line in movegen.opening_lines(hand, length)}, key=lambda s: (len(s), s)
    )
    row, col = view.rows // 2, view.cols // 2 - KINDS // 2
    shown = []
    for tiles in sets:
        play = Place.of([(row, col + i, t) for i, t in enumerate(tiles)])
        shown.append({"tiles": [tile_text(t) for t in tiles], "score": game.score_play(view, play).score})
    return {"sets": shown, "length": length}
