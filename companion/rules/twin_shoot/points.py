"""点数計算: a hand's points per team by kind (tricks, shoot, twin shoot, overhead twin
shoot), and the total that ends the game (ゲームの終了)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..base import Ruling, SeatRef
from .clauses import C_SCORE, c_score
from .teams import team_params

TARGET = 100
"""ゲームの終了: the game ends after the hand in which a team reaches this total."""
SHOOT_BONUS = 10
TWIN_BONUS = 10
OVERHEAD_BONUS = 30


@dataclass(frozen=True)
class TeamScore:
    """点数計算: one team's points for one hand, by kind."""

    tricks: int = 0
    shoot: int = 0
    twin: int = 0
    overhead: int = 0

    @property
    def total(self) -> int:
        return self.tricks + self.shoot + self.twin + self.overhead

    def as_dict(self) -> dict[str, int]:
        return {"tricks": self.tricks, "shoot": self.shoot, "twin": self.twin, "overhead": self.overhead}


def score_hand(
    bids: Sequence[int],
    tricks: Sequence[int],
    teams: Sequence[tuple[int, int]],
    open_bid_team: int | None,
) -> tuple[tuple[bool, ...], tuple[TeamScore, ...], tuple[Ruling, ...]]:
    """点数計算: (made per seat, points per team by kind, rulings) for one hand."""
    made = tuple(b == t for b, t in zip(bids, tricks))
    rulings: list[Ruling] = []
    for seat, (bid, took) in enumerate(zip(bids, tricks)):
        rulings.append(Ruling("ts.bid_made" if made[seat] else "ts.bid_missed", c_score(2),
                              {"seat": SeatRef(seat), "bid": bid, "tricks": took}))
    scores: list[TeamScore] = []
    for index, (a, b) in enumerate(teams):
        names = team_params(index, teams)
        took = tricks[a] + tricks[b]
        exact = int(made[a]) + int(made[b])
        score = TeamScore(tricks=took, shoot=SHOOT_BONUS * exact, twin=TWIN_BONUS if exact == 2 else 0)
        rulings.append(Ruling("ts.trick_points", c_score(1), {**names, "points": took}))
        if exact:
            rulings.append(Ruling("ts.shoot", c_score(2), {**names, "count": exact, "points": score.shoot}))
        if exact == 2:
            rulings.append(Ruling("ts.twin", c_score(3), {**names, "points": TWIN_BONUS}))
        scores.append(score)
    if open_bid_team is not None:
        a, b = teams[open_bid_team]
        names = team_params(open_bid_team, teams)
        if made[a] and made[b]:
            scores[open_bid_team] = replace(scores[open_bid_team], overhead=OVERHEAD_BONUS)
            rulings.append(Ruling("ts.overhead_made", c_score(4), {**names, "points": OVERHEAD_BONUS}))
        else:
            for index in range(len(teams)):
                if index != open_bid_team:
                    scores[index] = replace(scores[index], overhead=OVERHEAD_BONUS)
            rulings.append(Ruling("ts.overhead_missed", c_score(4), {**names, "points": OVERHEAD_BONUS}))
    for index, score in enumerate(scores):
        rulings.append(Ruling("ts.team_points", C_SCORE, {**team_params(index, teams), "points": score.total}))
    return made, tuple(scores), tuple(rulings)
