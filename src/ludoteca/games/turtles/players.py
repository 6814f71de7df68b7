"""Computer players for Robot Turtles, levels 1–5 (also what `hint` asks).

1. a careless planner: half of its card choices are random;
2. greedy (the baseline of `ludoteca bench turtles`): adds the cards that bring its turtle closest to
   a jewel this turn, runs once the program reaches a jewel or the hand cannot help; never builds a
   wall, never discards;
3. the planner: as greedy, and it discards a hand that the expected draws beat (it knows what is
   left in its own deck), and runs on the turns its hand cannot use;
4. and 5. the planner that also fights: walls on the squares where the leading opponent's face-down
   program most probably walks (never breaking the path rule, never in its own way), lasers at
   opponents ahead of it, and the Bug card on a leader's long program. Level 5 samples more draws.

Every level sees only its seat's view. A program is face down, and the view shows its own owner only
its length (unless the table plays "show my program"), so a player must *remember* what it put
there, like a person does. That memory lives in `ProgramMemory`, outside the player objects: the
terminal and the GUI build a new player for every move (`ai.levels.computer_for`), so a memory
inside the player would be forgotten at once. It is keyed by the table (a name drawn at the start
of each game, never derived from the seed) and the seat, and holds, per ply at which this seat
decided, the program its move left. Reading it drops entries from plies not yet reached (undone
moves), follows a Bug card that reversed the program since, and checks the remembered length against
the public one; when they disagree (a human played that seat, a hint was not followed, or the game
was resumed from its record, which names the table anew) the player admits it does not know its
program and runs it, which empties it and makes it known again. Deriving the program from the
record instead would need the record, which a player never receives.
"""

from __future__ import annotations

import math
import random
import threading
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ludoteca.ai.base import Budget, Player, Report, SearchInfo
from ludoteca.ai.levels import Levels
from ludoteca.core.game import Game, Seat
from ludoteca.games.turtles.board import Board, Square
from ludoteca.games.turtles.cards import DECK, HAND_SIZE, Card
from ludoteca.games.turtles.execution import Execution, Step, execute
from ludoteca.games.turtles.moves import AddCards, BuildWall, PlayBug, RunProgram, TurtlesMove
from ludoteca.games.turtles.planner import (
    INF,
    best_progress,
    distance,
    distance_after_change,
    distance_table,
    path_entries,
    situation,
)
from ludoteca.games.turtles.rules import card_sequences
from ludoteca.games.turtles.state import PlayerState, TurtlesState
from ludoteca.games.turtles.walls import WALL_KINDS, legal_wall_squares

#: seconds per move at each level; every level stops as soon as its fixed work is done
THINK_SECONDS: dict[int, float] = {1: 0.0, 2: 0.05, 3: 0.2, 4: 0.4, 5: 0.8}

#: cards of progress a typical turn brings, to turn distances into turns
CARDS_PER_TURN = 3.0


# ----- remembering one's own face-down program ------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Entry:
    round: int
    program: tuple[Card, ...] | None
    bugged: bool


class ProgramMemory:
    """What each seat put in its own program, per table (see the module docstring)."""

    def __init__(self, tables: int = 64) -> None:
        self._tables: OrderedDict[tuple[int, int], dict[int, _Entry]] = OrderedDict()
        self._limit = tables
        self._lock = threading.Lock()

    def recall(self, view: TurtlesState, seat: int) -> tuple[Card, ...] | None:
        """The seat's program in execution order, or None when it is not known."""
        me = view.players[seat]
        if Card.UNKNOWN not in me.program:  # empty, or shown ("show my program")
            return me.program
        with self._lock:
            entries = self._tables.get((view.table, seat), {})
            for ply in [p for p in entries if p >= view.ply]:
                del entries[ply]
            latest = entries[max(entries)] if entries else None
        if latest is None or latest.round != view.round:
            return () if not me.program else None
        program = latest.program
        if program is None:
            return None
        if me.bugged_by is not None and not latest.bugged:
            program = program[::-1]
        return program if len(program) == len(me.program) else None

    def remember(
        self, view: TurtlesState, seat: int, program: tuple[Card, ...] | None, move: TurtlesMove
    ) -> None:
        """Note the program `move` leaves, `program` being the one before it."""
        bugged = view.players[seat].bugged_by is not None
        after: tuple[Card, ...] | None
        if isinstance(move, RunProgram):
            after, bugged = (), False
        elif isinstance(move, AddCards):
            after = None if program is None else program + move.cards
        else:
            after = program
        with self._lock:
            key = (view.table, seat)
            entries = self._tables.setdefault(key, {})
            self._tables.move_to_end(key)
            for ply in [p for p in entries if p > view.ply]:
                del entries[ply]
            entries[view.ply] = _Entry(view.round, after, bugged)
            while len(self._tables) > self._limit:
                self._tables.popitem(last=False)


SHARED_MEMORY = ProgramMemory()


# ----- what one decision looks at ---------------------------------------------------------------
@dataclass
class _Situation:
    view: TurtlesState
    seat: int
    me: PlayerState
    program: tuple[Card, ...]
    #: the board once the program has run, and the turtle's distance then
    after_program: Execution
    distance: int


def _progress_of(seat: int, run: Execution, before: int) -> float:
    if run.finished:
        return float(before) + 0.5  # finishing beats everything of equal length
    return float(before - distance(run.board, seat))


def _attack_value(view: TurtlesState, seat: int, steps: Sequence[Step], board: Board) -> float:
    """Cards of delay the run's laser shots cause opponents (their distance, and their program
    scrambled when they are turned or sent home)."""
    value = 0.0
    hit: set[int] = set()
    for step in steps:
        for victim in (*step.turned, *step.sent_home):
            if victim != seat:
                hit.add(victim)
    for victim in hit:
        before = distance(board, victim)
        after_board = replace(board, turtles=steps[-1].turtles, ice=steps[-1].ice)
        after = distance(after_board, victim)
        if before >= INF or after >= INF:
            continue
        value += max(0, after - before) + 0.6 * len(view.players[victim].program)
    return value


class PlannerPlayer(Player):
    """Plans on shortest paths in cards; see the module docstring for what each switch adds."""

    def __init__(
        self,
        *,
        discards: bool = True,
        fights: bool = True,
        careless: float = 0.0,
        samples: int = 12,
        rival_cost: float = 1.5,
        seed: int | None = None,
        memory: ProgramMemory | None = None,
        name: str = "planner",
    ) -> None:
        self.discards = discards
        self.fights = fights
        self.careless = careless
        self.samples = samples
        self.rival_cost = rival_cost
        self.memory = memory or SHARED_MEMORY
        self.name = name
        self._random = random.Random(seed)

    # the Player interface
    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        budget: Budget,
        report: Report | None = None,
    ) -> TurtlesMove:
        view: TurtlesState = state
        program = self.memory.recall(view, seat)
        move = self.decide(view, seat, program)
        budget.check()
        self.memory.remember(view, seat, program, move)
        if report is not None:
            report(SearchInfo(depth=1, nodes=len(view.players[seat].hand), elapsed=budget.elapsed()))
        return move

    # the decision
    def decide(self, view: TurtlesState, seat: int, program: tuple[Card, ...] | None) -> TurtlesMove:
        me = view.players[seat]
        if program is None:
            return RunProgram()  # forgotten: run it, and it is known (empty) again
        board = view.board
        after = execute(board, seat, program)
        if after.finished:
            return RunProgram()
        here = _Situation(view, seat, me, program, after, distance(after.board, seat))
        add, add_value = self._best_add(here)
        options: list[tuple[float, TurtlesMove]] = []
        if add is not None:
            options.append((add_value, add))
        if program:
            locked = 0.4 if here.distance < distance(board, seat) else 0.1
            attack = _attack_value(view, seat, after.steps, board) if self.fights else 0.0
            options.append((locked + attack, RunProgram()))
        if self.fights:
            options.extend(self._walls(here))
            options.extend(self._bugs(here))
        # never empty: a hand is empty only when all 37 cards are in the program
        move = max(options, key=lambda o: o[0])[1]
        if self.discards and self._should_discard(here, move):
            move = replace(move, discard=True)
        return move

    def _best_add(self, here: _Situation) -> tuple[AddCards | None, float]:
        board = here.after_program.board
        best: AddCards | None = None
        best_value = -math.inf
        sequences = card_sequences(here.me.hand)
        if not sequences:
            return None, best_value
        if self.careless and self._random.random() < self.careless:
            return AddCards(self._random.choice(sequences)), 0.5
        for cards in sequences:
            run = execute(board, here.seat, cards)
            value = _progress_of(here.seat, run, here.distance) - 0.01 * len(cards)
            if self.fights and run.steps:
                value += 0.3 * _attack_value(here.view, here.seat, run.steps, board)
            if value > best_value:
                best, best_value = AddCards(cards), value
        return best, best_value

    # walls
    def _turns_left(self, view: TurtlesState, seat: int, known_distance: int | None = None) -> int:
        """A rough count of the turns `seat` still needs (its face-down program counted as progress)."""
        if known_distance is None:
            # a face-down program probably helps, unless a Bug card scrambled it
            p = view.players[seat]
            helps = 0.0 if p.bugged_by is not None else 0.7 * len(p.program)
            known_distance = max(0, round(distance(view.board, seat) - helps))
        return math.ceil(known_distance / CARDS_PER_TURN) + 1

    def _threat(self, here: _Situation, other: int) -> float:
        """How much slowing `other` down is worth to us. With two players: fully unless it is far
        behind. With more, a turn spent on one opponent is a turn gained by the others, so only the
        leader counts, and only when it is ahead of us."""
        view = here.view
        mine = self._turns_left(view, here.seat, here.distance)
        theirs = self._turns_left(view, other)
        if view.seats <= 2:
            return 1.0 if theirs <= mine + 1 else 0.3
        rivals = [s for s in range(view.seats) if s != here.seat and view.still_playing(s)]
        leader = min(rivals, key=lambda s: self._turns_left(view, s))
        return 1.0 if other == leader and theirs < mine else 0.15

    def _turn_cost(self, view: TurtlesState) -> float:
        """What a turn spent on an opponent costs beyond the progress forgone: with more rivals
        still racing, the others gain on us while we deal with one."""
        rivals = sum(1 for s in range(view.seats) if view.still_playing(s)) - 1
        return 1.0 + self.rival_cost * max(0, rivals - 1)

    def _walls(self, here: _Situation) -> list[tuple[float, TurtlesMove]]:
        view, seat, me = here.view, here.seat, here.me
        kinds = [k for k in WALL_KINDS if (me.stone_walls if k == "stone" else me.ice_walls) > 0]
        if not kinds:
            return []
        board = view.board
        opponents = [s for s in range(view.seats) if s != seat and view.still_playing(s)]
        damage_at: dict[Square, float] = {}
        for other in opponents:
            program_length = len(view.players[other].program)
            threat = self._threat(here, other)
            for sq, entries in path_entries(board, other, horizon=max(program_length, 6)).items():
                scramble = sum(p * max(0, program_length - k + 1) for k, p in entries if k <= program_length)
                damage_at[sq] = damage_at.get(sq, 0.0) + threat * (0.8 * scramble)
        candidates = sorted(damage_at, key=lambda sq: -damage_at[sq])[:12]
        mine_before = here.after_program.board
        options: list[tuple[float, TurtlesMove]] = []
        for kind in kinds:
            legal = set(legal_wall_squares(board, kind))
            for sq in candidates:
                if sq not in legal:
                    continue
                walled = (
                    replace(board, stone=board.stone | {sq})
                    if kind == "stone"
                    else replace(board, ice=board.ice | {sq})
                )
                value = damage_at.get(sq, 0.0)
                for other in opponents:
                    lost = distance_after_change(walled, other, board) - distance(board, other)
                    value += self._threat(here, other) * max(0, lost)
                mine = execute(walled, seat, here.program)
                mine_after = 0 if mine.finished else distance_after_change(mine.board, seat, mine_before)
                my_loss = mine_after - here.distance
                value -= 1.5 * max(0, my_loss)
                # stone stays for good, ice can be melted: keep stone for the best chances
                value -= 0.2 if kind == "stone" else 0.0
                options.append((value - self._turn_cost(view), BuildWall(kind, sq)))
        return options

    def _bugs(self, here: _Situation) -> list[tuple[float, TurtlesMove]]:
        view, seat = here.view, here.seat
        if not view.bug_option or not here.me.has_bug:
            return []
        options: list[tuple[float, TurtlesMove]] = []
        for other in range(view.seats):
            p = view.players[other]
            if other == seat or not view.still_playing(other) or not p.program or p.bugged_by is not None:
                continue
            if len(p.program) >= 3:
                damage = self._threat(here, other) * 0.7 * len(p.program)
                options.append((damage - self._turn_cost(view), PlayBug(other)))
        return options

    # discarding
    def _should_discard(self, here: _Situation, move: TurtlesMove) -> bool:
        """Whether fresh cards would serve better than what is left in the hand after `move`."""
        me, seat = here.me, here.seat
        hand = list(me.hand)
        board = here.after_program.board
        if isinstance(move, AddCards):
            for card in move.cards:
                hand.remove(card)
            run = execute(board, seat, move.cards)
            if run.finished:
                return False
            board = run.board
        if not hand:
            return False
        turtle = board.turtles[seat]
        if turtle is None:
            return False
        start = situation(turtle)
        if distance_table(board, seat)[start] >= INF:
            return False
        # the move only shifts cards between hand, program and discard: the deck is what it was
        deck = list(
            (Counter(DECK) - Counter(me.hand) - Counter(me.discard) - Counter(here.program)).elements()
        )
        keep_total = fresh_total = 0
        for _ in range(self.samples):
            self._random.shuffle(deck)
            keep_total += best_progress(board, seat, start, hand + deck[: HAND_SIZE - len(hand)])
            fresh_total += best_progress(board, seat, start, deck[:HAND_SIZE])
        return fresh_total > keep_total + 0.3 * self.samples


class GreedyTurtle(PlannerPlayer):
    """The bench's baseline, one turn deep: adds the cards that bring its turtle closest to a
    jewel, runs once the program reaches one; when no card of its hand helps, it runs what it has
    and throws the hand away. No walls, no lookahead at draws, no laser tactics."""

    def __init__(self, seed: int | None = None, memory: ProgramMemory | None = None) -> None:
        super().__init__(discards=False, fights=False, seed=seed, memory=memory, name="greedy")

    def decide(self, view: TurtlesState, seat: int, program: tuple[Card, ...] | None) -> TurtlesMove:
        if program is None:
            return RunProgram()
        after = execute(view.board, seat, program)
        if after.finished:
            return RunProgram()
        here = _Situation(view, seat, view.players[seat], program, after, distance(after.board, seat))
        add, value = self._best_add(here)
        if add is not None and value > 0:
            return add
        if program:
            return RunProgram(discard=bool(here.me.hand))
        assert add is not None  # an empty program means cards in hand
        return replace(add, discard=len(add.cards) < len(here.me.hand))


def player_for_level(level: int, seed: int | None = None) -> Player:
    if level <= 1:
        return PlannerPlayer(discards=False, fights=False, careless=0.5, seed=seed, name="careless")
    if level == 2:
        return GreedyTurtle(seed=seed)
    if level == 3:
        return PlannerPlayer(fights=False, samples=8, seed=seed)
    return PlannerPlayer(samples=12 if level == 4 else 24, seed=seed)


#: what the game declares as its computer levels
LEVELS = Levels(player_for_level, THINK_SECONDS)

__all__ = ["LEVELS", "THINK_SECONDS", "GreedyTurtle", "PlannerPlayer", "ProgramMemory", "player_for_level"]
