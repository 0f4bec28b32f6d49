"""Show-out -> void -> proven revoke, given a game's follow rule (RULINGS: conventions).

Within a deal no card enters a hand, so a player who fails to follow has shown they held
none of what they had to follow with: they are void in it for the rest of the deal, and a
later card of it proves the earlier play a revoke. Each game says what a show-out lacked
(the lead suit, a master card's two suits, ...) and what a card holds; these functions do
the rest. A revoke is proven once per offence; no result is changed (the table decides).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Container, Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from ..base import Finding, Ruling
from .tricks import Play


class ShownOut(Protocol):
    """A play that failed to follow: whatever the game records, it names the seat."""

    @property
    def seat(self) -> int: ...


C = TypeVar("C")


@dataclass(frozen=True)
class ShowOut(Generic[C]):
    """A follower's `card` in trick `trick` that did not follow the `lead`: what the game's
    follow rule asked of it, `seat` showed they held none of. A game adds what it lacked."""

    seat: int
    trick: int
    card: C
    lead: C


class ShownOutIn(ShownOut, Protocol):
    """A show-out that names its trick too (the number, 1-based, in the game)."""

    @property
    def trick(self) -> int: ...


S = TypeVar("S", bound=ShownOut)
D = TypeVar("D", bound=ShownOutIn)
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


def audit(show_outs: Iterable[D], laid: Iterable[tuple[Play[C], int]], accepted: Container[tuple[int, int]],
          holds: Callable[[D, C], bool], evidence: Callable[[D, tuple[tuple[C, int], ...]], Ruling]
          ) -> tuple[Finding, ...]:
    """Every show-out that a card the same seat laid in a later trick proves illegal: cards
    never enter a hand mid-game, so each such card `holds` what the show-out lacked was in
    the hand then. `laid` is every card laid with its trick's number (tricks.laid);
    `evidence(show-out, (card, trick) ...)` is the finding's ruling, listing them all; a
    finding the table let stand has its (seat, trick) among `accepted`.
    """
    later: dict[int, list[tuple[C, int]]] = {}
    for play, number in laid:
        later.setdefault(play.seat, []).append((play.card, number))
    findings = []
    for so in show_outs:
        held = tuple((card, n) for card, n in later.get(so.seat, []) if n > so.trick and holds(so, card))
        if held:
            findings.append(Finding(evidence(so, held), {"seat": so.seat, "trick": so.trick},
                                    (so.seat, so.trick) in accepted))
    return tuple(findings)
