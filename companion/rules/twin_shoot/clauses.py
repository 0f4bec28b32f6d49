"""The clause labels every Ruling of Twin Shoot cites: the headings of the rule text.

The text has no numbered clauses, so a label is a heading, with the list number where the
text numbers its items ("トリックテイキングフェーズ 3", "点数計算 4"); "RULINGS" marks a
decision of shared/rules/RULINGS.md or of this package where the text is silent.
"""

from __future__ import annotations

C_STRENGTH = "カードの強さ"
C_SETUP = "ゲームの準備"
C_DEAL = "遊び方"
C_BID = "ビッドフェーズ"
C_TRICKS = "トリックテイキングフェーズ"
C_SCORE = "点数計算"
C_END = "ゲームの終了"
C_RULINGS = "RULINGS"


def c_step(n: int) -> str:
    """The label of step `n` (1-5) of the trick-taking phase."""
    return f"{C_TRICKS} {n}"


def c_score(n: int) -> str:
    """The label of kind `n` (1-4) of points."""
    return f"{C_SCORE} {n}"
