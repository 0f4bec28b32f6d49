"""How the table names an entry (contract.Game.entry_name): its hand, its trick, whose it is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_
from ..contract import EntryName
from ..kit.entries import seat_of
from .state import State

HAND = N_("hand %(n)s")
TRICK = N_("trick %(n)s")


def entry_name(before: State, kind: str, payload: Mapping[str, Any]) -> EntryName:
    """A card of the trick being played; the opening leader, an open bid or a bid revealed
    in the hand being played; a revoke let stand in the hand and trick it names."""
    hand = ((HAND, before.hand_number),)
    if kind == "play":
        return EntryName(N_("%(seat)s's card"), seat_of(payload), (*hand, (TRICK, before.trick_number)))
    if kind == "reveal":
        return EntryName(N_("%(seat)s's bid cards"), seat_of(payload), hand)
    if kind == "leader":
        return EntryName(N_("the opening leader"), where=hand)
    if kind == "open_bid":
        team = seat_of(payload, "team")
        return EntryName(N_("the open bid of %(seat)s's team"), None if team is None else 2 * team, hand)
    numbers = [payload.get(name) for name in ("hand", "trick")]
    where = tuple((word, n) for word, n in zip((HAND, TRICK), numbers) if isinstance(n, int) and not isinstance(n, bool))
    return EntryName(N_("%(seat)s's revoke let stand"), seat_of(payload), where)
