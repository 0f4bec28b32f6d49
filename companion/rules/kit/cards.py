"""What every deck of the games shares: how a rank is printed, how a card's code is read; each
card exists once per deal."""

from __future__ import annotations

import re
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


LETTER_RANKS = r"[0-9]{1,2}|[A-Za-z]"
"""A rank as a code writes it after the suit letter: a number, or a letter (A, J, Q, K, T)."""


def read_code(text: object, letters: Container[str], malformed: str, unknown: str, clause: str, *,
              ranks: str = LETTER_RANKS, letter: str = "suit") -> tuple[str, str]:
    """A card code read as its letter (a suit, or a colour) and its rank as written, both in
    upper case: " x10" is ("X", "10"). Spaces around and between them are allowed.

    What is not a letter followed by `ranks` (a pattern) is refused with `malformed`, a letter
    not among `letters` with `unknown` (the letter as the parameter named `letter`), both
    citing `clause`; the game then reads the rank by its own deck.
    """
    if not isinstance(text, str):
        raise RuleError(malformed, clause, text=str(text))
    match = re.match(rf"^\s*([A-Za-z])\s*({ranks})\s*$", text)
    if not match:
        raise RuleError(malformed, clause, text=text)
    found, rank = match.group(1).upper(), match.group(2).upper()
    if found not in letters:
        raise RuleError(unknown, clause, text=text, **{letter: found})
    return found, rank
