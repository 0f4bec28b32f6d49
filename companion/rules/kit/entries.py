"""What a log entry names: its seat and its cards, read from the fields its game says hold them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import EntryRef


def entry_ref(payload: Mapping[str, Any], *, seat: str | None = "seat", cards: tuple[str, ...] = ()) -> EntryRef:
    """The EntryRef of `payload`: its `seat` field (when that is a number) and the codes in
    its `cards` fields, each a code or a list of codes, in order. Fields that are missing or
    hold something else name nothing (an entry in force has passed its engine, so they
    should not occur)."""
    whose = payload.get(seat) if seat else None
    codes: list[str] = []
    for name in cards:
        value = payload.get(name)
        for code in value if isinstance(value, list) else [value]:
            if isinstance(code, str) and code:
                codes.append(code)
    return EntryRef(whose if isinstance(whose, int) and not isinstance(whose, bool) else None, tuple(codes))


def seat_of(payload: Mapping[str, Any], name: str = "seat") -> int | None:
    """The seat a payload's field `name` holds, None when it holds no seat number."""
    whose = payload.get(name)
    return whose if isinstance(whose, int) and not isinstance(whose, bool) else None
