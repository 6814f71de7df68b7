"""Forced wins in a few moves (Khet's mate search), for puzzles: `forced_win` and
`ludoteca solve khet POSITION`.

A forced win within N moves: the side to move has a move such that, whatever the other side
replies, it fells the other Pharaoh by its N-th move at the latest (the other side felling its own
Pharaoh counts too; a shot that fells both is a draw, never a win). The search is the kernel's
(`kernel.forced_win`): every move of the attacker, every reply of the defender, no evaluation and
no pruning that could miss a defence, so "none" is a proof within the bound. Earlier positions of a
game are left out: a draw by repetition needs a position a third time, which so few moves from a
puzzle's position cannot bring.

    ludoteca solve khet "S:X:j1:N S:K:e1 … R:K:f8 turn:S" --moves 3
    ludoteca solve khet --variant horus "…"

The answer names the number of moves, the first move and a main line: the winner's moves against
the most stubborn replies (the ones that put the win off longest).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Final

from ludoteca.core.declaration import CommandContext
from ludoteca.core.errors import NotationError
from ludoteca.games.khet import GAME
from ludoteca.games.khet.moves import Move
from ludoteca.games.khet.notation import format_move
from ludoteca.games.khet.position import COLOUR_NAMES
from ludoteca.games.khet.state import KhetState
from ludoteca.i18n import _

#: the deepest search the command offers (beyond it the search takes minutes)
MOST_MOVES: Final = 3


@dataclass(frozen=True)
class ForcedWin:
    """A forced win for the side to move."""

    #: how many of the winner's moves it takes at the most (1: a shot that wins at once)
    moves: int
    #: the winner's moves and the most stubborn replies, the winning shot last
    line: tuple[Move, ...]


class SearchStopped(Exception):
    """The search was stopped (out of time) before it could answer."""


def _first_move(
    state: KhetState, most: int, stop: Callable[[], bool] | None, core: ModuleType | None
) -> Move | None:
    """The first move of a win within `most` moves from `state`, or None; SearchStopped when
    `stop` said so first."""
    from ludoteca.games.khet import search

    kernel = search.kernel if core is None else core
    with search.lock():
        kernel.load(list(state.board), state.turn, state.horus, [])
        kernel.begin(stop or (lambda: False), 64, search.MATE_SALT, False)
        move = kernel.forced_win(most)
        if kernel.stopped():
            raise SearchStopped
    return None if move < 0 else int(move)


def _shortest(
    state: KhetState, most: int, stop: Callable[[], bool] | None, core: ModuleType | None
) -> tuple[int, Move] | None:
    for moves in range(1, most + 1):
        first = _first_move(state, moves, stop, core)
        if first is not None:
            return moves, first
    return None


def forced_win(
    state: KhetState, most: int = MOST_MOVES, seconds: float | None = None, core: ModuleType | None = None
) -> ForcedWin | None:
    """The shortest forced win for the side to move within `most` of its moves, or None when there
    is none (a proof: every defence was tried). SearchStopped past `seconds` (processor time).
    `core`: the kernel's form to search with (tests try both; by default the compiled one where it
    could be built)."""
    if most < 1 or GAME.to_move(state) is None:
        return None
    stop = None
    if seconds is not None:
        deadline = time.process_time() + seconds

        def stop() -> bool:
            return time.process_time() > deadline

    found = _shortest(state, most, stop, core)
    if found is None:
        return None
    moves, first = found
    winner = state.turn
    line = [first]
    state = GAME.play(state, first)
    left = moves - 1
    while state.end is None and left > 0:
        # the reply that puts the win off longest (a reply felling its own Pharaoh puts off nothing)
        stubborn: tuple[int, Move, KhetState, Move] | None = None
        for reply in GAME.legal_moves(state):
            after = GAME.play(state, reply)
            if after.end is not None:
                if after.end.winner != winner:
                    raise AssertionError("a proved win has a defence")  # the search and the rules disagree
                continue
            answer = _shortest(after, left, stop, core)
            if answer is None:
                raise AssertionError("a proved win has a defence")
            if stubborn is None or answer[0] > stubborn[0]:
                stubborn = (answer[0], reply, after, answer[1])
        if stubborn is None:  # every reply fells its own Pharaoh
            break
        left, reply, after, next_move = stubborn
        line += [reply, next_move]
        state = GAME.play(after, next_move)
        left -= 1
    return ForcedWin(moves, tuple(line))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ludoteca solve khet",
        description=_("Find a forced win in a few moves for the side to move in a Khet position."),
    )
    parser.add_argument(
        "position",
        nargs="+",
        help=_("the position as text, e.g. 'S:K:e1 S:X:j1:N R:K:f8 R:X:a8:S turn:S' (quoted or not)"),
    )
    parser.add_argument(
        "--moves",
        type=int,
        default=MOST_MOVES,
        help=_(
            "look for a win within this many moves of the side to move (1 to {most}; default {most})"
        ).format(most=MOST_MOVES),
    )
    parser.add_argument(
        "--variant", choices=("khet2", "horus"), help=_("the edition (default: from the pieces)")
    )
    parser.add_argument("--seconds", type=float, default=None, help=_("give up after this many seconds"))
    return parser


def main(argv: Sequence[str], context: CommandContext | None = None) -> int:
    args = _parser().parse_args(list(argv))
    if not 1 <= args.moves <= MOST_MOVES:
        print(_("error: --moves takes 1 to {most}").format(most=MOST_MOVES), file=sys.stderr)
        return 2
    text = " ".join(args.position)
    try:
        variant = args.variant or _edition(text)
        state = GAME.parse_position(text, GAME.options({"variant": variant}))
    except (NotationError, ValueError) as err:
        print(_("error: {problem}").format(problem=err), file=sys.stderr)
        return 2
    mover = _(COLOUR_NAMES[state.turn])
    started = time.process_time()
    try:
        found = forced_win(state, args.moves, args.seconds)
    except SearchStopped:
        print(_("Not solved within {s:g} s.").format(s=args.seconds), file=sys.stderr)
        return 1
    elapsed = time.process_time() - started
    if found is None:
        print(
            _("No forced win for {side} within {n} moves.").format(side=mover, n=args.moves)
            if args.moves > 1
            else _("No winning shot for {side}.").format(side=mover)
        )
    else:
        print(
            _("{side} wins in {n}: {move}").format(side=mover, n=found.moves, move=format_move(found.line[0]))
            if found.moves > 1
            else _("{side} wins at once: {move}").format(side=mover, move=format_move(found.line[0]))
        )
        print(_("Main line: {line}").format(line=" ".join(format_move(m) for m in found.line)))
    print(_("Searched in {t:.2f} s.").format(t=elapsed))
    return 0


def _edition(text: str) -> str:
    from ludoteca.games.khet.position import edition_of, parse_tokens

    return edition_of(parse_tokens(text).board) or "khet2"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
