"""ゲームの終了と得点計算: the score cards won, counted.

A-10 score their face value (A = 1); for each of J, Q and K the players with the most of
it, at least one, score 11, 12 or 13, every tied player in full. The highest total wins;
equal highest all win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..base import CardRef, Ruling, SeatRef, SeatsRef
from ..kit.evening import top
from .cards import FACE_CARDS, FACE_LETTERS
from .clauses import RULINGS, SCORING, WINNER


@dataclass(frozen=True)
class Score:
    """The points of every seat from the ranks they won."""

    points: tuple[int, ...]
    numbers: tuple[int, ...]
    """Face value of the A-10 cards won, per seat."""
    majority: Mapping[str, tuple[int, ...]]
    """"J", "Q", "K" -> the seats holding the most of it (empty when nobody won one)."""
    winners: tuple[int, ...]
    rulings: tuple[Ruling, ...]


def score(won: Sequence[Sequence[int]]) -> Score:
    """Score the ranks each seat won (1 = A .. 13 = K), as at the end of a round."""
    numbers = tuple(sum(r for r in ranks if r <= 10) for ranks in won)
    points = list(numbers)
    rulings: list[Ruling] = []
    for seat, ranks in enumerate(won):
        low = sorted(r for r in ranks if r <= 10)
        if low:
            rulings.append(Ruling("ko.numbers", SCORING, {"seat": SeatRef(seat), "points": numbers[seat],
                                                          "count": len(low)}))
    majority: dict[str, tuple[int, ...]] = {}
    for face in FACE_CARDS:
        letter = FACE_LETTERS[face]
        counts = [sum(1 for r in ranks if r == face) for ranks in won]
        best = max(counts, default=0)
        if best == 0:
            majority[letter] = ()
            rulings.append(Ruling("ko.majority_none", RULINGS, {"card": CardRef(letter)}))
            continue
        holders = tuple(seat for seat, n in enumerate(counts) if n == best)
        majority[letter] = holders
        for seat in holders:
            points[seat] += face
        key = "ko.majority" if len(holders) == 1 else "ko.majority_tied"
        rulings.append(Ruling(key, SCORING, {"seats": SeatsRef(holders), "card": CardRef(letter), "count": best,
                                             "points": face}))
    winners = top(points) if points else ()
    rulings.append(Ruling("ko.winner" if len(winners) == 1 else "ko.winners_tied", WINNER,
                          {"seats": SeatsRef(winners), "points": max(points, default=0)}))
    return Score(tuple(points), numbers, majority, winners, tuple(rulings))
