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
    """The master card or a player's card of the trick being played; a revoke let stand in
    the trick it names."""
    if kind == "accept":
        return EntryName(N_("%(seat)s's revoke let stand"), seat_of(payload), _trick(payload.get("trick")))
    where = ((TRICK, before.trick_number),)
    if kind == "master":
        return EntryName(N_("the master card"), where=where)
    return EntryName(N_("%(seat)s's card"), seat_of(payload), where)


def _trick(number: object) -> tuple[tuple[str, int], ...]:
    return ((TRICK, number),) if isinstance(number, int) and not isinstance(number, bool) else ()
