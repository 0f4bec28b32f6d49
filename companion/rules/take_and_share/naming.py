"""How the table names an entry (contract.Game.entry_name): its trick and whose card it is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_
from ..contract import EntryName
from ..kit.entries import seat_of
from .state import State

TRICK = N_("trick %(n)s")


def entry_name(before: State, kind: str, payload: Mapping[str, Any]) -> EntryName:
    """The opening share, a card of the trick being played, the share card a player
    receives for the trick just won (it is that trick's prize), a revoke let stand."""
    if kind == "accept":
        number = payload.get("trick")
        where = ((TRICK, number),) if isinstance(number, int) and not isinstance(number, bool) else ()
        return EntryName(N_("%(seat)s's revoke let stand"), seat_of(payload), where)
    if kind == "give":
        return EntryName(N_("%(seat)s's share card"), seat_of(payload), ((TRICK, max(len(before.tricks), 1)),))
    where = ((TRICK, before.trick_number),)
    if kind == "share":
        return EntryName(N_("the share cards") if "cards" in payload else N_("a share card"), where=where)
    return EntryName(N_("%(seat)s's card"), seat_of(payload), where)
