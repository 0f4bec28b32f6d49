"""King's Order's cards: 78 cards, six suits of A-K; only the rank matters (RULINGS).

A card is entered by its rank alone ("A", "2".."10", "J", "Q", "K": the rank pad) or as a
full card code, suit letter then rank ("HQ", "x10"); the suit is kept for telling cards
apart but plays no part in the rules.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..base import RuleError
from ..contract import Gettext
from .clauses import CONTENTS
from ..kit.tennos import SUIT_NAMES as SUIT_NAMES, SUIT_SYMBOLS as SUIT_SYMBOLS, SUITS as SUITS
from ..kit.tennos import card_words, rank_text as rank_text, suit_text as suit_text



RANKS = tuple(range(1, 14))
"""A (1) low to K (13) high (RULINGS: hands are held in rank order, A low, K high)."""
PAD = tuple(rank_text(rank) for rank in RANKS)
"""The rank pad, A to K: every entry of the game can be made with it."""
RANK_OF_TEXT: Mapping[str, int] = {text: rank for rank, text in zip(RANKS, PAD, strict=True)}

COPIES = len(SUITS)
"""内容物: each rank exists six times, once per suit."""
HAND_SIZE = 13
"""ゲームの準備: cards dealt to each player."""
FACE_CARDS = (11, 12, 13)
"""ゲームの終了と得点計算: J, Q and K score by majority, 11, 12 and 13 points."""
FACE_LETTERS: Mapping[int, str] = {11: "J", 12: "Q", 13: "K"}


@dataclass(frozen=True, order=True)
class Card:
    """A card: its rank (1 = A .. 13 = K) and, if it was entered, its suit ("" otherwise)."""

    rank: int
    suit: str = ""

    @property
    def code(self) -> str:
        """The code as entered, normalised: "7", "Q" or "HQ"."""
        return self.suit + rank_text(self.rank)

    @property
    def rank_card(self) -> Card:
        """The same card without its suit: what the rules see."""
        return Card(self.rank)

    def __str__(self) -> str:
        return self.code


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
"""All 78 cards."""

_CODE_RE = re.compile(r"^([A-Z]?)(10|[2-9]|[AJQK])$")


def parse_card(text: object) -> Card:
    """Read a rank ("Q", "10") or a full card code ("HQ", "x10"), refusing anything not in the deck."""
    if not isinstance(text, str):
        raise RuleError("ko.card_malformed", CONTENTS, text=str(text))
    cleaned = text.strip().upper()
    match = _CODE_RE.match(cleaned)
    if not match:
        if re.match(r"^[A-Z]?\d+$", cleaned):
            raise RuleError("ko.card_unknown_rank", CONTENTS, text=text)
        raise RuleError("ko.card_malformed", CONTENTS, text=text)
    suit, rank = match.group(1), RANK_OF_TEXT[match.group(2)]
    if suit and suit not in SUITS:
        raise RuleError("ko.card_unknown_suit", CONTENTS, text=text, suit=suit)
    return Card(rank, suit)


def same_card(a: Card, b: Card) -> bool:
    """Whether `a` and `b` may be one card: same rank, and same suit where both are known."""
    return a.rank == b.rank and (not a.suit or not b.suit or a.suit == b.suit)


def deal(rng: random.Random, players: int) -> list[list[Card]]:
    """ゲームの準備: shuffle with `rng` and deal 13 cards each, each hand held in ascending order.

    With fewer than six players the rest stay out of the game (RULINGS).
    """
    cards = list(DECK)
    rng.shuffle(cards)
    return [sorted(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE], key=lambda c: c.rank) for i in range(players)]


def card_text(code: str, gettext: Gettext) -> str:
    """A card as words: the rank alone ("Q"), or with its suit when it was entered ("♥ heart Q")."""
    card = parse_card(code)
    if not card.suit:
        return rank_text(card.rank)
    return card_words(card.suit, rank_text(card.rank), gettext)
