"""How the table names an entry (contract.Game.entry_name): its turn and whose it is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_
from ..contract import EntryName
from ..kit.entries import seat_of
from .state import State

TURN = N_("turn %(n)s")


def entry_name(before: State, kind: str, payload: Mapping[str, Any]) -> EntryName:
    """The starting card; a card laid, the end of a turn or a pass in the turn being
    played; a hand counted at the end."""
    seat = seat_of(payload)
    if kind == "start":
        return EntryName(N_("the starting card"))
    if kind == "hand":
        return EntryName(N_("%(seat)s's hand at the end"), seat)
    where = ((TURN, before.turn_number),)
    if kind == "lay":
        return EntryName(N_("%(seat)s's card"), seat, where)
    if kind == "done":
        return EntryName(N_("%(seat)s's end of the turn"), seat, where)
    return EntryName(N_("%(seat)s's pass"), seat, where)
