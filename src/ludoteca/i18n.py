"""The one door every user-facing string goes through.

`_` is gettext's lookup; the catalogues live in `ludoteca/locale/<lang>/LC_MESSAGES/ludoteca.mo`.
Until a catalogue exists for the chosen language the text shows in English, so code can wrap
strings from day one and the translation needs no hunt through the code later.
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

_LOCALE_DIR = Path(__file__).with_name("locale")
_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(lang: str | None) -> None:
    """Switch every later `_()` lookup to `lang` ("en", "fr"); None reads LUDOTECA_LANG/LANG."""
    global _translation
    if lang is None:
        lang = os.environ.get("LUDOTECA_LANG") or os.environ.get("LANG", "en")
    lang = lang.split(".")[0].split("_")[0] or "en"
    _translation = gettext.translation("ludoteca", localedir=_LOCALE_DIR, languages=[lang], fallback=True)


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)
