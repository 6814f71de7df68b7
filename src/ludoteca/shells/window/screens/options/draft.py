"""The new game as chosen so far: its options, its seats and its seed. It outlives the page's
widgets, which are made again at each resize, and is remembered for the game's next time."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.options import OptionValue
from ludoteca.core.seats import SeatSpec
from ludoteca.store import Store, StoreError

HUMAN, COMPUTER, NETWORK = "human", "computer", "remote"


@dataclass
class SeatChoice:
    name: str = ""
    kind: str = HUMAN
    level: int = 3

    def spec(self) -> SeatSpec:
        return SeatSpec(self.kind, self.level if self.kind == COMPUTER else None, self.name.strip() or None)


def _last_key(game: Game[Any, Any]) -> str:
    return f"gui.last.{game.info.key}"


class Draft:
    def __init__(
        self, game: Game[Any, Any], store: Store, preset: Mapping[str, OptionValue] | None = None
    ) -> None:
        """`preset`: options chosen before the page opens (the setup a game's editor just saved);
        they win over the remembered ones."""
        self.game = game
        self.store = store
        info = game.info
        self.values: dict[str, OptionValue] = {spec.name: spec.default for spec in info.options}
        #: what was typed in an option's own text field, by option (it wins over `values`)
        self.custom: dict[str, str] = {}
        self.count = info.default_seats
        # every seat the game may have, so that fewer players and then more again keep their choices
        self.seats = [SeatChoice() if i == 0 else SeatChoice(kind=COMPUTER) for i in range(info.max_seats)]
        self.seed_text = ""
        #: what went wrong with the choices (or with the store), said beside the Start button
        self.error = ""
        self._recall()
        for name, value in (preset or {}).items():
            if name in self.values:
                self.values[name] = value

    def _recall(self) -> None:
        try:
            text = self.store.get_setting(_last_key(self.game))
        except StoreError:
            return
        if not text:
            return
        # what an older version (or another edition of the game) remembered may no longer parse
        try:
            data = json.loads(text)
            for spec in self.game.info.options:
                if spec.name in data.get("options", {}):
                    self.values[spec.name] = spec.parse(data["options"][spec.name])
            seats = data.get("seats", [])
            info = self.game.info
            if info.min_seats <= len(seats) <= info.max_seats:
                self.count = len(seats)
                for i, seat in enumerate(seats):
                    seat_spec = SeatSpec.parse(seat)
                    self.seats[i] = SeatChoice(seat_spec.name or "", seat_spec.kind, seat_spec.level or 3)
        except (ValueError, LudotecaError, KeyError, TypeError):
            return

    def remember(self, options: dict[str, OptionValue], seats: tuple[SeatSpec, ...]) -> None:
        data = {"options": options, "seats": [s.text() for s in seats]}
        with contextlib.suppress(StoreError):
            self.store.set_setting(_last_key(self.game), json.dumps(data))

    def given_options(self) -> dict[str, OptionValue]:
        given = dict(self.values)
        for name, text in self.custom.items():
            if text.strip():
                given[name] = text.strip()
        return given

    def seat_specs(self) -> tuple[SeatSpec, ...]:
        return tuple(self.seats[i].spec() for i in range(self.count))
