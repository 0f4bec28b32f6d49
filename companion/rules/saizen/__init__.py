"""最善 (Saizen): per-suit rule cards, play-offs, must-win and three rounds.

Rulebook: shared/rules/004_413d75e84e137ef7.txt (clauses 2.1-2.4, the rule-card table in
2.3); "RULINGS" marks a decision of the project's rulings where the text is silent.

A game is three rounds with the same hand sets, passed to the right after each round; a
round ends after the trick in which a hand runs out. The cards are real: the engine never
knows a hand, only what the cards played prove each set holds.

The package: `cards` (the deck, the deal, the sets), `rulecards` (the four rule cards and
their rows), `tricks` (one trick decided, play-offs, MUST follow and 必勝), `state` (the
setup, the entries, the audit), `scoring` (points, places, the next game, the evening),
`judge`, `forms` (page forms and quick-judge taps), `messages`, `options`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    DECK, JOKER, SUIT_NAMES, SUIT_SYMBOLS, Card, card_text, hand_sizes, parse_card, parse_suit, set_held,
    suit_text,
)
from .forms import form_payload, names, quick_judge_request
from .naming import entry_name
from .judge import ASKS, judge
from .messages import MESSAGES
from .options import (
    JUDGE_OPTIONS, MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, PLAYER_COUNTS, ROUNDS, SLUG, WORDS,
)
from .rulecards import DEFAULT_FACES, FACE_WORDS, FACES, ROWS, SUITS, RuleCard, face_ref, read_rules
from .scoring import evening, next_setup, outcome, start_choices
from .state import Chip, Setup, State, Trick, apply, audit, initial, make_setup, rulings
from .tricks import Verdict, decide, follow_breach, must_win_slip, standing, surely_legal, tier

__all__ = [
    "ASKS", "DECK", "DEFAULT_FACES", "FACE_WORDS", "FACES", "JOKER", "JUDGE_OPTIONS", "MAX_PLAYERS", "MESSAGES",
    "MIN_PLAYERS", "NAME", "OPTIONS", "PLAYER_COUNTS", "ROUNDS", "ROWS", "SLUG", "SUITS", "SUIT_NAMES",
    "SUIT_SYMBOLS", "WORDS", "Card", "Chip", "RuleCard", "Setup", "State", "Trick", "Verdict", "apply",
    "audit", "card_text", "decide", "evening", "face_ref", "follow_breach", "form_payload", "hand_sizes", "initial",
    "judge", "make_setup", "must_win_slip", "entry_name", "names", "next_setup", "outcome", "parse_card", "parse_suit",
    "quick_judge_request", "read_rules", "rulings", "set_held", "standing", "start_choices", "suit_text",
    "surely_legal", "tier",
]

if TYPE_CHECKING:  # mypy holds this package to the contract, with its own State throughout
    from .. import saizen as _this
    from ..contract import Game

    _GAME: Game[State] = _this
