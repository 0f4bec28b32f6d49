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

from ..rules.contract import Outcome


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

    @property
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
