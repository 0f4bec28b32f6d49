"""How the table names an entry (contract.Game.entry_name): its round and whose cards they are."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_
from ..contract import EntryName
from ..kit.entries import seat_of
from .state import State

ROUND = N_("round %(n)s")


def entry_name(before: State, kind: str, payload: Mapping[str, Any]) -> EntryName:
    """A player's revealed cards, or the deck's cross that ends the round being played."""
    where = ((ROUND, before.round_number),)
    if kind == "deck":
        return EntryName(N_("the deck's cross"), where=where)
    return EntryName(N_("%(seat)s's cards"), seat_of(payload), where)
