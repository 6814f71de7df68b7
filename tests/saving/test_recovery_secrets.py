"""Issue 23, item 8a: a game with hidden information that can be neither saved nor kept in a
recovery file is shown as the players may see it: no seed, and no tiles given back to the bag.
The full record still goes into the recovery file whenever one can be written: it is the one
copy that resumes the game."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.match import Match
from ludoteca.shells import session
from ludoteca.store import Store, StoreError

#: with seed 5, Ann (first to play) holds C1 E0 E2 T1 T2 X2 and Bob R5 E5 L3 X3 X5 X5
SEED = 5
BOBS_EXCHANGE = "x R5 E5 L3 X3 X5 X5"
HIDDEN_EXCHANGE = "x ?? ?? ?? ?? ?? ??"

#: prctl(2) and capabilities(7)
PR_CAPBSET_DROP = 24
CAP_DAC_OVERRIDE = 1
CAP_DAC_READ_SEARCH = 2


def hot_seat_qwirkle() -> Match:
    match = Match(get_game("qwirkle"), {}, (SeatSpec(name="Ann"), SeatSpec(name="Bob")), SEED)
    match.play("ggC1")
    match.play("x all")
    assert match.moves == ["ggC1", BOBS_EXCHANGE]
    return match


def refuse_saves(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise StoreError("the data file cannot be written")

    monkeypatch.setattr(store, "write_save", refused)


def test_a_game_with_secrets_kept_nowhere_is_shown_without_them(
    store: Store, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    refuse_saves(store, monkeypatch)
    (home / "recovery").write_text("a file where the folder should be")
    kept = session.keep_match(store, hot_seat_qwirkle(), None, None, lambda _s: None)
    assert kept.written is None and kept.recovery is None
    assert "[Seed" not in kept.message and BOBS_EXCHANGE not in kept.message
    assert (
        '[Game "qwirkle"]' in kept.message and "1. ggC1" in kept.message and HIDDEN_EXCHANGE in kept.message
    )
    assert "the game cannot be resumed from them" in kept.message
    assert "import it with" not in kept.message  # a copy without its seed would not import


def test_the_recovery_file_of_a_game_with_secrets_holds_its_full_record(
    store: Store, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    refuse_saves(store, monkeypatch)
    kept = session.keep_match(store, hot_seat_qwirkle(), None, None, lambda _s: None)
    assert kept.recovery is not None
    assert "[Seed" not in kept.message and BOBS_EXCHANGE not in kept.message
    text = kept.recovery.read_text()
    assert f'[Seed "{SEED}"]' in text and BOBS_EXCHANGE in text
    monkeypatch.undo()
    written = session.import_record(store, text, "recovered")
    assert session.load_match(store, written.slot.id)[0].moves == ["ggC1", BOBS_EXCHANGE]


def _without_root_override() -> None:
    """In the child, before Python starts: root reads and writes whatever a file's mode says unless
    it lacks CAP_DAC_OVERRIDE; dropped from the bounding set, it is missing from the program run."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def run_as_a_user(args: list[str], home: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`args` run with the folder permissions a user has, even when the tests run as root."""
    as_root = os.geteuid() == 0
    try:
        return subprocess.run(
            args,
            input=stdin,
            capture_output=True,
            text=True,
            env={**os.environ, "LUDOTECA_HOME": str(home), "NO_COLOR": "1"},
            timeout=120,
            preexec_fn=_without_root_override if as_root else None,
        )
    except subprocess.SubprocessError as err:
        pytest.skip(f"cannot give up root's access to every file here: {err}")


def test_input_ending_on_a_read_only_data_folder_prints_no_secret(home: Path) -> None:
    with Store():
        pass  # the data file exists, as it does for anyone who played before
    home.chmod(0o555)
    (home / "ludoteca.sqlite3").chmod(0o444)
    try:
        probe = run_as_a_user([sys.executable, "-c", f"open({str(home / 'probe')!r}, 'x')"], home)
        if probe.returncode == 0:
            pytest.skip("a folder without write permission can still be written here")
        hot_seat = ["play", "qwirkle", "--players", "Ann=human,Bob=human", "--seed", str(SEED)]
        # Enter takes the keyboard, Ann plays, Enter, Bob exchanges, and input ends
        out = run_as_a_user([sys.executable, "-m", "ludoteca", *hot_seat], home, "\nggC1\n\nx all\n")
    finally:
        home.chmod(0o755)
        (home / "ludoteca.sqlite3").chmod(0o644)
    assert out.returncode == 0, out.stderr
    # before this, each player drew their own hand in turn; what matters is what is left on screen
    left = out.stdout.partition("Input ended")[2]
    assert "Could not save the game" in left and "nor keep it in a file" in left, out.stdout
    assert "[Seed" not in left and BOBS_EXCHANGE not in left
    assert "1. ggC1" in left and f"2. {HIDDEN_EXCHANGE}" in left
    assert not (home / "recovery").exists()
