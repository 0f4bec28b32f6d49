"""The TENNOS deck that five of the games share: six suits of 13 cards (A 2-10 J Q K).

Five games of one rulebook use part of it, each with rules of its own; what the deck itself
is (its suits, their marks and names, how a card reads aloud) is written once here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..base import N_
from ..contract import Gettext
from .cards import rank_text as rank_text
from .words import suit_words

SUITS = ("L", "X", "C", "H", "S", "D")
"""The six suits in the deck's order: leaf, cross, club, heart, spade, diamond."""

SUIT_NAMES: Mapping[str, str] = {
    "L": N_("leaf"),
    "X": N_("cross"),
    "C": N_("club"),
    "H": N_("heart"),
    "S": N_("spade"),
    "D": N_("diamond"),
}
SUIT_SYMBOLS: Mapping[str, str] = {"L": "❦", "X": "✚", "C": "♣", "H": "♥", "S": "♠", "D": "♦"}


@dataclass(frozen=True, order=True)
class Card:
    """One TENNOS card: a suit letter and a rank (A as 1 or 14, J 11, Q 12, K 13).

    A game that reads more into a card (a bid value, a blackjack count) subclasses it with
    those properties; the fields, the code and the printed rank stay these."""

    suit: str
    rank: int

    @property
    def code(self) -> str:
        """The short code, for example "HQ", "SA", "X10"."""
        return self.suit + rank_text(self.rank)

    @property
    def rank_text(self) -> str:
        return rank_text(self.rank)

    def __str__(self) -> str:
        return self.code


def suit_text(code: str, gettext: Gettext) -> str:
    """A suit as words: its mark and its name ("♥ heart")."""
    return suit_words(SUIT_SYMBOLS[code], SUIT_NAMES[code], gettext)


def card_words(suit: str, rank: str, gettext: Gettext) -> str:
    """A card as words: its suit's mark and name, then its rank as printed ("✚ cross 10")."""
    return gettext("%(symbol)s %(suit)s %(value)s") % {
        "symbol": SUIT_SYMBOLS[suit], "suit": gettext(SUIT_NAMES[suit]), "value": rank}
