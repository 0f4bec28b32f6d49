"""Points, places, the next round and the match (ゲームのルール: one round or three).

A game of this app is one round: one deal, scored on its own (ゲームの終了と得点計算). The
match the rulebook speaks of (1 or 3 rounds, decided before playing) is the evening: the
rounds' points are added up, and the next round starts with the left neighbour of the
last start player (RULINGS).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Ruling, SeatsRef
from ..contract import Evening, Outcome
from ..kit import evening as kit_evening
from ..kit.seats import left_of
from .clauses import RULES
from .state import State


def outcome(state: State) -> Outcome:
    """Points per seat so far; the highest places first, equal points share (all of them win).

    `facts`: "rounds" (the match's length, for the evening), "won" (ranks received per seat)
    and "winners".
    """
    score = state.score
    facts = {"rounds": state.setup.rounds, "won": [list(ranks) for ranks in state.won],
             "winners": list(score.winners)}
    return Outcome(score.points, state.is_over, kit_evening.places(score.points), facts=facts)


def _note(done: int, games: int, leaders: tuple[int, ...], over: bool) -> Ruling | None:
    if over:
        return Ruling("ko.evening_over", RULES, {"n": games, "names": SeatsRef(leaders)})
    if games == 1:
        return Ruling("ko.evening_one_round", RULES)
    return Ruling("ko.evening_rounds", RULES, {"done": done, "n": games})


def evening(outcomes: Sequence[Outcome], players: int) -> Evening:
    """ゲームのルール: 1 or 3 rounds, as the latest round's setup says; totals summed, the
    highest total leads, equal totals lead together."""
    rounds = int(outcomes[-1].facts.get("rounds", 1)) if outcomes else 1
    return kit_evening.of_games(outcomes, players, rounds, _note)


def next_setup(last: State) -> Mapping[str, Any]:
    """The next round's start player is the left neighbour of the last one (RULINGS); the
    match length and the way discards are entered stay."""
    return {"first_leader": left_of(last.setup.first_leader, last.setup.size),
            "options": {"rounds": str(last.setup.rounds), "discards": last.setup.discards}}


def start_choices(players: Sequence[str]) -> tuple[int, ...]:
    """ゲームの準備: the start player is chosen by any means: anyone at the table."""
    return tuple(range(len(players)))
