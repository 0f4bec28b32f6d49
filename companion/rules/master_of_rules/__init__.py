"""ルールの達人 (Master of Rules): everyone plays a number card and a rule card; five rules
are judged on the five number cards of the round.

Rulebook: shared/rules/003_baedc90d98f00689.txt; "RULINGS" marks a decision of
shared/rules/RULINGS.md, or one made here where both are silent (listed below).

Clause labels (Ruling.clause), as the rulebook's headings print them
    "内容物"                  the cards: 45 number cards (5 colours x 1-9), 12 of each rule card
    "ゲームの準備"            setup: 3-5 players, the first start player
    "1. カードの出し方"        two laps, number or rule card, the rule-card restriction, the reveal
    "2. カードの補充"          refilling from the refill row after each card
    "3. ルールの判定"          judging each rule card on the round's five number cards
    "4. 次のラウンドの準備"    the start player card passes to the left
    "5. ゲームの終了"          10 rounds with 5 players; no refills in the final round
    "6. 得点計算"              scoring and tie-breaks (the heading is "6. 得点計算・勝敗の決定")
    "TRIO", "ONLY ONE", "LIMIT 23", "BEST of the BEST", "SUPPORT RIGHT"
                              the five rules, as headed under 5つのルール
    "3, 4人プレイ"             the 3-4 player rules: dummies, 12 rounds
    "RULINGS"                 where the text is silent

Setup
    {"players": [names, clockwise], "first_leader": seat of the first start player,
     "options": {}} (this game has no table options).

Events (kind, payload: ints, strings and bools only)
    "number"        {"seat": s, "card": "B7"}    a player lays a number card
    "rule"          {"seat": s, "rule": "TRIO", "reveal": false}
                    a player lays a rule card; "reveal": true declares "I hold no playable
                    rule card, here are my rule cards" and allows a rule already played this
                    round (optional, default false; it must be a real bool)
    "dummy_number"  {"dummy": 1|2, "card": "G3"} the deck's top number card on a dummy
    "dummy_rule"    {"dummy": 1, "rule": "LIMIT_23"} the deck's top rule card on dummy 1
                    ("dummy" is optional in both: it defaults to the dummy expected now)
    Rule names: TRIO, ONLY_ONE, LIMIT_23, BEST_OF_THE_BEST, SUPPORT_RIGHT (display names in
    RULE_NAMES). Number cards: colour letter B R Y G P and a number 1-9.

Order of a round (start player first, then clockwise, each lap)
    lap 1: every player, number or rule card;
    3 players: dummy 1 gets a number card and a rule card (either order), 4 players: dummy 1
        gets a number card;
    lap 2: every player, the kind they did not play in lap 1;
    3 players: dummy 2 gets a number card.
    Then the round is judged, and the next round begins with the next start player.

State the page reads
    phase "play" | "dummy" | "over"; round (1-based), rounds, lap (1|2), start_player,
    expected (Expected: seat or dummy, kinds allowed now, lap; None when over),
    expected_seat, expected_dummy, expected_kinds; plays (this round's entries, in order),
    number_of(seat), rule_of(seat), dummy_number_of(d), dummy_rule, numbers_played,
    rules_taken (rules already played this round, dummies included), rules_exhausted,
    reveals (this round's), is_final_round and refills (False in the final round),
    last_round (RoundResult: cards, total, verdicts per seat with rule, achieved, ruling),
    results, counts(seat) / achieved / table_counts, points, breakdowns, ranking, leaders,
    is_over.

Helpers for the web layer (pure)
    form_payload(kind, fields): an entry from the page's form (seat/dummy as ints, reveal
    as a bool); quick_judge_request(fields) -> (request or None, JudgeEntries): the quick
    judge page's taps as a "round" judge request; reveal_rulings(plays); audit(state) -> ()
    (nothing can be proven afterwards: hands are never entered).

Gaps decided here (clause "RULINGS")
    - A reveal is refused when the rule card played has not been played this round: the
      player plainly held a playable rule card, so there is nothing to reveal.
    - A rule card is refused when all 12 of its kind are already won or on the table.
    - Dummy 1 may take its number card and its rule card in either order (3 players).
    - A dummy's rule card may repeat a rule already played: it is turned from the deck, so
      the restriction binds players only. It scores nothing (RULINGS.md).
    - Every player playing SUPPORT RIGHT: all achieve, with 5 players too (the text says so
      for 3-4 players only).
    - The judge's "dummy_numbers" may be left out with 5 players.

The package: `cards` (number cards and rule cards, and how to name them), `rules_cards` (the
five rules judged on a round's five number cards), `rounds` (the order of a round's
entries, the dummies, the judged round), `state` (the setup, the entries, the audit),
`points` (points, bonuses, places and tie-breaks), `scoring` (the outcome, the next game,
the evening), `judge`, `forms` (page forms and quick-judge taps), `messages`, `options`
(who plays, the game's words) and `clauses` (the rulebook's headings cited by rulings).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    BEST_OF_THE_BEST, COLOURS, COPIES, DECK, HAND_NUMBERS, HAND_RULES, HIGHEST, LIMIT_23, LOWEST, ONLY_ONE,
    RULE_CLAUSES, RULE_NAMES, RULES, SUIT_NAMES, SUIT_SYMBOLS, SUPPORT_RIGHT, TRIO, Number, card_text,
    parse_number, parse_rule, suit_text,
)
from .clauses import FEW_PLAYERS, GAME_END, PLAYING, REFILL, SCORING, SETUP
from .forms import JudgeEntries, form_payload, names, quick_judge_request
from .naming import entry_name
from .judge import ASKS, judge
from .messages import MESSAGES
from .options import MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, PLAYER_COUNTS, SLUG, WORDS
from .points import TIE_BREAK, Breakdown, breakdown, ranks, score_rulings
from .rounds import (
    DUMMY_CARDS, DUMMY_NUMBER, DUMMY_RULE, NUMBER, RULE, TABLE_CARDS, Expected, Play, RoundResult,
    reveal_rulings,
)
from .rules_cards import SET_SIZE, Verdict, decide
from .scoring import evening, next_setup, outcome, start_choices
from .state import Setup, State, apply, audit, initial, make_setup, rulings, scores

__all__ = [
    "ASKS", "BEST_OF_THE_BEST", "COLOURS", "COPIES", "DECK", "DUMMY_CARDS", "DUMMY_NUMBER", "DUMMY_RULE",
    "FEW_PLAYERS", "GAME_END", "HAND_NUMBERS", "HAND_RULES", "HIGHEST", "LIMIT_23", "LOWEST", "MAX_PLAYERS",
    "MESSAGES", "MIN_PLAYERS", "NAME", "NUMBER", "ONLY_ONE", "OPTIONS", "PLAYER_COUNTS", "PLAYING", "REFILL",
    "RULE", "RULES", "RULE_CLAUSES", "RULE_NAMES", "SCORING", "SETUP", "SET_SIZE", "SLUG", "SUIT_NAMES",
    "SUIT_SYMBOLS", "SUPPORT_RIGHT", "TABLE_CARDS", "TIE_BREAK", "TRIO", "WORDS", "Breakdown", "Expected",
    "JudgeEntries", "Number", "Play", "RoundResult", "Setup", "State", "Verdict", "apply", "audit",
    "breakdown", "card_text", "decide", "evening", "form_payload", "initial", "judge", "make_setup",
    "entry_name", "names", "next_setup", "outcome", "parse_number", "parse_rule", "quick_judge_request", "ranks", "reveal_rulings",
    "rulings", "score_rulings", "scores", "start_choices", "suit_text",
]

if TYPE_CHECKING:  # mypy holds this package to the contract, with its own State throughout
    from .. import master_of_rules as _this
    from ..contract import Game

    _GAME: Game[State] = _this
