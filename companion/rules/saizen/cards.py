"""Saizen's cards: a standard deck, S H D C, A (1) to K (13), and 0-2 jokers (1, 2.4).

Codes: "SA", "H10", "DQ" ("S1".."S13" read too: A = 1, J Q K = 11 12 13); a joker is "JK".
The two jokers are alike, so a joker is a card that may occur twice.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..base import N_, RuleError
from ..contract import Gettext
from ..kit import tennos
from ..kit.words import suit_words
from .rulecards import SUITS

SUIT_NAMES: Mapping[str, str] = {suit: tennos.SUIT_NAMES[suit] for suit in SUITS}
"""The standard deck's suits, named as the TENNOS deck names the same four."""
SUIT_SYMBOLS: Mapping[str, str] = {suit: tennos.SUIT_SYMBOLS[suit] for suit in SUITS}

RANK_OF_TEXT: Mapping[str, int] = {"A": 1, "J": 11, "Q": 12, "K": 13}
JOKER_CODE = "JK"
DECK_SIZE = 52
"""2.1: the deck without jokers."""


class Card(tennos.Card):
    """A card: its suit ("" for a joker) and its number (1..13; 0 for a joker). The standard
    deck's suits are four of the TENNOS deck's, and its cards print alike, but for the joker."""

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def code(self) -> str:
        return JOKER_CODE if self.is_joker else f"{self.suit}{self.rank_text}"


JOKER = Card("", 0)
DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in SUITS for rank in range(1, 14))
"""The 52 cards of the standard deck, without jokers."""

_CARD_RE = re.compile(r"^([SHDC])(A|J|Q|K|10|11|12|13|[1-9])$")


def parse_card(text: object) -> Card:
    """Read a card code ("SA", "H10", "dq", "S13", "JK"), refusing anything not in a deck."""
    if not isinstance(text, str):
        raise RuleError("sz.card_malformed", "1", text=str(text))
    code = text.strip().upper()
    if code == JOKER_CODE:
        return JOKER
    match = _CARD_RE.match(code)
    if not match:
        raise RuleError("sz.card_malformed", "1", text=text)
    rank_text = match.group(2)
    rank = RANK_OF_TEXT.get(rank_text) or int(rank_text)
    return Card(match.group(1), rank)


def parse_suit(text: object) -> str:
    """Read a suit letter (S, H, D, C), refusing anything else."""
    if isinstance(text, str) and text.strip().upper() in SUITS:
        return text.strip().upper()
    raise RuleError("sz.suit_unknown", "1", text=str(text))


def hand_sizes(players: int, jokers: int, start: int) -> tuple[int, ...]:
    """2.1 and RULINGS: dealt one at a time clockwise from the start player until the deck is
    out, so the first (52 + jokers) mod n seats from the start player get one card more."""
    total = DECK_SIZE + jokers
    base, extra = divmod(total, players)
    return tuple(base + (1 if (seat - start) % players < extra else 0) for seat in range(players))


def set_held(seat: int, round_index: int, players: int) -> int:
    """RULINGS: hand sets pass to the right (seat i-1) after each round, so in round r
    (0, 1, 2) seat i holds the set first dealt to seat i + r."""
    return (seat + round_index) % players


def suit_text(code: str, gettext: Gettext) -> str:
    """A suit as words: its mark and its name ("♠ spade")."""
    return suit_words(SUIT_SYMBOLS[code], SUIT_NAMES[code], gettext)


def card_text(code: str, gettext: Gettext) -> str:
    """A card as words ("♥ heart 10", "Joker")."""
    card = parse_card(code)
    if card.is_joker:
        return gettext(N_("Joker"))
    return gettext("%(symbol)s %(suit)s %(value)s") % {
        "symbol": SUIT_SYMBOLS[card.suit], "suit": gettext(SUIT_NAMES[card.suit]), "value": card.rank_text}
