"""One record format for every game, in the spirit of PGN.

    [Game "othello"]
    [Seed "1234"]
    [Players "Ann=human, computer:3"]
    [Date "2026-11-25"]
    [Result "1-2"]
    [Scores "20 44"]

    1. d3
    2. c5        ; a comment runs to the end of the line

Tags come first; tags named like one of the game's options carry that option. Then one ply per
line: its number, a dot, and the move in the game's own notation (a Qwirkle move holds spaces, so
one line per ply keeps the format unambiguous). Loading *replays* the moves through the rules, so a
corrupt or tampered record is refused with the line and the problem.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.core.errors import LudotecaError, OptionError, RecordError
from ludoteca.core.game import Game
from ludoteca.core.options import OptionValue
from ludoteca.core.outcome import Outcome
from ludoteca.core.seats import SeatSpec, parse_seats
from ludoteca.i18n import _

_TAG = re.compile(r'^\[(?P<name>[A-Za-z][A-Za-z0-9_]*)\s+"(?P<value>(?:[^"\\]|\\.)*)"\]\s*$')
_PLY = re.compile(r"^(?P<number>\d+)\.\s*(?P<move>.*)$")

#: tags every record may carry besides the game's options
STANDARD_TAGS = (
    "Game",
    "Seed",
    "Players",
    "Date",
    "Result",
    "Scores",
    "Termination",
    "Position",
    "Event",
)
#: how a game can end without the rules ending it
TERMINATIONS = ("resignation", "draw claim", "stopped")


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


@dataclass
class Record:
    """A game as text: tags, options, seats and moves (each in notation)."""

    game: str
    seed: int
    options: dict[str, OptionValue]
    seats: tuple[SeatSpec, ...]
    moves: list[str] = field(default_factory=list)
    result: str | None = None
    scores: tuple[int, ...] | None = None
    termination: str | None = None
    date: str | None = None
    #: a start position in the game's position format (when not the standard start)
    position: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    def dumps(self) -> str:
        tags: list[tuple[str, str]] = [("Game", self.game)]
        for name, value in self.options.items():
            shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            tags.append((name.capitalize(), shown))
        tags.append(("Seed", str(self.seed)))
        tags.append(("Players", ", ".join(seat.text() for seat in self.seats)))
        if self.date:
            tags.append(("Date", self.date))
        if self.position:
            tags.append(("Position", self.position))
        tags.append(("Result", self.result or "*"))
        if self.scores is not None:
            tags.append(("Scores", " ".join(str(s) for s in self.scores)))
        if self.termination:
            tags.append(("Termination", self.termination))
        tags.extend(self.extra.items())
        lines = [f'[{name} "{_escape(value)}"]' for name, value in tags]
        lines.append("")
        lines.extend(f"{i}. {move}" for i, move in enumerate(self.moves, start=1))
        return "\n".join(lines) + "\n"

    @staticmethod
    def loads(text: str) -> Record:
        """Parse the text (syntax only; `replay` checks the moves against the rules)."""
        tags: dict[str, tuple[str, int]] = {}
        moves: list[str] = []
        in_moves = False
        for lineno, raw in enumerate(text.splitlines(), start=1):
            line = raw.split(";", 1)[0].strip() if not raw.lstrip().startswith("[") else raw.strip()
            if not line:
                continue
            if line.startswith("["):
                if in_moves:
                    raise RecordError("a tag after the moves have started", lineno)
                match = _TAG.match(line)
                if not match:
                    raise RecordError(f'a tag must look like [Name "value"], not {line!r}', lineno)
                name = match["name"]
                if name in tags:
                    raise RecordError(f"the tag {name} appears twice", lineno)
                tags[name] = (_unescape(match["value"]), lineno)
                continue
            if not tags:
                raise RecordError('this is not a Ludoteca record: it should begin with [Game "…"]', lineno)
            in_moves = True
            ply = _PLY.match(line)
            if not ply:
                raise RecordError(
                    f"expected a numbered move like '{len(moves) + 1}. …', found {line!r}", lineno
                )
            if int(ply["number"]) != len(moves) + 1:
                raise RecordError(
                    f"move number {ply['number']} out of order (expected {len(moves) + 1})", lineno
                )
            moves.append(ply["move"].strip())
        if "Game" not in tags:
            raise RecordError('this is not a Ludoteca record: the [Game "…"] tag is missing')

        def tag(name: str) -> str | None:
            found = tags.get(name)
            return found[0] if found else None

        seed_text = tag("Seed") or "0"
        if not seed_text.lstrip("-").isdigit():
            raise RecordError(f"the seed must be a whole number, not {seed_text!r}", tags["Seed"][1])
        try:
            seats = parse_seats(tag("Players") or "human,human")
        except OptionError as err:
            raise RecordError(str(err), tags["Players"][1]) from None
        scores: tuple[int, ...] | None = None
        if (scores_text := tag("Scores")) is not None:
            try:
                scores = tuple(int(s) for s in scores_text.split())
            except ValueError:
                raise RecordError(
                    f"scores must be whole numbers, not {scores_text!r}", tags["Scores"][1]
                ) from None
        options = {name: value for name, (value, _) in tags.items() if name not in STANDARD_TAGS}
        result = tag("Result")
        return Record(
            game=tags["Game"][0],
            seed=int(seed_text),
            options={name.lower(): value for name, value in options.items()},
            seats=seats,
            moves=moves,
            result=None if result in (None, "*") else result,
            scores=scores,
            termination=tag("Termination"),
            date=tag("Date"),
            position=tag("Position"),
        )

    def move_line(self, index: int) -> int:
        """The line on which move `index` (0-based) stands in `dumps()` output (for messages)."""
        return self.dumps().splitlines().index(f"{index + 1}. {self.moves[index]}") + 1


def start_state(game: Game[Any, Any], record: Record) -> Any:
    known = {spec.name for spec in game.info.options}
    unknown = {k: v for k, v in record.options.items() if k not in known}
    options = game.options({k: v for k, v in record.options.items() if k in known})
    if unknown:
        raise OptionError(
            f"{game.info.title} has no option {', '.join(sorted(unknown))}; "
            f"its options are: {', '.join(sorted(known)) or 'none'}"
        )
    seats = len(record.seats)
    if not game.info.min_seats <= seats <= game.info.max_seats:
        raise OptionError(
            f"{game.info.title} is for {game.info.min_seats}–{game.info.max_seats} players, not {seats}"
        )
    if record.position:
        return game.parse_position(record.position, options)
    return game.start(options, record.seed, seats)


def replay(game: Game[Any, Any], record: Record, text: str | None = None) -> list[Any]:
    """Every state of the record, from the start to the last move, checked against the rules.

    `text` is the record's original text, used to name the right line in error messages.
    """
    lines = (text or record.dumps()).splitlines()

    def line_of(index: int) -> int | None:
        wanted = f"{index + 1}."
        for lineno, line in enumerate(lines, start=1):
            if line.strip().startswith(wanted):
                return lineno
        return None

    try:
        state = start_state(game, record)
    except LudotecaError as err:
        raise RecordError(f"the game cannot start: {err}") from None
    states = [state]
    for index, move_text in enumerate(record.moves):
        if game.is_over(state):
            raise RecordError(f"move {move_text!r} comes after the game was already over", line_of(index))
        try:
            move = game.read_move(state, move_text)
            state = game.play(state, move)
        except LudotecaError as err:
            raise RecordError(
                f"move {index + 1} ({move_text!r}) cannot be played: {err}", line_of(index)
            ) from None
        states.append(state)
    _check_result(game, record, state)
    return states


def _check_result(game: Game[Any, Any], record: Record, final: Any) -> None:
    outcome = game.outcome(final)
    if record.termination is not None and record.termination not in TERMINATIONS:
        raise RecordError(
            f"unknown termination {record.termination!r}; expected one of {', '.join(TERMINATIONS)}"
        )
    if outcome is not None:
        if record.result is not None and record.result != outcome.result_tag():
            raise RecordError(
                f"the record claims the result {record.result} but the moves give {outcome.result_tag()}"
            )
        if record.scores is not None and outcome.scores is not None and record.scores != outcome.scores:
            raise RecordError("the record's scores do not match the moves")
    elif record.result is not None and record.termination is None:
        raise RecordError(
            f"the record claims the result {record.result} but the game is not over after its moves"
        )


def record_outcome(game: Game[Any, Any], record: Record, final: Any) -> Outcome | None:
    """The outcome the record stands for: the rules' own, or the stated resignation/draw/stop."""
    outcome = game.outcome(final)
    if outcome is not None or record.result is None:
        return outcome
    ranks = Outcome.parse_result_tag(record.result)
    return stated_outcome(game, final, record.termination, ranks, record.scores)


def stated_outcome(
    game: Game[Any, Any],
    final: Any,
    termination: str | None,
    ranks: Sequence[int],
    scores: Sequence[int] | None,
) -> Outcome:
    """An ending the rules did not produce (a resignation, a draw claim, a stopped solitaire) with
    its reason worded now, by the game, in the current language; never the record's tag."""
    if termination == "draw claim":
        reason = game.claim_draw(final).reason if game.can_claim_draw(final) else _("draw claimed")
    elif termination in ("resignation", "stopped") and ranks:
        # the seat that gave up is the one ranked last
        reason = game.resign(final, list(ranks).index(max(ranks))).reason
    else:
        reason = ""
    return Outcome(tuple(ranks), reason, tuple(scores) if scores is not None else None)


def options_text(options: Mapping[str, OptionValue]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items())


def seats_text(seats: Sequence[SeatSpec]) -> str:
    return ", ".join(s.text() for s in seats)
