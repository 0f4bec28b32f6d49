"""たてよこ (Tateyoko): cards laid on a growing grid, same rank up and down, same suit in
sequence side by side; empty your hand, or hold few suits when everyone passes.

Rulebook: shared/rules/002_53a106b024f6a4e1.txt, the game "03:たてよこ". The text numbers
no clauses: rulings cite its headings ("準備", "B:パス", "得点計算"), and the rules it lists
for laying a card by their subject ("A:縦", "A:1直線"); see `clauses`. "RULINGS" marks a
decision of the project's rulings where the text is silent (rulebook.json lists them).

The package: `cards` (the deck, card codes, how to name a card), `layout` (the grid and the
rules for laying, free spots, a layout read from JSON), `state` (the setup, the entries, hand
sizes and the deck, the hands at the end; its docstring lists the entries), `scoring`
(points, the match, the next game), `judge`, `forms` (page forms and quick-judge taps),
`messages`, `options` (who plays, house rules, the game's words), `clauses`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import clauses
from .cards import (
    DEAL_SIZE, DECK, DECK_SIZE, RANKS, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, card_parts, card_text, deal,
    one_apart, parse_card, rank_text, suit_text,
)
from .forms import form_payload, names, quick_judge_request
from .naming import entry_name
from .judge import ASKS, judge
from .layout import (
    ORIGIN, REASONS, Grid, Pos, Problem, beside, fits, free_spots, parse_position, place_problem, position_text,
    read_grid, spots,
)
from .messages import MESSAGES
from .options import (
    DEFAULT_LIMIT, LIMIT, MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, PLAYER_COUNTS, SCORES_ONLY, SLUG, WORDS,
)
from .scoring import POSSIBLE_PENALTIES, Match, evening, match, next_setup, outcome, start_choices
from .state import (
    OUT_POINTS, Hand, Laid, Setup, State, Turn, apply, audit, counts_of, initial, make_setup, playable, rulings,
    state_spots,
)

__all__ = [
    "ASKS", "DEAL_SIZE", "DECK", "DECK_SIZE", "DEFAULT_LIMIT", "LIMIT", "MAX_PLAYERS", "MESSAGES", "MIN_PLAYERS",
    "NAME", "OPTIONS", "ORIGIN", "OUT_POINTS", "PLAYER_COUNTS", "POSSIBLE_PENALTIES", "RANKS", "REASONS",
    "SCORES_ONLY", "SLUG", "SUITS", "SUIT_NAMES", "SUIT_SYMBOLS", "WORDS", "Card", "Grid", "Hand", "Laid", "Match",
    "Pos", "Problem", "Setup", "State", "Turn", "apply", "audit", "beside", "card_parts", "card_text", "clauses",
    "counts_of", "deal", "evening", "fits", "form_payload", "free_spots", "initial", "judge", "make_setup", "match",
    "entry_name", "names", "next_setup", "one_apart", "outcome", "parse_card", "playable", "parse_position",
    "place_problem", "position_text",
    "quick_judge_request", "rank_text", "read_grid", "rulings", "spots", "start_choices", "state_spots",
    "suit_text",
]

if TYPE_CHECKING:  # mypy holds this package to the contract, with its own State throughout
    from .. import tateyoko as _this
    from ..contract import Game

    _GAME: Game[State] = _this
