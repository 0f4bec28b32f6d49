"""The result of a game, the next game's setup and the long game (ロングゲーム)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Ruling, SeatsRef
from ..contract import Evening, Outcome
from ..kit import evening as kit_evening
from ..kit.seats import left_of
from .options import C_LONG, PRINTED_TARGET
from .state import State, final_score


def outcome(state: State) -> Outcome:
    """Points per seat: scored only once the game is over (得点計算), 0 for everyone before,
    so the received cards, secret during the game, show nowhere. `facts` carry the long
    game's target and the received counts."""
    points = final_score(state).points if state.is_over else (0,) * state.players
    facts = {"target": state.setup.target_points, "received": list(state.received_counts)}
    return Outcome(points, state.is_over, kit_evening.places(points), facts=facts)


def match(games: Sequence[Sequence[int]], players: int, target: int) -> Evening:
    """ロングゲーム: where a long game stands after some finished games. Totals carry over; the
    game in which a total passes (goes above) `target` is the last, and the highest total wins
    (equal highest share the win: RULINGS)."""
    totals = [0] * players
    for points in games:
        totals = [t + p for t, p in zip(totals, points)]
    return _standing(tuple(totals), len(games), target)


def _standing(totals: tuple[int, ...], done: int, target: int) -> Evening:
    leaders = kit_evening.top(totals)
    over = any(t > target for t in totals)
    if over:
        note = Ruling("tns.long_over", C_LONG, {"target": target, "names": SeatsRef(leaders),
                                                "points": totals[leaders[0]]})
    elif done == 0:
        note = Ruling("tns.long_start", C_LONG, {"target": target})
    else:
        note = Ruling("tns.long_running", C_LONG, {"target": target, "done": done,
                                                   "names": SeatsRef(leaders), "points": totals[leaders[0]]})
    return Evening(totals, over, leaders, note)


def evening(outcomes: Sequence[Outcome], players: int) -> Evening:
    """ロングゲーム: finished games' totals carry over until one passes the target, which the
    latest game's option sets (20 with 4 players, 30 with 3 unless the table chose another)."""
    target = PRINTED_TARGET.get(players, PRINTED_TARGET[4])
    for o in outcomes:
        value = o.facts.get("target")
        if isinstance(value, int) and not isinstance(value, bool):
            target = value
    finished = [o.points for o in outcomes if o.over]
    return _standing(kit_evening.summed([o for o in outcomes if o.over], players), len(finished), target)


def next_setup(last: State) -> Mapping[str, Any]:
    """ロングゲーム (RULINGS): the next game's first leader is the left neighbour of the last
    game's first leader; the table option stays as it was."""
    return {"first_leader": left_of(last.setup.first_leader, last.setup.size),
            "options": {"long_game_target": last.setup.target}}


def start_choices(players: Sequence[str]) -> tuple[int, ...]:
    """ゲームの準備: anyone may lead the first trick, chosen as the table likes."""
    return tuple(range(len(players)))
