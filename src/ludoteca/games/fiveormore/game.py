"""Five or More as a `core.Game`: a solitaire with chance (where the next balls fall)."""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import replace

from ludoteca.core.errors import NotationError, OptionError
from ludoteca.core.game import Game, GameInfo, Seat
from ludoteca.core.options import Options
from ludoteca.core.outcome import Outcome
from ludoteca.core.rng import Rng
from ludoteca.core.text import read_int
from ludoteca.games.fiveormore import notation, rules
from ludoteca.games.fiveormore.board import EMPTY
from ludoteca.games.fiveormore.config import OPTIONS, config_from
from ludoteca.games.fiveormore.evaluation import DEFAULT_WEIGHTS, evaluate_board
from ludoteca.games.fiveormore.state import FiveMove, FiveState, Recolour
from ludoteca.i18n import N_, Sentence, _, ngettext


class FiveOrMoreGame(Game[FiveState, FiveMove]):
    info = GameInfo(
        key="fiveormore",
        title=N_("Five or More"),
        summary=N_(
            "Solitaire: move balls along free paths to line up five or more of one colour before "
            "the board fills up."
        ),
        min_seats=1,
        max_seats=1,
        default_seats=1,
        options=OPTIONS,
        chance=True,
        hidden_information=False,
        seat_names=(N_("Player"),),
    )

    # ----- starting -------------------------------------------------------------------------
    def validate(self, options: Options) -> None:
        config_from(options)

    def start(self, options: Options, seed: int, seats: int = 1) -> FiveState:
        if seats != 1:
            raise OptionError(_("Five or More is played alone, not by {n}").format(n=seats))
        return rules.start(config_from(options), seed)

    # ----- playing --------------------------------------------------------------------------
    def to_move(self, state: FiveState) -> Seat | None:
        return None if state.over else 0

    def legal_moves(self, state: FiveState) -> list[FiveMove]:
        return rules.legal_moves(state)

    def play(self, state: FiveState, move: FiveMove) -> FiveState:
        return rules.play(state, move)

    def outcome(self, state: FiveState) -> Outcome | None:
        if not state.over:
            return None
        return Outcome((1,), Sentence(N_("the board is full")), (state.score,))

    def seat_count(self, state: FiveState) -> int:
        return 1

    def scores(self, state: FiveState) -> tuple[int, ...]:
        return (state.score,)

    # ----- notation -------------------------------------------------------------------------
    def format_move(self, state: FiveState, move: FiveMove) -> str:
        return notation.format_move(state.config, move)

    def move_group(self, state: FiveState, move: FiveMove) -> str:
        """Moves are listed by the ball they move or repaint."""
        return notation.cell_name(state.config, move.cell if isinstance(move, Recolour) else move.source)

    def parse_move(self, state: FiveState, text: str) -> FiveMove:
        return notation.parse_move(state.config, text)

    def position_text(self, state: FiveState) -> str:
        """Rows top to bottom joined by '/', '.' for an empty cell and the colour digit for a
        ball, then the preview colours and the score: `......./..1.... 352 40`."""
        cols = state.config.cols
        rows = (
            "".join("." if v == EMPTY else str(v) for v in state.board[r * cols : (r + 1) * cols])
            for r in range(state.config.rows)
        )
        return f"{'/'.join(rows)} {''.join(map(str, state.preview))} {state.score}"

    def parse_position(self, text: str, options: Options) -> FiveState:
        config = config_from(options)
        parts = text.split()
        if len(parts) != 3:
            raise NotationError(_("a position is ROWS PREVIEW SCORE, e.g. '..1../.....' 123 0"))
        rows_text, preview_text, score_text = parts
        rows = rows_text.split("/")
        if len(rows) != config.rows or any(len(row) != config.cols for row in rows):
            raise NotationError(
                _("the position must have {rows} rows of {cols} cells for a {size} board").format(
                    rows=config.rows, cols=config.cols, size=config.size
                )
            )
        digits = "." + "".join(str(c) for c in range(1, config.colours + 1))
        board: list[int] = []
        for char in "".join(rows):
            if char not in digits:
                raise NotationError(
                    _("{char!r} is not a cell: use '.' or a colour from 1 to {n}").format(
                        char=char, n=config.colours
                    )
                )
            board.append(digits.index(char))
        if len(preview_text) != config.spawn or any(c not in digits[1:] for c in preview_text):
            raise NotationError(
                _("the preview must be {n} colours from 1 to {colours}").format(
                    n=config.spawn, colours=config.colours
                )
            )
        score = read_int(score_text, _("the score"), low=0)
        # A position carries no random state: its spawns are drawn as from seed 0.
        return FiveState(
            config, tuple(board), tuple(digits.index(c) for c in preview_text), score, Rng.from_seed(0)
        )

    # ----- views ----------------------------------------------------------------------------
    def view(self, state: FiveState, seat: Seat | None) -> FiveState:
        """Everything is public except where the next balls will fall: the RNG goes."""
        return replace(state, rng=None)

    def determinize(self, view: FiveState, seat: Seat, rng: random.Random) -> FiveState:
        """A world with fresh spawn positions (and later colours) sampled from `rng`; the known
        preview colours stay. Always resampled, so a player handed the full state learns nothing."""
        return replace(view, rng=Rng.from_seed(rng.getrandbits(64)))

    def state_key(self, state: FiveState) -> Hashable:
        return (state.board, state.preview, state.score)

    # ----- describing -----------------------------------------------------------------------
    def describe_last(self, state: FiveState) -> str:
        last = state.last
        if last is None:
            return ""
        config = state.config
        parts: list[str] = []
        if last.move is not None:
            parts.append(notation.format_move(config, last.move))
        if last.removal is not None:
            n = len(last.removal.cells)
            parts.append(
                ngettext(
                    "removed {n} ball for {points} points", "removed {n} balls for {points} points", n
                ).format(n=n, points=last.removal.points)
            )
        if last.spawned:
            n = len(last.spawned)
            parts.append(ngettext("{n} new ball", "{n} new balls", n).format(n=n))
            for spawned in last.spawned:
                if spawned.removal is not None:
                    parts.append(
                        _(
                            "the ball on {cell} completed a line: {n} balls removed for {points} points"
                        ).format(
                            cell=notation.cell_name(config, spawned.cell),
                            n=len(spawned.removal.cells),
                            points=spawned.removal.points,
                        )
                    )
        elif last.removal is not None:
            parts.append(_("move again"))
        return _("; ").join(parts)

    # ----- search ---------------------------------------------------------------------------
    def evaluate(self, state: FiveState, seat: Seat) -> float:
        return evaluate_board(state.config, state.board) + DEFAULT_WEIGHTS.point * state.score
