"""The user manual, in English (`en/manual.md`) and French (`fr/manuel.md`), with its pictures.

Shipped as package data, so a pip-installed program finds it: `ludoteca help` prints it in the
terminal and the window's main menu opens it (Manual). The pictures in `<language>/pictures/` are
drawn by the program (`python -m ludoteca.shells.window.manual_pictures`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

from ludoteca.i18n import language

#: the manual's file in each language
FILES = {"en": "en/manual.md", "fr": "fr/manuel.md"}

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
_FENCE = re.compile(r"^\s*```")


@dataclass(frozen=True)
class Section:
    """A chapter of the manual: its number (1, 2…), its title, and its text, heading included."""

    number: int
    title: str
    text: str


def manual_text(lang: str | None = None) -> str:
    """The manual in `lang` (default: the current language; English when there is none in it)."""
    wanted = lang or language()
    name = FILES.get(wanted, FILES["en"])
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")


def title(text: str) -> str:
    """The manual's first heading."""
    for line in text.splitlines():
        found = _HEADING.match(line)
        if found:
            return found[2]
    return ""


def sections(text: str, level: int = 2) -> list[Section]:
    """The chapters of the manual: each `## ` heading and what follows it up to the next one
    (headings inside code blocks are not chapters); with `level` 3, the parts of chapters (`### `
    headings, up to the next heading of level 2 or 3)."""
    found: list[Section] = []
    current: list[str] | None = None
    heading = ""
    verbatim = False
    for line in text.splitlines():
        if _FENCE.match(line):
            verbatim = not verbatim
        match = None if verbatim else _HEADING.match(line)
        if match and len(match[1]) < level and current is not None:
            found.append(Section(len(found) + 1, heading, "\n".join(current).strip() + "\n"))
            current = None
        elif match and len(match[1]) == level:
            if current is not None:
                found.append(Section(len(found) + 1, heading, "\n".join(current).strip() + "\n"))
            heading, current = match[2], [line]
        elif current is not None:
            current.append(line)
    if current is not None:
        found.append(Section(len(found) + 1, heading, "\n".join(current).strip() + "\n"))
    return found


def _plain(word: str) -> str:
    import unicodedata

    folded = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in folded if not unicodedata.combining(c))


def find_section(text: str, asked: str) -> Section | None:
    """The chapter `asked` names: its number, or a word of its title (accents and case aside);
    a word may also name a part of a chapter (`qwirkle`: the part on Qwirkle of The games)."""
    chapters = sections(text)
    wanted = asked.strip()
    if wanted.isdigit():
        number = int(wanted)
        return chapters[number - 1] if 1 <= number <= len(chapters) else None
    plain = _plain(wanted)
    if not plain:
        return None
    parts = sections(text, level=3)
    for candidates in (chapters, parts):
        for section in candidates:
            if _plain(section.title).startswith(plain):
                return section
    for candidates in (chapters, parts):
        for section in candidates:
            if plain in _plain(section.title):
                return section
    return None


_PICTURE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK = re.compile(r"(?<!!)\[([^\]]+)\]\([^)]*\)")


def for_reading(text: str, picture: str) -> str:
    """The text for the terminal and the window's text box, which draw no image and follow no
    link: each picture becomes its description as `picture` words it ("[picture: {text}]"), each
    link its words."""
    text = _PICTURE.sub(lambda m: picture.format(text=m[1]), text)
    return _LINK.sub(lambda m: m[1], text)
