"""Moves and their notation.

    add F L F          add cards from the hand, in this order, to the end of the program
    wall stone d4      build a stone wall on d4 (wall ice d4: an ice wall)
    run                execute the program
    bug red            put the Bug card on Red's program (option Bug!); `bug 2` names seat 2

Any move may end with `/discard`: after the action the player discards the rest of the hand (then
draws back up to five as always). Cards: F forward, L left, R right, X laser (the words forward,
left, right and laser work too, and `add FLF` without spaces).
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.errors import NotationError
from ludoteca.core.options import folded
from ludoteca.core.text import read_int
from ludoteca.games.turtles.board import Square, parse_square, square_name
from ludoteca.games.turtles.cards import LETTERS, MAX_ADD, SPELLINGS, Card
from ludoteca.games.turtles.walls import WALL_KINDS, WallKind
from ludoteca.games.turtles.words import french_to_notation
from ludoteca.i18n import _, translations


@dataclass(frozen=True, slots=True)
class AddCards:
    cards: tuple[Card, ...]
    discard: bool = False


@dataclass(frozen=True, slots=True)
class BuildWall:
    kind: WallKind
    square: Square
    discard: bool = False


@dataclass(frozen=True, slots=True)
class RunProgram:
    discard: bool = False


@dataclass(frozen=True, slots=True)
class PlayBug:
    target: int
    discard: bool = False


TurtlesMove = AddCards | BuildWall | RunProgram | PlayBug

DISCARD_SUFFIX = "/discard"


def format_move(move: TurtlesMove, seat_names: tuple[str, ...]) -> str:
    if isinstance(move, AddCards):
        text = "add " + " ".join(LETTERS[c] for c in move.cards)
    elif isinstance(move, BuildWall):
        text = f"wall {move.kind} {square_name(move.square)}"
    elif isinstance(move, RunProgram):
        text = "run"
    else:
        text = f"bug {seat_names[move.target].lower()}"
    return f"{text} {DISCARD_SUFFIX}" if move.discard else text


def _split_discard(text: str) -> tuple[str, bool]:
    words = text.split()
    if words and words[-1] in ("/discard", "/d", "discard"):
        return " ".join(words[:-1]), True
    if text.endswith("/discard") or text.endswith("/d"):
        return text.rsplit("/", 1)[0].strip(), True
    return text, False


def _parse_cards(words: list[str]) -> tuple[Card, ...]:
    if len(words) == 1 and words[0] not in SPELLINGS:
        words = list(words[0])  # `add FLF`
    cards: list[Card] = []
    for word in words:
        card = SPELLINGS.get(word)
        if card is None:
            raise NotationError(
                _("{word!r} is not a card: use F (forward), L (left), R (right) or X (laser)").format(
                    word=word
                )
            )
        cards.append(card)
    if not 1 <= len(cards) <= MAX_ADD:
        raise NotationError(_("add 1 to {n} cards at a time, e.g. add F F L").format(n=MAX_ADD))
    return tuple(cards)


def _parse_target(word: str, seat_names: tuple[str, ...]) -> int:
    for seat, name in enumerate(seat_names):
        # the seat's name in any language: `bug rouge` is `bug red`
        if folded(word) in {folded(spelling) for spelling in translations(name)}:
            return seat
    if any(char.isdigit() for char in word):  # "bug 2", but also "bug ²" typed by mistake
        return read_int(word, _("the player's number"), low=1, high=len(seat_names)) - 1
    choices = ", ".join(n.lower() for n in seat_names)
    raise NotationError(
        _("{word!r} is not a player: name one of {choices}").format(word=word, choices=choices)
    )


def parse_move(text: str, seat_names: tuple[str, ...]) -> TurtlesMove:
    text = french_to_notation(text) or text  # `ajoute A G` is `add F L` (words.py)
    body, discard = _split_discard(text.strip().lower().replace(",", " "))
    words = body.split()
    if not words:
        raise NotationError(_("type a move: add F L F, wall stone d4, wall ice d4, run or bug red"))
    verb, args = words[0], words[1:]
    if verb == "add":
        if not args:
            raise NotationError(_("say which cards to add, e.g. add F F L"))
        return AddCards(_parse_cards(args), discard)
    if verb in ("run", "execute", "go"):
        if args:
            raise NotationError(_("run takes nothing after it (the program runs whole)"))
        return RunProgram(discard)
    if verb in ("wall", *WALL_KINDS):
        if verb == "wall":
            if not args:
                raise NotationError(_("say which wall and where, e.g. wall stone d4"))
            verb, args = args[0], args[1:]
        if verb not in WALL_KINDS:
            raise NotationError(_("a wall is stone or ice, e.g. wall ice d4"))
        if len(args) != 1:
            raise NotationError(_("say where to build the wall, e.g. wall {kind} d4").format(kind=verb))
        kind: WallKind = "stone" if verb == "stone" else "ice"
        return BuildWall(kind, parse_square(args[0]), discard)
    if verb == "bug":
        if len(args) != 1:
            raise NotationError(_("say whose program gets the Bug card, e.g. bug red"))
        return PlayBug(_parse_target(args[0], seat_names), discard)
    raise NotationError(
        _("{text!r} is not a move; try add F L F, wall stone d4, run or bug red").format(text=text.strip())
    )
