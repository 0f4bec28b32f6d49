"""Who plays Master of Rules, its table options (none), and the game's words for shared pages."""

from __future__ import annotations

from ..base import N_
from ..contract import Option, Words

SLUG = "master-of-rules"
NAME = N_("Master of Rules")
PLAYER_COUNTS = (3, 4, 5)
MIN_PLAYERS = 3
MAX_PLAYERS = 5

OPTIONS: tuple[Option, ...] = ()
"""This game has no table options."""

WORDS = Words(
    start_question=N_("Who is the first start player?"),
    judge_question=N_("Who achieves their rule?"),
)
