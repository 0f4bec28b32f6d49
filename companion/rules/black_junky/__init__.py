"""ブラック・じゃんきー (Black Junky): lay cards toward 21, red cards subtract, and the deck's
cross decides; most round wins takes the game.

Rulebook: shared/rules/002_53a106b024f6a4e1.txt, the fourth game (02:ブラック・じゃんきー).
The text has no numbered clauses, so every Ruling names the heading its sentence stands
under: "概要", "準備" (no jokers, the 13 crosses are the deck, the rest dealt evenly),
"ゲーム" (lay one or more cards, values as in blackjack, red subtracts, reveal, turn the
deck, closest to 21 wins, bust, ties all win, until the crosses run out), "勝敗" (most round
wins), "派生ルール" (keep the cards you win with, compare black cards), or "RULINGS" for a
decision of shared/rules/RULINGS.md or of this package where the text is silent.

Not a trick-taking game: nobody leads (start_choices is empty) and there is nothing to audit
(every card the deal makes impossible is refused when entered).

Log entries (Event kind and payload)
    "reveal" {"seat": s, "cards": [codes]}  One player's cards revealed this round. Each
             seat with cards once per round, in any order (state.awaiting; state.expected_seat
             is the lowest). A player with cards lays at least one and at most what they
             hold. A player whose hand is empty is not awaited: they sit out (RULINGS);
             [] ("no cards left") for them is still taken, as records made before have it.
    "deck"   {"card": "X7"}  The deck's cross, once everyone with cards has revealed
             (state.expects_deck): the round is decided.
    "undo" is handled by base.replay.

What the page reads from State (besides setup, players, is_over)
    phase ("reveal" | "deck" | "over"), round_number, awaiting, expected_seat, expects_deck,
    revealed / reveal_of(seat) / sits_out(seat) (this round), left (cards held per seat), played, used,
    rounds / last_round (RoundResult: plays, deck, counts (Count: values, total, bust,
    sum_text), winners, totals, busts, kept, rulings), crosses, wins, kept, variant_points,
    points, leaders, ended_early; setup.hand_size, setup.set_aside, setup.variant.

The package: `cards` (the deck and how to name a card), `totals` (a hand's total, a round
decided, the game's result and the variant's measure), `state` (the setup and the entries),
`scoring` (outcome, evening, next game), `judge`, `forms` (page forms and quick-judge taps),
`messages`, `options` (who plays, house rules, clause labels, the game's words).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    ACE, CROSSES, DECK, DECK_SUIT, HAND_CARDS, RANKS, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, card_text, deal,
    hand_size, parse_card, parse_cross, parse_hand_card, set_aside, suit_text,
)
from .forms import QuickJudge, form_payload, names, quick_judge_request
from .naming import entry_name
from .judge import ASKS, judge
from .messages import MESSAGES
from .options import (
    JUDGE_MAX_PLAYERS, MAX_PLAYERS, MEASURE_COUNT, MEASURE_OFF, MEASURE_SUM, MIN_PLAYERS, NAME, OPTIONS,
    PLAYER_COUNTS, SLUG, WORDS,
)
from .scoring import evening, next_setup, outcome, start_choices
from .state import Reveal, Setup, State, apply, audit, game_rulings, initial, make_setup, rulings
from .totals import Count, RoundResult, count_hand, decide, measure_points

__all__ = [
    "ACE", "ASKS", "CROSSES", "DECK", "DECK_SUIT", "HAND_CARDS", "JUDGE_MAX_PLAYERS", "MAX_PLAYERS",
    "MEASURE_COUNT", "MEASURE_OFF", "MEASURE_SUM", "MESSAGES", "MIN_PLAYERS", "NAME", "OPTIONS",
    "PLAYER_COUNTS", "RANKS", "SLUG", "SUITS", "SUIT_NAMES", "SUIT_SYMBOLS", "WORDS", "Card", "Count",
    "QuickJudge", "Reveal", "RoundResult", "Setup", "State", "apply", "audit", "card_text", "count_hand",
    "deal", "decide", "evening", "form_payload", "game_rulings", "hand_size", "initial", "judge",
    "make_setup", "measure_points", "entry_name", "names", "next_setup", "outcome", "parse_card", "parse_cross",
    "parse_hand_card", "quick_judge_request", "rulings", "set_aside", "start_choices", "suit_text",
]

if TYPE_CHECKING:  # mypy holds this package to the contract, with its own State throughout
    from .. import black_junky as _this
    from ..contract import Game

    _GAME: Game[State] = _this
