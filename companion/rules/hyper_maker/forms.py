"""What the page's forms and the quick judge's taps send, as entries and judge requests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import form_int, form_text
from ..contract import EntryRef
from ..kit.entries import entry_ref
from ..kit.taps import tapped
from .cards import parse_card
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
    cards = tapped(fields, parse_card, 1 + MAX_PLAYERS)
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
