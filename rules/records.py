"""A quicker constructor for the rules' frozen slotted records: the generated `__init__`, filling the slots directly.

A frozen dataclass's generated `__init__` stores each field through `object.__setattr__`
(its own `__setattr__` refuses), a generic attribute lookup per field; the rules and the
match make thousands of effects, rulings, events and log lines a game. `quick_init` gives
such a class an `__init__` with the same parameters, defaults and default factories that
calls each slot's own setter instead, about two and a half times sooner; the object is the
same (tests/test_records.py compares every field and the signature with dataclasses' own).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import CodeType, MemberDescriptorType
from typing import Any, TypeVar

T = TypeVar("T", bound=type)


class _Factory:
    """The default of a parameter whose field has a default factory (as dataclasses marks it)."""

    def __repr__(self) -> str:
        return "<factory>"


FACTORY = _Factory()


def compile_init(text: str, filename: str) -> CodeType:
    """The code of one quick `__init__` text (what `quick_init` runs), compiled now."""
    return compile(text, filename, "exec")


compiler: list[Callable[[str, str], CodeType]] = [compile_init]
"""How `quick_init` gets its code: the game puts a cache of code compiled on earlier starts in front of
`compile_init` (game/dataclass_cache.py; the rules themselves never read or write files)."""


def quick_init(cls: T) -> T:
    """Give a frozen slotted dataclass whose `__init__` only stores its fields the quicker `__init__` (a decorator)."""
    fields = dataclasses.fields(cls)
    params = getattr(cls, "__dataclass_params__", None)
    slots = [cls.__dict__.get(f.name) for f in fields]
    if (
        params is None
        or not params.frozen
        or not params.init
        or hasattr(cls, "__post_init__")
        or len(fields) != len(cls.__dataclass_fields__)  # type: ignore[attr-defined]
        or any(not f.init or f.kw_only for f in fields)
        or not all(isinstance(slot, MemberDescriptorType) for slot in slots)
    ):
        raise TypeError(f"{cls.__name__}: quick_init needs a frozen slotted dataclass that only stores its fields")
    names: dict[str, Any] = {"_FACTORY": FACTORY}
    args, body = [], []
    for i, (f, slot) in enumerate(zip(fields, slots, strict=True)):
        names[f"_set{i}"] = slot.__set__  # type: ignore[union-attr]
        if f.default is not dataclasses.MISSING:
            names[f"_default{i}"] = f.default
            args.append(f"{f.name}=_default{i}")
        elif f.default_factory is not dataclasses.MISSING:
            names[f"_factory{i}"] = f.default_factory
            args.append(f"{f.name}=_FACTORY")
            body.append(f"    if {f.name} is _FACTORY:\n        {f.name} = _factory{i}()")
        else:
            args.append(f.name)
        body.append(f"    _set{i}(self, {f.name})")
    text = f"def __init__(self, {', '.join(args)}):\n" + "\n".join(body or ["    pass"]) + "\n"
    exec(compiler[0](text, f"<quick_init {cls.__qualname__}>"), names)
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = {**{f.name: f.type for f in fields}, "return": None}
    cls.__init__ = init  # type: ignore[misc]
    return cls
