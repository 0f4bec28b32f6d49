"""Take & Share's cards: six suits numbered A (= 1) to 10; 3 players leave out A and 2 (使用カード)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from ..base import CardRef, RuleError
from ..contract import Gettext
from ..kit.cards import read_code
from .options import C_CARDS, HAND_SIZE
from ..kit.tennos import SUIT_NAMES as SUIT_NAMES, SUIT_SYMBOLS as SUIT_SYMBOLS, SUITS as SUITS
from ..kit import tennos
from ..kit.tennos import card_words, suit_text as suit_text



HIGHEST = 10
LOWEST: Mapping[int, int] = {4: 1, 3: 3}
"""使用カード: 4 players use A (counted as 1) to 10 of each suit, 60 cards; 3 players 3 to 10, 48."""


def number_text(number: int) -> str:
    """How a number is printed on the card: "A" for 1, else the digits."""
    return "A" if number == 1 else str(number)


class Card(tennos.Card):
    """One card of the TENNOS deck: a suit letter and its number (1 for the A, up to 10);
    its code reads "LA", "X10", "S7"."""

    @property
    def number(self) -> int:
        """The number printed on the card, the A counting 1: the rank, as the rulebook says it."""
        return self.rank


def deck(players: int) -> tuple[Card, ...]:
    """使用カード: the cards `players` players use, suit by suit, lowest number first."""
    return tuple(Card(s, n) for s in SUITS for n in range(LOWEST[players], HIGHEST + 1))



def parse_card(text: object, players: int | None = None) -> Card:
    """Read a card code such as "LA", "x10" or "S7" ("L1" is read as the A).

    Refuses anything that is not a card of the game; with `players`, also a card outside
    that count's deck (3 players play without the A and the 2).
    """
    suit, part = read_code(text, SUITS, "tns.card_malformed", "tns.card_unknown_suit", C_CARDS, ranks="[0-9]{1,2}|[Aa]")
    number = 1 if part == "A" else int(part)
    if not 1 <= number <= HIGHEST:
        raise RuleError("tns.card_unknown_number", C_CARDS, text=text, number=part)
    card = Card(suit, number)
    if players is not None and players in LOWEST and number < LOWEST[players]:
        raise RuleError("tns.card_not_in_deck", C_CARDS, card=CardRef(card.code), players=players,
                        low=number_text(LOWEST[players]))
    return card


def deal(rng: random.Random, players: int) -> tuple[list[list[Card]], list[Card]]:
    """ゲームの準備: shuffle with `rng`, deal 14 cards each (15 with 3 players), and the rest
    (4 or 3 cards) face up as the share."""
    cards = list(deck(players))
    rng.shuffle(cards)
    size = HAND_SIZE[players]
    return [cards[i * size:(i + 1) * size] for i in range(players)], cards[players * size:]


def by_suit(cards: Iterable[Card]) -> dict[str, tuple[Card, ...]]:
    """The cards sorted into the six suits (every suit listed), lowest number first."""
    out: dict[str, list[Card]] = {s: [] for s in SUITS}
    for card in cards:
        out[card.suit].append(card)
    return {s: tuple(sorted(cs)) for s, cs in out.items()}


def card_text(code: str, gettext: Gettext) -> str:
    """A card as words ("♠ spade 10", "❦ leaf A")."""
    card = parse_card(code)
    return card_words(card.suit, number_text(card.number), gettext)
