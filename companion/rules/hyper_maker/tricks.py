"""A trick of Hyper Maker: the follow suit by count, the winner, the points (rulebook 5);
and the show-outs that a later card proves to be revokes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..base import CardRef, Ruling, SeatRef, SuitRef
from ..kit import tricks
from .cards import Card, follows



Play = tricks.Play[Card]
"""One card laid in a trick by the player in `seat` (kit.tricks)."""


@dataclass(frozen=True)
class TrickResult(tricks.Trick[Card]):
    """The adjudication of one complete trick."""

    master: Card
    counts: tuple[tuple[str, int], tuple[str, int]]
    follow: str | None
    winner: int | None
    points: int
    next_leader: int
    rulings: tuple[Ruling, ...]

    @property
    def other_suit(self) -> str | None:
        """The master suit that did not follow: the winner scores its value."""
        return None if self.follow is None else self.master.other(self.follow)


def resolve(
    master: Card,
    leader: int,
    plays: Sequence[Play],
    *,
    tie_winner_leads: bool = False,
    number: int = 1,
) -> TrickResult:
    """Decide a complete trick: the follow suit, the winner, the points and the next leader."""
    rulings: list[Ruling] = []
    for play in plays:
        if not follows(play.card, master):
            rulings.append(
                Ruling(
                    "hm.cannot_win",
                    "5(2)",
                    {"seat": SeatRef(play.seat), "card": CardRef(play.card.code),
                     "suit_a": SuitRef(master.suit_a), "suit_b": SuitRef(master.suit_b)},
                )
            )
    a, b = master.suits
    count_a = sum(1 for p in plays if p.card.has(a))
    count_b = sum(1 for p in plays if p.card.has(b))
    counts = ((a, count_a), (b, count_b))

    def no_winner(follow: str | None) -> TrickResult:
        # 5(5)② says the same player leads again; 5(5)③ is silent, and RULINGS extends it.
        clause = "5(5)②" if follow is not None else "RULINGS"
        rulings.append(Ruling("hm.same_leader", clause, {"seat": SeatRef(leader)}))
        return TrickResult(number, leader, tuple(plays), master, counts, follow, None, 0, leader, tuple(rulings))

    if count_a == 0 and count_b == 0:
        rulings.append(
            Ruling("hm.no_follow", "5(5)③", {"suit_a": SuitRef(a), "suit_b": SuitRef(b)})
        )
        return no_winner(None)

    if count_a != count_b:
        follow = a if count_a > count_b else b
        rulings.append(
            Ruling(
                "hm.follow_by_count",
                "5(3)",
                {"suit": SuitRef(follow), "count": max(count_a, count_b),
                 "other": SuitRef(master.other(follow)), "other_count": min(count_a, count_b)},
            )
        )
    else:
        follow = a if master.value(a) > master.value(b) else b
        rulings.append(
            Ruling(
                "hm.follow_by_master_value",
                "5(5)①",
                {"count": count_a, "suit": SuitRef(follow), "value": master.value(follow),
                 "other": SuitRef(master.other(follow)), "other_value": master.value(master.other(follow))},
            )
        )

    # The master competes as if laid first; among equal values the one laid last wins.
    contenders: list[tuple[int | None, int]] = [(None, master.value(follow))]
    contenders += [(p.seat, p.card.value(follow)) for p in plays if p.card.has(follow)]
    top = max(value for _, value in contenders)
    winner = [seat for seat, value in contenders if value == top][-1]
    tied = sum(1 for _, value in contenders if value == top) > 1

    if winner is None:
        rulings.append(
            Ruling("hm.master_highest", "5(5)②", {"suit": SuitRef(follow), "value": top})
        )
        return no_winner(follow)

    other = master.other(follow)
    points = master.value(other)
    win_card = next(p.card for p in plays if p.seat == winner)
    if tied:
        rulings.append(
            Ruling("hm.tie_later_wins", "5(5)④",
                   {"seat": SeatRef(winner), "suit": SuitRef(follow), "value": top})
        )
    else:
        rulings.append(
            Ruling("hm.highest_wins", "5(3)",
                   {"seat": SeatRef(winner), "card": CardRef(win_card.code),
                    "suit": SuitRef(follow), "value": top})
        )
    rulings.append(
        Ruling("hm.points", "5(4)", {"seat": SeatRef(winner), "points": points, "suit": SuitRef(other)})
    )
    if tied and not tie_winner_leads:
        next_leader = leader
        rulings.append(Ruling("hm.tie_same_leader", "5(5)④", {"seat": SeatRef(leader)}))
    elif tied:
        next_leader = winner
        rulings.append(Ruling("hm.tie_winner_leads_option", "RULINGS", {"seat": SeatRef(winner)}))
    else:
        next_leader = winner
        rulings.append(Ruling("hm.winner_leads", "2", {"seat": SeatRef(winner)}))
    return TrickResult(number, leader, tuple(plays), master, counts, follow, winner, points, next_leader, tuple(rulings))


# --------------------------------------------------------------------------- revokes


@dataclass(frozen=True)
class ShowOut:
    """A play holding neither master suit: the player had no card of either suit then."""

    seat: int
    trick: int
    card: Card
    master: Card


@dataclass(frozen=True)
class Revoke:
    """Proof that a player failed to follow while able to: a later card of a suit they showed out of.

    No rulebook here sets a penalty; the app shows the proof and changes nothing (RULINGS).
    """

    seat: int
    shown_out: ShowOut
    suit: str
    trick: int
    card: Card

    @property
    def ruling(self) -> Ruling:
        return Ruling(
            "hm.revoke",
            "5(2)",
            {"seat": SeatRef(self.seat), "trick": self.shown_out.trick,
             "played": CardRef(self.shown_out.card.code), "master": CardRef(self.shown_out.master.code),
             "suit": SuitRef(self.suit), "later_trick": self.trick, "card": CardRef(self.card.code)},
        )


