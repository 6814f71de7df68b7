"""Reviews are kept in the player's store: the same game reviewed again is read back, not judged
again, in the terminal and the window; a damaged entry is reviewed again; another game (or other
moves of it) gets its own entry."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from ludoteca.core.seats import SeatSpec
from ludoteca.games.connect4.review import Connect4Analyser
from ludoteca.match import Match
from ludoteca.shells import review_cache
from ludoteca.shells.terminal import review
from ludoteca.store import Store
from tests.review.test_review import C4_FROM, C4_GAME, replay


def endgame(moves: list[str]) -> Match:
    game, states, _moves = replay("connect4", C4_GAME[: C4_FROM - 1])
    humans = (SeatSpec("human"), SeatSpec("human"))
    match = Match(game, game.options({}), humans, 1, position=game.position_text(states[-1]))
    for text in moves:
        match.play(text)
    return match


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many positions the engine judged (each call of the analyser)."""
    counted: list[int] = []
    real = Connect4Analyser.read

    def read(self: Connect4Analyser, *args: object, **kwargs: object) -> object:
        counted.append(1)
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Connect4Analyser, "read", read)
    return counted


def printed(match: Match, store: Store | None) -> str:
    out = io.StringIO()
    assert review.run(match, 1, None, out, store) == 0
    return out.getvalue()


def test_the_terminal_reads_a_kept_review_back(tmp_path: Path, reads: list[int]) -> None:
    match = endgame(C4_GAME[C4_FROM - 1 :])
    with Store(tmp_path / "store.sqlite3") as store:
        first = printed(match, store)
        assert len(reads) == match.ply
        again = printed(match, store)
        assert again == first and len(reads) == match.ply  # not one position judged again
        # a damaged entry: judged again, and shown whole
        key = review_cache.cache_key(match, Connect4Analyser())
        store.set_setting(key, '{"moves": [{"ply": "x"}]}')
        assert printed(match, store) == first and len(reads) == 2 * match.ply
        # the game cut short is another game: its own entry
        shorter = endgame(C4_GAME[C4_FROM - 1 : -2])
        assert review_cache.cache_key(shorter, Connect4Analyser()) != key
        printed(shorter, store)
        assert len(reads) == 2 * match.ply + shorter.ply
    # without a store, the review is made and shown all the same
    assert printed(match, None) == first


def test_the_window_reads_a_kept_review_back(tmp_path: Path, reads: list[int]) -> None:
    from ludoteca.shells.window.screens.review_graph import Reviewer

    match = endgame(C4_GAME[C4_FROM - 1 :])
    with Store(tmp_path / "store.sqlite3") as store:
        made = Reviewer(match, store)
        made.wait()
        assert made.result is not None and len(reads) == match.ply
        again = Reviewer(match, store)
        assert again.done and again.result == made.result and len(reads) == match.ply
        # the terminal finds the window's review (one cache for both)
        printed(match, store)
        assert len(reads) == match.ply
