"""What a name for a save or a setup may be: what a person can type back at a prompt."""

from __future__ import annotations

import unicodedata

from ludoteca.core.text import clean_line
from ludoteca.i18n import _
from ludoteca.store.errors import StoreError

MAX_NAME_LENGTH = 80


def clean_name(name: str) -> str:
    """`name` without surrounding spaces; StoreError if it could not be typed back or shown on one line."""
    if not isinstance(name, str):
        raise StoreError(_("a name must be text."))
    name = name.strip()
    if not name:
        raise StoreError(_("a name cannot be empty; type at least one letter."))
    if len(name) > MAX_NAME_LENGTH:
        raise StoreError(
            _("the name is {length} characters long; keep it to {limit} at most.").format(
                length=len(name), limit=MAX_NAME_LENGTH
            )
        )
    if any(unicodedata.category(char) in ("Cc", "Zl", "Zp") for char in name):
        raise StoreError(_("a name cannot hold line breaks, tabs or other control characters."))
    # invisible direction overrides would make the name show as something else in every list
    name = clean_line(name)
    if not name:
        raise StoreError(_("a name cannot be empty; type at least one letter."))
    return name


def clean_save_name(name: str) -> str:
    name = clean_name(name)
    # "ludoteca load 3" means save number 3, so a name made of digits could never be loaded by name
    if name.isdecimal():
        raise StoreError(
            _("a save name cannot be only digits ('{name}'): digits alone mean a save number.").format(
                name=name
            )
        )
    return name


def clean_key(game_key: str) -> str:
    """A game key as the store keeps it; the store does not check it against the registered games."""
    if not isinstance(game_key, str) or not game_key.strip():
        raise StoreError(_("a game key is needed (for example 'othello')."))
    return game_key.strip()
