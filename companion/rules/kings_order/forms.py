"""What the page's forms and the quick judge's taps send, as entries and judge requests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..base import RuleError, form_int, form_text
from ..contract import EntryRef
from ..kit.entries import entry_ref
from ..kit.taps import form_count
from .cards import COPIES, HAND_SIZE, Card, parse_card
from .turns import played_position


def _codes(fields: Mapping[str, Any], name: str) -> list[str]:
    """Card codes sent as one dot-separated value, or as repeated values; "none" is no card."""
    raw = fields.get(name, ())
    values = raw if isinstance(raw, (list, tuple)) else [raw]
    out: list[str] = []
    for value in values:
        out += [part.strip() for part in str(value).split(".") if part.strip() and part.strip().lower() != "none"]
    return out


def form_payload(kind: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """An entry from the page's form, shaped as apply() reads it.

    "play": seat, card; "keep": side; "discard": cards (dot-separated, or repeated, or
    "none"), or count (the cards thrown away counted, not named); "choose": seat; "hand_over": count; "turn": seat, card, and side, discarded,
    target, count (each only if sent) or the turn picker's fields (see _turn_fields), the card
    as "played" when no "card" is sent (a turn corrected by its player and count);
    "show": cards; "accept": turn, seat. Numbers are
    read with form_int: text that is not a number is left for apply() to refuse by name.
    """
    payload: dict[str, Any] = {}
    if kind in ("play", "turn"):
        payload["seat"] = form_int(fields, "seat")
        # A turn corrected by its player and count keeps the card played ("played").
        payload["card"] = form_text(fields, "card") or (form_text(fields, "played") if kind == "turn" else "")
    if kind == "keep":
        payload["side"] = form_text(fields, "side")
    if kind == "discard" and form_text(fields, "count"):
        payload["count"] = form_int(fields, "count")
    elif kind in ("discard", "show"):
        payload["cards"] = _codes(fields, "cards")
    if kind == "turn":
        payload.update(_turn_fields(fields))
    if kind == "choose":
        payload["seat"] = form_int(fields, "seat")
    if kind == "hand_over":
        payload["count"] = form_int(fields, "count")
    if kind == "accept":
        payload["turn"] = form_int(fields, "turn")
        payload["seat"] = form_int(fields, "seat")
    return payload


def _turn_fields(fields: Mapping[str, Any]) -> dict[str, Any]:
    """A whole turn's side, discards, player chosen and count, as the judge API sends them
    ("side", "discarded", "target", "count") or as the page's turn picker does: the cards
    thrown away right of the card played ("hi": the left half kept) or left of it ("lo": the
    right half kept), or only how many ("thrown" = "hi:3" or "lo:3", one key a side and
    count), none for an end card, and the player chosen with the count in one value, "to" =
    "seat:count" (no count for a player without cards). A counted turn corrected carries its
    count as "unnamed" with its "side"; a "thrown" key tapped there replaces both."""
    out: dict[str, Any] = {}
    high, low = _codes(fields, "hi"), _codes(fields, "lo")
    to = form_text(fields, "to")
    side = form_text(fields, "side")
    thrown = form_text(fields, "thrown")
    if thrown:
        half, _, number = thrown.partition(":")
        side = {"hi": "left", "lo": "right"}.get(half, half)
        out["thrown"] = form_int({"thrown": number}, "thrown")
    elif form_text(fields, "unnamed"):
        out["thrown"] = form_int(fields, "unnamed")
    if not side and to:
        side = "left" if high else "right" if low else "end"
    if side:
        out["side"] = side
    named = _codes(fields, "discarded") + high + low
    if "thrown" not in out or named:  # both given: the engine refuses them together
        out["discarded"] = named
    target, _, count = to.partition(":") if to else (form_text(fields, "target"), "", form_text(fields, "count"))
    out["target"] = form_int({"target": target}, "target")
    if count:
        out["count"] = form_int({"count": count}, "count")
    return out


def _read(codes: list[str], limit: int, counts: Counter[int], used: set[str]) -> list[Card]:
    """Readable cards of `codes`, at most `limit`, never a seventh copy or a full code twice."""
    cards: list[Card] = []
    for code in codes:
        try:
            card = parse_card(code)
        except RuleError:
            continue
        if len(cards) == limit or counts[card.rank] >= COPIES or (card.suit and card.code in used):
            continue
        counts[card.rank] += 1
        if card.suit:
            used.add(card.code)
        cards.append(card)
    return cards


def quick_judge_request(fields: Mapping[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The quick judge's taps ("what does this turn do?") as a "turn" judge request.

    The address carries "hand" and "target" (the two hands, dot-separated, in the order
    tapped; the hand is shown in rank order, equal ranks in the order tapped), "at" (the
    position, from 0, of the card played in the hand as shown), "keep" ("left" or "right")
    and "to" ("hand" or "target": where a tap goes). A newly tapped "card" joins the list
    named by "to"; "back" takes that list's last card back (and, for the hand, the card
    played). The request is made once the hand, the card played and, for a card not at an
    end, the half kept are in and the page has moved on to the chosen player's hand ("to" =
    "target"; that hand may stay empty). Returns (request or None, what the page shows).
    """
    to = "target" if form_text(fields, "to") == "target" else "hand"
    lists = {"hand": _codes(fields, "hand"), "target": _codes(fields, "target")}
    back = "back" in fields
    if back:
        if lists[to]:
            lists[to].pop()
    elif form_text(fields, "card"):
        lists[to].append(form_text(fields, "card"))
    counts: Counter[int] = Counter()
    used: set[str] = set()
    tapped = _read(lists["hand"], HAND_SIZE, counts, used)
    hand = sorted(tapped, key=lambda c: c.rank)  # as held; equal ranks stay in the order tapped
    target = _read(lists["target"], HAND_SIZE, counts, used)
    keep = form_text(fields, "keep") if form_text(fields, "keep") in ("left", "right") else None
    # Taking back a card of the hand takes back the card played in it (its place may change).
    at = None if back and to == "hand" else _played_at(fields, hand, keep)
    needs_keep = at is not None and at not in (0, len(hand) - 1)
    entered: dict[str, Any] = {
        "hand": tuple(c.code for c in tapped), "target": tuple(c.code for c in target),
        "played": hand[at].code if at is not None else None, "played_at": at, "needs_keep": needs_keep,
        "keep": keep if needs_keep else None, "to": to,
        "full": {"hand": len(hand) >= HAND_SIZE, "target": len(target) >= HAND_SIZE},
        "exhausted": tuple(sorted(rank for rank, n in counts.items() if n >= COPIES)),
    }
    if at is None or to != "target" or (needs_keep and keep is None):
        return None, entered
    request: dict[str, Any] = {"ask": "turn", "hand": [c.code for c in hand], "played": at,
                               "target_hand": [c.code for c in sorted(target, key=lambda c: c.rank)]}
    if needs_keep:
        request["keep"] = keep
    return request, entered


def _played_at(fields: Mapping[str, Any], hand: list[Card], keep: str | None) -> int | None:
    """Where in the hand (as held) the card played is: "at", its position, as the page sends
    it when a card of the hand is tapped; or "played", a card (an address made before), read
    as the judge reads it. None when there is no such card."""
    at = form_count(fields, "at", range(len(hand)))
    if at is not None or not form_text(fields, "played"):
        return at
    try:
        return played_position(hand, parse_card(form_text(fields, "played")), keep)[0]
    except RuleError:
        return None


def names(kind: str, payload: Mapping[str, Any]) -> EntryRef:
    """What an entry names: a "play" or a whole "turn" its seat and the card played; a
    "discard" or a "show" its cards (whose they are is the turn's); "choose" and "accept"
    a seat."""
    if kind in ("play", "turn"):
        return entry_ref(payload, cards=("card",))
    if kind in ("discard", "show"):
        return entry_ref(payload, seat=None, cards=("cards",))
    return entry_ref(payload)
