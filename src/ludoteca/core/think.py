"""How long a computer player may think per move: a time, or a count of the work it does.

A time (`--think 1.5`) is what people expect, and what a level's default is; but where a search
stops then depends on the machine and on what else it is doing, so two runs of the same game may
part ways. A count (`--think nodes:2000`: positions searched, or playouts, per move) stops every
search at the same place on any machine at any load, so the same seed and levels give the same
game, move for move. Records keep it (the `Think` tag), so a game can be played again exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.errors import OptionError
from ludoteca.core.text import MAX_THINK_SECONDS, NumberError, read_int, read_seconds
from ludoteca.i18n import _

#: the most positions or playouts a computer may be told to spend on one move
MAX_THINK_NODES = 1_000_000_000
#: how a count is written: `nodes:2000`
NODES_PREFIX = "nodes:"


@dataclass(frozen=True, slots=True)
class Think:
    """`seconds` per move, or `nodes` per move, or neither (each level's own time)."""

    seconds: float | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is not None and self.nodes is not None:
            raise OptionError(_("a computer thinks for a time or for a count of positions, not both"))

    @property
    def counted(self) -> bool:
        """Whether the budget is a count, which replays the same everywhere."""
        return self.nodes is not None

    @property
    def given(self) -> bool:
        return self.seconds is not None or self.nodes is not None

    def text(self) -> str:
        """`nodes:2000`, `1.5`, or "" for the levels' own times; `read_think` reads it back."""
        if self.nodes is not None:
            return f"{NODES_PREFIX}{self.nodes}"
        if self.seconds is not None:
            # never an exponent ("1e-05"): `read_seconds` takes only what a person types
            return f"{self.seconds:.6f}".rstrip("0").rstrip(".")
        return ""

    @staticmethod
    def of(value: Think | float | None) -> Think:
        """A budget from what callers used to pass (seconds, or None for the levels' own)."""
        if isinstance(value, Think):
            return value
        return Think(seconds=None if value is None else float(value))


def read_think(text: str) -> Think:
    """A budget written by a person or a record: seconds (`0.5`, `10`, `0,5`) or `nodes:N`."""
    stripped = text.strip()
    if stripped.lower().startswith(NODES_PREFIX):
        what = _("the number of positions to search")
        return Think(nodes=read_int(stripped[len(NODES_PREFIX) :], what, low=1, high=MAX_THINK_NODES))
    try:
        return Think(seconds=read_seconds(stripped, _("the time to think")))
    except NumberError as err:
        raise NumberError(
            _("{problem}; or nodes:N, to count the positions searched per move").format(problem=str(err))
        ) from None


__all__ = ["MAX_THINK_NODES", "MAX_THINK_SECONDS", "NODES_PREFIX", "Think", "read_think"]
