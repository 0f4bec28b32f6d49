"""Hyper Maker's cards: two suits each, the values summing to 11 (rulebook 1, RULINGS)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..base import RuleError
from ..contract import Gettext
from ..kit.words import COLOUR_MARKS, COLOUR_NAMES, suit_words

if TYPE_CHECKING:  # the caller brings its random source: the judge never deals
    import random

SUITS = ("R", "B", "G", "Y")
"""The four suits in the order the rulebook lists them: ●赤 red, ■青 blue, ▲緑 green, ★黄 yellow."""

SUIT_NAMES: Mapping[str, str] = {suit: COLOUR_NAMES[suit] for suit in SUITS}
SUIT_SYMBOLS: Mapping[str, str] = {suit: COLOUR_MARKS[suit] for suit in SUITS}

DEAL_SIZE: Mapping[int, int] = {3: 15, 4: 12, 5: 10}
"""4(1): cards dealt to each player, and the size of the master pile."""

VALUE_SUM = 11
"""The two values on a card run in opposite directions: k and 11 - k (RULINGS)."""



@dataclass(frozen=True, order=True)
class Card:
    """A card: two different suits, each with its value; the values sum to 11.

    Stored with its suits in the order of SUITS, so each physical card has one form.
    """

    suit_a: str
    value_a: int
    suit_b: str
    value_b: int

    @property
    def code(self) -> str:
        """The short code, for example "R5B6"."""
        return f"{self.suit_a}{self.value_a}{self.suit_b}{self.value_b}"

    @property
    def pair(self) -> str:
        """The card's suit pair, for example "RB"."""
        return self.suit_a + self.suit_b

    @property
    def suits(self) -> tuple[str, str]:
        return (self.suit_a, self.suit_b)

    def has(self, suit: str) -> bool:
        return suit in (self.suit_a, self.suit_b)

    def value(self, suit: str) -> int:
        """The card's value in `suit`, which must be one of its two suits."""
        if suit == self.suit_a:
            return self.value_a
        if suit == self.suit_b:
            return self.value_b
        raise KeyError(suit)

    def other(self, suit: str) -> str:
        """The card's suit that is not `suit`."""
        return self.suit_b if suit == self.suit_a else self.suit_a

    def __str__(self) -> str:
        return self.code


PAIRS: tuple[str, ...] = tuple(a + b for i, a in enumerate(SUITS) for b in SUITS[i + 1 :])
"""1: the six suit pairs, each printed on ten cards."""

DECK: tuple[Card, ...] = tuple(
    Card(pair[0], k, pair[1], VALUE_SUM - k) for pair in PAIRS for k in range(1, 11)
)
"""All 60 cards."""

_CARD_RE = re.compile(r"^\s*([A-Za-z])(\d{1,2})([A-Za-z])(\d{1,2})\s*$")


def parse_card(text: object) -> Card:
    """Read a card code such as "R5B6" or "B6R5", refusing anything not in the deck."""
    if not isinstance(text, str):
        raise RuleError("hm.card_malformed", "1", text=str(text))
    match = _CARD_RE.match(text)
    if not match:
        raise RuleError("hm.card_malformed", "1", text=text)
    s1, v1, s2, v2 = match.group(1).upper(), int(match.group(2)), match.group(3).upper(), int(match.group(4))
    for suit in (s1, s2):
        if suit not in SUITS:
            raise RuleError("hm.card_unknown_suit", "1", text=text, suit=suit)
    if s1 == s2:
        raise RuleError("hm.card_same_suit", "1", text=text)
    if not (1 <= v1 <= 10 and 1 <= v2 <= 10):
        raise RuleError("hm.card_value_range", "1", text=text)
    if v1 + v2 != VALUE_SUM:
        raise RuleError("hm.card_sum", "1", text=text, total=v1 + v2)
    if SUITS.index(s1) > SUITS.index(s2):
        s1, v1, s2, v2 = s2, v2, s1, v1
    return Card(s1, v1, s2, v2)


def cards_of_pair(pair: str) -> tuple[Card, ...]:
    """The ten cards of one suit pair, lowest first in the pair's first suit."""
    return tuple(card for card in DECK if card.pair == pair)


def deal(rng: random.Random, players: int) -> tuple[list[list[Card]], list[Card]]:
    """4(1): shuffle with `rng` and deal every card: one hand per player and the master pile."""
    deck = list(DECK)
    rng.shuffle(deck)
    size = DEAL_SIZE[players]
    return [deck[i * size:(i + 1) * size] for i in range(players)], deck[players * size:]


def follows(card: Card, master: Card) -> bool:
    """5(2): a card follows when it holds at least one of the master's two suits."""
    return card.has(master.suit_a) or card.has(master.suit_b)




def card_parts(code: str) -> tuple[tuple[str, str], ...]:
    """The (suit, value) marks printed on a card, for showing it: "R5B6" -> (("R","5"),("B","6"))."""
    card = parse_card(code)
    return ((card.suit_a, str(card.value_a)), (card.suit_b, str(card.value_b)))


def suit_text(code: str, gettext: Gettext) -> str:
    """A suit as words: its mark and its name ("● red")."""
    return suit_words(SUIT_SYMBOLS[code], SUIT_NAMES[code], gettext)


def card_text(code: str, gettext: Gettext) -> str:
    """A card as words: both suits with their values ("● red 5 / ■ blue 6")."""
    return " / ".join(
        gettext("%(symbol)s %(suit)s %(value)s") % {"symbol": SUIT_SYMBOLS[suit], "suit": gettext(SUIT_NAMES[suit]), "value": value}
        for suit, value in card_parts(code)
    )
