"""How the table names an entry (contract.Game.entry_name): its round and whose card it is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_
from ..contract import EntryName
from ..kit.entries import seat_of
from .rounds import DUMMY_NUMBER, NUMBER, RULE
from .state import State

ROUND = N_("round %(n)s")


def entry_name(before: State, kind: str, payload: Mapping[str, Any]) -> EntryName:
    """A player's or a dummy's number or rule card, in the round being played."""
    where = ((ROUND, before.round),)
    if kind == NUMBER:
        return EntryName(N_("%(seat)s's number card"), seat_of(payload), where)
    if kind == RULE:
        return EntryName(N_("%(seat)s's rule card"), seat_of(payload), where)
    dummy = seat_of(payload, "dummy")
    if kind == DUMMY_NUMBER:
        if dummy:
            return EntryName(N_("dummy %(n)s's number card"), where=where, number=dummy)
        return EntryName(N_("the dummy's number card"), where=where)
    if dummy:
        return EntryName(N_("dummy %(n)s's rule card"), where=where, number=dummy)
    return EntryName(N_("the dummy's rule card"), where=where)
