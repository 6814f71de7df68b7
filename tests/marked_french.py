"""A marked French for tests: every translated run of text wrapped in ⟦ ⟧, so text printed or drawn
outside the marks is text that escaped translation (see tests/test_french_everywhere.py)."""

from __future__ import annotations

import re
from typing import Any

from ludoteca import i18n
from ludoteca.core.game import Game
from ludoteca.core.registry import declarations
from ludoteca.games.turtles import words as turtles_words
from ludoteca.shells.terminal import play as terminal_play
from ludoteca.shells.terminal.words import SHOWN

OPEN, CLOSE = "⟦", "⟧"
_FIELD = re.compile(r"(\{[^{}]*\})")
#: a word a reader would take for English or French: three letters or more, not glued to digits
_WORD = re.compile(r"(?<![\w])[^\W\d_][^\W\d_'’-]{2,}(?![\w])")


def marked(text: str) -> str:
    """Wrap each literal run of a translation in marks, leaving its {fields} outside."""
    return "".join(
        part if _FIELD.fullmatch(part) else f"{OPEN}{part}{CLOSE}" for part in _FIELD.split(text) if part
    )


class MarkedFrench(i18n.PoTranslations):
    """The French catalogues, answering every lookup with marked text and noting the lookups they
    cannot answer (strings the catalogue never collected)."""

    def __init__(self, french: i18n.PoTranslations) -> None:
        super().__init__("fr")
        self.catalogue, self.plurals = french.catalogue, french.plurals
        self.unknown: set[str] = set()

    def gettext(self, message: str) -> str:
        if message not in self.catalogue and re.search("[A-Za-z]", message):
            self.unknown.add(message)
        return marked(super().gettext(message))

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        if msgid1 not in self.plurals:
            self.unknown.add(msgid1)
        return marked(super().ngettext(msgid1, msgid2, n))


def unmarked_words(text: str, allowed: set[str]) -> list[str]:
    """The words of `text` printed outside marks, with the line each stands on. A translation may
    run over several lines; a text may also be a piece of one, cut by wrapping or shortened with
    an ellipsis, so a close mark with no open one before it means the text began inside a mark."""
    depth, lowest = 0, 0
    for char in text:
        depth += 1 if char == OPEN else -1 if char == CLOSE else 0
        lowest = min(lowest, depth)
    outside, depth = [], -lowest
    for char in text:
        if char in (OPEN, CLOSE):
            depth += 1 if char == OPEN else -1
            outside.append(" ")
        else:
            outside.append(char if depth == 0 or char == "\n" else " ")
    found: list[str] = []
    for line, bare in zip(text.splitlines(), "".join(outside).splitlines(), strict=True):
        for word in _WORD.findall(bare):
            if word.lower() not in allowed:
                found.append(f"{word!r} in: {line.strip()[:160]}")
    return found


def shelf() -> list[Game[Any, Any]]:
    """Every registered game: Ludoteca's own and the tests' tic-tac-toe, a separate package with
    its own catalogue."""
    return [d.game for d in declarations()]


def install_marked_french() -> MarkedFrench:
    """Switch to French, marked; `i18n.set_language` switches back."""
    declarations()  # every game's catalogue merged
    i18n.set_language("fr")
    assert isinstance(i18n._translation, i18n.PoTranslations)
    translation = MarkedFrench(i18n._translation)
    i18n._translation = translation
    return translation


def notation_words(game: Game[Any, Any]) -> set[str]:
    """The words of a game's notation, as it writes the moves of its first position."""
    state = game.start(game.options(), 1, game.info.default_seats)
    seat = game.to_move(state)
    view = game.view(state, seat)
    texts = [game.format_move(view, move) for move in list(game.legal_moves(view))[:300]]
    return {word.lower() for text in texts for word in re.findall(r"[^\W\d_]+", text)}


def allowed_words(games: list[Game[Any, Any]]) -> set[str]:
    """Words that are the same in every language: the command words typed at the prompt and the
    games' keys."""
    words = {word for word in terminal_play.COMMANDS}
    # the command words as each language types them (shells/terminal/words.py)
    words.update(word for shown in SHOWN.values() for word in shown.values())
    # Robot Turtles' notation as a French player types it (`ajoute A G`, `mur pierre d4`)
    words.update([*turtles_words.SHOWN_FR.values(), turtles_words.DISCARD_FR.strip("/")])
    words.update(game.info.key for game in games)
    return words
