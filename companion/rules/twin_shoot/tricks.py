"""A trick of Twin Shoot: who must follow what, how suit- or rank-follow is fixed, the winner
(トリックテイキングフェーズ 2-4); and the show-outs that a later card proves to be revokes.

Twin Shoot's follow is suit OR rank, fixed by the first card that matches the lead in one
of them; a card that fails to follow shows its player void in the lead suit and rank while
nothing is fixed, afterwards only in the fixed one (RULINGS). A later card of that suit or
rank in the same hand proves a revoke.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import CardRef, Ruling, SeatRef, SuitRef
from ..kit import follow, tricks
from .cards import Card
from .clauses import c_step

TRICKS_PER_HAND = 10
"""トリックテイキングフェーズ: ten tricks a hand, then scoring."""


Play = tricks.Play[Card]
"""One card laid in a trick by the player in `seat` (kit.tricks)."""


def fixed_follow(lead: Card, follow: str | None, card: Card) -> str | None:
    """トリックテイキングフェーズ 3: the follow after `card` is laid on `lead`.

    The first card of the lead's suit fixes suit-follow, the first of its rank fixes
    rank-follow; once fixed it never switches.
    """
    if follow is not None:
        return follow
    if card.suit == lead.suit:
        return "suit"
    if card.rank == lead.rank:
        return "rank"
    return None


def shown_void(lead: Card, follow: str | None, card: Card) -> tuple[str | None, int | None]:
    """(suit, rank) that `card`, laid while `follow` held, shows its player cannot have.

    Before a follow is fixed a card of neither the lead's suit nor its rank shows both
    missing (トリックテイキングフェーズ 2); afterwards only the fixed one binds (3).
    """
    if follow is None:
        if card.suit == lead.suit or card.rank == lead.rank:
            return (None, None)
        return (lead.suit, lead.rank)
    if follow == "suit":
        return (None, None) if card.suit == lead.suit else (lead.suit, None)
    return (None, None) if card.rank == lead.rank else (None, lead.rank)


def must_play(lead: Card, follow: str | None, hand: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of `hand` a player must choose from; empty means any card will do."""
    if follow is None:
        return tuple(c for c in hand if c.suit == lead.suit or c.rank == lead.rank)
    if follow == "suit":
        return tuple(c for c in hand if c.suit == lead.suit)
    return tuple(c for c in hand if c.rank == lead.rank)


def play_ruling(lead: Card, follow: str | None, play: Play) -> Ruling | None:
    """What laying `play` (not the lead) on `lead`, with `follow` so far, decided."""
    card = play.card
    seat = SeatRef(play.seat)
    if follow is None:
        new = fixed_follow(lead, None, card)
        if new == "suit":
            return Ruling("ts.suit_follow", c_step(3),
                          {"seat": seat, "card": CardRef(card.code), "suit": SuitRef(lead.suit)})
        if new == "rank":
            return Ruling("ts.rank_follow", c_step(3),
                          {"seat": seat, "card": CardRef(card.code), "rank": lead.rank_text})
        return Ruling("ts.show_out_both", c_step(2),
                      {"seat": seat, "card": CardRef(card.code), "suit": SuitRef(lead.suit),
                       "rank": lead.rank_text})
    if follow == "suit" and card.suit != lead.suit:
        key = "ts.no_switch_to_rank" if card.rank == lead.rank else "ts.show_out_suit"
        return Ruling(key, c_step(3), {"seat": seat, "card": CardRef(card.code),
                                       "suit": SuitRef(lead.suit), "rank": lead.rank_text})
    if follow == "rank" and card.rank != lead.rank:
        key = "ts.no_switch_to_suit" if card.suit == lead.suit else "ts.show_out_rank"
        return Ruling(key, c_step(3), {"seat": seat, "card": CardRef(card.code),
                                       "suit": SuitRef(lead.suit), "rank": lead.rank_text})
    return None


def trick_so_far(plays: Sequence[Play]) -> tuple[str | None, int | None, tuple[Ruling, ...]]:
    """(follow, seat that fixed it, rulings of the plays after the lead) for a partial trick."""
    if not plays:
        return None, None, ()
    lead = plays[0].card
    follow: str | None = None
    fixed_by: int | None = None
    rulings: list[Ruling] = []
    for play in plays[1:]:
        ruling = play_ruling(lead, follow, play)
        if ruling is not None:
            rulings.append(ruling)
        new = fixed_follow(lead, follow, play.card)
        if new != follow:
            follow, fixed_by = new, play.seat
    return follow, fixed_by, tuple(rulings)


@dataclass(frozen=True)
class TrickResult(tricks.Trick[Card]):
    """The adjudication of one complete trick."""

    direction: int
    follow: str | None
    fixed_by: int | None
    winner: int
    rulings: tuple[Ruling, ...]

    @property
    def winning_card(self) -> Card:
        return next(p.card for p in self.plays if p.seat == self.winner)


def resolve(plays: Sequence[Play], *, number: int = 1, direction: int = 1) -> TrickResult:
    """トリックテイキングフェーズ 4: decide a complete trick, the lead card competing.

    Suit-follow: the highest rank of the lead suit wins. Rank-follow: the strongest suit
    among the cards of the lead rank. Neither: the leader wins.
    """
    follow, fixed_by, play_rulings = trick_so_far(plays)
    lead = plays[0].card
    rulings = list(play_rulings)
    if follow == "suit":
        best = max((p for p in plays if p.card.suit == lead.suit), key=lambda p: p.card.rank)
        rulings.append(Ruling("ts.win_suit", c_step(4),
                              {"seat": SeatRef(best.seat), "card": CardRef(best.card.code),
                               "suit": SuitRef(lead.suit)}))
    elif follow == "rank":
        best = max((p for p in plays if p.card.rank == lead.rank), key=lambda p: p.card.suit_strength)
        rulings.append(Ruling("ts.win_rank", c_step(4),
                              {"seat": SeatRef(best.seat), "card": CardRef(best.card.code),
                               "rank": lead.rank_text}))
    else:
        best = plays[0]
        rulings.append(Ruling("ts.win_no_follow", c_step(4),
                              {"seat": SeatRef(best.seat), "card": CardRef(best.card.code)}))
    return TrickResult(number, plays[0].seat, tuple(plays), direction, follow, fixed_by,
                       best.seat, tuple(rulings))


# --------------------------------------------------------------------------- voids and revokes


@dataclass(frozen=True)
class ShowOut(follow.ShowOut[Card]):
    """A card that failed to follow: its player holds no `suit` / no `rank` (None: not shown)."""

    suit: str | None
    rank: int | None

    @property
    def clause(self) -> str:
        return c_step(2) if self.suit is not None and self.rank is not None else c_step(3)


@dataclass(frozen=True)
class Revoke:
    """Proof that a player failed to follow while able to: a later card of the same hand of a
    suit or rank they showed out of. No penalty is set; the app shows it (RULINGS)."""

    seat: int
    shown_out: ShowOut
    kind: str  # "suit" or "rank"
    trick: int
    card: Card

    @property
    def ruling(self) -> Ruling:
        so = self.shown_out
        params: dict[str, Any] = {
            "seat": SeatRef(self.seat), "trick": so.trick, "played": CardRef(so.card.code),
            "lead": CardRef(so.lead.code), "later_trick": self.trick, "card": CardRef(self.card.code),
        }
        if self.kind == "suit":
            params["suit"] = SuitRef(so.lead.suit)
            return Ruling("ts.revoke_suit", so.clause, params)
        params["rank"] = so.lead.rank_text
        return Ruling("ts.revoke_rank", so.clause, params)


def _lacks(so: ShowOut) -> Iterator[tuple[str, str | int]]:
    """What a show-out shows its player holds none of: ("suit", the lead's suit) and/or
    ("rank", the lead's rank), the suit first."""
    if so.suit is not None:
        yield "suit", so.suit
    if so.rank is not None:
        yield "rank", so.rank


def void_suits(show_outs: Iterable[ShowOut], seat: int) -> frozenset[str]:
    """The suits `seat` has shown to hold none of (kit.follow)."""
    return frozenset(str(v) for kind, v in follow.voids(show_outs, seat, _lacks) if kind == "suit")


def void_ranks(show_outs: Iterable[ShowOut], seat: int) -> frozenset[int]:
    """The ranks `seat` has shown to hold none of (kit.follow)."""
    return frozenset(int(v) for kind, v in follow.voids(show_outs, seat, _lacks) if kind == "rank")


def proven_revokes(show_outs: Iterable[ShowOut], proven: Iterable[Revoke], seat: int, card: Card,
                   trick: int) -> tuple[Revoke, ...]:
    """Earlier show-outs by `seat` that `card` contradicts (kit.follow); each offence is proven
    once, as a suit revoke where the card holds the suit it lacked, else a rank revoke."""
    def holds(thing: tuple[str, str | int]) -> bool:
        kind, value = thing
        return (card.suit if kind == "suit" else card.rank) == value

    done = {r.shown_out for r in proven}
    return tuple(Revoke(seat, so, kind, trick, card)
                 for so, (kind, _value) in follow.contradicted(show_outs, done, seat, _lacks, holds))
