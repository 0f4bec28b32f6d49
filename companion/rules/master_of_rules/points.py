"""6. 得点計算: points from the rule cards won, bonuses, and places with the tie-breaks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..base import Ruling, SeatRef
from ..kit import evening as kit_evening
from .cards import BEST_OF_THE_BEST, LIMIT_23, ONLY_ONE, RULES, SUPPORT_RIGHT, TRIO, rule_name
from .clauses import SCORING
from .rules_cards import SET_SIZE

TIE_BREAK = (TRIO, ONLY_ONE, BEST_OF_THE_BEST, LIMIT_23, SUPPORT_RIGHT)
"""6: equal points are split by more TRIO, then ONLY ONE, BEST of the BEST, LIMIT 23, SUPPORT RIGHT."""

SET_BONUS = 2
ALL_FIVE_BONUS = 2


@dataclass(frozen=True)
class Breakdown:
    """6. 得点計算: a player's points, part by part."""

    base: int
    set_bonus: int
    all_five_bonus: int

    @property
    def total(self) -> int:
        return self.base + self.set_bonus + self.all_five_bonus


def breakdown(counts: Mapping[str, int]) -> Breakdown:
    """1 per rule card won; +2 per rule won 3+ times (once each); +2 once for all five."""
    base = sum(counts.get(rule, 0) for rule in RULES)
    sets = sum(1 for rule in RULES if counts.get(rule, 0) >= SET_SIZE)
    all_five = all(counts.get(rule, 0) >= 1 for rule in RULES)
    return Breakdown(base, SET_BONUS * sets, ALL_FIVE_BONUS if all_five else 0)


def _rank_key(counts: Mapping[str, int]) -> tuple[int, ...]:
    return (breakdown(counts).total, *(counts.get(rule, 0) for rule in TIE_BREAK))


def ranks(table: Sequence[Mapping[str, int]]) -> tuple[int, ...]:
    """6: places, 1 for the best; equal points go by TIE_BREAK; still equal, a shared place."""
    return kit_evening.places([_rank_key(counts) for counts in table])


def score_rulings(table: Sequence[Mapping[str, int]]) -> tuple[Ruling, ...]:
    """Each player's points explained, then how equal points were split."""
    rulings = []
    for seat, counts in enumerate(table):
        b = breakdown(counts)
        rulings.append(Ruling("mor.score.total", SCORING, {
            "seat": SeatRef(seat), "total": b.total, "base": b.base,
            "set_bonus": b.set_bonus, "all_five_bonus": b.all_five_bonus}))
    places = ranks(table)
    order = sorted(range(len(table)), key=lambda s: (places[s], s))
    for upper, lower in zip(order, order[1:]):
        points = breakdown(table[upper]).total
        if points != breakdown(table[lower]).total:
            continue
        for rule in TIE_BREAK:
            high, low = table[upper].get(rule, 0), table[lower].get(rule, 0)
            if high != low:
                rulings.append(Ruling("mor.rank.tie_break", SCORING, {
                    "seat": SeatRef(upper), "other": SeatRef(lower), "points": points,
                    "rule": rule_name(rule), "count": high, "other_count": low}))
                break
        else:
            rulings.append(Ruling("mor.rank.shared", SCORING, {
                "seat": SeatRef(upper), "other": SeatRef(lower), "rank": places[upper]}))
    return tuple(rulings)
