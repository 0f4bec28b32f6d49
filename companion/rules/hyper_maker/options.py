"""Who plays Hyper Maker, the table options (RULINGS), and the game's words for shared pages."""

from __future__ import annotations

from ..base import N_
from ..contract import BoolOption, Option, Words

SLUG = "hyper-maker"
NAME = N_("Hyper Maker")
PLAYER_COUNTS = (3, 4, 5)
MIN_PLAYERS = 3
MAX_PLAYERS = 5

TIE_WINNER_LEADS = BoolOption(
    "tie_winner_leads", N_("After a tie, the tie winner leads next"), default=False, clause="5(5)④",
    hint=N_("Unticked: as printed, the same player as in the tied trick leads again."),
)
"""After a tie won by the later player (5(5)④), that player leads next instead of the
previous leader (RULINGS: a table option, off by default as printed)."""

OPTIONS: tuple[Option, ...] = (TIE_WINNER_LEADS,)

WORDS = Words(
    start_question=N_("Who leads first?"),
    judge_question=N_("Who wins this trick?"),
    findings_title=N_("Proven revokes"),
)
