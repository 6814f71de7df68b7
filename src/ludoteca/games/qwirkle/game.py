"""The rules of Qwirkle (decisions in shared/rules/qwirkle.md; player's text in rules.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from random import Random
from typing import TypeVar

from ludoteca.core.errors import IllegalMove
from ludoteca.core.game import Game, GameInfo, Seat
from ludoteca.core.options import Options, OptionSpec
from ludoteca.core.outcome import Outcome
from ludoteca.core.rng import Rng
from ludoteca.games.qwirkle import movegen, notation, position
from ludoteca.games.qwirkle.lines import (
    END_BONUS,
    LETTERS,
    QWIRKLE,
    line_problem,
    line_score,
    line_text,
    square_text,
)
from ludoteca.games.qwirkle.state import (
    EMPTY,
    PASS,
    Exchange,
    LastPlay,
    Move,
    Pass,
    Place,
    QwirkleState,
)
from ludoteca.games.qwirkle.tiles import (
    COPIES,
    HIDDEN,
    Tile,
    full_set,
    missing_from,
    remove_tiles,
    tile_label,
    tile_name,
    tile_plural,
    tile_text,
)
from ludoteca.i18n import N_, Sentence, _, ngettext

HAND = 6
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PlayScore:
    """What a placement scores: each line it makes or extends (a Qwirkle counts 12), how many
    Qwirkles it completes, and the end bonus when it empties the hand with the bag empty."""

    lines: tuple[int, ...]
    qwirkles: int
    end_bonus: int = 0

    @property
    def score(self) -> int:
        return sum(self.lines) + self.end_bonus


class QwirkleGame(Game[QwirkleState, Move]):
    info = GameInfo(
        key="qwirkle",
        title=N_("Qwirkle"),
        summary=N_(
            "Line up tiles sharing a colour or a shape; a line of all six scores a Qwirkle. "
            "2 to 4 players with hidden hands."
        ),
        min_seats=2,
        max_seats=4,
        options=(
            OptionSpec(
                "mode",
                N_("normal: 108 tiles (3 of each); short: 36 tiles (1 of each), for quick games"),
                "normal",
                choices=(N_("normal"), N_("short")),
                labels=(("normal", N_("Normal game (108 tiles)")), ("short", N_("Short game (36 tiles)"))),
                label=N_("Mode"),
                window_help=N_(
                    "Normal: 108 tiles, three of each. Short: 36 tiles, one of each, for a quick game."
                ),
            ),
            OptionSpec(
                "rows",
                N_("rows of the board (lettered from a)"),
                12,
                minimum=6,
                maximum=26,
                label=N_("Rows"),
                in_window=False,
            ),
            OptionSpec(
                "cols",
                N_("columns of the board (lettered from a)"),
                26,
                minimum=6,
                maximum=26,
                label=N_("Columns"),
                in_window=False,
            ),
            OptionSpec(
                "start",
                N_(
                    "first: player 1 opens; official: the player with the most tiles sharing a colour "
                    "or a shape opens and must play them"
                ),
                "first",
                choices=(N_("first"), N_("official")),
                labels=(("official", N_("Official opening")),),
                label=N_("Who starts"),
                window_help=N_(
                    "First: player 1 opens. Official: whoever holds the most tiles sharing a colour or "
                    "a shape opens with them."
                ),
            ),
        ),
        default_seats=2,
        chance=True,
        hidden_information=True,
    )

    # ----- starting -------------------------------------------------------------------------
    def start(self, options: Options, seed: int, seats: int) -> QwirkleState:
        mode = str(options.get("mode", "normal"))
        rows = int(options.get("rows", 12))
        cols = int(options.get("cols", 26))
        bag, rng = Rng.from_seed(seed).shuffled(full_set(mode))
        hands: list[tuple[Tile, ...]] = []
        for _seat in range(seats):
            hands.append(tuple(sorted(bag[-HAND:])))
            bag = bag[:-HAND]
        starter, opening = 0, 0
        if options.get("start", "first") == "official":
            groups = [movegen.largest_group(hand) for hand in hands]
            opening = max(groups)
            starter = groups.index(opening)
        return QwirkleState(
            rows=rows,
            cols=cols,
            mode=mode,
            cells=(EMPTY,) * (rows * cols),
            hands=tuple(hands),
            bag=bag,
            rng=rng,
            scores=(0,) * seats,
            turn=starter,
            starter=starter,
            opening=opening,
        )

    def seat_count(self, state: QwirkleState) -> int:
        return state.seats

    # ----- playing --------------------------------------------------------------------------
    def to_move(self, state: QwirkleState) -> Seat | None:
        return None if state.ended else state.turn

    def legal_moves(self, state: QwirkleState) -> Sequence[Move]:
        if state.ended:
            return ()
        hand = self._own_hand(state)
        swaps: list[Move] = []
        if state.bag and not self._must_open(state):
            swaps.extend(movegen.exchanges(hand, len(state.bag)))
        if state.board_empty:
            length = state.opening if state.ply == 0 else 0
            return movegen.OpeningPlays(movegen.opening_lines(hand, length), state.rows, state.cols, swaps)
        moves: list[Move] = [move for move, _score in movegen.scored_placements(state, hand)]
        moves.extend(swaps)
        return moves or [PASS]

    def read_move(self, state: QwirkleState, text: str) -> Move:
        move = self.parse_move(state, text)
        self.check(state, move)
        return move

    def check(self, state: QwirkleState, move: Move) -> None:
        """Raise IllegalMove saying why `move` may not be played now (no tile is drawn)."""
        self._checked(state, move)

    def score_play(self, state: QwirkleState, move: Place) -> PlayScore:
        """What `move` would score if played now, or IllegalMove saying why it may not be played
        (front ends show a play's score while it is being built; no tile is drawn)."""
        if state.ended:
            raise IllegalMove(_("the game is over"))
        scored = self._check_place(state, move)
        if len(move.tiles) == len(state.hands[state.turn]) and not state.bag:
            scored = replace(scored, end_bonus=END_BONUS)
        return scored

    def _checked(self, state: QwirkleState, move: Move) -> PlayScore | None:
        """`check`, returning what a placement scores."""
        if state.ended:
            raise IllegalMove(_("the game is over"))
        if isinstance(move, Place):
            return self.score_play(state, move)
        if isinstance(move, Exchange):
            self._check_exchange(state, move)
        else:
            self._check_pass(state)
        return None

    def play(self, state: QwirkleState, move: Move) -> QwirkleState:
        scored = self._checked(state, move)
        if state.rng is None:
            raise IllegalMove(
                _("no tile can be drawn here: this is a player's view, where the bag is hidden")
            )
        if isinstance(move, Place):
            assert scored is not None
            after = self._apply_place(state, move, scored)
        elif isinstance(move, Exchange):
            after = self._apply_exchange(state, move)
        else:
            after = self._apply_pass(state)
        if after.ended is None and after.bag and self._stuck(after):
            after = replace(after, ended="stuck")
        return after

    # ----- checks ---------------------------------------------------------------------------
    def _own_hand(self, state: QwirkleState) -> tuple[Tile, ...]:
        hand = state.hands[state.turn]
        if HIDDEN in hand:
            raise ValueError("the hand of the seat to move is hidden in this view")
        return hand

    def _must_open(self, state: QwirkleState) -> bool:
        """Under the official start, the opening player may not exchange."""
        return state.opening > 0 and state.ply == 0

    def _check_place(self, state: QwirkleState, move: Place) -> PlayScore:
        hand = self._own_hand(state)
        tiles = move.tiles
        if not tiles:
            raise IllegalMove(_("place at least one tile"))
        if len(tiles) > len(hand):
            raise IllegalMove(_("you hold only {n} tiles").format(n=len(hand)))
        squares = [(r, c) for r, c, _t in tiles]
        for i, square in enumerate(squares):
            if square in squares[:i]:
                raise IllegalMove(_("two tiles on square {sq}").format(sq=_square_name(*square)))
        for r, c in squares:
            if not (0 <= r < state.rows and 0 <= c < state.cols):
                raise IllegalMove(
                    _("square {sq} is off the board (rows a–{last_row}, columns a–{last_col})").format(
                        sq=_square_name(r, c),
                        last_row=LETTERS[state.rows - 1],
                        last_col=LETTERS[state.cols - 1],
                    )
                )
        for r, c, _t in tiles:
            there = state.at(r, c)
            if there != EMPTY:
                raise IllegalMove(
                    _("square {sq} already holds a {tile}").format(
                        sq=square_text(r, c), tile=tile_name(there)
                    )
                )
        lacking = missing_from(hand, (t for _r, _c, t in tiles))
        if lacking is not None:
            tile, have = lacking
            if have == 0:
                raise IllegalMove(
                    _("you have no {name} ({code}) in your hand").format(
                        name=tile_name(tile), code=tile_label(tile)
                    )
                )
            raise IllegalMove(
                _("you have only one {name} ({code}) in your hand").format(
                    name=tile_name(tile), code=tile_label(tile)
                )
                if have == 1
                else _("you have only {n} {names} ({code}) in your hand").format(
                    n=have, names=tile_plural(tile), code=tile_label(tile)
                )
            )
        rows = {r for r, _c in squares}
        cols = {c for _r, c in squares}
        if len(rows) > 1 and len(cols) > 1:
            raise IllegalMove(_("the tiles must lie in one row or one column"))
        was_empty = state.board_empty
        if was_empty and state.opening and state.ply == 0 and len(tiles) != state.opening:
            raise IllegalMove(
                _(
                    "the opening play must place {n} tiles: the most tiles of your hand sharing a colour "
                    "or a shape"
                ).format(n=state.opening)
            )
        cells = list(state.cells)
        width = state.cols
        for r, c, t in tiles:
            cells[r * width + c] = t
        board = _Board(cells, state.rows, state.cols)
        if len(tiles) > 1:
            self._check_unbroken(board, squares, along_row=len(rows) == 1)
        if not was_empty and not any(board.touches_old(state, r, c) for r, c in squares):
            raise IllegalMove(
                _("the tiles must touch a tile already on the board (touching at a corner does not count)")
            )
        runs: list[list[tuple[int, int]]] = []
        if len(tiles) > 1:
            along_row = len(rows) == 1
            runs.append(board.run(*squares[0], along_row=along_row))
            runs.extend(board.run(r, c, along_row=not along_row) for r, c in squares)
        else:
            runs.append(board.run(*squares[0], along_row=True))
            runs.append(board.run(*squares[0], along_row=False))
        lines: list[int] = []
        qwirkles = 0
        for run in runs:
            if len(run) < 2:
                continue
            problem = line_problem([board.at(r, c) for r, c in run])
            if problem is not None:
                raise IllegalMove(f"{line_text(run)} {problem}")
            lines.append(line_score(len(run)))
            qwirkles += len(run) == QWIRKLE
        return PlayScore(tuple(lines) or (1,), qwirkles)

    def _check_unbroken(self, board: _Board, squares: list[tuple[int, int]], along_row: bool) -> None:
        if along_row:
            row = squares[0][0]
            cols = [c for _r, c in squares]
            gaps = [(row, c) for c in range(min(cols), max(cols) + 1) if board.at(row, c) == EMPTY]
        else:
            col = squares[0][1]
            rows = [r for r, _c in squares]
            gaps = [(r, col) for r in range(min(rows), max(rows) + 1) if board.at(r, col) == EMPTY]
        if gaps:
            raise IllegalMove(
                _("the tiles must form one unbroken line with the tiles already there: {sq} is empty").format(
                    sq=square_text(*gaps[0])
                )
            )

    def _check_exchange(self, state: QwirkleState, move: Exchange) -> None:
        hand = self._own_hand(state)
        if self._must_open(state):
            raise IllegalMove(_("the opening player must place tiles, not exchange them"))
        if not move.tiles:
            raise IllegalMove(_("name at least one tile to exchange"))
        if not state.bag:
            raise IllegalMove(_("the bag is empty: no tile can be exchanged"))
        if len(move.tiles) > len(state.bag):
            raise IllegalMove(
                ngettext(
                    "the bag holds only {n} tile: exchange at most {n}",
                    "the bag holds only {n} tiles: exchange at most {n}",
                    len(state.bag),
                ).format(n=len(state.bag))
            )
        lacking = missing_from(hand, move.tiles)
        if lacking is not None:
            tile, have = lacking
            raise IllegalMove(
                _("you cannot give back {count} {code}: your hand holds {have}").format(
                    count=move.tiles.count(tile), code=tile_label(tile), have=have
                )
            )

    def _check_pass(self, state: QwirkleState) -> None:
        hand = self._own_hand(state)
        if state.bag:
            raise IllegalMove(_("you may not pass while the bag holds tiles: place or exchange"))
        if movegen.has_placement(state, hand):
            raise IllegalMove(_("you may pass only when none of your tiles can be placed"))

    # ----- applying -------------------------------------------------------------------------
    def _apply_place(self, state: QwirkleState, move: Place, scored: PlayScore) -> QwirkleState:
        seat = state.turn
        cells = list(state.cells)
        for r, c, t in move.tiles:
            cells[r * state.cols + c] = t
        hand = remove_tiles(state.hands[seat], (t for _r, _c, t in move.tiles))
        bag = state.bag
        ended: str | None = None
        drawn: tuple[Tile, ...] = ()
        if scored.end_bonus:
            ended = "out"
        else:
            n = min(HAND - len(hand), len(bag))
            drawn = bag[len(bag) - n :]
            bag = bag[: len(bag) - n]
            hand = tuple(sorted(hand + drawn))
        score = scored.score
        last = LastPlay(
            seat=seat,
            kind="place",
            placed=move.tiles,
            score=score,
            lines=scored.lines,
            qwirkles=scored.qwirkles,
            end_bonus=scored.end_bonus,
            drawn=drawn,
        )
        return replace(
            state,
            cells=tuple(cells),
            hands=_with(state.hands, seat, hand),
            bag=bag,
            scores=_with(state.scores, seat, state.scores[seat] + score),
            turn=(seat + 1) % state.seats,
            ply=state.ply + 1,
            passes=0,
            ended=ended,
            last=last,
        )

    def _apply_exchange(self, state: QwirkleState, move: Exchange) -> QwirkleState:
        assert state.rng is not None
        seat = state.turn
        n = len(move.tiles)
        drawn = state.bag[len(state.bag) - n :]
        bag, rng = state.rng.shuffled(state.bag[: len(state.bag) - n] + move.tiles)
        hand = tuple(sorted(remove_tiles(state.hands[seat], move.tiles) + drawn))
        return replace(
            state,
            hands=_with(state.hands, seat, hand),
            bag=bag,
            rng=rng,
            turn=(seat + 1) % state.seats,
            ply=state.ply + 1,
            passes=0,
            last=LastPlay(seat=seat, kind="exchange", exchanged=move.tiles, drawn=drawn),
        )

    def _apply_pass(self, state: QwirkleState) -> QwirkleState:
        passes = state.passes + 1
        return replace(
            state,
            turn=(state.turn + 1) % state.seats,
            ply=state.ply + 1,
            passes=passes,
            ended="blocked" if passes >= state.seats else None,
            last=LastPlay(seat=state.turn, kind="pass"),
        )

    def _stuck(self, state: QwirkleState) -> bool:
        """No tile left (bag or hands) fits anywhere: exchanging could go on for ever."""
        info = movegen.info_of(state)
        if info.empty_board:
            return False
        left: set[Tile] = set(state.bag)
        for hand in state.hands:
            left.update(hand)
        left.discard(HIDDEN)
        return not any(movegen.fits_somewhere(info, tile) for tile in left)

    # ----- the end --------------------------------------------------------------------------
    def outcome(self, state: QwirkleState) -> Outcome | None:
        if state.ended is None:
            return None
        why: Sentence
        if state.ended == "out" and state.last is not None:
            why = Sentence(
                N_("{name} placed their last tile with the bag empty (+6)"),
                name=self.player_word(state, state.last.seat),
            )
        elif state.ended == "blocked":
            why = Sentence(N_("nobody could place a tile and the bag is empty"))
        else:
            why = Sentence(N_("no tile left can be placed anywhere on the board"))
        result = Outcome.by_scores(state.scores, "")
        best = max(state.scores)
        firsts = [s for s, r in enumerate(result.ranks) if r == 1]
        if len(firsts) == 1:
            verdict = Sentence(
                N_("{name} wins with {n} points"), name=self.player_word(state, firsts[0]), n=best
            )
        else:
            # a list of names is written in the language of the moment: the rare shared win
            names = ", ".join(self.player_name(state, s) for s in firsts)
            verdict = Sentence(N_("{names} share first place with {n} points"), names=names, n=best)
        return Outcome(result.ranks, Sentence(N_("{why}; {verdict}"), why=why, verdict=verdict), state.scores)

    def scores(self, state: QwirkleState) -> tuple[int, ...]:
        return state.scores

    def evaluate(self, state: QwirkleState, seat: Seat) -> float:
        others = [s for i, s in enumerate(state.scores) if i != seat]
        return float(state.scores[seat] - max(others, default=0))

    def state_key(self, state: QwirkleState) -> Hashable:
        return state

    # ----- notation -------------------------------------------------------------------------
    def format_move(self, state: QwirkleState, move: Move) -> str:
        return notation.format_move(move)

    def move_group(self, state: QwirkleState, move: Move) -> str:
        """Plays are listed by the tiles they lay (`C1 C2`), whatever the squares, so `moves C1`
        finds every play using that tile; exchanges and the pass have a group each."""
        if isinstance(move, Place):
            return " ".join(tile_text(t) for t in sorted(tile for _r, _c, tile in move.tiles))
        return notation.format_move(move).split()[0]

    def public_move_text(self, state: QwirkleState, move: Move, viewer: Seat | None) -> str:
        """The tiles a player gives back to the bag are seen by that player only."""
        if isinstance(move, Exchange) and viewer != state.turn:
            move = Exchange((HIDDEN,) * len(move.tiles))
        return notation.format_move(move)

    def parse_move(self, state: QwirkleState, text: str) -> Move:
        return notation.parse_move(text, state.hands[state.turn])

    def position_text(self, state: QwirkleState) -> str:
        return position.position_text(state)

    def parse_position(self, text: str, options: Options) -> QwirkleState:
        return position.parse_position(text)

    def describe_last(self, state: QwirkleState) -> str:
        last = state.last
        if last is None:
            return ""
        name = self.player_name(state, last.seat)
        if last.kind == "place":
            parts = "+".join(str(n) for n in last.lines)
            points = ngettext("{n} point", "{n} points", last.score).format(n=last.score)
            text = ngettext(
                "{name} placed {n} tile ({play}) for {points} ({parts}); total {total}.",
                "{name} placed {n} tiles ({play}) for {points} ({parts}); total {total}.",
                len(last.placed),
            ).format(
                name=name,
                n=len(last.placed),
                play=notation.shown_move(Place(last.placed)),
                points=points,
                parts=parts + (f"+{last.end_bonus}" if last.end_bonus else ""),
                total=state.scores[last.seat],
            )
            if last.qwirkles:
                text += " " + _("Qwirkle!")
            return text
        if last.kind == "exchange":
            return ngettext(
                "{name} exchanged {n} tile.", "{name} exchanged {n} tiles.", len(last.exchanged)
            ).format(name=name, n=len(last.exchanged))
        return _("{name} could not place a tile and passed.").format(name=name)

    # ----- hidden information ---------------------------------------------------------------
    def view(self, state: QwirkleState, seat: Seat | None) -> QwirkleState:
        hands = tuple(hand if s == seat else (HIDDEN,) * len(hand) for s, hand in enumerate(state.hands))
        last = state.last
        if last is not None and last.seat != seat:
            last = replace(last, drawn=(HIDDEN,) * len(last.drawn), exchanged=(HIDDEN,) * len(last.exchanged))
        return replace(state, hands=hands, bag=(HIDDEN,) * len(state.bag), rng=None, last=last)

    def determinize(self, view: QwirkleState, seat: Seat, rng: Random) -> QwirkleState:
        unseen = Counter({tile: COPIES[view.mode] for tile in range(36)})
        unseen.subtract(t for t in view.cells if t != EMPTY)
        unseen.subtract(view.hands[seat])
        pool = list(unseen.elements())
        wanted = len(view.bag) + sum(len(h) for s, h in enumerate(view.hands) if s != seat)
        if len(pool) != wanted or any(n < 0 for n in unseen.values()):
            raise ValueError("this view is not consistent with the tile set of its mode")
        rng.shuffle(pool)
        hands: list[tuple[Tile, ...]] = []
        for s, hand in enumerate(view.hands):
            if s == seat:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(pool[-len(hand) :])) if hand else ())
                del pool[len(pool) - len(hand) :]
        return replace(view, hands=tuple(hands), bag=tuple(pool), rng=Rng.from_seed(rng.getrandbits(64)))


def round_over(state: QwirkleState) -> bool:
    """Whether every player has just had a turn in this round (the moment the brief asks
    "continue or stop?")."""
    return state.ply > 0 and state.ply % state.seats == 0


class _Board:
    """The board with a play's tiles put down, for checking the play."""

    def __init__(self, cells: list[Tile], rows: int, cols: int) -> None:
        self.cells, self.rows, self.cols = cells, rows, cols

    def at(self, r: int, c: int) -> Tile:
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return self.cells[r * self.cols + c]
        return EMPTY

    def run(self, r: int, c: int, along_row: bool) -> list[tuple[int, int]]:
        """The squares of the unbroken line of tiles through (r, c), first to last."""
        dr, dc = (0, 1) if along_row else (1, 0)
        while self.at(r - dr, c - dc) != EMPTY:
            r, c = r - dr, c - dc
        squares = []
        while self.at(r, c) != EMPTY:
            squares.append((r, c))
            r, c = r + dr, c + dc
        return squares

    def touches_old(self, state: QwirkleState, r: int, c: int) -> bool:
        return any(
            0 <= r + dr < state.rows and 0 <= c + dc < state.cols and state.at(r + dr, c + dc) != EMPTY
            for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
        )


def _with(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    out = list(values)
    out[index] = value
    return tuple(out)


def _square_name(r: int, c: int) -> str:
    if 0 <= r < len(LETTERS) and 0 <= c < len(LETTERS):
        return square_text(r, c)
    return _("row {r}, column {c}").format(r=r + 1, c=c + 1)


__all__ = [
    "PASS",
    "Exchange",
    "Move",
    "Pass",
    "Place",
    "PlayScore",
    "QwirkleGame",
    "QwirkleState",
    "round_over",
]
