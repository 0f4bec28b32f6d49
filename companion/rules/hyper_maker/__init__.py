"""ハイパーメイカー (Hyper Maker): two-suit cards; a master card decides which suit follows.

Rulebook: shared/rules/000_60253a44d81db5f2.txt. Clause numbers are the rulebook's
("5(5)②" is section 5, part (5), item ②); "RULINGS" marks a decision of the project's
rulings where the text is silent.

A game is one deal: every card is dealt (15/12/10 each to 3/4/5 players) and the master
pile has as many cards as each hand, so a game is exactly that many tricks.

The package: `cards` (the deck and how to name a card), `tricks` (one trick decided, show-outs
and revokes), `state` (the setup, the entries, the audit), `scoring` (points, places, the
next game, the evening), `judge`, `forms` (page forms and quick-judge taps), `messages`,
`options` (who plays, house rules, the game's words).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    DEAL_SIZE, DECK, PAIRS, SUIT_NAMES, SUIT_SYMBOLS, SUITS, VALUE_SUM, Card, card_parts, card_text,
    cards_of_pair, deal, follows, parse_card, suit_text,
)
from .forms import form_payload, names, quick_judge_request
from .naming import entry_name
from .judge import ASKS, judge
from .messages import MESSAGES
from .options import MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, PLAYER_COUNTS, SLUG, WORDS
from .scoring import evening, next_setup, outcome, start_choices
from .state import Setup, State, apply, audit, initial, make_setup, rulings, scores
from .tricks import Play, Revoke, ShowOut, TrickResult, resolve

__all__ = [
    "ASKS", "DEAL_SIZE", "DECK", "MAX_PLAYERS", "MESSAGES", "MIN_PLAYERS", "NAME", "OPTIONS", "PAIRS",
    "PLAYER_COUNTS", "SLUG", "SUITS", "SUIT_NAMES", "SUIT_SYMBOLS", "VALUE_SUM", "WORDS", "Card", "Play",
    "Revoke", "Setup", "ShowOut", "State", "TrickResult", "apply", "audit", "card_parts", "card_text",
    "cards_of_pair", "deal", "evening", "follows", "form_payload", "initial", "judge", "make_setup",
    "entry_name", "names", "next_setup", "outcome", "parse_card", "quick_judge_request", "resolve", "rulings", "scores",
    "start_choices", "suit_text",
]

if TYPE_CHECKING:  # mypy holds this package to the contract, with its own State throughout
    from .. import hyper_maker as _this
    from ..contract import Game

    _GAME: Game[State] = _this
