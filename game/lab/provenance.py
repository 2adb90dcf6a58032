"""Where a game result came from: level, level fingerprint, Gridbound version, variant and max rounds.

Every JSONL row of `simulate --out` and `sweep --out` carries these, so rows of two runs can be
resumed, compared or merged only when they were played by the same version on the same level file.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any

from game import __version__
from game.files import read_regular, read_text, shown
from game.lab.simulate import GameResult
from game.limits import MAX_RESULTS_BYTES
from game.text.i18n import t

GAME_VERSION = __version__
"""The Gridbound version that plays the games."""
_RESULT_FIELDS = {f.name for f in fields(GameResult)}


class ProvenanceError(ValueError):
    """Rows that cannot be used together: another version, another level file, a broken line."""


def file_fingerprint(path: str | os.PathLike[str]) -> str:
    """sha256 (hex) of the level file's bytes, as `Level.fingerprint` of the file as written."""
    return hashlib.sha256(read_regular(path)).hexdigest()


def row(level: str, fingerprint: str, variant: str, sets: Sequence[str], max_rounds: int, result: GameResult) -> dict:
    """One JSONL line: the provenance first, then the game."""
    return {
        "level": level,
        "level_fingerprint": fingerprint,
        "version": GAME_VERSION,
        "variant": variant,
        "set": list(sets),
        "max_rounds": max_rounds,
        **result.to_json(),
    }


def read_rows(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Every row of a JSONL file (a missing file has none); a line that is no result row is refused."""
    try:
        lines = read_text(path, MAX_RESULTS_BYTES).splitlines()
    except FileNotFoundError:
        return []
    except OSError as exc:  # a FIFO, a device, a file over the cap or not UTF-8
        raise ProvenanceError(f"{shown(path)}: {exc.strerror or exc}") from None
    rows = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines):  # the last line of a run killed while writing it: that game is replayed
                continue
            raise ProvenanceError(f"{path}:{number}: " + t("provenance.not_json")) from None
        if not isinstance(data, dict) or not {"version", "level_fingerprint", "set", "index", "seed"} <= set(data):
            raise ProvenanceError(f"{path}:{number}: " + t("provenance.no_provenance"))
        data["_where"] = f"{path}:{number}"
        rows.append(data)
    return rows


def drop_partial_line(path: str | os.PathLike[str]) -> None:
    """Cut a last line left half-written by a killed run, so the games appended next start on a line of their own."""
    try:
        with open(path, "rb+") as handle:
            data = handle.read()
            if data and not data.endswith(b"\n"):
                handle.truncate(data.rfind(b"\n") + 1)
    except FileNotFoundError:
        pass


def check_rows(rows: Sequence[dict[str, Any]], fingerprints: dict[str, str]) -> None:
    """Refuse rows of another Gridbound version, or of a level file (matched by name) whose fingerprint changed."""
    by_name = {Path(level).name: fingerprint for level, fingerprint in fingerprints.items()}
    for data in rows:
        if data["version"] != GAME_VERSION:
            raise ProvenanceError(
                f"{data['_where']}: version: " + t("provenance.version", theirs=data["version"], ours=GAME_VERSION)
            )
        expected = by_name.get(Path(str(data.get("level"))).name)
        if expected is not None and data["level_fingerprint"] != expected:
            raise ProvenanceError(
                f"{data['_where']}: level_fingerprint: "
                + t("provenance.fingerprint", level=data["level"], theirs=data["level_fingerprint"][:12])
            )


def games_from_rows(
    rows: Sequence[dict[str, Any]], fingerprint: str, sets: Sequence[str], seeds: dict[int, int], max_rounds: int
) -> dict[int, GameResult]:
    """The games of these rows played on this level file (by fingerprint), variant, seeds and max rounds."""
    found: dict[int, GameResult] = {}
    for data in rows:
        index = data["index"]
        if (
            data["level_fingerprint"] == fingerprint
            and list(data["set"]) == list(sets)
            and data.get("max_rounds") == max_rounds
            and seeds.get(index) == data["seed"]
        ):
            found[index] = GameResult(**{k: v for k, v in data.items() if k in _RESULT_FIELDS})
    return found
