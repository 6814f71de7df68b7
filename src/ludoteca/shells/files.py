"""Writing a file the player named (an exported record) without ever leaving half of one, and
reading a record file the player names (bounded, so a device or a huge file is refused).

The text goes into a temporary file beside the target, is flushed to the disk, and only then
takes the target's name: a full disk, a missing permission or a crash leaves the old file (if
any) exactly as it was, and no temporary file behind.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from ludoteca.core.errors import LudotecaError
from ludoteca.core.record import MAX_RECORD_BYTES
from ludoteca.i18n import _, os_reason


class FileRefused(LudotecaError):
    """The file cannot be written where the player asked; the sentence says why and what to do."""


class FileExists(FileRefused):
    """The file is there already and overwriting it was not allowed."""


class FileUnreadable(LudotecaError):
    """The file the player named cannot be read as a game record; the sentence says why."""


def read_record_text(path: str | Path) -> str:
    """A record file's text; at most MAX_RECORD_BYTES are read, so a device or a huge file is
    refused instead of filling the memory (`replay /dev/zero`)."""
    try:
        with Path(path).open("rb") as file:
            data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as err:
        raise FileUnreadable(
            _("cannot read {path}: {reason}").format(path=path, reason=os_reason(err))
        ) from None
    if len(data) > MAX_RECORD_BYTES:
        raise FileUnreadable(
            _("{path} is too large to be a game record (more than {size} MiB)").format(
                path=path, size=MAX_RECORD_BYTES >> 20
            )
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileUnreadable(_("{path} is not a text file").format(path=path)) from None


def check_target(path: Path) -> None:
    """Refuse, before anything is written, a target that cannot become a text file."""
    if "\0" in str(path):
        raise FileRefused(_("a file name cannot hold a NUL character; choose another name"))
    try:
        _check_place(path)
    except OSError as err:  # a name too long, a folder we may not look into…
        raise FileRefused(_explain(path, err)) from None


def _check_place(path: Path) -> None:
    if path.is_dir():
        raise FileRefused(
            _("{path} is a folder; give the name of a file in it, for example {example}").format(
                path=path, example=path / "game.txt"
            )
        )
    folder = path.parent
    if not folder.is_dir():
        raise FileRefused(
            _("the folder {folder} does not exist; create it first, or choose another place").format(
                folder=folder
            )
        )
    if path.exists() and not path.is_file():
        raise FileRefused(_("{path} is not an ordinary file; choose another name").format(path=path))


def write_text(path: Path, text: str, *, overwrite: bool = False) -> None:
    """Write `text` to `path` whole or not at all (FileExists if it is there and not `overwrite`)."""
    check_target(path)
    if path.exists() and not overwrite:
        raise FileExists(_("{path} already exists").format(path=path))
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as err:
        raise FileRefused(_explain(path, err)) from None
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError as err:
        Path(temporary).unlink(missing_ok=True)
        raise FileRefused(_explain(path, err)) from None


def _explain(path: Path, err: OSError) -> str:
    if err.errno in (errno.ENOSPC, errno.EDQUOT):
        return _(
            "the disk holding {path} is full; nothing was written. Free some space and try again."
        ).format(path=path)
    if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return _("cannot write in {folder} ({reason}); nothing was written.").format(
            folder=path.parent, reason=os_reason(err)
        )
    return _("cannot write {path} ({reason}); nothing was written.").format(path=path, reason=os_reason(err))
