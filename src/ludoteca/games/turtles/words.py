"""The move words and card letters in the player's language.

Records, saves and the network keep the English notation (`add F L`, `wall stone d4`, `run`), so
a game travels between languages. A French player reads and types French: `ajoute A G`, `mur
pierre d4`, `exécute`, cards A (avancer), G (gauche), D (droite), L (laser). The verb says which
letters follow — `add` English ones, `ajoute` French ones — since L is a turn in English and the
laser in French; English notation is understood in French too, and French in English.
"""

from __future__ import annotations

from ludoteca.core.options import folded
from ludoteca.games.turtles.cards import LETTERS, Card
from ludoteca.i18n import language

#: the cards' letters in French: Avancer, Gauche, Droite, Laser
FRENCH_LETTERS = {Card.FORWARD: "A", Card.LEFT: "G", Card.RIGHT: "D", Card.LASER: "L", Card.UNKNOWN: "?"}

#: what a French player may type for each card after a French verb (folded: no case, no accents)
FRENCH_SPELLINGS: dict[str, Card] = {
    "a": Card.FORWARD,
    "avance": Card.FORWARD,
    "avancer": Card.FORWARD,
    "bleu": Card.FORWARD,
    "bleue": Card.FORWARD,
    "g": Card.LEFT,
    "gauche": Card.LEFT,
    "jaune": Card.LEFT,
    "d": Card.RIGHT,
    "droite": Card.RIGHT,
    "violet": Card.RIGHT,
    "violette": Card.RIGHT,
    "l": Card.LASER,
    "laser": Card.LASER,
}

#: French verbs and their notation (folded)
FRENCH_VERBS = {
    "ajoute": "add",
    "ajouter": "add",
    "mur": "wall",
    "execute": "run",
    "executer": "run",
    "lance": "run",
    "lancer": "run",
}
FRENCH_WALLS = {"pierre": "stone", "glace": "ice"}
FRENCH_DISCARD = ("/defausse", "defausse")

#: how the notation's words read in French (the verb `bug` is the card's name in both)
SHOWN_FR = {"add": "ajoute", "wall": "mur", "run": "exécute", "stone": "pierre", "ice": "glace"}
DISCARD_FR = "/défausse"


def french() -> bool:
    return language() == "fr"


def card_letter(card: Card) -> str:
    """A card's letter as the player reads it (F in English, A in French for "forward")."""
    return (FRENCH_LETTERS if french() else LETTERS)[card]


def card_letters(cards: tuple[Card, ...]) -> str:
    return " ".join(card_letter(card) for card in cards)


def shown_notation(text: str) -> str:
    """Notation (a move, a group of moves such as `wall ice`) as the player reads it."""
    if not french():
        return text
    words = text.split()
    if not words:
        return text
    verb = words[0]
    shown = [SHOWN_FR.get(verb, verb)]
    for word in words[1:]:
        if word == "/discard":
            shown.append(DISCARD_FR)
        elif verb == "add" and len(word) == 1:
            card = next((c for c, letter in LETTERS.items() if letter == word.upper()), None)
            shown.append(FRENCH_LETTERS[card] if card is not None else word)
        else:
            shown.append(SHOWN_FR.get(word, word))
    return " ".join(shown)


def french_to_notation(text: str) -> str | None:
    """A move typed with a French verb, in the notation (`ajoute A G` → `add F L`); None when the
    first word is not a French verb (the text is then read as notation)."""
    words = folded(text).replace(",", " ").split()
    if not words or words[0] not in FRENCH_VERBS:
        return None
    verb, args = FRENCH_VERBS[words[0]], words[1:]
    discard = False
    if args and args[-1] in FRENCH_DISCARD:
        args, discard = args[:-1], True
    elif args and args[-1].endswith(FRENCH_DISCARD[0]):
        args[-1], discard = args[-1][: -len(FRENCH_DISCARD[0])], True
        args = [word for word in args if word]
    if verb == "add":
        if len(args) == 1 and args[0] not in FRENCH_SPELLINGS:
            args = list(args[0])  # `ajoute AGA`
        # a word that is no card is left as typed: the notation's reader names it in its error
        args = [LETTERS[FRENCH_SPELLINGS[w]] if w in FRENCH_SPELLINGS else w for w in args]
    elif verb == "wall":
        args = [FRENCH_WALLS.get(word, word) for word in args]
    return " ".join([verb, *args, *(["/discard"] if discard else [])])
