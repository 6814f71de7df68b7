"""Matches against Khet2-AI (github.com/AlexKent3141/Khet2-AI), a C++ Khet 2.0 engine, through its
text protocol, for `ludoteca bench khet --khet2ai PATH`.

The protocol (its protocol.txt): `newgame`; `position standard|imhotep|dynasty MOVE…` (the moves
from the setup, in the notation Ludoteca writes too: `h2g3`, `h2+`, `e4f5` for a swap); `go
movetime MS`, answered by `info …` lines and `bestmove MOVE`; `quit`. It answers `bestmove none`
when every move loses by force as far as it searched (its last `info` line says `mate`): that is
scored as its resignation. Its `movetime` is processor time (C's `clock()`), so Ludoteca's engine is given the
same budget counted the same way (`Engine.clock = time.process_time`).

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
from ludoteca.games.khet import GAME
from ludoteca.games.khet.moves import Move
from ludoteca.games.khet.notation import format_move
from ludoteca.games.khet.openings import opening_line
from ludoteca.games.khet.players import KhetPlayer

#: Ludoteca's setups and Khet2-AI's names for them
SETUP_NAMES: Final = {"classic": "standard", "imhotep": "imhotep", "dynasty": "dynasty"}
#: Khet2-AI's draw by inactivity
QUIET_PLIES: Final = 100


class EngineError(Exception):
    """The engine died, went silent or answered something that is not a legal move."""


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
) -> tuple[str, str, int]:
    """One game; returns the result for Ludoteca ('win', 'loss', 'draw'), why it ended and the
    plies played."""
    state = GAME.start(GAME.options({"variant": "khet2", "setup": setup}), 0, 2)
    moves: list[str] = []
    quiet = 0
    engine.new_game()
    for move in opening:
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
            move = player.choose(GAME, state, state.turn, Budget(seconds))
            if player.last is not None:
                tally.depths[0].append(player.last.depth)
        else:
            text = engine.best_move(SETUP_NAMES[setup], moves, round(seconds * 1000))
            if text is None and engine.mate:
                return "win", "Khet2-AI resigned: it sees a forced loss", state.ply
            if text is None:
                raise EngineError(f"Khet2-AI found no move after {' '.join(moves)}")
            try:
                move = GAME.read_move(state, text)
            except Exception as err:  # any refusal of its move is the engine's error
                raise EngineError(f"Khet2-AI played {text!r} after {' '.join(moves)}: {err}") from err
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
) -> MatchTally:
    """Ludoteca's `level` against Khet2-AI at `seconds` of processor time a move each: openings
    of `opening_plies` random quiet plies, each played once from each side, setups in turn."""
    print(
        f"Ludoteca level {level} against Khet2-AI ({path}), {seconds:g} s of processor time a move "
        f"each, {games} games: each opening ({opening_plies} random quiet plies, no shot winning at "
        f"once) played from both "
        f"sides, setups {', '.join(setups)} in turn; drawn by a third repetition, "
        f"{QUIET_PLIES} plies without a removal, or {max_plies} plies",
        flush=True,
    )
    tally = MatchTally()
    engine = Khet2AI(path)
    started = time.perf_counter()
    try:
        for number in range(games):
            pair = number // 2
            setup = setups[pair % len(setups)]
            opening = opening_line("khet2", setup, opening_plies, pair)
            seat = number % 2
            player = KhetPlayer(level, seed=number)
            player.engine(False).clock = time.process_time
            result, why, plies = play_game(engine, player, setup, opening, seat, seconds, max_plies, tally)
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
    return tally
