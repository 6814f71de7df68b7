"""Connect Four's opening book, in two files made by `book_builder.py` (which says how; `book.md`
tells what was run):

* `book.txt`, the first player's strategy: Yellow, who moves first, wins Connect Four with perfect
  play; the book keeps one winning column for each Yellow position of one winning strategy, from
  the empty grid until the positions where a weak solve (win, draw or loss) finds a winning move
  within 100,000 positions searched. Past the book, level 5's solver keeps the win;
* `scores.txt`, the exact score and the best columns of every position with up to 2 discs, each of
  which takes the solver about a minute.

Positions are stored once for a position and its mirror image, by key (``current + mask``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ludoteca.games.connect4.bitboard import STRIDE, WIDTH, mirror

#: the first player's strategy, shipped with the game
BOOK_FILE = Path(__file__).with_name("book.txt")
#: exact scores of the positions with few discs, shipped with the game
SCORES_FILE = Path(__file__).with_name("scores.txt")

_log = logging.getLogger("ludoteca.connect4.book")


def canonical(key: int) -> tuple[int, bool]:
    """The key under which a position or its mirror image is kept, and whether it is the mirror."""
    mirrored = mirror(key)
    return (mirrored, True) if mirrored < key else (key, False)


def position_of(key: int) -> tuple[int, int, int]:
    """(current, mask, discs played) of a key: in each column, the key is the mask (the `h` lowest
    bits, for `h` discs) plus the mover's discs among them, which lies between 2**h - 1 and
    2**(h + 1) - 2, so its bit length tells `h`."""
    current = mask = played = 0
    for column in range(WIDTH):
        group = (key >> (column * STRIDE)) & ((1 << STRIDE) - 1)
        height = (group + 1).bit_length() - 1
        column_mask = (1 << height) - 1
        current |= (group - column_mask) << (column * STRIDE)
        mask |= column_mask << (column * STRIDE)
        played += height
    return current, mask, played


@dataclass(frozen=True)
class Book:
    #: canonical key -> winning column in the canonical orientation
    moves: dict[int, int]
    #: the header's lines (how the book was built)
    about: tuple[str, ...] = ()

    def move(self, current: int, mask: int) -> int | None:
        """The book's winning column for the side to move, or None when the position is not in it."""
        key, mirrored = canonical(current + mask)
        column = self.moves.get(key)
        if column is None:
            return None
        return WIDTH - 1 - column if mirrored else column

    def __len__(self) -> int:
        return len(self.moves)


def _records(path: Path) -> tuple[list[tuple[int, str, list[str]]], tuple[str, ...]]:
    """A table file's ``#`` lines (about it), and each other non-empty line with its number and
    its fields."""
    about: list[str] = []
    records = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("#"):
            about.append(line[1:].strip())
        elif line.split():
            records.append((number, line, line.split()))
    return records, tuple(about)


def _write_table(path: Path, about: tuple[str, ...], rows: list[str]) -> None:
    path.write_text("\n".join([f"# {line}" for line in about] + rows) + "\n", encoding="utf-8")


def read(path: Path) -> Book:
    """A book file: ``#`` lines about it, then one ``KEY COLUMN`` line per position (hexadecimal
    key, 0-based column)."""
    moves: dict[int, int] = {}
    records, about = _records(path)
    for number, line, fields in records:
        try:
            key = int(fields[0], 16)
        except ValueError:
            key = -1
        if key < 0 or len(fields) != 2 or not fields[1].isdigit() or int(fields[1]) >= WIDTH:
            raise ValueError(f"{path}, line {number}: expected 'KEY COLUMN', found {line!r}")
        moves[key] = int(fields[1])
    return Book(moves, about)


def write(path: Path, book: Book) -> None:
    _write_table(path, book.about, [f"{key:x} {column}" for key, column in sorted(book.moves.items())])


@cache
def shipped() -> Book:
    """The book shipped with the game (empty, with a warning in the log, if it is missing)."""
    try:
        return read(BOOK_FILE)
    except (OSError, ValueError) as err:
        _log.warning("Connect Four plays without its opening book: %s", err)
        return Book({})


@dataclass(frozen=True)
class Scores:
    #: canonical key -> (exact score, the best columns in the canonical orientation)
    entries: dict[int, tuple[int, tuple[int, ...]]]
    about: tuple[str, ...] = ()

    def get(self, current: int, mask: int) -> tuple[int, list[int]] | None:
        """The exact score of the position for the side to move and its best columns, or None."""
        key, mirrored = canonical(current + mask)
        found = self.entries.get(key)
        if found is None:
            return None
        score, best = found
        return score, sorted(WIDTH - 1 - c for c in best) if mirrored else list(best)

    def __len__(self) -> int:
        return len(self.entries)


def read_scores(path: Path) -> Scores:
    """A scores file: ``#`` lines about it, then ``KEY SCORE COLUMNS`` lines (hexadecimal key, the
    exact score, the best 0-based columns written together, e.g. ``34``)."""
    entries: dict[int, tuple[int, tuple[int, ...]]] = {}
    records, about = _records(path)
    for number, line, fields in records:
        try:
            key, score, columns = int(fields[0], 16), int(fields[1]), tuple(int(c) for c in fields[2])
        except (ValueError, IndexError):
            raise ValueError(f"{path}, line {number}: expected 'KEY SCORE COLUMNS', found {line!r}") from None
        if len(fields) != 3 or not columns or max(columns) >= WIDTH:
            raise ValueError(f"{path}, line {number}: expected 'KEY SCORE COLUMNS', found {line!r}")
        entries[key] = (score, columns)
    return Scores(entries, about)


def write_scores(path: Path, scores: Scores) -> None:
    rows = [
        f"{key:x} {score} {''.join(str(c) for c in best)}"
        for key, (score, best) in sorted(scores.entries.items())
    ]
    _write_table(path, scores.about, rows)


@cache
def shipped_scores() -> Scores:
    """The exact scores shipped with the game (none, with a warning in the log, if missing)."""
    try:
        return read_scores(SCORES_FILE)
    except (OSError, ValueError) as err:
        _log.warning("Connect Four solves without its table of opening scores: %s", err)
        return Scores({})
