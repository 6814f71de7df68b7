"""`ludoteca solve othello --position "<64 squares> X"`: the exact result of an Othello position.

Prints the final disc difference for the side to move under perfect play (empty squares left by
an early end count for the winner, as in published endgame suites) and every best move.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from ludoteca.core.declaration import CommandContext
from ludoteca.core.errors import NotationError
from ludoteca.games.othello import GAME
from ludoteca.games.othello.bitboard import square_name
from ludoteca.games.othello.endgame import EndgameSolver, SolveTimeout, usable_threads
from ludoteca.games.othello.game import make_state, parse_position_text
from ludoteca.games.othello.players import LEVEL_SETTINGS
from ludoteca.games.othello.search import final_score
from ludoteca.i18n import _


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ludoteca solve othello",
        description=_("Solve an Othello position exactly (perfect play from both sides)."),
    )
    parser.add_argument(
        "--position",
        required=True,
        help=_('64 squares a1…h1, a2…h2, …, h8 (X, O or -), a space, the side to move: "… X"'),
    )
    parser.add_argument(
        "--first", action="store_true", help=_("stop at the first best move instead of listing them all")
    )
    parser.add_argument("--seconds", type=float, default=None, help=_("give up after this many seconds"))
    return parser


def main(argv: Sequence[str], context: CommandContext) -> int:
    args = _parser().parse_args(list(argv))
    try:
        black, white, side = parse_position_text(args.position)
    except NotationError as err:
        print(_("error: {problem}").format(problem=err), file=sys.stderr)
        return 2
    state = make_state(black, white, side)
    p, o = state.sides
    name = GAME.seat_name(state, side)
    empties = state.empties
    print(_("{name} to move, {n} empty squares.").format(name=name, n=empties))
    if state.over:
        print(_("The game is over: {score:+d} for {name}.").format(score=final_score(p, o), name=name))
        return 0
    deadline = None if args.seconds is None else time.perf_counter() + args.seconds
    # the threads level 5 solves with: the same proof, sooner where there are two processors
    solver = EndgameSolver(deadline, threads=usable_threads(LEVEL_SETTINGS[5].solve_threads))
    started = time.perf_counter()
    try:
        if args.first:
            result = solver.solve(p, o)
            score, best = result.score, [result.move] if result.move is not None else []
        else:
            score, best = solver.best_moves(p, o)
    except SolveTimeout:
        print(_("Not solved within {s:g} s.").format(s=args.seconds), file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - started
    print(
        _("Exact result: {score:+d} for {name} (final disc difference with perfect play).").format(
            score=score, name=name
        )
    )
    if best:
        print(_("Best move(s): {moves}").format(moves=" ".join(square_name(s) for s in best)))
    else:
        print(_("Best move(s): pass (no legal move)"))
    print(_("Solved in {t:.2f} s.").format(t=elapsed))
    return 0
