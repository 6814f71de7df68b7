"""Game states as JSON, for sending a seat's view over the network.

States are values made of frozen dataclasses, tuples, frozensets, enums and plain scalars (the
game contract asks for that), so one generic encoding carries every game's view without any game
writing code for it:

* `None`, booleans, integers and strings stay as they are; a tuple becomes a JSON array;
* a frozen dataclass becomes `{"@": "module:Class", "f": {field: value, …}}`;
* an enum member becomes `{"@e": "module:Class", "v": "NAME"}`;
* a frozenset becomes `{"@s": [...]}` and a mapping `{"@d": [[key, value], …]}`;
* a sentence of the rules (an outcome kept in a state) becomes `{"@t": {"msgid": …, "args": …}}`.

Decoding is the client's side of a trust boundary: a class is only looked up in the game's own
package or in `ludoteca.core`, only dataclasses and enums are made, and fields are set directly
(no constructor code runs), so a hostile server can at worst draw a wrong board.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import sys
from collections.abc import Mapping
from typing import Any

from ludoteca.core.game import Game, package_of
from ludoteca.i18n import Sentence, _

#: nesting deeper than this is refused (a state is a few levels deep; a hostile message is not)
MAX_DEPTH = 64


class CodecError(ValueError):
    """A value that cannot travel, or a message that does not decode to a state of this game."""


def _class_name(kind: type) -> str:
    return f"{kind.__module__}:{kind.__qualname__}"


def encode(value: Any) -> Any:
    """`value` as plain JSON data; raises CodecError for something a state should not hold."""
    # before the scalars: an IntEnum is an int too, and sent as one it came back a plain number
    # that the game's own checks (`card is Card.UNKNOWN`) no longer recognised
    if isinstance(value, enum.Enum):
        return {"@e": _class_name(type(value)), "v": value.name}
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise CodecError("a state may not hold NaN or infinity")
        return value
    if isinstance(value, tuple):
        return [encode(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"@": _class_name(type(value)), "f": fields}
    if isinstance(value, frozenset):
        return {"@s": sorted((encode(item) for item in value), key=repr)}
    if isinstance(value, Mapping):
        return {"@d": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, Sentence):
        return {"@t": value.to_wire()}
    raise CodecError(f"a {type(value).__name__} cannot be sent over the network")


class Decoder:
    """Turns encoded data back into values, looking classes up only where `game` may define them."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self._packages = (package_of(game), "ludoteca.core")
        self._classes: dict[str, type] = {}

    def decode(self, data: Any) -> Any:
        try:
            return self._value(data, 0)
        except RecursionError:
            raise CodecError(_("the state sent by the server is nested too deeply")) from None

    def _value(self, data: Any, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise CodecError(_("the state sent by the server is nested too deeply"))
        if data is None or isinstance(data, bool | int | str | float):
            return data
        if isinstance(data, list):
            return tuple(self._value(item, depth + 1) for item in data)
        if not isinstance(data, dict):
            raise CodecError(
                _("the state sent by the server holds a {kind}").format(kind=type(data).__name__)
            )
        if "@" in data:
            return self._dataclass(data, depth)
        if "@e" in data:
            kind = self._class(data["@e"])
            if not issubclass(kind, enum.Enum) or not isinstance(data.get("v"), str):
                raise CodecError(_("the state sent by the server names a class that is not an enum"))
            try:
                return kind[data["v"]]
            except KeyError:
                raise CodecError(_("the state sent by the server holds an unknown value")) from None
        if "@t" in data:
            sentence = Sentence.from_wire(data["@t"])
            if sentence is None:
                raise CodecError(_("the state sent by the server holds a malformed sentence"))
            return sentence
        if "@s" in data and isinstance(data["@s"], list):
            return frozenset(self._value(item, depth + 1) for item in data["@s"])
        if "@d" in data and isinstance(data["@d"], list):
            pairs = data["@d"]
            if not all(isinstance(p, list) and len(p) == 2 for p in pairs):
                raise CodecError(_("the state sent by the server holds a malformed mapping"))
            return {self._value(k, depth + 1): self._value(v, depth + 1) for k, v in pairs}
        raise CodecError(_("the state sent by the server holds an object of no known kind"))

    def _dataclass(self, data: dict[str, Any], depth: int) -> Any:
        kind = self._class(data["@"])
        fields = data.get("f")
        if not dataclasses.is_dataclass(kind) or not isinstance(fields, dict):
            raise CodecError(_("the state sent by the server names a class that is not a value"))
        names = [f.name for f in dataclasses.fields(kind)]
        if sorted(names) != sorted(fields):
            raise CodecError(
                _("the state sent by the server does not match this version's {name}").format(
                    name=kind.__name__
                )
            )
        # Set the fields directly: a value is rebuilt exactly, and no constructor code runs on
        # data that came from the network.
        value = object.__new__(kind)
        for name in names:
            object.__setattr__(value, name, self._value(fields[name], depth + 1))
        return value

    def _class(self, name: Any) -> type:
        if not isinstance(name, str):
            raise CodecError(_("the state sent by the server names a class badly"))
        known = self._classes.get(name)
        if known is not None:
            return known
        module_name, _sep, qualname = name.partition(":")
        inside = any(module_name == p or module_name.startswith(p + ".") for p in self._packages)
        if not inside or not qualname or not qualname.replace(".", "").replace("_", "").isalnum():
            raise CodecError(
                _("the state sent by the server names a class outside this game: {name}").format(name=name)
            )
        # the package check above means only the game's own modules (or core's) can be imported here
        module = sys.modules.get(module_name)
        if module is None:
            try:
                module = importlib.import_module(module_name)
            except ImportError:
                raise CodecError(
                    _("this Ludoteca has no {name}; is it the same version as the server's?").format(
                        name=name
                    )
                ) from None
        found: Any = module
        for part in qualname.split("."):
            found = getattr(found, part, None)
            if found is None:
                raise CodecError(
                    _("this Ludoteca has no {name}; is it the same version as the server's?").format(
                        name=name
                    )
                )
        if not isinstance(found, type):
            raise CodecError(_("the state sent by the server names something that is not a class"))
        self._classes[name] = found
        return found
