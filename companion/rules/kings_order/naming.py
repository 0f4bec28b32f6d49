"""How the table names an entry (contract.Game.entry_name): its turn and whose step it is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_
from ..contract import EntryName
from ..kit.entries import seat_of
from .state import State

TURN = N_("turn %(n)s")

STEP_WORDS = {
    "keep": N_("%(seat)s's half kept"),
    "discard": N_("%(seat)s's discards"),
    "choose": N_("%(seat)s's choice of player"),
    "hand_over": N_("the cards %(seat)s handed over"),
}
"""The steps after a card is played: the turn player's, but the hand-over, which is the
chosen player's."""


def entry_name(before: State, kind: str, payload: Mapping[str, Any]) -> EntryName:
    """A card played or a whole turn, a later step of the turn being played, the last hand
    shown at the end, a finding let stand in the turn it names."""
    if kind == "accept":
        number = payload.get("turn")
        where = ((TURN, number),) if isinstance(number, int) and not isinstance(number, bool) else ()
        return EntryName(N_("%(seat)s's record let stand"), seat_of(payload), where)
    if kind == "show":
        return EntryName(N_("the last hand shown"))
    where = ((TURN, before.turn_number),)
    if kind == "play":
        return EntryName(N_("%(seat)s's card"), seat_of(payload), where)
    if kind == "turn":
        return EntryName(N_("%(seat)s's play"), seat_of(payload), where)
    current = before.current
    seat = None if current is None else current.target if kind == "hand_over" else current.seat
    return EntryName(STEP_WORDS.get(kind, N_("%(seat)s's play")), seat, where)
