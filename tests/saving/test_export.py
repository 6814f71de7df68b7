"""Issue 12, item 8: `saves export` never gives a traceback, never leaves half a file, and asks
before overwriting one."""

from __future__ import annotations

import errno
import io
import os
from pathlib import Path

import pytest

from ludoteca import cli
from ludoteca.store import Store

RECORD = '[Game "connect4"]\n[Seed "1"]\n[Players "human, human"]\n\n1. 4\n'


@pytest.fixture
def saved(store: Store) -> int:
    return store.save_game("evening", "connect4", RECORD)


def export(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(["saves", "export", "1", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


class Keyboard(io.StringIO):
    """A terminal where the player types `answer`."""

    def isatty(self) -> bool:
        return True


def test_a_missing_folder_or_a_folder_is_explained(
    saved: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = export(capsys, str(tmp_path / "nowhere" / "game.txt"))
    assert code == 2 and "the folder" in err and "nowhere does not exist" in err
    code, _out, err = export(capsys, str(tmp_path))
    assert code == 2 and "is a folder; give the name of a file in it" in err
    code, _out, err = export(capsys, os.devnull)
    assert code == 2 and "is not an ordinary file" in err


def test_a_full_disk_leaves_the_old_file_and_no_scrap(
    saved: int, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "out").mkdir()
    target = tmp_path / "out" / "game.txt"
    target.write_text("my notes\n")

    def disk_full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", disk_full)
    code, _out, err = export(capsys, str(target), "--force")
    assert code == 2 and "is full; nothing was written" in err
    assert target.read_text() == "my notes\n"
    assert [p.name for p in target.parent.iterdir()] == ["game.txt"]


def test_an_existing_file_is_never_overwritten_without_asking(
    saved: int, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.txt"
    target.write_text("my notes\n")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # a script: nobody to ask
    code, _out, err = export(capsys, str(target))
    assert code == 2 and "already exists; add --force to overwrite it" in err
    assert target.read_text() == "my notes\n"
    monkeypatch.setattr("sys.stdin", Keyboard("n\n"))
    code, out, _err = export(capsys, str(target))
    assert code == 0 and "Overwrite it? [y/N]" in out and "Nothing was written." in out
    assert target.read_text() == "my notes\n"
    monkeypatch.setattr("sys.stdin", Keyboard("y\n"))
    code, out, _err = export(capsys, str(target))
    assert code == 0 and "Written to" in out and target.read_text() == RECORD
    target.write_text("my notes\n")
    code, out, _err = export(capsys, str(target), "--force")
    assert code == 0 and target.read_text() == RECORD


def test_a_new_file_is_written(saved: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "new.txt"
    code, out, _err = export(capsys, str(target))
    assert code == 0 and f"Written to {target}." in out
    assert target.read_text() == RECORD


def test_impossible_file_names_are_explained(
    saved: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = export(capsys, str(tmp_path / ("x" * 300)))
    assert code == 2 and "too long" in err and "nothing was written" in err
    code, _out, err = export(capsys, str(tmp_path / "a\0b"))
    assert code == 2 and "cannot hold a NUL character" in err
