"""The one gate for input files and the one gate for output paths.

Inputs: regular files only, read without ever blocking (a FIFO opened non-blocking, a device or a
directory refused at once) and never more than a cap, so `check /dev/zero` or a watched file
replaced by a FIFO cannot hang the game or eat memory. Outputs (`output_problem`, checked before
hours of simulation or frames run; `write_output` and `append_output` when writing): the folder must
exist and be writable, the name must fit the file system, anything already there must be a regular
file (a device, FIFO or folder is never replaced), and an output is never a file the same run reads.
File names of any bytes are shown with replacement characters (`shown`), never crashing a message.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from game.limits import MAX_FILE_BYTES
from game.storage.atomic import open_output, write_atomic_bytes
from game.text.i18n import t

NAME_MAX = 255
"""Longest file name in bytes where the file system does not say (most do: 255)."""
PATH_MAX = 4096
"""Longest path in bytes where the file system does not say."""


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
    if b"\0" in os.fsencode(path):  # a name read from a file may hold one; os.open would raise ValueError
        raise FileRefused(0, t("files.nul_in_name"), shown(path))
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


def read_text(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> str:
    """The text of a regular UTF-8 file of at most `limit` bytes; FileRefused (an OSError) naming the first bad
    byte otherwise."""
    data = read_regular(path, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileRefused(0, t("gates.not_utf8", offset=exc.start), shown(path)) from None


def shown(path: str | bytes | os.PathLike[str] | os.PathLike[bytes]) -> str:
    """A file name as text any message can hold: bytes that are not UTF-8 and control characters (an escape, a line
    break) become U+FFFD, so a name of any bytes never breaks a message, a terminal or a level's text."""
    raw = os.fsencode(path)
    text = raw.decode("utf-8", "replace")
    return "".join("\ufffd" if (ord(c) < 32 or 0x7F <= ord(c) < 0xA0) else c for c in text)


_REASONS = {
    errno.ENOENT: "os_enoent",
    errno.EACCES: "os_eacces",
    errno.EISDIR: "os_eisdir",
    errno.ENOTDIR: "os_enotdir",
    errno.ENOSPC: "os_enospc",
    errno.EROFS: "os_erofs",
    errno.ENAMETOOLONG: "os_enametoolong",
    errno.EEXIST: "os_eexist",
    errno.ELOOP: "os_eloop",
    errno.EIO: "os_eio",
}
"""The errors a player meets with files, said in the player's language (the system's own text is English)."""


def reason(exc: OSError) -> str:
    """The short reason of an OSError for a message: in the player's language for the common errors, else the
    system's text (strerror), else the error's own words, else its name."""
    key = _REASONS.get(exc.errno or 0)
    return t(f"files.{key}") if key else exc.strerror or str(exc) or type(exc).__name__


def _limit(folder: Path, name: str, default: int) -> int:
    """A file system limit (PC_NAME_MAX, PC_PATH_MAX) of `folder`, or `default` where it cannot be asked."""
    try:
        return os.pathconf(folder, name)
    except (OSError, ValueError, AttributeError):
        return default


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name the same file (an existing one by its inode, else by the resolved path)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def output_problem(path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]] = ()) -> str | None:
    """Why a file cannot be written at `path`, or None: a name the file system refuses (too long), something there
    that is not a regular file (a folder, device, FIFO), a missing or read-only folder, or one of the run's
    `inputs`. Nothing is created or opened."""
    if os.fspath(path) in ("", b""):
        return t("files.out_empty")
    try:
        return _output_problem(Path(path), inputs)
    except OSError as exc:  # a path the system cannot even look at (a component too long, a loop of links)
        return reason(exc)


def _output_problem(target: Path, inputs: Iterable[str | os.PathLike[str]]) -> str | None:
    """output_problem's checks, in order (OSError when the path cannot be looked at)."""
    folder = target.parent if str(target.parent) else Path(".")
    if folder.is_dir():
        longest = _limit(folder, "PC_NAME_MAX", NAME_MAX)
        size = len(os.fsencode(target.name))
        if size > longest:
            return t("gates.name_too_long", size=size, limit=longest)
        full = len(os.fsencode(os.path.abspath(target)))
        deepest = _limit(folder, "PC_PATH_MAX", PATH_MAX)
        if full >= deepest:
            return t("gates.path_too_long", size=full, limit=deepest)
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:  # ENAMETOOLONG, ELOOP, ENOTDIR: the path itself cannot be used
        if exc.errno == errno.ENOTDIR:
            return t("files.out_not_folder", folder=shown(folder))
        return reason(exc)
    if info is not None and stat.S_ISDIR(info.st_mode):
        return t("files.out_directory")
    if info is not None and not stat.S_ISREG(info.st_mode):
        return t("gates.out_not_regular", kind=_kind(info.st_mode))
    if not folder.exists():
        return t("files.out_no_folder", folder=shown(folder))
    if not folder.is_dir():
        return t("files.out_not_folder", folder=shown(folder))
    if not os.access(folder, os.W_OK | os.X_OK):
        return t("files.out_read_only", folder=shown(folder))
    if info is not None and not os.access(target, os.W_OK):
        return t("files.out_read_only", folder=shown(target))
    for source in inputs:
        if same_file(target, source):
            return t("gates.out_is_input", path=shown(source))
    return None


class OutputRefused(OSError):
    """An output that is not written: its `strerror` says why in the player's language."""


def write_output(path: str | os.PathLike[str], data: bytes, durable: bool = True) -> None:
    """Write `data` to `path` atomically after the output gate's checks; OutputRefused or the OSError of the write
    (ENOSPC, EROFS, EACCES) otherwise. Nothing is left behind when it fails."""
    problem = output_problem(path)
    if problem is not None:
        raise OutputRefused(0, problem, shown(path))
    write_atomic_bytes(path, data, durable)


def append_output(path: str | os.PathLike[str]) -> int:
    """A file descriptor appending to `path` (made if missing, with the umask's permissions) after the output
    gate's checks; OutputRefused or the OSError of the open otherwise."""
    problem = output_problem(path)
    if problem is not None:
        raise OutputRefused(0, problem, shown(path))
    return open_output(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o666)
