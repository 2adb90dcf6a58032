"""Reading input files safely and checking output paths before the work starts.

Inputs: regular files only, read without ever blocking (a FIFO opened non-blocking, a device or a
directory refused at once) and never more than a cap, so `check /dev/zero` or a watched file
replaced by a FIFO cannot hang the game or eat memory. Outputs: the folder must exist and be
writable and the path must not be a directory, checked before hours of simulation or frames run.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from game.i18n import t
from game.limits import MAX_FILE_BYTES


class FileRefused(OSError):
    """An input file that is not read: its `strerror` says why in the player's language."""


def _kind(mode: int) -> str:
    """The kind of a non-regular file, for messages."""
    if stat.S_ISDIR(mode):
        return t("files.kind_directory")
    if stat.S_ISFIFO(mode):
        return t("files.kind_fifo")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return t("files.kind_device")
    if stat.S_ISSOCK(mode):
        return t("files.kind_socket")
    return t("files.kind_other")


def read_regular(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; FileRefused (an OSError) otherwise."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)  # non-blocking: opening a FIFO with no writer returns at once
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(0, t("files.not_regular", kind=_kind(info.st_mode)), str(path))
        if info.st_size > limit:
            raise FileRefused(0, t("files.too_big", size=info.st_size, limit=limit), str(path))
        chunks: list[bytes] = []
        total = 0
        while True:  # the file may grow while it is read: stop at the cap whatever fstat said
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileRefused(0, t("files.too_big", size=total, limit=limit), str(path))
        return b"".join(chunks)
    finally:
        os.close(fd)


def reason(exc: OSError) -> str:
    """The short reason of an OSError for a message (strerror, else the error's name)."""
    return exc.strerror or type(exc).__name__


def output_problem(path: str | os.PathLike[str]) -> str | None:
    """Why a file cannot be written at `path` (a directory, a missing or read-only folder), or None."""
    target = Path(path)
    if str(path) == "":
        return t("files.out_empty")
    if target.is_dir():
        return t("files.out_directory")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.exists():
        return t("files.out_no_folder", folder=str(folder))
    if not folder.is_dir():
        return t("files.out_not_folder", folder=str(folder))
    if not os.access(folder, os.W_OK | os.X_OK):
        return t("files.out_read_only", folder=str(folder))
    if target.exists() and not os.access(target, os.W_OK):
        return t("files.out_read_only", folder=str(target))
    return None
