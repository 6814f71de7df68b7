"""The terminal's command words as each language types them.

The loop knows its commands by their English words (`help`, `undo`, `save`…); a French player
types and reads them in French (`aide`, `annule`, `sauve`…). Both are understood in every
language, so a player who learnt one keeps it and a script written in English keeps working; a
French word that is also a legal move in the game being played stays a move (the loop checks).
"""

from __future__ import annotations

from ludoteca.core.options import folded
from ludoteca.i18n import language

#: the word shown for each command, by language (English: the command itself)
SHOWN: dict[str, dict[str, str]] = {
    "fr": {
        "help": "aide",
        "moves": "coups",
        "undo": "annule",
        "redo": "refais",
        "hint": "indice",
        "save": "sauve",
        "draw": "nulle",
        "resign": "abandonne",
        "board": "plateau",
        "rules": "règles",
        "quit": "quitte",
        "say": "dis",
        "who": "qui",
        "yes": "oui",
        "no": "non",
        "record": "partie",
        "computer": "ordinateur",
        "start": "commence",
    }
}

#: other forms a player reaches for (the infinitive, a synonym), folded like what they type
_ALSO: dict[str, str] = {
    "annuler": "undo",
    "refaire": "redo",
    "sauver": "save",
    "enregistre": "save",
    "enregistrer": "save",
    "abandonner": "resign",
    "quitter": "quit",
    "commencer": "start",
}

_READ: dict[str, str] = {
    **{folded(word): command for words in SHOWN.values() for command, word in words.items()},
    **_ALSO,
}


def command_word(typed: str) -> str:
    """The command a typed word means, in its English spelling ("annule" → "undo"); any other
    word comes back lower-cased."""
    word = typed.strip().lower()
    return _READ.get(folded(word), word)


def shown_command(command: str) -> str:
    """A command as the player's language writes it ("undo" → "annule" in French)."""
    return SHOWN.get(language(), {}).get(command, command)
