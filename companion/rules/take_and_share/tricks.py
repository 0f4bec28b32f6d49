"""A trick of Take & Share: all the lead suit, the highest wins; any other suit, the lowest
wins, the earlier on equal numbers (トリックの解決); and the show-outs a later card proves to
be revokes (トリックの手順 2), must follow)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..base import CardRef, CardsRef, Ruling, SeatRef, SuitRef
from ..kit import follow, tricks
from .cards import Card
from .options import C_FOLLOW, C_HIGH, C_LOW

HIGH = "high"
LOW = "low"


Play = tricks.Play[Card]
"""One card laid in a trick by the player in `seat` (kit.tricks)."""


@dataclass(frozen=True)
class Decision:
    """How one complete trick is decided: the lead suit, high or low, the winner, and why."""

    lead_suit: str
    resolution: str
    """"high" (トリックの解決 A: every card is the lead suit) or "low" (B: any other suit)."""
    winner: int
    """The winning seat (for the judge, the winning index into the plays)."""
    card: Card
    rulings: tuple[Ruling, ...]


def resolve(plays: Sequence[Play]) -> Decision:
    """Decide a complete trick, `plays` in the order laid (the leader's first).

    A) every card is of the lead suit: the highest number wins (numbers within a suit differ).
    B) at least one card of another suit: the lowest number of any suit wins; of equal lowest
    numbers, the one played first.
    """
    lead = plays[0].card.suit
    rulings: list[Ruling] = [
        Ruling("tns.shows_void", C_FOLLOW, {"seat": SeatRef(p.seat), "card": CardRef(p.card.code),
                                              "suit": SuitRef(lead)})
        for p in plays[1:] if p.card.suit != lead
    ]
    if all(p.card.suit == lead for p in plays):
        best = max(plays, key=lambda p: p.card.number)
        rulings.append(Ruling("tns.high_wins", C_HIGH, {"suit": SuitRef(lead), "seat": SeatRef(best.seat),
                                                        "card": CardRef(best.card.code)}))
        return Decision(lead, HIGH, best.seat, best.card, tuple(rulings))
    low = min(p.card.number for p in plays)
    lowest = [p for p in plays if p.card.number == low]
    best = lowest[0]
    rulings.append(Ruling("tns.low_wins", C_LOW, {"suit": SuitRef(lead), "seat": SeatRef(best.seat),
                                                  "card": CardRef(best.card.code)}))
    if len(lowest) > 1:
        rulings.append(Ruling("tns.low_tie_earlier", C_LOW, {
            "cards": CardsRef(tuple(p.card.code for p in lowest)), "number": low,
            "seat": SeatRef(best.seat)}))
    return Decision(lead, LOW, best.seat, best.card, tuple(rulings))


def must_follow(hand: Sequence[Card], lead_suit: str) -> tuple[Card, ...]:
    """トリックの手順 2): the cards of `hand` a follower must choose from (all of them if void)."""
    follow = tuple(c for c in hand if c.suit == lead_suit)
    return follow or tuple(hand)


# --------------------------------------------------------------------------- revokes


class ShowOut(follow.ShowOut[Card]):
    """A follower's card of another suit than the lead: they showed they held none of it."""

    @property
    def suit(self) -> str:
        """The suit shown void: the lead suit of that trick."""
        return self.lead.suit


@dataclass(frozen=True)
class Revoke:
    """Proof that a player failed to follow while able to: a later card of the suit they showed
    out of. Cards never enter a hand mid-game (RULINGS), so that card was in the hand then.

    No penalty is printed; the app shows the proof and changes nothing (RULINGS).
    """

    seat: int
    shown_out: ShowOut
    trick: int
    card: Card

    @property
    def ruling(self) -> Ruling:
        return Ruling("tns.revoke", C_FOLLOW, {
            "seat": SeatRef(self.seat), "trick": self.shown_out.trick,
            "played": CardRef(self.shown_out.card.code), "lead": CardRef(self.shown_out.lead.code),
            "suit": SuitRef(self.shown_out.suit), "later_trick": self.trick, "card": CardRef(self.card.code)})
