"""What every deck of the games shares: how a rank is printed; each card exists once per deal."""

from __future__ import annotations

from collections.abc import Container, Mapping
from typing import Any, TypeVar

from ..base import RuleError

C = TypeVar("C")

RANK_TEXT: Mapping[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}
"""How a rank is printed, on the TENNOS deck and the standard one alike. The ace is 1 in the
games where it is low and 14 where it is the highest card; either way it is printed "A"."""


def rank_text(rank: int) -> str:
    """How a rank is printed: "A", "2" ... "10", "J", "Q", "K"."""
    return RANK_TEXT.get(rank, str(rank))


def once_per_deal(used: Container[C], card: C, key: str, clause: str, /, **params: Any) -> C:
    """`card`, refused with `key` (citing `clause`) if it is already among `used` this deal."""
    if card in used:
        raise RuleError(key, clause, **params)
    return card
