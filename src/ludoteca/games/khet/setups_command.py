"""`ludoteca setups khet …`: the standard Khet setups and your own, kept in the store.

    ludoteca setups khet list
    ludoteca setups khet show NAME
    ludoteca setups khet create NAME --from FILE     (FILE: a setup text, '-' for standard input)
    ludoteca setups khet rename OLD NEW
    ludoteca setups khet copy SOURCE NEW             (SOURCE may be a standard setup)
    ludoteca setups khet delete NAME
    ludoteca setups khet import FILE [--name NAME]
    ludoteca setups khet export NAME [FILE]

A setup is written in the position format of `ludoteca rules khet`; every setup is checked before it
is saved (one Pharaoh a side, the Sphinxes on their corners in Khet 2.0, nothing on a square reserved
for the other colour, no more pieces than the box holds). Play one with
`ludoteca play khet --setup NAME` (add `--variant horus` for an Eye of Horus setup).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from ludoteca.core.declaration import CommandContext
from ludoteca.core.errors import LudotecaError, NotationError
from ludoteca.games.khet.board import RED, SILVER, SQUARES, colour_of, stack_height
from ludoteca.games.khet.position import EDITION_NAMES, edition_of, format_position, parse_setup
from ludoteca.games.khet.setups import (
    GAME_KEY,
    check_setup,
    looks_like_text,
    resolve_setup,
    standard_setup,
    standard_setups,
)
from ludoteca.i18n import _, os_reason

HEADER = "# Khet setup: "


class SetupsError(LudotecaError):
    """A setups command that cannot be done; the message says why."""


def _edition(text: str) -> str:
    return edition_of(parse_setup(text, None).board) or "khet2"


def normalise(text: str) -> tuple[str, str]:
    """Check a setup text and give it back tidy (one line per rank group), with its edition."""
    try:
        position = parse_setup(text, None)
    except NotationError as err:
        raise SetupsError(_("this setup cannot be used: {problems}").format(problems=err)) from None
    edition = edition_of(position.board) or "khet2"
    return format_position(position.board, per_line=11), edition


def check_new_name(name: str) -> str:
    """The name tidied, or SetupsError when it cannot name a player's setup."""
    name = name.strip()
    for variant in ("khet2", "horus"):
        if standard_setup(variant, name) is not None:
            raise SetupsError(
                _("'{name}' is the name of a standard setup; choose another name").format(name=name)
            )
    if looks_like_text(name):
        raise SetupsError(_("a setup name cannot contain ':'"))
    return name


def _read(path: str) -> str:
    try:
        return sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as err:
        reason = os_reason(err)
        raise SetupsError(_("cannot read {path}: {reason}").format(path=path, reason=reason)) from None
    except UnicodeDecodeError:
        raise SetupsError(_("{path} is not a text file").format(path=path)) from None


def _strip_comments(text: str) -> tuple[str, str | None]:
    """The setup text without comment lines, and the name from a `# Khet setup: NAME` header."""
    name = None
    kept = []
    for line in text.splitlines():
        if line.startswith(HEADER):
            name = line[len(HEADER) :].strip() or None
        elif not line.lstrip().startswith("#"):
            kept.append(line)
    return "\n".join(kept), name


def setup_text(name: str, store: Any) -> tuple[str, str, bool]:
    """(text, edition, is_standard) of a standard setup or one of the player's."""
    for setup in standard_setups():
        if setup.called(name):
            return setup.text, setup.variant, True
    text = str(store.load_setup(GAME_KEY, name).text)  # the store says when there is no such setup
    try:
        return text, _edition(text), False
    except NotationError as err:
        raise SetupsError(
            _("the setup '{name}' cannot be used: {problems}").format(name=name, problems=err)
        ) from None


def diagram(text: str) -> str:
    """The setup drawn as a plain board (no colour)."""
    from ludoteca.games.khet.terminal import piece_glyph

    board = parse_setup(text, None).board
    lines = ["    " + "  ".join("abcdefghij")]
    for rank in range(7, -1, -1):
        cells = []
        for file in range(10):
            piece = board[SQUARES[rank * 10 + file]]
            cells.append(piece_glyph(piece) if piece else "· ")
        lines.append(f" {rank + 1}  " + " ".join(cells))
    return "\n".join(lines)


def _pieces(text: str) -> str:
    board = parse_setup(text, None).board
    silver = sum(stack_height(board[sq]) for sq in SQUARES if board[sq] and colour_of(board[sq]) == SILVER)
    red = sum(stack_height(board[sq]) for sq in SQUARES if board[sq] and colour_of(board[sq]) == RED)
    return _("{s} Silver and {r} Red pieces").format(s=silver, r=red)


# ----- commands -------------------------------------------------------------------------------------
def cmd_list(store: Any, out: TextIO) -> None:
    out.write(_("Standard setups:") + "\n")
    for setup in standard_setups():
        edition = _(EDITION_NAMES[setup.variant])
        out.write(f"  {setup.name:<16} {setup.shown_title:<18} {edition}\n")
    rows = store.list_setups(GAME_KEY)
    out.write(_("Your setups:") + "\n")
    if not rows:
        out.write("  " + _("none yet — create one with: ludoteca setups khet create NAME --from FILE") + "\n")
    for row in rows:
        try:
            edition = _(EDITION_NAMES[_edition(row.text)])
        except NotationError:
            edition = _("cannot be used (run show for the reason)")
        out.write(f"  {row.name:<35} {edition}  ({_('changed')} {row.updated[:10]})\n")


def cmd_show(name: str, store: Any, out: TextIO) -> None:
    text, edition, standard = setup_text(name, store)
    kind = _("standard setup") if standard else _("your setup")
    out.write(f"{name} — {kind}, {_(EDITION_NAMES[edition])}, {_pieces(text)}\n")
    out.write(diagram(text) + "\n\n")
    out.write(normalise(text)[0] + "\n")
    if edition == "horus":
        out.write(
            _("Play it with: ludoteca play khet --variant horus --setup '{name}'").format(name=name) + "\n"
        )
    else:
        out.write(_("Play it with: ludoteca play khet --setup '{name}'").format(name=name) + "\n")


def cmd_create(name: str, source: str, store: Any, out: TextIO, overwrite: bool = False) -> None:
    name = check_new_name(name)
    body, _header = _strip_comments(_read(source))
    text, edition = normalise(body)
    store.save_setup(GAME_KEY, name, text, overwrite=overwrite)
    out.write(
        # an edition's name carries its own article ("the Eye of Horus edition", "Khet 2.0")
        _("Saved the setup '{name}' for {edition}.").format(edition=_(EDITION_NAMES[edition]), name=name)
        + "\n"
    )


def cmd_rename(old: str, new: str, store: Any, out: TextIO) -> None:
    new = check_new_name(new)
    store.rename_setup(GAME_KEY, old, new)
    out.write(_("Renamed '{old}' to '{new}'.").format(old=old, new=new) + "\n")


def cmd_copy(source: str, new: str, store: Any, out: TextIO) -> None:
    new = check_new_name(new)
    text, _edition_name, _standard = setup_text(source, store)
    tidy, _edition_again = normalise(text)
    store.save_setup(GAME_KEY, new, tidy)
    out.write(_("Copied '{source}' to '{new}'.").format(source=source, new=new) + "\n")


def cmd_delete(name: str, store: Any, out: TextIO) -> None:
    for setup in standard_setups():
        if setup.called(name):
            raise SetupsError(_("'{name}' is a standard setup; it cannot be deleted").format(name=name))
    store.delete_setup(GAME_KEY, name)
    out.write(_("Deleted '{name}'.").format(name=name) + "\n")


def cmd_import(path: str, name: str | None, store: Any, out: TextIO) -> None:
    body, header = _strip_comments(_read(path))
    chosen = name or header or (Path(path).stem if path != "-" else None)
    if not chosen:
        raise SetupsError(_("give the setup a name: import FILE --name NAME"))
    chosen = check_new_name(chosen)
    text, edition = normalise(body)
    store.save_setup(GAME_KEY, chosen, text)
    out.write(
        _("Imported the setup '{name}' for {edition}.").format(edition=_(EDITION_NAMES[edition]), name=chosen)
        + "\n"
    )


def export_text(name: str, store: Any) -> str:
    text, edition, _standard = setup_text(name, store)
    return f"{HEADER}{name}\n# edition: {edition}\n{normalise(text)[0]}\n"


def cmd_export(name: str, path: str | None, store: Any, out: TextIO) -> None:
    text = export_text(name, store)
    if path is None or path == "-":
        out.write(text)
        return
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as err:
        reason = os_reason(err)
        raise SetupsError(_("cannot write {path}: {reason}").format(path=path, reason=reason)) from None
    out.write(_("Wrote '{name}' to {path}.").format(name=name, path=path) + "\n")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ludoteca setups khet", description=_("Standard Khet setups and your own.")
    )
    sub = parser.add_subparsers(dest="action")
    sub.add_parser("list", help=_("list the standard setups and yours (default)"))
    show = sub.add_parser("show", help=_("draw a setup and print its text"))
    show.add_argument("name", metavar=_("NAME"))
    create = sub.add_parser("create", help=_("save a new setup from a file ('-': standard input)"))
    create.add_argument("name", metavar=_("NAME"))
    create.add_argument("--from", dest="source", required=True, metavar=_("FILE"))
    create.add_argument("--force", action="store_true", help=_("replace a setup of yours with that name"))
    rename = sub.add_parser("rename", help=_("rename one of your setups"))
    rename.add_argument("old", metavar=_("OLD"))
    rename.add_argument("new", metavar=_("NEW"))
    copy = sub.add_parser("copy", help=_("copy a setup (standard or yours) under a new name"))
    copy.add_argument("source", metavar=_("SOURCE"))
    copy.add_argument("new", metavar=_("NEW"))
    delete = sub.add_parser("delete", help=_("delete one of your setups"))
    delete.add_argument("name", metavar=_("NAME"))
    imp = sub.add_parser("import", help=_("save a setup file (as written by export)"))
    imp.add_argument("file", metavar=_("FILE"))
    imp.add_argument("--name", help=_("the name to save it under (default: the file's header or name)"))
    exp = sub.add_parser("export", help=_("write a setup to a file (or print it)"))
    exp.add_argument("name", metavar=_("NAME"))
    exp.add_argument("file", metavar=_("FILE"), nargs="?")
    return parser


def main(argv: Sequence[str], context: CommandContext) -> int:
    args = _parser().parse_args(list(argv))
    out = context.out
    try:
        store = context.store
        action = args.action or "list"
        if action == "list":
            cmd_list(store, out)
        elif action == "show":
            cmd_show(args.name, store, out)
        elif action == "create":
            cmd_create(args.name, args.source, store, out, overwrite=args.force)
        elif action == "rename":
            cmd_rename(args.old, args.new, store, out)
        elif action == "copy":
            cmd_copy(args.source, args.new, store, out)
        elif action == "delete":
            cmd_delete(args.name, store, out)
        elif action == "import":
            cmd_import(args.file, args.name, store, out)
        elif action == "export":
            cmd_export(args.name, args.file, store, out)
    except LudotecaError as err:
        print(_("ludoteca setups khet: {problem}").format(problem=err), file=sys.stderr)
        return 1
    return 0


def position_for(options: dict[str, Any], store: Any) -> str | None:
    """For `ludoteca play/perft/host khet --setup NAME` and the window: the start position of a
    player's own setup, checked and written tidy on one line (it goes into the game's record,
    and at a network table travels inside it to the other players); None when the setup is a
    standard one (or already a text), which the game starts from by itself."""
    variant, name = str(options.get("variant", "khet2")), str(options.get("setup", "classic"))
    if standard_setup(variant, name) is not None or looks_like_text(name):
        return None
    text = resolve_setup(variant, name, store)
    return format_position(check_setup(text, variant).board)
