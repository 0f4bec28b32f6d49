"""Sets of taken cards and what they score (3(6)), and the orb majority when nobody
declares (4(4))."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..base import Ruling, SeatRef, SeatsRef, SuitRef
from .cards import SET_KINDS, Card, counts

SET_CLAUSE: Mapping[str, str] = {
    "orb": "3(6)①", "sword": "3(6)②", "shield": "3(6)③", "crystal": "3(6)④", "potion": "3(6)⑤"}

TIE_CHAIN = ("orb", "sword", "shield", "crystal")
"""4(4): most orbs; equal, then swords, shields, crystals (RULINGS: then the option)."""


def set_points(kind: str, count: int) -> int | None:
    """3(6)①-⑤: the points of a set of `count` cards of `kind`, or None if not complete.

    Orbs 3/4/5 = 5/6/7; swords 3/4/5 = 4/5/6; shields 3/4/5 = 3/4/5; crystals n >= 5 = n - 3;
    potions n >= 10 = n - 9 (RULINGS: the printed "10枚:3" is a misprint for 12:3).
    """
    if kind == "orb":
        return count + 2 if count >= 3 else None
    if kind == "sword":
        return count + 1 if count >= 3 else None
    if kind == "shield":
        return count if count >= 3 else None
    if kind == "crystal":
        return count - 3 if count >= 5 else None
    if kind == "potion":
        return count - 9 if count >= 10 else None
    return None


@dataclass(frozen=True)
class Score:
    """What a player's taken cards would score now, if they declared."""

    counts: tuple[tuple[str, int], ...]
    """(kind, number of cards) for every kind, KING/QUEEN/JESTER last as "kqj"."""
    sets: tuple[tuple[str, int], ...]
    """(kind, points) of each completed set."""
    base: int
    """The best set, or the sum of the sets (house rule); 0 without a set."""
    multiplier: int
    points: int
    rulings: tuple[Ruling, ...]

    @property
    def count(self) -> Mapping[str, int]:
        return dict(self.counts)

    @property
    def complete(self) -> bool:
        """A set is complete: the player may declare アガリ (3(6))."""
        return bool(self.sets)

    @property
    def best(self) -> str | None:
        """The kind of the best set (the first in rulebook order among equal points)."""
        if not self.sets:
            return None
        top = max(points for _, points in self.sets)
        return next(kind for kind, points in self.sets if points == top)


def score(cards: Iterable[Card], sum_sets: bool = False) -> Score:
    """3(6): a player's sets; the single best (default) or all added (house rule), times
    1 + the number of KING, QUEEN and JESTER taken."""
    found = counts(cards)
    sets = tuple((kind, p) for kind in SET_KINDS if (p := set_points(kind, found[kind])) is not None)
    kqj = found["kqj"]
    multiplier = 1 + kqj
    rulings = [Ruling("kt.set", SET_CLAUSE[kind], {"count": found[kind], "kind": SuitRef(kind), "points": p})
               for kind, p in sets]
    if not sets:
        base = 0
        rulings.append(Ruling("kt.no_set_yet", "3(6)"))
    elif sum_sets:
        base = sum(p for _, p in sets)
        if len(sets) > 1:
            rulings.append(Ruling("kt.sets_summed", "RULINGS", {"points": base}))
    else:
        base = max(p for _, p in sets)
        if len(sets) > 1:
            rulings.append(Ruling("kt.best_set", "RULINGS", {"points": base}))
    points = base * multiplier
    if sets and kqj:
        rulings.append(Ruling("kt.multiplier", "3(6)", {"count": kqj, "multiplier": multiplier,
                                                        "base": base, "points": points}))
    return Score(tuple(found.items()), sets, base, multiplier, points, tuple(rulings))


def may_declare(now: Score, passed_at: int | None) -> bool:
    """3(6): a completed set, and if the player passed before, more points than then."""
    return now.complete and (passed_at is None or now.points > passed_at)


@dataclass(frozen=True)
class NoAgari:
    """4(4): who scores when the hands run out and nobody declared."""

    scorers: tuple[int, ...]
    points: tuple[int, ...]
    decided_by: str | None
    """The kind whose count left one player on top; None if players stayed tied."""
    rulings: tuple[Ruling, ...]


def no_agari(taken: Sequence[Iterable[Card]], tie: str = "potions_share") -> NoAgari:
    """4(4): the most orbs scores 1 x their multiplier; ties go to swords, shields, crystals,
    then per the option (RULINGS): potions and all still tied score | all tied score | nobody."""
    found = [counts(cards) for cards in taken]
    rulings = [Ruling("kt.no_agari", "4(4)")]
    candidates = tuple(range(len(found)))
    decided: str | None = None
    for kind in TIE_CHAIN + ("potion",):
        if kind == "potion":
            if tie == "share":
                rulings.append(Ruling("kt.no_agari_share", "RULINGS", {"seats": SeatsRef(candidates)}))
                break
            if tie == "none":
                rulings.append(Ruling("kt.no_agari_nobody", "RULINGS", {"seats": SeatsRef(candidates)}))
                candidates = ()
                break
        top = max(found[s][kind] for s in candidates)
        leaders = tuple(s for s in candidates if found[s][kind] == top)
        clause = "4(4)" if kind != "potion" else "RULINGS"
        if len(leaders) == 1:
            decided = kind
            rulings.append(Ruling("kt.no_agari_most", clause, {
                "seat": SeatRef(leaders[0]), "kind": SuitRef(kind), "count": top}))
            candidates = leaders
            break
        rulings.append(Ruling("kt.no_agari_tied", clause, {
            "seats": SeatsRef(leaders), "kind": SuitRef(kind), "count": top}))
        candidates = leaders
        if kind == "potion":
            rulings.append(Ruling("kt.no_agari_share_after_potions", "RULINGS", {"seats": SeatsRef(candidates)}))
    points = [0] * len(found)
    for seat in candidates:
        multiplier = 1 + found[seat]["kqj"]
        points[seat] = multiplier
        rulings.append(Ruling("kt.no_agari_scores", "4(4)", {"seat": SeatRef(seat), "multiplier": multiplier,
                                                             "points": multiplier}))
    return NoAgari(candidates, tuple(points), decided, tuple(rulings))
