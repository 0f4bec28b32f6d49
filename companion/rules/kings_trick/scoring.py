"""Points, places, the next game and the evening (4(2), 4(3), 5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Ruling, SeatsRef
from ..contract import Evening, Outcome
from ..kit import evening as kit_evening
from .state import State

GAMES = 4
TARGET = 20
"""4(3): four games; a total of 20 or more before then ends the evening at once."""


def team_points(points: Sequence[int], teams: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """5: each seat shows its team's total (the two partners' points added); no teams, its own."""
    if not teams:
        return tuple(points)
    out = list(points)
    for team in teams:
        total = sum(points[seat] for seat in team)
        for seat in team:
            out[seat] = total
    return tuple(out)


def outcome(state: State) -> Outcome:
    """Points per seat (a team's points to each partner), places by them, and the facts the
    next game and the evening need."""
    teams = state.setup.teams
    points = team_points(state.points, teams)
    facts: dict[str, Any] = {
        "individual": list(state.points),
        "scorers": list(state.scorers),
        "ended_by": state.ended_by,
        "next_first_leader": state.next_start if state.next_start is not None else state.setup.first_leader,
        "tie_at_20": state.setup.tie_at_20,
        "teams": bool(teams),
    }
    return Outcome(points, state.is_over, kit_evening.places(points), teams, facts)


@dataclass(frozen=True)
class Series:
    """Where an evening stands after its finished games: totals per unit (seat or team)."""

    totals: tuple[int, ...]
    over: bool
    ended_after: int | None
    """The game after which the evening ended."""
    leaders: tuple[int, ...]
    note: Ruling


def series(games: Sequence[Sequence[int]], ties_at_20: Sequence[str], units: int,
           names: Sequence[Sequence[int]] | None = None) -> Series:
    """4(3) over finished games' points per unit (player, or team). `ties_at_20` gives each
    game's option; `names` the seats of each unit, for the notes (default: unit i is seat i).

    After game 1, 2 or 3 a total of 20+ ends the evening, the highest total winning; equal
    highest totals at 20+ play on or share (RULINGS option). After game 4, and after every
    further game, the evening ends once one total is highest.
    """
    seats = names if names is not None else [(i,) for i in range(units)]

    def who(units_: Sequence[int]) -> SeatsRef:
        return SeatsRef(tuple(s for u in units_ for s in seats[u]))

    totals = [0] * units
    note = Ruling("kt.evening_games", "4(3)", {"done": 0, "n": GAMES, "target": TARGET})
    for number, points in enumerate(games, 1):
        totals = [t + p for t, p in zip(totals, points)]
        top = max(totals)
        leaders = tuple(u for u, t in enumerate(totals) if t == top)
        tie = ties_at_20[number - 1] if number - 1 < len(ties_at_20) else "play_on"
        params = {"done": number, "names": who(leaders), "total": top, "n": GAMES, "target": TARGET}
        if number < GAMES:
            if top < TARGET:
                note = Ruling("kt.evening_games", "4(3)", {"done": number, "n": GAMES, "target": TARGET})
                continue
            if len(leaders) == 1:
                return Series(tuple(totals), True, number, leaders, Ruling("kt.evening_over_target", "4(3)", params))
            if tie == "share":
                return Series(tuple(totals), True, number, leaders, Ruling("kt.evening_share_target", "RULINGS", params))
            note = Ruling("kt.evening_tie_target", "RULINGS", params)
            continue
        if len(leaders) == 1:
            return Series(tuple(totals), True, number, leaders, Ruling("kt.evening_over", "4(3)", params))
        note = Ruling("kt.evening_tie", "4(3)", params)
    top = max(totals) if totals else 0
    return Series(tuple(totals), False, None, tuple(u for u, t in enumerate(totals) if t == top), note)


def evening(outcomes: Sequence[Outcome], players: int) -> Evening:
    """4(3): four games, 20+ before game 4 ends it, ties after game 4 play on; with teams
    (5) the teams' totals decide."""
    finished = [o for o in outcomes if o.over]
    teams: tuple[tuple[int, ...], ...] = outcomes[-1].teams if outcomes else ()
    units = list(teams) if teams else [(seat,) for seat in range(players)]
    games = [[o.points[unit[0]] for unit in units] for o in finished]
    ties = [str(o.facts.get("tie_at_20", "play_on")) for o in finished]
    found = series(games, ties, len(units), units)
    totals = list(kit_evening.summed(outcomes, players))
    leaders = tuple(sorted(seat for u in found.leaders for seat in units[u]))
    return Evening(tuple(totals), found.over, leaders, found.note)


def next_setup(last: State) -> Mapping[str, Any]:
    """4(3): the next game's start player is the one who scored (RULINGS for several or
    none); the options stay as they were."""
    first = last.next_start if last.next_start is not None else last.setup.first_leader
    return {"first_leader": first, "options": last.setup.options}


def start_choices(players: Sequence[str]) -> tuple[int, ...]:
    """2: the start player is chosen any way the table likes: anyone."""
    return tuple(range(len(players)))
