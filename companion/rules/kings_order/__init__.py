"""キングスオーダー (King's Order): play a card, throw away a half, claim the end cards of a
chosen hand; J, Q and K score by majority.

Rulebook: shared/rules/002_53a106b024f6a4e1.txt, the game "04:キングスオーダー"; its clauses
are named by their headings (clauses.py, rulebook.json); "RULINGS" marks a decision of the
project's rulings where the text is silent.

A game of this app is one round (one deal of 13 cards each, 3-6 players); the match of 1 or
3 rounds is the evening (scoring.py). Suits play no part: every entry can be made with ranks
(A 2-10 J Q K), though full card codes ("HQ") are accepted and then each card once is checked.

The package: `cards` (ranks, codes, the deck), `turns` (one turn on known hands; what a
record allows), `points` (the score), `state` (the entries, the audit), `scoring` (outcome,
evening, next round), `judge`, `forms` (page forms and quick-judge taps), `messages`,
`options`, `clauses`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    COPIES, DECK, FACE_CARDS, HAND_SIZE, PAD, RANKS, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, card_text, deal,
    parse_card, rank_text, same_card, suit_text,
)
from .forms import form_payload, names, quick_judge_request
from .naming import entry_name
from .judge import ASKS, judge
from .messages import MESSAGES
from .options import MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, PLAYER_COUNTS, ROUNDS, SLUG, WORDS
from .points import Score, score
from .scoring import evening, next_setup, outcome, start_choices
from .state import STEPS, Setup, State, Turn, apply, audit, initial, make_setup, rulings, scores
from .turns import SIDES, Known, TurnResult, hand_over, hand_over_proof, kept_proof, play_turn

__all__ = [
    "ASKS", "COPIES", "DECK", "FACE_CARDS", "HAND_SIZE", "MAX_PLAYERS", "MESSAGES", "MIN_PLAYERS", "NAME",
    "OPTIONS", "PAD", "PLAYER_COUNTS", "RANKS", "ROUNDS", "SIDES", "SLUG", "STEPS", "SUITS", "SUIT_NAMES",
    "SUIT_SYMBOLS", "WORDS", "Card", "Known", "Score", "Setup", "State", "Turn", "TurnResult", "apply", "audit",
    "card_text", "deal", "evening", "form_payload", "hand_over", "hand_over_proof", "initial", "judge",
    "kept_proof", "make_setup", "entry_name", "names", "next_setup", "outcome", "parse_card", "play_turn", "quick_judge_request",
    "rank_text", "rulings", "same_card", "score", "scores", "start_choices", "suit_text",
]

if TYPE_CHECKING:  # mypy holds this package to the contract, with its own State throughout
    from .. import kings_order as _this
    from ..contract import Game

    _GAME: Game[State] = _this
