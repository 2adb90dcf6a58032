"""Fields the commands' JSON shares (`run`, `measure`, `advise`): kept in one place, importing nothing heavy."""

from __future__ import annotations

from typing import Any


def reason_json(result: Any) -> dict[str, Any]:
    """The fields a refusal (an Illegal) adds to its JSON error: the catalogue reason and its values (ids)."""
    shown = {k: list(v) if isinstance(v, tuple) else v for k, v in result.params}
    return {"reason": result.reason, "values": shown} if result.reason else {}
