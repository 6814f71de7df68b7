"""The rules as pure functions on `TurtlesState`: dealing, the four kinds of turn, the end of a turn
(discard and draw), finishing, rounds and the order of play."""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import replace
from functools import lru_cache

from ludoteca.core.errors import IllegalMove, OptionError
from ludoteca.core.rng import Rng
from ludoteca.games.turtles.board import LAYOUTS, Board
from ludoteca.games.turtles.cards import (
    DECK,
    HAND_SIZE,
    ICE_WALLS,
    MAX_ADD,
    PLAYABLE,
    STONE_WALLS,
    Card,
    card_name,
    remove_cards,
)
from ludoteca.games.turtles.execution import execute
from ludoteca.games.turtles.moves import AddCards, BuildWall, PlayBug, RunProgram, TurtlesMove
from ludoteca.games.turtles.state import SEAT_NAMES, PlayerState, TurnReport, TurtlesState
from ludoteca.games.turtles.walls import WALL_KINDS, legal_wall_squares, wall_problem
from ludoteca.i18n import _, ngettext


def seat_names(seats: int) -> tuple[str, ...]:
    return tuple(_(name) for name in SEAT_NAMES[:seats])


# ----- dealing ----------------------------------------------------------------------------------
def _deal(seats: int, bug: bool, rng: Rng) -> tuple[tuple[PlayerState, ...], int, Rng]:
    """Fresh decks, hands of five and full wall stocks for every seat, then a random first player."""
    players: list[PlayerState] = []
    for _seat in range(seats):
        deck, rng = rng.shuffled(DECK)
        players.append(
            PlayerState(
                deck=deck[:-HAND_SIZE],
                hand=tuple(sorted(deck[-HAND_SIZE:])),
                program=(),
                discard=(),
                stone_walls=STONE_WALLS,
                ice_walls=ICE_WALLS,
                has_bug=bug,
            )
        )
    first, rng = rng.randbelow(seats)
    return tuple(players), first, rng


def start(seats: int, seed: int, three_rounds: bool, bug: bool, show_program: bool) -> TurtlesState:
    if seats not in LAYOUTS:
        raise OptionError(_("Robot Turtles is for 2 to 4 players, not {n}").format(n=seats))
    players, first, rng = _deal(seats, bug, Rng.from_seed(seed))
    return TurtlesState(
        board=Board.initial(seats),
        players=players,
        to_play=first,
        arrivals=(),
        round=1,
        rounds=3 if three_rounds else 1,
        points=(0,) * seats,
        past_rounds=(),
        bug_option=bug,
        show_program=show_program,
        ply=0,
        table=secrets.randbits(64),
        rng=rng,
    )


# ----- legal moves ------------------------------------------------------------------------------
@lru_cache(maxsize=512)
def card_sequences(hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """Every distinct ordered choice of 1–5 cards from `hand` (a multiset)."""
    counts = Counter(hand)
    kinds = [c for c in PLAYABLE if counts[c]]
    found: list[tuple[Card, ...]] = []

    def extend(prefix: tuple[Card, ...]) -> None:
        if prefix:
            found.append(prefix)
        if len(prefix) == MAX_ADD:
            return
        for card in kinds:
            if counts[card]:
                counts[card] -= 1
                extend((*prefix, card))
                counts[card] += 1

    extend(())
    return tuple(found)


def bug_targets(state: TurtlesState, seat: int) -> tuple[int, ...]:
    if not state.bug_option or not state.players[seat].has_bug:
        return ()
    return tuple(
        other
        for other, p in enumerate(state.players)
        if other != seat and state.still_playing(other) and p.program and p.bugged_by is None
    )


def legal_moves(state: TurtlesState) -> list[TurtlesMove]:
    seat = state.to_play
    if seat is None:
        return []
    me = state.players[seat]
    hand = me.hand
    moves: list[TurtlesMove] = []
    if me.program:
        moves.append(RunProgram())
        if hand:
            moves.append(RunProgram(True))
    for cards in card_sequences(hand):
        moves.append(AddCards(cards))
        if len(cards) < len(hand):
            moves.append(AddCards(cards, True))
    for kind in WALL_KINDS:
        if (me.stone_walls if kind == "stone" else me.ice_walls) > 0:
            for sq in legal_wall_squares(state.board, kind):
                moves.append(BuildWall(kind, sq))
                if hand:
                    moves.append(BuildWall(kind, sq, True))
    for target in bug_targets(state, seat):
        moves.append(PlayBug(target))
        if hand:
            moves.append(PlayBug(target, True))
    return moves


# ----- playing ----------------------------------------------------------------------------------
def _replace_player(players: tuple[PlayerState, ...], seat: int, p: PlayerState) -> tuple[PlayerState, ...]:
    return (*players[:seat], p, *players[seat + 1 :])


def _missing_cards(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> str:
    want, have = Counter(cards), Counter(hand)
    for card, n in want.items():
        if have[card] < n:
            if have[card] == 0:
                return _("you have no {card} card in your hand").format(card=card_name(card))
            return ngettext(
                "you have only {n} {card} card in your hand",
                "you have only {n} {card} cards in your hand",
                have[card],
            ).format(n=have[card], card=card_name(card))
    return _("those cards are not in your hand")


def _add(state: TurtlesState, seat: int, move: AddCards) -> tuple[TurtlesState, TurnReport]:
    me = state.players[seat]
    if not 1 <= len(move.cards) <= MAX_ADD:
        raise IllegalMove(_("add 1 to {n} cards at a time").format(n=MAX_ADD))
    hand = remove_cards(me.hand, move.cards)
    if hand is None:
        raise IllegalMove(_missing_cards(me.hand, move.cards))
    me = replace(me, hand=hand, program=me.program + move.cards)
    return replace(state, players=_replace_player(state.players, seat, me)), TurnReport(
        seat, "add", cards=move.cards
    )


def _wall(state: TurtlesState, seat: int, move: BuildWall) -> tuple[TurtlesState, TurnReport]:
    me = state.players[seat]
    if move.kind == "stone" and me.stone_walls == 0:
        raise IllegalMove(_("you have no stone walls left"))
    if move.kind == "ice" and me.ice_walls == 0:
        raise IllegalMove(_("you have no ice walls left"))
    problem = wall_problem(state.board, move.kind, move.square, seat_names(state.seats))
    if problem is not None:
        raise IllegalMove(problem)
    board = state.board
    if move.kind == "stone":
        board = replace(board, stone=board.stone | {move.square})
        me = replace(me, stone_walls=me.stone_walls - 1)
    else:
        board = replace(board, ice=board.ice | {move.square})
        me = replace(me, ice_walls=me.ice_walls - 1)
    after = replace(state, board=board, players=_replace_player(state.players, seat, me))
    return after, TurnReport(seat, "wall", wall=(move.kind, move.square))


def _run(state: TurtlesState, seat: int) -> tuple[TurtlesState, TurnReport]:
    me = state.players[seat]
    if not me.program:
        raise IllegalMove(_("your program is empty: add cards to it first"))
    run = execute(state.board, seat, me.program)
    spent = me.bugged_by
    me = replace(me, program=(), discard=me.discard + me.program, bugged_by=None)
    arrivals = (*state.arrivals, seat) if run.finished else state.arrivals
    after = replace(
        state, board=run.board, players=_replace_player(state.players, seat, me), arrivals=arrivals
    )
    return after, TurnReport(seat, "run", steps=run.steps, finished=run.finished, bug_spent=spent)


def _bug(state: TurtlesState, seat: int, move: PlayBug) -> tuple[TurtlesState, TurnReport]:
    names = seat_names(state.seats)
    if not state.bug_option:
        raise IllegalMove(_("this table plays without the Bug! option"))
    if not state.players[seat].has_bug:
        raise IllegalMove(_("you have already played your Bug card"))
    target = move.target
    if not 0 <= target < state.seats or target == seat:
        raise IllegalMove(_("put the Bug card on an opponent's program"))
    victim = state.players[target]
    if not state.still_playing(target):
        raise IllegalMove(_("{name} has already finished").format(name=names[target]))
    if victim.bugged_by is not None:
        raise IllegalMove(_("{name}'s program already carries a Bug card").format(name=names[target]))
    if not victim.program:
        raise IllegalMove(
            _("{name}'s program is empty: there is nothing to reverse").format(name=names[target])
        )
    players = _replace_player(
        state.players, target, replace(victim, program=victim.program[::-1], bugged_by=seat)
    )
    players = _replace_player(players, seat, replace(players[seat], has_bug=False))
    return replace(state, players=players), TurnReport(seat, "bug", bug_target=target)


def draw_up(me: PlayerState, rng: Rng) -> tuple[PlayerState, int, bool, Rng]:
    """Draw back up to a full hand, shuffling the discard into a new deck when the deck runs out.
    Returns the player, how many cards were drawn, whether a reshuffle happened, and the Rng."""
    deck, hand, discard = list(me.deck), list(me.hand), me.discard
    drew, reshuffled = 0, False
    while len(hand) < HAND_SIZE:
        if not deck:
            if not discard:
                break
            shuffled, rng = rng.shuffled(discard)
            deck, discard, reshuffled = list(shuffled), (), True
        hand.append(deck.pop())
        drew += 1
    me = replace(me, deck=tuple(deck), hand=tuple(sorted(hand)), discard=discard)
    return me, drew, reshuffled, rng


def _end_turn(
    state: TurtlesState, seat: int, discard: bool, report: TurnReport
) -> tuple[TurtlesState, TurnReport]:
    me = state.players[seat]
    discarded = 0
    if discard:
        if not me.hand:
            raise IllegalMove(_("your hand is empty: there is nothing to discard"))
        discarded = len(me.hand)
        me = replace(me, hand=(), discard=me.discard + me.hand)
    drew, reshuffled, rng = 0, False, state.rng
    if state.still_playing(seat):
        # a view carries no Rng; playing on one (a what-if) shuffles with a fixed generator
        me, drew, reshuffled, rng = draw_up(me, rng or Rng(0))
    state = replace(state, players=_replace_player(state.players, seat, me), rng=rng)
    return state, replace(report, discarded=discarded, drew=drew, reshuffled=reshuffled)


def _next_seat(state: TurtlesState, seat: int) -> int | None:
    for step in range(1, state.seats + 1):
        other = (seat + step) % state.seats
        if state.still_playing(other):
            return other
    return None


def round_points(arrivals: tuple[int, ...], seats: int) -> list[int]:
    """Each seat's points for a round of the three-round game, from its arrival order."""
    points = [0] * seats
    for rank, seat in enumerate(arrivals):
        points[seat] = seats - 1 - rank
    return points


def _close_round(state: TurtlesState, report: TurnReport) -> tuple[TurtlesState, TurnReport]:
    """The round ends when one turtle is left (none in a solo run): score it, then deal the next."""
    left = [s for s in range(state.seats) if state.still_playing(s)]
    if len(left) > (1 if state.seats > 1 else 0):
        return state, report
    arrivals = (*state.arrivals, *left)
    points = state.points
    if state.rounds > 1:
        gained = round_points(arrivals, state.seats)
        points = tuple(p + g for p, g in zip(points, gained, strict=True))
    report = replace(report, round_over=arrivals)
    past = (*state.past_rounds, arrivals)
    if state.round >= state.rounds:
        return replace(state, arrivals=arrivals, points=points, past_rounds=past, to_play=None), report
    players, first, rng = _deal(state.seats, state.bug_option, state.rng or Rng(0))
    fresh = replace(
        state,
        board=Board.initial(state.seats),
        players=players,
        to_play=first,
        arrivals=(),
        round=state.round + 1,
        points=points,
        past_rounds=past,
        rng=rng,
    )
    return fresh, report


def play(state: TurtlesState, move: TurtlesMove) -> TurtlesState:
    seat = state.to_play
    if seat is None:
        raise IllegalMove(_("the game is over"))
    before = state.board
    if isinstance(move, AddCards):
        state, report = _add(state, seat, move)
    elif isinstance(move, BuildWall):
        state, report = _wall(state, seat, move)
    elif isinstance(move, RunProgram):
        state, report = _run(state, seat)
    elif isinstance(move, PlayBug):
        state, report = _bug(state, seat, move)
    else:
        raise IllegalMove(_("that is not a Robot Turtles move"))
    state, report = _end_turn(state, seat, move.discard, report)
    if report.action == "run":
        report = replace(report, board_before=before)
    state = replace(state, ply=state.ply + 1)
    state, report = _close_round(state, report)
    if report.round_over is None:
        state = replace(state, to_play=_next_seat(state, seat))
    return replace(state, last=report)
