"""One round of Black Junky decided (ゲーム): each player's total with the deck's cross, who
busts, who wins; and the variant's measure of the black cards kept (派生ルール)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..base import CardRef, CardsRef, Ruling, SeatRef, SeatsRef
from .cards import ACE_HIGH, Card, codes
from .options import C_GAME, C_RESULT, C_RULINGS, C_VARIANT, MEASURE_COUNT

MINUS = "−"
"""The minus sign shown in a total's sum."""


@dataclass(frozen=True)
class Count:
    """How one player's total was reached: their cards and the deck's cross, each as counted."""

    cards: tuple[Card, ...]
    deck: Card
    values: tuple[int, ...]
    """Each card's value as counted, the player's cards in the order laid, then the deck's:
    an ace 1 or 11, J Q K 10, a red card negative."""
    total: int
    bust: bool
    """Even the smallest total the cards can make busts; `total` is then that smallest."""

    @property
    def sum_text(self) -> str:
        """The sum as a person writes it: "10 + 11 − 5 + 7"."""
        out = ""
        for i, value in enumerate(self.values):
            if i == 0:
                out = f"{MINUS}{-value}" if value < 0 else str(value)
            else:
                out += f" {MINUS} {-value}" if value < 0 else f" + {value}"
        return out


def bust_limit(bust_21: bool) -> int:
    """The highest total that does not bust: 21, or 20 when 21 itself busts (RULINGS option)."""
    return 20 if bust_21 else 21


def count_hand(cards: Sequence[Card], deck: Card, red: Collection[str], bust_21: bool = False) -> Count:
    """ゲーム: the best total `cards` make with the deck's card.

    Each card counts its value (an ace 1 or 11, J Q K 10), a red card negative. Each ace is
    counted whichever way is best for the player (RULINGS): the highest total that does not
    bust; among equal totals, the one with fewest aces at 11. If every way busts, the total
    is the smallest the cards can make (black aces 1, red aces 11).
    """
    laid = (*cards, deck)
    base = [-c.value if c.is_red(red) else c.value for c in laid]
    black_aces = [i for i, c in enumerate(laid) if c.is_ace and not c.is_red(red)]
    red_aces = [i for i, c in enumerate(laid) if c.is_ace and c.is_red(red)]
    step = ACE_HIGH - 1
    limit = bust_limit(bust_21)
    best: tuple[int, int, int, int] | None = None  # (total, -(aces at 11), black at 11, red at 11)
    for high_black in range(len(black_aces) + 1):
        for high_red in range(len(red_aces) + 1):
            total = sum(base) + step * (high_black - high_red)
            if total > limit:
                continue
            key = (total, -(high_black + high_red), high_black, high_red)
            if best is None or key > best:
                best = key
    if best is None:
        high_black, high_red, bust = 0, len(red_aces), True
    else:
        _, _, high_black, high_red = best
        bust = False
    values = list(base)
    for i in black_aces[:high_black]:
        values[i] += step
    for i in red_aces[:high_red]:
        values[i] -= step
    return Count(tuple(cards), deck, tuple(values), sum(values), bust)


@dataclass(frozen=True)
class RoundResult:
    """The adjudication of one round."""

    number: int
    plays: tuple[tuple[Card, ...] | None, ...]
    """Per seat, the cards laid; None for a player with no cards left, who sits out."""
    deck: Card
    counts: tuple[Count | None, ...]
    winners: tuple[int, ...]
    rulings: tuple[Ruling, ...]

    @property
    def totals(self) -> tuple[int | None, ...]:
        return tuple(None if c is None else c.total for c in self.counts)

    @property
    def busts(self) -> tuple[bool, ...]:
        return tuple(c is not None and c.bust for c in self.counts)

    @property
    def kept(self) -> tuple[tuple[Card, ...], ...]:
        """派生ルール: the cards each winner takes to their side (their own cards laid)."""
        return tuple((self.plays[s] or ()) if s in self.winners else () for s in range(len(self.plays)))


def decide(plays: Sequence[Sequence[Card] | None], deck: Card, red: Collection[str], bust_21: bool = False,
           number: int = 1, keep: bool = False) -> RoundResult:
    """ゲーム: every total, who busts, and the winners: the highest total that did not bust
    (it may be negative, RULINGS); equal totals all win; all bust, nobody (RULINGS).

    `plays` has None for a player without cards (RULINGS: they sit out). With `keep` (the
    variant is on), each winner's keeping their cards is said too (派生ルール).
    """
    rulings: list[Ruling] = []
    counts: list[Count | None] = []
    limit = bust_limit(bust_21)
    for seat, laid in enumerate(plays):
        if laid is None:
            counts.append(None)
            rulings.append(Ruling("bj.sits_out", C_RULINGS, {"seat": SeatRef(seat)}))
            continue
        count = count_hand(laid, deck, red, bust_21)
        counts.append(count)
        rulings.append(_total_ruling(seat, count))
        if count.bust:
            key = "bj.bust_at_21" if bust_21 else "bj.bust"
            rulings.append(Ruling(key, C_GAME, {"seat": SeatRef(seat), "total": count.total}))
        elif count.total == 21 and limit == 21:
            rulings.append(Ruling("bj.exactly_21", C_RULINGS, {"seat": SeatRef(seat)}))
    standing = [(seat, c.total) for seat, c in enumerate(counts) if c is not None and not c.bust]
    winners: tuple[int, ...] = ()
    if not standing:
        rulings.append(Ruling("bj.nobody_wins", C_RULINGS))
    else:
        top = max(total for _, total in standing)
        winners = tuple(seat for seat, total in standing if total == top)
        if len(winners) == 1:
            rulings.append(Ruling("bj.round_winner", C_GAME, {"seat": SeatRef(winners[0]), "total": top}))
        else:
            rulings.append(Ruling("bj.round_shared", C_GAME, {"seats": SeatsRef(winners), "total": top}))
        if top < 0:
            rulings.append(Ruling("bj.below_zero", C_RULINGS, {"total": top}))
        if keep:
            for seat in winners:
                rulings.append(Ruling("bj.keeps", C_VARIANT, {"seat": SeatRef(seat),
                                                              "cards": CardsRef(codes(plays[seat] or ()))}))
    frozen = tuple(None if laid is None else tuple(laid) for laid in plays)
    return RoundResult(number, frozen, deck, tuple(counts), winners, tuple(rulings))


def _total_ruling(seat: int, count: Count) -> Ruling:
    return Ruling("bj.total", C_GAME, {"seat": SeatRef(seat), "cards": CardsRef(codes(count.cards)),
                                       "deck": CardRef(count.deck.code), "sum": count.sum_text,
                                       "total": count.total})


# --------------------------------------------------------------------------- the game's result


def top_seats(points: Sequence[int]) -> tuple[int, ...]:
    """勝敗: the seats with the most (round wins, or the variant's points); several share."""
    best = max(points)
    return tuple(seat for seat, p in enumerate(points) if p == best)


def result_rulings(wins: Sequence[int]) -> tuple[Ruling, ...]:
    """勝敗: who takes the game by round wins."""
    winners = top_seats(wins)
    if len(winners) == 1:
        return (Ruling("bj.game_won", C_RESULT, {"seat": SeatRef(winners[0]), "wins": wins[winners[0]]}),)
    return (Ruling("bj.game_shared", C_RESULT, {"seats": SeatsRef(winners), "wins": wins[winners[0]]}),)


def black_cards(cards: Sequence[Card], red: Collection[str]) -> tuple[Card, ...]:
    """派生ルール (RULINGS): the black cards are those of every suit not set as red."""
    return tuple(c for c in cards if not c.is_red(red))


def measure_points(kept: Sequence[Card], measure: str, red: Collection[str]) -> int:
    """派生ルール: the count of black cards kept, or the sum of their values (A 1, J Q K 10)."""
    black = black_cards(kept, red)
    return len(black) if measure == MEASURE_COUNT else sum(c.value for c in black)


def variant_rulings(kept: Sequence[Sequence[Card]], measure: str, red: Collection[str]) -> tuple[Ruling, ...]:
    """派生ルール: each player's black cards kept, and who wins by the measure."""
    rulings: list[Ruling] = []
    points = [measure_points(cards, measure, red) for cards in kept]
    for seat, cards in enumerate(kept):
        black = black_cards(cards, red)
        if not black:
            rulings.append(Ruling("bj.black_none", C_VARIANT, {"seat": SeatRef(seat)}))
        else:
            key = "bj.black_count" if measure == MEASURE_COUNT else "bj.black_sum"
            rulings.append(Ruling(key, C_VARIANT, {"seat": SeatRef(seat), "points": points[seat],
                                                   "cards": CardsRef(codes(black))}))
    winners = top_seats(points)
    kind = "count" if measure == MEASURE_COUNT else "sum"
    if len(winners) == 1:
        rulings.append(Ruling(f"bj.variant_{kind}_won", C_VARIANT,
                              {"seat": SeatRef(winners[0]), "points": points[winners[0]]}))
    else:
        rulings.append(Ruling(f"bj.variant_{kind}_shared", C_VARIANT,
                              {"seats": SeatsRef(winners), "points": points[winners[0]]}))
    return tuple(rulings)

