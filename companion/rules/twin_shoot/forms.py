"""What the page's forms and the referee desk's quick-judge taps send, as entries and judge
requests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import form_int, form_text
from ..contract import EntryRef
from ..kit.entries import entry_ref
from ..kit.taps import trick_request
from .cards import Card, parse_card
from .options import PLAYER_COUNTS
from .tricks import Play, trick_so_far


def form_payload(kind: str, fields: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The entry a page form sends, as apply() reads it; `fields` are the form's value lists.

    "seat" and "team" become whole numbers (left as typed if they are not, for apply() to
    refuse); "cards" is a reveal's two cards; an open bid sends each teammate's two cards as
    "first_cards" (seat 2t) and "second_cards" (seat 2t + 1). The pickers' suit tabs and
    anything else are left out.
    """
    payload: dict[str, Any] = {}
    if "seat" in fields:
        payload["seat"] = form_int(fields, "seat")
    if kind == "accept":
        payload.update(hand=form_int(fields, "hand"), trick=form_int(fields, "trick"))
    if kind == "play":
        payload["card"] = form_text(fields, "card")
    elif kind == "reveal":
        payload["cards"] = [str(c) for c in fields.get("cards", ())]
    elif kind == "open_bid":
        payload["team"] = form_int(fields, "team")
        payload["bids"] = [[str(c) for c in fields.get("first_cards", ())],
                           [str(c) for c in fields.get("second_cards", ())]]
    return payload


def quick_judge_request(fields: Mapping[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The referee desk's quick judge: one trick's cards, as a "trick" judge request once
    every player's card is in.

    `fields` (a form's value lists) holds "players" (4 or 6), the cards entered so far
    ("cards", dot-separated, in play order, the leader's first), a newly tapped "card", or
    "back" to take the last one back. Anything unreadable is dropped, never raised. Returns
    (request or None, what the page shows: players, cards, the follow so far, full, and the
    fields to carry in the address).
    """
    return trick_request(fields, PLAYER_COUNTS, parse_card, _follow)


def _follow(cards: Sequence[Card]) -> dict[str, Any]:
    """The follow the cards so far have fixed, and the seat whose card fixed it."""
    follow, fixed_by, _ = trick_so_far([Play(i, card) for i, card in enumerate(cards)])
    return {"follow": follow, "fixed_by": fixed_by}


def names(kind: str, payload: Mapping[str, Any]) -> EntryRef:
    """What an entry names: a "play" its seat and card, a "reveal" its seat and bid cards,
    a "leader" a seat. An "open_bid" names a team, not a seat, and its cards are not linked
    to it (the bid cards a "reveal" turns up are)."""
    if kind == "play":
        return entry_ref(payload, cards=("card",))
    if kind == "reveal":
        return entry_ref(payload, cards=("cards",))
    return entry_ref(payload)
