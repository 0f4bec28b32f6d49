"""王様トリック (King's Trick): a may-follow trick game whose top places draft the trick's
cards; sets of taken cards end the game with アガリ.

Rulebook: shared/rules/001_efc0a9cee1e73933.txt (a blog post; the rules run from
"1.コンポーネント" to "5.その他"). Clause numbers are the post's ("3(3)④" is section 3, part
(3), item ④; "3(6)" covers the notes under 3(6)); "RULINGS" marks a decision of the
project's rulings (shared/rules/RULINGS.md, "王様トリック") or of this package where the text
is silent. Seats are 0..n-1 clockwise; your right neighbour is the seat before you.

Cards (JSON codes): colour letter R 赤 red, B 青 blue, G 緑 green, W 白 white, K 黒 black, then
the value 1-9 ("R5", "K8"); and "KING", "QUEEN", "JESTER". In a trick, values are kept in
tenths (KING +5, QUEEN -4, JESTER 3) and shown with one decimal.

A game is one deal: 3 players 13 cards each (one colour taken out, the "removed_colour"
option, white by default), 4 players 12, 5 players 9 (KING, QUEEN, JESTER out), 6 players 8.
Each trick is played ("play"), decided, drafted by its top places ("pick"), then every
player who may declare answers ("declare" / "pass"). The game ends with a trick in which
someone declared, or after the last trick (4(4)). The log entries and the state's phases
are described in `state`.

The package: `cards` (the deck, codes, words), `tricks` (one trick decided), `sets` (what
taken cards score; 4(4)), `state` (setup, entries, phases), `scoring` (outcome, evening,
next game), `judge`, `forms` (page forms, quick-judge taps), `messages`, `options`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    COLOUR_NAMES, COLOURS, DEAL_SIZE, FULL_DECK, JESTER, KIND_NAMES, KING, KINDS, QUEEN, SET_KINDS, SPECIALS,
    Card, card_text, counts, deal, deck, in_game, kind_text, parse_card, suit_text, value_number, value_text,
)
from .forms import JudgeEntries, form_payload, names, quick_judge_request
from .naming import entry_name
from .judge import ASKS, judge
from .messages import MESSAGES
from .options import MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, PLAYER_COUNTS, SLUG, WORDS
from .scoring import GAMES, TARGET, Series, evening, next_setup, outcome, series, start_choices, team_points
from .sets import NoAgari, Score, may_declare, no_agari, score, set_points
from .state import (
    AGARI, DRAFT, OVER, PLAY, Setup, State, apply, audit, initial, make_setup, next_start, rulings,
    taken_sorted,
)
from .tricks import DRAFT as DRAFT_COUNTS
from .tricks import Play, TrickResult, card_values, lead_index, resolve

__all__ = [
    "AGARI", "ASKS", "COLOURS", "COLOUR_NAMES", "DEAL_SIZE", "DRAFT", "DRAFT_COUNTS", "FULL_DECK", "GAMES",
    "JESTER", "KINDS", "KIND_NAMES", "KING", "MAX_PLAYERS", "MESSAGES", "MIN_PLAYERS", "NAME", "OPTIONS",
    "OVER", "PLAY", "PLAYER_COUNTS", "QUEEN", "SET_KINDS", "SLUG", "SPECIALS", "TARGET", "WORDS", "Card",
    "JudgeEntries", "NoAgari", "Play", "Score", "Series", "Setup", "State", "TrickResult", "apply", "audit",
    "card_text", "card_values", "counts", "deal", "deck", "evening", "form_payload", "in_game", "initial",
    "judge", "kind_text", "lead_index", "make_setup", "may_declare", "entry_name", "names", "next_setup", "next_start", "no_agari",
    "outcome", "parse_card", "quick_judge_request", "resolve", "rulings", "score", "series", "set_points",
    "start_choices", "suit_text", "taken_sorted", "team_points", "value_number", "value_text",
]

if TYPE_CHECKING:  # mypy holds this package to the contract, with its own State throughout
    from .. import kings_trick as _this
    from ..contract import Game

    _GAME: Game[State] = _this
