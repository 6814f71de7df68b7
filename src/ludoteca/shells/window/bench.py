"""`ludoteca bench gui`: how long the window takes to draw a frame of the board screen while the
computer thinks in its thread (target: median ≤ 16 ms, i.e. 60 frames per second).

Headless (SDL's dummy video driver), so the figures cover our drawing and pygame_gui's, not the
graphics driver's presentation of the frame.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

CASES: dict[str, tuple[str, dict[str, Any], str | tuple[str, ...] | int]] = {
    # key: (game, options, moves played before the computer starts thinking: a string of
    # one-word moves, or a tuple for moves written with spaces)
    # (named apart from the game keys, which `ludoteca bench` would take for games to benchmark)
    "c4-classic": ("connect4", {}, "4"),
    "c4-cascade": ("connect4", {"variant": "cascade"}, "4 4 3"),
    "othello-8x8": ("othello", {}, "f5"),
    "five-9x9": ("fiveormore", {}, ""),
    "turtles-bug": ("turtles", {"bug": True, "three_rounds": True}, ("add F F F",)),
    "turtles-3p": ("turtles", {"bug": True, "three_rounds": True}, ""),
    # nine plays of seed 7 (the tiles of one play joined by commas), then the computer's turn
    "khet-classic": ("khet", {}, "c4b5"),
    "khet-horus": ("khet", {"variant": "horus", "setup": "classic-horus"}, "f1e2"),
    "khet-duel": ("khet", {}, ""),
    "qwirkle-2p": (
        "qwirkle",
        {},
        "gmC1,gnC3 flE5,fmE1,fnE3 elE1,emT1 dmR1,dnT1 goC4,hoR4 inL4,ioT4 fpX0,gpC0 joX4,jpX2 gqC2,hqL2,iqT2",
    ),
    # a long game: this many moves chosen at random (seeded) first, none of them ending it; the
    # move list then holds them all
    "qwirkle-70": ("qwirkle", {}, 70),
}
#: cases played by computers only (this many seats), so that one of them is always thinking while
#: the others' programs run on the board
ALL_COMPUTERS: dict[str, int] = {"turtles-3p": 3, "khet-duel": 2}
#: seconds per move for cases whose moves must come often (a Khet beam animates after each one,
#: while the next computer already thinks); the others think for the whole measurement
THINK: dict[str, float] = {"khet-duel": 0.6}


def _measure(
    case: str, seconds: float, size: tuple[int, int], level: int, thinking: bool = True
) -> dict[str, float]:
    import pygame

    from ludoteca.core.registry import get_game
    from ludoteca.core.seats import SeatSpec
    from ludoteca.match import Match
    from ludoteca.shells.window.app import FPS
    from ludoteca.shells.window.routes import open_app
    from ludoteca.shells.window.screens.play import PlayScreen
    from ludoteca.store import Store

    key, options, moves = CASES[case]
    game = get_game(key)
    computer = SeatSpec("computer", level) if thinking else SeatSpec("human")
    seats = [computer] if game.info.default_seats == 1 else [SeatSpec("human"), computer]
    if case in ALL_COMPUTERS:
        seats = [computer] * ALL_COMPUTERS[case]
    match = Match(game, game.options(options), seats, 7, think=THINK.get(case, seconds + 5))
    if isinstance(moves, int):
        chooser = random.Random(7)
        while match.ply < moves:
            legal = list(game.legal_moves(match.state))
            chooser.shuffle(legal)
            lasting = next((m for m in legal if game.to_move(game.play(match.state, m)) is not None), None)
            if lasting is None:
                break
            match.play(lasting)
    else:
        for text in moves.split() if isinstance(moves, str) else moves:
            match.play(text)
    with tempfile.TemporaryDirectory() as home, Store(Path(home) / "bench.sqlite3") as store:
        app = open_app(store, size, speed=1.0, sound=False, first=lambda a: PlayScreen(a, match))
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        clock = pygame.time.Clock()
        for _warm in range(10):
            app.step()
        app.frame_times.clear()
        intervals: list[float] = []
        #: frames drawn while the computer was thinking (some engines finish early)
        busy: list[float] = []
        #: frames drawn while a move was animating (a Khet beam, a Qwirkle play…)
        animating: list[float] = []
        #: the drawing thread's own processor time per frame (what the frame costs, without the
        #: waits for the thinking thread or for other programs on a busy machine)
        cpu: list[float] = []
        last = time.perf_counter()
        deadline = last + seconds
        thinking_frames = 0
        while time.perf_counter() < deadline:
            was_thinking = screen.thinking()
            was_animating = screen.transition is not None
            # wiggle the pointer over the board so hover marks are drawn too
            x = screen.layout.board.left + (len(intervals) * 7) % max(1, screen.layout.board.width)
            pygame.event.post(
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=(x, screen.layout.board.centery), rel=(0, 0), buttons=(0, 0, 0)
                )
            )
            started = time.thread_time()
            app.step()
            cpu.append(time.thread_time() - started)
            thinking_frames += screen.thinking()
            if was_thinking:
                busy.append(app.frame_times[-1])
            if was_animating:
                animating.append(app.frame_times[-1])
            clock.tick(FPS)
            now = time.perf_counter()
            intervals.append(now - last)
            last = now
        frames = len(app.frame_times)
        work = sorted(busy if thinking and busy else app.frame_times)
        screen.leave()
        pygame.display.quit()
    return {
        "frames": frames,
        "thinking": thinking_frames / max(1, frames),
        "median": statistics.median(work) * 1000,
        "p95": work[int(len(work) * 0.95) - 1] * 1000,
        "max": work[-1] * 1000,
        "interval": statistics.median(intervals) * 1000,
        "animating": len(animating) / max(1, frames),
        "anim_median": statistics.median(animating) * 1000 if animating else float("nan"),
        "cpu": statistics.median(cpu) * 1000,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="ludoteca bench gui", description=__doc__.splitlines()[0] if __doc__ else ""
    )
    parser.add_argument(
        "cases", nargs="*", metavar="CASE", help="which boards: " + ", ".join(CASES) + " (default: all)"
    )
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="how long to measure each case (default 3)"
    )
    parser.add_argument("--level", type=int, default=5, help="the computer's level (default 5)")
    parser.add_argument("--size", default="1280x800", help="window size (default 1280x800)")
    parser.add_argument("--idle", action="store_true", help="also measure each board with nobody thinking")
    args = parser.parse_args([a for a in argv if a != "gui"])
    unknown = [c for c in args.cases if c not in CASES]
    if unknown:
        parser.error(f"unknown case {unknown[0]!r}; the cases are: {', '.join(CASES)}")
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    width, height = (int(v) for v in args.size.lower().split("x"))
    previous = sys.getswitchinterval()
    sys.setswitchinterval(0.001)  # as App.run does
    status = 0
    try:
        print(f"frame time on the board screen, {width}x{height}, computer level {args.level} thinking (ms)")
        print(
            f"{'case':<18}{'frames':>7}{'thinking':>10}{'median':>9}{'p95':>8}{'max':>8}{'interval':>10}"
            f"{'animating':>11}{'median':>8}{'cpu':>7}"
        )
        for case in args.cases or list(CASES):
            for thinking in (True, False) if args.idle else (True,):
                r = _measure(case, args.seconds, (width, height), args.level, thinking)
                name = case if thinking else f"{case} (idle)"
                print(
                    f"{name:<18}{r['frames']:>7.0f}{r['thinking']:>9.0%}{r['median']:>9.1f}{r['p95']:>8.1f}"
                    f"{r['max']:>8.1f}{r['interval']:>10.1f}{r['animating']:>10.0%}{r['anim_median']:>9.1f}{r['cpu']:>7.1f}"
                )
                if thinking and r["median"] > 16.0:
                    status = 1
                if r["anim_median"] > 16.0:  # NaN (nothing animated) compares False
                    status = 1
    finally:
        sys.setswitchinterval(previous)
    print("median/p95/max: time to handle events, update and draw one frame (while the computer")
    print("thinks, only the frames drawn during its search);")
    print("interval: median time from one frame to the next at the 60 fps cap;")
    print("animating: the share of frames drawn while a move animated, and their median;")
    print("cpu: the median processor time the drawing thread itself spent on a frame")
    return status
