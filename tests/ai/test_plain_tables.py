"""The plain forms of the kernels are imported in every program that runs the compiled ones (the
build starts from the module). Their big tables must not be Python containers: the garbage
collector would walk millions of items at each full pass, 80 to 150 ms here with Othello's and
Khet's tables, a pause in the window and at the club's tables alike."""

from __future__ import annotations

import gc
import importlib

import pytest

TABLES = {
    "othello": ("_table_p", "_table_o", "_table_data", "_mid_p", "_mid_o", "_mid_data"),
    "khet": ("_tt_key", "_tt_value", "_tt_move", "_tt_info"),
}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_plain_kernels_big_tables_are_not_walked_by_the_garbage_collector(game: str) -> None:
    kernel = importlib.import_module(f"ludoteca.games.{game}.kernel")
    for name in TABLES[game]:
        table = getattr(kernel, name)
        # what a full pass of the collector visits through the table (its attributes and lists
        # too), each holder's items once
        visited = frontier = gc.get_referents(table)
        for _ in range(2):
            frontier = [
                item
                for holder in frontier
                if isinstance(holder, (dict, list))
                for item in gc.get_referents(holder)
            ]
            visited = visited + frontier
        assert len(visited) < 64, f"{game}'s {name} holds {len(visited)} Python objects"
