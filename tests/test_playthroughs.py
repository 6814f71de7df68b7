"""The golden playthroughs (tests/playthroughs/*.txt) against the games as they play now.

Each of our games is played again, seeded, and what every seat and a spectator saw after every move
is compared with the committed file: a change to the rules, the views or the notation fails here
with a diff. When the change is meant, rewrite the file (`python -m tests.playthroughs.generate
GAME`) and commit it with the change, so the review shows what it did to a game.
"""

from __future__ import annotations

import pytest

from ludoteca.core import registry
from tests.playthroughs import generate

PLAYTHROUGHS = generate.playthroughs()


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=[p.name for p in PLAYTHROUGHS])
def test_the_game_plays_as_recorded(playthrough: generate.Playthrough) -> None:
    problem = generate.difference(playthrough, generate.record(playthrough))
    if problem:
        pytest.fail(problem, pytrace=False)


def test_no_recorded_game_is_left_over() -> None:
    stale = [path.name for path in generate.stale_files()]
    assert not stale, f"no playthrough writes {', '.join(stale)} any more: delete them"


def test_the_settings_name_games_on_the_shelf() -> None:
    """A variant recorded for a game that is not there (a typo, a game renamed) is never played."""
    ours = {d.key for d in registry.declarations() if d.package.startswith(generate.OURS)}
    assert ours, "none of our games is on the shelf"
    assert set(generate.SETTINGS) <= ours
    assert {p.key for p in PLAYTHROUGHS} == ours
