"""The rulebook's clauses as this package cites them: each is a `label` of rulebook.json.

The text of 04:キングスオーダー has no numbered clauses, so a clause is named by its
heading, with a number for the parts of a long section (as Twin Shoot, from the same
rulebook file, does).
"""

from __future__ import annotations

PLAYERS = "人数"
"""人数:3-6人."""
CONTENTS = "内容物"
"""78 cards: 6 suits of 13."""
SETUP = "ゲームの準備"
"""Deal 13 each, hold them in ascending order, choose the start player."""
AIM = "ゲームの目的"
RULES = "ゲームのルール"
"""Clockwise from the start player; the end; 1 or 3 rounds."""
PLAY = "ゲームのルール 1"
"""Play a card; a card not at an end discards the left or the right half (with the example)."""
CHOOSE = "ゲームのルール 2"
"""Choose another player: the played number at either end of their hand is handed over, every copy."""
TURN_END = "ゲームのルール 3"
"""Received cards are score cards; the played card is discarded; the next player's turn."""
END = "ゲームの終了と得点計算"
"""The game ends when all but one hand is empty."""
SCORING = "ゲームの終了と得点計算 1"
"""A-10 at face value; J, Q, K to the most (ties all) for 11, 12, 13."""
WINNER = "ゲームの終了と得点計算 2"
"""The highest total wins; equal highest all win."""
RULINGS = "RULINGS"
"""A decision of RULINGS.md or of this package where the text is silent."""

ALL = (PLAYERS, CONTENTS, SETUP, AIM, RULES, PLAY, CHOOSE, TURN_END, END, SCORING, WINNER)
"""Every rulebook clause (RULINGS aside)."""
