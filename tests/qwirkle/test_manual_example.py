"""The rulebook's worked example: four players, three rounds, twelve plays with known scores."""

from __future__ import annotations

from ludoteca.games.qwirkle import GAME
from ludoteca.games.qwirkle.movegen import scored_placements
from ludoteca.games.qwirkle.state import Place

from .support import manual_example, manual_tile, with_hand

#: where the example's first tile goes on the 12 x 26 board
ROW0, COL0 = 6, 10


def plays() -> list[tuple[Place, int]]:
    out = []
    for play in manual_example()["plays"]:
        tiles = [(t["y"] + ROW0, t["x"] + COL0, manual_tile(t)) for t in play["tiles"]]
        out.append((Place.of(tiles), play["score"]))
    return out


def test_the_example_scores_as_in_the_rulebook() -> None:
    state = GAME.start(GAME.options(), seed=11, seats=4)
    scored = []
    for place, _expected in plays():
        # the players held these tiles in the rulebook; give them to the mover
        state = with_hand(state, state.turn, tuple(t for _r, _c, t in place.tiles))
        state = GAME.play(state, place)
        assert state.last is not None
        scored.append(state.last.score)
    assert scored == [3, 7, 4, 6, 7, 6, 3, 3, 10, 9, 18, 9]
    assert scored == [expected for _place, expected in plays()]
    # Sonia, Cedric, Elvire, Bernard after three rounds
    assert state.scores == (3 + 7 + 10, 7 + 6 + 9, 4 + 3 + 18, 6 + 3 + 9)


def test_the_rulebook_breakdowns() -> None:
    state = GAME.start(GAME.options(), seed=11, seats=4)
    breakdowns = []
    qwirkles = []
    for place, _expected in plays():
        state = with_hand(state, state.turn, tuple(t for _r, _c, t in place.tiles))
        state = GAME.play(state, place)
        assert state.last is not None
        breakdowns.append(sorted(state.last.lines))
        qwirkles.append(state.last.qwirkles)
    # "7 points (4+3)", "4 points (2+2)", "6 points (2+2+2)", "10 points (4+4+2)", "9 points (4+5)",
    # "18 points (6+3+3+6 de bonus)", "9 points (5+2+2)"
    assert breakdowns[1] == [3, 4]
    assert breakdowns[2] == [2, 2]
    assert breakdowns[3] == [2, 2, 2]
    assert breakdowns[8] == [2, 4, 4]
    assert breakdowns[9] == [4, 5]
    assert breakdowns[10] == [3, 3, 12]
    assert breakdowns[11] == [2, 2, 5]
    assert qwirkles == [0] * 10 + [1, 0]  # Elvire's red line of six


def test_the_move_generator_finds_each_play_with_its_score() -> None:
    state = GAME.start(GAME.options(), seed=11, seats=4)
    for number, (place, expected) in enumerate(plays()):
        state = with_hand(state, state.turn, tuple(t for _r, _c, t in place.tiles))
        assert place in GAME.legal_moves(state)
        if number:  # the opening play is checked above; the generator scores plays on a board
            assert dict(scored_placements(state, state.hands[state.turn]))[place] == expected
        state = GAME.play(state, place)
