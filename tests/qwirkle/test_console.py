"""The brief's console game end to end: moves piped into `python -m ludoteca play qwirkle`, the
hot-seat privacy step, the end-of-round prompt, stopping with a save, resuming, the score list."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

from ludoteca.ai.base import Budget
from ludoteca.core.registry import declaration
from ludoteca.games.qwirkle import GAME
from ludoteca.games.qwirkle import scores as scores_qwirkle
from ludoteca.games.qwirkle.game import round_over
from ludoteca.games.qwirkle.players import Greedy
from ludoteca.games.qwirkle.tiles import tile_label, tile_text
from ludoteca.kits.terminal.console import Console
from ludoteca.shells.terminal.menu import run_menu
from ludoteca.store import ResultRow, Store
from tests.cli_runner import run_ludoteca

SEED = 21
OPTIONS = GAME.options({"mode": "short"})


def ludoteca(args: list[str], home: Path, stdin: str) -> subprocess.CompletedProcess[str]:
    return run_ludoteca(args, home, stdin)


def scripted_game() -> tuple[list[str], list[bool], tuple[int, ...]]:
    """A whole two-player short game played by greedy players: the moves, whether each ends a
    round (the console then asks to continue), and the final scores."""
    state = GAME.start(OPTIONS, SEED, 2)
    player = Greedy(seed=3)
    moves, round_ends = [], []
    while (seat := GAME.to_move(state)) is not None:
        move = player.choose(GAME, GAME.view(state, seat), seat, Budget(None))
        moves.append(GAME.format_move(state, move))
        state = GAME.play(state, move)
        round_ends.append(round_over(state) and GAME.to_move(state) is not None)
    return moves, round_ends, state.scores


def typed(moves: list[str], round_ends: list[bool], stop_after_round: int | None = None) -> str:
    """What the two people type: Enter when the keyboard is passed, the move, Enter for the next
    round (or 'stop' and 'y' to save at the chosen round)."""
    text = ""
    rounds = 0
    for move, ends in zip(moves, round_ends, strict=True):
        text += "\n" + move + "\n"
        if ends:
            rounds += 1
            if rounds == stop_after_round:
                return text + "stop\ny\n"
            text += "\n"
    return text + "\n"


def test_a_hot_seat_game_is_played_to_the_end_and_scored(tmp_path: Path) -> None:
    moves, round_ends, scores = scripted_game()
    out = ludoteca(
        ["play", "qwirkle", "--players", "Ann=human,Bob=human", "--mode", "short", "--seed", str(SEED)],
        tmp_path,
        typed(moves, round_ends),
    )
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    assert out.stdout.count("Pass the keyboard to") == len(moves)
    # Bob's tiles appear only once Bob has the keyboard
    bobs_hand = " ".join(tile_label(t) for t in GAME.start(OPTIONS, SEED, 2).hands[1])
    assert out.stdout.index(bobs_hand) > out.stdout.index("Pass the keyboard to Bob")
    assert out.stdout.count("End of round") == sum(round_ends)
    assert "Not played" not in out.stdout
    assert "Game over:" in out.stdout
    assert f"total {max(scores)}" in out.stdout
    listing = ludoteca(["scores", "qwirkle"], tmp_path, "")
    assert f"Ann: {scores[0]}  Bob: {scores[1]}" in listing.stdout


def test_stop_at_a_round_end_save_and_resume(tmp_path: Path) -> None:
    moves, round_ends, scores = scripted_game()
    first = ludoteca(
        ["play", "qwirkle", "--players", "Ann=human,Bob=human", "--mode", "short", "--seed", str(SEED)],
        tmp_path,
        typed(moves, round_ends, stop_after_round=2),
    )
    assert first.returncode == 0, first.stderr
    assert "Save before leaving?" in first.stdout and "Saved (number 1)" in first.stdout
    played = 4
    rest = typed(moves[played:], round_ends[played:])
    second = ludoteca(["play", "--resume", "1"], tmp_path, rest)
    assert second.returncode == 0, second.stderr
    assert "Game over:" in second.stdout and "Not played" not in second.stdout
    listing = ludoteca(["scores", "qwirkle", "--unsorted"], tmp_path, "")
    assert f"Ann: {scores[0]}  Bob: {scores[1]}" in listing.stdout


def test_an_illegal_play_is_refused_with_its_reason(tmp_path: Path) -> None:
    state = GAME.start(OPTIONS, SEED, 2)
    first = next(m for m in GAME.legal_moves(state) if len(getattr(m, "tiles", ())) == 1)
    text = GAME.format_move(state, first)
    bobs = tile_text(state.hands[1][0])
    far = ("lz" if text[:2] != "lz" else "aa") + bobs
    out = ludoteca(
        ["play", "qwirkle", "--players", "Ann=human,Bob=human", "--mode", "short", "--seed", str(SEED)],
        tmp_path,
        f"\n{text}\n\n{far}\n",
    )
    assert "Not played: the tiles must touch a tile already on the board" in out.stdout
    assert "Not played: you have no" not in out.stdout


def test_the_computer_demo_runs_unattended(tmp_path: Path) -> None:
    out = ludoteca(
        [
            "play",
            "qwirkle",
            "--players",
            "computer:2,computer:5",
            "--mode",
            "short",
            "--seed",
            "3",
            "--think",
            "0.05",
        ],
        tmp_path,
        "",
    )
    assert out.returncode == 0, out.stderr
    assert "Game over:" in out.stdout
    assert "End of round" not in out.stdout and "Pass the keyboard" not in out.stdout


def test_the_briefs_menu_asks_mode_and_pseudonyms() -> None:
    # Enter at the computers' thinking: each level's own time
    typed_in = "2\ns\n3\nAnn\nh\nBob\n1\nCy\n4\n\n7\n"
    out = io.StringIO()
    with Store() as store:
        run_menu(store, Console(io.StringIO(typed_in), out), only=declaration("qwirkle"))
    text = out.getvalue()
    assert "Qwirkle  —  Ann (Player 1), Bob (Player 2), Cy (Player 3)" in text
    assert "Bag: 18 tiles" in text  # short mode: 36 tiles, 3 hands of 6


def test_the_score_list_keeps_the_order_of_play_and_sorts() -> None:
    with Store() as store:
        for players, scores in ((("Toto", "Titi"), (43, 27)), (("François", "Toto", "Ann"), (21, 19, 38))):
            store.add_result(
                ResultRow(
                    date="2026-11-25T10:00:00",
                    game="qwirkle",
                    variant="mode=normal",
                    players=players,
                    kinds=("human",) * len(players),
                    scores=scores,
                    ranks=tuple(1 + sum(o > s for o in scores) for s in scores),
                    winner=players[scores.index(max(scores))],
                    reason="",
                )
            )
        rows = store.results("qwirkle")
    assert scores_qwirkle.unsorted_text(rows) == ["Toto: 43  Titi: 27", "François: 21  Toto: 19  Ann: 38"]
    ranked = [line.split()[1:3] for line in scores_qwirkle.sorted_text(rows)]
    assert ranked == [["Toto", "43"], ["Ann", "38"], ["Titi", "27"], ["François", "21"], ["Toto", "19"]]


def test_save_in_the_middle_of_a_round_and_resume(tmp_path: Path) -> None:
    moves, round_ends, scores = scripted_game()
    played = 3  # the second round is under way
    assert not round_ends[played - 1]
    first = ludoteca(
        ["play", "qwirkle", "--players", "Ann=human,Bob=human", "--mode", "short", "--seed", str(SEED)],
        tmp_path,
        typed(moves[:played], round_ends[:played])[:-1] + "\nsave\nquit\nn\n",
    )
    assert first.returncode == 0, first.stderr
    assert "Saved (number 1)" in first.stdout
    second = ludoteca(["play", "--resume", "1"], tmp_path, typed(moves[played:], round_ends[played:]))
    assert second.returncode == 0, second.stderr
    assert "Not played" not in second.stdout and "Game over:" in second.stdout
    listing = ludoteca(["scores", "qwirkle"], tmp_path, "")
    assert f"Ann: {scores[0]}  Bob: {scores[1]}" in listing.stdout
