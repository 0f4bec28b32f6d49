"""The five rule cards judged on a round's five number cards (3. ルールの判定, 5つのルール)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..base import CardRef, Ruling, SeatRef, SuitRef
from ..kit.seats import right_of
from .cards import (
    BEST_OF_THE_BEST, COLOURS, HIGHEST, LIMIT_23, LOWEST, ONLY_ONE, RULE_CLAUSES, SUPPORT_RIGHT, TRIO,
    Number, codes, rule_name,
)
from .clauses import RULINGS
from .options import MAX_PLAYERS

LIMIT = 23
SET_SIZE = 3


@dataclass(frozen=True)
class Verdict:
    """One player's rule card judged: achieved or not, and why in words."""

    seat: int
    card: str
    rule: str
    achieved: bool
    ruling: Ruling


def _trio(seat: int, five: Sequence[Number]) -> tuple[bool, Ruling]:
    clause = RULE_CLAUSES[TRIO]
    for colour in COLOURS:
        same = sorted(x for x in five if x.colour == colour)
        if len(same) >= SET_SIZE:
            return True, Ruling("mor.trio.colour", clause, {
                "seat": SeatRef(seat), "count": len(same), "suit": SuitRef(colour), "cards": codes(same)})
    for value in range(LOWEST, HIGHEST + 1):
        same = [x for x in five if x.value == value]
        if len(same) >= SET_SIZE:
            return True, Ruling("mor.trio.number", clause, {
                "seat": SeatRef(seat), "count": len(same), "number": value, "cards": codes(same)})
    return False, Ruling("mor.trio.miss", clause, {"seat": SeatRef(seat), "cards": codes(five)})


def _only_one(seat: int, card: Number, five: Sequence[Number]) -> tuple[bool, Ruling]:
    clause = RULE_CLAUSES[ONLY_ONE]
    others = [x for x in five if x != card]
    colour = [x for x in others if x.colour == card.colour]
    number = [x for x in others if x.value == card.value]
    base = {"seat": SeatRef(seat), "card": CardRef(card.code)}
    if colour and number:
        return False, Ruling("mor.only_one.miss_both", clause,
                             {**base, "colour_cards": codes(colour), "number_cards": codes(number)})
    if colour:
        return False, Ruling("mor.only_one.miss_colour", clause, {**base, "cards": codes(colour)})
    if number:
        return False, Ruling("mor.only_one.miss_number", clause, {**base, "cards": codes(number)})
    return True, Ruling("mor.only_one.hit", clause,
                        {**base, "suit": SuitRef(card.colour), "number": card.value})


def _limit_23(seat: int, five: Sequence[Number]) -> tuple[bool, Ruling]:
    total = sum(x.value for x in five)
    key = "mor.limit_23.hit" if total <= LIMIT else "mor.limit_23.miss"
    return total <= LIMIT, Ruling(key, RULE_CLAUSES[LIMIT_23], {"seat": SeatRef(seat), "total": total})


def _best(seat: int, card: Number, five: Sequence[Number]) -> tuple[bool, Ruling]:
    clause = RULE_CLAUSES[BEST_OF_THE_BEST]
    counts = {c: sum(1 for x in five if x.colour == c) for c in COLOURS}
    top = max(counts.values())
    own = counts[card.colour]
    if own < top:
        return False, Ruling("mor.best.miss_colour", clause, {
            "seat": SeatRef(seat), "card": CardRef(card.code), "suit": SuitRef(card.colour),
            "count": own, "top": top})
    highest = max(x for x in five if x.colour == card.colour)
    if highest != card:
        return False, Ruling("mor.best.miss_higher", clause, {
            "seat": SeatRef(seat), "card": CardRef(card.code), "higher": CardRef(highest.code),
            "suit": SuitRef(card.colour)})
    shared = sum(1 for c in COLOURS if counts[c] == top) > 1
    key = "mor.best.hit_tie" if shared else "mor.best.hit"
    return True, Ruling(key, clause, {
        "seat": SeatRef(seat), "card": CardRef(card.code), "suit": SuitRef(card.colour), "count": top})


def decide(
    numbers: Sequence[Number], rules: Sequence[str], dummy_numbers: Sequence[Number] = ()
) -> tuple[Verdict, ...]:
    """3. ルールの判定: judge every player's rule card on the five number cards.

    `numbers` and `rules` hold one entry per player in seat order; `dummy_numbers` the
    dummies' number cards. The caller makes sure there are five distinct cards in all.
    """
    players = len(numbers)
    five = list(numbers) + list(dummy_numbers)
    outcome: dict[int, tuple[bool, Ruling]] = {}
    for seat, (card, rule) in enumerate(zip(numbers, rules)):
        if rule == TRIO:
            outcome[seat] = _trio(seat, five)
        elif rule == ONLY_ONE:
            outcome[seat] = _only_one(seat, card, five)
        elif rule == LIMIT_23:
            outcome[seat] = _limit_23(seat, five)
        elif rule == BEST_OF_THE_BEST:
            outcome[seat] = _best(seat, card, five)
    clause = RULE_CLAUSES[SUPPORT_RIGHT]
    if all(rule == SUPPORT_RIGHT for rule in rules):
        # The text settles this for 3-4 players; RULINGS carries it to five.
        every = clause if players < MAX_PLAYERS else RULINGS
        for seat in range(players):
            outcome[seat] = (True, Ruling("mor.support_right.all", every, {"seat": SeatRef(seat)}))
    else:
        for seat, rule in enumerate(rules):
            if rule != SUPPORT_RIGHT:
                continue
            # The nearest human on the right (the seat before); dummies have no seat.
            right = right_of(seat, players)
            end = right
            while rules[end] == SUPPORT_RIGHT:
                end = right_of(end, players)
            achieved = outcome[end][0]
            key = "mor.support_right.hit" if achieved else "mor.support_right.miss"
            outcome[seat] = (achieved, Ruling(key, clause, {
                "seat": SeatRef(seat), "right": SeatRef(right), "rule": rule_name(rules[right])}))
    return tuple(
        Verdict(seat, numbers[seat].code, rules[seat], *outcome[seat]) for seat in range(players)
    )
