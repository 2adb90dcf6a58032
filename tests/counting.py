"""Counting the calls of one object's method in a test: a recorder put in front of it, no counter in the class.

`calls = counted(obj, "_paint")` puts a wrapper on that one instance (its class and every other
instance keep the plain method); `len(calls)` is how often the method ran since, each entry the
arguments it was given.
"""

from __future__ import annotations

from typing import Any


def counted(obj: object, name: str) -> list[tuple[Any, ...]]:
    """The list every later call of `obj.name(...)` appends its positional arguments to."""
    plain = getattr(obj, name)
    calls: list[tuple[Any, ...]] = []

    def recorded(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return plain(*args, **kwargs)

    setattr(obj, name, recorded)
    return calls
