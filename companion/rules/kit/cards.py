"""Each card exists once per deal."""

from __future__ import annotations

from collections.abc import Container
from typing import Any, TypeVar

from ..base import RuleError

C = TypeVar("C")


def once_per_deal(used: Container[C], card: C, key: str, clause: str, /, **params: Any) -> C:
    """`card`, refused with `key` (citing `clause`) if it is already among `used` this deal."""
    if card in used:
        raise RuleError(key, clause, **params)
    return card
