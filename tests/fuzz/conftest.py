"""The fuzz suite's profiles and its table of attacks.

CI runs the short profile (a few minutes in all); `LUDOTECA_FUZZ=long python -m pytest tests/fuzz`
runs each attack many times more. After a run that reached the fuzz tests, pytest prints the table
the issue asks for: attacks tried, crashes, wrong states, data lost.
"""

from __future__ import annotations

from typing import Any

from tests.fuzz.support import LONG, TALLY


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not TALLY:
        return
    write = terminalreporter.write_line
    write("")
    write(f"fuzz attacks ({'long' if LONG else 'CI'} profile)")
    write(f"{'attack':<50}{'tried':>8}{'crashes':>9}{'wrong state':>13}{'data lost':>11}")
    total = [0, 0, 0, 0]
    for name in sorted(TALLY):
        row = TALLY[name]
        figures = (row.tried, row.crashes, row.wrong_state, row.data_lost)
        total = [a + b for a, b in zip(total, figures, strict=True)]
        write(f"{name:<50}{figures[0]:>8}{figures[1]:>9}{figures[2]:>13}{figures[3]:>11}")
    write(f"{'all':<50}{total[0]:>8}{total[1]:>9}{total[2]:>13}{total[3]:>11}")
