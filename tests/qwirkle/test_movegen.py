"""The fast move generator against a slow, obvious enumeration checked by the plain rules."""

from __future__ import annotations

import random
from itertools import permutations

from ludoteca.core.errors import IllegalMove
from ludoteca.games.qwirkle import GAME
from ludoteca.games.qwirkle.movegen import (
    OpeningPlays,
    best_score,
    board_info,
    has_placement,
    opening_lines,
    placements_on,
    scored_placements,
)
from ludoteca.games.qwirkle.state import EMPTY, Place, QwirkleState

from .support import tiles, with_hand


def obvious_plays(state: QwirkleState) -> dict[Place, int]:
    """Every line of the hand's tiles over the first k empty squares from every square, both ways,
    kept when the rules accept it, scored by playing it."""
    hand = state.hands[state.turn]
    found: dict[Place, int] = {}
    for r in range(state.rows):
        for c in range(state.cols):
            for dr, dc in ((0, 1), (1, 0)):
                squares: list[tuple[int, int]] = []
                rr, cc = r, c
                while 0 <= rr < state.rows and 0 <= cc < state.cols and len(squares) < len(hand):
                    if state.at(rr, cc) == EMPTY:
                        squares.append((rr, cc))
                    elif not squares:
                        break
                    rr, cc = rr + dr, cc + dc
                for k in range(1, len(squares) + 1):
                    for order in set(permutations(hand, k)):
                        play = Place.of([(sr, sc, t) for (sr, sc), t in zip(squares[:k], order, strict=True)])
                        if play in found:
                            continue
                        try:
                            GAME.check(state, play)
                        except IllegalMove:
                            continue
                        after = GAME.play(state, play)
                        assert after.last is not None
                        found[play] = after.last.score
    return found


def crowded_positions(count: int, hand_size: int) -> list[QwirkleState]:
    """Positions from greedy games on a small board, the mover's hand cut to `hand_size` tiles."""
    out: list[QwirkleState] = []
    chooser = random.Random(4)
    options = GAME.options({"rows": 6, "cols": 8, "mode": "short"})
    seed = 0
    while len(out) < count:
        seed += 1
        state = GAME.start(options, seed, 2)
        while GAME.to_move(state) is not None:
            hand = state.hands[state.turn]
            if not state.board_empty and len(hand) >= hand_size and chooser.random() < 0.35:
                out.append(with_hand(state, state.turn, hand[:hand_size]))
            plays = scored_placements(state, hand)
            if plays:
                best = max(score for _m, score in plays)
                move = chooser.choice([m for m, score in plays if score == best])
                state = GAME.play(state, move)
            else:
                state = GAME.play(state, chooser.choice(list(GAME.legal_moves(state))))
    return out[:count]


def test_the_generator_finds_exactly_the_legal_plays_with_their_scores() -> None:
    for state in crowded_positions(10, 4):
        fast = scored_placements(state, state.hands[state.turn])
        assert len(fast) == len(set(fast)), "a play was produced twice"
        assert dict(fast) == obvious_plays(state)


def test_a_placement_exists_exactly_when_the_generator_finds_one() -> None:
    for state in crowded_positions(12, 2):
        hand = state.hands[state.turn]
        assert has_placement(state, hand) == bool(scored_placements(state, hand))


def test_identical_tiles_give_each_play_once() -> None:
    state = GAME.parse_position(
        "size 12x26; mode normal; turn 0; scores 0 0; board ebC1 ecC2; hand C3 C3 C4; hand R1; bag L1; rng 1",
        GAME.options(),
    )
    plays = [m for m, _s in scored_placements(state, state.hands[0])]
    assert len(plays) == len(set(plays))
    assert Place.of([(4, 3, tiles("C3")[0]), (4, 4, tiles("C4")[0])]) in plays


def test_opening_plays_cover_every_line_at_every_place() -> None:
    hand = tiles("C1 C2 R1 X5 X5 L3")
    lines = opening_lines(hand)
    # singles: 5 different tiles; pairs: C1C2, C1R1 (and reversed); nothing longer
    assert sorted(lines) == sorted(
        [(t,) for t in sorted(set(hand))]
        + [(a, b) for a, b in permutations(tiles("C1 C2"))]
        + [(a, b) for a, b in permutations(tiles("C1 R1"))]
    )
    plays = OpeningPlays(lines, 12, 26)
    assert len(plays) == 5 * 12 * 26 + 4 * (12 * 25 + 11 * 26)
    listed = list(plays)
    assert len(set(listed)) == len(listed)
    assert all(p in plays for p in listed[::97])
    state = GAME.parse_position(
        "size 12x26; mode normal; turn 0; scores 0 0; board ; hand C1 C2 R1 X5 X5 L3; hand R1; bag L1; rng 1",
        GAME.options(),
    )
    for play in listed[::211]:
        GAME.check(state, play)
    assert Place.of([(0, 25, tiles("C1")[0]), (0, 26, tiles("C2")[0])]) not in plays
    assert Place.of([(0, 0, tiles("C1")[0]), (0, 2, tiles("C2")[0])]) not in plays


def test_the_best_score_shortcut_agrees_with_the_full_list() -> None:
    """best_score skips orderings of tiles on squares with no line across; it must still find the
    top score (with the end bonus when a play empties the hand)."""
    for state in crowded_positions(12, 6):
        hand = state.hands[state.turn]
        info = board_info(state.cells, state.rows, state.cols)
        for bonus in (0, 6):
            plays = placements_on(info, hand, bonus)
            assert best_score(info, hand, bonus) == max((s for _m, s in plays), default=0)
            full = [s for m, s in plays if len(m.tiles) == len(hand)]
            if bonus and full:
                assert max(s for _m, s in plays) >= max(full)
