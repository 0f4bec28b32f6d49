"""Show-out -> void -> proven revoke, given a game's follow rule (RULINGS: conventions).

Within a deal no card enters a hand, so a player who fails to follow has shown they held
none of what they had to follow with: they are void in it for the rest of the deal, and a
later card of it proves the earlier play a revoke. Each game says what a show-out lacked
(the lead suit, a master card's two suits, ...) and what a card holds; these functions do
the rest. A revoke is proven once per offence; no result is changed (the table decides).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Iterator
from typing import Protocol, TypeVar


class ShownOut(Protocol):
    """A play that failed to follow: whatever the game records, it names the seat."""

    @property
    def seat(self) -> int: ...


S = TypeVar("S", bound=ShownOut)
T = TypeVar("T", bound=Hashable)
"""What a show-out lacked: a suit, or whatever the game's follow rule names (a rank, say)."""


def voids(show_outs: Iterable[S], seat: int, lacking: Callable[[S], Iterable[T]]) -> frozenset[T]:
    """Everything `seat` has shown out of so far in the deal."""
    return frozenset(x for so in show_outs if so.seat == seat for x in lacking(so))


def contradicted(show_outs: Iterable[S], proven: Collection[S], seat: int,
                 lacking: Callable[[S], Iterable[T]], holds: Callable[[T], bool]) -> Iterator[tuple[S, T]]:
    """Each earlier show-out of `seat`, not yet proven, that a card holding one of the things
    it lacked contradicts: (the show-out, the first such thing the card holds)."""
    for so in show_outs:
        if so.seat != seat or so in proven:
            continue
        for thing in lacking(so):
            if holds(thing):
                yield so, thing
                break
