"""得点計算: each suit's highest sum of numbers scores its card count; the most points win."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..base import Ruling, SeatRef, SeatsRef, SuitRef
from ..kit.evening import places, top
from .cards import SUITS, Card
from .options import C_SCORE


@dataclass(frozen=True)
class Score:
    """The points of the cards each seat received, suit by suit (every suit listed)."""

    points: tuple[int, ...]
    by_suit: Mapping[str, tuple[int, ...]]
    """Points per seat that each suit gave."""
    sums: Mapping[str, tuple[int, ...]]
    """The sum of the numbers (A = 1) of each seat's cards of each suit."""
    counts: Mapping[str, tuple[int, ...]]
    """How many cards of each suit each seat received."""
    winners: tuple[int, ...]
    places: tuple[int, ...]
    rulings: tuple[Ruling, ...]


def score(received: Sequence[Sequence[Card]]) -> Score:
    """The points of each seat's received cards.

    Per suit, the seats with the highest sum of numbers score one point per card of that
    suit they hold; equal highest sums each score their own count; a suit nobody holds scores
    nothing. The most points win; equal most share the win.
    """
    seats = range(len(received))
    sums = {s: tuple(sum(c.number for c in received[i] if c.suit == s) for i in seats) for s in SUITS}
    counts = {s: tuple(sum(1 for c in received[i] if c.suit == s) for i in seats) for s in SUITS}
    by_suit: dict[str, tuple[int, ...]] = {}
    rulings: list[Ruling] = []
    for s in SUITS:
        best = max(sums[s], default=0)
        if best == 0:
            by_suit[s] = tuple(0 for _ in seats)
            rulings.append(Ruling("tns.suit_nobody", C_SCORE, {"suit": SuitRef(s)}))
            continue
        holders = tuple(i for i in seats if sums[s][i] == best)
        by_suit[s] = tuple(counts[s][i] if i in holders else 0 for i in seats)
        for i in holders:
            if len(holders) == 1:
                rulings.append(Ruling("tns.suit_top", C_SCORE, {
                    "suit": SuitRef(s), "seat": SeatRef(i), "sum": best, "points": counts[s][i]}))
            else:
                rulings.append(Ruling("tns.suit_top_shared", C_SCORE, {
                    "suit": SuitRef(s), "names": SeatsRef(holders), "seat": SeatRef(i), "sum": best,
                    "points": counts[s][i]}))
    points = tuple(sum(by_suit[s][i] for s in SUITS) for i in seats)
    winners = top(points) if points else ()
    if len(winners) == 1:
        rulings.append(Ruling("tns.winner", C_SCORE, {"seat": SeatRef(winners[0]), "points": points[winners[0]]}))
    elif winners:
        rulings.append(Ruling("tns.winners_share", C_SCORE, {"names": SeatsRef(winners),
                                                             "points": points[winners[0]]}))
    return Score(points, by_suit, sums, counts, winners, places(points), tuple(rulings))
