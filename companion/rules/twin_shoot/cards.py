"""Twin Shoot's cards: six suits, ranks 3 to A, the deck for 4 or 6 players (カードの強さ,
ゲームの準備), how to read and name a card, and what a bid is worth."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from ..base import CardRef, RuleError
from ..contract import Gettext
from ..kit.cards import read_code
from .clauses import C_SETUP, C_STRENGTH
from ..kit.tennos import SUIT_NAMES as SUIT_NAMES, SUIT_SYMBOLS as SUIT_SYMBOLS, SUITS as SUITS
from ..kit import tennos
from ..kit.tennos import card_words, rank_text as rank_text, suit_text as suit_text


SUIT_VALUES: Mapping[str, int] = {"L": 5, "X": 4, "C": 3, "H": 2, "S": 1, "D": 0}
"""カードの強さ: what each suit counts in a bid."""


RANK_OF_TEXT: Mapping[str, int] = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10}
HIGHEST_RANK = 14
LOWEST_RANK: Mapping[int, int] = {4: 7, 6: 3}
"""ゲームの準備: four players remove 2-6 (48 cards), six players remove the 2s (72 cards)."""

HAND_SIZE = 12
"""遊び方: cards dealt to each player."""
BID_CARDS = 2


class Card(tennos.Card):
    """One card: a suit letter and a rank (3..14, where 11 J, 12 Q, 13 K, 14 A)."""

    @property
    def value(self) -> int:
        """The card's bid value: its suit's number (カードの強さ)."""
        return SUIT_VALUES[self.suit]

    @property
    def suit_strength(self) -> int:
        """Higher is stronger: leaf 6 ... diamond 1."""
        return len(SUITS) - SUITS.index(self.suit)


def deck(players: int) -> tuple[Card, ...]:
    """ゲームの準備: the cards used by `players` players, strongest suit and rank first."""
    low = LOWEST_RANK[players]
    return tuple(Card(s, r) for s in SUITS for r in range(HIGHEST_RANK, low - 1, -1))



def parse_card(text: object, players: int | None = None) -> Card:
    """Read a card code such as "LA", "x10" or "H7".

    Refuses anything that is not a card of the game (no 2s are used); with `players`, also
    a card outside that deck (four players use 7-A only).
    """
    suit, rank_part = read_code(text, SUITS, "ts.card_malformed", "ts.card_unknown_suit", C_STRENGTH)
    rank = RANK_OF_TEXT.get(rank_part) if rank_part.isalpha() else int(rank_part)
    if rank == 2:
        raise RuleError("ts.card_no_twos", C_SETUP, text=text)
    if rank is None or not 3 <= rank <= HIGHEST_RANK:
        raise RuleError("ts.card_unknown_rank", C_STRENGTH, text=text, rank=rank_part)
    card = Card(suit, rank)
    if players is not None and players in LOWEST_RANK and rank < LOWEST_RANK[players]:
        raise RuleError("ts.card_not_in_deck", C_SETUP, card=CardRef(card.code),
                        players=players, low=rank_text(LOWEST_RANK[players]))
    return card


def deal(rng: random.Random, players: int) -> list[list[Card]]:
    """遊び方: shuffle with `rng` and deal the whole deck, 12 cards to each player."""
    cards = list(deck(players))
    rng.shuffle(cards)
    return [cards[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(players)]


def bid_value(cards: Iterable[Card]) -> int:
    """ビッドフェーズ: the tricks a bid predicts, the sum of its cards' suit values."""
    return sum(card.value for card in cards)


def card_text(code: str, gettext: Gettext) -> str:
    """A card as words ("✚ cross 10")."""
    card = parse_card(code)
    return card_words(card.suit, card.rank_text, gettext)
