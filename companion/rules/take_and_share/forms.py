"""What the page's forms and the quick judge's taps send, as entries and judge requests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..base import form_int, form_text
from ..contract import EntryRef
from ..kit.entries import entry_ref
from ..kit.taps import trick_request
from .cards import Card, parse_card
from .options import PLAYER_COUNTS


def form_payload(kind: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """An entry from the page's form, shaped as apply() reads it.

    "share": the tapped "card"; "play" and "give": "seat" (a number) and "card"; "accept":
    "seat" and "trick". Numbers that are not numbers are left as text for apply() to refuse.
    """
    payload: dict[str, Any] = {}
    if kind in ("share", "play", "give"):
        payload["card"] = form_text(fields, "card")
    if kind in ("play", "give", "accept"):
        payload["seat"] = form_int(fields, "seat")
    if kind == "accept":
        payload["trick"] = form_int(fields, "trick")
    return payload


def quick_judge_request(fields: Mapping[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The quick judge: one trick's cards, as a "trick" judge request once every card is in.

    `fields` (a form's value lists) holds "players" (3 or 4), the cards entered so far
    ("cards", dot-separated, in play order, the leader's first), a newly tapped "card", or
    "back" to take the last one back. Anything unreadable is dropped, never raised. Returns
    (request or None, what the page shows: players, cards, the lead suit, whether another
    suit is in so far (the lowest then wins), full, and the fields to carry in the address).
    """
    return trick_request(fields, PLAYER_COUNTS, parse_card, _lead)


def _lead(cards: Sequence[Card]) -> dict[str, Any]:
    """The lead suit of the cards so far, and whether another suit is in (the lowest then wins)."""
    lead = cards[0].suit if cards else None
    return {"lead_suit": lead, "off_suit": any(c.suit != lead for c in cards)}


def names(kind: str, payload: Mapping[str, Any]) -> EntryRef:
    """What an entry names: a "play" its seat and card, a "give" the card and the seat it
    goes to, a "share" the face-up cards (nobody's)."""
    if kind == "share":
        return entry_ref(payload, seat=None, cards=("cards", "card"))
    if kind == "give":  # シェアの解決: the card received lies face down until the game is over
        return replace(entry_ref(payload, cards=("card",)), face_down=True)
    return entry_ref(payload, cards=("card",) if kind == "play" else ())
