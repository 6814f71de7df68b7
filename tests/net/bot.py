"""A scripted player in its own process: joins a table and plays the computer's level-1 moves
from its seat's view until the game ends, then prints what it saw as one JSON line.

    python -m tests.net.bot 127.0.0.1:PORT --name Ann [--table ID] [--watch] [--drop-after N]
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from ludoteca.ai.base import Budget
from ludoteca.ai.levels import computer_for
from ludoteca.net.client import Client
from ludoteca.net.codec import encode
from ludoteca.net.remote import RemoteMatch


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("address")
    parser.add_argument("--name", default="bot")
    parser.add_argument("--table")
    parser.add_argument("--watch", action="store_true")
    parser.add_argument("--seconds", type=float, default=60)
    args = parser.parse_args(argv)
    client = Client(args.address, args.name)
    client.connect()
    if args.watch:
        client.request("watch", table=args.table)
    else:
        client.request("join", table=args.table)
    match = RemoteMatch(client, RemoteMatch.wait_for_first_state(client))
    player = computer_for(match.game, 1, None).player
    deadline = time.monotonic() + args.seconds
    while not match.over and time.monotonic() < deadline:
        if match.seat is not None and match.to_move() == match.seat:
            move = player.choose(match.game, match.state, match.seat, Budget(1.0), None)
            match.play(match.game.format_move(match.state, move))
        else:
            match.wait(0.2)
    outcome = match.outcome
    print(
        json.dumps(
            {
                "seat": match.seat,
                "moves": match.moves,
                "ranks": list(outcome.ranks) if outcome else None,
                "view": encode(match.state),
            }
        )
    )
    match.leave()
    return 0 if outcome is not None else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
