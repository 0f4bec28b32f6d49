"""What the page's forms and the quick judge's taps send, as entries and judge requests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import RuleError, form_int, form_text
from ..contract import EntryRef
from ..kit.entries import entry_ref
from .cards import Card, parse_card
from .options import MAX_PLAYERS, MIN_PLAYERS

def form_payload(kind: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """An entry from the page's form: the tapped "card", and "seat"/"trick" as numbers.

    The picker's suit-pair radio and anything else the form carries are left out.
    """
    payload: dict[str, Any] = {}
    if kind in ("master", "play"):
        payload["card"] = form_text(fields, "card")
    if kind in ("play", "accept"):
        payload["seat"] = form_int(fields, "seat")
    if kind == "accept":
        payload["trick"] = form_int(fields, "trick")
    return payload


def quick_judge_request(fields: Mapping[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The quick judge's form, as a judge request once enough cards are in.

    `fields` holds the cards entered so far ("cards", dot-separated, master first), a newly
    tapped "card", or "back" to take the last one back. Returns (request or None, what the
    page shows: the cards entered).
    """

    cards: list[Card] = []
    for code in form_text(fields, "cards").split("."):
        try:
            card = parse_card(code)
        except RuleError:
            continue
        if card not in cards:
            cards.append(card)
    if "back" in fields and cards:
        cards.pop()
    elif form_text(fields, "card"):
        try:
            tapped: Card | None = parse_card(form_text(fields, "card"))
        except RuleError:
            tapped = None
        if tapped is not None and tapped not in cards and len(cards) < 1 + MAX_PLAYERS:
            cards.append(tapped)
    entered = {"cards": tuple(cards), "master": cards[0] if cards else None, "plays": tuple(cards[1:]),
               "full": len(cards) >= 1 + MAX_PLAYERS}
    if len(cards) - 1 < MIN_PLAYERS:
        return None, entered
    return {"ask": "trick", "master": cards[0].code, "plays": [c.code for c in cards[1:]]}, entered


def names(kind: str, payload: Mapping[str, Any]) -> EntryRef:
    """What an entry names: a "play" its seat and card, a "master" the master card (nobody's)."""
    if kind == "master":
        return entry_ref(payload, seat=None, cards=("card",))
    return entry_ref(payload, cards=("card",) if kind == "play" else ())
