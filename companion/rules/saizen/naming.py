"""How the table names an entry (contract.Game.entry_name): its round, its trick, whose it is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_
from ..contract import EntryName
from ..kit.entries import seat_of
from .state import State

ROUND = N_("round %(n)s")
TRICK = N_("trick %(n)s")


def entry_name(before: State, kind: str, payload: Mapping[str, Any]) -> EntryName:
    """A chip moved or passed in the round's chip lap; a card (of the trick, or of its
    play-off) or a joker lead's suit in the trick being played; a finding let stand."""
    seat = seat_of(payload)
    if kind == "accept":
        numbers = [payload.get(name) for name in ("round", "trick")]
        where = tuple((word, n) for word, n in zip((ROUND, TRICK), numbers)
                      if isinstance(n, int) and not isinstance(n, bool))
        return EntryName(N_("%(seat)s's finding let stand"), seat, where)
    round_ = ((ROUND, before.round_number),)
    if kind == "flip":
        return EntryName(N_("%(seat)s's chip"), seat, round_)
    if kind == "pass":
        return EntryName(N_("%(seat)s's pass"), seat, round_)
    current = before.current
    number = current.number if current is not None else 1 + sum(t.round == before.round for t in before.tricks)
    where = (*round_, (TRICK, number))
    if kind == "name":
        return EntryName(N_("%(seat)s's named suit"), seat, where)
    if current is not None and current.pending:
        return EntryName(N_("%(seat)s's play-off card"), seat, where)
    return EntryName(N_("%(seat)s's card"), seat, where)
