"""The attacks of issue 12 on saves and records, kept as property tests so their siblings cannot
come back (items 1, 4, 5, 6, 8, 10 and 12).

Every attack checks three things: nothing but a sentence comes out (no traceback), nothing ends in
a wrong state (what is read back is what was written; a refusal changes nothing) and nothing is
lost (every game saved or kept in a recovery file, every save still readable afterwards).

Sized for CI by default; `LUDOTECA_ATTACKS=1000 python -m pytest tests/saving/test_attacks.py`
tries a thousand of each. With `LUDOTECA_ATTACK_TALLY=FILE` every attempt adds a line to FILE
(attack name, then how it ended), which is where the counts in the issue's table come from.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import random
import re
import shutil
import sqlite3
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from queue import Empty
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca import cli
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.record import TERMINATIONS, Record
from ludoteca.core.registry import all_games, get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.games.khet.setups import standard_setups
from ludoteca.match import Match
from ludoteca.shells import session
from ludoteca.store import Store, db

EXAMPLES = int(os.environ.get("LUDOTECA_ATTACKS", "20"))
ATTACK = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
GAMES: list[Game[Any, Any]] = all_games()
HIDDEN = [g for g in GAMES if g.info.hidden_information]
#: any character a file or a keyboard can give, control characters and NUL included
ANY_CHAR = st.characters(blacklist_categories=("Cs",))
ANY_TEXT = st.text(ANY_CHAR, max_size=40)


def tally(attack: str, ending: str) -> None:
    path = os.environ.get("LUDOTECA_ATTACK_TALLY")
    if path:
        with open(path, "a", encoding="utf-8") as file:
            file.write(f"{attack}\t{ending}\n")


@contextlib.contextmanager
def fresh_home() -> Iterator[Path]:
    """A data folder of its own for one attempt (hypothesis runs many in one test)."""
    folder = Path(tempfile.mkdtemp(prefix="ludoteca-attack-"))
    before = os.environ.get("LUDOTECA_HOME")
    os.environ["LUDOTECA_HOME"] = str(folder)
    try:
        yield folder
    finally:
        if before is None:
            del os.environ["LUDOTECA_HOME"]
        else:
            os.environ["LUDOTECA_HOME"] = before
        shutil.rmtree(folder, ignore_errors=True)


def command(*args: str, stdin: str = "") -> tuple[int, str]:
    """`ludoteca ARGS` in this process: its exit code and everything it printed. A traceback
    would escape from here and fail the attack."""
    out = io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(out),
        _stdin(stdin),
    ):
        code = cli.main(list(args))
    return code, out.getvalue()


@contextlib.contextmanager
def _stdin(text: str) -> Iterator[None]:
    import sys

    before, sys.stdin = sys.stdin, io.StringIO(text)
    try:
        yield
    finally:
        sys.stdin = before


def played(game: Game[Any, Any], seats: tuple[SeatSpec, ...], seed: int, plies: int, **kw: Any) -> Match:
    """A match after up to `plies` random legal moves."""
    match = Match(game, game.options(kw.pop("options", {})), seats, seed, **kw)
    chooser = random.Random(seed)
    for _ply in range(plies):
        if match.over:
            break
        match.play(chooser.choice(list(game.legal_moves(match.state))))
    return match


@st.composite
def seats_for(
    draw: st.DrawFn, game: Game[Any, Any], names: st.SearchStrategy[str] = ANY_TEXT
) -> tuple[SeatSpec, ...]:
    count = draw(st.integers(game.info.min_seats, game.info.max_seats))
    seats = []
    for _seat in range(count):
        if draw(st.booleans()):
            seats.append(SeatSpec("human", None, draw(names) or None))
        else:
            seats.append(SeatSpec("computer", draw(st.integers(1, 5)), draw(st.none() | names)))
    return tuple(seats)


def khet_setup_text(draw: st.DrawFn) -> str:
    """A standard Khet setup with its tokens separated by any mix of spaces and line breaks."""
    setup = draw(st.sampled_from([s for s in standard_setups() if s.variant == "khet2"]))
    gaps = st.sampled_from([" ", "\n", "\r\n", "\t", "  \n ", "\u2028", "\x0b"])
    return "".join(token + draw(gaps) for token in setup.text.split())


# ----- item 1: whatever is written reads back ----------------------------------------------------
@ATTACK
@given(st.data())
def test_attack_any_names_and_setups_are_saved_readable(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    seats = data.draw(seats_for(game))
    position = None
    if game.info.key == "khet" and data.draw(st.booleans()):
        position = khet_setup_text(data.draw)
    seed = data.draw(st.integers(0, 2**31))
    try:
        match = played(game, seats, seed, data.draw(st.integers(0, 40)), position=position)
    except LudotecaError:
        tally("item 1: names and setups", "refused before play (not a save)")
        return
    with fresh_home(), Store() as store:
        written = session.save_match(store, match, "attack")  # a refusal here is a lost game
        again, _slot = session.load_match(store, written.slot.id)
        assert again.moves == match.moves
        assert [(s.kind, s.level, s.name) for s in again.seats] == [
            (s.kind, s.level, (s.name or "").strip() or None) for s in match.seats
        ]
        assert again.position == match.position
        code, listing = command("saves")
        assert code == 0 and "unreadable" not in listing
    tally("item 1: names and setups", "saved and read back")


# ----- item 4: two programs on one save ----------------------------------------------------------
def _resume_play_save(path: str, rounds: int, seed: int, queue: Any) -> None:
    """One program: resumes the shared save, plays a move, saves; `rounds` times. Reports the
    moves of each save it wrote, or the error that stopped it (so that a failure names its cause
    rather than leaving the parent waiting for a report that never comes)."""
    chooser = random.Random(seed)
    kept: dict[int, list[str]] = {}
    try:
        with Store(path) as store:
            match, slot = session.load_match(store, "shared")
            for _round in range(rounds):
                if match.over:
                    break
                match.play(chooser.choice(list(match.game.legal_moves(match.state))))
                written = session.save_match(store, match, session.save_name(store, slot), slot)
                slot = written.slot
                kept[slot.id] = list(match.moves)
    except Exception as err:  # reported to the parent, which fails the test with it
        queue.put(f"{type(err).__name__}: {err}")
        return
    queue.put(kept)


def _reports(queue: Any, workers: list[Any], seconds: float) -> list[Any]:
    """One report from each worker; fails at once, with its exit code, if one dies without one."""
    reports: list[Any] = []
    deadline = time.monotonic() + seconds
    while len(reports) < len(workers):
        try:
            reports.append(queue.get(timeout=1))
        except Empty:
            dead = [w.exitcode for w in workers if w.exitcode not in (None, 0)]
            assert not dead, f"a program died without a report (exit codes {dead})"
            silent = len(workers) - len(reports)
            assert time.monotonic() < deadline, f"{silent} program(s) silent for {seconds:g} s"
    return reports


@settings(ATTACK, max_examples=max(2, EXAMPLES // 10))
@given(programs=st.integers(2, 4), rounds=st.integers(1, 6), seed=st.integers(0, 1000))
def test_attack_programs_saving_one_save_at_once_lose_nothing(programs: int, rounds: int, seed: int) -> None:
    with fresh_home() as home, Store() as store:
        start = Match(get_game("othello"), {}, (SeatSpec(), SeatSpec()), seed)
        session.save_match(store, start, "shared")
        # spawned, not forked: a fork copies whatever locks the test process's threads hold
        context = multiprocessing.get_context("spawn")
        queue = context.Queue()
        workers = [
            context.Process(target=_resume_play_save, args=(str(store.path), rounds, seed + n, queue))
            for n in range(programs)
        ]
        for worker in workers:
            worker.start()
        reports = _reports(queue, workers, 120)
        errors = [report for report in reports if isinstance(report, str)]
        assert not errors, errors
        for worker in workers:
            worker.join(timeout=60)
            assert worker.exitcode == 0
        # what each program wrote is still there: the save holds it, or a game that went on from it
        # (a program that resumed the save after it was written); never another branch over it
        for kept in reports:
            for save_id, moves in kept.items():
                assert session.load_match(store, save_id)[0].moves[: len(moves)] == moves
        for saved in store.list_saves():
            session.load_match(store, saved.id)  # every save still readable
        assert home.exists()
    for _try in range(programs * rounds):
        tally("item 4: one save, several programs", "every program's moves kept")


# ----- item 5: mutated records through import ---------------------------------------------------
def base_record(data: st.DataObject) -> str:
    game = data.draw(st.sampled_from(GAMES))
    seats = data.draw(seats_for(game, st.text(min_size=1, max_size=8)))
    match = played(game, seats, data.draw(st.integers(0, 2**31)), data.draw(st.integers(0, 60)))
    ending = data.draw(st.sampled_from(["none", "resign", "draw"]))
    if not match.over and ending == "resign":
        match.resign(data.draw(st.integers(0, len(seats) - 1)))
    elif not match.over and ending == "draw" and match.can_claim_draw():
        match.claim_draw()
    return match.to_record().dumps()


RESULTS = st.lists(st.integers(0, 5).map(str), min_size=1, max_size=5).map("-".join)


def mutate(data: st.DataObject, text: str) -> str:
    lines = text.split("\n")
    kind = data.draw(
        st.sampled_from(
            [
                "tag",
                "result",
                "termination",
                "delete",
                "duplicate",
                "swap",
                "insert",
                "truncate",
                "bom",
                "case",
                "number",
            ]
        )
    )
    tags = [i for i, line in enumerate(lines) if line.startswith("[")]
    moves = [i for i, line in enumerate(lines) if re.match(r"\d+\. ", line)]
    # an earlier mutation (a truncation, a deletion) may have left no tag, move or second line
    if kind == "tag" and tags:
        i = data.draw(st.sampled_from(tags))
        name = lines[i][1:].split(" ", 1)[0]
        value = data.draw(ANY_TEXT).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
        lines[i] = f'[{name} "{value}"]'
    elif kind == "result":
        lines = [line for line in lines if not line.startswith("[Result ")]
        lines.insert(1, f'[Result "{data.draw(RESULTS | st.just("*") | ANY_TEXT.map(repr))}"]')
    elif kind == "termination":
        lines = [line for line in lines if not line.startswith("[Termination ")]
        lines.insert(1, f'[Termination "{data.draw(st.sampled_from([*TERMINATIONS, "boredom", ""]))}"]')
    elif kind == "delete" and len(lines) > 1:
        del lines[data.draw(st.integers(0, len(lines) - 1))]
    elif kind == "duplicate":
        i = data.draw(st.integers(0, len(lines) - 1))
        lines.insert(i, lines[i])
    elif kind == "swap" and len(moves) > 1:
        a, b = data.draw(st.sampled_from(moves)), data.draw(st.sampled_from(moves))
        lines[a], lines[b] = (
            lines[b].split(". ", 1)[0] + ". " + lines[a].split(". ", 1)[1],
            lines[a].split(". ", 1)[0] + ". " + lines[b].split(". ", 1)[1],
        )
    elif kind == "insert":
        at = data.draw(st.integers(0, len(text)))
        return text[:at] + data.draw(ANY_TEXT) + text[at:]
    elif kind == "truncate":
        return text[: data.draw(st.integers(0, len(text)))]
    elif kind == "bom":
        return "\ufeff" + text
    elif kind == "case":
        return text.replace('[Game "', '[Game "' + data.draw(st.sampled_from(["", " "])), 1).replace(
            lines[0], lines[0].upper(), 1
        )
    elif kind == "number" and moves:
        i = data.draw(st.sampled_from(moves))
        lines[i] = f"{data.draw(st.integers(0, 999))}. " + lines[i].split(". ", 1)[1]
    return "\n".join(lines)


@ATTACK
@given(st.data())
def test_attack_mutated_records_are_imported_sound_or_refused_with_a_reason(data: st.DataObject) -> None:
    text = base_record(data)
    for _mutation in range(data.draw(st.integers(1, 3))):
        text = mutate(data, text)
    with fresh_home() as home, Store() as store:
        path = home / "attack.txt"
        path.write_text(text, encoding="utf-8")
        code, said = command("saves", "import", str(path), "--name", "attack")
        if code != 0:
            assert code == 2 and said.startswith("ludoteca: ") and store.list_saves() == []
            tally("item 5: mutated records", "refused with a sentence")
            return
        [saved] = store.list_saves()
        match, _slot = session.load_match(store, saved.id)  # an imported save always resumes
        stated = Record.loads(text).result
        if stated is not None:  # '*' (no stated result) lets the moves speak for themselves
            assert match.outcome is not None and match.outcome.result_tag() == stated
        assert command("saves")[0] == 0 and command("replay", str(path), "--final")[0] == 0
    tally("item 5: mutated records", "imported, resumes, result agrees")


# ----- item 6: secrets -----------------------------------------------------------------------------
@ATTACK
@given(st.data())
def test_attack_shown_saves_and_undo_never_give_away_a_secret(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(HIDDEN))
    seats = data.draw(seats_for(game, st.just("")))
    options = {"show_program": data.draw(st.booleans())} if game.info.key == "turtles" else {}
    seed = data.draw(st.integers(10**9, 2**31))
    match = played(game, seats, seed, data.draw(st.integers(0, 60)), options=options)
    with fresh_home(), Store() as store:
        written = session.save_match(store, match, "secret")
        text, note = session.record_to_show(store.load_save(written.slot.id))
    if match.over:
        assert note is None and f'[Seed "{seed}"]' in text
    else:
        assert "[Seed" not in text and str(seed) not in text
        viewer = match.lone_human()
        shown_moves = re.findall(r"^\d+\. (.*)$", text, re.M)
        for index, move_text in enumerate(shown_moves):
            mover = game.to_move(match.states[index])
            if game.info.key == "turtles" and re.match(r"add [FLRX]", move_text):
                assert mover == viewer and match.state.show_program
            if game.info.key == "qwirkle" and re.match(r"x [A-Z]", move_text):
                assert mover == viewer
    # undo and redo at random: never take back another person's move
    chooser = random.Random(seed)
    for _step in range(data.draw(st.integers(0, 20))):
        asking, before = match.to_move(), len(match.moves)
        action = chooser.choice(["undo", "redo", "play"])
        if action == "undo":
            movers = [game.to_move(state) for state in match.states[:-1]]
            taken = match.undo()
            if len(match.human_seats) >= 2:
                for mover in movers[before - taken : before]:
                    assert mover is None or match.is_computer(mover) or mover == asking
        elif action == "redo":
            match.redo()
        elif not match.over:
            match.play(chooser.choice(list(game.legal_moves(match.state))))
    tally("item 6: secrets", "nothing given away")


# ----- item 8: export anywhere ---------------------------------------------------------------------
TARGETS = st.sampled_from(
    [
        "new.txt",
        "existing.txt",
        "folder",
        "missing/game.txt",
        os.devnull,
        "/dev/full",
        "x" * 300,
        "a\0b",
        "\n",
        "é✓.txt",
        "folder/",
    ]
) | ANY_TEXT.filter(lambda t: "/" not in t)


@ATTACK
@given(target=TARGETS, force=st.booleans(), answer=st.sampled_from(["", "y\n", "n\n"]))
def test_attack_export_writes_whole_or_nothing_and_never_overwrites_unasked(
    target: str, force: bool, answer: str
) -> None:
    with fresh_home() as home, Store() as store:
        record = Match(get_game("connect4"), {}, (SeatSpec(), SeatSpec()), 1).to_record().dumps()
        store.save_game("kept", "connect4", record)
        (home / "folder").mkdir()
        (home / "existing.txt").write_text("mine\n")
        path = target if target.startswith("/") else str(home / target)
        before = {p.name: p.read_bytes() for p in home.iterdir() if p.is_file() and p.suffix == ".txt"}
        code, said = command("saves", "export", "1", path, *(["--force"] if force else []), stdin=answer)
        assert code in (0, 2), said
        after = {p.name: p.read_bytes() for p in home.iterdir() if p.is_file() and p.suffix == ".txt"}
        assert not [p for p in home.iterdir() if p.name.endswith(".part")]
        if code == 0 and "Nothing was written" not in said:
            assert Path(path).read_text(encoding="utf-8") == record
        else:
            assert after == before
        if not force and "existing.txt" in before:
            assert after["existing.txt"] == b"mine\n"
    tally("item 8: export", "written whole" if code == 0 else "refused with a sentence")


# ----- item 10: a busy data file -------------------------------------------------------------------
@settings(ATTACK, max_examples=max(2, EXAMPLES // 4))
@given(hold=st.floats(0, 0.4), seed=st.integers(0, 1000))
def test_attack_a_game_left_while_the_file_is_busy_is_kept(hold: float, seed: int) -> None:
    original_busy, original_pauses = db.BUSY_SECONDS, session.KEEP_PAUSES
    db.BUSY_SECONDS, session.KEEP_PAUSES = 0.05, (0.05, 0.1)
    try:
        with fresh_home() as home, Store() as store:
            match = played(get_game("connect4"), (SeatSpec(), SeatSpec()), seed, 6)
            other = sqlite3.connect(store.path, isolation_level=None, check_same_thread=False)
            other.execute("BEGIN IMMEDIATE")
            timer = threading.Timer(hold, lambda: other.execute("COMMIT"))
            timer.start()
            kept = session.keep_match(store, match, "left", None, lambda _s: None)
            timer.join()
            other.close()
            if kept.written is not None:
                assert session.load_match(store, kept.written.slot.id)[0].moves == match.moves
                ending = "saved after waiting"
            else:
                assert kept.recovery is not None and kept.recovery.parent == home / "recovery"
                written = session.import_record(store, kept.recovery.read_text(), "recovered")
                assert session.load_match(store, written.slot.id)[0].moves == match.moves
                ending = "kept in a recovery file"
    finally:
        db.BUSY_SECONDS, session.KEEP_PAUSES = original_busy, original_pauses
    tally("item 10: busy data file", ending)


# ----- item 12: damaged rows -----------------------------------------------------------------------
GARBAGE = st.one_of(
    ANY_TEXT,
    st.binary(max_size=30),
    st.integers(-(2**63), 2**63 - 1),  # what SQLite can hold
    st.floats(allow_nan=False),
    st.just("[]"),
    st.just('["a"]'),
    st.just("[1, 2]"),
)
RESULT_COLUMNS = ("date", "game", "variant", "players", "kinds", "scores", "ranks", "winner", "reason")


@ATTACK
@given(st.data())
def test_attack_damaged_rows_never_hide_the_good_ones(data: st.DataObject) -> None:
    from tests.saving.test_bad_rows import raw_insert, result_row, save_row

    with fresh_home(), Store() as store:
        good_record = Match(get_game("connect4"), {}, (SeatSpec(), SeatSpec()), 1).to_record().dumps()
        store.save_game("good", "connect4", good_record)
        damaged = result_row('["Ann", "Bob"]')
        damaged[data.draw(st.sampled_from(RESULT_COLUMNS))] = data.draw(GARBAGE)
        raw_insert(store.path, "results", damaged)
        bad_save = save_row("bad", data.draw(GARBAGE))
        bad_save[data.draw(st.sampled_from(["name", "game", "record", "version"]))] = data.draw(GARBAGE)
        raw_insert(store.path, "saves", bad_save)
        code, listing = command("saves")
        assert code == 0 and "good" in listing and len(store.list_saves()) == 2
        code, _scores = command("scores")
        assert code == 0
        rows = store.results()
        assert len(rows) + len(rows.damaged) == 1
        for saved in store.list_saves():
            code, _shown = command("saves", "show", str(saved.id))
            assert code in (0, 2)
    tally("item 12: damaged rows", "good rows shown, bad one named")
