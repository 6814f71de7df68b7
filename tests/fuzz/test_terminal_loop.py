"""Hostile lines through the terminal game of every game, in-process: legal moves mixed with
garbage, commands with hostile arguments, bytes that were not text, very long lines. The loop never
raises, the game it leaves is the game its moves replay to, and every save is readable — with the
game as it stood when the input ended, when it ended half-way."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.record import Record, replay
from ludoteca.core.registry import get_game
from ludoteca.kits.terminal.console import MAX_LINE, Console
from ludoteca.match import Match
from ludoteca.shells import session
from ludoteca.shells.terminal.play import TerminalGame
from ludoteca.store import Store
from tests.fuzz.support import (
    ANY_TEXT,
    BYTES_AS_TEXT,
    EVIL_PIECE,
    SCRATCH,
    attack,
    check,
    fuzz,
    game,
    game_keys,
    people,
)

#: commands whose arguments or follow-up answers are worth attacking ("hint" and "rules" only
#: think or print at length)
COMMANDS = ("save", "undo", "redo", "moves", "board", "help", "draw", "resign", "quit", "c")

#: one scripted line: a legal move (its number among the legal moves), or a line as typed
LINE = st.one_of(
    st.integers(0, 400).map(lambda n: ("legal", n)),
    st.integers(0, 400).map(lambda n: ("legal", n)),
    st.tuples(st.just("text"), st.one_of(ANY_TEXT, BYTES_AS_TEXT, EVIL_PIECE)),
    st.tuples(st.just("text"), st.tuples(st.sampled_from(COMMANDS), EVIL_PIECE).map(" ".join)),
    st.tuples(st.just("text"), st.sampled_from(["", "y", "n", "stop", "undo", "x" * (MAX_LINE + 5)])),
)


class Typist(io.TextIOBase):
    """The keyboard of the attack: each line is written when the program asks for it, so a
    "legal move" is legal in the position the game has reached by then."""

    def __init__(self, match: Match, script: list[tuple[str, Any]]) -> None:
        self.match = match
        self.script = list(script)
        self.pending = io.StringIO()
        self.ended = False

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:
        text = self.pending.read(size if size is not None and size >= 0 else -1)
        if "\n" in text:
            head, _nl, rest = text.partition("\n")
            self.pending = io.StringIO(rest + self.pending.read())
            return head + "\n"
        if text:
            return text
        if not self.script:
            self.ended = True
            return ""
        self.pending = io.StringIO(self._next() + "\n")
        return self.readline(size)

    def _next(self) -> str:
        kind, value = self.script.pop(0)
        if kind == "text":
            return str(value)
        seat = self.match.to_move()
        if seat is None:
            return ""
        view = self.match.view(seat)
        moves = list(self.match.game.legal_moves(view))
        return self.match.game.format_move(view, moves[value % len(moves)]) if moves else ""


def _saves_readable(store: Store) -> list[Record]:
    found = []
    for saved in store.list_saves():
        record = Record.loads(saved.record_text)
        replay(get_game(record.game), record, saved.record_text)
        session.load_match(store, saved.id)
        found.append(record)
    return found


@pytest.mark.parametrize("key", game_keys())
@fuzz(2)
@given(seed=st.integers(0, 2**32), script=st.lists(LINE, max_size=30))
def test_hostile_lines_through_the_game_loop(key: str, seed: int, script: list[tuple[str, Any]]) -> None:
    g = game(key)
    with tempfile.TemporaryDirectory(dir=SCRATCH) as folder, Store(Path(folder) / "fuzz.sqlite3") as store:
        match = Match(g, g.options(), people(g), seed)
        typist = Typist(match, script)
        out = io.StringIO()
        with attack("terminal loop: hostile lines") as row:
            TerminalGame(match, store, Console(typist, out)).run()
            replayed = replay(g, match.to_record())
            check(row, "wrong_state", replayed[-1] == match.state, "the game is not what its moves replay to")
            records = _saves_readable(store)
            if typist.ended and match.moves and not match.over:
                # the input ended half-way: the game was saved as it stood
                check(
                    row,
                    "data_lost",
                    any(r.moves == match.moves for r in records),
                    f"the game at end of input was not saved: {out.getvalue()[-400:]}",
                )
            if typist.ended and match.over:
                check(row, "data_lost", bool(store.results()), "the finished game is not in the scores")
            check(row, "crashes", "Traceback" not in out.getvalue(), "a traceback was printed")
