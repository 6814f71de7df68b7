"""Golden playthroughs: one seeded game of every game, with what everyone may see after every move.

OpenSpiel's habit (open_spiel/integration_tests/playthroughs/*.txt): play one game with fixed
options and a fixed seed, choosing each move by a seeded `random.Random` among the legal moves
sorted by their notation (no computer player, no clock: the same on every machine), and write down
after every ply

* the move in notation (`format_move`) and, where a seat or a spectator reads it otherwise, its
  `public_move_text` ("read as": cards put face down, tiles given back, written `?`);
* whose turn it is next (and whether a draw may be claimed);
* what the spectator and each seat see: `Game.view(state, seat)`, the value the network encodes
  and sends (checked to encode), flattened to one `path = value` line per field, with the view's
  position text (`(position)`) and the rules' sentence on the last move (`(said)`, in English).
  Fields declared `compare=False` are left out (Robot Turtles' `table` is drawn afresh every
  game) and the header names them;

and at the end how the game ended, or that it stopped at the cap.

Reading a file: the whole view is written at the start ("seen by"), then after each move only the
lines that changed ("changed for"); a line several viewers share is written once, under all their
names ("everyone", or e.g. "spectator, Red (1)"), so what a seat sees and the others do not stands
apart. `- path` is a line that went. Long lines are shortened: `x*5` is five equal items in a row;
`board[34] = 0` is one item of a long tuple that changed; `(position) ~ a → b | c + d | - e` is the
words of a long text that changed (each after the word before it), and for a text made of parts
(`turn 0; scores 1 0; …`) the parts that changed, a long one by its words (`bag: ?? - ??`); a
field too long for a line is written field by field (`last = TurnReport(…)`, `steps = <3 items>`).

The files are committed under tests/playthroughs/ (`<game>.txt`, and `<game>-<variant>.txt` for a
notable variant, see SETTINGS) and `tests/test_playthroughs.py` plays every one again and compares:
any change to the rules, the views or the notation shows as a diff in review. When the change is
meant, rewrite the files and commit them with it:

    python -m tests.playthroughs.generate            # every game
    python -m tests.playthroughs.generate khet       # one game (all its files) or one file's name
    python -m tests.playthroughs.generate --check    # compare only; exit status 1 on a difference

Every game on the shelf gets a playthrough with its default options and seats by being registered;
only our own games (packages under `ludoteca.games`) are recorded, not plug-ins.
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import enum
import json
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from ludoteca import i18n
from ludoteca.core import registry
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game, implements
from ludoteca.core.options import OptionValue
from ludoteca.i18n import Sentence
from ludoteca.net.codec import encode

FOLDER = Path(__file__).resolve().parent
#: the seed of every game's chance and of the moves' choice
SEED = 24
#: a playthrough stops here if the game has not ended (files stay small)
MAX_PLIES = 60
#: a view's field whose one-line form is longer than this is written item by item (a tuple of plain
#: values, such as a board, always stays on one line)
WIDTH = 100
#: the same for an item of a tuple inside a field written item by item (a step of a run)
ITEM_WIDTH = 250
#: the games ours are in; plug-in games on the shelf keep their own tests
OURS = "ludoteca.games."


@dataclasses.dataclass(frozen=True)
class Setting:
    """How a playthrough differs from the defaults: options given (the rest default), seats,
    seed, cap."""

    options: Mapping[str, OptionValue] = dataclasses.field(default_factory=dict)
    seats: int | None = None
    seed: int = SEED
    plies: int = MAX_PLIES


#: what is recorded beyond each game's defaults: game key → file suffix → setting, the suffix ""
#: replacing the default playthrough (`<key>.txt`). A game not named here gets that one only.
SETTINGS: dict[str, dict[str, Setting]] = {
    "khet": {"horus": Setting({"variant": "horus", "setup": "classic-horus"})},
    "connect4": {"cascade": Setting({"variant": "cascade"})},
    # a random game of Othello passes a few times: 64 plies let it end
    "othello": {"": Setting(plies=64)},
    # seed 1: random recolouring completes a line (seed 24's does not)
    "fiveormore": {"recolour": Setting({"variant": "recolour"}, seed=1)},
    "qwirkle": {"three": Setting(seats=3)},
    "turtles": {"three": Setting({"bug": True, "show_program": True}, seats=3)},
}


@dataclasses.dataclass(frozen=True)
class Playthrough:
    """One golden file: a game and how it is played."""

    name: str
    key: str
    setting: Setting

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.name}.txt"

    @property
    def command(self) -> str:
        return f"python -m tests.playthroughs.generate {self.name}"


def playthroughs() -> list[Playthrough]:
    """Every playthrough: each of our games on the shelf with its defaults, then its variants."""
    found: list[Playthrough] = []
    for declaration in registry.declarations():
        if not declaration.package.startswith(OURS):
            continue
        key = declaration.key
        settings = {"": Setting(), **SETTINGS.get(key, {})}
        for suffix, setting in settings.items():
            found.append(Playthrough(f"{key}-{suffix}" if suffix else key, key, setting))
    return found


# ----- rendering a view ----------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Leaf:
    """One line of a view: its text, and for a long tuple of plain values its items, or for a long
    text its parts (`sep` says what joins them), so a change can name only what changed."""

    text: str
    parts: tuple[str, ...] | None = None
    #: "" for a tuple's items; " " or "; " for a text's words or parts
    sep: str = ""


class Renderer:
    """Values as text, deterministically: scalars as Python writes them, strings quoted as JSON,
    enum members as `Class.NAME`, tuples `[…]` (runs of a repeated item in a long one `item*n`),
    sets sorted `{…}`, dataclasses `Class(field=…)` without their `compare=False` fields (noted in
    `left_out`)."""

    def __init__(self) -> None:
        self.left_out: set[str] = set()

    def fields(self, value: Any) -> list[dataclasses.Field[Any]]:
        kept = []
        for f in dataclasses.fields(value):
            if f.compare:
                kept.append(f)
            else:
                self.left_out.add(f"{type(value).__name__}.{f.name}")
        return kept

    def inline(self, value: Any) -> str:
        if isinstance(value, enum.Enum):
            return f"{type(value).__name__}.{value.name}"
        if value is None or isinstance(value, bool | int | float):
            return repr(value)
        if isinstance(value, str | Sentence):  # a sentence as an English reader sees it
            return json.dumps(str(value), ensure_ascii=False)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            inside = ", ".join(f"{f.name}={self.inline(getattr(value, f.name))}" for f in self.fields(value))
            return f"{type(value).__name__}({inside})"
        if isinstance(value, tuple | list):
            return _listed([self.inline(item) for item in value])
        if isinstance(value, frozenset | set):
            try:
                ordered = sorted(value)
            except TypeError:  # no order of their own: by their text
                ordered = sorted(value, key=self.inline)
            return "{" + ", ".join(self.inline(item) for item in ordered) + "}"
        if isinstance(value, Mapping):
            return "{" + ", ".join(f"{self.inline(k)}: {self.inline(v)}" for k, v in value.items()) + "}"
        raise TypeError(f"a view holds a {type(value).__name__}, which a playthrough cannot write")

    def lines(self, value: Any) -> dict[str, Leaf]:
        """`value` (a dataclass) flattened to path → line: a field or item that fits in WIDTH, or
        holds only plain values, is one line, else one line per field or item (a tuple's own line
        then gives its length)."""
        out: dict[str, Leaf] = {}
        self._flatten(value, "", out)
        return out

    def _flatten(self, value: Any, path: str, out: dict[str, Leaf], width: int = WIDTH) -> None:
        text = self.inline(value)
        if path and (len(text) <= width or not _composite(value)):
            plain = isinstance(value, tuple | list) and len(text) > WIDTH
            out[path] = Leaf(text, tuple(self.inline(item) for item in value) if plain else None)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            if path:
                out[path] = Leaf(f"{type(value).__name__}(…)")
            for f in self.fields(value):
                self._flatten(getattr(value, f.name), f"{path}.{f.name}" if path else f.name, out)
        elif isinstance(value, tuple | list):
            out[path] = Leaf(f"<{len(value)} items>")
            # the parts of a view (its players) field by field, a record's entries (the steps of
            # the last run, the branches of a beam) one a line
            nested = "." in path or "[" in path
            for index, item in enumerate(value):
                self._flatten(item, f"{path}[{index}]", out, ITEM_WIDTH if nested else WIDTH)
        elif isinstance(value, Mapping):
            out[path] = Leaf(f"<{len(value)} entries>")
            for k, v in value.items():
                self._flatten(v, f"{path}[{self.inline(k)}]", out)
        else:
            out[path] = Leaf(text)


def _listed(items: list[str]) -> str:
    """`[a, b, c]`; when that is longer than WIDTH, runs of three or more equal items as `item*n`."""
    text = "[" + ", ".join(items) + "]"
    if len(text) <= WIDTH:
        return text
    runs: list[str] = []
    index = 0
    while index < len(items):
        end = index
        while end < len(items) and items[end] == items[index]:
            end += 1
        count = end - index
        runs.extend([f"{items[index]}*{count}"] if count >= 3 else items[index:end])
        index = end
    return "[" + ", ".join(runs) + "]"


def text_leaf(text: str) -> Leaf:
    """A text line of a view whose changes are told by its parts (its position): the parts
    between `; ` when it has some (Qwirkle's "turn 0; scores 0 0; …"), else its words."""
    shown = json.dumps(text, ensure_ascii=False)
    parts = tuple(text.split("; ") if "; " in text else text.split())
    return Leaf(shown, parts if len(shown) > WIDTH else None, "; " if "; " in text else " ")


def _composite(value: Any) -> bool:
    """Whether `value` may be written field by field: a dataclass, a mapping, or a tuple holding
    more than plain values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return True
    if isinstance(value, Mapping):
        return True
    if isinstance(value, tuple | list):
        return any(_composite(item) or isinstance(item, tuple | list) for item in value)
    return False


def _ancestors(path: str) -> Iterator[str]:
    for index, char in enumerate(path):
        if char in ".[" and index:
            yield path[:index]


#: a long line whose change takes more items or word groups than this is written whole
MAX_PIECES = 12


def _changed(path: str, before: Leaf, after: Leaf) -> list[str]:
    """The lines saying how a long line changed: `path[i] = item` for the items of a tuple that
    changed (same length), `path ~ old words → new words | + inserted | - deleted` for a text."""
    old, new = before.parts, after.parts
    if old is None or new is None or before.sep != after.sep:
        return [f"{path} = {after.text}"]
    if not after.sep:
        if len(old) == len(new):
            changed = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
            if len(changed) <= MAX_PIECES:
                return [f"{path}[{i}] = {new[i]}" for i in changed]
        return [f"{path} = {after.text}"]
    hunks = _hunks(old, new, after.sep)
    if len(hunks) > MAX_PIECES:
        return [f"{path} = {after.text}"]
    return [f"{path} ~ {' | '.join(hunks)}"]


def _hunks(old: Sequence[str], new: Sequence[str], sep: str) -> list[str]:
    """What changed from the parts `old` to `new` (joined by `sep`): `a → b`, `- a`, `+ b`. Words
    come after the word before them (for context); parts between `; ` name themselves ("turn 0"),
    and one that changed inside ("bag ?? ?? …") is told by its words, after its first word
    ("bag: ?? - ??")."""
    hunks: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "replace" and sep != " " and i2 - i1 == j2 - j1:
            hunks.extend(_part_changed(a, b) for a, b in zip(old[i1:i2], new[j1:j2], strict=True))
            continue
        context = f"{old[i1 - 1]} " if i1 and sep == " " else ""
        if tag == "replace":
            hunks.append(f"{context}{sep.join(old[i1:i2])} → {context}{sep.join(new[j1:j2])}")
        elif tag == "delete":
            hunks.append(f"{context}- {sep.join(old[i1:i2])}")
        elif tag == "insert":
            hunks.append(f"{context}+ {sep.join(new[j1:j2])}")
    return hunks


def _part_changed(old: str, new: str) -> str:
    head, old_words, new_words = old.split(" ", 1)[0], old.split(" "), new.split(" ")
    if len(old) + len(new) > WIDTH and len(old_words) > 1 and new_words[0] == head:
        return f"{head}: {', '.join(_hunks(old_words[1:], new_words[1:], ' '))}"
    return f"{old} → {new}"


def changes(before: Mapping[str, Leaf], after: Mapping[str, Leaf]) -> list[str]:
    """The lines of `after` that are new or changed (a long one by the pieces that changed), then
    `- path` for the paths that went, unless a container above them has a line of its own in
    `after`, which says what it is now."""
    found: list[str] = []
    for path, leaf in after.items():
        old = before.get(path)
        if old is None:
            found.append(f"{path} = {leaf.text}")
        elif old.text != leaf.text:
            found.extend(_changed(path, old, leaf))
    for path in before:
        if path not in after and not any(up in after for up in _ancestors(path)):
            found.append(f"- {path}")
    return found


# ----- playing ---------------------------------------------------------------------------------------
def _viewer_name(game: Game[Any, Any], state: Any, viewer: int | None) -> str:
    return "spectator" if viewer is None else f"{game.seat_name(state, viewer)} ({viewer})"


def _seen(game: Game[Any, Any], state: Any, viewer: int | None, renderer: Renderer) -> dict[str, Leaf]:
    """What `viewer` sees of `state`, as lines: its position text when the game has one, the
    sentence on the last move, and the view (checked to travel over the network)."""
    view = game.view(state, viewer)
    encode(view)
    lines: dict[str, Leaf] = {}
    if implements(game, "position_text"):
        try:
            lines["(position)"] = text_leaf(game.position_text(view))
        except LudotecaError as err:
            lines["(position)"] = Leaf(f"<none: {err}>")
    said = game.describe_last(view)
    if said:
        lines["(said)"] = Leaf(json.dumps(said, ensure_ascii=False))
    lines.update(renderer.lines(view))
    return lines


def _by_viewers(heading: str, names: Sequence[str], lines: Sequence[Sequence[str]]) -> list[str]:
    """Each viewer's lines, a line shared by several viewers written once: under "`heading`
    everyone", then under each set of viewers that has lines of its own, in the order first met."""
    holders: dict[str, list[str]] = {}
    for name, own in zip(names, lines, strict=True):
        for line in own:
            holders.setdefault(line, []).append(name)
    groups: dict[tuple[str, ...], list[str]] = {}
    for line, holding in holders.items():
        groups.setdefault(tuple(holding), []).append(line)
    out: list[str] = []
    for members, shared in sorted(groups.items(), key=lambda group: len(group[0]) < len(names)):
        who = "everyone" if len(members) == len(names) and len(names) > 1 else ", ".join(members)
        out.append(f"  {heading} {who}:")
        out.extend(f"    {line}" for line in shared)
    return out


def _turn(game: Game[Any, Any], state: Any) -> str:
    seat = game.to_move(state)
    if seat is None:
        return "to move: nobody (the game is over)"
    claim = "; a draw may be claimed" if game.can_claim_draw(state) else ""
    return f"to move: {_viewer_name(game, state, seat)}{claim}"


def record(playthrough: Playthrough) -> str:
    """The playthrough's text, played now (English sentences, whatever the language in use)."""
    previous_language = i18n.language()
    i18n.set_language("en")
    try:
        return _record(playthrough)
    finally:
        i18n.set_language(previous_language)


def _record(playthrough: Playthrough) -> str:
    game = registry.get_game(playthrough.key)
    setting = playthrough.setting
    options = game.options(dict(setting.options))
    seats = setting.seats or game.info.default_seats
    state = game.start(options, setting.seed, seats)
    chooser = random.Random(setting.seed)
    renderer = Renderer()
    viewers: list[int | None] = [None, *range(game.seat_count(state))]
    names = [_viewer_name(game, state, viewer) for viewer in viewers]

    body: list[str] = ["", "start", f"  {_turn(game, state)}"]
    seen = [_seen(game, state, viewer, renderer) for viewer in viewers]
    body += _by_viewers("seen by", names, [[f"{p} = {leaf.text}" for p, leaf in s.items()] for s in seen])

    ply = 0
    while ply < setting.plies and game.to_move(state) is not None:
        ply += 1
        mover = game.to_move(state)
        moves = sorted(game.legal_moves(state), key=lambda m: game.format_move(state, m))
        move = chooser.choice(moves)
        notation = game.format_move(state, move)
        body += ["", f"ply {ply}: {_viewer_name(game, state, mover)} plays {json.dumps(notation)}"]
        public = [
            f"{name} {json.dumps(text, ensure_ascii=False)}"
            for name, viewer in zip(names, viewers, strict=True)
            if (text := game.public_move_text(state, move, viewer)) != notation
        ]
        if public:
            body.append(f"  read as: {', '.join(public)}")
        state = game.play(state, move)
        body.append(f"  {_turn(game, state)}")
        now = [_seen(game, state, viewer, renderer) for viewer in viewers]
        deltas = [changes(before, after) for before, after in zip(seen, now, strict=True)]
        body += _by_viewers("changed for", names, deltas)
        seen = now

    body.append("")
    outcome = game.outcome(state)
    if outcome is None:
        body.append(f"end: stopped after {ply} plies (the cap), the game goes on")
    else:
        scores = "" if outcome.scores is None else f"; scores {list(outcome.scores)}"
        reason = json.dumps(str(outcome.reason), ensure_ascii=False)
        body.append(f"end: over after {ply} plies; ranks {list(outcome.ranks)}{scores}; {reason}")

    given = ", ".join(f"{name}={value!r}" for name, value in options.items())
    seat_names = ", ".join(names[1:])
    head = [
        f"# Golden playthrough of {game.info.title}; rewrite with: {playthrough.command}",
        f"game: {game.info.key}",
        f"options: {given or '(none)'}",
        f"seed: {setting.seed}",
        f"seats: {seats} ({seat_names})",
        f"moves: random.Random({setting.seed}).choice among the legal moves sorted by notation, "
        f"at most {setting.plies} plies",
    ]
    if renderer.left_out:
        head.append(f"left out (compare=False): {', '.join(sorted(renderer.left_out))}")
    return "\n".join(head + body) + "\n"


# ----- comparing and writing ---------------------------------------------------------------------
def difference(playthrough: Playthrough, text: str, limit: int = 40) -> str | None:
    """None when the committed file holds `text`; else the first `limit` lines of a unified diff
    and how to rewrite the file."""
    try:
        committed = playthrough.path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return f"{playthrough.path.name} does not exist; write it with: {playthrough.command}"
    if committed == text:
        return None
    diff = list(
        difflib.unified_diff(
            committed.splitlines(),
            text.splitlines(),
            f"committed {playthrough.path.name}",
            "played now",
            n=2,
            lineterm="",
        )
    )
    shown = [_with_heading(line, committed.splitlines()) for line in diff[:limit]]
    if len(diff) > limit:
        shown.append(f"… ({len(diff) - limit} more lines of diff)")
    return (
        f"{playthrough.path.name} differs from the game played now:\n"
        + "\n".join(shown)
        + f"\nIf the change is meant, rewrite the file and commit it: {playthrough.command}"
    )


def _with_heading(line: str, committed: list[str]) -> str:
    """A hunk's `@@ -a,b +c,d @@` line followed by the ply it falls in (as git names the function)."""
    if not line.startswith("@@ -"):
        return line
    first = int(line[4:].split(",")[0].split(" ")[0])
    for above in reversed(committed[:first]):
        if above.startswith(("ply ", "start", "end:")):
            return f"{line} {above}"
    return line


def stale_files() -> list[Path]:
    """Golden files no playthrough writes any more."""
    names = {p.path.name for p in playthroughs()}
    return sorted(path for path in FOLDER.glob("*.txt") if path.name not in names)


def _selected(wanted: Sequence[str]) -> list[Playthrough]:
    every = playthroughs()
    if not wanted:
        return every
    chosen = [p for p in every if p.key in wanted or p.name in wanted]
    unknown = set(wanted) - {p.key for p in chosen} - {p.name for p in chosen}
    if unknown:
        known = ", ".join(p.name for p in every)
        raise SystemExit(f"no playthrough named {', '.join(sorted(unknown))}; there are: {known}")
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.playthroughs.generate",
        description="Rewrite (or check) the golden playthroughs in tests/playthroughs.",
    )
    parser.add_argument(
        "games", nargs="*", metavar="GAME", help="a game's key or a file's name; all when none"
    )
    parser.add_argument("--check", action="store_true", help="compare with the files, write nothing")
    args = parser.parse_args(argv)
    failed = False
    for playthrough in _selected(args.games):
        text = record(playthrough)
        if args.check:
            problem = difference(playthrough, text)
            if problem:
                failed = True
                print(problem, end="\n\n")
            else:
                print(f"{playthrough.path.name}: same")
        elif difference(playthrough, text) is None:
            print(f"{playthrough.path.name}: unchanged")
        else:
            playthrough.path.write_text(text, encoding="utf-8", newline="\n")
            print(f"{playthrough.path.name}: written ({len(text.encode()):,} bytes)")
    for path in stale_files():
        failed = failed or args.check
        print(f"{path.name}: no game writes it any more; delete it")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
