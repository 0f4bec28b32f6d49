"""Black Junky's cards: a TENNOS deck without jokers, six suits of A 2-10 J Q K (準備).

The 13 crosses are the deck turned each round; the other 65 cards are dealt evenly.
Codes as in Twin Shoot: a suit letter and a rank ("HQ", "SA", "X10").
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from ..base import CardRef, RuleError
from ..contract import Gettext
from ..kit.cards import read_code
from .options import C_SETUP
from ..kit.tennos import SUIT_NAMES as SUIT_NAMES, SUIT_SYMBOLS as SUIT_SYMBOLS, SUITS as SUITS
from ..kit import tennos
from ..kit.tennos import card_words, rank_text as rank_text, suit_text as suit_text

DECK_SUIT = "X"
"""準備: the crosses are taken out to make the deck."""


ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANKS = tuple(range(ACE, KING + 1))
"""A, 2-10, J, Q, K as 1..13."""
RANK_OF_TEXT: Mapping[str, int] = {"A": ACE, "J": JACK, "Q": QUEEN, "K": KING, "T": 10}

ACE_HIGH = 11
"""ゲーム: an ace counts 1 or 11, as in blackjack."""
FACE_VALUE = 10
"""ゲーム: J, Q and K count 10."""


class Card(tennos.Card):
    """One card: a suit letter and a rank (1 = A, 11 = J, 12 = Q, 13 = K)."""

    @property
    def is_ace(self) -> bool:
        return self.rank == ACE

    @property
    def is_cross(self) -> bool:
        return self.suit == DECK_SUIT

    @property
    def value(self) -> int:
        """ゲーム: what the card counts, unsigned; an ace its low value 1."""
        return min(self.rank, FACE_VALUE)

    def is_red(self, red: Iterable[str]) -> bool:
        return self.suit in red


DECK: tuple[Card, ...] = tuple(Card(s, r) for s in SUITS for r in RANKS)
"""準備: all 78 cards (no jokers)."""
CROSSES: tuple[Card, ...] = tuple(c for c in DECK if c.is_cross)
"""準備: the 13 crosses, the deck turned each round."""
HAND_CARDS: tuple[Card, ...] = tuple(c for c in DECK if not c.is_cross)
"""準備: the 65 cards dealt to the players."""


def hand_size(players: int) -> int:
    """準備: the cards each player is dealt, the 65 shared evenly."""
    return len(HAND_CARDS) // players


def set_aside(players: int) -> int:
    """準備 (RULINGS): the cards left over after the even deal, set aside unseen."""
    return len(HAND_CARDS) % players



def parse_card(text: object) -> Card:
    """Read a card code such as "HQ", "sa" or "X10", refusing anything not in the deck."""
    suit, rank_part = read_code(text, SUITS, "bj.card_malformed", "bj.card_unknown_suit", C_SETUP)
    rank = RANK_OF_TEXT.get(rank_part) if rank_part.isalpha() else int(rank_part)
    if rank is None or rank_part.isdigit() and not 2 <= rank <= 10:
        raise RuleError("bj.card_unknown_rank", C_SETUP, text=text, rank=rank_part)
    return Card(suit, rank)


def parse_hand_card(text: object) -> Card:
    """A card a player lays: any card but a cross (準備: the crosses are the deck)."""
    card = parse_card(text)
    if card.is_cross:
        raise RuleError("bj.cross_in_hand", C_SETUP, card=CardRef(card.code))
    return card


def parse_cross(text: object) -> Card:
    """The deck's card: a cross (準備)."""
    card = parse_card(text)
    if not card.is_cross:
        raise RuleError("bj.deck_not_cross", C_SETUP, card=CardRef(card.code))
    return card


def deal(rng: random.Random, players: int) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """準備: shuffle the crosses into the deck and deal the other 65 evenly with `rng`.

    Returns (one hand per player, the deck top first, the cards set aside).
    """
    deck = list(CROSSES)
    rng.shuffle(deck)
    rest = list(HAND_CARDS)
    rng.shuffle(rest)
    size = hand_size(players)
    return [rest[i * size:(i + 1) * size] for i in range(players)], deck, rest[players * size:]


def codes(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(c.code for c in cards)


def card_text(code: str, gettext: Gettext) -> str:
    """A card as words ("♥ heart Q")."""
    card = parse_card(code)
    return card_words(card.suit, card.rank_text, gettext)
