"""The issue's first "Done when", in the terminal: at a club server (`ludoteca serve`, its own
process), Ann, Bob and Cy sign up with `ludoteca join CLUB --account NAME --sign-up`, Ann and Bob
play a rated Khet game and all three a rated 3-seat Qwirkle (driven by clients), and each sees
their ratings, history and the games' records with `ludoteca club` — in English and in French;
the server killed and started again rates nothing twice; no password or session token is in
its log, its output or its database."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
from pathlib import Path

from tests.accounts.club_players import PASSWORDS, Seat, member, play_out
from tests.accounts.test_club_server import open_table, sit
from tests.cli_runner import run_ludoteca
from tests.net.conftest import serve


def test_members_in_the_terminal(tmp_path: Path) -> None:
    server, port = serve(tmp_path / "club")
    address = f"127.0.0.1:{port}"
    sessions: list[str] = []
    try:
        for name in ("Ann", "Bob", "Cy"):
            password = PASSWORDS[name]
            made = run_ludoteca(
                ["join", address, "--account", name, "--sign-up"],
                tmp_path / name,
                f"{password}\n{password}\n",
            )
            assert made.returncode == 0, made.stderr
            assert f"Account {name} created" in made.stdout and password not in made.stdout
        wrong = run_ludoteca(["join", address, "--account", "Ann"], tmp_path / "Ann", "not-her-password\nn\n")
        assert wrong.returncode != 0 and "wrong name or password" in wrong.stdout + wrong.stderr
        # the server's refusal in the player's language, whatever the server's
        french = run_ludoteca(
            ["join", address, "--account", "Ann", "--lang", "fr"],
            tmp_path / "Ann",
            "pas-le-sien-du-tout\nn\n",
        )
        assert "Mot de passe de Ann" in french.stdout and "nom ou mot de passe incorrect" in french.stdout
        again = run_ludoteca(["join", address, "--account", "ann"], tmp_path / "Ann", PASSWORDS["Ann"] + "\n")
        assert again.returncode == 0 and "Signed in as Ann." in again.stdout, again.stderr

        ann, bob, cy = (member(port, name, new=False) for name in ("Ann", "Bob", "Cy"))
        sessions += [c.session or "" for c in (ann, bob, cy)]
        khet, ann_khet = open_table(ann, "khet", 2)
        play_out([Seat(ann_khet, 1, resign_after=10), Seat(sit(bob, khet), 2, resign_after=10)])
        qwirkle, ann_q = open_table(ann, "qwirkle", 3, mode="short")
        bob_q, cy_q = sit(bob, qwirkle), sit(cy, qwirkle)
        play_out([Seat(ann_q, 3), Seat(bob_q, 4), Seat(cy_q, 5)])
        for client in (ann, bob, cy):
            client.close()

        pages = {}
        for name in ("Ann", "Bob", "Cy"):
            page = run_ludoteca(["club", address, "player", name], tmp_path / "reader")
            assert page.returncode == 0, page.stderr
            pages[name] = page.stdout
            assert "Ratings:" in page.stdout and "Qwirkle: " in page.stdout and "Recent games:" in page.stdout
            assert ("Khet (khet2): " in page.stdout) == (name != "Cy")
            assert "after 1 rated games" in page.stdout
        print(pages["Bob"])
        french = run_ludoteca(["club", address, "player", "Bob", "--lang", "fr"], tmp_path / "reader")
        assert "Classements :" in french.stdout and "Parties récentes :" in french.stdout, french.stdout
        board = run_ludoteca(["club", address, "leaderboard", "qwirkle"], tmp_path / "reader")
        assert board.returncode == 0 and all(f". {n}: " in board.stdout for n in ("Ann", "Bob", "Cy")), (
            board.stdout
        )

        listed = run_ludoteca(["club", address, "games", "Bob"], tmp_path / "reader")
        assert f"table {khet}" in listed.stdout and f"table {qwirkle}" in listed.stdout
        for table in (khet, qwirkle):
            out = tmp_path / f"{table}.txt"
            written = run_ludoteca(
                ["club", address, "games", "Bob", "--table", table, "--out", str(out)], tmp_path / "reader"
            )
            assert written.returncode == 0, written.stderr
            replayed = run_ludoteca(["replay", str(out), "--final"], tmp_path / "reader")
            assert replayed.returncode == 0, replayed.stderr
        # killed outright and started again on the same data: nothing is rated twice
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        server, port = serve(tmp_path / "club")
        address = f"127.0.0.1:{port}"
        for name in ("Ann", "Bob", "Cy"):
            page = run_ludoteca(["club", address, "player", name], tmp_path / "reader")
            assert page.stdout == pages[name]
    finally:
        server.send_signal(signal.SIGINT)
        try:
            _out, err = server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            _out, err = server.communicate()
    secrets = [*PASSWORDS.values(), "not-her-password", "pas-le-sien-du-tout", *sessions]
    places = [err, _out]
    for path in (tmp_path / "club").rglob("*"):
        if path.is_file():
            places.append(path.read_bytes().decode("utf-8", "replace"))
            if path.suffix == ".sqlite3":
                with sqlite3.connect(path) as conn:
                    places.append("\n".join(conn.iterdump()))
    for home in ("Ann", "Bob", "Cy", "reader"):
        for path in (tmp_path / home).rglob("*"):
            if path.is_file():
                places.append(path.read_bytes().decode("utf-8", "replace"))
    found = [s for s in secrets if s and any(s in place for place in places)]
    print(
        f"secrets: {len(secrets)} passwords and session tokens looked for in {len(places)} logs, "
        f"outputs and files, {len(found)} found"
    )
    assert found == []
