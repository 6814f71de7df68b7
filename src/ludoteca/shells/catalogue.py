"""`ludoteca catalogue LANG`: collect every `_("…")` string into .po catalogues, keeping translations.

    ludoteca catalogue fr                       Ludoteca's shared catalogue, and one per game folder
    ludoteca catalogue fr --package PATH        a game package's own catalogue (PATH/locale/fr.po)
    ludoteca catalogue fr --check               list untranslated strings; exit 1 if there are any

Each game keeps the strings only it uses in `<its folder>/locale/<lang>.po`, merged at start-up
(`i18n.add_catalogues`); a string Ludoteca already translates stays out of a game's catalogue. So
adding or translating a game never rewrites anyone else's catalogue.

Strings are found with the `ast` module (calls of `_`, `N_` and `ngettext` with literal
arguments), so no external gettext tools are needed.
"""

from __future__ import annotations

import argparse
import ast
from collections.abc import Iterable, Sequence
from pathlib import Path

from ludoteca import i18n
from ludoteca.i18n import read_po_entries

Entry = tuple[str, str | None]  # (msgid, msgid_plural or None)
Strings = dict[Entry, list[str]]
HEADER = "# {name} — {lang} catalogue. Written by `ludoteca catalogue`; edit the msgstr lines."


def collect(files: Iterable[Path], root: Path) -> Strings:
    """Each string → the places it is used ("shells/terminal/play.py:42")."""
    found: Strings = {}
    for path in sorted(files):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
                continue
            literals = [
                a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
            ]
            entry: Entry | None = None
            if node.func.id in ("_", "N_") and literals and isinstance(node.args[0], ast.Constant):
                entry = (literals[0], None)
            elif node.func.id == "ngettext" and len(literals) >= 2:
                entry = (literals[0], literals[1])
            if entry is not None:
                found.setdefault(entry, []).append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


class Known:
    """Every translation already written, wherever it was (strings move between catalogues)."""

    def __init__(self) -> None:
        self.singles: dict[str, str] = {}
        self.plurals: dict[str, list[str]] = {}

    def read(self, path: Path) -> None:
        if path.is_file():
            singles, plurals = read_po_entries(path.read_text(encoding="utf-8"))
            self.singles.update(singles)
            self.plurals.update(plurals)

    def missing(self, strings: Strings) -> list[Entry]:
        return [e for e in strings if (e[0] not in self.plurals if e[1] else e[0] not in self.singles)]


def write(path: Path, name: str, lang: str, strings: Strings, known: Known) -> None:
    lines = [
        HEADER.format(name=name, lang=lang),
        'msgid ""',
        'msgstr "Content-Type: text/plain; charset=UTF-8\\n"',
        "",
    ]
    for (msgid, plural), places in strings.items():
        lines.append("#: " + " ".join(places[:4]))
        lines.append(f"msgid {_quote(msgid)}")
        if plural is None:
            lines.append(f"msgstr {_quote(known.singles.get(msgid, ''))}")
        else:
            forms = known.plurals.get(msgid, ["", ""])
            lines.append(f"msgid_plural {_quote(plural)}")
            lines.extend(f"msgstr[{i}] {_quote(form)}" for i, form in enumerate(forms))
        lines.append("")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines), encoding="utf-8")


def catalogues(lang: str, package: Path | None) -> list[tuple[Path, str, Strings]]:
    """(catalogue path, name, its strings) for every catalogue to write."""
    root = Path(i18n.__file__).parent
    shared = collect((p for p in root.rglob("*.py") if "games" not in p.relative_to(root).parts[:1]), root)
    if package is not None:
        own = collect(package.rglob("*.py"), package)
        own = {entry: places for entry, places in own.items() if entry not in shared}
        return [(package / "locale" / f"{lang}.po", package.name, own)]
    result = [(i18n.LOCALE_DIR / f"{lang}.po", "Ludoteca", shared)]
    for folder in sorted(p for p in (root / "games").iterdir() if (p / "__init__.py").is_file()):
        own = {e: places for e, places in collect(folder.rglob("*.py"), folder).items() if e not in shared}
        result.append((folder / "locale" / f"{lang}.po", folder.name, own))
    return result


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="ludoteca catalogue", description=__doc__.splitlines()[0])
    parser.add_argument("lang", help="the language, e.g. fr")
    parser.add_argument("--package", type=Path, help="a game package's folder (default: Ludoteca's own)")
    parser.add_argument("--check", action="store_true", help="only list untranslated strings")
    args = parser.parse_args(list(argv))
    plan = catalogues(args.lang, args.package)
    known = Known()
    known.read(i18n.LOCALE_DIR / f"{args.lang}.po")
    for path, _name, _strings in plan:
        known.read(path)
    untranslated = 0
    for path, name, strings in plan:
        missing = known.missing(strings)
        untranslated += len(missing)
        if args.check:
            for msgid, plural in missing:
                print(f"untranslated: {msgid!r} ({strings[(msgid, plural)][0]})")
        else:
            write(path, name, args.lang, strings, known)
            print(f"{path}: {len(strings)} strings, {len(missing)} untranslated")
    if args.check and not untranslated:
        print(f"every string is translated ({sum(len(strings) for _p, _n, strings in plan)} strings)")
    return 1 if args.check and untranslated else 0
