"""Running the `ludoteca` command as a newcomer does: a real subprocess, a private data folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_ludoteca(
    args: list[str], home: Path, stdin: str = "", timeout: float = 120, **env: str
) -> subprocess.CompletedProcess[str]:
    """`ludoteca ARGS` with `stdin` typed in; `env` adds variables (PYTHONPATH, LUDOTECA_LANG…)."""
    environment = {**os.environ, "LUDOTECA_HOME": str(home), "NO_COLOR": "1", **env}
    return subprocess.run(
        [sys.executable, "-m", "ludoteca", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=environment,
        timeout=timeout,
    )
