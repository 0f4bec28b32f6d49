"""Seats and teams of Twin Shoot: neighbours pair up, the partner plays second, and the
opening lead moves from team to team (ゲームの準備, トリックテイキングフェーズ 2, ゲームの終了).

Teams are neighbours (0, 1), (2, 3), (4, 5); team t is seats 2t and 2t+1. A team's
right-side player is seat 2t (their partner is their left neighbour, the next seat
clockwise), the left-side player seat 2t+1 (RULINGS).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import SeatRef
from ..kit import seats as kit_seats


def team_of(seat: int) -> int:
    return seat // 2


def team_seats(team: int) -> tuple[int, int]:
    return (2 * team, 2 * team + 1)


def partner(seat: int) -> int:
    return seat ^ 1


def is_right_side(seat: int) -> bool:
    """RULINGS: the right-side player of a pair is the one whose partner sits on their left."""
    return seat % 2 == 0


def direction_for(leader: int) -> int:
    """トリックテイキングフェーズ 2: +1 (clockwise) if the leader's partner is their left
    neighbour (the next seat clockwise), -1 if it is their right neighbour."""
    return 1 if is_right_side(leader) else -1


def play_order(leader: int, players: int) -> tuple[int, ...]:
    """The seats in the order they play a trick led by `leader`: partner second."""
    return kit_seats.play_order(leader, players, direction_for(leader))


def last_place_team(totals: Sequence[int]) -> int | None:
    """ビッドフェーズ: the team alone in last place, or None if the lowest total is shared."""
    low = min(totals)
    teams = [t for t, total in enumerate(totals) if total == low]
    return teams[0] if len(teams) == 1 else None


def default_opening_leader(first_opening_leader: int, hand_number: int, players: int) -> int:
    """ゲームの終了: the opening leader the rotation gives hand `hand_number` (1-based).

    The lead moves clockwise to the next team each hand; during the first lap of the teams
    it is the right-side player, the second lap the left-side player, and so on.
    """
    teams = players // 2
    k = hand_number - 1
    team = (team_of(first_opening_leader) + k) % teams
    lap = k // teams
    return 2 * team + lap % 2


def team_params(team: int, teams: Sequence[tuple[int, int]] | None = None) -> dict[str, Any]:
    """A team's two players as a ruling's "first" and "second" parameters."""
    first, second = teams[team] if teams is not None else team_seats(team)
    return {"first": SeatRef(first), "second": SeatRef(second)}
