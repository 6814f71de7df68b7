"""Matches against Khet2-AI (github.com/AlexKent3141/Khet2-AI), a C++ Khet 2.0 engine, through its
text protocol, for `ludoteca bench khet --khet2ai PATH`.

The protocol (its protocol.txt): `newgame`; `position standard|imhotep|dynasty MOVE…` (the moves
from the setup, in the notation Ludoteca writes too: `h2g3`, `h2+`, `e4f5` for a swap); `go
movetime MS`, answered by `info …` lines and `bestmove MOVE`; `quit`. It answers `bestmove none`
when every move loses by force as far as it searched (its last `info` line says `mate`): that is
scored as its resignation. Its `movetime` is processor time (C's `clock()`), so Ludoteca's engine is given the
same budget counted the same way (`Engine.clock = time.process_time`).

Every move played (the opening's, Ludoteca's, Khet2-AI's) is held to both rule sets before it is
played: Ludoteca's, and Khet2-AI's own as `khet2ai_rules.py` states them; a move only one of them
allows stops the match with the move and the position (`RulesDisagreement`), and one neither
allows is the engine's error.

With a handicap, Khet2-AI gets that many times Ludoteca's processor time a move. What each side
really used is measured around each search, so neither side's start-up counts: Ludoteca's process
time across its search, Khet2-AI's process time (all its threads, from /proc) from `go` to
`bestmove`; the match ends with both means and their ratio.

Where its rules go beyond Ludoteca's: a position met a third time since the last removal is a draw
there, and so are 100 plies without one; the referee here ends games by both, for both sides (the
Ludoteca engine already scores a return to an earlier position as a draw, but does not know the
100-ply rule).

Khet2-AI is not part of Ludoteca: build it yourself where you like and give the executable's path.
"""

from __future__ import annotations

import queue
import statistics
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO, Final

from ludoteca.ai.base import Budget
from ludoteca.ai.processor_time import process_seconds
from ludoteca.games.khet import GAME, khet2ai_rules
from ludoteca.games.khet.moves import Move
from ludoteca.games.khet.notation import format_move
from ludoteca.games.khet.openings import opening_line
from ludoteca.games.khet.players import KhetPlayer
from ludoteca.games.khet.position import format_position
from ludoteca.games.khet.state import KhetState

#: Ludoteca's setups and Khet2-AI's names for them
SETUP_NAMES: Final = {"classic": "standard", "imhotep": "imhotep", "dynasty": "dynasty"}
#: Khet2-AI's draw by inactivity
QUIET_PLIES: Final = 100


class EngineError(Exception):
    """The engine died, went silent or answered something that is not a legal move."""


class RulesDisagreement(EngineError):
    """A move played in a match is legal by one rule set and not by the other (Ludoteca's
    `moves.py`, Khet2-AI's as `khet2ai_rules.py` states them): the game would mean nothing."""


def check_move(state: KhetState, text: str, player: str, moves: Sequence[str]) -> None:
    """Hold the move `player` chose (in the shared notation) to both rule sets; EngineError when
    neither allows it, RulesDisagreement when only one does."""
    ours = {format_move(move) for move in GAME.legal_moves(state)}
    theirs = khet2ai_rules.legal_moves(state.board, state.turn)
    if text in ours and text in theirs:
        return
    where = (
        f"after {' '.join(moves)}" if moves else "from the setup"
    ) + f" (position: {format_position(state.board, state.turn)})"
    if text not in ours and text not in theirs:
        raise EngineError(f"{player} played {text!r} {where}: legal by neither rule set")
    refuses = "Khet2-AI's" if text in ours else "Ludoteca's"
    raise RulesDisagreement(f"{player} played {text} {where}: {refuses} rules refuse it, the other's do not")


class Khet2AI:
    """One running Khet2-AI process."""

    def __init__(self, path: str) -> None:
        try:
            self._process = subprocess.Popen(
                [path],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except OSError as err:
            raise EngineError(f"cannot start {path}: {err}") from err
        self._lines: queue.Queue[str | None] = queue.Queue()
        # a reader thread, so a silent engine becomes a timeout instead of a hang (and this works
        # on every platform, unlike select on pipes)
        assert self._process.stdout is not None
        threading.Thread(target=self._read, args=(self._process.stdout,), daemon=True).start()
        #: the depth its last search completed, and whether it found a forced win for either side
        self.depth = 0
        self.mate = False

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self._lines.put(line.strip())
        self._lines.put(None)

    def _send(self, command: str) -> None:
        assert self._process.stdin is not None
        try:
            self._process.stdin.write(command + "\n")
            self._process.stdin.flush()
        except OSError as err:
            raise EngineError(f"the engine stopped listening: {err}") from err

    def processor_time(self) -> float | None:
        """The processor seconds the engine's process (all its threads) has used so far, read
        from /proc where the system has it (None elsewhere)."""
        return process_seconds(self._process.pid)

    def new_game(self) -> None:
        self._send("newgame")

    def best_move(self, setup: str, moves: Sequence[str], milliseconds: int) -> str | None:
        """Its move after `moves` from `setup` (Khet2-AI's name), or None when it finds none."""
        self._send(" ".join(["position", setup, *moves]))
        self._send(f"go movetime {milliseconds}")
        self.depth = 0
        self.mate = False
        limit = time.perf_counter() + 30 + milliseconds / 50  # processor time runs slower on a busy machine
        while True:
            try:
                line = self._lines.get(timeout=max(0.1, limit - time.perf_counter()))
            except queue.Empty as err:
                raise EngineError(f"no answer within {limit:.0f} s") from err
            if line is None:
                raise EngineError("the engine exited")
            words = line.split()
            if words[:1] == ["info"] and "depth" in words[:-1]:
                self.depth = int(words[words.index("depth") + 1])
            elif words[:1] == ["info"] and "mate" in words[:-1]:
                self.mate = True
            elif words[:1] == ["bestmove"] and len(words) == 2:
                return None if words[1] == "none" else words[1]

    def close(self) -> None:
        try:
            self._send("quit")
            self._process.wait(timeout=5)
        except (EngineError, subprocess.TimeoutExpired):
            self._process.kill()


@dataclass
class MatchTally:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    plies: int = 0
    #: depths completed per move: Ludoteca's, Khet2-AI's
    depths: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    #: processor seconds each move took: Ludoteca's search, Khet2-AI's process from `go` to
    #: `bestmove` (so neither side's start-up is counted)
    spent: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2


def play_game(
    engine: Khet2AI,
    player: KhetPlayer,
    setup: str,
    opening: Sequence[Move],
    ludoteca_seat: int,
    seconds: float,
    max_plies: int,
    tally: MatchTally,
    handicap: float = 1.0,
) -> tuple[str, str, int]:
    """One game; returns the result for Ludoteca ('win', 'loss', 'draw'), why it ended and the
    plies played. Ludoteca thinks `seconds` of processor time a move, Khet2-AI `handicap` times
    as long."""
    state = GAME.start(GAME.options({"variant": "khet2", "setup": setup}), 0, 2)
    moves: list[str] = []
    quiet = 0
    engine.new_game()
    for move in opening:
        check_move(state, format_move(move), "the opening", moves)
        state = GAME.play(state, move)
        moves.append(format_move(move))
        quiet += 1
    while True:
        if state.end is not None:
            winner = state.end.winner
            result = "draw" if winner is None else "win" if winner == ludoteca_seat else "loss"
            return result, str(state.end.reason), state.ply
        if state.repetitions() >= 3:
            return "draw", "threefold repetition", state.ply
        if quiet >= QUIET_PLIES:
            return "draw", f"{QUIET_PLIES} plies without a removal", state.ply
        if state.ply >= max_plies:
            return "draw", f"{max_plies} plies played", state.ply
        if state.turn == ludoteca_seat:
            before_search = time.process_time()
            move = player.choose(GAME, state, state.turn, Budget(seconds))
            tally.spent[0].append(time.process_time() - before_search)
            if player.last is not None:
                tally.depths[0].append(player.last.depth)
            check_move(state, format_move(move), "Ludoteca", moves)
        else:
            engine_before = engine.processor_time()
            text = engine.best_move(SETUP_NAMES[setup], moves, round(seconds * handicap * 1000))
            engine_after = engine.processor_time()
            if engine_before is not None and engine_after is not None:
                tally.spent[1].append(engine_after - engine_before)
            if text is None and engine.mate:
                return "win", "Khet2-AI resigned: it sees a forced loss", state.ply
            if text is None:
                raise EngineError(f"Khet2-AI found no move after {' '.join(moves)}")
            check_move(state, text, "Khet2-AI", moves)
            move = GAME.parse_move(state, text)
            tally.depths[1].append(engine.depth)
        before = len(state.history)
        state = GAME.play(state, move)
        moves.append(format_move(move))
        quiet = 0 if len(state.history) < before + 1 else quiet + 1


def match(
    path: str,
    games: int,
    seconds: float,
    level: int,
    setups: Sequence[str],
    max_plies: int,
    opening_plies: int,
    handicap: float = 1.0,
    first: int = 1,
) -> MatchTally:
    """Ludoteca's `level` at `seconds` of processor time a move against Khet2-AI at `handicap`
    times as much: openings of `opening_plies` random quiet plies, each played once from each
    side, setups in turn. `first` > 1 plays the match's games from that one on (game N is the
    same game in every run, so a match can be split across processes)."""
    given = "each" if handicap == 1 else f"for Ludoteca, {seconds * handicap:g} s for Khet2-AI"
    which = f"{games} games" if first == 1 else f"games {first} to {first + games - 1}"
    print(
        f"Ludoteca level {level} against Khet2-AI ({path}), {seconds:g} s of processor time a move "
        f"{given}, {which}: each opening ({opening_plies} random quiet plies, no shot winning "
        f"at once) played from both "
        f"sides, setups {', '.join(setups)} in turn; drawn by a third repetition, "
        f"{QUIET_PLIES} plies without a removal, or {max_plies} plies",
        flush=True,
    )
    tally = MatchTally()
    engine = Khet2AI(path)
    started = time.perf_counter()
    try:
        for number in range(first - 1, first - 1 + games):
            pair = number // 2
            setup = setups[pair % len(setups)]
            opening = opening_line("khet2", setup, opening_plies, pair)
            seat = number % 2
            player = KhetPlayer(level, seed=number)
            player.engine(False).clock = time.process_time
            result, why, plies = play_game(
                engine, player, setup, opening, seat, seconds, max_plies, tally, handicap
            )
            tally.wins += result == "win"
            tally.losses += result == "loss"
            tally.draws += result == "draw"
            colour = "Silver" if seat == 0 else "Red"
            print(
                f"  game {number + 1:>3}: Ludoteca as {colour} on {setup}: {result} after {plies} plies "
                f"({why})",
                flush=True,
            )
            tally.plies += plies
    finally:
        engine.close()
    played = max(tally.wins + tally.losses + tally.draws, 1)
    print(
        f"  Ludoteca: {tally.wins} wins, {tally.losses} losses, {tally.draws} draws: "
        f"{tally.points:g} of {played} points ({100 * tally.points / played:.0f} %), "
        f"{tally.plies / played:.0f} plies a game, {time.perf_counter() - started:.0f} s"
    )
    for name, found in (("Ludoteca", tally.depths[0]), ("Khet2-AI", tally.depths[1])):
        if found:
            print(
                f"  {name} completed depth {statistics.mean(found):.1f} a move on average "
                f"(median {statistics.median(found):g})"
            )
    ours, theirs = tally.spent
    if ours and theirs:
        print(
            f"  processor time of the search a move (start-up not counted): Ludoteca "
            f"{statistics.mean(ours):.3f} s, Khet2-AI {statistics.mean(theirs):.3f} s; Khet2-AI had "
            f"{statistics.mean(theirs) / max(statistics.mean(ours), 1e-9):.2f} times Ludoteca's"
        )
    return tally
