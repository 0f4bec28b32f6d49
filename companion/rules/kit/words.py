"""Words for cards that every game with suit marks says alike: a suit named on its own."""

from __future__ import annotations

from ..contract import Gettext


def suit_words(symbol: str, name: str, gettext: Gettext) -> str:
    """A suit (or colour) named alone: its mark, then its name in the reader's language,
    through the catalog as a card's words are ("♠ spade" in English, "♠スペード" in Japanese)."""
    return gettext("%(symbol)s %(suit)s") % {"symbol": symbol, "suit": gettext(name)}
