"""The rulebook's clauses as the rulings cite them.

The text of たてよこ (shared/rules/002_53a106b024f6a4e1.txt, the game "03:たてよこ") has no
numbered clauses: each label is a heading of the text, and the rules it lists under
"A:手札からカードをプレーする。" (one per line, unnumbered) are named by their subject, so a
reader sees at once which rule a refusal cites. rulebook.json holds each label's wording.
"""

from __future__ import annotations

PLAYERS = "人数"
EQUIPMENT = "用具"
SETUP = "準備"
TURN = "進行"
PLAY = "A:プレー"
"""A: one card from the hand, face up, following the rules below."""
ADJACENT = "A:隣接"
"""A: next to a card already laid, vertically or horizontally."""
VERTICAL = "A:縦"
"""A: vertical neighbours have the same rank."""
HORIZONTAL = "A:横"
"""A: horizontal neighbours have the same suit and ranks one apart (K and A too)."""
EVERY = "A:すべて"
"""A: a card with two or more neighbours fits every one of them."""
MORE = "A:追加"
"""A: as many cards as possible in one turn."""
PREVIOUS = "A:直前"
"""A: each card after the first touches the card played just before."""
LINE = "A:1直線"
"""A: a turn's cards lie in one straight line."""
EXAMPLE = "例"
PASS = "B:パス"
END = "終了"
SCORE = "得点計算"
REPEAT = "ゲームを繰り返す場合"
RULINGS = "RULINGS"

ALL = (PLAYERS, EQUIPMENT, SETUP, TURN, PLAY, ADJACENT, VERTICAL, HORIZONTAL, EVERY, MORE, PREVIOUS,
       LINE, EXAMPLE, PASS, END, SCORE, REPEAT)
"""Every label of rulebook.json's sections, in the text's order."""
