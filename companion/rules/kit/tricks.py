"""A trick: one card laid by each player in turn, whatever the game's cards are."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

C = TypeVar("C")


@dataclass(frozen=True)
class Play(Generic[C]):
    """One card laid in a trick by the player in `seat`."""

    seat: int
    card: C


@dataclass(frozen=True)
class Trick(Generic[C]):
    """A complete trick: its number in the game (1-based), who led it, and the plays in the
    order laid, the leader's first. Each game's result of a trick adds how it was decided."""

    number: int
    leader: int
    plays: tuple[Play[C], ...]

    @property
    def cards(self) -> tuple[C, ...]:
        """The cards in the order laid."""
        return tuple(p.card for p in self.plays)

    @property
    def lead(self) -> C:
        """The card led."""
        return self.plays[0].card


def laid(tricks: Sequence[Trick[C]], plays: Iterable[Play[C]]) -> Iterator[tuple[Play[C], int]]:
    """Every card laid so far in the game, with the number of its trick: the complete tricks',
    then those of the trick being played (`plays`)."""
    for trick in tricks:
        for play in trick.plays:
            yield play, trick.number
    for play in plays:
        yield play, len(tricks) + 1
