"""The game's result, the next game and the evening (勝敗: most round wins; 派生ルール)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Ruling, SeatsRef
from ..contract import Evening, Outcome
from ..kit import evening as kit_evening
from .cards import codes
from .options import BUST_21, C_RESULT, MEASURE, RED, ROUNDS
from .state import State


def outcome(state: State) -> Outcome:
    """Points per seat: round wins (勝敗), or under the variant the black cards' measure
    (派生ルール); the highest places first, equal points share the place."""
    variant = state.variant_points
    facts: dict[str, Any] = {
        "wins": list(state.wins),
        "rounds": len(state.rounds),
        "measure": state.setup.measure,
    }
    if variant is not None:
        facts["variant_points"] = list(variant)
        facts["kept"] = [list(codes(k)) for k in state.kept]
    return Outcome(state.points, state.is_over, kit_evening.places(state.points), facts=facts)


def _note(done: int, games: int, leaders: tuple[int, ...], over: bool) -> Ruling | None:
    if not over:
        return Ruling("bj.evening_single", C_RESULT)
    return Ruling("bj.evening_over", C_RESULT, {"names": SeatsRef(leaders)})


def evening(outcomes: Sequence[Outcome], players: int) -> Evening:
    """勝敗: the rulebook plays a single game, so a series is one game (a next game starts
    a series of its own)."""
    return kit_evening.of_games(outcomes, players, 1, _note)


def next_setup(last: State) -> Mapping[str, Any]:
    """The same table options again; nobody leads, so the seat stays as it was."""
    s = last.setup
    return {"first_leader": s.first_leader,
            "options": {RED.name: list(s.red), BUST_21.name: s.bust_21, MEASURE.name: s.measure,
                        ROUNDS.name: s.rounds}}


def start_choices(players: Sequence[str]) -> tuple[int, ...]:
    """Nobody leads: everyone lays their cards at once (ゲーム)."""
    return ()
