"""The TENNOS cards of たてよこ: six suits of thirteen ranks, no jokers (用具)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from ..base import RuleError
from ..contract import Gettext
from ..kit.cards import read_code
from ..kit.tennos import SUIT_NAMES as SUIT_NAMES, SUIT_SYMBOLS as SUIT_SYMBOLS, SUITS as SUITS
from ..kit import tennos
from ..kit.tennos import card_words, rank_text as rank_text, suit_text as suit_text
from . import clauses as c

RANKS = tuple(range(1, 14))
"""A:横: the rank order A 2 3 ... 9 10 J Q K, then A again (A = 1, J = 11, Q = 12, K = 13)."""
RANK_OF_TEXT: Mapping[str, int] = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}

DECK_SIZE = len(SUITS) * len(RANKS)
"""用具: 78 cards."""

DEAL_SIZE: Mapping[int, int] = {3: 15, 4: 12, 5: 10, 6: 8, 7: 8}
"""準備: cards dealt to each player, by the number of players (7 players: 8 each, RULINGS)."""


class Card(tennos.Card):
    """One card: a suit letter and a rank 1..13 (A = 1, J = 11, Q = 12, K = 13)."""


DECK: tuple[Card, ...] = tuple(Card(s, r) for s in SUITS for r in RANKS)
"""All 78 cards, suit by suit, A to K."""


def parse_card(text: object) -> Card:
    """Read a card code such as "SQ", "ha", "C10" (or "CT"), refusing anything not in the deck."""
    suit, rank_part = read_code(text, SUITS, "ty.card_malformed", "ty.card_unknown_suit", c.EQUIPMENT)
    if rank_part.isalpha():
        rank = RANK_OF_TEXT.get(rank_part)
    else:
        rank = int(rank_part) if 2 <= int(rank_part) <= 10 else None
    if rank is None:
        raise RuleError("ty.card_unknown_rank", c.EQUIPMENT, text=text, rank=rank_part)
    return Card(suit, rank)


def parse_suit(text: object) -> str:
    """A suit letter (any case), refusing anything else."""
    if not isinstance(text, str) or text.strip().upper() not in SUITS:
        raise RuleError("ty.suit_unknown", c.EQUIPMENT, suit=str(text))
    return text.strip().upper()


def one_apart(a: int, b: int) -> bool:
    """A:横: two ranks next to each other in the order A 2 ... Q K A (K and A are one apart)."""
    return (a - b) % len(RANKS) in (1, len(RANKS) - 1)


def deal(rng: random.Random, players: int) -> tuple[list[list[Card]], Card, list[Card]]:
    """準備: shuffle with `rng`, deal each player their cards, turn up the top card of the rest.

    Returns (hands, the starting card, the deck left face down, top first).
    """
    cards = list(DECK)
    rng.shuffle(cards)
    size = DEAL_SIZE[players]
    hands = [cards[i * size:(i + 1) * size] for i in range(players)]
    rest = cards[players * size:]
    return hands, rest[0], rest[1:]


def card_parts(code: str) -> tuple[tuple[str, str], ...]:
    """The (suit, rank) marks printed on a card, for showing it: "SQ" -> (("S", "Q"),)."""
    card = parse_card(code)
    return ((card.suit, card.rank_text),)


def card_text(code: str, gettext: Gettext) -> str:
    """A card as words ("♠ spade Q")."""
    card = parse_card(code)
    return card_words(card.suit, card.rank_text, gettext)
