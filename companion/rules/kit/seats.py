"""Seats, numbered 0..n-1 clockwise as people sit (RULINGS: conventions for every game)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import RuleError, require_int


@dataclass(frozen=True)
class Seating:
    """Who sits where (clockwise) and who leads first: what every game's setup starts from.

    Each game's Setup extends it with its own options and what follows from the count.
    """

    players: tuple[str, ...]
    first_leader: int = 0

    @property
    def size(self) -> int:
        return len(self.players)


def read_seating(raw: Mapping[str, Any], counts: Sequence[int], count_key: str, clause: str,
                 leader_clause: str = "", leader_key: str = "setup.first_leader") -> tuple[tuple[str, ...], int]:
    """The players (clockwise) and the first leader of a setup, refusing what no game allows.

    `counts` are the game's allowed player counts; `count_key` names its message for any
    other count, citing `clause`; a first leader not at the table is refused with
    `leader_key` citing `leader_clause` (the same clause unless the rulebook gives choosing
    the leader its own).
    """
    if not isinstance(raw, Mapping):
        raise RuleError("input.not_object", "")
    players = raw.get("players")
    if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
        raise RuleError("input.not_list", "", field="players")
    if len(players) not in counts:
        raise RuleError(count_key, clause, count=len(players))
    first = require_int(raw, "first_leader") if "first_leader" in raw else 0
    if not 0 <= first < len(players):
        raise RuleError(leader_key, leader_clause or clause)
    return tuple(players), first


def left_of(seat: int, players: int, step: int = 1) -> int:
    """The seat `step` places clockwise of `seat`: the left neighbour, who plays next."""
    return (seat + step) % players


def right_of(seat: int, players: int) -> int:
    """The right neighbour: the seat before `seat` (i - 1), who played just before."""
    return (seat - 1) % players


def play_order(leader: int, players: int, direction: int = 1) -> tuple[int, ...]:
    """Every seat once, from the leader, clockwise (direction 1) or counter-clockwise (-1)."""
    return tuple((leader + direction * i) % players for i in range(players))
