"""One turn of King's Order on known hands, and what the records of a turn allow.

`play_turn` is the rule itself, for the judge: the card played, the half kept, the cards
handed over (ゲームのルール 1 and 2). The `*_proof` functions are the audit's side: given
the cards known to have been in a hand at a turn (because they left it later) and how many
more are still unknown, can the turn as recorded have been right? Each returns None when
it can, else the evidence; they never assume anything about unknown cards beyond what
could make the record right, so a finding is always a proof.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..base import CardRef, CardsRef, RuleError, Ruling, SeatRef
from .cards import Card, same_card
from .clauses import CHOOSE, PLAY, RULINGS

SIDES = ("end", "left", "right")
"""What a turn player did with their hand: played an end card, or kept the left or right half."""


def codes(cards: Sequence[Card]) -> CardsRef:
    return CardsRef(tuple(c.code for c in cards))


# --------------------------------------------------------------------------- the rule


@dataclass(frozen=True)
class TurnResult:
    """What one turn does to the two hands involved."""

    at_end: bool
    discarded: tuple[Card, ...]
    hand_after: tuple[Card, ...]
    handed_over: tuple[Card, ...]
    target_after: tuple[Card, ...]
    rulings: tuple[Ruling, ...]


def at_an_end(hand: Sequence[Card], rank: int) -> bool:
    """Whether a card of `rank` is at the left or right end of the (ascending) hand."""
    return bool(hand) and (hand[0].rank == rank or hand[-1].rank == rank)


def hand_over(target: Sequence[Card], rank: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """ゲームのルール 2: the played number at either end of the chosen hand goes, every copy of it.

    Returns (handed over, left in the hand). A hand of one rank only matches at both ends:
    all of it goes.
    """
    if not at_an_end(target, rank):
        return (), tuple(target)
    return tuple(c for c in target if c.rank == rank), tuple(c for c in target if c.rank != rank)


def hand_over_rulings(seat: int, target: int, card: Card, before: int, given: int) -> tuple[Ruling, ...]:
    """The rulings of a table's hand-over: `given` cards of `card`'s rank from a hand of `before`."""
    rank = CardRef(card.rank_card.code)
    if before == 0:
        return (Ruling("ko.target_empty", RULINGS, {"target": SeatRef(target), "card": rank}),)
    if given == 0:
        return (Ruling("ko.nothing_handed", CHOOSE, {"target": SeatRef(target), "card": rank}),)
    out = [Ruling("ko.handed_over", CHOOSE, {"target": SeatRef(target), "seat": SeatRef(seat), "count": given,
                                              "card": rank})]
    if given == before:
        out.append(Ruling("ko.whole_hand", CHOOSE, {"target": SeatRef(target), "card": rank}))
    return tuple(out)


def play_turn(hand: Sequence[Card], played: Card, keep: str | None, target: Sequence[Card]) -> TurnResult:
    """ゲームのルール 1-2 on known hands (ascending): the played card, the half kept, the hand-over.

    A card whose rank is at an end of the hand is played from that end and discards nothing
    (equal ranks may be held in any order, so any copy of an end rank can be the end card);
    `keep` is then not needed. Otherwise `keep` ("left" or "right") says which half stays,
    and the first card in the hand matching `played` is the one played (a full code picks
    its copy). Raises RuleError for an empty hand, a played card not in the hand or a
    missing `keep`. The rulings speak of "the player" and "the chosen player" (no table).
    """
    if not hand:
        raise RuleError("ko.judge_empty_hand", RULINGS)
    matches = [i for i, c in enumerate(hand) if c == played] or [i for i, c in enumerate(hand) if same_card(c, played)]
    if not matches:
        raise RuleError("ko.played_not_in_hand", PLAY, card=CardRef(played.code))
    rulings: list[Ruling] = []
    rank = played.rank
    index = matches[0]
    if at_an_end(hand, rank):
        at_end = True
        discarded: tuple[Card, ...] = ()
        hand_after = tuple(c for i, c in enumerate(hand) if i != index)
        rulings.append(Ruling("ko.j_end_card", PLAY, {"card": CardRef(played.code)}))
    else:
        at_end = False
        if keep is None:
            raise RuleError("ko.keep_missing", PLAY, card=CardRef(played.code))
        if len(matches) > 1 and not played.suit:
            rulings.append(Ruling("ko.j_copy_taken", RULINGS, {"card": CardRef(played.code), "count": len(matches)}))
        left, right = tuple(hand[:index]), tuple(hand[index + 1:])
        hand_after, discarded = (left, right) if keep == "left" else (right, left)
        rulings.append(Ruling("ko.j_kept_left" if keep == "left" else "ko.j_kept_right", PLAY,
                              {"card": CardRef(played.code), "cards": codes(discarded)}))
    given, target_after = hand_over(target, rank)
    face = CardRef(played.rank_card.code)
    if not target:
        rulings.append(Ruling("ko.j_target_empty", RULINGS, {"card": face}))
    elif not given:
        rulings.append(Ruling("ko.j_nothing_handed", CHOOSE, {"card": face}))
    elif not target_after:
        rulings.append(Ruling("ko.j_whole_hand", CHOOSE, {"card": face, "count": len(given)}))
    else:
        rulings.append(Ruling("ko.j_handed_over", CHOOSE, {"card": face, "count": len(given)}))
    return TurnResult(at_end, discarded, hand_after, given, target_after, tuple(rulings))


# --------------------------------------------------------------------------- what records allow


@dataclass(frozen=True)
class Known:
    """The cards known to have been in a hand at some moment, because they left it later,
    and how many more it held that are still unknown (cards in hand, never shown)."""

    cards: tuple[Card, ...]
    unknown: int

    def lower(self, rank: int) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.rank < rank)

    def higher(self, rank: int) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.rank > rank)

    def equal(self, rank: int) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.rank == rank)


def kept_proof(side: str, rank: int, kept: Known) -> tuple[str, tuple[Card, ...]] | None:
    """Whether a turn player's record can be right, given the cards they kept (left later).

    An end card: everything kept lies on one side of it (RULINGS: an end card discards
    nothing). Left half kept: nothing kept is higher than the card played; right half kept:
    nothing lower (ゲームのルール 1). Unknown cards could always be of the played rank, so
    only known cards prove anything. Returns (message key, evidence) or None.
    """
    low, high = kept.lower(rank), kept.higher(rank)
    if side == "end" and low and high:
        return "ko.audit_end", (min(low), max(high))
    if side == "left" and high:
        return "ko.audit_kept_left", high
    if side == "right" and low:
        return "ko.audit_kept_right", low
    return None


def hand_over_proof(rank: int, given: int, held: Known) -> str | None:
    """Whether a hand-over of `given` cards of `rank` can be right, given the chosen player's
    cards known at that moment (besides those handed over) and how many are unknown.

    Handed some (ゲームのルール 2): every copy goes, so a copy kept proves it wrong; and the
    rank must have been at an end, so a lower and a higher card kept prove it wrong. Handed
    none: a copy kept is proof only when the unknown cards are too few to have put a lower
    and a higher card around it (none below A, none above K). Returns a message key or None.
    """
    copies, low, high = held.equal(rank), held.lower(rank), held.higher(rank)
    if given > 0:
        if copies:
            return "ko.audit_copy_kept"
        if low and high:
            return "ko.audit_not_at_end"
        return None
    if not copies:
        return None
    missing_low = not low
    missing_high = not high
    possible = (missing_low + missing_high <= held.unknown
                and not (missing_low and rank == 1) and not (missing_high and rank == 13))
    return None if possible else "ko.audit_withheld"
