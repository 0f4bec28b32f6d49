"""What an event's input must be, read alike by its scoring, its seating and its judge: the
event's bounds and the checks of a player's name, its players and a round's number.

Pure like the rest of the club package (standard library and `companion.rules.base` only).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from .. import limits
from ..rules.base import RuleError

MAX_PLAYERS = 2000
"""Players one event holds: a hall of the companion holds a few hundred tables."""

MAX_ROUNDS = 100
"""Rounds one event holds (a night has a handful; a league's season a few dozen)."""

MAX_TABLE = 12
"""The most players one table of a draw seats (the nine games seat at most 8): it bounds the
table sizes a judge request may name, and with them the work of choosing the sizes."""

EMPTY: Mapping[Any, Any] = MappingProxyType({})
"""No sit-outs (an immutable default)."""


def check_name(name: object) -> str:
    """A player's name as given, refusing what is not one."""
    if not isinstance(name, str) or not name.strip() or len(name) > limits.PLAYER_NAME:
        raise RuleError("club.name", "", limit=limits.PLAYER_NAME)
    return name


def check_players(players: Sequence[object]) -> tuple[str, ...]:
    """The event's players: names, each once, at most MAX_PLAYERS."""
    if len(players) > MAX_PLAYERS:
        raise RuleError("club.too_many_players", "", limit=MAX_PLAYERS)
    names = tuple(check_name(p) for p in players)
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise RuleError("club.name_twice", "", player=name)
        seen.add(name)
    return names


def check_round(value: object, field: str) -> int:
    """A round number, 1 to MAX_ROUNDS."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ROUNDS:
        raise RuleError("club.round", "", field=field, limit=MAX_ROUNDS)
    return value
