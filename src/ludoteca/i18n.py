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
import errno
import gettext
import os
import string
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = {"en": "English", "fr": "Français"}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


#: which plural form a count takes, per language (gettext's Plural-Forms, as Python)
def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


def _french_plural(n: int) -> int:
    return 0 if n in (0, 1) else 1


PLURAL_RULES: dict[str, Callable[[int], int]] = {"en": _english_plural, "fr": _french_plural}


class PoTranslations(gettext.NullTranslations):
    """The catalogues of one language, read straight from .po files and merged: the shared one
    first, then each game package's own (`<package>/locale/<lang>.po`)."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.catalogue: dict[str, str] = {}
        self.plurals: dict[str, list[str]] = {}
        self.plural = PLURAL_RULES.get(lang, PLURAL_RULES["en"])

    def merge(self, text: str) -> None:
        singles, plurals = read_po_entries(text)
        for msgid, msgstr in singles.items():
            self.catalogue.setdefault(msgid, msgstr)
        for msgid, forms in plurals.items():
            self.plurals.setdefault(msgid, forms)

    def gettext(self, message: str) -> str:
        return self.catalogue.get(message) or message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        forms = self.plurals.get(msgid1)
        if forms:
            index = min(self.plural(n), len(forms) - 1)
            if forms[index]:
                return forms[index]
        return msgid1 if n == 1 else msgid2


def read_po(text: str) -> dict[str, str]:
    """msgid → msgstr of the singular entries of .po text."""
    return read_po_entries(text)[0]


def read_po_entries(text: str) -> tuple[dict[str, str], dict[str, list[str]]]:
    """(singular entries, plural entries msgid → forms) from .po text. Multi-line strings are
    joined; fuzzy and untranslated entries are skipped."""
    singles: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    current: dict[str, str] = {}
    field: str | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal fuzzy
        msgid = current.get("msgid", "")
        if msgid and not fuzzy:
            if "msgid_plural" in current:
                forms = [current[k] for k in sorted(k for k in current if k.startswith("msgstr["))]
                if any(forms):
                    plurals[msgid] = forms
            elif current.get("msgstr"):
                singles[msgid] = current["msgstr"]
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
        if keyword in ("msgid", "msgid_plural", "msgstr") or keyword.startswith("msgstr["):
            if keyword == "msgid" and "msgid" in current and any(k.startswith("msgstr") for k in current):
                flush()
            field = keyword
            current[field] = ast.literal_eval(rest)
        elif line.startswith('"') and field is not None:
            current[field] += ast.literal_eval(line)
    flush()
    return singles, plurals


#: game packages whose `locale/` catalogues are merged after the shared one
_packages: list[str] = []


def _catalogue_text(package: str, lang: str) -> str | None:
    try:
        return resources.files(package).joinpath("locale", f"{lang}.po").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return None


def add_catalogues(package: str) -> None:
    """Merge `package`'s own catalogues (`<package>/locale/<lang>.po`) into every language, now
    and after each `set_language`. Called by the registry for each game it loads."""
    if package in _packages:
        return
    _packages.append(package)
    if isinstance(_translation, PoTranslations):
        text = _catalogue_text(package, _language)
        if text is not None:
            _translation.merge(text)


#: where the system says which language its user reads, in the order they count (LUDOTECA_LANG
#: is ours, for a test or a script); the setting chosen in the window comes after all of them
LANGUAGE_VARIABLES = ("LUDOTECA_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


def system_language() -> str | None:
    """The language the environment asks for ("fr" for `LC_ALL=fr_FR.UTF-8`), None when no
    variable names one: unset, empty, or the "C"/"POSIX" locale, which names no language."""
    for variable in LANGUAGE_VARIABLES:
        value = os.environ.get(variable, "")
        # LANGUAGE is a list by preference ("fr:en"): its first
        name = value.split(":")[0].split(".")[0].split("@")[0]
        if name and name not in ("C", "POSIX"):
            return name.split("_")[0].lower()
    return None


def set_language(lang: str | None) -> str:
    """Switch later `_()` lookups to `lang` ("en", "fr"); None asks the environment
    (`system_language`). Returns the language in use (English when there is no catalogue for the
    one asked)."""
    global _translation, _language
    if lang is None:
        lang = system_language() or "en"
    lang = lang.split(".")[0].split("_")[0].lower() or "en"
    path = LOCALE_DIR / f"{lang}.po"
    if lang != "en" and path.is_file():
        _translation, _language = _load(lang), lang
    else:
        _translation, _language = gettext.NullTranslations(), "en"
    return _language


def _load(lang: str) -> PoTranslations:
    """The shared catalogue of `lang` and those of the game packages added so far, merged."""
    translation = PoTranslations(lang)
    translation.merge((LOCALE_DIR / f"{lang}.po").read_text(encoding="utf-8"))
    for package in _packages:
        text = _catalogue_text(package, lang)
        if text is not None:
            translation.merge(text)
    return translation


def catalogue(lang: str) -> tuple[dict[str, str], dict[str, list[str]]]:
    """Every translation of `lang` (the shared catalogue and the games' added so far): singular
    entries, and plural entries msgid → forms. Empty for English and unknown languages. The web
    client shows its words and the server's sentences from these."""
    if lang == "en" or lang not in LANGUAGES or not (LOCALE_DIR / f"{lang}.po").is_file():
        return {}, {}
    translation = _load(lang)
    return dict(translation.catalogue), dict(translation.plurals)


#: every language's catalogues, for `translations`, with the packages they were read with
_others: dict[str, tuple[tuple[str, ...], PoTranslations]] = {}


def translations(message: str) -> set[str]:
    """`message` and what each shipped language makes of it: how a word written while another
    language was in use is recognised later (older score histories kept seat names so)."""
    found = {message}
    for lang in LANGUAGES:
        if lang == "en" or not (LOCALE_DIR / f"{lang}.po").is_file():
            continue
        packages, catalogue = _others.get(lang, ((), None))
        if catalogue is None or packages != tuple(_packages):
            catalogue = _load(lang)
            _others[lang] = (tuple(_packages), catalogue)
        found.add(catalogue.gettext(message))
    return found


def language() -> str:
    return _language


#: whole messages said as other messages (msgid → msgid): a window theme's names for a game's
#: sides, such as the Horus brief's Yellow for Silver (`rename_words`)
_renamed: dict[str, str] = {}


def rename_words(words: Mapping[str, str]) -> None:
    """From now on `_()` says each message of `words` as the one it maps to (then translated),
    and the others as before; `{}` undoes it. Only whole messages are renamed: a side's name, so
    every sentence built around that name follows, while records keep their own keys."""
    global _renamed
    _renamed = dict(words)


def _(message: str) -> str:
    return _translation.gettext(_renamed.get(message, message))


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a string for the catalogue without translating it yet: for tables of names defined
    at import time (`COLOURS = (N_("red"), …)`), translated where shown with `_(name)`."""
    return message


class Sentence:
    """A sentence kept as its catalogue entry and the values of its fields, so that it can be shown
    in another language than the one it was made in: a network server's refusal, shown by each
    client in its own player's language. `str()` gives it in the current language.

    A field's value is a number, a text shown as it is (a name), or a Sentence (a game's title,
    translated too)."""

    __slots__ = ("args", "msgid")

    def __init__(self, msgid: str, **args: str | int | Sentence) -> None:
        self.msgid = msgid
        self.args = args

    def __str__(self) -> str:
        shown = self.shown()
        return shown if shown is not None else self.msgid

    def __repr__(self) -> str:
        return f"Sentence({self.msgid!r}, {self.args!r})"

    def __eq__(self, other: object) -> bool:
        # two outcomes are the same whatever language they are read in
        return isinstance(other, Sentence) and (self.msgid, self.args) == (other.msgid, other.args)

    def __hash__(self) -> int:
        return hash((self.msgid, tuple(sorted(self.args.items()))))

    def __getstate__(self) -> tuple[str, dict[str, str | int | Sentence]]:
        return self.msgid, self.args

    def __setstate__(self, state: tuple[str, dict[str, str | int | Sentence]]) -> None:
        self.msgid, self.args = state

    def shown(self) -> str | None:
        """The sentence in the current language, or None when its fields do not fit its text (a
        sentence from a peer that is not ours: only plain `{name}` fields given as values count)."""
        template = _(self.msgid)
        try:
            fields = [part[1:] for part in string.Formatter().parse(template) if part[1] is not None]
        except ValueError:
            return None
        values: dict[str, str] = {}
        for name, spec, conversion in fields:
            if name not in self.args or spec or conversion:
                return None
            value = self.args[name]
            inner = value.shown() if isinstance(value, Sentence) else str(value)
            if inner is None:
                return None
            values[name] = inner
        return template.format_map(values)

    def to_wire(self) -> dict[str, Any]:
        args = {name: v.to_wire() if isinstance(v, Sentence) else v for name, v in self.args.items()}
        return {"msgid": self.msgid, "args": args}

    @classmethod
    def from_wire(cls, data: object, nested: int = 2) -> Sentence | None:
        """The sentence a peer sent, or None when `data` is not one that can be shown: a msgid of
        at most MAX_SENTENCE characters, at most eight fields with plain names, each a whole
        number, a text of at most MAX_SENTENCE characters or a sentence, nested at most twice (an
        outcome: "{why}; {verdict}", the verdict naming a seat)."""
        if not isinstance(data, dict) or set(data) != {"msgid", "args"}:
            return None
        msgid, args = data["msgid"], data["args"]
        if not isinstance(msgid, str) or not isinstance(args, dict):
            return None
        if len(msgid) > MAX_SENTENCE or len(args) > 8:
            return None
        values: dict[str, str | int | Sentence] = {}
        for name, value in args.items():
            if not isinstance(name, str) or not name.isidentifier():
                return None
            if isinstance(value, bool) or not isinstance(value, int | str | dict):
                return None
            if isinstance(value, str) and len(value) > MAX_SENTENCE:
                return None
            if isinstance(value, dict):
                inner = cls.from_wire(value, nested - 1) if nested > 0 else None
                if inner is None:
                    return None
                value = inner
            values[name] = value
        return cls(msgid, **values)


#: the longest msgid, or text field, a Sentence from a peer may have
MAX_SENTENCE = 1000


#: the system's reasons for a failed file operation that players meet, in our words: the system
#: gives its own (`strerror`) in English whatever the player's language
_OS_REASONS = {
    errno.ENOENT: N_("there is no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder, not a file"),
    errno.ENOTDIR: N_("part of the path is not a folder"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.EEXIST: N_("it already exists"),
}


def os_reason(err: OSError) -> str:
    """Why a file operation failed, in the current language ("there is no such file or folder")."""
    reason = _OS_REASONS.get(err.errno or 0)
    return _(reason) if reason is not None else (err.strerror or str(err))
