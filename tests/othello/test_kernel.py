"""The kernel's two forms (compiled by Cython, and the same source run as plain Python) against the
rules: move generation, flips, perft and exact values along random games, so they cannot drift."""

from __future__ import annotations

import random
from functools import cache
from types import ModuleType

import pytest

from ludoteca.core.perft import perft as rules_perft
from ludoteca.games.othello import GAME, PASS, OthelloState
from ludoteca.games.othello import kernel as plain
from ludoteca.games.othello.bitboard import empty_count
from ludoteca.games.othello.game import BLACK
from tests.kernel_forms import assert_constants_agree, kernel_form


@pytest.fixture(params=["plain", "compiled"])
def form(request: pytest.FixtureRequest) -> ModuleType:
    return kernel_form(plain, request.param)


def random_game(seed: int) -> list[OthelloState]:
    rng = random.Random(seed)
    states = [GAME.start({}, 0, 2)]
    while GAME.to_move(states[-1]) is not None:
        states.append(GAME.play(states[-1], rng.choice(list(GAME.legal_moves(states[-1])))))
    return states


@cache
def rules_value(state: OthelloState) -> int:
    """The exact final disc difference for the side to move, by plain minimax over the rules."""
    outcome = GAME.outcome(state)
    if outcome is not None:
        black, white = state.black.bit_count(), state.white.bit_count()
        empty = 64 - black - white
        diff = black - white
        diff += empty if diff > 0 else -empty if diff < 0 else 0
        return diff if state.side == BLACK else -diff
    values = []
    for move in GAME.legal_moves(state):
        after = GAME.play(state, move)
        value = rules_value(after)
        values.append(value if after.side == state.side else -value)
    return max(values)


def test_perft_matches_the_rules(form: ModuleType) -> None:
    start = GAME.start({}, 0, 2)
    p, o = start.sides
    for depth in range(1, 6):
        assert form.perft(p, o, depth, False) == rules_perft(GAME, start, depth)


def test_moves_and_flips_match_the_rules_along_random_games(form: ModuleType) -> None:
    for seed in range(6):
        for state in random_game(seed):
            p, o = state.sides
            legal = 0
            for move in GAME.legal_moves(state):
                if move == PASS:
                    continue
                legal |= 1 << move
                after = GAME.play(state, move)
                mover_after = after.black if state.side == BLACK else after.white
                assert form.flips(p, o, move) == mover_after & ~p & ~(1 << move)
            assert form.legal_moves(p, o) == legal


def test_the_last_empty_turns_what_flips_turns(form: ModuleType) -> None:
    """The exact search's count with one empty square left (line tables, not `flips`) against
    `flips`, on every square, with boards from nearly all one colour to nearly all the other (so
    that sometimes neither side can fill the square)."""
    rng = random.Random(11)
    full = (1 << 64) - 1
    for trial in range(4096):
        square = trial % 64
        share = rng.random()
        p = sum(1 << s for s in range(64) if s != square and rng.random() < share)
        o = full ^ p ^ (1 << square)
        mine = p.bit_count()
        if turned := form.flips(p, o, square).bit_count():
            expected = 2 * (mine + turned) - 62
        elif turned := form.flips(o, p, square).bit_count():
            expected = 2 * (mine - turned) - 64
        else:
            expected = 2 * mine - 62 if 2 * mine > 63 else 2 * mine - 64
        assert form.last_value(p, o, square) == expected


def walked_flips(p: int, o: int, square: int) -> int:
    """What a disc of `p` on `square` turns over, found by walking the eight directions."""
    turned = 0
    row, column = divmod(square, 8)
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (1, -1), (-1, 1)):
        r, c, run = row + dr, column + dc, 0
        while 0 <= r < 8 and 0 <= c < 8 and (o >> (8 * r + c)) & 1:
            run |= 1 << (8 * r + c)
            r, c = r + dr, c + dc
        if run and 0 <= r < 8 and 0 <= c < 8 and (p >> (8 * r + c)) & 1:
            turned |= run
    return turned


def test_flips_match_a_walk_along_the_eight_directions(form: ModuleType) -> None:
    """`flips` reads lines through tables; boards no game reaches (any density, discs on every
    edge and short diagonal) against a plain walk."""
    rng = random.Random(5)
    for _ in range(600):
        filled, share = rng.random(), rng.random()
        p = o = 0
        for s in range(64):
            if rng.random() < filled:
                if rng.random() < share:
                    p |= 1 << s
                else:
                    o |= 1 << s
        for square in range(64):
            if not ((p | o) >> square) & 1:
                assert form.flips(p, o, square) == walked_flips(p, o, square), (hex(p), hex(o), square)


def test_the_compiled_constants_are_the_plain_ones() -> None:
    assert_constants_agree(plain)


@pytest.mark.parametrize("empties", [1, 2, 5, 8])
def test_exact_values_match_minimax_over_the_rules(form: ModuleType, empties: int) -> None:
    # 8 empties: above the kernel's scan of the last squares, so its ordered search is checked too
    for seed in range(40 if empties < 8 else 6):
        states = random_game(1000 * empties + seed)
        state = next((s for s in states if s.empties == empties), None)
        if state is None or GAME.to_move(state) is None:
            continue
        p, o = state.sides
        exact = rules_value(state)
        assert form.solve_exact(p, o, -65, 65, False) == exact
        # fail-soft bounds on the right side of a null window
        assert form.solve_exact(p, o, exact - 1, exact, False) >= exact
        assert form.solve_exact(p, o, exact, exact + 1, False) <= exact


def test_both_forms_agree_on_perft_7_and_deeper_endgames() -> None:
    compiled = kernel_form(plain, "compiled")
    start = GAME.start({}, 0, 2)
    p, o = start.sides
    assert compiled.perft(p, o, 7, False) == plain.perft(p, o, 7, False) == 55092
    for seed in range(3):
        state = next(s for s in random_game(seed) if s.empties == 11)
        p, o = state.sides
        assert compiled.solve_exact(p, o, -65, 65, False) == plain.solve_exact(p, o, -65, 65, False)


def test_both_forms_find_the_same_stable_discs() -> None:
    # that stable discs never flip is checked on the searches' own form in test_engine.py
    compiled = kernel_form(plain, "compiled")
    for seed in range(10):
        for state in random_game(seed)[20::4]:
            occupied = state.black | state.white
            for me in (state.black, state.white):
                assert compiled.stable_discs(me, occupied) == plain.stable_discs(me, occupied)


def test_the_table_remembers_a_best_move_until_cleared(form: ModuleType) -> None:
    state = next(s for s in random_game(21) if s.empties == 11)
    p, o = state.sides
    value = form.solve_exact(p, o, -65, 65, False)
    move = form.table_move(p, o)
    assert form.legal_moves(p, o) & (1 << move)
    f = form.flips(p, o, move)
    assert -form.solve_exact(o ^ f, p | f | (1 << move), -65, 65, False) == value
    form.clear_table()
    assert form.table_move(p, o) == -1


def test_each_lane_has_its_own_table(form: ModuleType) -> None:
    state = next(s for s in random_game(22) if s.empties == 11)
    p, o = state.sides
    form.clear_table()
    counted_before = form.nodes(1)
    value = form.solve_exact(p, o, -65, 65, False, 0)
    assert form.nodes(1) == counted_before
    assert form.table_move(p, o, 0) >= 0 and form.table_move(p, o, 1) == -1
    assert form.solve_exact(p, o, -65, 65, False, 1) == value
    assert form.nodes(1) > counted_before
    form.clear_table(1)
    assert form.table_move(p, o, 1) == -1 and form.table_move(p, o, 0) >= 0


def test_a_slot_holding_words_of_two_entries_reads_as_empty() -> None:
    # what two threads writing one slot at once may leave: the check of the data no longer
    # matches the position's words (the plain form, to reach the slot; the compiled one is the
    # same source)
    state = next(s for s in random_game(23) if s.empties == 11)
    p, o = state.sides
    plain.clear_table(0)
    value = plain.solve_exact(p, o, -65, 65, False, 0)
    slot = plain._slot(p, o, 0)
    assert plain.table_move(p, o, 0) >= 0
    other = plain._table_data[slot] ^ (1 << 8)  # another entry's bounds
    plain._table_data[slot] = other
    assert plain.table_move(p, o, 0) == -1
    # the bounds are not used either: a search sees the slot as empty and finds the value again
    assert plain.solve_exact(p, o, -65, 65, False, 0) == value


def test_the_levels_load_without_the_search_so_a_first_build_happens_on_the_thinking_thread() -> None:
    import subprocess
    import sys

    probe = (
        "import sys, ludoteca.games.othello.players as levels; levels.player_for_level(5); "
        "print('ludoteca.games.othello.search' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_both_forms_order_alike_with_many_empties() -> None:
    # from ORDER_EMPTIES on, moves are ordered by a shallow search too: both forms must order (and
    # so count) alike, or a search counting its positions would stop elsewhere without a compiler
    compiled = kernel_form(plain, "compiled")
    state = next(s for s in random_game(31) if s.empties == plain.ORDER_EMPTIES + 1)
    p, o = state.sides
    counts = []
    for form in (plain, compiled):
        form.clear_table(1)
        form.exact_start(1, -1)
        counts.append((form.solve_exact(p, o, -65, 65, False, 1), form.nodes(1)))
    assert counts[0] == counts[1]
    assert counts[0][1] > 1000


def test_a_search_stops_at_its_count_and_leaves_the_table_true(form: ModuleType) -> None:
    state = next(s for s in random_game(32) if s.empties == 14)
    p, o = state.sides
    form.clear_table(1)
    form.exact_start(2, -1)
    exact = form.solve_exact(p, o, -65, 65, False, 1, 2)
    whole = form.nodes(2)
    form.clear_table(1)
    form.exact_start(2, whole // 10)
    form.solve_exact(p, o, -65, 65, False, 1, 2)
    assert form.exact_halted(2)
    # (the last empties are searched without looking at the count: a few hundred positions more)
    assert whole // 10 <= form.nodes(2) < whole // 3
    # a stopped search wrote nothing false: the same table then gives the exact value
    form.exact_start(2, -1)
    value = form.solve_exact(p, o, -65, 65, False, 1, 2)
    assert not form.exact_halted(2)
    assert value == exact


def test_a_halted_watch_stops_only_its_own_search(form: ModuleType) -> None:
    state = next(s for s in random_game(33) if s.empties == 10)
    p, o = state.sides
    form.exact_start(3, -1)
    form.exact_start(4, -1)
    form.exact_halt(3)
    form.clear_table(0)
    form.solve_exact(p, o, -65, 65, False, 0, 3)
    assert form.exact_halted(3) and form.nodes(3) <= 1
    # another search in the same table, under another watch, is not stopped
    assert form.solve_exact(p, o, -65, 65, False, 0, 4) == rules_value(state)
    assert not form.exact_halted(4)
    form.exact_start(3, -1)


#: positions with 8 empties (every square but eight filled at random) whose hash meets that of the
#: position with 10 empties of `random_game(31)` in one pair of the table (found by numpy over a
#: few million colourings; the test checks that they meet)
SHALLOW_IN_THE_SAME_PAIR = (
    (0xA0145851B085309C, 0x50E927AE0F7A8F63),
    (0x202C2EF91E558D3E, 0xD0D15106A1AA32C1),
    (0x60D04D753463092E, 0x902D328A8B9CB6D1),
)


def test_a_deep_entry_keeps_its_slot_against_shallow_ones_until_a_later_solve(form: ModuleType) -> None:
    state = next(s for s in random_game(31) if s.empties == 10)
    deep = state.sides
    first, second, third = SHALLOW_IN_THE_SAME_PAIR
    pair = plain._slot(*deep, 0)
    assert all(plain._slot(p, o, 0) == pair and empty_count(p, o) == 8 for p, o in SHALLOW_IN_THE_SAME_PAIR)

    def known(position: tuple[int, int]) -> bool:
        return bool(form.table_move(*position, 0) >= 0)

    form.clear_table(0)
    form.table_age(0)
    form.solve_exact(*deep, -65, 65, False, 0)
    assert known(deep)
    # the same solve: shallow positions share the pair's second slot, the deep one stays
    form.solve_exact(*first, -65, 65, False, 0)
    assert known(deep) and known(first)
    form.solve_exact(*second, -65, 65, False, 0)
    assert known(deep) and known(second) and not known(first)
    # a later solve: the deep entry of the earlier one gives way to a shallow one
    form.table_age(0)
    form.solve_exact(*third, -65, 65, False, 0)
    assert known(third) and known(second) and not known(deep)
