"""King's Trick's cards: five colours 1-9 and KING, QUEEN, JESTER (rulebook 1), and what a
card is worth in a trick (tenths) and in a set (its picture)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..base import N_, CardRef, RuleError, SuitRef
from ..contract import Gettext
from ..kit import words

COLOURS = ("R", "B", "G", "W", "K")
"""1: the five colours in the rulebook's order: 赤 red, 青 blue, 緑 green, 白 white, 黒 black."""

COLOUR_NAMES: Mapping[str, str] = {colour: words.COLOUR_NAMES[colour] for colour in COLOURS}

KING, QUEEN, JESTER = "KING", "QUEEN", "JESTER"
SPECIALS = (KING, QUEEN, JESTER)
"""1: one king, one Queen, one Jester; their short codes are the words themselves."""

SPECIAL_NAMES: Mapping[str, str] = {KING: N_("KING"), QUEEN: N_("QUEEN"), JESTER: N_("JESTER")}

KINDS = ("orb", "sword", "shield", "crystal", "potion", "kqj")
"""1: the pictures: each 1 an orb, each 2 a sword, each 3 a shield, 4 and 5 crystals, 6 to 9
potions; KING, QUEEN and JESTER ("kqj") multiply a set (3(6))."""

SET_KINDS = KINDS[:5]

KIND_NAMES: Mapping[str, str] = {
    "orb": N_("orbs"),
    "sword": N_("swords"),
    "shield": N_("shields"),
    "crystal": N_("crystals"),
    "potion": N_("potions"),
    "kqj": N_("KING/QUEEN/JESTER"),
}

KING_PLUS = 5
QUEEN_MINUS = 4
JESTER_VALUE = 3
"""3(4)※: values in tenths, kept exact: KING +0.5, QUEEN -0.4, JESTER 0.3."""

DEAL_SIZE: Mapping[int, int] = {3: 13, 4: 12, 5: 9, 6: 8}
"""2: cards dealt to each player; every card of the game's deck is dealt, so a game has at
most this many tricks."""


@dataclass(frozen=True, order=True)
class Card:
    """A card by its short code: "R5" (colour letter and value 1-9), "KING", "QUEEN", "JESTER"."""

    code: str

    @property
    def colour(self) -> str | None:
        """The printed colour; None for KING, QUEEN and JESTER (not 色付のカード)."""
        return None if self.code in SPECIALS else self.code[0]

    @property
    def number(self) -> int | None:
        return None if self.code in SPECIALS else int(self.code[1:])

    @property
    def is_special(self) -> bool:
        return self.code in SPECIALS

    @property
    def kind(self) -> str:
        """1: the picture on the card."""
        n = self.number
        if n is None:
            return "kqj"
        return ("orb", "sword", "shield", "crystal", "crystal", "potion", "potion", "potion", "potion")[n - 1]

    @property
    def sort_key(self) -> tuple[int, int]:
        """Colour order of the rulebook, then value; the specials last."""
        if self.code in SPECIALS:
            return (len(COLOURS), SPECIALS.index(self.code))
        return (COLOURS.index(self.code[0]), int(self.code[1:]))

    def __str__(self) -> str:
        return self.code


FULL_DECK: tuple[Card, ...] = tuple(Card(f"{c}{n}") for c in COLOURS for n in range(1, 10)) + tuple(
    Card(s) for s in SPECIALS)
"""1: all 48 cards."""

_CARD_RE = re.compile(r"^([A-Za-z])(\d{1,2})$")


def parse_card(text: object) -> Card:
    """Read a card code ("R5", "k8", "KING", "queen"), refusing anything not in the full deck."""
    if not isinstance(text, str):
        raise RuleError("kt.card_malformed", "1", text=str(text))
    clean = text.strip().upper()
    if clean in SPECIALS:
        return Card(clean)
    match = _CARD_RE.match(clean)
    if not match:
        raise RuleError("kt.card_malformed", "1", text=text)
    colour, value = match.group(1), int(match.group(2))
    if colour not in COLOURS:
        raise RuleError("kt.card_unknown_colour", "1", text=text, colour=colour)
    if not 1 <= value <= 9:
        raise RuleError("kt.card_value_range", "1", text=text)
    return Card(f"{colour}{value}")


def deck(players: int, removed: str | None = None) -> tuple[Card, ...]:
    """2: the cards of a game: 3 players without the `removed` colour (2(1)①), 5 players
    without KING, QUEEN and JESTER (2(3)①), 4 and 6 players every card."""
    cards = FULL_DECK
    if players == 3 and removed is not None:
        cards = tuple(c for c in cards if c.colour != removed)
    if players == 5:
        cards = tuple(c for c in cards if not c.is_special)
    return cards


def in_game(card: Card, players: int, removed: str | None = None) -> Card:
    """`card`, refused if this game's deck does not hold it (2(1)①, 2(3)①)."""
    if players == 3 and removed is not None and card.colour == removed:
        raise RuleError("kt.colour_removed", "2(1)①", card=CardRef(card.code), colour=SuitRef(removed))
    if players == 5 and card.is_special:
        raise RuleError("kt.specials_removed", "2(3)①", card=CardRef(card.code))
    return card


def deal(rng: random.Random, players: int, removed: str | None = None) -> list[list[Card]]:
    """2: shuffle this game's deck with `rng` and deal it all out, one hand per player."""
    cards = list(deck(players, removed))
    rng.shuffle(cards)
    size = DEAL_SIZE[players]
    return [sorted(cards[i * size:(i + 1) * size], key=lambda c: c.sort_key) for i in range(players)]


def counts(cards: Iterable[Card]) -> dict[str, int]:
    """How many cards of each kind (orb, sword, shield, crystal, potion, kqj)."""
    found = dict.fromkeys(KINDS, 0)
    for card in cards:
        found[card.kind] += 1
    return found


def value_text(tenths: int) -> str:
    """A trick value as printed, exactly: 65 -> "6.5", -1 -> "-0.1", 3 -> "0.3"; a whole value
    (an ordinary card's: KING, QUEEN and JESTER never come to one) without a decimal, 50 -> "5"."""
    sign = "-" if tenths < 0 else ""
    if tenths % 10 == 0:
        return f"{sign}{abs(tenths) // 10}"
    return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}"


def value_number(tenths: int) -> float:
    """A trick value as a JSON number with one decimal (6.5)."""
    return round(tenths / 10, 1)


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.sort_key))


def suit_text(code: str, gettext: Gettext) -> str:
    """A colour ("R") or a kind of picture ("orb") as words in the reader's language."""
    if code in COLOUR_NAMES:
        return gettext(COLOUR_NAMES[code])
    if code in KIND_NAMES:
        return gettext(KIND_NAMES[code])
    return code


def kind_text(kind: str, gettext: Gettext) -> str:
    """A kind of picture as words ("orbs")."""
    return gettext(KIND_NAMES[kind])


def card_text(code: str, gettext: Gettext) -> str:
    """A card as words: "red 5", "KING" (in Japanese 赤の5, キング)."""
    card = parse_card(code)
    if card.is_special:
        return gettext(SPECIAL_NAMES[card.code])
    return gettext("%(colour)s %(value)s") % {"colour": gettext(COLOUR_NAMES[card.code[0]]), "value": card.number}


def codes(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(c.code for c in cards)
