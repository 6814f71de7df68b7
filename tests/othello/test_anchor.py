"""The anchor bench (`ludoteca bench othello --vs PATH`, `games/othello/anchor.py`) against real
engine processes: gtp_engine.py beside this file speaks GTP, and plays legal moves, illegal ones,
dies or says nothing, as asked."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from ludoteca.ai import native
from ludoteca.ai.processor_time import tree_seconds
from ludoteca.core.declaration import CommandContext
from ludoteca.games.othello import GAME
from ludoteca.games.othello.anchor import (
    DECIDED_EMPTIES,
    OPENINGS,
    GameRecord,
    GtpPeer,
    Pairing,
    PeerError,
    home_of,
    match,
    preset_arguments,
    schedule,
    total_line,
    value_at_endgame,
)
from ludoteca.games.othello.bench import _edax_solve, edax_startup, main
from ludoteca.games.othello.game import BLACK, PASS, parse_square_or_pass
from ludoteca.games.othello.search import kernel
from tests.othello.test_engine import minimax

ENGINE = Path(__file__).with_name("gtp_engine.py")


def _engine_file(folder: Path, mode: str) -> Path:
    """An executable that runs the test engine in `mode` with this interpreter."""
    path = folder / f"engine-{mode}"
    path.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{ENGINE}" {mode} "$@"\n', encoding="utf-8")
    path.chmod(0o755)
    return path


def _context() -> CommandContext:
    def no_store() -> None:
        raise AssertionError("the bench needs no store")

    return CommandContext(no_store)


def test_every_opening_is_legal_and_played_with_both_colours() -> None:
    for line in OPENINGS:
        state = GAME.start({}, 0, 2)
        for word in line.split():
            move = parse_square_or_pass(word)
            assert move in GAME.legal_moves(state), (line, word)
            state = GAME.play(state, move)
    pairings = schedule(2 * len(OPENINGS))
    seen = Counter((pairing.opening, pairing.our_seat) for pairing in pairings)
    assert set(seen) == {(line, seat) for line in OPENINGS for seat in (BLACK, 1 - BLACK)}
    assert set(seen.values()) == {1}
    # a match split across processes plays the same games as in one piece
    assert schedule(6) + schedule(14, first=6) == pairings
    assert [pairing.number for pairing in schedule(3, first=4)] == [5, 6, 7]


def test_a_legal_engine_plays_whole_games_and_both_sides_are_timed(tmp_path: Path) -> None:
    binary = _engine_file(tmp_path, "legal")
    lines: list[str] = []
    records = match(schedule(2), lambda: GtpPeer([str(binary)]), 2, 0.05, "tester", show=lines.append)
    assert len(records) == 2
    for record in records:
        assert record.forfeit is None
        assert sum(record.discs) > 0
        state = GAME.start({}, 0, 2)
        for word in record.moves:  # the whole game replays by the rules, to its end
            state = GAME.play(state, parse_square_or_pass(word))
        assert GAME.to_move(state) is None
        assert state.counts() == record.discs
        assert record.theirs and min(record.theirs) > 0.005  # the engine spends ~20 ms a move
        assert record.ours
    assert lines[0].startswith("game 1 [f5 d6 c3 d3 c4 f4 c5 b3 c2] level 2 (Black) ")
    assert lines[1].startswith("game 2 [f5 d6 c3 d3 c4 f4 c5 b3 c2] level 2 (White) ")
    assert lines[2].startswith("level 2 against tester: ")
    assert "of 2 games: score " in lines[2] and "processor time a move, medians: level 2 " in lines[2]
    if native.is_compiled(kernel):
        # each game is solved where it was decided, its value printed beside the result
        for record, line in zip(records, lines, strict=False):
            assert record.decided == value_at_endgame(record)
            assert f"exact value at {DECIDED_EMPTIES} empties {record.decided:+d}; " in line
        assert "solved exactly: level 2 was already behind in " in lines[2]


def test_the_command_prints_the_header_each_game_and_the_total(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    binary = _engine_file(tmp_path, "noisy")
    args = ["--vs", str(binary), "--games", "2", "--first", "2", "--seconds", "0.05", "--level", "2"]
    assert main(args, _context()) == 0
    out = capsys.readouterr().out.splitlines()
    header = next(line for line in out if line.startswith("match: "))
    assert "level 2 against test engine (noisy)" in header
    assert "games 3–4" in header and "not counted" in header and "no book argument" in header
    games = [line for line in out if line.startswith("game ")]
    assert [line.split()[1] for line in games] == ["3", "4"]
    assert all("FORFEIT" not in line for line in games)
    assert out[-1].startswith("level 2 against test engine (noisy): ")


def _random_game(seed: int) -> list[str]:
    rng = random.Random(seed)
    state, words = GAME.start({}, 0, 2), []
    while GAME.to_move(state) is not None:
        move = rng.choice(GAME.legal_moves(state))
        words.append("pass" if move == PASS else GAME.format_move(state, move))
        state = GAME.play(state, move)
    return words


def test_the_value_where_a_game_was_decided_is_its_exact_value_for_ludotecas_side() -> None:
    for seed in range(3):
        words = _random_game(seed)
        ours = GameRecord(Pairing(1, "", BLACK), words)
        theirs = GameRecord(Pairing(2, "", 1 - BLACK), words)
        # the same position judged by plain minimax, 9 empties from the end
        state = GAME.start({}, 0, 2)
        for word in words:
            seat = GAME.to_move(state)
            if seat is not None and state.empties <= 9:
                break
            state = GAME.play(state, parse_square_or_pass(word))
        assert seat is not None
        p, o = state.split(seat)
        black = minimax(p, o) if seat == BLACK else -minimax(p, o)
        assert value_at_endgame(ours, 9) == black
        assert value_at_endgame(theirs, 9) == -black
    assert value_at_endgame(GameRecord(Pairing(1, "", BLACK), ["f5", "d6"]), 9) is None


def test_the_total_says_how_many_games_were_decided_before_the_endgame() -> None:
    def record(discs: tuple[int, int], decided: int) -> GameRecord:
        return GameRecord(Pairing(1, "", BLACK), discs=discs, decided=decided)

    records = [record((40, 24), 6), record((30, 34), -4), record((33, 31), -2), record((31, 33), 2)]
    line = total_line(records, 5, "peer")
    assert "2 won, 0 drawn, 2 lost of 4 games" in line
    # lost while behind: one; won from behind and lost from ahead: the endgame changed two
    assert f"at {DECIDED_EMPTIES} empties, solved exactly: level 5 was already behind in 1 of the 2 " in line
    assert "the endgame changed the outcome of 2 of 4" in line
    assert "solved exactly" not in total_line([GameRecord(Pairing(1, "", BLACK), discs=(40, 24))], 5, "peer")


def test_an_illegal_move_loses_that_game_with_a_clear_line_and_the_match_goes_on(tmp_path: Path) -> None:
    binary = _engine_file(tmp_path, "illegal")
    lines: list[str] = []
    records = match(schedule(2), lambda: GtpPeer([str(binary)]), 2, 0.05, "cheat", show=lines.append)
    assert len(records) == 2 and all(record.forfeit for record in records)
    assert "FORFEIT, lost by cheat" in lines[0]
    assert "not legal by Ludoteca's rules" in lines[0] and "(position " in lines[0]
    assert "FORFEIT, lost by cheat" in lines[1]
    assert "2 won, 0 drawn, 0 lost of 2 games" in lines[2]
    assert "2 game(s) ended by a forfeit" in lines[2]


def test_an_engine_that_dies_or_says_nothing_loses_each_game_and_the_match_goes_on(tmp_path: Path) -> None:
    dies = _engine_file(tmp_path, "dies")
    lines: list[str] = []
    records = match(schedule(2), lambda: GtpPeer([str(dies)]), 2, 0.05, "mortal", show=lines.append)
    assert all(record.forfeit for record in records)
    assert "the engine stopped (exit code 3)" in lines[0] and "dying on purpose" in lines[0]
    assert "FORFEIT" in lines[1]
    silent = _engine_file(tmp_path, "silent")
    lines = []
    records = match(schedule(1), lambda: GtpPeer([str(silent)]), 2, 0.05, "mute", 1.0, show=lines.append)
    assert "no answer to 'genmove" in lines[0] and "within 1 s" in lines[0]


def test_an_engine_that_cannot_start_is_reported(tmp_path: Path) -> None:
    with pytest.raises(PeerError, match="cannot start"):
        GtpPeer([str(tmp_path / "nowhere")])
    with pytest.raises(SystemExit, match="not an executable"):
        main(["--vs", str(tmp_path / "nowhere")], _context())


def test_processor_time_counts_the_engine_and_the_processes_it_started() -> None:
    spin = (
        "import sys, time\n"
        "t = time.process_time()\n"
        "while time.process_time() - t < 0.3: pass\n"
        "print('done', flush=True)\n"
        "sys.stdin.read()\n"
    )
    # a shell that starts the spinning process: the shell itself uses nothing
    shell = subprocess.Popen(
        ["/bin/sh", "-c", f'"{sys.executable}" -c "$0"; :', spin],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert shell.stdout is not None and shell.stdout.readline().strip() == "done"
        assert tree_seconds(shell.pid) >= 0.25
    finally:
        shell.kill()
        shell.wait()


def test_an_engine_runs_from_the_folder_of_its_own_build(tmp_path: Path) -> None:
    build = tmp_path / "edax"
    (build / "bin").mkdir(parents=True)
    (build / "data").mkdir()
    (build / "data" / "eval.dat").write_bytes(b"")
    binary = build / "bin" / "lEdax-x86-64-v3"
    binary.write_text("", encoding="utf-8")
    assert home_of(binary) == build
    alone = tmp_path / "elsewhere" / "engine"
    alone.parent.mkdir()
    alone.write_text("", encoding="utf-8")
    assert home_of(alone) == alone.parent
    assert "-gtp" in preset_arguments(binary) and "off" in preset_arguments(binary)
    # Edax reads time_settings its own way: it is given its time a move on its command line
    assert preset_arguments(binary, 1.5)[-2:] == ("-move-time", "1.5")
    assert preset_arguments(alone) == ()


def test_edax_is_run_from_its_build_and_only_its_search_is_counted(tmp_path: Path) -> None:
    # a stand-in for Edax's -solve: it needs data/eval.dat where it runs, as Edax does, and
    # prints Edax's result lines (its own count of the search: 1.25 s of processor time)
    (tmp_path / "bin").mkdir()
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "eval.dat").write_bytes(b"weights")
    edax = tmp_path / "bin" / "edax"
    edax.write_text(
        "#!/bin/sh\n"
        '[ -f data/eval.dat ] || { echo "Cannot open data/eval.dat" >&2; exit 1; }\n'
        "echo '  1|   20   +38        0:01.900      21000788   22703555 a2 B1 c1'\n"
        "echo 'position.obf: 21000788 nodes in  0:01.900 (cpu =  0:01.250) (22703555 nodes/s).'\n",
        encoding="utf-8",
    )
    edax.chmod(0o755)
    assert edax_startup(edax, 1) >= 0.0
    wall, search, score, move, own = _edax_solve(edax, "X" * 63 + "- X", 0.5)
    assert (search, score, move, own) == (1.25, 38, "a2", True)
    assert wall > 0
