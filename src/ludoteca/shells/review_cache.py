"""Reviews kept in the player's store, so a game reviewed once opens at once the next time (in the
terminal's `ludoteca review` and the window's review alike).

A review is kept under a digest of what decides it: the game and its options, where it started,
its moves, the moves reviewed, and which analyser judged them (its class and its `version`, when
it has one); a change to any of these makes a new entry. A kept review that cannot be read is
reviewed again, never shown half.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from threading import Event

from ludoteca.ai.review import Analyser, Progress, Review, review, review_from_json, review_to_json
from ludoteca.match import Match
from ludoteca.store import Store, StoreError

#: the settings' keys reviews are kept under
PREFIX = "review.cache."
#: the layout of a kept review; a new layout leaves the old entries unread
FORMAT = 1


def cache_key(match: Match, analyser: Analyser, first: int = 1, last: int | None = None) -> str:
    """The key of `match`'s review by `analyser` (its moves `first` to `last`)."""
    who = f"{type(analyser).__module__}.{type(analyser).__qualname__}:{getattr(analyser, 'version', '')}"
    start = [match.game.info.key, sorted(match.options.items()), match.seed, match.position]
    decided = [FORMAT, start, list(match.moves), first, last, who]
    digest = hashlib.sha256(json.dumps(decided, ensure_ascii=False).encode("utf-8")).hexdigest()
    return PREFIX + digest[:40]


def kept(store: Store | None, key: str) -> Review | None:
    """The review kept under `key`, None when there is none (or it cannot be read)."""
    if store is None:
        return None
    try:
        text = store.get_setting(key)
    except StoreError:
        return None
    if not text:
        return None
    try:
        return review_from_json(json.loads(text))
    except ValueError:  # a damaged entry: the game is reviewed again and the entry replaced
        return None


def keep(store: Store | None, key: str, found: Review) -> None:
    if store is None:
        return
    # keeping is a convenience: a full disk costs the next review's time, nothing else
    with contextlib.suppress(StoreError):
        store.set_setting(key, json.dumps(review_to_json(found), ensure_ascii=False))


def kept_review(
    store: Store | None, match: Match, analyser: Analyser, first: int = 1, last: int | None = None
) -> Review | None:
    """`match`'s review by `analyser` as the store keeps it, if it does."""
    return kept(store, cache_key(match, analyser, first, last))


def make_review(
    store: Store | None,
    match: Match,
    analyser: Analyser,
    first: int = 1,
    last: int | None = None,
    progress: Progress | None = None,
    cancel: Event | None = None,
) -> Review:
    """Review `match`'s moves `first` to `last`, and keep the review (not one cut short)."""
    game = match.game
    moves = [game.parse_move(state, text) for state, text in zip(match.states, match.moves, strict=False)]
    found = review(game, analyser, match.states, moves, first, last, progress, cancel)
    if cancel is None or not cancel.is_set():
        keep(store, cache_key(match, analyser, first, last), found)
    return found


def review_match(
    store: Store | None,
    match: Match,
    analyser: Analyser,
    first: int = 1,
    last: int | None = None,
    progress: Progress | None = None,
) -> Review:
    """The kept review, else a new one (kept in its turn)."""
    found = kept_review(store, match, analyser, first, last)
    return found if found is not None else make_review(store, match, analyser, first, last, progress)
