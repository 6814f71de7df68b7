"""The sample nginx configuration of docs/scaling.md (docs/deploy/nginx.conf), run by a real nginx
in front of three `ludoteca serve --store postgresql://…` processes: the web client's page comes
through it, two players connected through it play a game, and when the process running their
table is killed they reconnect through nginx to a live one and finish the game (issue 26).

Only the addresses are changed: the sample's upstream servers and port become free ports of
127.0.0.1. nginx comes from Debian's package (`.ci/run` installs it); without it the test skips,
unless LUDOTECA_REQUIRE_NGINX=1 (set by `.ci/run`): then it fails."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludoteca.core.record import Record
from tests.net.fleet_servers import Servers, stop_gently
from tests.net.test_club_processes import at_table, connected
from tests.net.test_robustness import until
from tests.net.test_serve_processes import owner_pid, play_on
from tests.pg_server import free_port, postgres_url

__all__ = ["postgres_url"]  # a fixture

psycopg = pytest.importorskip("psycopg", reason="pip install 'ludoteca[club]'; .ci/run installs it")

SAMPLE = Path(__file__).parents[2] / "docs" / "deploy" / "nginx.conf"
REQUIRED = "LUDOTECA_REQUIRE_NGINX"


def nginx_program() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if found is None:
        reason = "nginx is not installed (Debian: apt-get install nginx; .ci/run installs it)"
        if os.environ.get(REQUIRED) == "1":
            pytest.fail(f"{reason} ({REQUIRED}=1: this test must run)", pytrace=False)
        pytest.skip(reason)
    return found


def local_sample(ports: list[int], listen: int) -> str:
    """The sample with its servers on `ports` of 127.0.0.1 and listening on `listen`."""
    text = SAMPLE.read_text()
    names = re.findall(r"server (server\d):7373", text)
    assert len(names) == len(ports), "the sample names three upstream servers"
    for name, port in zip(names, ports, strict=True):
        text = text.replace(f"server {name}:7373", f"server 127.0.0.1:{port}")
    assert "listen 7373;" in text
    return text.replace("listen 7373;", f"listen 127.0.0.1:{listen};")


class Nginx:
    def __init__(self, folder: Path, site: str, port: int) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "site.conf").write_text(site)
        user = "user root;\n" if os.geteuid() == 0 else ""
        temporary = "".join(
            f"    {kind}_temp_path {folder / kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (folder / "nginx.conf").write_text(
            f"{user}worker_processes 1;\npid {folder / 'nginx.pid'};\n"
            f"error_log {folder / 'error.log'} warn;\n"
            "events { worker_connections 256; }\n"
            f"http {{\n    access_log off;\n{temporary}    include {folder / 'site.conf'};\n}}\n"
        )
        self.port = port
        self.process = subprocess.Popen(
            [nginx_program(), "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
                    self.page = answer.read().decode()
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    log = (folder / "error.log").read_text() if (folder / "error.log").exists() else ""
                    pytest.fail(f"nginx did not start with the sample configuration: {log}")
                time.sleep(0.2)

    def stop(self) -> None:
        stop_gently(self.process, signal.SIGQUIT, 10)  # nginx's graceful stop


@pytest.fixture
def servers(postgres_url: str, tmp_path: Path) -> Iterator[Servers]:
    running = Servers(postgres_url, tmp_path)
    yield running
    running.stop()


def test_the_sample_nginx_configuration_carries_a_club_through_a_killed_process(
    servers: Servers, tmp_path: Path
) -> None:
    nginx_program()
    club = [servers.start() for _n in range(3)]
    listen = free_port()
    proxy = Nginx(tmp_path / "nginx", local_sample([s.port for s in club], listen), listen)
    try:
        assert "<html" in proxy.page.lower()  # the web client's page, through the proxy
        ann = at_table(connected(proxy.port, "Ann"), "open", game="connect4", seats=["remote", "remote"])
        bob = at_table(connected(proxy.port, "Bob"), "join", table=ann.table)
        until(ann, lambda: ann.playing)
        acknowledged: list[str] = []
        moves = iter([(ann, "1"), (bob, "2")] * 3 + [(ann, "1")])
        for player, move in [next(moves) for _n in range(3)]:
            player.play(move)
            acknowledged.append(move)
            for other in (ann, bob):
                until(other, lambda other=other: other.moves == acknowledged)
        running = owner_pid(servers.url, ann.table)
        next(s for s in club if s.pid == running).kill()
        for player, move in moves:
            play_on(player, move, acknowledged)
        for player in (ann, bob):
            until(player, lambda player=player: player.over, 30)
            player.close()
        with psycopg.connect(servers.url) as conn:
            (record,) = conn.execute(
                "SELECT record FROM ludoteca_tables WHERE id = %s", (ann.table,)
            ).fetchone()
        assert Record.loads(record).moves == acknowledged
    finally:
        proxy.stop()
