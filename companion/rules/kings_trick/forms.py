"""What the page's forms and the quick judge's taps send, as entries and judge requests."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import form_int, form_text
from ..contract import EntryRef
from ..kit.entries import entry_ref
from ..kit.taps import form_count, tapped
from .cards import COLOURS, Card, in_game, parse_card
from .options import PLAYER_COUNTS


def _card(fields: Mapping[str, Any]) -> str:
    """The tapped card: "card" as one code, or a colour tap and a value tap ("colour", "value")."""
    text = form_text(fields, "card")
    if text:
        return text
    return form_text(fields, "colour") + form_text(fields, "value")


def form_payload(kind: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """An entry from the page's form: "seat" as a number (every entry) and the "card" of a
    "play" or "pick" (one code, or the colour and the value tapped one after the other)."""
    payload: dict[str, Any] = {"seat": form_int(fields, "seat")}
    if kind in ("play", "pick"):
        payload["card"] = _card(fields)
    return payload


@dataclass(frozen=True)
class JudgeEntries:
    """The quick judge's taps so far: the player count, the cards in play order, and a colour
    tapped and waiting for its value."""

    players: int | None
    cards: tuple[Card, ...] = ()
    colour: str | None = None

    @property
    def full(self) -> bool:
        return self.players is not None and len(self.cards) == self.players

    @property
    def carried(self) -> dict[str, str]:
        """The entries as the page's address carries them."""
        return {"players": str(self.players or ""), "cards": ".".join(c.code for c in self.cards)}


def quick_judge_request(fields: Mapping[str, Any]) -> tuple[dict[str, Any] | None, JudgeEntries]:
    """The quick judge's taps as a "trick" request once every player's card is in.

    `fields` holds "players" (3-6), the cards so far ("cards", dot-separated, leader first),
    and a newly tapped card ("card", or "colour" then "value" for a coloured card), or
    "back". Cards this player count's deck does not hold are dropped, never raised.
    """
    players = form_count(fields, "players", PLAYER_COUNTS)
    if players is None:
        return None, JudgeEntries(None)
    n = players

    def parse(code: str) -> Card:
        return in_game(parse_card(code), n)

    taps = dict(fields)
    colour: str | None = None
    if "back" not in fields and not form_text(fields, "card"):
        tapped_colour = form_text(fields, "colour").upper()
        if form_text(fields, "value"):
            taps["card"] = _card(fields)
        elif tapped_colour in COLOURS:
            colour = tapped_colour
    cards = tapped(taps, parse, players)
    entries = JudgeEntries(players, tuple(cards), colour if len(cards) < players else None)
    if not entries.full:
        return None, entries
    return {"ask": "trick", "players": players, "plays": [c.code for c in cards]}, entries


def names(kind: str, payload: Mapping[str, Any]) -> EntryRef:
    """What an entry names: a "play" or a "pick" its seat and card; "declare" and "pass" a seat."""
    return entry_ref(payload, cards=("card",) if kind in ("play", "pick") else ())
