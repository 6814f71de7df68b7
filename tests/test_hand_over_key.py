"""The keyboard is handed over with the space bar, as Qwirkle's brief says (Enter too), on a real
terminal (a pseudo-terminal here); scripts and pipes still answer with a line."""

from __future__ import annotations

import io
import os
import threading
import time

import pytest

from ludoteca.kits.terminal.console import Console, EndOfInput

termios = pytest.importorskip("termios", reason="pseudo-terminals are POSIX only")


def wait_on_a_terminal(keys: bytes) -> tuple[bool, str]:
    """Whether `wait_for_key` returned after `keys` were typed, and what it wrote."""
    leader, follower = os.openpty()
    with os.fdopen(follower, "r", encoding="utf-8", closefd=True) as stdin:
        console = Console(stdin=stdin, stdout=io.StringIO())
        assert console.interactive
        done = threading.Event()
        failure: list[BaseException] = []

        def wait() -> None:
            try:
                console.wait_for_key("Pass the keyboard to Bob, then press Space or Enter. ")
            except BaseException as err:  # reported to the test's thread
                failure.append(err)
            done.set()

        threading.Thread(target=wait, daemon=True).start()
        # type once the terminal reads single keys, as a person at the prompt would
        for _try in range(200):
            if not termios.tcgetattr(follower)[3] & termios.ICANON:
                break
            time.sleep(0.01)
        os.write(leader, keys)
        returned = done.wait(5)
        os.close(leader)
        if failure:
            raise failure[0]
        assert isinstance(console.stdout, io.StringIO)
        return returned, console.stdout.getvalue()


def test_the_space_bar_hands_the_keyboard_over_without_enter() -> None:
    returned, written = wait_on_a_terminal(b" ")
    assert returned and written.startswith("Pass the keyboard to Bob")


def test_other_keys_wait_for_space_or_enter() -> None:
    returned, _written = wait_on_a_terminal(b"xq\r")
    assert returned


def test_ctrl_d_ends_the_input() -> None:
    with pytest.raises(EndOfInput):
        wait_on_a_terminal(b"\x04")


def test_a_pipe_answers_with_a_line() -> None:
    console = Console(stdin=io.StringIO("\n"), stdout=io.StringIO())
    console.wait_for_key("Pass the keyboard to Bob, then press Space or Enter. ")
    with pytest.raises(EndOfInput):
        console.wait_for_key("again ")
