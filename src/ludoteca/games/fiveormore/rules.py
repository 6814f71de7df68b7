"""The rules of Five or More as pure functions on `FiveState` (the `Game` class wraps them)."""

from __future__ import annotations

from dataclasses import replace

from ludoteca.core.errors import IllegalMove
from ludoteca.core.rng import Rng
from ludoteca.games.fiveormore.board import (
    EMPTY,
    empty_cells,
    empty_regions,
    find_path,
    geometry,
    lines_through,
    points_for,
    region_borders,
)
from ludoteca.games.fiveormore.config import Config
from ludoteca.games.fiveormore.notation import cell_name
from ludoteca.games.fiveormore.state import (
    Effects,
    FiveMove,
    FiveState,
    Move,
    Recolour,
    Removal,
    Spawned,
)
from ludoteca.i18n import _


def draw_preview(config: Config, rng: Rng) -> tuple[tuple[int, ...], Rng]:
    colours: list[int] = []
    for _i in range(config.spawn):
        value, rng = rng.randbelow(config.colours)
        colours.append(value + 1)
    return tuple(colours), rng


def start(config: Config, seed: int) -> FiveState:
    """An empty board, then one spawn; the preview shows the spawn after it."""
    preview, rng = draw_preview(config, Rng.from_seed(seed))
    board = [EMPTY] * (config.cols * config.rows)
    spawned, points, rng = _spawn(config, board, preview, rng)
    preview, rng = draw_preview(config, rng)
    effects = Effects(None, spawned=spawned, points=points)
    return FiveState(config, tuple(board), preview, points, rng, 0, effects)


def remove_lines(config: Config, board: list[int], cell: int) -> Removal | None:
    """Take off every line of five or more through `cell`, if any, and say what went."""
    line = lines_through(board, geometry(config.cols, config.rows), cell)
    if not line:
        return None
    colour = board[cell]
    for gone in line:
        board[gone] = EMPTY
    return Removal(tuple(sorted(line)), colour, points_for(len(line)))


def _spawn(
    config: Config, board: list[int], colours: tuple[int, ...], rng: Rng
) -> tuple[tuple[Spawned, ...], int, Rng]:
    """Drop the balls one at a time on cells empty at that moment; a ball that completes a line
    removes it at once. Stops early when the board is full."""
    spawned: list[Spawned] = []
    points = 0
    for colour in colours:
        free = empty_cells(board)
        if not free:
            break
        index, rng = rng.randbelow(len(free))
        cell = free[index]
        board[cell] = colour
        removal = remove_lines(config, board, cell)
        if removal is not None:
            points += removal.points
        spawned.append(Spawned(cell, colour, removal))
    return tuple(spawned), points, rng


def legal_moves(state: FiveState) -> list[FiveMove]:
    config, board = state.config, state.board
    if state.over:
        return []
    if config.recolour:
        return [
            Recolour(cell, colour)
            for cell, current in enumerate(board)
            if current != EMPTY
            for colour in range(1, config.colours + 1)
            if colour != current
        ]
    geo = geometry(config.cols, config.rows)
    moves: list[FiveMove] = []
    for region in empty_regions(board, geo):
        for source in region_borders(board, geo, region):
            moves.extend(Move(source, target) for target in region)
    moves.sort(key=lambda m: (m.source, m.target) if isinstance(m, Move) else (m.cell, m.colour))
    return moves


def _check_cell(config: Config, cell: int) -> None:
    if not 0 <= cell < config.cols * config.rows:
        raise IllegalMove(_("cell number {cell} is not on the board").format(cell=cell))


def play(state: FiveState, move: FiveMove) -> FiveState:
    config = state.config
    if state.over:
        raise IllegalMove(_("the game is over: the board is full"))
    board = list(state.board)
    path: tuple[int, ...] = ()
    old_colour: int | None = None
    if config.recolour:
        if not isinstance(move, Recolour):
            raise IllegalMove(_("in the recolour variant balls do not move: change a colour, e.g. c3=2"))
        _check_cell(config, move.cell)
        name = cell_name(config, move.cell)
        old_colour = board[move.cell]
        if old_colour == EMPTY:
            raise IllegalMove(_("there is no ball on {cell}").format(cell=name))
        if not 1 <= move.colour <= config.colours:
            raise IllegalMove(
                _("there is no colour {colour}: the colours are 1 to {n}").format(
                    colour=move.colour, n=config.colours
                )
            )
        if move.colour == old_colour:
            raise IllegalMove(
                _("the ball on {cell} is already colour {colour}").format(cell=name, colour=old_colour)
            )
        board[move.cell] = move.colour
        anchor = move.cell
    else:
        if not isinstance(move, Move):
            raise IllegalMove(_("in the classic game you move a ball along a free path, e.g. c3-f7"))
        _check_cell(config, move.source)
        _check_cell(config, move.target)
        source, target = cell_name(config, move.source), cell_name(config, move.target)
        if board[move.source] == EMPTY:
            raise IllegalMove(_("there is no ball on {cell}").format(cell=source))
        if board[move.target] != EMPTY:
            raise IllegalMove(_("cell {cell} is not empty").format(cell=target))
        found = find_path(board, geometry(config.cols, config.rows), move.source, move.target)
        if found is None:
            raise IllegalMove(
                _("no free path from {source} to {target}").format(source=source, target=target)
            )
        path = found
        board[move.target], board[move.source] = board[move.source], EMPTY
        anchor = move.target
    removal = remove_lines(config, board, anchor)
    points = removal.points if removal is not None else 0
    rng = state.rng
    preview = state.preview
    spawned: tuple[Spawned, ...] = ()
    # A removal earns another move without a spawn, unless it emptied the board: then there would
    # be nothing left to play, so the spawn comes at once.
    if removal is None or all(value == EMPTY for value in board):
        if rng is None:
            raise ValueError("this state is a player's view without the RNG: determinize it before playing")
        spawned, spawn_points, rng = _spawn(config, board, preview, rng)
        points += spawn_points
        preview, rng = draw_preview(config, rng)
    effects = Effects(move, path, old_colour, removal, spawned, points)
    return replace(
        state,
        board=tuple(board),
        preview=preview,
        score=state.score + points,
        rng=rng,
        turn=state.turn + 1,
        last=effects,
    )
