"""Building Robot Turtles positions by hand for the tests."""

from __future__ import annotations

from dataclasses import replace

from ludoteca.games.turtles import GAME
from ludoteca.games.turtles.board import SOUTH, Turtle, parse_square
from ludoteca.games.turtles.cards import SPELLINGS, Card, remove_cards
from ludoteca.games.turtles.moves import RunProgram
from ludoteca.games.turtles.state import TurtlesState

N, E, S, W = 0, 1, 2, 3


def cards(text: str) -> tuple[Card, ...]:
    return tuple(SPELLINGS[c] for c in text.lower().replace(" ", ""))


def table(
    seats: int = 2,
    turtles: dict[int, tuple[str, int] | None] | None = None,
    stone: tuple[str, ...] = (),
    ice: tuple[str, ...] = (),
    seed: int = 7,
    **options: bool,
) -> TurtlesState:
    """A fresh game with some turtles moved (seat → (square, facing), None = finished) and extra walls."""
    state = GAME.start(GAME.options(options), seed, seats)
    board = state.board
    placed = list(board.turtles)
    for seat, where in (turtles or {}).items():
        placed[seat] = None if where is None else Turtle(parse_square(where[0]), where[1])
    board = replace(
        board,
        turtles=tuple(placed),
        stone=board.stone | {parse_square(s) for s in stone},
        ice=board.ice | {parse_square(s) for s in ice},
    )
    arrivals = tuple(s for s, t in enumerate(placed) if t is None)
    return replace(state, board=board, arrivals=arrivals)


def with_program(state: TurtlesState, seat: int, text: str) -> TurtlesState:
    """`seat`'s program set to `text` (cards taken from its deck, so the 37 stay 37)."""
    p = state.players[seat]
    pool = p.deck + p.program
    deck = remove_cards(pool, cards(text))
    assert deck is not None, "not enough such cards in the deck"
    players = list(state.players)
    players[seat] = replace(p, deck=deck, program=cards(text))
    return replace(state, players=tuple(players))


def with_hand(state: TurtlesState, seat: int, text: str) -> TurtlesState:
    """`seat`'s hand set to `text` (swapping cards with its deck)."""
    p = state.players[seat]
    pool = p.deck + p.hand
    deck = remove_cards(pool, cards(text))
    assert deck is not None
    players = list(state.players)
    players[seat] = replace(p, deck=deck, hand=tuple(sorted(cards(text))))
    return replace(state, players=tuple(players))


def run(state: TurtlesState, seat: int, program: str) -> TurtlesState:
    """`seat` runs `program` now."""
    state = with_program(replace(state, to_play=seat), seat, program)
    return GAME.play(state, RunProgram())


def where(state: TurtlesState, seat: int) -> tuple[str, int] | None:
    from ludoteca.games.turtles.board import square_name

    t = state.board.turtles[seat]
    return None if t is None else (square_name(t.square), t.facing)


__all__ = ["GAME", "SOUTH", "E", "N", "S", "W", "cards", "run", "table", "where", "with_hand", "with_program"]
