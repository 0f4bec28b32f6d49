"""One trick of Saizen decided under the lead suit's rule card (2.2-2.4, RULINGS).

Pure functions over cards in trick order (index 0 is the leader). Seats only appear in
rulings: `seats[i]` is the seat that laid play i.

- Only cards of the lead suit, or a joker, can win; the strongest by 大/小 wins, a joker
  being strongest; 後/先 only ever separates two jokers (RULINGS, 2.4).
- 決勝: cards of one number in any suits (two jokers too) send their players to a play-off;
  with several numbers only the strongest plays off (2.3). The play-off decides the trick.
  Each stage: one more card each, in trick order, compared by number alone; the 決勝 rule
  applies again (2.3.3); a player with no card left loses; nobody left: no winner (2.3.2).
- 必勝 (2.3.1, 2.3.4, 2.3.5): a card is judged on the cards already down, by the tier it
  reaches (1 best); a slip is a card of a worse tier than the best legal card held.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..base import CardRef, CardsRef, RuleError, Ruling, SeatRef, SeatsRef, SuitRef
from .cards import Card
from .rulecards import RuleCard

JOKER_STRENGTH = 100


def strength(card: Card, high: bool) -> int:
    """How strong a card is by its number alone under 大 (high) or 小: a joker is strongest (2.4)."""
    return number_strength(card.rank, high)


def number_strength(rank: int, high: bool) -> int:
    """The strength of a number (0 for the jokers' pair) under 大/小."""
    if rank == 0:
        return JOKER_STRENGTH
    return rank if high else 14 - rank


def can_win(card: Card, lead: str | None) -> bool:
    """2.2, 2.4: only the lead suit or a joker can win a trick; in a play-off (lead None) any card."""
    return lead is None or card.is_joker or card.suit == lead


def best_single(cards: Sequence[Card], lead: str | None, high: bool, later: bool) -> int | None:
    """The index of the card winning on strength: lead suit or joker, strongest; of two jokers
    the later under 後, the earlier under 先 (RULINGS: the only cards that can be equal)."""
    best: int | None = None
    for i, card in enumerate(cards):
        if not can_win(card, lead):
            continue
        if best is None:
            best = i
            continue
        mine, theirs = strength(card, high), strength(cards[best], high)
        if mine > theirs or (mine == theirs and later):
            best = i
    return best


def strongest_pair(cards: Sequence[Card | None], high: bool) -> tuple[int, tuple[int, ...], int] | None:
    """2.3 決勝: (number, the indices holding it, how many numbers paired) for the strongest
    number laid more than once (jokers pair each other and are the strongest, 2.4), or None."""
    holders: dict[int, list[int]] = {}
    for i, card in enumerate(cards):
        if card is not None:
            holders.setdefault(card.rank, []).append(i)
    pairs = [rank for rank, who in holders.items() if len(who) >= 2]
    if not pairs:
        return None
    top = max(pairs, key=lambda rank: number_strength(rank, high))
    return top, tuple(holders[top]), len(pairs)


# --------------------------------------------------------------------------- deciding a trick


@dataclass(frozen=True)
class Verdict:
    """Where a trick stands once its main cards are down.

    `stages` lists the play indices in each play-off stage (the pending one included);
    `pending` the indices of the stage still to be played, or None once decided.
    """

    decided: bool
    winner: int | None
    stages: tuple[tuple[int, ...], ...]
    pending: tuple[int, ...] | None
    rulings: tuple[Ruling, ...]


def _number_text(rank: int) -> str:
    return "JK" if rank == 0 else Card("S", rank).rank_text


def decide(
    lead: str,
    rule: RuleCard,
    plays: Sequence[Card],
    seats: Sequence[int],
    stages: Sequence[Sequence[Card | None]] = (),
    cards_left: Sequence[int] | None = None,
) -> Verdict:
    """Decide a trick whose main cards are all down, with the play-off stages given so far.

    `stages[k]` holds one entry per player of stage k+1 in trick order, a card or None for a
    player with no card left. `cards_left`, when known, is each player's hand after the main
    card: a player with none left loses at once, and a lone player left wins without a stage
    (2.3.2), or by the stage when one is given (listing None for those with none). Raises
    RuleError for a stage of the wrong size or more stages than needed.
    """
    rulings: list[Ruling] = []
    pair = strongest_pair(plays, rule.high) if rule.playoff else None
    if pair is None:
        if stages:
            raise RuleError("sz.playoff_not_needed", "2.3")
        if not rule.playoff and strongest_pair([c for c in plays if not c.is_joker], rule.high) is not None:
            rulings.append(Ruling("sz.equal_ignored", "2.3", {}))
        winner = best_single(plays, lead, rule.high, rule.later)
        assert winner is not None  # the lead card is of the lead suit or a joker
        rulings.extend(_single_win_rulings(lead, rule, plays, seats, winner))
        return Verdict(True, winner, (), None, tuple(rulings))

    rank, players, count = pair
    who = SeatsRef(tuple(seats[i] for i in players))
    if rank == 0:
        rulings.append(Ruling("sz.jokers_play_off", "2.4", {"seats": who}))
    else:
        rulings.append(Ruling("sz.playoff_starts", "2.3", {
            "seats": who, "number": _number_text(rank), "cards": CardsRef(tuple(plays[i].code for i in players))}))
    if count > 1:
        rulings.append(Ruling("sz.playoff_strongest_only", "2.3", {"number": _number_text(rank)}))
    lone_jokers = [i for i, card in enumerate(plays) if card.is_joker and i not in players]
    for i in lone_jokers:
        rulings.append(Ruling("sz.lone_joker_loses", "2.4", {"seat": SeatRef(seats[i])}))
    return _play_off(rule, players, seats, stages, cards_left, rulings)


def _play_off(rule: RuleCard, players: tuple[int, ...], seats: Sequence[int],
              stages: Sequence[Sequence[Card | None]], cards_left: Sequence[int] | None,
              rulings: list[Ruling]) -> Verdict:
    current = players
    done: list[tuple[int, ...]] = []
    left = list(cards_left) if cards_left is not None else None
    k = 0
    while True:
        done.append(current)
        stage_no = len(done)
        if left is not None:
            out = [i for i in current if left[i] <= 0]
            standing = [i for i in current if left[i] > 0]
            # A stage given for it is read as given (null for those with none, docs/judge-api.md, "Saizen"): the
            # same result, by the stage.
            if out and len(standing) <= 1 and k >= len(stages):
                for i in out:
                    rulings.append(Ruling("sz.playoff_no_card", "2.3.2", {"seat": SeatRef(seats[i])}))
                done.pop()
                if not standing:
                    rulings.append(Ruling("sz.playoff_nobody", "2.3.2", {}))
                    return Verdict(True, None, tuple(done), None, tuple(rulings))
                rulings.append(Ruling("sz.playoff_last_standing", "2.3.2", {"seat": SeatRef(seats[standing[0]])}))
                return Verdict(True, standing[0], tuple(done), None, tuple(rulings))
        if k >= len(stages):
            return Verdict(False, None, tuple(done), current, tuple(rulings))
        entries = stages[k]
        if len(entries) != len(current):
            raise RuleError("sz.playoff_stage_size", "2.3", stage=stage_no, count=len(entries),
                            needed=len(current))
        if left is not None:
            for i, entry in zip(current, entries):
                if entry is None and left[i] > 0:
                    raise RuleError("sz.playoff_null_with_cards", "2.3.2", seat=SeatRef(seats[i]), stage=stage_no)
                if entry is not None and left[i] <= 0:
                    raise RuleError("sz.playoff_card_without_cards", "2.3.2", seat=SeatRef(seats[i]), stage=stage_no)
                if entry is not None:
                    left[i] -= 1
        k += 1
        for i, entry in zip(current, entries):
            if entry is None:
                rulings.append(Ruling("sz.playoff_no_card", "2.3.2", {"seat": SeatRef(seats[i])}))
        standing_cards = [(i, entry) for i, entry in zip(current, entries) if entry is not None]
        if not standing_cards:
            rulings.append(Ruling("sz.playoff_nobody", "2.3.2", {}))
            return _finish(None, done, stages, k, rulings)
        if len(standing_cards) == 1:
            who = standing_cards[0][0]
            rulings.append(Ruling("sz.playoff_last_standing", "2.3.2", {"seat": SeatRef(seats[who])}))
            return _finish(who, done, stages, k, rulings)
        cards = [card for _, card in standing_cards]
        pair = strongest_pair(cards, rule.high)
        if pair is not None:
            rank, inner, _ = pair
            current = tuple(standing_cards[j][0] for j in inner)
            rulings.append(Ruling("sz.playoff_again", "2.3.3", {
                "stage": stage_no, "seats": SeatsRef(tuple(seats[i] for i in current)),
                "number": _number_text(rank)}))
            continue
        best = best_single(cards, None, rule.high, rule.later)
        assert best is not None
        who, card = standing_cards[best]
        rulings.append(Ruling("sz.playoff_win", "2.3", {
            "stage": stage_no, "seat": SeatRef(seats[who]), "card": CardRef(card.code),
            "face": rule.face_ref("high")}))
        return _finish(who, done, stages, k, rulings)


def _finish(winner: int | None, done: list[tuple[int, ...]], stages: Sequence[Sequence[Card | None]],
            used: int, rulings: list[Ruling]) -> Verdict:
    if used < len(stages):
        raise RuleError("sz.playoff_too_many", "2.3", stages=len(stages), needed=used)
    return Verdict(True, winner, tuple(done), None, tuple(rulings))


def _single_win_rulings(lead: str, rule: RuleCard, plays: Sequence[Card], seats: Sequence[int],
                        winner: int) -> list[Ruling]:
    card = plays[winner]
    seat = SeatRef(seats[winner])
    jokers = [i for i, c in enumerate(plays) if c.is_joker]
    if card.is_joker and len(jokers) == 2:
        key = "sz.later_joker_wins" if rule.later else "sz.earlier_joker_wins"
        return [Ruling(key, "2.4", {"seat": seat, "face": rule.face_ref("later")})]
    if card.is_joker:
        return [Ruling("sz.joker_wins", "2.4", {"seat": seat})]
    key = "sz.highest_wins" if rule.high else "sz.lowest_wins"
    return [Ruling(key, "2.2", {"seat": seat, "card": CardRef(card.code), "suit": SuitRef(lead),
                                "face": rule.face_ref("high")})]


def standing(lead: str | None, rule: RuleCard, cards: Sequence[Card | None]) -> tuple[int | None, tuple[int, ...]]:
    """Who would win if the trick (or the play-off stage, lead None) ended now: (index, ())
    for a single winner, (None, the indices of the strongest pair) when a play-off would
    follow, (None, ()) when nothing is down."""
    if rule.playoff or lead is None:
        pair = strongest_pair(cards, rule.high)
        if pair is not None:
            return None, pair[1]
    down = [c for c in cards if c is not None]
    if not down:
        return None, ()
    index = [i for i, c in enumerate(cards) if c is not None]
    best = best_single(down, lead, rule.high, rule.later)
    return (None if best is None else index[best]), ()


# --------------------------------------------------------------------------- obligations


def follow_breach(card: Card, hand: Sequence[Card], lead: str, rule: RuleCard,
                  joker_obliges: bool) -> tuple[Card, bool] | None:
    """MUST follow (2.3, RULINGS): the card in `hand` proving a follower's `card` illegal,
    with True when it is a joker the house rule obliged; None if the play was allowed by
    what `hand` shows. A joker follows every suit and may always be played."""
    if not rule.must_follow or card.is_joker or card.suit == lead:
        return None
    for held in hand:
        if not held.is_joker and held.suit == lead:
            return held, False
    if joker_obliges:
        for held in hand:
            if held.is_joker:
                return held, True
    return None


def surely_legal(hand: Sequence[Card], complete: bool, lead: str | None, rule: RuleCard,
                 joker_obliges: bool) -> list[Card]:
    """The cards of `hand` that are legal plays whatever else the hand holds.

    In a play-off (lead None) or under MAY every card is. Under MUST the lead suit and the
    jokers always are; the other cards only when the hand is fully known and void in the
    lead suit (and, under the joker house rule, holds no joker).
    """
    if lead is None or not rule.must_follow:
        return list(hand)
    follows = [c for c in hand if c.is_joker or c.suit == lead]
    if any(not c.is_joker and c.suit == lead for c in hand):
        return follows
    jokers = [c for c in hand if c.is_joker]
    if joker_obliges and jokers:
        return jokers
    return list(hand) if complete else follows


WIN_NOW, STRONGER_PAIR, JOIN, FREE = 1, 2, 3, 4
"""必勝 tiers, best first (RULINGS, 2.3.4): win now (without a pair under 決勝); make a
stronger pair than the one down; join a number already down (the strongest pair if one
is down); anything else is free."""


def tier(card: Card, down: Sequence[Card], lead: str | None, rule: RuleCard) -> int:
    """The 必勝 tier `card` reaches if played on `down` (in a play-off lead is None: no suit)."""
    def beats() -> bool:
        if not can_win(card, lead):
            return False
        best = best_single(down, lead, rule.high, rule.later)
        if best is None:
            return True
        mine, theirs = strength(card, rule.high), strength(down[best], rule.high)
        return mine > theirs or (mine == theirs and rule.later)

    playoff = rule.playoff or lead is None
    if not playoff:
        return WIN_NOW if beats() else FREE
    numbers = {c.rank for c in down}
    pair = strongest_pair(down, rule.high)
    if pair is None:
        if card.rank in numbers:
            return JOIN
        return WIN_NOW if beats() else FREE
    top = pair[0]
    if card.rank == top:
        return JOIN
    if card.rank in numbers and number_strength(card.rank, rule.high) > number_strength(top, rule.high):
        return STRONGER_PAIR
    return FREE


def must_win_slip(card: Card, down: Sequence[Card], legal: Sequence[Card], lead: str | None,
                  rule: RuleCard) -> tuple[Card, int] | None:
    """必勝: the held card (and its tier) that `card` should have been, or None if no slip.

    The leader, and the first card of a play-off stage, are free (nothing down)."""
    if not rule.must_win or not down:
        return None
    mine = tier(card, down, lead, rule)
    best: tuple[Card, int] | None = None
    for held in legal:
        t = tier(held, down, lead, rule)
        if t < mine and (best is None or t < best[1]):
            best = (held, t)
    return best
