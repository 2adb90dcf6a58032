"""The sha256 of a level file's bytes (its fingerprint), without loading OpenSSL at the game's start.

`hashlib` loads OpenSSL's libcrypto when it is imported: about 11 M instructions, 2 % of the
game's start to its first battle frame, for one digest of a few kilobytes. Python's
own sha256 module, which hashlib itself falls back on, gives the same digest at a fraction of
that cost. Its name is private (`_sha256` up to Python 3.11, `_sha2` since 3.12): when neither
is there, hashlib does the work as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_sha256: Callable[[bytes], Any]
try:
    from _sha256 import sha256 as _sha256  # type: ignore[import-not-found,no-redef,unused-ignore]
except ImportError:  # pragma: no cover - Python 3.12+, or a build without the module
    try:
        from _sha2 import sha256 as _sha256  # type: ignore[import-not-found,no-redef,unused-ignore]
    except ImportError:
        from hashlib import sha256 as _sha256


def sha256_hex(data: bytes) -> str:
    """The sha256 of `data` as 64 hex digits (what hashlib.sha256(data).hexdigest() gives)."""
    return str(_sha256(data).hexdigest())
