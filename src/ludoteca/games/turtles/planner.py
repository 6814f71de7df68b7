"""Distances in cards, for the computer players.

A turtle's situation is a square and a facing (256 of them). `distance_table` gives, for each, the
fewest cards that bring the turtle onto a jewel on a given board: forward, left and right cost one
card each; walking into a wall turns the turtle around (sometimes the cheapest U-turn); walking off
the board sends it back to its start; an ice wall can be melted and crossed (laser + forward, two
cards); a square holding another turtle costs extra, since walking into it sends both home unless it
has moved away by then. Tables are cached by the terrain they depend on.

`path_entries` tells where an opponent probably walks: the chance that a shortest route enters a
given square as its k-th card. Walls are worth most there, while the program is face down.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from ludoteca.games.turtles.board import SOUTH, SQUARES, Board, Square, Turtle, ahead
from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.state import TurtlesState

INF = 10**6
#: index of the "on a jewel" situation, after the 256 real ones
GOAL = SQUARES * 4
#: extra cards charged for walking into a square another turtle stands on now
OCCUPIED_PENALTY = 2

Table = tuple[int, ...]
#: (next situation, cards, the square walked into or -1)
Edge = tuple[int, int, int]


def situation(turtle: Turtle) -> int:
    return turtle.square * 4 + turtle.facing


def _edges(
    index: int,
    stone: frozenset[Square],
    ice: frozenset[Square],
    jewels: frozenset[Square],
    start: Square,
    occupied: frozenset[Square],
) -> list[Edge]:
    sq, facing = divmod(index, 4)
    edges: list[Edge] = [(sq * 4 + (facing + 3) % 4, 1, -1), (sq * 4 + (facing + 1) % 4, 1, -1)]
    front = ahead(sq, facing)
    if front is None:
        edges.append((start * 4 + SOUTH, 1, -1))
    elif front in stone:
        edges.append((sq * 4 + (facing + 2) % 4, 1, -1))
    elif front in ice:
        edges.append((sq * 4 + (facing + 2) % 4, 1, -1))
        edges.append((front * 4 + facing, 2, front))
    elif front in jewels:
        edges.append((GOAL, 1, front))
    else:
        edges.append((front * 4 + facing, 1 + (OCCUPIED_PENALTY if front in occupied else 0), front))
    return edges


@lru_cache(maxsize=2048)
def _graph(
    stone: frozenset[Square],
    ice: frozenset[Square],
    jewels: frozenset[Square],
    start: Square,
    occupied: frozenset[Square],
) -> tuple[tuple[Edge, ...], ...]:
    return tuple(tuple(_edges(i, stone, ice, jewels, start, occupied)) for i in range(GOAL))


@lru_cache(maxsize=2048)
def _table(
    stone: frozenset[Square],
    ice: frozenset[Square],
    jewels: frozenset[Square],
    start: Square,
    occupied: frozenset[Square],
) -> Table:
    graph = _graph(stone, ice, jewels, start, occupied)
    reverse: list[list[tuple[int, int]]] = [[] for _ in range(GOAL + 1)]
    for index, edges in enumerate(graph):
        for target, cost, _sq in edges:
            reverse[target].append((index, cost))
    dist = [INF] * (GOAL + 1)
    dist[GOAL] = 0
    heap = [(0, GOAL)]
    while heap:
        d, node = heapq.heappop(heap)
        if d > dist[node]:
            continue
        for source, cost in reverse[node]:
            if d + cost < dist[source]:
                dist[source] = d + cost
                heapq.heappush(heap, (d + cost, source))
    return tuple(dist)


#: what a turtle's distances depend on: stone, ice, jewels, its start, squares other turtles hold
Terrain = tuple[frozenset[Square], frozenset[Square], frozenset[Square], Square, frozenset[Square]]


def _terrain(board: Board, seat: int) -> Terrain:
    occupied = frozenset(t.square for other, t in enumerate(board.turtles) if t is not None and other != seat)
    return board.stone, board.ice, frozenset(board.jewels), board.starts[seat], occupied


def distance_table(board: Board, seat: int) -> Table:
    """Fewest cards to a jewel from every situation, for `seat`'s turtle on `board`."""
    return _table(*_terrain(board, seat))


def distance(board: Board, seat: int) -> int:
    """`seat`'s distance to a jewel in cards (0 once it has finished)."""
    turtle = board.turtles[seat]
    return 0 if turtle is None else distance_table(board, seat)[situation(turtle)]


def distance_after_change(board: Board, seat: int, before: Board) -> int:
    """`distance(board, seat)` where `board` is `before` with walls added: an A* search from the
    turtle, guided by `before`'s table (a wall never shortens a route, so that table is a lower
    bound but for the rare U-turn a new wall offers), instead of a whole new table."""
    turtle = board.turtles[seat]
    if turtle is None:
        return 0
    key = _terrain(board, seat)
    guide = distance_table(before, seat)
    origin = situation(turtle)
    if guide[origin] >= INF:
        return INF
    best = {origin: 0}
    heap = [(guide[origin], 0, origin)]
    while heap:
        _f, cost, node = heapq.heappop(heap)
        if node == GOAL:
            return cost
        if cost > best[node]:
            continue
        for target, step, _sq in _edges(node, *key):
            total = cost + step
            if total < best.get(target, INF):
                hint = 0 if target == GOAL else guide[target]
                if hint >= INF:
                    continue
                best[target] = total
                heapq.heappush(heap, (total + hint, total, target))
    return INF


# ----- fast card-by-card simulation on a fixed board (for looking ahead at possible hands) -----
@lru_cache(maxsize=1024)
def successors(terrain: Terrain) -> tuple[tuple[int, ...], ...]:
    """For each card kind (F, L, R, X), the situation after it from each situation. Lasers and
    melting are left out (a laser changes nothing here); a turtle ahead is treated as a free square."""
    stone, ice, jewels, start, _occupied = terrain
    forward, left, right = [], [], []
    for index in range(GOAL):
        sq, facing = divmod(index, 4)
        left.append(sq * 4 + (facing + 3) % 4)
        right.append(sq * 4 + (facing + 1) % 4)
        front = ahead(sq, facing)
        if front is None:
            forward.append(start * 4 + SOUTH)
        elif front in stone or front in ice:
            forward.append(sq * 4 + (facing + 2) % 4)
        elif front in jewels:
            forward.append(GOAL)
        else:
            forward.append(front * 4 + facing)
    for moves in (forward, left, right):
        moves.append(GOAL)
    identity = list(range(GOAL + 1))
    return tuple(forward), tuple(left), tuple(right), tuple(identity)


def best_progress(board: Board, seat: int, start: int, hand: Sequence[Card]) -> int:
    """How many cards closer to a jewel the best ordered choice from `hand` brings the turtle
    (0 when no choice helps), simulated on the board as it is."""
    key = _terrain(board, seat)
    table = _table(*key)
    succ = successors(key)
    counts = Counter(hand)
    kinds = [c for c in (Card.FORWARD, Card.LEFT, Card.RIGHT, Card.LASER) if counts[c]]
    base = table[start]
    best = base

    def walk(node: int, depth: int) -> None:
        nonlocal best
        if table[node] < best:
            best = table[node]
        if node == GOAL or depth == 5:
            return
        for card in kinds:
            if counts[card]:
                counts[card] -= 1
                walk(succ[card][node], depth + 1)
                counts[card] += 1

    walk(start, 0)
    return base - best if base < INF else 0


# ----- where an opponent probably walks ---------------------------------------------------------
def path_entries(board: Board, seat: int, horizon: int) -> dict[Square, list[tuple[int, float]]]:
    """For `seat`'s turtle: square → [(k, p)], p the share of its shortest routes that walk onto that
    square with their k-th card (k ≤ horizon)."""
    turtle = board.turtles[seat]
    if turtle is None:
        return {}
    key = _terrain(board, seat)
    table = _table(*key)
    graph = _graph(*key)
    origin = situation(turtle)
    if table[origin] >= INF:
        return {}

    def optimal(node: int) -> list[Edge]:
        return [e for e in graph[node] if table[node] == e[1] + table[e[0]]]

    nodes = {origin}
    frontier = [origin]
    while frontier:
        node = frontier.pop()
        for target, _cost, _sq in optimal(node):
            if target != GOAL and target not in nodes:
                nodes.add(target)
                frontier.append(target)
    # every optimal edge lowers the distance, so sorting by distance orders the routes
    ways_to_goal: dict[int, float] = {}
    for node in sorted(nodes, key=lambda n: table[n]):
        ways_to_goal[node] = sum(1.0 if t == GOAL else ways_to_goal[t] for t, _c, _s in optimal(node))
    ways_from_origin = dict.fromkeys(nodes, 0.0)
    ways_from_origin[origin] = 1.0
    for node in sorted(nodes, key=lambda n: -table[n]):
        for target, _cost, _sq in optimal(node):
            if target != GOAL:
                ways_from_origin[target] += ways_from_origin[node]
    routes = ways_to_goal[origin]
    found: dict[Square, list[tuple[int, float]]] = {}
    for node in nodes:
        done = table[origin] - table[node]
        for target, cost, sq in optimal(node):
            if sq < 0 or done + cost > horizon:
                continue
            rest = 1.0 if target == GOAL else ways_to_goal[target]
            found.setdefault(sq, []).append((done + cost, ways_from_origin[node] * rest / routes))
    return found


def race_value(state: TurtlesState, seat: int) -> float:
    """A heuristic for generic search: opponents' distances minus one's own (finished counts big)."""
    if not state.still_playing(seat):
        return 100.0
    mine = distance(state.board, seat)
    others = [distance(state.board, s) for s in range(state.seats) if s != seat and state.still_playing(s)]
    return float((min(others) if others else 0) - mine)
