"""How the table names an entry (contract.Game.entry_name): its trick and whose it is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_
from ..contract import EntryName
from ..kit.entries import seat_of
from .state import State

TRICK = N_("trick %(n)s")


def entry_name(before: State, kind: str, payload: Mapping[str, Any]) -> EntryName:
    """A card of the trick being played, a card drafted from it, an アガリ answer after it."""
    where = ((TRICK, before.trick_number),)
    if kind == "play":
        return EntryName(N_("%(seat)s's card"), seat_of(payload), where)
    if kind == "pick":
        return EntryName(N_("%(seat)s's drafted card"), seat_of(payload), where)
    return EntryName(N_("%(seat)s's agari answer"), seat_of(payload), where)
