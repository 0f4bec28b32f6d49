"""Where a game stands, the next game and the evening (the rulebook plays one game)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Ruling
from ..contract import Evening, Outcome
from ..kit import evening as kit_evening
from ..kit.seats import left_of
from .clauses import GAME_END
from .points import TIE_BREAK
from .state import State


def outcome(state: State) -> Outcome:
    """Points per seat, places with 得点計算's tie-breaks; the rule counts for the evening."""
    return Outcome(state.points, state.is_over, state.ranking,
                   facts={"achieved": [dict(counts) for counts in state.achieved]})


def evening(outcomes: Sequence[Outcome], players: int) -> Evening:
    """The rulebook plays one game; over several, the highest total leads, ties broken as in
    得点計算 by the rule cards won over the evening (TRIO, ONLY ONE, ...) (RULINGS)."""
    totals = kit_evening.summed(outcomes, players)
    won = [[sum(int(o.facts.get("achieved", [{}] * players)[seat].get(rule, 0)) for o in outcomes)
            for rule in TIE_BREAK] for seat in range(players)]
    keys = [(totals[seat], *won[seat]) for seat in range(players)]
    leaders = kit_evening.top(keys)
    over = kit_evening.finished(outcomes) >= 1
    # 5. ゲームの終了: the game ends after its set number of rounds, and so does the series.
    return Evening(totals, over, leaders, None if over else Ruling("mor.evening_single", GAME_END))


def next_setup(last: State) -> Mapping[str, Any]:
    """The next game's first start player: one seat to the left (clockwise)."""
    return {"first_leader": left_of(last.setup.first_leader, last.setup.size), "options": {}}


def start_choices(players: Sequence[str]) -> tuple[int, ...]:
    """ゲームの準備: any player may be the first start player (chosen at random at the table)."""
    return tuple(range(len(players)))
