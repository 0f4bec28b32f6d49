"""The clause labels (Ruling.clause), as the rulebook's headings print them."""

from __future__ import annotations

CONTENTS = "内容物"
SETUP = "ゲームの準備"
PLAYING = "1. カードの出し方"
REFILL = "2. カードの補充"
JUDGING = "3. ルールの判定"
NEXT_ROUND = "4. 次のラウンドの準備"
GAME_END = "5. ゲームの終了"
SCORING = "6. 得点計算"
FEW_PLAYERS = "3, 4人プレイ"
RULINGS = "RULINGS"
