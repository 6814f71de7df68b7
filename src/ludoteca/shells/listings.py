"""The saved games and the score history as text tables, for `ludoteca saves`, `ludoteca scores`
and the terminal menu: a header row, then one row each, in the player's words and language
(game titles, options as "Medium board (9×9)", times as "today 04:24")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ludoteca.core.errors import LudotecaError
from ludoteca.core.record import Record
from ludoteca.core.registry import declarations, get_game
from ludoteca.i18n import _, ngettext
from ludoteca.ratings.games import VARIANT_OPTION
from ludoteca.shells.dates import when
from ludoteca.shells.options import options_in_words, stored_options
from ludoteca.store import ResultRow, SavedGame

#: a name longer than this is cut in a listing (with "…"), so one long name does not push every
#: other column off the screen
LONGEST_NAME = 32


def table(headings: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    """Left-aligned columns two spaces apart, the headings first; trailing spaces trimmed."""
    body = [list(row) for row in rows]
    widths = [max(len(cell) for cell in column) for column in zip(headings, *body, strict=True)]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in (list(headings), *body)
    ]


def short(name: str, longest: int = LONGEST_NAME) -> str:
    return name if len(name) <= longest else name[: longest - 1] + "…"


def game_title(key: str) -> str:
    try:
        return _(get_game(key).info.title)
    except LudotecaError:  # a game uninstalled since: its key still names it
        return key


def rating_title(key: str) -> str:
    """A club's rating key as people read it: "Khet (Horus)", "Connect Four (Cascade)", "Othello"
    (the variant by its declared words; the key itself for a game not installed here)."""
    base, _sep, variant = key.partition("/")
    try:
        game = get_game(base)
    except LudotecaError:
        return key
    title = _(game.info.title)
    if not variant:
        return title
    words = next((o.label_for(variant) for o in game.info.options if o.name == VARIANT_OPTION), None)
    named = _(words) if words else variant
    # "Khet 2.0" names its game already; "Cascade" needs "Connect Four" before it
    return named if named.startswith(title) else f"{title} ({named})"


def rating_keys() -> list[str]:
    """The keys a club rates games under, for the games installed here: each game of two seats or
    more, its variants apart."""
    keys = []
    for declared in declarations():
        info = declared.game.info
        if info.max_seats < 2:
            continue
        variants = next((o.choices for o in info.options if o.name == VARIANT_OPTION and o.choices), None)
        keys += [f"{info.key}/{variant}" for variant in variants] if variants else [info.key]
    return keys


def options_words(key: str, stored: str) -> str:
    """A result's stored options ("classic, size=medium") in words; as stored for a game that
    is not installed any more."""
    try:
        game = get_game(key)
    except LudotecaError:
        return stored
    return options_in_words(game, stored_options(game, stored))


def is_finished(saved: SavedGame) -> bool:
    """Whether a save holds a game that is over: history to look back on, nothing to resume.
    An unreadable save is not: it stays where a player looks to mend or delete it."""
    try:
        return bool(Record.loads(saved.record_text).result)
    except ValueError:  # RecordError, and any number a damaged record holds
        return False


def split_saves(saves: Sequence[SavedGame]) -> tuple[list[SavedGame], list[SavedGame]]:
    """(games that can be resumed, finished games), each in the order given."""
    over = [is_finished(s) for s in saves]
    return (
        [s for s, done in zip(saves, over, strict=True) if not done],
        [s for s, done in zip(saves, over, strict=True) if done],
    )


def save_status(saved: SavedGame) -> str:
    try:
        record = Record.loads(saved.record_text)
    except ValueError:  # RecordError, and any number a damaged record holds
        return _("unreadable")
    if record.result:
        return _("finished")
    return ngettext("{n} move", "{n} moves", len(record.moves)).format(n=len(record.moves))


def saves_table(saves: Sequence[SavedGame]) -> list[str]:
    headings = (_("Number"), _("Name"), _("Game"), _("State"), _("Saved"))
    rows = [(str(s.id), short(s.name), game_title(s.game), save_status(s), when(s.updated)) for s in saves]
    return table(headings, rows)


def unreadable_saves(saves: Sequence[SavedGame]) -> list[str]:
    """A sentence for each damaged save (its record cannot be read, or its version number is
    not one), saying what can still be done."""
    sentences = []
    for saved in saves:
        if saved.version is None:
            sentence = _(
                "Save number {id} (“{name}”) is damaged: its version number is not a whole number. "
                "It can still be resumed, exported or deleted, and saving it again mends it."
            )
            sentences.append(sentence.format(id=saved.id, name=saved.name))
        try:
            Record.loads(saved.record_text)
        except ValueError as err:
            sentence = _(
                "Save number {id} (“{name}”) cannot be read: {err}. You can still export or delete it."
            )
            sentences.append(sentence.format(id=saved.id, name=saved.name, err=err))
    return sentences


def players_in_words(row: ResultRow) -> list[str]:
    """The players of a result in the reader's language: seats nobody named are kept under a
    language-neutral name (`GameInfo.stored_player`); as kept for a game not installed any more."""
    try:
        info = get_game(row.game).info
    except LudotecaError:
        return list(row.players)
    return [info.stored_player(seat, name) for seat, name in enumerate(row.players)]


def result_text(row: ResultRow) -> str:
    if row.winner:
        names = players_in_words(row)
        winners = ", ".join(name for name, rank in zip(names, row.ranks, strict=True) if rank == 1)
        return _("{name} won").format(name=winners)
    if len(row.players) > 1 and len(set(row.ranks)) == 1:
        return _("draw")
    return ""


def scores_table(rows: Sequence[ResultRow]) -> list[str]:
    headings = (_("Date"), _("Game"), _("Variant"), _("Players"), _("Scores"), _("Result"))
    lines = [
        (
            when(row.date),
            game_title(row.game),
            options_words(row.game, row.variant),
            short(", ".join(players_in_words(row)), 2 * LONGEST_NAME),
            " – ".join(str(v) for v in row.scores) if row.scores is not None else "",
            result_text(row),
        )
        for row in rows
    ]
    return table(headings, lines)
