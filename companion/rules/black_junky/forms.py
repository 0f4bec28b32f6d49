"""What the page's forms and the quick judge's taps send, as entries and judge requests."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import RuleError, form_int, form_text
from ..contract import EntryRef
from ..kit.entries import entry_ref
from .cards import DECK_SUIT, Card, HAND_CARDS, codes, hand_size, parse_card
from .options import JUDGE_MAX_PLAYERS, MIN_PLAYERS, RED

SEAT_BREAK = "_"
"""In the quick judge's address, "_" ends one player's cards ("SK.CA_H5.S9")."""
MAX_HAND = hand_size(MIN_PLAYERS)
"""The most cards one player can hold (two players: 32 each)."""


def _card_list(fields: Mapping[str, Any], name: str) -> list[str]:
    """A form's card values: repeated fields, or one dot-separated text, empty ones dropped."""
    value = fields.get(name, ())
    values = value if isinstance(value, (list, tuple)) else [value]
    return [code.strip() for v in values for code in str(v).split(".") if code.strip()]


def form_payload(kind: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """An entry from the page's form.

    "reveal": {"seat", "cards"}: the tapped cards (repeated "cards" fields or one
    dot-separated text); none at all is "no cards left". "deck": {"card"}: the tapped
    "card", or the cross of the tapped "rank" ("7" -> "X7"). Seats become numbers (left as
    typed if not, for apply() to refuse); anything else the form carries is left out.
    """
    payload: dict[str, Any] = {}
    if kind == "reveal":
        payload["seat"] = form_int(fields, "seat")
        payload["cards"] = _card_list(fields, "cards")
    elif kind == "deck":
        card = form_text(fields, "card")
        rank = form_text(fields, "rank")
        payload["card"] = card if card or not rank else DECK_SUIT + rank
    return payload


# --------------------------------------------------------------------------- quick judge


@dataclass(frozen=True)
class QuickJudge:
    """What the quick judge has been given: the players' cards seat by seat (the last seat
    still open), then the deck's cross, and the table options for red and 21."""

    hands: tuple[tuple[Card, ...], ...] = ((),)
    deck: Card | None = None
    red: tuple[str, ...] = RED.default
    bust_21: bool = False

    @property
    def seat(self) -> int:
        """The seat whose cards are being tapped (the open one)."""
        return len(self.hands) - 1

    @property
    def seats(self) -> tuple[tuple[Card, ...], ...]:
        """The seats the request names: a last seat left empty is not one."""
        return self.hands[:-1] if len(self.hands) > 1 and not self.hands[-1] else self.hands

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card entered, the deck's last (the picker disables them)."""
        laid = tuple(c for hand in self.hands for c in hand)
        return laid + ((self.deck,) if self.deck else ())

    @property
    def full(self) -> bool:
        """The deck's cross is in: the hand (or round) is judged."""
        return self.deck is not None

    @property
    def may_close_seat(self) -> bool:
        """Another player's cards may follow ("next"); an empty seat then sits out."""
        return self.deck is None and len(self.hands) < JUDGE_MAX_PLAYERS

    @property
    def carried(self) -> dict[str, str]:
        """The fields to carry in the address."""
        out = {"cards": SEAT_BREAK.join(".".join(codes(hand)) for hand in self.hands), "red": "".join(self.red)}
        if self.deck is not None:
            out["deck"] = self.deck.code
        if self.bust_21:
            out["bust_21"] = "on"
        return out

    def add(self, card: Card) -> QuickJudge:
        """One tapped card: a cross is the deck's (ending the entry), any other the open seat's."""
        if self.deck is not None or card in self.cards:
            return self
        if card.suit == DECK_SUIT:
            if not any(self.hands):
                return self
            return QuickJudge(self.hands, card, self.red, self.bust_21)
        open_hand = self.hands[-1]
        if len(open_hand) >= MAX_HAND or len(self.cards) >= len(HAND_CARDS):
            return self
        return QuickJudge(self.hands[:-1] + (open_hand + (card,),), None, self.red, self.bust_21)

    def close_seat(self) -> QuickJudge:
        """The open seat's cards are all in; the next player's follow."""
        if not self.may_close_seat:
            return self
        return QuickJudge(self.hands + ((),), None, self.red, self.bust_21)

    def back(self) -> QuickJudge:
        """Take back the last tap: the deck's cross, a card, or the end of a seat."""
        if self.deck is not None:
            return QuickJudge(self.hands, None, self.red, self.bust_21)
        if self.hands[-1]:
            return QuickJudge(self.hands[:-1] + (self.hands[-1][:-1],), None, self.red, self.bust_21)
        if len(self.hands) > 1:
            return QuickJudge(self.hands[:-1], None, self.red, self.bust_21)
        return self

    def request(self) -> dict[str, Any] | None:
        """The judge request once the deck's cross is in: "hand" for one player, else "round"."""
        if self.deck is None:
            return None
        options = {"deck_card": self.deck.code, "red": list(self.red), "bust_21": self.bust_21}
        seats = self.seats
        if len(seats) == 1:
            return {"ask": "hand", "cards": list(codes(seats[0])), **options}
        return {"ask": "round", "plays": [list(codes(hand)) for hand in seats], **options}


def _read_red(fields: Mapping[str, Any]) -> tuple[str, ...]:
    if "red" not in fields:
        return RED.default
    value = fields["red"]
    letters = "".join(str(v) for v in (value if isinstance(value, (list, tuple)) else [value])).upper()
    return tuple(c.value for c in RED.suits if c.value in letters)


def _parse(code: str) -> Card | None:
    try:
        return parse_card(code)
    except RuleError:
        return None


def _carried(entries: QuickJudge, text: str) -> QuickJudge:
    """The cards carried in the address, read in order up to the first unreadable one."""
    for i, part in enumerate(text.split(SEAT_BREAK) if text else ()):
        if i:
            closed = entries.close_seat()
            if closed is entries:
                return entries
            entries = closed
        for code in part.split(".") if part else ():
            card = _parse(code)
            if card is None or card.suit == DECK_SUIT:
                return entries
            added = entries.add(card)
            if added is entries:
                return entries
            entries = added
    return entries


def quick_judge_request(fields: Mapping[str, Any]) -> tuple[dict[str, Any] | None, QuickJudge]:
    """The quick judge's taps, as a judge request once the deck's cross is in.

    `fields` holds the cards so far ("cards": dot-separated, "_" between players), the deck's
    cross so far ("deck"), the red suits ("red": letters, "HD" when absent) and "bust_21"
    ("on"); and one tap: a "card" (a cross is the deck's, ending the entry), "next" (the
    next player's cards; a player left empty sits out), or "back" (take the last tap back).
    Anything unreadable is dropped, never raised. One player's cards ask "what does this
    hand make?" ("hand"); several ask for the round ("round").
    """
    entries = QuickJudge(red=_read_red(fields), bust_21=form_text(fields, "bust_21") in ("on", "1", "true"))
    entries = _carried(entries, form_text(fields, "cards"))
    deck = _parse(form_text(fields, "deck")) if form_text(fields, "deck") else None
    if deck is not None and deck.suit == DECK_SUIT:
        entries = entries.add(deck)
    if "back" in fields:
        entries = entries.back()
    elif "next" in fields:
        entries = entries.close_seat()
    elif form_text(fields, "card"):
        card = _parse(form_text(fields, "card"))
        if card is not None:
            entries = entries.add(card)
    return entries.request(), entries


def names(kind: str, payload: Mapping[str, Any]) -> EntryRef:
    """What an entry names: a "reveal" its seat and cards, a "deck" the cross (nobody's)."""
    if kind == "reveal":
        return entry_ref(payload, cards=("cards",))
    if kind == "deck":
        return entry_ref(payload, seat=None, cards=("card",))
    return entry_ref(payload)
