"""The one door every user-facing string goes through.

`_("text")` looks `text` up in the catalogue of the current language. Catalogues are gettext `.po`
files shipped in `ludoteca/locale/<lang>.po`, read directly (no compiled `.mo` step, so a translator
edits one text file and sees the result on the next start). English is the source language: a
string missing from a catalogue shows in English.

Use `_()` at the moment the text is shown, and `.format()` after the lookup:
`_("column {n} is full").format(n=4)`.
"""

from __future__ import annotations

import ast
import gettext
import os
from pathlib import Path

LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = {"en": "English", "fr": "Français"}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


class PoTranslations(gettext.NullTranslations):
    """A catalogue read straight from a .po file (msgid/msgstr pairs, plural forms ignored)."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.catalogue = read_po(path.read_text(encoding="utf-8"))

    def gettext(self, message: str) -> str:
        return self.catalogue.get(message) or message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)


def read_po(text: str) -> dict[str, str]:
    """msgid → msgstr from .po text (multi-line strings joined; fuzzy or empty entries skipped)."""
    entries: dict[str, str] = {}
    current: dict[str, str] = {}
    field: str | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal fuzzy
        msgid, msgstr = current.get("msgid", ""), current.get("msgstr", "")
        if msgid and msgstr and not fuzzy:
            entries[msgid] = msgstr
        current.clear()
        fuzzy = False

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
            field = None
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        keyword, _sep, rest = line.partition(" ")
        if keyword in ("msgid", "msgstr"):
            if keyword == "msgid" and "msgid" in current and "msgstr" in current:
                flush()
            field = keyword
            current[field] = ast.literal_eval(rest)
        elif line.startswith('"') and field is not None:
            current[field] += ast.literal_eval(line)
    flush()
    return entries


def set_language(lang: str | None) -> str:
    """Switch later `_()` lookups to `lang` ("en", "fr"); None reads LUDOTECA_LANG, then LANG.
    Returns the language in use (English when there is no catalogue for the one asked)."""
    global _translation, _language
    if lang is None:
        lang = os.environ.get("LUDOTECA_LANG") or os.environ.get("LANG") or "en"
    lang = lang.split(".")[0].split("_")[0].lower() or "en"
    path = LOCALE_DIR / f"{lang}.po"
    if lang != "en" and path.is_file():
        _translation, _language = PoTranslations(path), lang
    else:
        _translation, _language = gettext.NullTranslations(), "en"
    return _language


def language() -> str:
    return _language


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)
