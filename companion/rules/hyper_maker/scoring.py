"""Points, places, the next game and the evening (rulebook 6: as many games as players)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Ruling, SeatsRef
from ..contract import Evening, Outcome
from ..kit import evening as kit_evening
from ..kit.seats import left_of
from .state import State


def outcome(state: State) -> Outcome:
    """Points per seat so far; the highest total places first, equal totals share."""
    return Outcome(state.scores, state.is_over, kit_evening.places(state.scores))


def _note(done: int, games: int, leaders: tuple[int, ...], over: bool) -> Ruling | None:
    if games <= 1:
        return None
    if over:
        return Ruling("hm.evening_over", "6", {"n": games, "names": SeatsRef(leaders)})
    return Ruling("hm.evening_games", "6", {"done": done, "n": games})


def evening(outcomes: Sequence[Outcome], players: int) -> Evening:
    """6: play as many games as there are players, and add up the totals."""
    return kit_evening.of_games(outcomes, players, players, _note)


def next_setup(last: State) -> Mapping[str, Any]:
    """6: in the next game the first lead moves one seat clockwise (RULINGS default); the
    house rules stay as they were."""
    return {"first_leader": left_of(last.setup.first_leader, last.setup.size),
            "options": {"tie_winner_leads": last.setup.tie_winner_leads}}


def start_choices(players: Sequence[str]) -> tuple[int, ...]:
    """Who may lead the first trick of a game: anyone at the table."""
    return tuple(range(len(players)))
