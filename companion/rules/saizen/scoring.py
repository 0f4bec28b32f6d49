"""Points, places, the next game and the evening (2.2: tricks won over three rounds)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Ruling, SeatsRef
from ..contract import Evening, Outcome
from ..kit import evening as kit_evening
from ..kit.seats import left_of
from .options import ROUNDS
from .state import State

GAMES_PER_EVENING = 1
"""2.2: a game is three rounds; the rulebook plays one game."""


def outcome(state: State) -> Outcome:
    """2.2: each trick won is a point, over the three rounds; equal totals share a place."""
    totals = state.totals
    return Outcome(totals, state.is_over, kit_evening.places(totals), facts={
        "tricks": [list(state.tricks_won(r)) for r in range(ROUNDS)],
        "rounds_done": state.round + (1 if state.is_over else 0),
    })


def evening(outcomes: Sequence[Outcome], players: int) -> Evening:
    """2.2: one game of three rounds; the most tricks wins, equal totals share.

    The note names the leaders by their total over the series, and says so when the series
    holds more than the rulebook's one game.
    """
    totals = kit_evening.summed(outcomes, players)

    def note(done: int, games: int, leaders: tuple[int, ...], over: bool) -> Ruling:
        if not over:
            return Ruling("sz.evening_one_game", "2.2", {})
        params = {"names": SeatsRef(leaders), "total": totals[leaders[0]], "done": done}
        return Ruling("sz.evening_over" if done <= GAMES_PER_EVENING else "sz.evening_over_games", "2.2", params)

    return kit_evening.of_games(outcomes, players, GAMES_PER_EVENING, note)


def next_setup(last: State) -> Mapping[str, Any]:
    """Another game: the start player moves one seat clockwise (RULINGS: 2.1 leaves the
    choice to the table, which can change it); the options and starting faces stay."""
    return {"first_leader": left_of(last.setup.first_leader, last.setup.size),
            "options": dict(last.setup.options)}


def start_choices(players: Sequence[str]) -> tuple[int, ...]:
    """2.1: anyone may be the start player ("適当な方法で")."""
    return tuple(range(len(players)))
