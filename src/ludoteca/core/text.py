"""Reading what people type: numbers, and names or tags shown back to them.

Every number that comes from a person or a file goes through `read_int` or `read_seconds`, so
"²", "--5", "٣" and a 5,000-digit line all get the same clear sentence instead of whatever
`int()` happens to do with them. Every name or tag goes through `clean_line` on the way in, and
every text from the network through `printable` as it arrives, so an escape sequence or a
right-to-left override never reaches a terminal, a save list or a score table.
"""

from __future__ import annotations

import math
import re
import unicodedata

from ludoteca.core.errors import NotationError, OptionError
from ludoteca.i18n import _

#: more digits than any count, level, move number or 64-bit seed needs; longer text is refused
#: before it is converted, so nothing is ever spent on a huge number
MAX_DIGITS = 20
#: the largest seed: the games' Rng keeps 64 bits, and the program draws seeds from all of them
#: (`core.rng.fresh_seed`), so every seed it writes in a record must read back
MAX_SEED = 2**64 - 1
#: the most digits a seed may have (those of MAX_SEED), so a typed seed is cut before it is read
SEED_DIGITS = len(str(MAX_SEED))
#: the longest a computer may be told to think per move, in seconds
MAX_THINK_SECONDS = 600.0

# ASCII only: `int()` also takes "٣" or "３", which no record should hold and no keyboard
# layout we support types by accident, while "²" (beside 1 on French keyboards) passes isdigit()
_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+")

#: invisible characters that reorder the text around them (embeddings, overrides, isolates,
#: marks): a name holding them can show as something else than what it is
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class NumberError(NotationError, OptionError):
    """Text that is not the number asked for. It is both a notation error (a move or a position
    holding a bad number) and an option error (a seat level, a seed), so callers catch it as
    whichever they already handle."""


def shown_back(text: str) -> str:
    """The user's text as quoted back in a sentence: one line, and not a screenful."""
    text = clean_line(text)
    return text if len(text) <= 24 else text[:20] + "…"


def read_int(
    text: str,
    what: str,
    *,
    low: int | None = None,
    high: int | None = None,
    max_digits: int = MAX_DIGITS,
) -> int:
    """The whole number spelled by `text` (ASCII digits, an optional sign), between `low` and
    `high` when given. `what` names the number in the sentence of the NumberError raised
    otherwise, e.g. _("the seed")."""
    stripped = text.strip()
    if len(stripped.lstrip("+-")) > max_digits:
        raise NumberError(
            _("{what} is too long: at most {n} digits, not '{text}'").format(
                what=what, n=max_digits, text=shown_back(stripped)
            )
        )
    if not _WHOLE.fullmatch(stripped):
        raise NumberError(
            _("{what} must be a whole number written with the digits 0 to 9, not '{text}'").format(
                what=what, text=shown_back(stripped)
            )
        )
    value = int(stripped)
    if (low is not None and value < low) or (high is not None and value > high):
        raise NumberError(_range_sentence(what, value, low, high))
    return value


def read_int_or_none(text: str, low: int, high: int) -> int | None:
    """`read_int` for menus that answer a wrong choice with their own sentence: the number, or
    None when `text` is not a whole number from `low` to `high`."""
    try:
        return read_int(text, "", low=low, high=high)
    except NumberError:
        return None


def _range_sentence(what: str, number: float, low: float | None, high: float | None) -> str:
    value = f"{number:g}" if isinstance(number, float) else str(number)
    low = int(low) if isinstance(low, float) and low.is_integer() else low
    high = int(high) if isinstance(high, float) and high.is_integer() else high
    if low is not None and high is not None:
        return _("{what} must be from {low} to {high}, not {value}").format(
            what=what, low=low, high=high, value=value
        )
    if low is not None:
        return _("{what} must be at least {low}, not {value}").format(what=what, low=low, value=value)
    return _("{what} must be at most {high}, not {value}").format(what=what, high=high, value=value)


def read_seed(text: str) -> int:
    """A seed for chance: a whole number from -MAX_SEED to MAX_SEED, negative ones included."""
    return read_int(text, _("the seed"), low=-MAX_SEED, high=MAX_SEED, max_digits=SEED_DIGITS)


def read_seconds(text: str, what: str, *, high: float = MAX_THINK_SECONDS) -> float:
    """A finite, non-negative number of seconds up to `high`, written like 0.5, 10 or 0,5.
    Exponents, "inf" and "nan" are refused: a budget is something a person types."""
    stripped = text.strip()
    if len(stripped) > 2 * MAX_DIGITS:
        raise NumberError(
            _("{what} is too long: '{text}'; give a number of seconds such as 0.5 or 10").format(
                what=what, text=shown_back(stripped)
            )
        )
    if stripped.startswith("-") and _DECIMAL.fullmatch(stripped[1:]):
        raise NumberError(
            _("{what} cannot be negative ('{text}')").format(what=what, text=shown_back(stripped))
        )
    if not _DECIMAL.fullmatch(stripped):
        raise NumberError(
            _("{what} must be a number of seconds such as 0.5 or 10, not '{text}'").format(
                what=what, text=shown_back(stripped)
            )
        )
    value = float(stripped.replace(",", "."))
    if not math.isfinite(value) or value > high:
        raise NumberError(_range_sentence(what, value, 0, high))
    return value


#: kinds of characters shown as nothing: formatting (every one of BIDI_CONTROLS, zero-width spaces
#: and joiners, byte-order marks), halves of surrogate pairs (undecodable bytes read with
#: surrogateescape, or a broken pair), private-use and unassigned code points
_HIDDEN = frozenset({"Cf", "Cs", "Co", "Cn"})
#: kinds that break or end a line, or drive a terminal (escape sequences, C1 controls, DEL)
_BREAKING = frozenset({"Cc", "Zl", "Zp"})
_JOINER = "\u200d"


def printable(text: str) -> str:
    """`text` with nothing a terminal would act on or hide: control characters (escape sequences,
    line breaks, tabs) become spaces; invisible characters (direction overrides, zero-width
    characters) and undecodable bytes are removed. Every text shown that came from elsewhere (a
    record, a file, the network) goes through here; letters of every script stay, and so do
    emoji joined into one (👩‍👩‍👧)."""
    if text.isascii() and text.isprintable():
        return text
    out: list[str] = []
    for index, char in enumerate(text):
        category = unicodedata.category(char)
        if category in _BREAKING:
            out.append(" ")
        elif category not in _HIDDEN or (
            char == _JOINER and _joins_emoji(out[-1] if out else "", text[index + 1 : index + 2])
        ):
            out.append(char)
    return "".join(out)


def _joins_emoji(before: str, after: str) -> bool:
    """Whether a zero-width joiner between `before` and `after` makes one emoji of two: after an
    emoji, its skin tone or its emoji-style selector, before another emoji."""
    if not before or not after or unicodedata.category(after) != "So":
        return False
    return before == "\ufe0f" or unicodedata.category(before) in ("So", "Sk")


def printable_lines(text: str) -> str:
    """`printable` for a text of several lines (a record): each line cleaned, the breaks kept."""
    return "\n".join(printable(line) for line in text.split("\n"))


def clean_line(text: str) -> str:
    """`text` as one line of plain, printable text (see `printable`), its ends trimmed. For names,
    tags and anything else that is shown back."""
    return printable(text).strip()


def has_undecodable(text: str) -> bool:
    """Whether `text` carries bytes that were not valid in its encoding (surrogate escapes)."""
    return any("\udc80" <= char <= "\udcff" for char in text)
