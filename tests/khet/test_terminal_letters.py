"""The terminal board says what its piece letters stand for: nobody guesses that K is the
Pharaoh and X the Sphinx (the sibling of Qwirkle's legend, issue 16 item 12)."""

from __future__ import annotations

from ludoteca.core.registry import get_game
from ludoteca.games.khet.terminal import KhetTerminalBoard
from ludoteca.kits.terminal.style import Style


def test_the_letters_of_the_pieces_on_the_board_are_named() -> None:
    game = get_game("khet")
    for variant, names in (
        ("classic", "K Pharaoh · X Sphinx · P Pyramid · S Scarab · A Anubis"),
        ("horus", "K Pharaoh · P Pyramid · O Obelisk · D Djed · E Eye of Horus"),
    ):
        options = game.options({"variant": variant}) if variant != "classic" else game.options({})
        state = game.start(options, 1, 2)
        drawn = KhetTerminalBoard().render(game, state, 0, Style(colour=False))
        assert f"{names} (capitals Silver, small letters Red)" in drawn
