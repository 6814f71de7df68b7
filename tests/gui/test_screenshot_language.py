"""`ludoteca screenshot … --lang fr` draws the window in French (found taking issue 30's pictures:
the command line takes `--lang` out for every command, so the screenshot's own flag was never seen
and the window was set to English)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.cli import main
from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.i18n import language, set_language
from ludoteca.match import Match


@pytest.mark.parametrize("where", ["after", "before"])
def test_the_screenshot_is_in_the_language_asked_for(tmp_path: Path, where: str) -> None:
    game = get_game("qwirkle")
    match = Match(game, game.options(), (SeatSpec("human"), SeatSpec("computer", 2)), 1)
    match.play(game.format_move(match.state, game.legal_moves(match.state)[0]))
    record = tmp_path / "game.txt"
    record.write_text(match.to_record().dumps(), encoding="utf-8")
    shot = [
        "screenshot",
        "qwirkle",
        "--record",
        str(record),
        "--size",
        "800x600",
        "--out",
        str(tmp_path / "a.png"),
    ]
    argv = [*shot, "--lang", "fr"] if where == "after" else ["--lang", "fr", *shot]
    try:
        assert main(argv) == 0
        # the window set its language from its settings as it opened: French
        assert language() == "fr"
    finally:
        set_language("en")
