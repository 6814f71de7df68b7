"""Robot Turtles for the web client: one seat's view as the plain JSON that `web/draw.js` draws.

Everything here is read from the seat's view, which already hides the other hands, every deck and
the face-down programs, so the scene cannot hold more than the seat may know. It carries symbols
and notation only (card letters, square names, seat numbers, the seats' English names as catalogue
entries); the page words the rest in its player's language.

For the seat to move, the scene also carries the rules' legal moves, grouped the way the page
offers them: the card sequences that may be added (keyed by their letters, so the page can tell
which card of the hand may come next), the squares each kind of wall may go on, the run and the
Bug targets. Each offer is the move's notation and whether it may end with `/discard`; the page
never decides what is legal.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ludoteca.core.game import Game, Seat
from ludoteca.games.turtles.board import Board, Square, Turtle, row_col, square_name
from ludoteca.games.turtles.cards import LETTERS, Card
from ludoteca.games.turtles.execution import Step
from ludoteca.games.turtles.moves import DISCARD_SUFFIX, AddCards, BuildWall, PlayBug, TurtlesMove
from ludoteca.games.turtles.rules import round_points
from ludoteca.games.turtles.state import SEAT_NAMES, PlayerState, TurnReport, TurtlesState
from ludoteca.i18n import N_

#: the words `web/draw.js` adds to the sentences the rest of the game already has in its catalogue
#: (the page reads them all from there, by their English text)
WORDS = (
    N_("Your turn: click cards of your hand in the order they should run, pick a wall, or run."),
    N_("Add the cards"),
    N_("Take them back"),
    N_("Run the program"),
    N_("Replay the run"),
    N_("Walls"),
    N_("Click a lit square to build the wall."),
    N_("Click a lit turtle to put your Bug card on its program."),
    N_("Put the Bug card on {name}'s program"),
    N_("Watching: the hands stay hidden."),
)

Cell = list[int]


def scene(
    game: Game[Any, Any], view: TurtlesState, seat: Seat | None, to_move: Seat | None
) -> dict[str, Any]:
    """The scene of `view` for `seat` (None: a spectator); its offers only when `seat` moves."""
    mine = seat if seat is not None and 0 <= seat < view.seats else None
    return {
        "seats": view.seats,
        "names": list(SEAT_NAMES[: view.seats]),
        "ply": view.ply,
        "round": view.round,
        "rounds": view.rounds,
        "points": list(view.points),
        # each round played: its arrival order, and the points it gave in a three-round game
        "past_rounds": [
            {"order": list(order), "points": round_points(order, view.seats) if view.rounds > 1 else None}
            for order in view.past_rounds
        ],
        "arrivals": list(view.arrivals),
        "bug_option": view.bug_option,
        "to_play": view.to_play,
        "board": _board(view.board),
        "players": [_player(view, s, p) for s, p in enumerate(view.players)],
        "me": None if mine is None else _own(view.players[mine]),
        "last": None if view.last is None else _last(view.last),
        "turn": _offers(game, view) if mine is not None and mine == to_move == view.to_play else None,
    }


def _cell(sq: Square) -> Cell:
    row, col = row_col(sq)
    return [col, row]


def _cells(squares: Iterable[Square]) -> list[Cell]:
    return [_cell(sq) for sq in sorted(squares)]


def _turtles(turtles: tuple[Turtle | None, ...]) -> list[list[int] | None]:
    """Each seat's turtle as [column, row, facing] (facing 0 north … 3 west), None once finished."""
    return [None if t is None else [*_cell(t.square), t.facing] for t in turtles]


def _board(board: Board) -> dict[str, Any]:
    return {
        "cols": "abcdefgh",
        "rows": [str(n) for n in range(1, 9)],
        "turtles": _turtles(board.turtles),
        "starts": [_cell(sq) for sq in board.starts],
        "jewels": [_cell(sq) for sq in board.jewels],
        "stone": _cells(board.stone),
        "ice": _cells(board.ice),
    }


def _player(view: TurtlesState, seat: int, p: PlayerState) -> dict[str, Any]:
    """What everyone sees of a seat: counts, its wall stock and its Bug card, never a card."""
    return {
        "playing": view.still_playing(seat),
        "rank": view.arrivals.index(seat) + 1 if seat in view.arrivals else None,
        "program": len(p.program),
        "hand": len(p.hand),
        "deck": len(p.deck),
        "discard": len(p.discard),
        "stone": p.stone_walls,
        "ice": p.ice_walls,
        "bug": p.has_bug if view.bug_option else None,
        "bugged_by": p.bugged_by,
    }


def _letters(cards: Iterable[Card]) -> list[str]:
    return [LETTERS[c] for c in cards]


def _own(p: PlayerState) -> dict[str, Any]:
    """The seat's own cards: its hand, and its program's cards only where its view shows them
    (the "show my program" option); else the program is face down even to its owner."""
    shown = bool(p.program) and Card.UNKNOWN not in p.program
    return {"hand": _letters(p.hand), "program": _letters(p.program) if shown else None}


def _step(step: Step) -> dict[str, Any]:
    mover = step.turtles[step.seat]
    return {
        "seat": step.seat,
        "card": LETTERS[step.card],
        "kind": step.kind,
        "hit": step.hit,
        "turtles": _turtles(step.turtles),
        "ice": _cells(step.ice),
        "beam": [_cell(sq) for sq in step.beam],
        "target": None if step.target is None else _cell(step.target),
        "square": None if step.target is None else square_name(step.target),
        # where the turtle that ran the card stands after it, for the sentence that tells it
        "at": None if mover is None else square_name(mover.square),
        "sent_home": list(step.sent_home),
        "turned": list(step.turned),
    }


def _last(report: TurnReport) -> dict[str, Any]:
    """The last move, as the view reports it (cards added to a face-down program stay `?`)."""
    wall = None
    if report.wall is not None:
        kind, sq = report.wall
        wall = {"kind": kind, "cell": _cell(sq), "square": square_name(sq)}
    before = report.board_before
    return {
        "seat": report.seat,
        "action": report.action,
        "cards": _letters(report.cards),
        "wall": wall,
        "bug_target": report.bug_target,
        "finished": report.finished,
        "bug_spent": report.bug_spent,
        "discarded": report.discarded,
        "reshuffled": report.reshuffled,
        "round_over": None if report.round_over is None else list(report.round_over),
        # the board the run started from, which its steps replay from
        "before": None
        if before is None
        else {"turtles": _turtles(before.turtles), "ice": _cells(before.ice), "stone": _cells(before.stone)},
        "steps": [_step(step) for step in report.steps],
    }


def _offers(game: Game[Any, Any], view: TurtlesState) -> dict[str, Any]:
    """The legal moves of the seat to move, grouped as the page offers them. Each offer ends with
    its notation and whether the same move followed by `/discard` is legal too."""
    groups: dict[str, dict[str, list[Any]]] = {"add": {}, "stone": {}, "ice": {}, "run": {}, "bug": {}}
    # each move comes before its /discard twin, which only marks it
    for move in sorted(game.legal_moves(view), key=lambda m: bool(m.discard)):
        group, key, where = _grouped(move)
        if move.discard:
            groups[group][key][-1] = True
        else:
            groups[group][key] = [*where, game.format_move(view, move), False]
    return {
        "add": groups["add"],
        "stone": list(groups["stone"].values()),
        "ice": list(groups["ice"].values()),
        "run": groups["run"].get("run"),
        "bug": list(groups["bug"].values()),
        "discard": " " + DISCARD_SUFFIX,
    }


def _grouped(move: TurtlesMove) -> tuple[str, str, list[int]]:
    """The group an offer goes in, its key there, and what the page places it by: an added
    sequence by its letters, a wall by its square ([column, row]), a Bug card by its target."""
    if isinstance(move, AddCards):
        return "add", "".join(_letters(move.cards)), []
    if isinstance(move, BuildWall):
        return move.kind, square_name(move.square), _cell(move.square)
    if isinstance(move, PlayBug):
        return "bug", str(move.target), [move.target]
    return "run", "run", []
