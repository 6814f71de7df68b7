"""Robot Turtles' side panel keeps every player and the round in view (issue 30, item 5).

Four players in a three-round game with the Bug card leave the game's panel three lines at
800×600: the panel used to draw Blue's and Red's lines and drop the rest without a word. Here the
real window is drawn under the fit watch at the smallest size and larger ones, in English and
French, in the first round and in the third (two finished rounds to show, a player arrived, a Bug
card at work on a long program); every player's stock, the round's line and each finished round
must be drawn inside the panel, and the watch must find nothing cut, dropped or overflowing there.
With all three options named above the players at 800×600 the panel keeps two lines, the
players' own: the round's lines then stand beside the board, in the board's part of the window.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.games.turtles.rules import seat_names
from ludoteca.games.turtles.state import TurtlesState
from ludoteca.games.turtles.window import TurtlesBoard
from ludoteca.games.turtles.window_table import initials
from ludoteca.i18n import _
from ludoteca.kits.window import fit
from ludoteca.match import Match
from ludoteca.shells.window.screens.play import PlayScreen

from .conftest import Driver

SIZES = ((800, 600), (1024, 768), (1280, 800), (1920, 1080))


#: the options of the issue's game, and all of them: the panel's first lines then name three
#: options, on two lines at 800×600, which leaves the game's panel two lines
OPTIONS = ({"three_rounds": True, "bug": True}, {"three_rounds": True, "bug": True, "show_program": True})


def open_four_players(
    driver: Driver, size: tuple[int, int], language: str, options: dict[str, bool] = OPTIONS[0]
) -> PlayScreen:
    app = driver.app
    app.settings.language = language
    app.apply_settings()
    app.resize(size)
    game = get_game("turtles")
    # one person and three computers that do not think: no curtain hides the panel
    seats = (SeatSpec("human"), *(SeatSpec("computer", level=1) for _seat in range(3)))
    match = Match(game, game.options(options), seats, 3)
    app.go("play", match, computers=False)
    driver.frames(2)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    return play


def third_round(state: TurtlesState) -> TurtlesState:
    """Two rounds played, Pink arrived already, Green's Bug card on Red's long program."""
    players = list(state.players)
    red = players[1]
    players[1] = replace(red, bugged_by=2, program=(*red.program, *red.hand * 3))
    players[2] = replace(players[2], has_bug=False)
    return replace(
        state, players=tuple(players), round=3, past_rounds=((0, 1, 2, 3), (3, 2, 1, 0)), arrivals=(3,)
    )


def mentions_in_order(texts: list[str], seats: list[int]) -> bool:
    """The texts name `seats` in this order (by name or by initial), whatever lies between."""
    names, letters = seat_names(4), initials(seat_names(4))
    words = iter(" ".join(texts).replace("·", " ").split())
    return all(any(word in (names[seat], letters[seat]) for word in words) for seat in seats)


def player_lines(rows: list[fit.Drawn]) -> dict[int, list[str]]:
    """Each seat's texts among the players' `rows`, whatever the layout: from the text that
    names the seat (its name, its initial, or "Pink: reached a jewel") along its row, up to the
    next seat's."""
    names, letters = seat_names(4), initials(seat_names(4))

    def seat_of(text: str) -> int | None:
        # "Blue", "B", or "Blue: reached a jewel, 1st" ("Rose : joyau atteint, 1er")
        return next((s for s in range(4) if text.split(":")[0].strip() in (names[s], letters[s])), None)

    starts = [(d, seat) for d in rows if (seat := seat_of(d.text)) is not None]
    lines: dict[int, list[str]] = {}
    for d, seat in starts:
        ends = [e.rect.left for e, _s in starts if e.rect.top == d.rect.top and e.rect.left > d.rect.left]
        end = min(ends, default=10**6)
        lines[seat] = [e.text for e in rows if e.rect.top == d.rect.top and d.rect.left <= e.rect.left < end]
    return lines


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("later", [False, True], ids=["round-1", "round-3"])
@pytest.mark.parametrize("options", OPTIONS, ids=["two-options", "three-options"])
def test_every_player_and_the_round_are_drawn(
    driver: Driver,
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
    language: str,
    later: bool,
    options: dict[str, bool],
) -> None:
    play = open_four_players(driver, size, language, options)
    if later:
        shown = third_round(play.view())
        monkeypatch.setattr(play, "view", lambda: shown)
    state = play.view()
    with fit.watching() as watch:
        driver.app.step()
    problems = [p for p in watch.problems(driver.app.surface.get_rect()) if "turtles panel" in p]
    assert not problems, problems
    drawn = [d for d in watch.drawn if "turtles panel" in d.where]
    # the round's line, long or shortened
    headings = (
        _("Round {n} of {total}").format(n=state.round, total=state.rounds),
        _("Round {n}/{total}").format(n=state.round, total=state.rounds),
    )
    heading = next((d for d in drawn if d.text in headings), None)
    assert heading is not None, f"the round's line is not drawn: {[d.text for d in drawn]}"
    players, rounds = drawn[: drawn.index(heading)], drawn[drawn.index(heading) :]
    outside = [d for d in players if not play.layout.panel.contains(d.rect)]
    assert not outside, outside
    if not play.layout.panel.contains(heading.rect):
        # no room under the players (three options named above them at 800×600): the round's
        # lines stand beside the board, clear of its squares and of the tray under it
        assert options == OPTIONS[1] and size == (800, 600), heading
        board = play.board
        assert isinstance(board, TurtlesBoard)
        for d in rounds:
            assert board.area.contains(d.rect), d
            assert not d.rect.colliderect(board.grid.rect) and not d.rect.colliderect(board.tray.rect), d
    else:
        assert all(play.layout.panel.contains(d.rect) for d in rounds), rounds
    lines = player_lines(players)
    for seat, name in enumerate(seat_names(4)):
        assert seat in lines, f"{name}'s line is not in the panel: {[d.text for d in drawn]}"
        line = lines[seat]
        if seat in state.arrivals:
            assert any(_("1st") in text for text in line), line
            continue
        # the program's length and the walls left, in words or beside their icons
        player = state.players[seat]
        program = str(len(player.program))
        assert any(text == program or text.endswith(f" {program}") for text in line), line
        assert str(player.stone_walls) in line and str(player.ice_walls) in line, line
    # the finished rounds: on rows of their own under the round's line, or on it as arrival orders
    finished = [d.text for d in rounds]
    orders = [seat for order in state.past_rounds for seat in order]
    assert mentions_in_order(finished, orders), finished
