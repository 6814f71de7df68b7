"""The plan the three players of the scripted Robot Turtles game follow (three rounds, Bug!).

Each player decides from what the window shows them — the board, their own hand — and from what
they remember putting in their face-down program, as a person does. The plan makes the rules the
window must show happen: in round 1 Blue builds a stone wall on f1, the next player tries one on
g2 (refused: Green would be cut off from every jewel) and builds an ice wall on a3 in Blue's way,
which Blue's laser melts; in round 2 Red steps to d2 and Blue walks into it from a2 (both go home);
in round 3 Green puts its Bug card on Red's program. Otherwise everyone walks straight down their
column to the jewel below.

`decide` is pure, so the same plan runs on the rules alone (`play_on_rules`, which chose the seed
of the GUI test) and with the mouse in the window (the GUI test).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ludoteca.core.errors import IllegalMove
from ludoteca.games.turtles import GAME
from ludoteca.games.turtles.board import SOUTH, parse_square, row_col
from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.moves import AddCards, BuildWall, PlayBug, RunProgram, TurtlesMove
from ludoteca.games.turtles.state import TurtlesState

BLUE, RED, GREEN = 0, 1, 2
F, L, X = Card.FORWARD, Card.LEFT, Card.LASER
#: squares off everyone's way, for walls built only to discard a useless hand
SPARE_SQUARES = tuple(parse_square(s) for s in ("b5", "c5", "e5", "f5", "b6", "c6", "e6", "f6", "b4", "c4"))
OPTIONS = {"three_rounds": True, "bug": True}


@dataclass(frozen=True)
class TryWall:
    """A wall the rules are expected to refuse."""

    kind: str
    square: int


@dataclass
class Memory:
    #: what each seat put in its program, in execution order
    programs: dict[int, list[Card]] = field(default_factory=lambda: {BLUE: [], RED: [], GREEN: []})
    #: the scripted events that have happened
    done: set[str] = field(default_factory=set)


def _target(view: TurtlesState, seat: int, memory: Memory) -> list[Card] | None:
    """The program this seat wants now; None when its turtle is off its plan."""
    board = view.board
    me = board.turtles[seat]
    assert me is not None
    if view.round == 2 and "collision" not in memory.done:
        if seat == BLUE:
            return [F, L, F, F, F] if me.square == parse_square("a1") and me.facing == SOUTH else None
        if seat == RED and "red step" not in memory.done:
            return [F]
    row, col = row_col(me.square)
    if me.facing != SOUTH or me.square % 8 != board.starts[seat] % 8:
        return None
    column = [r * 8 + col for r in range(row + 1, 7)]
    first = next((sq for sq in column if sq in board.ice or sq in board.stone), None)
    return ([X] if first is not None and first in board.ice else []) + [F] * (7 - row)


def _may_run(view: TurtlesState, seat: int, memory: Memory) -> bool:
    if view.round == 2 and "collision" not in memory.done:
        red = view.board.turtles[RED]
        if seat == BLUE:
            return red is not None and red.square == parse_square("d2")
        if seat == RED:
            return "red step" not in memory.done
    return True


def _spare_wall(view: TurtlesState, seat: int) -> BuildWall | None:
    me = view.players[seat]
    legal = {(m.kind, m.square) for m in GAME.legal_moves(view) if isinstance(m, BuildWall) and not m.discard}
    for kind, left in (("ice", me.ice_walls), ("stone", me.stone_walls)):
        if left:
            for sq in SPARE_SQUARES:
                if (kind, sq) in legal:
                    return BuildWall("stone" if kind == "stone" else "ice", sq, bool(me.hand))
    return None


def _takeable(hand: tuple[Card, ...], wanted: list[Card]) -> tuple[Card, ...]:
    left = Counter(hand)
    taken: list[Card] = []
    for card in wanted[:5]:
        if not left[card]:
            break
        left[card] -= 1
        taken.append(card)
    return tuple(taken)


def decide(view: TurtlesState, seat: int, memory: Memory) -> list[TurtlesMove | TryWall]:
    """This seat's turn: usually one move; a refused wall first when the script says so."""
    me = view.players[seat]
    if view.round == 1 and seat == BLUE and "f1" not in memory.done:
        return [BuildWall("stone", parse_square("f1"))]
    if view.round == 1 and seat != BLUE and "f1" in memory.done and "a3" not in memory.done:
        return [TryWall("stone", parse_square("g2")), BuildWall("ice", parse_square("a3"))]
    if (
        view.round == 3
        and seat == GREEN
        and me.has_bug
        and view.players[RED].program
        and view.players[RED].bugged_by is None
    ):
        return [PlayBug(RED)]
    have = memory.programs[seat]
    want = _target(view, seat, memory)
    if want is None or want[: len(have)] != have:
        return [RunProgram()] if have else [_spare_wall(view, seat) or AddCards((me.hand[0],), True)]
    if len(have) >= len(want):
        if _may_run(view, seat, memory):
            return [RunProgram()]
        return [_spare_wall(view, seat) or AddCards((me.hand[0],), True)]
    cards = _takeable(me.hand, want[len(have) :])
    if cards:
        return [AddCards(cards, len(cards) < len(me.hand))]
    return [_spare_wall(view, seat) or (RunProgram() if have else AddCards((me.hand[0],), True))]


def remember(memory: Memory, before: TurtlesState, after: TurtlesState, move: TurtlesMove) -> None:
    """What the players (and the test) note after a move."""
    seat = before.to_play
    assert seat is not None
    last = after.last
    assert last is not None
    if isinstance(move, BuildWall):
        memory.done.add({"f1": "f1", "a3": "a3"}.get(_name(move.square), "wall"))
    elif isinstance(move, AddCards):
        memory.programs[seat].extend(move.cards)
    elif isinstance(move, PlayBug):
        memory.programs[move.target].reverse()
        memory.done.add("bug")
    elif isinstance(move, RunProgram):
        memory.programs[seat] = []
        for step in last.steps:
            if step.kind == "laser" and step.hit == "ice":
                memory.done.add("melt")
            if step.kind == "collide" and len(step.sent_home) == 2:
                memory.done.add("collision")
        if before.round == 2 and seat == RED:
            memory.done.add("red step")
        if last.bug_spent is not None:
            memory.done.add("bug spent")
    if last.round_over is not None:
        memory.programs = {BLUE: [], RED: [], GREEN: []}


def _name(sq: int) -> str:
    from ludoteca.games.turtles.board import square_name

    return square_name(sq)


EVENTS = {"f1", "a3", "melt", "collision", "bug", "bug spent"}


def play_on_rules(seed: int, limit: int = 150) -> tuple[TurtlesState, Memory, int]:
    """The whole plan on the rules alone: the final state, what happened, and the plies played."""
    state = GAME.start(GAME.options(OPTIONS), seed, 3)
    memory = Memory()
    plies = 0
    while state.to_play is not None and plies < limit:
        seat = state.to_play
        for action in decide(GAME.view(state, seat), seat, memory):
            if isinstance(action, TryWall):
                try:
                    GAME.play(state, BuildWall("stone", action.square))
                except IllegalMove:
                    memory.done.add("refused")
                continue
            after = GAME.play(state, action)
            remember(memory, state, after, action)
            state = after
            plies += 1
    return state, memory, plies


if __name__ == "__main__":
    for seed in range(1, 400):
        state, memory, plies = play_on_rules(seed)
        if state.to_play is None and EVENTS | {"refused"} <= memory.done:
            print(seed, plies, sorted(memory.done))
