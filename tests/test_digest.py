"""game/storage/digest.py: the level fingerprint's sha256 is hashlib's, whichever module computes it."""

from __future__ import annotations

import hashlib

from hypothesis import given
from hypothesis import strategies as st

from game.levels.level import load_level
from game.storage.digest import sha256_hex


@given(st.binary(max_size=5000))
def test_the_digest_is_hashlibs(data: bytes) -> None:
    assert sha256_hex(data) == hashlib.sha256(data).hexdigest()


def test_a_level_fingerprint_is_the_sha256_of_its_file() -> None:
    path = "levels/pf1_bridge.toml"
    with open(path, "rb") as handle:
        assert load_level(path).fingerprint == hashlib.sha256(handle.read()).hexdigest()
