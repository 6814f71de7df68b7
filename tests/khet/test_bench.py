"""`ludoteca bench khet`: the kernel's figures, and the referee of games against Khet2-AI, played
here against stand-ins that speak its protocol."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ludoteca.core.declaration import CommandContext
from ludoteca.games.khet import GAME, khet2ai
from ludoteca.games.khet.bench import main
from ludoteca.games.khet.openings import opening


def _context() -> CommandContext:
    def no_store() -> None:
        raise AssertionError("the bench needs no store")

    return CommandContext(no_store)


def test_perft_and_depth_sections(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--only", "perft", "--depth", "2", "--repeats", "1"], _context()) == 0
    out = capsys.readouterr().out
    assert "5,920 leaves" in out and "5,175 leaves" in out
    depth = ["--only", "depth", "--seconds", "0.05", "--repeats", "1", "--fixed-depth", "2"]
    assert main(depth, _context()) == 0
    assert capsys.readouterr().out.count("depth 2 in") == 4


def _stand_in(tmp_path: Path, answer: str) -> str:
    """An engine speaking Khet2-AI's protocol from Classic; `answer` is Python deciding `reply`
    from `state` (the position after the moves it was given, by Ludoteca's rules)."""
    script = tmp_path / "engine.py"
    script.write_text(
        f"#!{sys.executable}\n"
        "import sys\n"
        "from ludoteca.games.khet import GAME\n"
        "moves = []\n"
        "for line in sys.stdin:\n"
        "    words = line.split()\n"
        "    if words[:1] == ['position']:\n"
        "        moves = words[2:]\n"
        "    elif words[:1] == ['go']:\n"
        "        state = GAME.start(GAME.options({'setup': 'classic'}), 0, 2)\n"
        "        for text in moves:\n"
        "            state = GAME.play(state, GAME.read_move(state, text))\n"
        f"{answer}"
        "        print('info time 0 depth 1 score 0', flush=True)\n"
        "        print('bestmove', reply, flush=True)\n"
        "    elif words[:1] == ['quit']:\n"
        "        break\n"
    )
    script.chmod(0o755)
    return str(script)


def test_a_match_is_refereed_to_the_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first_move = "        reply = GAME.format_move(state, GAME.legal_moves(state)[0])\n"
    path = _stand_in(tmp_path, first_move)
    tally = khet2ai.match(path, 2, 0.02, 1, ["classic"], 12, 2)
    assert tally.wins + tally.losses + tally.draws == 2
    out = capsys.readouterr().out
    assert "game   2: Ludoteca as Red on classic" in out
    assert len(tally.depths[1]) >= 10 and set(tally.depths[1]) == {1}


def test_no_move_after_a_mate_is_a_resignation(tmp_path: Path) -> None:
    resigns = "        print('info time 0 mate 3', flush=True)\n        reply = 'none'\n"
    tally = khet2ai.match(_stand_in(tmp_path, resigns), 2, 0.02, 1, ["classic"], 12, 2)
    assert tally.wins == 2


def test_an_illegal_answer_stops_the_match(tmp_path: Path) -> None:
    path = _stand_in(tmp_path, "        reply = 'a1a2'\n")
    with pytest.raises(khet2ai.EngineError, match="a1a2"):
        khet2ai.match(path, 2, 0.02, 1, ["classic"], 12, 2)


@pytest.mark.parametrize(("variant", "setup"), [("khet2", "imhotep"), ("horus", "classic-horus")])
def test_openings_are_quiet_and_leave_no_shot_that_wins_at_once(variant: str, setup: str) -> None:
    # Imhotep's pair 4 once let Silver's third ply strike Red's Pharaoh in a match against Khet2-AI
    for seed in range(6):
        state = opening(variant, setup, 2, seed)
        assert state.ply == 2 and len(state.history) == 3  # nothing destroyed
        for reply in GAME.legal_moves(state):
            end = GAME.play(state, reply).end
            assert end is None or end.winner != state.turn


@pytest.mark.parametrize("setup", ["classic", "imhotep", "dynasty"])
def test_khet2ai_rules_allow_what_ludoteca_allows(setup: str) -> None:
    # two statements of the same rules, move for move along random games
    import random

    from ludoteca.games.khet import khet2ai_rules
    from ludoteca.games.khet.notation import format_move

    rng = random.Random(setup)
    for _game in range(3):
        state = GAME.start(GAME.options({"setup": setup}), 0, 2)
        while GAME.to_move(state) is not None and state.ply < 80:
            ours = {format_move(m) for m in GAME.legal_moves(state)}
            assert khet2ai_rules.legal_moves(state.board, state.turn) == ours
            state = GAME.play(state, rng.choice(list(GAME.legal_moves(state))))


def test_a_move_only_one_rule_set_allows_stops_the_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ludoteca.games.khet import khet2ai_rules

    allowed = khet2ai_rules.legal_moves

    def without_sphinx_turns(board: tuple[int, ...], colour: int) -> frozenset[str]:
        # a Khet2-AI that would not let a Sphinx turn
        return frozenset(m for m in allowed(board, colour) if m[:2] not in ("j1", "a8"))

    monkeypatch.setattr(khet2ai_rules, "legal_moves", without_sphinx_turns)
    # the stand-in turns Red's Sphinx: legal by Ludoteca's rules, refused by the Khet2-AI above
    path = _stand_in(tmp_path, "        reply = 'a8-' if state.board[8 * 11 + 1] >> 1 & 3 == 2 else 'a8+'\n")
    with pytest.raises(
        khet2ai.RulesDisagreement, match=r"Khet2-AI played a8[-+] .*Khet2-AI's rules refuse it"
    ):
        khet2ai.match(path, 1, 0.02, 1, ["classic"], 12, 0)


def test_a_handicap_gives_khet2ai_more_time_and_the_ratio_is_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the stand-in spends the processor time it is given
    answer = (
        "        import time\n"
        "        given = int(words[2])\n"
        "        until = time.process_time() + given / 1000\n"
        "        while time.process_time() < until:\n"
        "            pass\n"
        "        reply = GAME.format_move(state, GAME.legal_moves(state)[0])\n"
    )
    path = _stand_in(tmp_path, answer)
    tally = khet2ai.match(path, 1, 0.05, 1, ["classic"], 8, 0, handicap=4)
    # measured from outside the stand-in (/proc), its start-up left out
    assert len(tally.spent[1]) == 4 and min(tally.spent[1]) >= 0.18
    assert len(tally.spent[0]) == 4
    out = capsys.readouterr().out
    assert "0.05 s of processor time a move for Ludoteca, 0.2 s for Khet2-AI" in out
    assert "Khet2-AI had" in out and "times Ludoteca's" in out


def test_a_match_split_across_runs_plays_the_same_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first_move = "        reply = GAME.format_move(state, GAME.legal_moves(state)[0])\n"
    path = _stand_in(tmp_path, first_move)
    khet2ai.match(path, 4, 0.02, 1, ["classic"], 6, 2)
    whole = [line for line in capsys.readouterr().out.splitlines() if "game " in line]
    khet2ai.match(path, 2, 0.02, 1, ["classic"], 6, 2, first=3)
    out = capsys.readouterr().out
    assert "games 3 to 4" in out
    assert [line for line in out.splitlines() if "game " in line] == whole[2:]
