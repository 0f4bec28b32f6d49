"""Points, places, the next game and the match (得点計算, ゲームを繰り返す場合)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import RuleError, Ruling, SeatRef, SeatsRef
from ..contract import Evening, Outcome
from ..kit import evening as kit_evening
from ..kit.seats import left_of
from . import clauses as c
from .cards import RANKS, SUITS
from .options import DEFAULT_LIMIT
from .state import OUT_POINTS, State

POSSIBLE_PENALTIES = frozenset(m * k for m in range(1, len(RANKS) + 1) for k in range(1, len(SUITS) + 1))
"""得点計算: every penalty a hand can bring: (largest suit count 1..13) x (suits 1..6)."""


def outcome(state: State) -> Outcome:
    """Points per seat as far as known; the most points places first, equal points share."""
    points = state.points
    facts: dict[str, Any] = {"limit": state.setup.limit, "went_out": state.went_out, "ended": state.ended,
                             "start_player": state.setup.first_leader}
    return Outcome(points, state.is_over, kit_evening.places(points), facts=facts)


@dataclass(frozen=True)
class Match(Evening):
    """Where a match stands after some finished games (an evening of them)."""

    ended_at: int | None = None
    """After which game (1-based) the match was over, if it is."""


def match(games: Sequence[Sequence[int]], players: int, limit: int = DEFAULT_LIMIT) -> Match:
    """ゲームを繰り返す場合: as many games as players, or until a total is below the limit
    (the limit itself plays on); the highest total wins, equal totals share (RULINGS)."""
    totals = [0] * players
    ended_at: int | None = None
    for number, points in enumerate(games, 1):
        totals = [t + p for t, p in zip(totals, points)]
        if ended_at is None and (number >= players or min(totals) < limit):
            ended_at = number
    leaders = kit_evening.top(totals)
    done = len(games)
    below = tuple(s for s, t in enumerate(totals) if t < limit)
    if ended_at is not None and below:
        note = Ruling("ty.match_over_limit", c.REPEAT, {"below": SeatsRef(below), "limit": limit, "done": done,
                                                        "names": SeatsRef(leaders), "total": totals[leaders[0]]})
    elif ended_at is not None:
        note = Ruling("ty.match_over_games", c.REPEAT, {"n": done, "names": SeatsRef(leaders),
                                                        "total": totals[leaders[0]]})
    elif not done:
        note = Ruling("ty.match_start", c.REPEAT, {"n": players, "limit": limit})
    else:
        note = Ruling("ty.match_on", c.REPEAT, {"done": done, "n": players, "limit": limit,
                                                "names": SeatsRef(leaders), "total": totals[leaders[0]]})
    return Match(tuple(totals), ended_at is not None, leaders, note, ended_at)


def evening(outcomes: Sequence[Outcome], players: int) -> Evening:
    """ゲームを繰り返す場合: the match over the finished games, at the latest game's limit.

    The totals add every game, a game still being entered too (its points so far).
    """
    finished = [o.points for o in outcomes if o.over]
    limit = DEFAULT_LIMIT
    for o in outcomes:
        if isinstance(o.facts.get("limit"), int):
            limit = o.facts["limit"]
    stands = match(finished, players, limit)
    totals = kit_evening.summed(outcomes, players)
    return Evening(totals, stands.over, kit_evening.top(totals), stands.note)


def check_game_points(points: Sequence[int], number: int) -> None:
    """Refuse a game's points that no deal can bring (得点計算): at most one +5, penalties only
    of the form (largest suit count) x (number of suits)."""
    if sum(1 for p in points if p == OUT_POINTS) > 1:
        raise RuleError("ty.two_out", c.END, game=number)
    for seat, p in enumerate(points):
        if p != OUT_POINTS and -p not in POSSIBLE_PENALTIES:
            raise RuleError("ty.points_impossible", c.SCORE, game=number, seat=SeatRef(seat), points=p)


def next_setup(last: State) -> Mapping[str, Any]:
    """ゲームを繰り返す場合: the start player moves to the left; the table options stay."""
    return {"first_leader": left_of(last.setup.first_leader, last.setup.size),
            "options": {"match_limit": last.setup.limit, "scores_only": last.setup.scores_only}}


def start_choices(players: Sequence[str]) -> tuple[int, ...]:
    """準備: the start player is chosen by any means: anyone at the table."""
    return tuple(range(len(players)))
