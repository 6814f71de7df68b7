from ludoteca_tictactoe import GAME

from ludoteca.core.perft import divide, perft


def test_tictactoe_perft_matches_the_known_game_counts() -> None:
    start = GAME.start({}, 0, 2)
    # 9, 72, 504, 3024 positions, then games that ended stop contributing:
    # 15120 at ply 5 includes the 1440 won at ply 5 which have no children at ply 6.
    assert [perft(GAME, start, d) for d in range(1, 5)] == [9, 72, 504, 3024]
    assert perft(GAME, start, 6) == (15120 - 1440) * 4
    assert perft(GAME, start, 9) == 127872  # games lasting all nine moves: 81 792 wins + 46 080 draws


def test_divide_sums_to_perft() -> None:
    start = GAME.start({}, 0, 2)
    parts = divide(GAME, start, 3)
    assert len(parts) == 9 and sum(n for _, n in parts) == 504
