"""Robot Turtles ("Galapagos" rules) as a `core.Game`: 2–4 players, chance (shuffled decks) and
hidden information (hands, decks, face-down programs)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from ludoteca.core.game import Game, GameInfo, Seat
from ludoteca.core.options import Options, OptionSpec
from ludoteca.core.outcome import Outcome
from ludoteca.games.turtles import rules, views
from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.describe import describe_report
from ludoteca.games.turtles.moves import (
    DISCARD_SUFFIX,
    AddCards,
    BuildWall,
    TurtlesMove,
    format_move,
    parse_move,
)
from ludoteca.games.turtles.state import SEAT_NAMES, TurtlesState
from ludoteca.i18n import N_, Sentence, _

OPTIONS = (
    OptionSpec(
        "three_rounds",
        N_("play three rounds and score points by arrival rank (Trois à la suite)"),
        False,
        labels=((True, N_("Three rounds")),),
        label=N_("Three rounds"),
        window_help=N_("Three rounds in a row; points go by the order in which the turtles reach a jewel."),
    ),
    OptionSpec(
        "bug",
        N_("each player gets a Bug card that reverses an opponent's program (Bug!)"),
        False,
        labels=((True, N_("Bug card")),),
        label=N_("Bug"),
        window_help=N_("Each player gets a Bug card, which reverses another player's program."),
    ),
    OptionSpec(
        "show_program",
        N_("let each player see the cards of their own program (for young players)"),
        False,
        labels=((True, N_("Programs shown to their owners")),),
        label=N_("Show program"),
        window_help=N_("Each player may look at the cards of their own program (easier for young players)."),
    ),
)


class RobotTurtlesGame(Game[TurtlesState, TurtlesMove]):
    info = GameInfo(
        key="turtles",
        title=N_("Robot Turtles"),
        summary=N_(
            "Program your turtle card by card to reach a jewel first; build walls in the others' "
            "way and melt ice with your laser."
        ),
        min_seats=2,
        max_seats=4,
        default_seats=2,
        options=OPTIONS,
        chance=True,
        hidden_information=True,
        seat_names=SEAT_NAMES,
    )

    # ----- starting -------------------------------------------------------------------------
    def start(self, options: Options, seed: int, seats: int = 2) -> TurtlesState:
        """`seats` may also be 1: one turtle alone on the 2-player board (timing runs for the bench)."""
        return rules.start(
            seats,
            seed,
            three_rounds=bool(options.get("three_rounds", False)),
            bug=bool(options.get("bug", False)),
            show_program=bool(options.get("show_program", False)),
        )

    # ----- playing --------------------------------------------------------------------------
    def to_move(self, state: TurtlesState) -> Seat | None:
        return state.to_play

    def legal_moves(self, state: TurtlesState) -> Sequence[TurtlesMove]:
        return rules.legal_moves(state)

    def play(self, state: TurtlesState, move: TurtlesMove) -> TurtlesState:
        return rules.play(state, move)

    def read_move(self, state: TurtlesState, text: str) -> TurtlesMove:
        # play() checks every move fully and names the problem; no need to list hundreds of moves
        move = self.parse_move(state, text)
        self.play(state, move)
        return move

    def outcome(self, state: TurtlesState) -> Outcome | None:
        if state.to_play is not None:
            return None
        names = rules.seat_names(state.seats)
        if state.seats == 1:
            return Outcome((1,), Sentence(N_("{name} reached the jewel"), name=Sentence(SEAT_NAMES[0])))
        if state.rounds > 1:
            best = max(state.points)
            leaders = [names[s] for s in range(state.seats) if state.points[s] == best]
            shown = ", ".join(f"{names[s]} {state.points[s]}" for s in range(state.seats))
            if len(leaders) == 1:
                reason = _("{name} has the most points after three rounds ({scores})").format(
                    name=leaders[0], scores=shown
                )
            else:
                reason = _("{names} share the most points after three rounds ({scores})").format(
                    names=" & ".join(leaders), scores=shown
                )
            return Outcome.by_scores(state.points, reason)
        ranks = [0] * state.seats
        for rank, seat in enumerate(state.arrivals, start=1):
            ranks[seat] = rank
        first = Sentence(SEAT_NAMES[state.arrivals[0]])
        return Outcome.ranked(ranks, Sentence(N_("{name} reached a jewel first"), name=first))

    def seat_count(self, state: TurtlesState) -> int:
        return state.seats

    def scores(self, state: TurtlesState) -> tuple[int, ...] | None:
        return state.points if state.rounds > 1 else None

    # ----- notation -------------------------------------------------------------------------
    def format_move(self, state: TurtlesState, move: TurtlesMove) -> str:
        return format_move(move, SEAT_NAMES[: state.seats])

    def move_group(self, state: TurtlesState, move: TurtlesMove) -> str:
        """Listed by action (`add`, `wall ice`, `wall stone`, `run`, `bug`), the same action ending
        in `/discard` apart, since it doubles every list."""
        action = (
            f"wall {move.kind}" if isinstance(move, BuildWall) else self.format_move(state, move).split()[0]
        )
        return f"{action} {DISCARD_SUFFIX}" if move.discard else action

    def parse_move(self, state: TurtlesState, text: str) -> TurtlesMove:
        # the notation names seats in English whatever the language, so records travel
        return parse_move(text, SEAT_NAMES[: state.seats])

    def public_move_text(self, state: TurtlesState, move: TurtlesMove, viewer: Seat | None) -> str:
        """Cards go into a program face down: the table learns how many, not which; their owner
        sees them only when the table plays with "show my program"."""
        owner_sees = viewer is not None and viewer == self.to_move(state) and state.show_program
        if isinstance(move, AddCards) and not owner_sees:
            move = replace(move, cards=(Card.UNKNOWN,) * len(move.cards))
        return self.format_move(state, move)

    # ----- seats, views ---------------------------------------------------------------------
    def seat_name(self, state: TurtlesState, seat: Seat) -> str:
        return _(SEAT_NAMES[seat])

    def view(self, state: TurtlesState, seat: Seat | None) -> TurtlesState:
        return views.view(state, seat)

    def determinize(self, view: TurtlesState, seat: Seat, rng: random.Random) -> TurtlesState:
        return views.determinize(view, rng)

    # ----- describing -----------------------------------------------------------------------
    def describe_last(self, state: TurtlesState) -> str:
        if state.last is None:
            return ""
        names = tuple(self.player_name(state, seat) for seat in range(state.seats))
        text = describe_report(state.last, names)
        if state.last.round_over is not None and state.rounds > 1:
            shown = ", ".join(f"{names[s]} {state.points[s]}" for s in range(state.seats))
            text += " " + _("Points: {scores}.").format(scores=shown)
            if state.to_play is not None:
                text += " " + _("Round {n} of {total} begins.").format(n=state.round, total=state.rounds)
        return text

    # ----- search hooks ---------------------------------------------------------------------
    def evaluate(self, state: TurtlesState, seat: Seat) -> float:
        from ludoteca.games.turtles.planner import race_value

        return race_value(state, seat)
