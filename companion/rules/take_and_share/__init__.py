"""Take & Share: must follow; all the lead suit, the highest wins, else the lowest; the winner
hands the face-up share out, one card to each player; suit majorities score.

Rulebook: shared/rules/002_53a106b024f6a4e1.txt, the game "01:Take & Share" (the last in
the file). Its clauses are its headings ("ゲームの準備", "トリックの手順 2)", "トリックの解決
B)", "シェアの解決", "得点計算" ...; see rulebook.json); "RULINGS" marks a decision of the
project's rulings where the text is silent.

A game is one deal: 14 cards to each of 4 players (15 to each of 3), the rest face up as the
share; 14 (15) tricks, each followed by the winner handing out the share.

The package: `cards` (the deck and how to name a card), `tricks` (one trick decided,
show-outs and revokes), `points` (suit majorities), `state` (the setup, the entries, the
hand-outs, the audit), `scoring` (the outcome, the long game, the next game), `judge`,
`forms` (page forms and quick-judge taps), `messages`, `options` (who plays, clauses, the
table option, the game's words).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    HIGHEST, LOWEST, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, by_suit, card_text, deal, deck, number_text,
    parse_card, suit_text,
)
from .forms import form_payload, names, quick_judge_request
from .naming import entry_name
from .judge import ASKS, judge
from .messages import MESSAGES
from .options import (
    HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, PLAYER_COUNTS, PRINTED_TARGET, SLUG, TARGET, WORDS,
    target_points,
)
from .points import Score, score
from .scoring import evening, match, next_setup, outcome, start_choices
from .state import (
    GIVE, OVER, PLAY, SHARE, Give, Handout, Setup, State, TrickResult, apply, audit, final_score, initial,
    make_setup, rulings,
)
from .tricks import HIGH, LOW, Decision, Play, Revoke, ShowOut, must_follow, resolve

__all__ = [
    "ASKS", "GIVE", "HAND_SIZE", "HIGH", "HIGHEST", "LOW", "LOWEST", "MAX_PLAYERS", "MESSAGES", "MIN_PLAYERS",
    "NAME", "OPTIONS", "OVER", "PLAY", "PLAYER_COUNTS", "PRINTED_TARGET", "SHARE", "SLUG", "SUITS", "SUIT_NAMES",
    "SUIT_SYMBOLS", "TARGET", "WORDS", "Card", "Decision", "Give", "Handout", "Play", "Revoke", "Score",
    "Setup", "ShowOut", "State", "TrickResult", "apply", "audit", "by_suit", "card_text", "deal", "deck",
    "evening", "final_score", "form_payload", "initial", "judge", "make_setup", "match", "must_follow",
    "entry_name", "names", "next_setup", "number_text", "outcome", "parse_card", "quick_judge_request", "resolve", "rulings", "score",
    "start_choices", "suit_text", "target_points",
]

if TYPE_CHECKING:  # mypy holds this package to the contract, with its own State throughout
    from .. import take_and_share as _this
    from ..contract import Game

    _GAME: Game[State] = _this
