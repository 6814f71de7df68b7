"""Issue 23, item 4: nothing a seat is sent is derived from the seed, and the seeds the program
draws are 64 bits from `secrets`.

Robot Turtles views carried `table = blake2b("turtles/{seed}/{seats}")`. With seeds drawn below
2**31, trying every seed found the one behind a table's name, and with it every hand and deck.

The checks find such a value without knowing which field holds it. A piece of a view that the seed
decides (two starts with the same seed agree on it) and that differs for nearly every seed is a
digest of the seed: what the rules show of chance comes in small pieces (a card, a tile, a colour,
a square, who begins), each shared by many seeds. A value drawn afresh at every start, independent
of the seed, is not decided by the seed and tells nothing about it.
"""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ludoteca.core.game import Game
from ludoteca.core.record import Record
from ludoteca.core.registry import all_games
from ludoteca.core.seats import SeatSpec
from ludoteca.core.text import read_seed
from ludoteca.net.codec import encode
from ludoteca.store import Store
from tests.cli_runner import run_ludoteca

SRC = Path(__file__).parents[1] / "src" / "ludoteca"

#: enough seeds that a digest (one value per seed) stands far above the most varied public piece:
#: Five or More's first balls land on one of 81 squares, which 128 seeds hit about 65 ways
SEEDS = range(1000, 1128)
#: a piece taking more distinct values than this share of the seeds is named by the seed
DIGEST_SHARE = 0.9
#: the views checked: the start, and a few moves in (what a move reveals must not name it either)
PLIES = (0, 3)


def cases(games: list[Game[Any, Any]]) -> list[Any]:
    return [
        pytest.param(game, seats, id=f"{game.info.key}-{seats}p")
        for game in games
        for seats in sorted({game.info.min_seats, game.info.max_seats})
    ]


#: every registered game whose seed decides something a player must not know
SECRETIVE = [g for g in all_games() if g.info.chance or g.info.hidden_information]


def pieces(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every scalar of an encoded view, with where it sits (`.f.players[0].f.hand[2]`)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from pieces(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from pieces(item, f"{path}[{index}]")
    else:
        yield path, value


def game_after(game: Game[Any, Any], seats: int, seed: int, plies: int) -> Any:
    """The game `plies` moves in; the moves depend only on the seed, so a second call agrees."""
    state = game.start(game.options(), seed, seats)
    chooser = random.Random(seed)
    for _ply in range(plies):
        if game.to_move(state) is None:
            break
        legal = game.legal_moves(state)  # indexed, not listed: Qwirkle's opening has 12,000 moves
        state = game.play(state, legal[chooser.randrange(len(legal))])
    return state


def sent(game: Game[Any, Any], state: Any, seat: int | None) -> dict[str, Any]:
    """What goes over the network to `seat` (None: a spectator), piece by piece."""
    return dict(pieces(encode(game.view(state, seat))))


def undecided(game: Game[Any, Any], seats: int, plies: int) -> set[str]:
    """Pieces that differ between two starts with the same seed: the seed does not decide them."""
    loose: set[str] = set()
    for seed in SEEDS[:4]:
        first, second = game_after(game, seats, seed, plies), game_after(game, seats, seed, plies)
        for seat in [None, *range(seats)]:
            a, b = sent(game, first, seat), sent(game, second, seat)
            loose |= {path for path in a.keys() | b.keys() if a.get(path) != b.get(path)}
    return loose


@pytest.mark.parametrize(("game", "seats"), cases(SECRETIVE))
def test_no_piece_of_any_view_is_a_digest_of_the_seed(game: Game[Any, Any], seats: int) -> None:
    for plies in PLIES:
        loose = undecided(game, seats, plies)
        seen: dict[tuple[int | None, str], set[Any]] = defaultdict(set)
        for seed in SEEDS:
            state = game_after(game, seats, seed, plies)
            for seat in [None, *range(seats)]:
                for path, value in sent(game, state, seat).items():
                    if path not in loose:
                        seen[seat, path].add(value)
        named = sorted(
            f"seat {seat} {path} ({len(values)} values)"
            for (seat, path), values in seen.items()
            if len(values) > DIGEST_SHARE * len(SEEDS)
        )
        assert not named, f"{plies} moves in, these pieces of the views name the seed: {named[:6]}"


@pytest.mark.parametrize(("game", "seats"), cases([g for g in SECRETIVE if g.info.hidden_information]))
def test_a_spectator_sees_the_same_start_whatever_the_hidden_deal(game: Game[Any, Any], seats: int) -> None:
    """Before anyone plays, the rules of our hidden-information games show nothing dealt: the one
    public fact chance decides is who begins, so the seeds that give the same first player must
    give the spectator the same view."""
    loose = undecided(game, seats, 0)
    views: dict[int | None, set[str]] = defaultdict(set)
    for seed in SEEDS:
        state = game.start(game.options(), seed, seats)
        shown = {path: value for path, value in sent(game, state, None).items() if path not in loose}
        views[game.to_move(state)].add(json.dumps(shown, sort_keys=True))
    assert all(len(forms) == 1 for forms in views.values()), {
        first: len(forms) for first, forms in views.items()
    }


def test_the_seeds_the_program_draws_have_64_bits_and_every_one_is_read_back() -> None:
    from ludoteca.core.rng import fresh_seed

    seeds = [fresh_seed() for _ in range(200)]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= seed < 2**64 for seed in seeds)
    # 200 draws all below 2**61 would happen once in 8**200: the draws use the 64 bits
    assert max(seed.bit_length() for seed in seeds) > 60
    for seed in [*seeds, 2**64 - 1]:
        assert read_seed(str(seed)) == seed
        record = Record("qwirkle", seed, {}, (SeatSpec(), SeatSpec()), [])
        assert Record.loads(record.dumps()).seed == seed


def test_no_module_draws_a_seed_of_its_own() -> None:
    """Seeds come from `core.rng.fresh_seed` alone: each front end drawing its own is how the window
    came to deal from 31 bits."""
    drawing = re.compile(r"SystemRandom|randrange\(\s*1\s*<<")
    found = [
        f"{path.relative_to(SRC)}:{number}"
        for path in sorted(SRC.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if drawing.search(line)
    ]
    assert not found, f"seeds drawn outside core/rng.py: {found}"


def test_a_game_started_from_the_command_line_has_a_64_bit_seed(tmp_path: Path) -> None:
    home = tmp_path / "home"
    out = run_ludoteca(["play", "qwirkle", "--players", "Ann=human,Bob=human"], home, "\nx all\n")
    assert "saving the game" in out.stdout, out.stdout + out.stderr
    with Store(home / "ludoteca.sqlite3") as store:
        [saved] = store.list_saves()
        seed = Record.loads(store.load_save(saved.id).record_text).seed
    # a seed below 2**32 comes from a 64-bit draw once in four billion games
    assert seed.bit_length() > 32, seed
