"""A Khet setup of a player's own opens a table at a club, from the terminal (`ludoteca join CLUB
--open khet --setup NAME`): the setup's board goes with the `open` request, the server checks it
like any position, and the player who joins plays from it (issue 29)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli_runner import run_ludoteca

from .test_cli_net import finish, start
from .test_shared_setup import DUEL, WIN


def test_a_players_own_setup_opens_a_club_table_that_the_joiner_plays_from(tmp_path: Path) -> None:
    ann_home = tmp_path / "ann"
    setup_file = tmp_path / "duel.txt"
    setup_file.write_text(DUEL + "\n")
    made = run_ludoteca(["setups", "khet", "create", "Duel", "--from", str(setup_file)], ann_home)
    assert made.returncode == 0, made.stderr
    club = start(["serve", "--port", "0"], tmp_path / "club", "")
    try:
        assert club.stdout is not None
        listening = club.stdout.readline()
        found = re.search(r":(\d+)\.", listening)
        assert found is not None, listening
        address = f"127.0.0.1:{found.group(1)}"
        ann = start(
            ["join", address, "--open", "khet", "--setup", "Duel", "--name", "Ann"], ann_home, "c7c8\ni7j8\n"
        )
        assert ann.stdout is not None
        opened = ann.stdout.readline()
        table = re.search(r"--table (\w+)", opened)
        assert table is not None, opened
        bob = run_ludoteca(
            ["join", address, "--table", table.group(1), "--name", "Bob"],
            tmp_path / "bob",
            "g4g5\n",
            timeout=60,
        )
        ann_out, ann_err = finish(ann)
    finally:
        club.kill()
        club.wait(10)
    assert bob.returncode == 0, bob.stderr + ann_err
    for out in (ann_out, bob.stdout):
        # Silver's Pyramid on c7 moved: a move no standard setup allows
        assert "Ann played c7c8" in out and WIN in out, out


def test_an_unknown_setup_is_refused_before_the_club_is_asked(tmp_path: Path) -> None:
    result = run_ludoteca(["join", "127.0.0.1:9", "--open", "khet", "--setup", "Nowhere"], tmp_path)
    assert result.returncode != 0
    assert "Nowhere" in result.stderr and "Traceback" not in result.stderr
