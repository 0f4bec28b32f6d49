"""Who plays King's Order, the table options (RULINGS), and the game's words for shared pages."""

from __future__ import annotations

from ..base import N_
from ..contract import Choice, ChoiceOption, Option, Words
from .clauses import RULES

SLUG = "kings-order"
NAME = N_("King's Order")
PLAYER_COUNTS = (3, 4, 5, 6)
MIN_PLAYERS = 3
MAX_PLAYERS = 6

ROUNDS = ChoiceOption(
    "rounds", N_("Rounds in the match"),
    (Choice("1", N_("One round")), Choice("3", N_("Three rounds, totals added up"))),
    default="1", clause=RULES,
    hint=N_("Decide before playing. In this app each round is one game; the next one starts with the left neighbour."),
)
"""ゲームのルール: "複数ラウンド行う場合は、3ラウンド行います。遊ぶ前に遊ぶラウンド数を決めてください。"
(RULINGS: 1 or 3 rounds, totals summed). A game of the app is one round (one deal); the
match is the evening of 1 or 3 such games."""

OPTIONS: tuple[Option, ...] = (ROUNDS,)

WORDS = Words(
    start_question=N_("Who is the start player?"),
    judge_question=N_("What does this turn do?"),
    findings_title=N_("Turns that cannot have been right"),
)
