"""`ludoteca new-game NAME`: a game package to start from, written from the templates shipped
with Ludoteca (`ludoteca/templates/game`).

    ludoteca new-game gomoku                   ./gomoku: pyproject, package, rules, tests, catalogue
    ludoteca new-game gomoku --dir ~/src/gomoku --title "Five in a Row"

What it writes installs with `pip install -e DIR` and plays at once (`ludoteca play NAME`): a
small k-in-a-row game to replace with the rules of yours, its declaration and entry point, the
package-data lines that install its rules and catalogue, rules in English and French, its French
catalogue and tests. `ludoteca check NAME` then checks the installed package.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from ludoteca.core.declaration import PLUGIN_API
from ludoteca.core.errors import OptionError
from ludoteca.core.registry import find
from ludoteca.i18n import _

#: a game's key: what players type (`ludoteca play KEY`) and what records name
KEY = re.compile(r"[a-z][a-z0-9]{1,23}")

#: template → where it goes in the new folder ({package} is the package's name)
FILES = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "package/__init__.py.tmpl": "{package}/__init__.py",
    "package/game.py.tmpl": "{package}/game.py",
    "package/rules.md.tmpl": "{package}/rules.md",
    "package/rules.fr.md.tmpl": "{package}/rules.fr.md",
    "package/fr.po.tmpl": "{package}/locale/fr.po",
    "tests/test_game.py.tmpl": "tests/test_{key}.py",
}


def _template(name: str) -> str:
    node: Traversable = resources.files("ludoteca").joinpath("templates", "game")
    for part in name.split("/"):
        node = node.joinpath(part)
    return node.read_text(encoding="utf-8")


def render(text: str, words: dict[str, str]) -> str:
    for name, value in words.items():
        text = text.replace("{{" + name + "}}", value)
    return text


def write_package(key: str, folder: Path, title: str) -> list[Path]:
    """Write the package for `key` into `folder` (which must not hold a package already)."""
    package = f"ludoteca_{key}"
    words = {
        "key": key,
        "package": package,
        "distribution": f"ludoteca-{key}",
        "title": title,
        "Class": "".join(part.capitalize() for part in re.split(r"[^a-zA-Z0-9]+", title) if part) or "New",
        "api": str(PLUGIN_API),
    }
    written = []
    for template, target in FILES.items():
        path = folder / target.format(package=package, key=key)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render(_template(template), words), encoding="utf-8")
        written.append(path)
    typed = folder / package / "py.typed"
    typed.write_text("", encoding="utf-8")  # the package's hints are for its users' type checkers
    written.append(typed)
    return written


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="ludoteca new-game", description=_("Write a game package to start from.")
    )
    parser.add_argument("name", help=_("the game's key: lower-case letters and digits, e.g. gomoku"))
    parser.add_argument("--dir", type=Path, help=_("the folder to write (default: ./NAME)"))
    parser.add_argument("--title", help=_("the game's title (default: the name, capitalised)"))
    args = parser.parse_args(list(argv))
    key = args.name.strip()
    if not KEY.fullmatch(key):
        raise OptionError(
            _(
                "{name!r} cannot be a game's key: use 2 to 24 lower-case letters and digits, "
                "beginning with a letter (e.g. gomoku)"
            ).format(name=key)
        )
    if find(key) is not None:
        raise OptionError(_("a game named {key!r} is already installed; choose another name").format(key=key))
    folder: Path = args.dir or Path(key)
    if (folder / "pyproject.toml").exists():
        raise OptionError(
            _("{folder} already holds a pyproject.toml; choose another folder with --dir").format(
                folder=folder
            )
        )
    title = (args.title or key.capitalize()).strip()
    written = write_package(key, folder, title)
    print(_("Wrote {n} files in {folder}:").format(n=len(written), folder=folder))
    for path in written:
        print(f"  {path.relative_to(folder)}")
    print(
        _(
            "Next:\n  pip install -e {folder}\n  ludoteca play {key}\n  ludoteca check {key}\n"
            "then replace the rules in {package}/game.py with yours (docs/adding-a-game.md)."
        ).format(folder=folder, key=key, package=f"ludoteca_{key}")
    )
    return 0
