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
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.core.errors import LudotecaError, OptionError, RecordError
from ludoteca.core.game import Game
from ludoteca.core.options import OptionValue
from ludoteca.core.outcome import Outcome, Termination
from ludoteca.core.seats import SeatSpec, parse_seats, wrong_seat_count
from ludoteca.core.text import NumberError, clean_line, read_int, read_seed
from ludoteca.core.think import Think, read_think
from ludoteca.i18n import _

_TAG = re.compile(r'^\[(?P<name>[A-Za-z][A-Za-z0-9_]*)\s+"(?P<value>(?:[^"\\]|\\.)*)"\]\s*$')
_PLY = re.compile(r"^(?P<number>\d+)\.\s*(?P<move>.*)$")
# TODO(text): use core.text
_RESULT = re.compile(r"[0-9]{1,2}(?:-[0-9]{1,2})*")

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
    "Think",
    "Package",
)
#: the largest record file read (a long Five or More game is a few tens of KiB)
MAX_RECORD_BYTES = 1 << 20
#: how a game can end without the rules ending it, as records write it
TERMINATIONS = tuple(t.value for t in Termination)


#: escapes with a name of their own; any other character that could end or hide a line is written
#: as \\uXXXX (a tag must stay on its one line, and a record shown in a terminal must read as written)
_NAMED_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_UNNAMED = {value[1]: key for key, value in _NAMED_ESCAPES.items()}
#: bidirectional controls: they reorder what a terminal shows without being seen
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_ESCAPE = re.compile(r"\\(u[0-9A-Fa-f]{4}|.)", re.DOTALL)


def _needs_code(char: str) -> bool:
    return unicodedata.category(char) in ("Cc", "Zl", "Zp") or char in _BIDI_CONTROLS


def _escape(value: str) -> str:
    """A tag value as it is written between the quotes: one line, nothing hidden."""
    out = []
    for char in value:
        if char in _NAMED_ESCAPES:
            out.append(_NAMED_ESCAPES[char])
        elif _needs_code(char):
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return "".join(out)


def _unescape(value: str) -> str:
    def one(match: re.Match[str]) -> str:
        code = match[1]
        if len(code) == 5:
            point = int(code[1:], 16)
            # half a surrogate pair is no character: no file or database could hold it
            return "\ufffd" if 0xD800 <= point <= 0xDFFF else chr(point)
        # an unknown escape stands for the character itself, as records have always been read
        return _UNNAMED.get(code, code)

    return _ESCAPE.sub(one, value)


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
    #: how long the computers thought: with a count (`nodes:N`), the seed and the levels play
    #: the same game again
    think: Think = field(default_factory=Think)
    extra: dict[str, str] = field(default_factory=dict)
    #: the pip package of a plug-in game ("ludoteca-gomoku"), so that a record of a game that is
    #: not installed can say what to install; None for Ludoteca's own games
    package: str | None = None
    #: the line each tag was read from (for messages about a record read from text)
    tag_lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def dumps(self, *, with_seed: bool = True) -> str:
        """The record as text; `with_seed=False` leaves the seed out (a player's copy of a game
        with hidden information: the seed would let anyone rebuild every hand and deck)."""
        tags: list[tuple[str, str]] = [("Game", self.game)]
        for name, value in self.options.items():
            shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            tags.append((name.capitalize(), shown))
        if with_seed:
            tags.append(("Seed", str(self.seed)))
        tags.append(("Players", ", ".join(seat.text() for seat in self.seats)))
        if self.think.given:
            tags.append(("Think", self.think.text()))
        if self.date:
            tags.append(("Date", self.date))
        if self.position:
            tags.append(("Position", self.position))
        tags.append(("Result", self.result or "*"))
        if self.scores is not None:
            tags.append(("Scores", " ".join(str(s) for s in self.scores)))
        if self.termination:
            tags.append(("Termination", self.termination))
        if self.package:
            tags.append(("Package", self.package))
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
        # a byte-order mark, which some editors put at the start of a UTF-8 file, is not text
        for lineno, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
            line = raw.split(";", 1)[0].strip() if not raw.lstrip().startswith("[") else raw.strip()
            if not line:
                continue
            if line.startswith("["):
                if in_moves:
                    raise RecordError(_("a tag after the moves have started"), lineno)
                match = _TAG.match(line)
                if not match:
                    shape = _('a tag must look like [Name "value"], not {line!r}')
                    raise RecordError(shape.format(line=line), lineno)
                name = match["name"]
                if name in tags:
                    raise RecordError(_("the tag {name} appears twice").format(name=name), lineno)
                tags[name] = (_unescape(match["value"]), lineno)
                continue
            if not tags:
                raise RecordError(_('this is not a Ludoteca record: it should begin with [Game "…"]'), lineno)
            in_moves = True
            ply = _PLY.match(line)
            if not ply:
                raise RecordError(
                    _("expected a numbered move like '{n}. …', found {line!r}").format(
                        n=len(moves) + 1, line=line
                    ),
                    lineno,
                )
            try:
                number = read_int(ply["number"], _("the move number"), max_digits=9)
            except NumberError as err:
                raise RecordError(str(err), lineno) from None
            if number != len(moves) + 1:
                raise RecordError(
                    _("move number {number} out of order (expected {n})").format(
                        number=ply["number"], n=len(moves) + 1
                    ),
                    lineno,
                )
            moves.append(ply["move"].strip())
        if "Game" not in tags:
            raise RecordError(_('this is not a Ludoteca record: the [Game "…"] tag is missing'))

        # what a record says is shown to players: no escape sequences or direction overrides
        # (the position is the game's own text, which its parser checks character by character)
        tags = {
            name: (value if name == "Position" else clean_line(value), at)
            for name, (value, at) in tags.items()
        }

        def tag(name: str) -> str | None:
            found = tags.get(name)
            return found[0] if found else None

        try:
            seed = read_seed(tag("Seed") or "0")
        except NumberError as err:
            raise RecordError(str(err), tags["Seed"][1]) from None
        try:
            seats = parse_seats(tag("Players") or "human,human")
        except OptionError as err:
            raise RecordError(str(err), tags["Players"][1]) from None
        scores: tuple[int, ...] | None = None
        if (scores_text := tag("Scores")) is not None:
            try:
                scores = tuple(read_int(s, _("a score"), max_digits=9) for s in scores_text.split())
            except NumberError as err:
                raise RecordError(str(err), tags["Scores"][1]) from None
        think = Think()
        if (think_text := tag("Think")) is not None:
            try:
                think = read_think(think_text)
            except NumberError as err:
                raise RecordError(str(err), tags["Think"][1]) from None
        options = {name: value for name, (value, _line) in tags.items() if name not in STANDARD_TAGS}
        result = tag("Result")
        if result is not None and result != "*" and not _RESULT.fullmatch(result):
            problem = _("the result must be '*' or each player's rank joined by '-' (e.g. 1-2), not {text!r}")
            raise RecordError(problem.format(text=result), tags["Result"][1])
        return Record(
            # keys are lower case; a record typed with [Game "QWIRKLE"] is still the same game
            game=tags["Game"][0].strip().lower(),
            seed=seed,
            options={name.lower(): value for name, value in options.items()},
            seats=seats,
            moves=moves,
            result=None if result in (None, "*") else result,
            scores=scores,
            termination=tag("Termination"),
            date=tag("Date"),
            position=tag("Position"),
            think=think,
            package=tag("Package"),
            tag_lines={name: line for name, (_value, line) in tags.items()},
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
            _("{title} has no option {names}; its options are: {known}").format(
                title=_(game.info.title),
                names=", ".join(sorted(unknown)),
                known=", ".join(sorted(known)) or _("none"),
            )
        )
    seats = len(record.seats)
    if not game.info.min_seats <= seats <= game.info.max_seats:
        raise OptionError(
            wrong_seat_count(_(game.info.title), game.info.min_seats, game.info.max_seats, seats)
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
        raise RecordError(_("the game cannot start: {err}").format(err=err)) from None
    states = [state]
    for index, move_text in enumerate(record.moves):
        if game.is_over(state):
            raise RecordError(
                _("move {move!r} comes after the game was already over").format(move=move_text),
                line_of(index),
            )
        try:
            move = game.read_move(state, move_text)
            state = game.play(state, move)
        except LudotecaError as err:
            raise RecordError(
                _("move {n} ({move!r}) cannot be played: {err}").format(n=index + 1, move=move_text, err=err),
                line_of(index),
            ) from None
        states.append(state)
    _check_result(game, record, state)
    return states


def _check_result(game: Game[Any, Any], record: Record, final: Any) -> None:
    record_outcome(game, record, final)


def record_outcome(game: Game[Any, Any], record: Record, final: Any) -> Outcome | None:
    """The outcome the record stands for, checked against its moves: the rules' own, or the
    resignation, draw claim or stop its tags state. RecordError (naming the tag's line) when the
    Result, Scores or Termination tags disagree with the moves or with each other."""
    line = record.tag_lines.get
    seats = len(record.seats)
    if record.termination is not None and record.termination not in TERMINATIONS:
        problem = _("unknown termination {text!r}; expected one of {known}")
        raise RecordError(
            problem.format(text=record.termination, known=", ".join(TERMINATIONS)), line("Termination")
        )
    if record.scores is not None and len(record.scores) != seats:
        problem = _("the record gives {n} scores for {seats} players")
        raise RecordError(problem.format(n=len(record.scores), seats=seats), line("Scores"))
    if record.result is not None:
        _check_ranks(record.result, seats, line("Result"))
    outcome = game.outcome(final)
    if outcome is not None:
        if record.termination is not None:
            problem = _("the record says the game ended by {how}, but its moves end it by the rules")
            raise RecordError(problem.format(how=record.termination), line("Termination"))
    elif record.termination is not None:
        if record.result is None:
            problem = _("the record says the game ended by {how} but gives no result")
            raise RecordError(problem.format(how=record.termination), line("Termination"))
        outcome = _stated_ending(game, record, final)
    elif record.result is not None:
        problem = _("the record claims the result {result} but the game is not over after its moves")
        raise RecordError(problem.format(result=record.result), line("Result"))
    else:
        return None
    if record.result is not None and record.result != outcome.result_tag():
        problem = _("the record claims the result {result} but the moves give {actual}")
        raise RecordError(problem.format(result=record.result, actual=outcome.result_tag()), line("Result"))
    if record.scores is not None and outcome.scores is not None and record.scores != outcome.scores:
        raise RecordError(_("the record's scores do not match the moves"), line("Scores"))
    return outcome


def _check_ranks(result: str, seats: int, line: int | None) -> None:
    """A result is one rank per player, 1 for the best, and tied players share the better rank."""
    try:
        ranks = Outcome.parse_result_tag(result)
    except ValueError as err:
        raise RecordError(str(err), line) from None
    if len(ranks) != seats:
        problem = _("the result {result} gives {n} ranks for {seats} players")
        raise RecordError(problem.format(result=result, n=len(ranks), seats=seats), line)
    if any(rank != 1 + sum(other < rank for other in ranks) for rank in ranks):
        problem = _(
            "the result {result} is not a possible ranking (1 is the best; tied players share a rank)"
        )
        raise RecordError(problem.format(result=result), line)


def _stated_ending(game: Game[Any, Any], record: Record, final: Any) -> Outcome:
    """The ending the Termination tag states, as the rules would have made it, or RecordError."""
    line = record.tag_lines.get("Termination")
    seats = len(record.seats)
    if record.termination == Termination.DRAW_CLAIM:
        if not game.can_claim_draw(final):
            raise RecordError(_("the record ends with a draw claim, but no draw can be claimed there"), line)
        return game.claim_draw(final)
    if record.termination == Termination.STOPPED and seats != 1:
        raise RecordError(
            _("only a game for one player can be stopped; this one has {n}").format(n=seats), line
        )
    if record.termination in (Termination.RESIGNATION, Termination.TIME_FORFEIT) and seats == 1:
        raise RecordError(_("a game for one player is stopped, not resigned"), line)
    for seat in range(seats):
        ending = game.resign(final, seat)
        if ending.result_tag() == record.result:
            return ending
    problem = _("the result {result} is not one that {how} gives here")
    raise RecordError(
        problem.format(result=record.result, how=record.termination), record.tag_lines.get("Result")
    )


def stated_outcome(
    game: Game[Any, Any],
    final: Any,
    termination: str | None,
    ranks: Sequence[int],
    scores: Sequence[int] | None,
    names: Sequence[str] = (),
) -> Outcome:
    """An ending the rules did not produce (a resignation, a draw claim, a stopped solitaire, a
    fallen flag) with its reason worded now, by the game, in the current language; never the
    record's tag. `names`: how to call the players (their seats' names without it)."""
    loser = list(ranks).index(max(ranks)) if ranks else 0
    if termination == Termination.DRAW_CLAIM:
        reason = game.claim_draw(final).reason if game.can_claim_draw(final) else _("draw claimed")
    elif termination == Termination.TIME_FORFEIT and ranks:
        name = names[loser] if loser < len(names) else game.seat_name(final, loser)
        reason = _("{name} ran out of time").format(name=name)
    elif termination in (Termination.RESIGNATION, Termination.STOPPED) and ranks:
        # the seat that gave up is the one ranked last
        reason = game.resign(final, list(ranks).index(max(ranks))).reason
    else:
        reason = ""
    return Outcome(tuple(ranks), reason, tuple(scores) if scores is not None else None)


def options_text(options: Mapping[str, OptionValue]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items())


def seats_text(seats: Sequence[SeatSpec]) -> str:
    return ", ".join(s.text() for s in seats)
