"""The book's values: what it reads of a group's tables (`Played`, one finished game with its
seats as roster players) and its roster (`Member`), and the season a figure covers.

Pure like the rules engines (standard library and `companion.rules.contract` only): the
store and the web layer turn the tables' logs into these values (book.reading), and the
figures (figures.py) and ratings (ratings.py) fold over them.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from ..club.scoring import placement_points
from ..rules.contract import Outcome


UNIT = 55440
"""A place value's whole unit: every value of a game of up to 12 seats is a whole number of
1/UNIT (UNIT is the least multiple of 2(n - 1) for every n up to 12)."""


@dataclass(frozen=True)
class Member:
    """One player of the group's roster."""

    number: int
    """The player's number in the group: it never changes (a rename keeps it; a merge sends
    one number's games to another)."""
    name: str
    retired: bool = False
    """Kept in the book, not offered for seating."""


@dataclass(frozen=True)
class Seat:
    """One seat of a finished game, as the book reads it from the game's outcome."""

    player: int
    """The roster player sitting there (Member.number, merges followed)."""
    place: int
    """The game's place: 1 first, ties sharing (1, 1, 3); partners share their team's place."""
    points: int
    """The game's points for this seat (a team's points for each partner)."""
    team: int | None = None
    """The seat's team (an index into the game's teams), None in a game without teams."""


@dataclass(frozen=True)
class Played:
    """One finished game of a table that belongs to the group."""

    when: str
    """When the game was started (ISO 8601, UTC as the store writes it): orders the games."""
    table: str
    """The table's id in the store."""
    table_name: str
    number: int
    """The game's number at its table (1, 2, ...), for its link."""
    kind: str
    """The game's slug (rules.GAMES)."""
    seats: tuple[Seat, ...]

    @cached_property
    def values(self) -> tuple[Fraction, ...]:
        """Each seat's place as a value from 1 (first) to 0 (last), so tables of three and of
        five average alike: tied places share the mean of the values of the positions they
        cover (1, 1, 3 of three: 3/4, 3/4, 0). In a team game (a seat has a team) the game is
        placed over its teams, each once with its place (two teams: 1 and 0), so partners have
        the same value. Worked out once per game (the game's values never change)."""
        teams = any(s.team is not None for s in self.seats)
        keys = [("team", s.team) if teams and s.team is not None else ("seat", i) for i, s in enumerate(self.seats)]
        places: dict[tuple[str, int | None], int] = {}
        for key, s in zip(keys, self.seats):
            places[key] = min(places.get(key, s.place), s.place)
        if len(places) < 2:
            return tuple(Fraction(1) for _ in self.seats)
        # A team's place is its seats' (1, 1, 3, 3 for two teams of two): ranked again over the teams.
        ranked = {key: 1 + sum(1 for q in places.values() if q < p) for key, p in places.items()}
        order = list(ranked)
        worth = dict(zip(order, placement_points([ranked[k] for k in order], 2)))
        return tuple(worth[key] for key in keys)

    @cached_property
    def units(self) -> Mapping[Seat, int]:
        """Each seat's value (`values`) in whole UNITs, for sums that stay exact without
        fractions (a season table adds thousands of them)."""
        units = {seat: value * UNIT for seat, value in zip(self.seats, self.values)}
        if any(unit.denominator != 1 for unit in units.values()):
            raise ValueError("a game of more seats than UNIT counts")
        return {seat: int(unit) for seat, unit in units.items()}

    @cached_property
    def seat_by_player(self) -> Mapping[int, Seat]:
        """Each player's seat, in seat order: their first where they sat twice (two roster
        numbers merged after they met count the game once). Worked out once per game."""
        seats: dict[int, Seat] = {}
        for seat in self.seats:
            seats.setdefault(seat.player, seat)
        return seats

    @cached_property
    def own_seats(self) -> tuple[Seat, ...]:
        """The game's seats, one per player (`seat_by_player`), in seat order."""
        return tuple(self.seat_by_player.values())

    @cached_property
    def day(self) -> datetime.date:
        """The evening the game belongs to: the date of its start."""
        return datetime.date.fromisoformat(self.when[:10])


@dataclass(frozen=True)
class Season:
    """A date range, both ends included."""

    start: datetime.date
    end: datetime.date

    @classmethod
    def year(cls, year: int) -> Season:
        return cls(datetime.date(year, 1, 1), datetime.date(year, 12, 31))

    def holds(self, played: Played) -> bool:
        return self.start <= played.day <= self.end


def played_from(outcome: Outcome, players: Sequence[int], *, when: str, table: str, table_name: str,
                number: int, kind: str) -> Played | None:
    """A finished game's outcome as the book reads it: each seat's place, points and team,
    exactly as the game reports them (contract.Outcome), and the roster player at each seat
    (`players`, in seat order). None for a game not over: it counts nowhere."""
    if not outcome.over:
        return None
    team_of: Mapping[int, int] = {seat: index for index, team in enumerate(outcome.teams) for seat in team}
    seats = tuple(Seat(player, outcome.places[seat], outcome.points[seat], team_of.get(seat))
                  for seat, player in enumerate(players))
    return Played(when, table, table_name, number, kind, seats)
