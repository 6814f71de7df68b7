"""Starting setups: the standard ones shipped with the package, and how a setup name is resolved.

The standard setups are data (`standard_setups.txt`, in the position format). A player's own
setups live in the store; `resolve_setup` turns any name (standard first, then the store) into the
setup's text, which the game accepts as its `setup` option or through `parse_position`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final, Protocol

from ludoteca.core.errors import LudotecaError, NotationError, OptionError
from ludoteca.core.text import clean_line
from ludoteca.games.khet.position import EDITION_NAMES, Position, edition_of, parse_setup
from ludoteca.i18n import N_, _

GAME_KEY: Final = "khet"
#: the editions (the `variant` option); their names are notation, marked so they can be shown
VARIANTS: Final = (N_("khet2"), N_("horus"))
#: the standard setups' titles, as the data file's headers give them: the file is data, so its
#: words are marked here for the catalogue (a test checks that the two lists agree)
STANDARD_TITLES: Final = (N_("Classic"), N_("Imhotep"), N_("Dynasty"), N_("Classic (Horus)"))


@dataclass(frozen=True, slots=True)
class StandardSetup:
    name: str
    variant: str
    title: str
    text: str

    @property
    def shown_title(self) -> str:
        """The title in the player's language ("Dynastie")."""
        return _(self.title)

    def called(self, name: str) -> bool:
        """Whether a player means this setup by `name`: its name or its title, in English or in
        their language."""
        wanted = name.strip().lower()
        return wanted in {self.name, self.title.lower(), _(self.name).lower(), self.shown_title.lower()}


@cache
def standard_setups() -> tuple[StandardSetup, ...]:
    """Every standard setup of both editions, in the data file's order."""
    raw = resources.files(__package__).joinpath("standard_setups.txt").read_text(encoding="utf-8")
    found: list[StandardSetup] = []
    header: list[str] | None = None
    body: list[str] = []

    def flush() -> None:
        if header is not None:
            name, variant, title = header
            found.append(StandardSetup(name, variant, title, " ".join(body)))

    for line in raw.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("=="):
            flush()
            name, variant, title = line[2:].split(maxsplit=2)
            header, body = [name, variant, title], []
        else:
            body.append(line)
    flush()
    return tuple(found)


def standard_names(variant: str) -> tuple[str, ...]:
    return tuple(s.name for s in standard_setups() if s.variant == variant)


def standard_setup(variant: str, name: str) -> StandardSetup | None:
    """The standard setup called `name` (or titled so) in `variant`. "classic" in the Eye of Horus
    edition is its Classic setup, "classic-horus"."""
    wanted = name.strip().lower()
    for setup in standard_setups():
        if setup.variant != variant:
            continue
        if setup.called(name) or (
            variant == "horus" and wanted == "classic" and setup.name == "classic-horus"
        ):
            return setup
    return None


def other_edition_setup(variant: str, name: str) -> StandardSetup | None:
    """A standard setup of the *other* edition with that name (for a helpful message)."""
    for other in VARIANTS:
        if other != variant and (setup := standard_setup(other, name)) is not None:
            return setup
    return None


def looks_like_text(setup: str) -> bool:
    """A setup option holding the setup itself rather than a name."""
    return ":" in setup


def setup_variant(text: str) -> str:
    """The edition a setup text is for (a 2.0 setup has Sphinxes, a Horus one none); NotationError
    when the text cannot be read."""
    position = parse_setup(text, None)
    return edition_of(position.board) or "khet2"


#: how much of the list of a setup's problems is said back (a hostile text can make it huge)
SHOWN_PROBLEMS: Final = 400


def said_back(err: Exception) -> str:
    """A setup's problems as a sentence quotes them: one line of printable text (the problems
    quote the setup's own words back), and not a screenful."""
    problems = clean_line(str(err))
    return problems if len(problems) <= SHOWN_PROBLEMS else problems[: SHOWN_PROBLEMS - 1] + "…"


def check_setup(text: str, variant: str) -> Position:
    """Parse and validate a setup for `variant`; OptionError with every problem otherwise."""
    try:
        return parse_setup(text, variant)
    except NotationError as err:
        raise OptionError(
            _("this setup cannot be used: {problems}").format(problems=said_back(err))
        ) from None


class SetupSource(Protocol):
    """The part of `ludoteca.store.Store` that resolving a user setup needs."""

    def load_setup(self, game_key: str, name: str) -> object: ...


@dataclass(frozen=True, slots=True)
class SetupChoice:
    """A setup a game can start from: a standard one or one of the player's."""

    name: str
    title: str
    text: str
    standard: bool


def setup_choices(variant: str, store: Any) -> list[SetupChoice]:
    """The standard setups of `variant`, then the player's own setups of that edition (those that
    can be read; `store` offers `list_setups(game_key)`, or is None)."""
    found = [SetupChoice(s.name, _(s.title), s.text, True) for s in standard_setups() if s.variant == variant]
    rows = store.list_setups(GAME_KEY) if store is not None else []
    for row in rows:
        try:
            edition = setup_variant(row.text)
        except NotationError:
            continue  # a setup that cannot be used is listed by `ludoteca setups khet list`, not offered
        if edition == variant:
            found.append(SetupChoice(row.name, row.name, row.text, False))
    return found


def resolve_setup(variant: str, name: str, store: SetupSource | None) -> str:
    """The text of the setup `name` for `variant`: a standard setup first, then the text itself
    (when `name` holds pieces), then the player's setup of that name from `store`.

    Raises OptionError with a sentence for the player when there is no such setup, or when it is
    for the other edition or breaks a setup rule.
    """
    standard = standard_setup(variant, name)
    if standard is not None:
        return standard.text
    other = other_edition_setup(variant, name)
    if other is not None:
        raise OptionError(
            _("{title} is a setup of {edition}; choose --variant {variant}").format(
                title=other.shown_title, edition=_(EDITION_NAMES[other.variant]), variant=other.variant
            )
        )
    if looks_like_text(name):
        check_setup(name, variant)
        return name
    known = ", ".join(standard_names(variant))
    if store is None:
        raise OptionError(
            _("unknown setup '{name}'; the standard setups are {known}").format(name=name, known=known)
        )
    try:
        row = store.load_setup(GAME_KEY, name)
    except LudotecaError as err:  # the store's own error carries the sentence to show
        raise OptionError(
            _(
                "{problem} The standard setups are {known}; see your own with 'ludoteca setups khet list'."
            ).format(problem=str(err).rstrip(".") + ".", known=known)
        ) from None
    text = str(getattr(row, "text", row))
    check_setup(text, variant)
    return text
