"""Who plays Twin Shoot, the table options (none), and the game's words for shared pages."""

from __future__ import annotations

from ..base import N_
from ..contract import Option, Words

SLUG = "twin-shoot"
NAME = N_("Twin Shoot")
PLAYER_COUNTS = (4, 6)

OPTIONS: tuple[Option, ...] = ()
"""Twin Shoot has no table options."""

WORDS = Words(
    start_question=N_("Who leads first?"),
    judge_question=N_("Who wins this trick?"),
    findings_title=N_("Proven revokes"),
)
