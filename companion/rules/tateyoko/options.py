"""Who plays たてよこ, the table options (RULINGS), and the game's words for shared pages."""

from __future__ import annotations

from ..base import N_
from ..contract import BoolOption, NumberOption, Option, Words
from . import clauses as c

SLUG = "tateyoko"
NAME = N_("Tateyoko")
PLAYER_COUNTS = (3, 4, 5, 6, 7)
MIN_PLAYERS = 3
MAX_PLAYERS = 7

DEFAULT_LIMIT = -20

LIMIT = NumberOption(
    "match_limit", N_("The match ends once a total is below"), default=DEFAULT_LIMIT, minimum=-999, maximum=0,
    clause=c.REPEAT, hint=N_("A total equal to this number plays on; the match also ends after as many games as players."),
)
"""ゲームを繰り返す場合: "失点が規定点(-20点など)を超えたら" — the match ends once a total is below
this limit; the limit itself plays on (RULINGS: a table option, -20 by default)."""

SCORES_ONLY = BoolOption(
    "scores_only", N_("Scores only: enter just each player's hand at the end"), default=False, clause=c.SCORE,
    hint=N_("Unticked: every card laid is entered and checked, and the app keeps the hand sizes and the deck."),
)
"""A table that does not want to tap in the layout enters only the hands left at the end
(RULINGS: a table option, off by default)."""

OPTIONS: tuple[Option, ...] = (LIMIT, SCORES_ONLY)

WORDS = Words(
    start_question=N_("Who is the start player?"),
    judge_question=N_("Where can this card go?"),
    findings_title="",
)
