"""Words for cards that every game with suit marks says alike: a suit named on its own, and
the colours the coloured decks are printed in."""

from __future__ import annotations

from collections.abc import Mapping

from ..base import N_
from ..contract import Gettext

COLOUR_NAMES: Mapping[str, str] = {
    "R": N_("red"),
    "B": N_("blue"),
    "G": N_("green"),
    "Y": N_("yellow"),
    "P": N_("purple"),
    "W": N_("white"),
    "K": N_("black"),
}
"""The colours of the games' coloured decks, by the letter their codes use; each game takes its own few."""
COLOUR_MARKS: Mapping[str, str] = {"R": "●", "B": "■", "G": "▲", "Y": "★", "P": "◆"}
"""The mark each colour is printed with, in the coloured decks that print one (a deck that prints
none, or others, does not read these)."""


def suit_words(symbol: str, name: str, gettext: Gettext) -> str:
    """A suit (or colour) named alone: its mark, then its name in the reader's language,
    through the catalog as a card's words are ("♠ spade" in English, "♠スペード" in Japanese)."""
    return gettext("%(symbol)s %(suit)s") % {"symbol": symbol, "suit": gettext(name)}
