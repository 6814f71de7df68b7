"""A tiny Othello engine speaking GTP on its standard input and output, for the anchor bench's
tests: a real process, run the way `ludoteca bench othello --vs PATH` runs any engine.

`python gtp_engine.py MODE`, MODE one of:
* legal: answers `genmove` with the first of its legal moves (Ludoteca's rules), after spending
  about 20 ms of processor time;
* illegal: answers `genmove` with a square that is empty but not a legal move;
* dies: exits (code 3, a line on standard error) when first asked for a move;
* silent: never answers `genmove`;
* noisy: as legal, with log lines on standard output before each answer and a `?` answer to
  `time_settings`.
"""

from __future__ import annotations

import sys
import time

from ludoteca.games.othello import GAME
from ludoteca.games.othello.game import BLACK, PASS, parse_square_or_pass


def main(mode: str) -> int:
    state = GAME.start({}, 0, 2)

    def answer(text: str = "", ok: bool = True) -> None:
        sys.stdout.write(("= " if ok else "? ") + text + "\n\n")
        sys.stdout.flush()

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command, arguments = words[0], words[1:]
        if command == "quit":
            answer()
            return 0
        if command == "name":
            answer(f"test engine ({mode})")
        elif command == "version":
            answer("1")
        elif command == "protocol_version":
            answer("2")
        elif command == "time_settings" and mode == "noisy":
            answer("not understood", ok=False)
        elif command in ("boardsize", "komi", "time_settings"):
            answer()
        elif command == "clear_board":
            state = GAME.start({}, 0, 2)
            answer()
        elif command == "play":
            move = parse_square_or_pass(arguments[1])
            if move not in GAME.legal_moves(state):
                answer("illegal move", ok=False)
                continue
            state = GAME.play(state, move)
            answer()
        elif command == "genmove":
            seat = BLACK if arguments[0].lower().startswith("b") else 1 - BLACK
            assert seat == state.side, "asked to move for the side not to move"
            legal = GAME.legal_moves(state)
            if mode == "dies":
                sys.stderr.write("dying on purpose\n")
                sys.stderr.flush()
                return 3
            if mode == "silent":
                time.sleep(3600)
            if mode == "illegal":
                taken = state.black | state.white
                square = next(s for s in range(64) if not taken >> s & 1 and s not in legal)
                answer(GAME.format_move(state, square))
                continue
            started = time.process_time()
            while time.process_time() - started < 0.02:
                pass
            move = legal[0]
            if mode == "noisy":
                sys.stdout.write("thinking hard\nstill thinking\n")
            text = "pass" if move == PASS else GAME.format_move(state, move)
            state = GAME.play(state, move)
            answer(text)
        else:
            answer("unknown command", ok=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
