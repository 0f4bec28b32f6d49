"""What the page's forms and the quick judge's taps send, as entries and judge requests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import RuleError, form_int, form_text
from ..contract import EntryRef
from ..kit.entries import entry_ref
from ..kit.taps import form_count
from .cards import Card, parse_card, parse_suit
from .options import MAX_PLAYERS, MIN_PLAYERS
from .rulecards import DEFAULT_FACES, ROWS, SUITS, RuleCard, face_option_name
from .tricks import decide

NO_CARD = "-"
"""The quick judge's tap for a play-off player with no card left (2.3.2)."""

_TRUE = ("1", "on", "true", "yes")


def form_payload(kind: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """An entry from the page's form, shaped as apply() reads it: "seat" (and the finding's
    numbers) as numbers, "card", "suit" and "row" as text."""
    payload: dict[str, Any] = {}
    if kind in ("flip", "pass", "play", "name", "accept"):
        payload["seat"] = form_int(fields, "seat")
    if kind == "play":
        payload["card"] = form_text(fields, "card")
    if kind in ("flip", "name"):
        payload["suit"] = form_text(fields, "suit")
    if kind == "flip":
        payload["row"] = form_text(fields, "row")
    if kind == "accept":
        for name in ("round", "trick", "stage", "row"):
            payload[name] = form_int(fields, name)
    return payload


def _rules(fields: Mapping[str, Any]) -> dict[str, RuleCard]:
    """The rule faces the quick judge's form carries ("S_high" = "1"/"0"), defaults elsewhere."""
    cards: dict[str, RuleCard] = {}
    for suit in SUITS:
        rows: dict[str, bool] = {}
        for row in ROWS:
            text = form_text(fields, face_option_name(suit, row)).lower()
            rows[row] = DEFAULT_FACES[row] if not text else text in _TRUE
        cards[suit] = RuleCard(**rows)
    return cards


def _tapped(fields: Mapping[str, Any]) -> list[Card | None]:
    """The taps so far (a joker may come twice; NO_CARD stands for an empty hand)."""
    taps: list[Card | None] = []
    codes = [c for c in form_text(fields, "cards").split(".") if c]
    if "back" in fields:
        codes = codes[:-1]
    elif form_text(fields, "card"):
        codes.append(form_text(fields, "card"))
    for code in codes:
        if code == NO_CARD:
            taps.append(None)
            continue
        try:
            card = parse_card(code)
        except RuleError:
            continue
        if card in taps and (not card.is_joker or taps.count(card) >= 2):
            continue
        taps.append(card)
    return taps


def quick_judge_request(fields: Mapping[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The quick judge's taps as a "trick" request once two cards (and a joker lead's suit) are in.

    `fields`: "cards" (dot-separated so far), a new "card" or "back"; optional "players"
    (the table's size: taps past it are play-off cards, NO_CARD for an empty hand),
    "lead_suit" (a joker lead's named suit) and the rule faces ("S_high" = "1" or "0").
    Returns (request or None, what the page shows).
    """
    rules = _rules(fields)
    players = form_count(fields, "players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
    taps = _tapped(fields)
    size = players or MAX_PLAYERS
    plays: list[Card] = []
    rest: list[Card | None] = []
    for tap in taps:
        if len(plays) < size:
            if tap is not None:
                plays.append(tap)
        elif players is not None:
            rest.append(tap)
    lead_suit: str | None = None
    if plays:
        if plays[0].is_joker:
            try:
                lead_suit = parse_suit(form_text(fields, "lead_suit"))
            except RuleError:
                lead_suit = None
        else:
            lead_suit = plays[0].suit
    stages: list[list[Card | None]] = []
    partial: list[Card | None] = []
    decided = False
    if lead_suit is not None and players is not None and len(plays) == players:
        seats = list(range(players))
        while True:
            verdict = decide(lead_suit, rules[lead_suit], plays, seats, stages)
            if verdict.decided or verdict.pending is None:
                decided = True
                break
            need = len(verdict.pending)
            if len(rest) < need:
                partial = rest
                break
            stages.append(rest[:need])
            rest = rest[need:]
    shown = {
        "cards": tuple("" if c is None else c.code for c in plays),
        "stages": tuple(tuple(NO_CARD if c is None else c.code for c in stage) for stage in stages),
        "partial_stage": tuple(NO_CARD if c is None else c.code for c in partial),
        "lead_suit": lead_suit, "needs_suit": bool(plays) and plays[0].is_joker and lead_suit is None,
        "players": players, "rules": {suit: card.as_json() for suit, card in rules.items()},
        "full": len(plays) >= size and (players is None or decided),
    }
    if len(plays) < MIN_PLAYERS or lead_suit is None:
        return None, shown
    request: dict[str, Any] = {"ask": "trick", "rules": shown["rules"], "plays": [c.code for c in plays],
                               "lead_suit": lead_suit}
    if players is not None:
        request["players"] = players
    if stages:
        request["playoff"] = [[None if c is None else c.code for c in stage] for stage in stages]
    return request, shown


def names(kind: str, payload: Mapping[str, Any]) -> EntryRef:
    """What an entry names: a "play" its seat and card; a chip ("flip"), a "name" or a
    "pass" a seat and no card."""
    return entry_ref(payload, cards=("card",) if kind == "play" else ())
