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
    """Whether a card of `rank` is at the left or right end of the (ascending) hand.

    For the chosen player's hand (ゲームのルール 2), where the rank is what counts; the
    card played is at an end by its position (play_turn)."""
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


def played_position(hand: Sequence[Card], played: Card | int, keep: str | None) -> tuple[int, tuple[Ruling, ...]]:
    """Where in the hand (as held, left to right) the card played was, and why (ゲームのルール 1).

    A position (0 for the leftmost card) is that card. A card names the cards of the hand it
    may be: a full code its own card, a rank alone every card of that rank. When it names
    several (equal ranks), the half kept decides: none kept, the one at an end (an end card
    keeps nothing); a half kept, the first, in the order given, that is not at an end (only
    a card inside the hand discards a half). Raises RuleError for a position or a card the
    hand does not hold.
    """
    if isinstance(played, int):
        if not 0 <= played < len(hand):
            raise RuleError("ko.played_position", PLAY, position=played)
        return played, ()
    matches = [i for i, c in enumerate(hand) if c == played] or [i for i, c in enumerate(hand) if same_card(c, played)]
    if not matches:
        raise RuleError("ko.played_not_in_hand", PLAY, card=CardRef(played.code))
    ends = [i for i in matches if i in (0, len(hand) - 1)]
    inside = [i for i in matches if i not in ends]
    if keep is None or not inside:
        return (ends or matches)[0], ()
    if len(inside) == 1:
        return inside[0], ()
    return inside[0], (Ruling("ko.j_copy_inside", RULINGS, {"card": CardRef(played.code), "count": len(inside)}),)


def play_turn(hand: Sequence[Card], played: Card | int, keep: str | None, target: Sequence[Card]) -> TurnResult:
    """ゲームのルール 1-2 on known hands (ascending): the played card, the half kept, the hand-over.

    `played` is the card's position in `hand` or the card itself (see played_position). A
    card at the left or right end of the hand is played alone and discards nothing; `keep`
    is then not needed. Only a card at an end is an end card: an equal rank at an end does
    not make a card inside the hand one. For a card inside, `keep` ("left" or "right") says
    which half stays. Raises RuleError for an empty hand, a played card not in the hand or
    a missing `keep`. The rulings speak of "the player" and "the chosen player" (no table).
    """
    if not hand:
        raise RuleError("ko.judge_empty_hand", RULINGS)
    index, found = played_position(hand, played, keep)
    card = hand[index]
    if isinstance(played, Card) and played.suit and not card.suit:
        card = played  # a full code for a card listed by its rank alone: say it as given
    rulings: list[Ruling] = list(found)
    rank = card.rank
    if index in (0, len(hand) - 1):
        at_end = True
        discarded: tuple[Card, ...] = ()
        hand_after = tuple(c for i, c in enumerate(hand) if i != index)
        rulings.append(Ruling("ko.j_end_card", PLAY, {"card": CardRef(card.code)}))
    else:
        at_end = False
        if keep is None:
            raise RuleError("ko.keep_missing", PLAY, card=CardRef(card.code))
        left, right = tuple(hand[:index]), tuple(hand[index + 1:])
        hand_after, discarded = (left, right) if keep == "left" else (right, left)
        rulings.append(Ruling("ko.j_kept_left" if keep == "left" else "ko.j_kept_right", PLAY,
                              {"card": CardRef(card.code), "cards": codes(discarded)}))
    given, target_after = hand_over(target, rank)
    face = CardRef(card.rank_card.code)
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
