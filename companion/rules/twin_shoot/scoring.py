"""Where a game of Twin Shoot stands for the shared pages: the outcome, the evening (one game
runs until a team reaches 100), and who leads the next game, the first hand or this hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Ruling
from ..contract import Evening, Outcome
from ..kit import evening as kit_evening
from .clauses import C_END
from .state import State, scores
from .teams import is_right_side, team_of


def outcome(state: State) -> Outcome:
    """Each player shows their team's total; teams place by total, equal totals share (ゲームの終了)."""
    points = scores(state)
    return Outcome(points, state.is_over, kit_evening.places(points), state.teams)


def evening(outcomes: Sequence[Outcome], players: int) -> Evening:
    """ゲームの終了: one game already runs over several hands until a team reaches 100, and
    the series ends with it."""
    return kit_evening.of_games(outcomes, players, 1, _note)


def _note(done: int, games: int, leaders: tuple[int, ...], over: bool) -> Ruling | None:
    return None if over else Ruling("ts.evening_single", C_END)


def next_setup(last: State) -> Mapping[str, Any]:
    """The next game's first leader: the right-side player of the next team (RULINGS)."""
    first, size = last.setup.first_leader, last.setup.size
    return {"first_leader": 2 * ((team_of(first) + 1) % (size // 2)), "options": {}}


def start_choices(players: Sequence[str]) -> tuple[int, ...]:
    """ゲームの準備: who may lead hand 1, the right-side players (seats 0, 2, 4)."""
    return tuple(seat for seat in range(len(players)) if is_right_side(seat))


def leader_choices(state: State) -> tuple[int, ...]:
    """Who may be named opening leader of the hand in play: in hand 1 only a right-side
    player (ゲームの準備), later anyone (RULINGS); empty once its first card is down."""
    if not state.can_change_leader:
        return ()
    if state.hand_number == 1:
        return start_choices(state.setup.players)
    return tuple(range(state.players))
