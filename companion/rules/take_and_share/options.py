"""Who plays Take & Share, the clauses cited, the table option (RULINGS), the game's words."""

from __future__ import annotations

from collections.abc import Mapping

from ..base import N_
from ..contract import Choice, ChoiceOption, Option, Words

SLUG = "take-and-share"
NAME = N_("Take & Share")
PLAYER_COUNTS = (3, 4)
MIN_PLAYERS = 3
MAX_PLAYERS = 4

# Clause labels: the rulebook's own headings ("・ゲームの準備:", "トリックの手順: 2)" ...).
C_PLAYERS = "プレイ人数"
C_CARDS = "使用カード"
C_SETUP = "ゲームの準備"
C_OVERVIEW = "ゲームの概要"
C_LEAD = "トリックの手順 1)"
C_FOLLOW = "トリックの手順 2)"
C_ROUND = "トリックの手順 3)"
C_HIGH = "トリックの解決 A)"
C_LOW = "トリックの解決 B)"
C_SHARE = "シェアの解決"
C_END = "ゲームの終了"
C_SCORE = "得点計算"
C_THREE = "3人プレイ"
C_LONG = "ロングゲーム"
C_RULINGS = "RULINGS"

HAND_SIZE: Mapping[int, int] = {4: 14, 3: 15}
"""ゲームの準備 / 3人プレイ: cards dealt to each player = tricks in a game = cards each receives."""

PRINTED_TARGET: Mapping[int, int] = {4: 20, 3: 30}
"""ロングゲーム: the long game ends with the game in which a total passes 20 (30 with 3 players)."""

PRINTED = "printed"
TARGET_CHOICES: tuple[Choice, ...] = (
    Choice(PRINTED, N_("As printed: 20 points with 4 players, 30 with 3")),
    Choice("10", N_("10 points")),
    Choice("15", N_("15 points")),
    Choice("20", N_("20 points")),
    Choice("25", N_("25 points")),
    Choice("30", N_("30 points")),
    Choice("40", N_("40 points")),
    Choice("50", N_("50 points")),
)

TARGET = ChoiceOption(
    "long_game_target", N_("Long game: the game in which a total passes this is the last"), TARGET_CHOICES,
    default=PRINTED, clause=C_LONG,
    hint=N_("Totals carry over from game to game; the player with the highest total wins."),
)
"""RULINGS: the long game's target is a table option; by default the printed 20 / 30."""

OPTIONS: tuple[Option, ...] = (TARGET,)

WORDS = Words(
    start_question=N_("Who leads first?"),
    judge_question=N_("Who wins this trick?"),
    findings_title=N_("Proven revokes"),
)


def target_points(choice: str, players: int) -> int:
    """The points a total must pass to end the long game, for the option's value."""
    if choice == PRINTED or not choice.isdigit():
        return PRINTED_TARGET[players]
    return int(choice)
