"""What the web client draws: a seat's view as a language-neutral scene of plain JSON.

The browser runs no rules and knows no Python classes. For each seat the server turns that seat's
view (never more) into a scene: the board as a grid of pieces when the game describes one
(`Game.grid`, the hook the generic boards use), which cell plays which move for the seat to move,
the legal moves in the game's notation, and the position's text. Every word in it is notation or a
symbol; the browser words the rest in its player's language. Games that draw themselves in the
terminal and the window and describe no grid are shown as their position text with their legal
moves until they bring a web drawing of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game, Seat
from ludoteca.core.registry import declaration_of

#: more legal moves than this are not listed (a Qwirkle hand has thousands of placements): the
#: player types the move instead
MAX_LISTED = 400


def scene(game: Game[Any, Any], view: Any, seat: Seat | None, to_move: Seat | None) -> dict[str, Any]:
    """The scene of `view` as `seat` sees it; its moves only when `seat` is the one to move. A
    game with a web drawing of its own makes its scene itself (`GameDeclaration.web_scene`); its
    `drawer` names the script that draws it (`/games/<key>/draw.js`)."""
    own = declaration_of(game).part("web_scene")
    if own is not None:
        drawn = dict(own(game, view, seat, to_move))
        drawn.setdefault("title", game.info.title)
        drawn["drawer"] = game.info.key
        drawn["stylesheet"] = has_stylesheet(declaration_of(game).package)
        return drawn
    return generic_scene(game, view, seat, to_move)


def spectator_scenes(game: Game[Any, Any], states: Sequence[Any]) -> list[dict[str, Any]]:
    """Each of a game's positions as a spectator sees it, nobody to move (a replay's)."""
    return [scene(game, game.view(state, None), None, None) for state in states]


@cache
def has_stylesheet(package: str) -> bool:
    """Whether a game's web drawing comes with a stylesheet (`web/draw.css`), which the page loads
    with its script."""
    return resources.files(package).joinpath("web", "draw.css").is_file()


def generic_scene(game: Game[Any, Any], view: Any, seat: Seat | None, to_move: Seat | None) -> dict[str, Any]:
    """The scene of a game without a web drawing: its grid, or its position text, and its moves."""
    moving = seat is not None and seat == to_move
    drawn: dict[str, Any] = {"form": "text", "position": _position(game, view)}
    picture = game.grid(view)
    if picture is not None:
        drawn = {
            "form": "grid",
            "cols": picture.cols,
            "rows": picture.rows,
            "col_labels": list(picture.col_labels),
            "row_labels": list(picture.row_labels),
            "pieces": [[c, r, p.symbol, p.owner] for (c, r), p in sorted(picture.pieces.items())],
            "last": [list(cell) for cell in picture.last],
            "targets": _targets(game, view, picture.cols, picture.rows) if moving else [],
        }
    moves = list(game.legal_moves(view)) if moving else []
    drawn["legal"] = [game.format_move(view, m) for m in moves] if len(moves) <= MAX_LISTED else None
    drawn["can_claim_draw"] = moving and game.can_claim_draw(view)
    # the title as the catalogues know it: the page words it in its player's language
    drawn["title"] = game.info.title
    return drawn


def _targets(game: Game[Any, Any], view: Any, cols: int, rows: int) -> list[list[Any]]:
    found = []
    for c in range(cols):
        for r in range(rows):
            move = game.move_at(view, (c, r))
            if move is not None:
                found.append([c, r, game.format_move(view, move)])
    return found


def _position(game: Game[Any, Any], view: Any) -> str:
    try:
        return game.position_text(view)
    except (LudotecaError, NotImplementedError, ValueError, TypeError, AttributeError):
        return ""  # a view some games cannot write out (hands hidden): the moves alone
