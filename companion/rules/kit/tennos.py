"""The TENNOS deck that five of the games share: six suits of 13 cards (A 2-10 J Q K).

Five games of one rulebook use part of it, each with rules of its own; what the deck itself
is (its suits, their marks and names, how a card reads aloud) is written once here.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..base import N_
from ..contract import Gettext

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


def suit_text(code: str, gettext: Gettext) -> str:
    """A suit as words: its mark and its name ("♥heart")."""
    return SUIT_SYMBOLS[code] + gettext(SUIT_NAMES[code])


def card_words(suit: str, rank: str, gettext: Gettext) -> str:
    """A card as words: its suit's mark and name, then its rank as printed ("✚cross 10")."""
    return gettext("%(symbol)s%(suit)s %(value)s") % {
        "symbol": SUIT_SYMBOLS[suit], "suit": gettext(SUIT_NAMES[suit]), "value": rank}
