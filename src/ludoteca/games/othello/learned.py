"""The learned Othello evaluation: its pattern set, its weights file and its loading.

Features of the Logistello/Edax family, each read from the side to move's point of view:
* patterns, each square empty, the mover's or the opponent's (a number in base 3, the index of a
  weight): an edge with its two X squares (10 squares), a corner's 3×3 block (9), the rows 2, 3 and
  4 (8 each), the diagonals of 8, 7, 6, 5 and 4 squares; every pattern appears as often as the
  board's eight symmetries place it (38 instances), all sharing one table, and two readings that a
  symmetry of the pattern itself maps onto each other share one weight, so the value of a position
  and of its eight images is the same;
* a constant, the mobility difference (moves now, the mover's less the opponent's), the parity
  of the empty squares and the frontier difference (discs next to an empty square, the
  opponent's less the mover's);
* one set of weights per stage (6 stages by empty squares: 60–50, 49–40, 39–30, 29–20, 19–10, 9–0).

Size: 54,832 distinct weights a stage, 328,992 in all. The shipped `weights.bin` is what
`ludoteca train othello --games 100000 --late-games 60000 --seed 7 --jobs 2` writes (`train.py`:
5,985,786 positions from 100,000 games of depth-4 self-play and 418,951 positions from 16 to 10
empties of 60,000 late games, each labelled exactly; one game in ten held out; a first fit on the
games' results, 40 steps and a penalty of 64, error 16.8 discs on the positions fitted and 16.9 on
those held out; then the positions before 16 empties labelled again by a 4-ply search with those
weights and a second fit, 150 steps and a penalty of 4, 5.9 and 6.1 discs against those labels;
39 minutes on two processors). Against the file shipped before it (the same labels, its second
fit with the first's 40 steps and penalty of 64: 6.1 and 6.2 discs), each side searching 6 plies
a move and every game exact from 16 empties, it scored 335 of 600 games (55.8 %, 2.2 discs a
game; `ludoteca bench othello --weights NEW:OLD --threads 2 --games 600`). That file had scored
361 of 600 (60.2 %, 5.0 discs; 62.8 % searching 4 plies) against the first fit alone, and level 5
with it (its probable cut-offs fitted again) 65 % of 20 games against level 5 with the first fit,
0.5 s of processor time a move each (`ludoteca bench othello --vs` with the other as a GTP
engine); on 200 positions with 20 empties from games, its mean error against the exact value was
8.9 discs where the first fit's is 9.4 (a 4-ply search's: 5.3 and 5.5).
The first fit, when it was shipped, had scored 185.5 of 300 games (61.8 %) against the file before
it (10,000 games of depth-8 self-play, 30,000 late games), and the same training with 40,000
games 51.8 %; its held-out error was higher than the file before's (14.5) because its labels are
noisier (games of a shallower search): trained on 10,000 games at depth 4, a file with 16.3 discs
of held-out error played as well as the one before (`train.py`: more games bought more than
better ones). The first file (4 stages, 2,000 games of depth-3 play in Python, 20 fitting steps)
had 20.9 discs of error.
Tried and not shipped: the corner's 2×5 block as one more pattern (8 instances, 16 more lines to
read, 59,049 more weights a stage), trained by the same command (one fit: the second labels came
later) on the same 6,404,737 positions (the games do not depend on the patterns: their search uses
the hand-tuned evaluation), took the held-out error from 16.9 discs to 16.6, but each position of
the search cost 15 to 25 % more and a depth-8 search took 15 % more positions. Level 5 with it, its
probable cut-offs fitted again, against level 5 with the first fit at equal processor time
(`ludoteca bench othello --vs` with the other as a GTP engine): 47.5 % of 20 games at 0.5 s a move,
42.5 % of 20 at 1 s. The accuracy it buys is paid for by the time it costs.
Tried again once the second labels had come, each fitted on the positions of 40,000 games and
24,000 late games labelled by a 4-ply search, against the same fit on the shipped pattern set, 600
games at 6 plies a move (`--weights A:B`, weights that differ only there): the 2×5 block, 54.7 %,
which a search at equal time would not keep (see above); 12 stages of 5 empties instead of 6 of
10, 42.3 % (a lower error against the labels, 6.13 discs against 6.22 held out, and worse play);
one weight for each count of the mover's moves and of the opponent's (0–31), and of the empty
squares next to each side's discs (0–47), 51.2 %; the corner's triangle (a1–d1, a2–c2, a3–b3, a4:
4 instances, 29,889 more weights a stage, as in Egaroucid 4's set), 48.8 % (held-out error 6.00
discs against 6.07), and 53.9 % and 51.3 % (seeds 3 and 4) with the stages tied in the fit
(`train.py`), as much as the tie brought without it.

The weights are in 1/128 of a final disc of difference; the evaluation is in 1/20 of a disc (the
midgame search's units, `engine.GUESS_UNITS_PER_DISC`). The kernel computes it
(`kernel.pattern_value`, compiled where Cython can); this module describes the patterns, reads
and writes the file and hands the kernel its tables once.

The file: a header ("LUDOTHEL", format version, the pattern set's name, stages, weights per stage,
the checksum of the weights), then the distinct weights of each stage (one per class of readings
under the pattern's own symmetries, in the order `PatternSet` numbers them), int16 little-endian,
compressed by zlib. A file that does not match its header or this pattern set is refused with a
sentence saying why, and the engine falls back to the hand-tuned evaluation (`evaluation.py`).
"""

from __future__ import annotations

import logging
import struct
import threading
import zlib
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final

from ludoteca.games.othello.evaluation import evaluate as hand_tuned

_log = logging.getLogger("ludoteca.othello")

MAGIC: Final = b"LUDOTHEL"
FORMAT_VERSION: Final = 1
#: the name written in the file: a file made for another pattern set is refused
PATTERN_SET: Final = "edge+2x/corner3x3/rows2-4/diag4-8/mobility/parity/frontier v2"
STAGES: Final = 6
#: stage of each count of empty squares, 0–64: 60–50, 49–40, 39–30, 29–20, 19–10, 9–0
STAGE_OF: Final[tuple[int, ...]] = tuple(max(0, 5 - e // 10) for e in range(65))
#: the scalar weights closing each stage's block
SCALARS: Final = ("constant", "mobility", "parity", "frontier")
#: the weights' units per disc (the kernel's PATTERN_UNITS)
WEIGHT_UNITS: Final = 128
#: the shipped file, package data beside this module
SHIPPED: Final = "weights.bin"

_HEADER: Final = struct.Struct("<8sHH64sHII")

#: the patterns in one orientation (square = 8 × row + column, a1 = 0)
BASE_PATTERNS: Final[tuple[tuple[str, tuple[int, ...]], ...]] = (
    ("edge+2x", (9, 0, 1, 2, 3, 4, 5, 6, 7, 14)),
    ("corner3x3", (0, 1, 2, 8, 9, 10, 16, 17, 18)),
    ("row2", tuple(range(8, 16))),
    ("row3", tuple(range(16, 24))),
    ("row4", tuple(range(24, 32))),
    ("diagonal8", (0, 9, 18, 27, 36, 45, 54, 63)),
    ("diagonal7", (1, 10, 19, 28, 37, 46, 55)),
    ("diagonal6", (2, 11, 20, 29, 38, 47)),
    ("diagonal5", (3, 12, 21, 30, 39)),
    ("diagonal4", (4, 13, 22, 31)),
)


class WeightsError(ValueError):
    """A weights file that cannot be used; the message says why, in a sentence."""


def symmetries() -> tuple[Callable[[int], int], ...]:
    """The board's eight symmetries as maps of squares."""

    def of(f: Callable[[int, int], tuple[int, int]]) -> Callable[[int], int]:
        def image(square: int) -> int:
            row, column = f(square >> 3, square & 7)
            return 8 * row + column

        return image

    return (
        of(lambda r, c: (r, c)),
        of(lambda r, c: (r, 7 - c)),
        of(lambda r, c: (7 - r, c)),
        of(lambda r, c: (7 - r, 7 - c)),
        of(lambda r, c: (c, r)),
        of(lambda r, c: (7 - c, 7 - r)),
        of(lambda r, c: (c, 7 - r)),
        of(lambda r, c: (7 - c, r)),
    )


@dataclass(frozen=True)
class PatternSet:
    """The instances of every pattern and the numbering of the weights."""

    #: (pattern number, squares in reading order) for each instance
    instances: tuple[tuple[int, tuple[int, ...]], ...]
    #: offset of each pattern's full table (3**length readings) in a stage's block
    table_at: tuple[int, ...]
    #: size of a stage's block in the kernel: every full table, then the scalars
    block: int
    #: for each position of a block, the number of its distinct weight (readings that a symmetry
    #: of the pattern maps onto each other share one)
    distinct_of: array[int]
    #: distinct weights per stage, the scalars last
    distinct: int

    def flat_squares(self) -> tuple[list[int], list[int], list[int]]:
        """The kernel's form: every instance's squares one after another, each instance's start
        (and the end), each instance's table offset."""
        squares: list[int] = []
        first: list[int] = []
        table_at: list[int] = []
        for pattern, instance in self.instances:
            first.append(len(squares))
            squares.extend(instance)
            table_at.append(self.table_at[pattern])
        first.append(len(squares))
        return squares, first, table_at


@cache
def pattern_set() -> PatternSet:
    maps = symmetries()
    instances: list[tuple[int, tuple[int, ...]]] = []
    table_at: list[int] = []
    distinct_of = array("i")
    distinct = 0
    offset = 0
    for number, (_, base) in enumerate(BASE_PATTERNS):
        seen: set[frozenset[int]] = set()
        own: list[tuple[int, ...]] = []  # the pattern's own symmetries, as permutations of places
        place = {square: i for i, square in enumerate(base)}
        for image in maps:
            squares = tuple(image(s) for s in base)
            if frozenset(squares) not in seen:
                seen.add(frozenset(squares))
                instances.append((number, squares))
            if frozenset(squares) == frozenset(base):
                own.append(tuple(place[s] for s in squares))
        length = len(base)
        table_at.append(offset)
        # each reading's index under every own symmetry, readings in index order: place j of a
        # permuted reading holds the digit of place perm[j], so the digit of place k weighs
        # 3**(length - 1 - j) where perm[j] == k
        readings = []
        for perm in own:
            at = {k: j for j, k in enumerate(perm)}
            indices = [0]
            for k in range(length):
                weight = 3 ** (length - 1 - at[k])
                indices = [x + d * weight for x in indices for d in (0, 1, 2)]
            readings.append(indices)
        numbers: dict[int, int] = {}
        for canonical in map(min, zip(*readings, strict=True)):
            if canonical not in numbers:
                numbers[canonical] = distinct
                distinct += 1
            distinct_of.append(numbers[canonical])
        offset += 3**length
    for _ in SCALARS:
        distinct_of.append(distinct)
        distinct += 1
    return PatternSet(tuple(instances), tuple(table_at), offset + len(SCALARS), distinct_of, distinct)


# ----- the file --------------------------------------------------------------------------------------
def write_weights(path: Path, weights: list[list[int]]) -> None:
    """Write the distinct weights of each stage (ints in 1/WEIGHT_UNITS of a disc)."""
    data = encode_weights(weights)
    path.write_bytes(data)


def encode_weights(weights: list[list[int]]) -> bytes:
    distinct = pattern_set().distinct
    if len(weights) != STAGES or any(len(stage) != distinct for stage in weights):
        raise ValueError(f"expected {STAGES} stages of {distinct} weights")
    body = array("h", [w for stage in weights for w in stage])
    if body.itemsize != 2:  # pragma: no cover - every platform Python runs on
        raise RuntimeError("array('h') is not 16-bit here")
    raw = body.tobytes() if _little() else _swapped(body)
    name = PATTERN_SET.encode()
    if len(name) > 64:
        raise RuntimeError(
            f"the pattern set's name is {len(name)} bytes long; its place in the header holds 64"
        )
    header = _HEADER.pack(MAGIC, FORMAT_VERSION, STAGES, name, WEIGHT_UNITS, distinct, zlib.crc32(raw))
    return header + zlib.compress(raw, 9)


def decode_weights(data: bytes, source: str) -> list[array[int]]:
    """The distinct weights of each stage, or WeightsError saying what is wrong with `source`."""
    if len(data) < _HEADER.size:
        raise WeightsError(f"{source} is too short to be an Othello weights file ({len(data)} bytes).")
    magic, version, stages, name, units, distinct, checksum = _HEADER.unpack_from(data)
    if magic != MAGIC:
        raise WeightsError(f"{source} is not an Othello weights file (it does not start with {MAGIC!r}).")
    if version != FORMAT_VERSION:
        raise WeightsError(
            f"{source} has format version {version}; this program reads version {FORMAT_VERSION}."
        )
    found = name.rstrip(b"\0").decode("ascii", "replace")
    expected = pattern_set().distinct
    if found != PATTERN_SET or stages != STAGES or units != WEIGHT_UNITS or distinct != expected:
        raise WeightsError(
            f"{source} was made for the pattern set {found!r} ({stages} stages of {distinct} weights); "
            f"this program uses {PATTERN_SET!r} ({STAGES} stages of {expected} weights)."
        )
    try:
        raw = zlib.decompress(data[_HEADER.size :])
    except zlib.error as err:
        raise WeightsError(f"{source} is damaged: its weights cannot be decompressed ({err}).") from err
    if len(raw) != 2 * STAGES * distinct or zlib.crc32(raw) != checksum:
        raise WeightsError(f"{source} is damaged: its weights do not match the checksum in its header.")
    body = array("h")
    body.frombytes(raw)
    if not _little():  # pragma: no cover
        body.byteswap()
    return [array("i", body[s * distinct : (s + 1) * distinct]) for s in range(STAGES)]


def _little() -> bool:
    return array("h", [1]).tobytes() == b"\x01\x00"


def _swapped(body: array[int]) -> bytes:  # pragma: no cover - big-endian machines
    copy = array("h", body)
    copy.byteswap()
    return copy.tobytes()


def read_weights(path: Path | None = None) -> list[array[int]]:
    """The distinct weights of `path`, or of the shipped file."""
    if path is None:
        try:
            data = resources.files(__package__ or "ludoteca.games.othello").joinpath(SHIPPED).read_bytes()
        except OSError as err:
            raise WeightsError(f"the shipped Othello weights ({SHIPPED}) cannot be read: {err}.") from err
        return decode_weights(data, SHIPPED)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise WeightsError(f"{path} cannot be read: {err}.") from err
    return decode_weights(data, str(path))


def kernel_block(stages: list[array[int]]) -> array[int]:
    """The kernel's weights: each stage's full tables, every reading given its distinct weight."""
    table = pattern_set().distinct_of
    block = array("i")
    for weights in stages:
        block.extend(array("i", map(weights.__getitem__, table)))
    return block


# ----- the evaluator ---------------------------------------------------------------------------------
Evaluator = Callable[[int, int], int]
_lock = threading.Lock()
#: the weights file now in the kernel (the kernel holds one set at a time) and its evaluator
_loaded: dict[str, Evaluator] = {}


def install(kernel: object, stages: list[array[int]] | None) -> None:
    """Hand `kernel` (either form) the pattern set and the weights (None: all zero, for training)."""
    if stages is None:
        install_block(kernel, array("i", bytes(4 * STAGES * pattern_set().block)))
    else:
        install_block(kernel, kernel_block(stages))


def install_block(kernel: object, block: array[int]) -> None:
    """Hand `kernel` the pattern set and weights already laid out by `kernel_block` (building
    them costs a hundred times more than handing them over)."""
    patterns = pattern_set()
    _loaded.clear()
    squares, first, table_at = patterns.flat_squares()
    kernel.load_patterns(squares, first, table_at, list(STAGE_OF), patterns.block, block)  # type: ignore[attr-defined]


def learned_evaluator(path: Path | None = None) -> Evaluator:
    """The compiled kernel's learned evaluation with the weights of `path` (None: the shipped
    file), loaded once; when they cannot be used, the reason is logged and the hand-tuned
    evaluation stands in. The kernel holds one set of weights: asking for another file replaces
    them for every engine of the program (comparisons of two files run in two processes)."""
    key = str(path)
    with _lock:
        found = _loaded.get(key)
        if found is None:
            found = _load(path)
            _loaded.clear()
            _loaded[key] = found
    return found


def _load(path: Path | None) -> Evaluator:
    from ludoteca.games.othello.search import kernel

    try:
        stages = read_weights(path)
    except WeightsError as err:
        _log.warning("%s The engine uses the hand-tuned evaluation instead.", err)
        return hand_tuned
    install(kernel, stages)
    value: Evaluator = kernel.pattern_value
    return value


def evaluate(p: int, o: int) -> int:
    """The learned evaluation (the shipped weights) for `p`, the side to move; what
    `EngineSettings.evaluator` names to ask an engine for it. The engine replaces it by the
    kernel's function itself (`resolve`), so the search calls C directly."""
    return learned_evaluator()(p, o)


def resolve(evaluator: Evaluator) -> Evaluator:
    """What an engine should call for `evaluator`: the kernel's function for `evaluate`, where the
    kernel is compiled; as plain Python the patterns cost some fifty times the hand-tuned
    evaluation, which then stands in (said once in the log)."""
    if evaluator is not evaluate:
        return evaluator
    from ludoteca.ai import native
    from ludoteca.games.othello.search import kernel

    if not native.is_compiled(kernel):
        _say_hand_tuned_stands_in()
        return hand_tuned
    return learned_evaluator()


@cache
def _say_hand_tuned_stands_in() -> None:
    """Logged once: an engine asked for the learned evaluation uses the hand-tuned one."""
    _log.warning("The Othello kernel runs as plain Python: the engine uses the hand-tuned evaluation.")
