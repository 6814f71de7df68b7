"""Matches of Ludoteca's Othello computer against an external engine speaking GTP, for
`ludoteca bench othello --vs PATH`.

The engine is any program that reads Go Text Protocol commands on its standard input and answers
on its standard output, as Edax (`-gtp`) and Egaroucid for Console (`-gtp`) do. The commands sent
are `protocol_version`, `name`, `version`, `boardsize 8`, `clear_board`, `time_settings 0 S 1`
(S seconds for every move: no main time, a byo-yomi period of one move; Edax, which reads it
otherwise, is given `-move-time S` instead), `play COLOUR MOVE`,
`genmove COLOUR` and `quit`; moves are squares as Ludoteca writes them (`d3`, column then row,
a1 in the corner where Black's first moves are c4, d3, e6 and f5), `pass` for a pass. A refusal
of `boardsize`, `time_settings` or `version` is tolerated; of anything else it ends the game.

Referee: every answer to `genmove` is read with Ludoteca's rules (`OthelloGame`); a move that is
not legal there, an answer that is not a move, an engine that stops or says nothing within its
allowance ends that game at once with a line saying what happened, counted as a loss for the
engine (a forfeit), and the match goes on with a new engine process. When a side has no move the
referee passes for it (the engine is told `play COLOUR pass`) rather than asking.

Fairness: each side gets the same processor time a move, and what each really used is measured
around each search only. Ludoteca's engine keeps its deadlines by the wall clock: on a shared
machine it would get less processor time than its allowance (and with two solver threads, more),
so each of its moves is given S × (wall seconds ÷ processor seconds of its previous move), within
÷6…×6: its allowance is then S seconds of processor time, as on an idle machine, whatever the
load. Ludoteca's computer is timed with `time.process_time` around its choice (all its threads);
the engine by the processor time of its process and of every process it started (`/proc`, all
threads), read before `genmove` and after its answer. Start-up and the loading of weights happen
before the first `genmove` and are not counted. Each game starts a new
engine process (no table kept from the previous game), after the same opening line, and each
opening is played twice, once with each colour for Ludoteca: the openings' own imbalance cancels
out by construction.

Where each game was decided: after it, its first position with DECIDED_EMPTIES empty squares (or
fewer, after a pass) is solved exactly, and the value for Ludoteca's side is printed beside the
result. A game lost with that value already below zero was lost in the midgame; one whose result
differs from it was changed by a mistake in the endgame (a solve that ran out of time, or the
engine's selective search). The total counts both. Where the kernel runs as plain Python the solve
would take minutes, and it is left out.
"""

from __future__ import annotations

import os
import queue
import select
import statistics
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Final

from ludoteca.ai import native
from ludoteca.ai.base import Budget
from ludoteca.ai.processor_time import tree_seconds
from ludoteca.core.errors import NotationError
from ludoteca.core.game import Seat
from ludoteca.games.othello import GAME
from ludoteca.games.othello.endgame import EndgameSolver, usable_threads
from ludoteca.games.othello.game import BLACK, PASS, Move, OthelloState, format_position, parse_square_or_pass
from ludoteca.games.othello.players import player_for_level
from ludoteca.games.othello.search import kernel

#: opening lines of common tournament play (perpendicular and diagonal openings, 4–10 plies),
#: every one played once with each colour; all legal from the start (checked by the tests)
OPENINGS: Final[tuple[str, ...]] = (
    "f5 d6 c3 d3 c4 f4 c5 b3 c2",
    "f5 f6 e6 f4 e3 c5 c4",
    "f5 d6 c5 f4 e3",
    "f5 f6 e6 f4 c3",
    "f5 d6 c4 d3 c3",
    "f5 f6 e6 f4 g5 e7",
    "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7",
    "f5 f6 e6 d6",
    "f5 d6 c3 f4",
    "f5 d6 c5 f6",
)

#: the most Ludoteca's wall-clock allowance is stretched or shrunk to give it its processor time
MAX_STRETCH: Final = 6.0

#: words an engine may answer for a pass
PASS_WORDS: Final = frozenset({"pass", "pa", "ps", "@@"})

#: the empty squares at which each game is solved after it, to tell where it was decided: level 5
#: solves exactly from here (`players.LEVEL_SETTINGS`)
DECIDED_EMPTIES: Final = 20


class PeerError(Exception):
    """The engine died, went silent, refused a command or answered something that is no move."""


@dataclass(frozen=True)
class Pairing:
    """Game `number` (from 1) of a match: its opening line and the seat Ludoteca plays."""

    number: int
    opening: str
    our_seat: Seat


def schedule(games: int, first: int = 0) -> list[Pairing]:
    """Games `first + 1` … `first + games` of the match: game 2k + 1 and 2k + 2 share opening k
    (cycling through `OPENINGS`), Ludoteca Black in the first of them and White in the second,
    so that any even count of games from an even `first` has every opening with both colours."""
    pairings = []
    for index in range(first, first + games):
        opening = OPENINGS[(index // 2) % len(OPENINGS)]
        pairings.append(Pairing(index + 1, opening, BLACK if index % 2 == 0 else 1 - BLACK))
    return pairings


class GtpPeer:
    """An engine process spoken to in GTP. Its standard error goes to a temporary file, whose end
    is quoted when it stops."""

    def __init__(self, command: Sequence[str], cwd: Path | None = None) -> None:
        self.command = list(command)
        self._errors: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 (closed by close())
        try:
            self.process = subprocess.Popen(
                self.command,
                cwd=cwd,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._errors,
            )
        except OSError as error:
            self._errors.close()
            raise PeerError(f"cannot start {' '.join(self.command)}: {error}") from error
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._buffer = b""
        assert self.process.stdout is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()

    def _read(self, stream: IO[bytes]) -> None:
        fd = stream.fileno()
        while True:
            ready, _, _ = select.select([fd], [], [], 1.0)
            if not ready:
                if self.process.poll() is not None:
                    break
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            self._buffer += chunk
            *lines, self._buffer = self._buffer.split(b"\n")
            for line in lines:
                self._lines.put(line.decode("utf-8", "replace").rstrip("\r"))
        self._lines.put(None)

    def stopped(self) -> str:
        """Why the engine is no longer answering: its exit code and the end of its errors."""
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "the engine is still running but closed its output"
        self._errors.seek(0)
        tail = self._errors.read().decode("utf-8", "replace").strip().splitlines()[-3:]
        said = f"; its last words: {' | '.join(tail)}" if tail else ""
        return f"the engine stopped (exit code {code}){said}"

    def ask(self, command: str, seconds: float) -> str:
        """Send `command`, return the text of its `=` answer; PeerError for a `?` answer, an
        engine that stopped, or no answer within `seconds` (wall clock)."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(command.encode("ascii") + b"\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise PeerError(f"{command!r} could not be sent: {self.stopped()}") from error
        deadline = time.monotonic() + seconds
        answer: list[str] = []
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise PeerError(f"no answer to {command!r} within {seconds:g} s") from None
            if line is None:
                raise PeerError(f"no answer to {command!r}: {self.stopped()}")
            if not answer:
                # anything before the answer's first line (banners, logs) is not the answer
                if line.startswith(("=", "?")):
                    answer.append(line)
                continue
            if line.strip() == "":
                break
            answer.append(line)
        status, text = answer[0][0], answer[0][1:]
        first = text.strip().split(maxsplit=1)
        # an answer may carry the command's id first: GTP ids are numbers and never sent here
        if first and first[0].isdigit():
            text = first[1] if len(first) > 1 else ""
        body = "\n".join([text.strip(), *answer[1:]]).strip()
        if status == "?":
            raise PeerError(f"the engine refused {command!r}: {body or 'no reason given'}")
        return body

    def processor_seconds(self) -> float:
        return tree_seconds(self.process.pid)

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.write(b"quit\n")
                self.process.stdin.flush()
                self.process.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        self._errors.close()


def home_of(binary: Path, marker: str = "data/eval.dat") -> Path:
    """The folder to run an engine in: the nearest of the binary's folder and its parents that
    holds `marker` (Edax's build puts its binary in bin/ and reads data/eval.dat from where it
    runs), else the binary's own folder."""
    folder = binary.resolve().parent
    for candidate in (folder, *folder.parents):
        if (candidate / marker).is_file():
            return candidate
    return folder


@dataclass(frozen=True)
class Preset:
    """How to run an engine known by its file name: its arguments (GTP, no opening book, one
    thread: whatever the threads, the processor time used is what is measured and printed), the
    arguments that give it its time a move (`{seconds}` replaced), and whether it reads
    `time_settings` as GTP means it (Edax takes its first number as the time a move, in whole
    seconds, so it is told on its command line instead)."""

    arguments: tuple[str, ...]
    time_arguments: tuple[str, ...] = ()
    time_settings: bool = True


PRESETS: Final[dict[str, Preset]] = {
    "edax": Preset(("-gtp", "-book-usage", "off", "-n", "1"), ("-move-time", "{seconds}"), False),
    "egaroucid_for_console": Preset(("-gtp", "-nobook", "-t", "1")),
}


def preset_for(binary: Path) -> Preset | None:
    name = binary.name.lower()
    for key, preset in PRESETS.items():
        if key in name:
            return preset
    return None


def preset_arguments(binary: Path, seconds: float = 1.0) -> tuple[str, ...]:
    """The arguments an engine known by its file name is given (none for others)."""
    preset = preset_for(binary)
    if preset is None:
        return ()
    timing = tuple(word.format(seconds=f"{seconds:g}") for word in preset.time_arguments)
    return preset.arguments + timing


@dataclass(frozen=True)
class PeerIdentity:
    """What an engine says it is, and what its start-up (weights loaded, first answer given)
    cost: processor and wall seconds, never counted in the match."""

    name: str
    version: str
    startup_processor: float
    startup_wall: float


def identify(start_peer: Callable[[], GtpPeer], answer_seconds: float = 60.0) -> PeerIdentity:
    """Start the engine once, ask its name and version, and measure its start-up."""
    wall = time.perf_counter()
    peer = start_peer()
    try:
        peer.ask("protocol_version", answer_seconds)
        wall = time.perf_counter() - wall
        startup = peer.processor_seconds()
        name = peer.ask("name", answer_seconds)
        try:
            version = peer.ask("version", answer_seconds)
        except PeerError:
            version = ""
    finally:
        peer.close()
    return PeerIdentity(name.splitlines()[0] if name else "engine", version, startup, wall)


def colour_word(seat: Seat) -> str:
    return "black" if seat == BLACK else "white"


@dataclass
class GameRecord:
    """One game of a match: its moves, final discs (Black, White), and the processor seconds of
    each of each side's searches; `forfeit` says which side lost by a fault and why."""

    pairing: Pairing
    moves: list[str] = field(default_factory=list)
    discs: tuple[int, int] = (0, 0)
    ours: list[float] = field(default_factory=list)
    theirs: list[float] = field(default_factory=list)
    outside: float = 0.0
    forfeit: str | None = None
    #: the exact value for Ludoteca's side of the game's position at DECIDED_EMPTIES (None: not
    #: solved, or the game ended before)
    decided: int | None = None

    @property
    def points(self) -> float:
        """Ludoteca's points: 1 a win, ½ a draw, 0 a loss; the engine's forfeit is a loss for it."""
        if self.forfeit is not None:
            return 1.0
        mine, other = self.discs if self.pairing.our_seat == BLACK else self.discs[::-1]
        return 1.0 if mine > other else 0.5 if mine == other else 0.0


def _apply_opening(pairing: Pairing) -> tuple[OthelloState, list[str]]:
    state = GAME.start({}, 0, 2)
    moves = []
    for word in pairing.opening.split():
        state = GAME.play(state, parse_square_or_pass(word))
        moves.append(word)
    return state, moves


def read_move(answer: str) -> Move:
    """The move in an engine's answer to `genmove` (a square, or a pass word); PeerError when
    it is none."""
    word = answer.strip().split()[0].lower() if answer.strip() else ""
    if word in PASS_WORDS:
        return PASS
    if word == "resign":
        raise PeerError("the engine resigned")
    try:
        return parse_square_or_pass(word)
    except NotationError:
        raise PeerError(f"the engine answered {answer.strip()!r}, which is no move") from None


def play_game(
    pairing: Pairing,
    start_peer: Callable[[], GtpPeer],
    level: int,
    seconds: float,
    answer_seconds: float,
    time_settings: bool = True,
) -> GameRecord:
    """One game of Ludoteca's `level` against a fresh engine process, `seconds` a move each (told
    by `time_settings` unless `time_settings` is false: then its arguments told it)."""
    record = GameRecord(pairing)
    state, record.moves = _apply_opening(pairing)
    ours = player_for_level(level)
    stretch = 1.0
    peer_seat = 1 - pairing.our_seat
    peer: GtpPeer | None = None
    try:
        peer = start_peer()
        peer.ask("protocol_version", answer_seconds)
        optional = ["boardsize 8"] + ([f"time_settings 0 {seconds:g} 1"] if time_settings else [])
        for command in optional:
            try:
                peer.ask(command, answer_seconds)
            except PeerError:
                if peer.process.poll() is not None:
                    raise
        peer.ask("clear_board", answer_seconds)
        replay = GAME.start({}, 0, 2)
        for word in record.moves:
            peer.ask(f"play {colour_word(replay.side)} {word}", answer_seconds)
            replay = GAME.play(replay, parse_square_or_pass(word))
        started = peer.processor_seconds()
        while (seat := GAME.to_move(state)) is not None:
            legal = GAME.legal_moves(state)
            if legal == [PASS]:
                move = PASS
            elif seat == pairing.our_seat:
                before, wall = time.process_time(), time.perf_counter()
                move = ours.choose(GAME, state, seat, Budget(seconds=seconds * stretch))
                used, wall = time.process_time() - before, time.perf_counter() - wall
                record.ours.append(used)
                if used > 0.02:
                    stretch = min(MAX_STRETCH, max(1 / MAX_STRETCH, wall / used))
            else:
                before = peer.processor_seconds()
                answer = peer.ask(f"genmove {colour_word(seat)}", answer_seconds)
                record.theirs.append(peer.processor_seconds() - before)
                move = read_move(answer)
                if move not in legal:
                    word = "pass" if move == PASS else answer.strip().split()[0].lower()
                    position = format_position(state.black, state.white, seat)
                    raise PeerError(
                        f"the engine played {word}, not legal by Ludoteca's rules after "
                        f"{' '.join(record.moves)} (position {position})"
                    )
            word = "pass" if move == PASS else GAME.format_move(state, move)
            if seat != peer_seat or move == PASS:
                peer.ask(f"play {colour_word(seat)} {word}", answer_seconds)
            record.moves.append(word)
            state = GAME.play(state, move)
        record.outside = max(0.0, peer.processor_seconds() - started - sum(record.theirs))
        black, white = state.counts()
        record.discs = (black, white)
    except PeerError as error:
        record.forfeit = str(error)
        record.discs = state.counts()
    finally:
        if peer is not None:
            peer.close()
    return record


def value_at_endgame(record: GameRecord, empties: int = DECIDED_EMPTIES) -> int | None:
    """The exact value for Ludoteca's side of the game's first position with at most `empties`
    empty squares and a side to move (None: the game ended before)."""
    state = GAME.start({}, 0, 2)
    for word in record.moves:
        seat = GAME.to_move(state)
        if seat is not None and state.empties <= empties:
            score = EndgameSolver(threads=usable_threads(2)).solve(*state.split(seat)).score
            return score if seat == record.pairing.our_seat else -score
        state = GAME.play(state, parse_square_or_pass(word))
    return None


def _sign(value: int | None) -> int:
    return 0 if value is None else (value > 0) - (value < 0)


def _median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else 0.0


def game_line(record: GameRecord, level: int, name: str) -> str:
    pairing = record.pairing
    colour = "Black" if pairing.our_seat == BLACK else "White"
    mine, other = record.discs if pairing.our_seat == BLACK else record.discs[::-1]
    times = (
        f"processor time a move, medians: level {level} {_median(record.ours):.2f} s, "
        f"{name} {_median(record.theirs):.2f} s"
    )
    head = f"game {pairing.number} [{pairing.opening}] level {level} ({colour})"
    if record.forfeit is not None:
        return (
            f"{head} against {name}: FORFEIT, lost by {name} after {len(record.moves)} plies: "
            f"{record.forfeit}; {times}"
        )
    verdict = {1.0: "win", 0.5: "draw", 0.0: "loss"}[record.points]
    decided = ""
    if record.decided is not None:
        decided = f"exact value at {DECIDED_EMPTIES} empties {record.decided:+d}; "
    return f"{head} {mine} – {other} {name}: {verdict} for level {level}; {decided}{times}"


def total_line(records: Sequence[GameRecord], level: int, name: str) -> str:
    wins = sum(record.points == 1.0 for record in records)
    draws = sum(record.points == 0.5 for record in records)
    losses = len(records) - wins - draws
    score = 100 * sum(record.points for record in records) / max(1, len(records))
    ours = [t for record in records for t in record.ours]
    theirs = [t for record in records for t in record.theirs]
    forfeits = [record for record in records if record.forfeit is not None]
    line = (
        f"level {level} against {name}: {wins} won, {draws} drawn, {losses} lost of {len(records)} "
        f"games: score {score:.1f} % (a draw counts half); processor time a move, medians: "
        f"level {level} {_median(ours):.2f} s, {name} {_median(theirs):.2f} s "
        f"(ratio {_median(ours) / max(_median(theirs), 1e-6):.2f}); in all: level {level} {sum(ours):.1f} s, "
        f"{name} {sum(theirs):.1f} s"
    )
    if forfeits:
        finished = [record for record in records if record.forfeit is None]
        plain = 100 * sum(record.points for record in finished) / max(1, len(finished))
        line += f"; {len(forfeits)} game(s) ended by a forfeit, without them {plain:.1f} % of {len(finished)}"
    outside = sum(record.outside for record in records)
    if outside > 0.05:
        line += f"; {name} also used {outside:.2f} s between its searches (not counted above)"
    solved = [record for record in records if record.decided is not None and record.forfeit is None]
    if solved:
        behind = sum(_sign(record.decided) < 0 for record in solved if record.points < 1)
        changed = sum(_sign(record.decided) != 2 * record.points - 1 for record in solved)
        line += (
            f"; at {DECIDED_EMPTIES} empties, solved exactly: level {level} was already behind in {behind} "
            f"of the {sum(record.points < 1 for record in solved)} games it did not win, and the endgame "
            f"changed the outcome of {changed} of {len(solved)}"
        )
    return line


def match(
    pairings: Sequence[Pairing],
    start_peer: Callable[[], GtpPeer],
    level: int,
    seconds: float,
    name: str,
    answer_seconds: float | None = None,
    show: Callable[[str], None] = print,
    time_settings: bool = True,
) -> list[GameRecord]:
    """Play every pairing in turn, one line each, then the total."""
    allowance = answer_seconds if answer_seconds is not None else 3 * seconds + 10
    records = []
    for pairing in pairings:
        record = play_game(pairing, start_peer, level, seconds, allowance, time_settings)
        if record.forfeit is None and native.is_compiled(kernel):
            record.decided = value_at_endgame(record)
        records.append(record)
        show(game_line(record, level, name))
    show(total_line(records, level, name))
    return records
