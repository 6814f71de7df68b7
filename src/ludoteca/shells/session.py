"""What every front end does around a match: saving, resuming and recording results in the store."""

from __future__ import annotations

import datetime as _dt
import itertools
import logging
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludoteca.core.errors import LudotecaError, OptionError, RecordError
from ludoteca.core.game import Game
from ludoteca.core.options import Options
from ludoteca.core.record import Record
from ludoteca.core.registry import declaration_of, failures, find, get_game, not_installed
from ludoteca.core.seats import SeatSpec
from ludoteca.core.think import Think
from ludoteca.i18n import _
from ludoteca.match import GameInPlay, Match
from ludoteca.match.summary import player_names, result_fields, variant_summary
from ludoteca.shells.files import FileExists, FileRefused, write_text
from ludoteca.store import ResultRow, SavedGame, SaveSlot, Store, StoreBusy, StoreError, Written

log = logging.getLogger(__name__)


def start_position(game: Game[Any, Any], options: Options, store: Any) -> str | None:
    """The start position a player made themselves (a Khet setup of their own), for games that
    declare `start_position`; None for the game's own start."""
    finder = declaration_of(game).part("start_position")
    return None if finder is None else finder(options, store)


def new_match(
    game: Game[Any, Any],
    options: Options,
    seats: Sequence[SeatSpec],
    seed: int,
    store: Any,
    think: Think | float | None = None,
) -> Match:
    """A new game, starting from the player's own setup when the options name one."""
    return Match(game, options, seats, seed, think=think, position=start_position(game, options, store))


def result_row(match: GameInPlay) -> ResultRow:
    return ResultRow(**result_fields(match))


def outcome_headline(match: GameInPlay) -> str:
    """Who won a finished game, in one line: "Ann wins!", "A draw", "Final score: 120"."""
    outcome = match.outcome
    assert outcome is not None
    names = player_names(match)
    if outcome.solitaire:
        return _("Final score: {score}").format(score=outcome.scores[0] if outcome.scores else 0)
    if outcome.is_draw:
        return _("A draw")
    winners = [names[s] for s in outcome.winners]
    if len(winners) == 1:
        return _("{name} wins!").format(name=winners[0])
    return _("{names} share the win").format(names=", ".join(winners))


def save_match(store: Store, match: Match, name: str | None, over: SaveSlot | None = None) -> Written:
    """Save the match as a new save, or over `over` (the save it was resumed from or last saved
    to). The record is proven readable before the write is committed: the text as stored is read
    back and replayed through the rules (RecordError, and nothing written, if it is not this game)."""
    if not name:
        name = default_save_name(match)
    text = match.to_record().dumps()
    return store.write_save(name, match.game.info.key, text, over=over, check=proof_of(match))


#: pauses, in seconds, between attempts to save a game that is being left while another program
#: holds the data file (each attempt itself waits `store.db.BUSY_SECONDS` for it)
KEEP_PAUSES = (1.0, 2.0, 4.0)
#: the folder, beside the data file, for records that could not be saved
RECOVERY_FOLDER = "recovery"


@dataclass(frozen=True, slots=True)
class Kept:
    """Where a game being left went: into a save, or (when the store refused it) a recovery file,
    or, when even that could not be written, nowhere but the `message` (which then holds it)."""

    written: Written | None
    recovery: Path | None
    message: str


def keep_match(
    store: Store,
    match: Match,
    name: str | None,
    over: SaveSlot | None,
    notify: Callable[[str], None],
    sleep: Callable[[float], None] = time.sleep,
) -> Kept:
    """Save a game that is being left (input ended, Ctrl-C, the window closed), so it is never lost:
    while another program holds the data file, try again after each of KEEP_PAUSES (saying so
    through `notify`); if it still cannot be saved, write its record to a recovery file and say
    where. `message` is the sentence to show at the end."""
    pauses = iter(KEEP_PAUSES)
    while True:
        try:
            written = save_match(store, match, name, over)
        except StoreBusy as err:
            pause = next(pauses, None)
            if pause is None:
                return _recover(store, match, err)
            notify(
                _("The data file is busy (another Ludoteca is writing); trying again in {n} s…").format(
                    n=pause
                )
            )
            sleep(pause)
            continue
        except LudotecaError as err:
            return _recover(store, match, err)
        except Exception as err:  # a bug must not cost the game either: it is the last way out
            log.exception("saving a game being left failed")
            return _recover(store, match, err)
        saved = _("Saved (number {id}). Resume with: ludoteca play --resume {id}").format(id=written.slot.id)
        notice = clash_notice(written)
        return Kept(written, None, f"{notice}\n{saved}" if notice else saved)


def _recover(store: Store, match: Match, err: Exception) -> Kept:
    text = match.to_record().dumps()
    folder = store.path.parent / RECOVERY_FOLDER
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for attempt in itertools.count(1):
            path = folder / f"{stamp}{'' if attempt == 1 else f'-{attempt}'}-{match.game.info.key}.txt"
            try:
                write_text(path, text)
                break
            except FileExists:
                continue
    except (OSError, FileRefused) as failure:
        if _keeps_secrets(match):
            # the screen is not the store: whoever reads it may be any player at the table
            sentence = _(
                "Could not save the game ({err}), nor keep it in a file ({failure}). Its full record "
                "would give away every player's secrets, so here are only its moves as the players "
                "may see them; the game cannot be resumed from them."
            )
            return Kept(None, None, sentence.format(err=err, failure=failure) + "\n" + _public_record(match))
        sentence = _(
            "Could not save the game ({err}), nor keep it in a file ({failure}). Here is its record; "
            "copy it into a file and import it with: ludoteca saves import FILE"
        )
        return Kept(None, None, sentence.format(err=err, failure=failure) + "\n" + text)
    sentence = _(
        "Could not save the game ({err}). Its record is kept in {path}; get it back with: "
        "ludoteca saves import {path}"
    )
    return Kept(None, path, sentence.format(err=err, path=path))


def import_record(store: Store, text: str, name: str) -> Written:
    """Keep a record from a file as a save, once fully checked: its tags, every move replayed through
    the rules, and its stated result against the moves. The save holds the record as Ludoteca
    writes it (the game's own key, every option), proven readable like any save."""
    return save_match(store, match_from_text(text), name)


def proof_of(match: Match) -> Callable[[str], None]:
    """A check that a record text is `match`: it reads, replays, and gives the same moves and end."""

    def check(stored: str) -> None:
        try:
            again = match_from_text(stored)
        except LudotecaError as err:
            raise RecordError(
                _("this game's record does not read back ({problem}), so it was not saved").format(
                    problem=err
                )
            ) from None
        if again.moves != match.moves or _result(again) != _result(match):
            raise RecordError(_("this game's record replays differently from the game, so it was not saved"))

    return check


def _result(match: Match) -> str | None:
    outcome = match.outcome
    return None if outcome is None else outcome.result_tag()


def save_name(store: Store, slot: SaveSlot) -> str:
    """The save's name now (someone may have renamed it), or the one it had when it was written."""
    try:
        return store.load_save(slot.id).name
    except StoreError:
        return slot.name


def clash_notice(written: Written) -> str | None:
    """One sentence when the game went into a new save because its own had changed elsewhere."""
    if written.clashed is None:
        return None
    # where the game is now comes first: a status bar may only have room for that
    if written.clash_deleted:
        return _(
            "Saved again as number {id}: “{old}” was deleted elsewhere while this game was open."
        ).format(old=written.clashed.name, id=written.slot.id)
    return _(
        "Saved as “{new}” (number {id}): “{old}” was changed elsewhere (another Ludoteca) while this "
        "game was open, and both are kept."
    ).format(old=written.clashed.name, new=written.slot.name, id=written.slot.id)


def default_save_name(match: GameInPlay) -> str:
    stamp = _dt.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    return _("{title} {stamp}").format(title=_(match.game.info.title), stamp=stamp)


def load_match(store: Store, ref: int | str, think: Think | float | None = None) -> tuple[Match, SaveSlot]:
    """Resume a saved game: the match and the save it came from (to save over it later, unless
    someone else has meanwhile). Raises StoreError / RecordError with clear sentences."""
    saved = store.load_save(ref)
    record = Record.loads(saved.record_text)
    game = _installed_game(record)
    return Match.from_record(game, record, saved.record_text, think=think), saved.slot


def match_from_text(text: str, think: Think | float | None = None) -> Match:
    record = Record.loads(text)
    return Match.from_record(_installed_game(record), record, text, think=think)


def _installed_game(record: Record) -> Game[Any, Any]:
    """The game a record is of; a game that is not installed (or failed to load) is refused
    with what to install, as the record names it, rather than a list of the other games."""
    if find(record.game) is None and not any(f.name == record.game for f in failures()):
        raise OptionError(not_installed(record.game, record.package))
    return get_game(record.game)


def record_to_show(saved: SavedGame) -> tuple[str, str | None]:
    """A save's record as it may be shown or exported to a player, and a note when it is not the
    full record. While a game with hidden information goes on, that is the player's view: no seed,
    and the moves as the one person playing may read them (everyone's secrets hidden when several
    share the screen). The store keeps the full record, which is shown once the game has ended."""
    # the game is looked for on its tag alone, so a record too damaged to read is not shown whole
    tag = re.search(r'^\ufeff?\s*\[Game\s+"([^"]*)"\]', saved.record_text, re.M)
    declared = find(tag[1]) if tag else None
    if declared is None or not declared.game.info.hidden_information:
        return saved.record_text, None  # nothing to hide (or no game known to hide it for)
    try:
        match = match_from_text(saved.record_text)
    except LudotecaError as err:
        raise RecordError(
            _(
                "this save cannot be replayed ({err}); it holds a game with hidden information, so it "
                "is not shown, since its seed and moves would give away every player's secrets"
            ).format(err=err)
        ) from None
    if not _keeps_secrets(match):
        return saved.record_text, None
    note = _(
        "The seed and the hidden moves are left out while the game goes on; the full record becomes "
        "available when the game ends."
    )
    return "".join(f"; {line}\n" for line in note.splitlines()) + _public_record(match), note


def _keeps_secrets(match: Match) -> bool:
    """Whether the full record must stay in the store: while a game with hidden information goes
    on, its seed rebuilds every hand and deck, and its moves show what went face down or back to
    the bag."""
    return match.game.info.hidden_information and not match.over


def _public_record(match: Match) -> str:
    """The record as the one person playing may read it (everyone's secrets hidden when several
    share the screen): no seed, and each move as `Game.public_move_text` writes it for them."""
    copy = match.to_record()
    copy.moves = match.public_moves(match.lone_human())
    return copy.dumps(with_seed=False)


def describe_outcome(match: GameInPlay) -> str:
    outcome = match.outcome
    if outcome is None:
        return ""
    if outcome.solitaire:
        score = outcome.scores[0] if outcome.scores else 0
        return _("Game over: {reason}. Final score {score}.").format(reason=outcome.reason, score=score)
    return _("Game over: {reason}.").format(reason=outcome.reason)


__all__ = [
    "clash_notice",
    "describe_outcome",
    "import_record",
    "keep_match",
    "load_match",
    "match_from_text",
    "new_match",
    "player_names",
    "proof_of",
    "record_to_show",
    "result_row",
    "save_match",
    "save_name",
    "start_position",
    "variant_summary",
]
