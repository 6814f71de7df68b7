"""The network protocol: JSON messages, one per WebSocket text frame (see docs/protocol.md).

Every message is a JSON object with a `type`. A client's first message is `hello`, naming the
protocol version it speaks; a server that speaks another version answers `refused` naming both
and closes. Every later request may carry an `id` (a number the reply repeats) and is checked here
field by field before the server looks at it: an unknown type, a missing or mistyped field, text
too long, a number out of range — each gets a sentence the client can show, and nothing else
happens. Frames are bounded in size (`MAX_CLIENT_FRAME`) by the WebSocket layer itself.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any

from ludoteca.core.text import printable
from ludoteca.i18n import N_, Sentence, _

#: bump when a message changes meaning; a client and a server must speak the same one
#: (2: after its first state, a member is sent `update`s, what changed since the last one)
PROTOCOL_VERSION = 2
DEFAULT_PORT = 7373
#: the biggest frame a client may send: requests are small
MAX_CLIENT_FRAME = 16 * 1024
#: the biggest frame a server sends: a state holds a whole board and its history of effects
MAX_SERVER_FRAME = 4 * 1024 * 1024
MAX_NAME = 40
MAX_CHAT = 200
MAX_MOVE = 200
MAX_TABLE_ID = 32
MAX_OPTIONS = 16
MAX_SEATS = 4
#: a password (longer ones are refused before any hashing), a session token or an invitation
MAX_PASSWORD = 256
MAX_SECRET = 200
#: a rating key ("khet/horus"), the games a player's page lists, the rows of a leaderboard
MAX_GAME_KEY = 64
MAX_RECENT = 100
MAX_LEADERBOARD = 200
#: what an admin of a club may do over the network (docs/protocol.md, "Admins"), and how many
#: invitation codes one request makes at most
ADMIN_ACTIONS = ("close", "mute", "ban", "restore", "invite")
MAX_INVITATIONS = 20


class ProtocolError(ValueError):
    """A message that breaks the protocol; its text is the sentence sent back to the client, with
    the request's `request_id` whenever it could be read, so a client waiting for that answer
    hears it."""

    request_id: int | None = None


def websocket_logger() -> logging.Logger:
    """The logger the `websockets` library writes to, for servers and clients alike. It is kept
    at INFO or above whatever the rest of the log says: at DEBUG, websockets writes every frame,
    and frames hold passwords and session tokens (`sign_in`, `resume`), which are never logged."""
    logger = logging.getLogger("ludoteca.net.websocket")
    if logger.getEffectiveLevel() < logging.INFO or logger.level == logging.NOTSET:
        logger.setLevel(logging.INFO)
    return logger


# ----- field checks -----------------------------------------------------------------------------
Check = Callable[[str, Any], Any]


def text(limit: int, minimum: int = 0) -> Check:
    def check(name: str, value: Any) -> Any:
        if not isinstance(value, str):
            raise ProtocolError(_("'{field}' must be text").format(field=name))
        if len(value) > limit:
            raise ProtocolError(
                _("'{field}' is {n} characters long; the limit is {limit}").format(
                    field=name, n=len(value), limit=limit
                )
            )
        if len(value.strip()) < minimum:
            raise ProtocolError(_("'{field}' cannot be empty").format(field=name))
        bad = unsafe_character(value)
        if bad is not None:
            raise ProtocolError(
                _("'{field}' cannot hold the invisible or control character U+{code:04X}").format(
                    field=name, code=ord(bad)
                )
            )
        return value

    return check


def unsafe_character(value: str) -> str | None:
    """The first character of `value` that must not come in from the network, or None: what
    `core.text.printable` would change (controls, invisible formatting characters, halves of
    surrogate pairs — a lone one cannot even be encoded, so every message repeating it would
    fail —, private-use and unassigned code points). One rule for what comes in and what is shown."""
    shown = printable(value)
    if shown == value:
        return None
    return next(char for char, kept in zip_longest(value, shown) if char != kept)


def number(low: int, high: int) -> Check:
    def check(name: str, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ProtocolError(_("'{field}' must be a whole number").format(field=name))
        if not low <= value <= high:
            raise ProtocolError(
                _("'{field}' must lie between {low} and {high}, not {value}").format(
                    field=name, low=low, high=high, value=value
                )
            )
        return value

    return check


def one_of(*words: str) -> Check:
    def check(name: str, value: Any) -> Any:
        if not isinstance(value, str) or value not in words:
            raise ProtocolError(
                _("'{field}' must be one of: {words}").format(field=name, words=", ".join(words))
            )
        return value

    return check


def flag(name: str, value: Any) -> Any:
    if not isinstance(value, bool):
        raise ProtocolError(_("'{field}' must be true or false").format(field=name))
    return value


def options(name: str, value: Any) -> Any:
    if not isinstance(value, dict) or len(value) > MAX_OPTIONS:
        raise ProtocolError(
            _("'{field}' must be an object of at most {n} options").format(field=name, n=MAX_OPTIONS)
        )
    for key, item in value.items():
        text(32, 1)(name, key)
        if isinstance(item, str):
            text(64)(name, item)
        elif isinstance(item, bool) or (isinstance(item, int) and abs(item) < 1_000_000):
            continue
        else:
            raise ProtocolError(_("option '{key}' must be text, a number or true/false").format(key=key))
    return dict(value)


def seats(name: str, value: Any) -> Any:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SEATS:
        raise ProtocolError(_("'{field}' must list 1 to {n} seats").format(field=name, n=MAX_SEATS))
    return [text(MAX_NAME + 16, 1)(name, item) for item in value]


def clock(name: str, value: Any) -> Any:
    if not isinstance(value, dict) or set(value) - {"minutes", "increment", "vanished_runs"}:
        raise ProtocolError(
            _("'{field}' must be an object with minutes, increment and vanished_runs").format(field=name)
        )
    return {
        "minutes": number(1, 180)("minutes", value.get("minutes", 10)),
        "increment": number(0, 60)("increment", value.get("increment", 0)),
        "vanished_runs": flag("vanished_runs", value.get("vanished_runs", False)),
    }


@dataclass(frozen=True)
class Spec:
    """The fields of one request type: required and optional, each with its check."""

    required: Mapping[str, Check] = field(default_factory=dict)
    optional: Mapping[str, Check] = field(default_factory=dict)


VERSION = number(0, 1_000_000_000)
TABLE = text(MAX_TABLE_ID, 1)
SEAT = number(0, MAX_SEATS - 1)
LEVEL = number(1, 5)

#: what a client may send, and what each request holds
REQUESTS: dict[str, Spec] = {
    # `scene`: the client draws scenes (the web client), not the views our own clients decode
    "hello": Spec(
        {"protocol": number(0, 1_000_000), "name": text(MAX_NAME, 1)}, {"app": text(80), "scene": flag}
    ),
    "tables": Spec(),
    # position: a start of the player's own (a Khet setup), checked by the rules like any position
    "open": Spec(
        {"game": text(32, 1)}, {"options": options, "seats": seats, "clock": clock, "position": text(4000)}
    ),
    # `take`: take the seat even while another connection plays it: with `token`, or, signed in,
    # the seat bound to the client's account (taken back from another computer, without a token)
    "join": Spec({}, {"table": TABLE, "seat": SEAT, "token": text(64, 1), "take": flag}),
    "watch": Spec({}, {"table": TABLE}),
    "start": Spec({}, {"level": LEVEL}),
    "move": Spec({"version": VERSION, "move": text(MAX_MOVE, 1)}),
    "undo": Spec({"version": VERSION}),
    "answer": Spec({"accept": flag}),
    "resign": Spec(),
    "draw": Spec(),
    "computer": Spec({"seat": SEAT}, {"level": LEVEL}),
    "chat": Spec({"text": text(MAX_CHAT, 1)}),
    "record": Spec(),
    "leave": Spec(),
    "ping": Spec(),
    # a club's members (docs/protocol.md, "Accounts"): what a password or a session token holds
    # is never logged, echoed in a refusal, or kept
    "sign_up": Spec(
        {"name": text(MAX_NAME, 1), "password": text(MAX_PASSWORD, 1)}, {"invitation": text(MAX_SECRET, 1)}
    ),
    "sign_in": Spec({"name": text(MAX_NAME, 1), "password": text(MAX_PASSWORD, 1)}),
    "resume": Spec({"session": text(MAX_SECRET, 1)}),
    "sign_out": Spec(),
    "change_password": Spec({"old": text(MAX_PASSWORD, 1), "new": text(MAX_PASSWORD, 1)}),
    "player": Spec({"name": text(MAX_NAME, 1)}, {"games": number(1, MAX_RECENT)}),
    "leaderboard": Spec({"game": text(MAX_GAME_KEY, 1)}, {"limit": number(1, MAX_LEADERBOARD)}),
    # the full record of a finished game of the club (`player` names their tables); `scenes`: each
    # position too, as a spectator's scene (the web client, which has no rules, steps through them)
    "replay": Spec({"table": TABLE}, {"scenes": flag}),
    # an admin of the club: close a table, mute, ban or restore a member, make invitation codes
    "admin": Spec(
        {"action": one_of(*ADMIN_ACTIONS)},
        {"table": TABLE, "name": text(MAX_NAME, 1), "count": number(1, MAX_INVITATIONS)},
    ),
}


@dataclass(frozen=True)
class Request:
    type: str
    fields: dict[str, Any]
    id: int | None = None

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)


def parse_request(frame: str | bytes) -> Request:
    """A client's frame as a checked `Request`; ProtocolError with a sentence otherwise."""
    if isinstance(frame, bytes):
        raise ProtocolError(_("send text frames holding JSON, not binary frames"))
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError(_("that message is not valid JSON")) from None
    if not isinstance(data, dict):
        raise ProtocolError(_("a message must be a JSON object with a 'type'"))
    request_id = data.get("id")
    if request_id is not None:
        number(0, 2**53)("id", request_id)
    try:
        return _checked(data, request_id)
    except ProtocolError as err:
        err.request_id = request_id
        raise


def _checked(data: dict[str, Any], request_id: int | None) -> Request:
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in REQUESTS:
        shown = kind if isinstance(kind, str) and len(kind) <= 20 else "?"
        raise ProtocolError(
            _("unknown message type '{type}'; the types are: {types}").format(
                type=shown, types=", ".join(REQUESTS)
            )
        )
    spec = REQUESTS[kind]
    unknown = set(data) - {"type", "id"} - set(spec.required) - set(spec.optional)
    if unknown:
        raise ProtocolError(
            _("a '{type}' message has no field {fields}").format(
                type=kind, fields=", ".join(sorted(str(u)[:20] for u in unknown))
            )
        )
    fields: dict[str, Any] = {}
    for name, check in spec.required.items():
        if name not in data:
            raise ProtocolError(_("a '{type}' message needs '{field}'").format(type=kind, field=name))
        fields[name] = check(name, data[name])
    for name, check in spec.optional.items():
        if name in data and data[name] is not None:
            fields[name] = check(name, data[name])
    return Request(kind, fields, request_id)


# ----- updates: what changed since the state a member holds ---------------------------------------
def patch(before: Any, after: Any) -> Any:
    """What turns the JSON value `before` into `after`, small when little changed: an object as
    `{"o": {key: patch}, "x": [removed keys]}`, an array that grew at its end as `{"a": [tail]}`,
    one of the same length as `{"i": {index: patch}}`, anything else as `{"s": after}`."""
    change = _structural_patch(before, after)
    # a value that changed all through (a new laser beam) is smaller sent whole than described
    if "s" not in change and len(dumps(change)) >= len(dumps(after)):
        return {"s": after}
    return change


def _structural_patch(before: Any, after: Any) -> Any:
    if isinstance(before, dict) and isinstance(after, dict):
        changed = {
            key: patch(before.get(key), value)
            for key, value in after.items()
            if before.get(key, _NONE) != value
        }
        removed = [key for key in before if key not in after]
        return {"o": changed, "x": removed} if removed else {"o": changed}
    if isinstance(before, list) and isinstance(after, list):
        if len(after) >= len(before) and after[: len(before)] == before:
            return {"a": after[len(before) :]}
        if len(after) == len(before):
            pairs = enumerate(zip(before, after, strict=True))
            return {"i": {str(i): patch(b, a) for i, (b, a) in pairs if a != b}}
    return {"s": after}


_NONE = object()


def patched(before: Any, change: Any) -> Any:
    """`before` with `change` (a `patch`) applied; ProtocolError when they do not fit."""
    try:
        if "s" in change:
            return change["s"]
        if "a" in change:
            return [*before, *change["a"]]
        if "i" in change:
            after = list(before)
            for index, item in change["i"].items():
                after[int(index)] = patched(after[int(index)], item)
            return after
        after_object = {key: value for key, value in before.items() if key not in change.get("x", ())}
        for key, item in change["o"].items():
            after_object[key] = patched(before.get(key), item)
        return after_object
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError):
        raise ProtocolError(_("an update that does not fit the state it was made for")) from None


def update_message(
    previous: Mapping[str, Any], state: Mapping[str, Any], patches: dict[tuple[int, int], Any] | None = None
) -> dict[str, Any]:
    """The `update` that turns the `state` message a member last received into the new `state`:
    the view as a patch, the moves as how many are kept and those added; the rest as it is.
    `patches` keeps the view patches already made in one round of messages, by the identity of
    the two views: the members who watch, or share a seat, get the same one made once."""
    old_moves, new_moves = list(previous["moves"]), list(state["moves"])
    kept = 0
    while kept < min(len(old_moves), len(new_moves)) and old_moves[kept] == new_moves[kept]:
        kept += 1
    update = {key: value for key, value in state.items() if key not in ("type", "view", "moves")}
    update.update(
        type="update",
        base=previous["version"],
        view=_view_patch(previous["view"], state["view"], patches),
        moves={"keep": kept, "add": new_moves[kept:]},
    )
    return update


def _view_patch(before: Any, after: Any, patches: dict[tuple[int, int], Any] | None) -> Any:
    if patches is None:
        return patch(before, after)
    key = (id(before), id(after))
    if key not in patches:
        patches[key] = patch(before, after)
    return patches[key]


def state_from_update(previous: Mapping[str, Any], update: Mapping[str, Any]) -> dict[str, Any]:
    """The whole `state` message an `update` stands for, from the one it was made against."""
    if update.get("base") != previous.get("version") or update.get("table") != previous.get("table"):
        raise ProtocolError(_("an update that does not fit the state it was made for"))
    moves = update.get("moves")
    if not isinstance(moves, dict) or not isinstance(moves.get("add"), list):
        raise ProtocolError(_("an update that does not fit the state it was made for"))
    state = {key: value for key, value in update.items() if key not in ("base", "moves", "view")}
    state.update(
        type="state",
        view=patched(previous["view"], update.get("view")),
        moves=[*list(previous["moves"])[: int(moves.get("keep", 0))], *moves["add"]],
    )
    return state


def version_refusal(client: Any) -> str:
    """The sentence for a client speaking another protocol version, naming both."""
    return _(
        "This server speaks Ludoteca network protocol version {server}, and your Ludoteca speaks "
        "version {client}. Install the same Ludoteca version as the host to play together."
    ).format(server=PROTOCOL_VERSION, client=client)


def dumps(message: Mapping[str, Any]) -> str:
    """A message as the text of one frame (compact JSON)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def frame_text(message: Mapping[str, Any]) -> str:
    """A message as frame text that can always be sent. Every text from the network is checked on
    the way in, but one kept by an older version, or a bug, could still hold a lone surrogate,
    which UTF-8 cannot encode: such a message goes out with those characters replaced, so one bad
    string costs a character, never the delivery of a message to everyone who shares it."""
    text = dumps(message)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


def request(kind: str, request_id: int | None = None, **fields: Any) -> str:
    """A client's request as frame text (fields that are None are left out)."""
    message: dict[str, Any] = {"type": kind}
    if request_id is not None:
        message["id"] = request_id
    message.update({k: v for k, v in fields.items() if v is not None})
    return dumps(message)


def reason_fields(reason: str | Sentence, key: str = "reason") -> dict[str, Any]:
    """The fields of a refusal, an error or a notice: the sentence in the server's language under
    `key`, and, when it is one of ours, as a `sentence` (its catalogue entry and values) that each
    client shows in its own player's language."""
    fields: dict[str, Any] = {key: str(reason)}
    if isinstance(reason, Sentence):
        fields["sentence"] = reason.to_wire()
    return fields


def sentence_shown(message: Mapping[str, Any]) -> str | None:
    """A refusal's, an error's or a notice's `sentence` in this player's language, or None when
    it has none that can be shown here."""
    sentence = Sentence.from_wire(message.get("sentence"))
    return sentence.shown() if sentence is not None else None


def said(message: Mapping[str, Any], key: str = "reason") -> str:
    """What a refusal, an error or a notice says, in this player's language where its `sentence`
    can be shown here, else as the server wrote it under `key`."""
    shown = sentence_shown(message)
    return shown if shown is not None else str(message.get(key) or "")


def computer_name(level: int) -> Sentence:
    """What a computer's seat is called when nobody named it ("Computer 3"): the server writes it
    in its language, each client in its own."""
    return Sentence(N_("Computer {level}"), level=level)


def seat_name(seat: Mapping[str, Any]) -> str:
    """A seat's name as a seat list gives it: a computer's default name ("Computer 3") in this
    player's language, any other as its player chose it."""
    level = seat.get("level")
    if seat.get("default_name") is True and isinstance(level, int) and not isinstance(level, bool):
        return str(computer_name(level))
    return str(seat.get("name") or "")
