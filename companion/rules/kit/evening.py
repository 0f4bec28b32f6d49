"""Places with ties, and the evening of a series: N games, or until a score is reached."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..base import Ruling
from ..contract import Evening, Outcome


def places(keys: Sequence[Any]) -> tuple[int, ...]:
    """1-based places, higher key first; equal keys share a place (1, 1, 3)."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def top(values: Sequence[Any]) -> tuple[int, ...]:
    """The seats holding the highest value (several when they share it)."""
    best = max(values)
    return tuple(i for i, v in enumerate(values) if v == best)


def summed(outcomes: Sequence[Outcome], players: int) -> tuple[int, ...]:
    """Each seat's points added up over the series."""
    totals = [0] * players
    for outcome in outcomes:
        totals = [t + p for t, p in zip(totals, outcome.points)]
    return tuple(totals)


def finished(outcomes: Sequence[Outcome]) -> int:
    """How many games of the series are over."""
    return sum(1 for o in outcomes if o.over)


def of_games(outcomes: Sequence[Outcome], players: int, games: int,
             note: Callable[[int, int, tuple[int, ...], bool], Ruling | None]) -> Evening:
    """An evening of a set number of `games`; highest total leads; over once they are played.

    `note(done, games, leaders, over)` says where it stands, in the game's words.
    """
    totals = summed(outcomes, players)
    done = finished(outcomes)
    over = done >= games
    leaders = top(totals)
    return Evening(totals, over, leaders, note(done, games, leaders, over))
