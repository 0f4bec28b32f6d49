"""A trick of King's Trick: each card's colour and value, the colour order, the places and
how many cards the top places draft (rulebook 3(3), 3(4))."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..base import CardRef, Ruling, SeatRef, SeatsRef, SuitRef
from ..kit import tricks
from .cards import JESTER, JESTER_VALUE, KING, KING_PLUS, QUEEN, QUEEN_MINUS, Card, value_text

DRAFT: Mapping[int, tuple[int, ...]] = {3: (1, 2), 4: (1, 2, 1), 5: (1, 2, 2), 6: (1, 2, 3)}
"""3(4): cards drafted by 1st, 2nd (and 3rd) place, by the number of cards in the trick."""


Play = tricks.Play[Card]
"""One card laid in a trick by the player in `seat` (kit.tricks)."""


@dataclass(frozen=True)
class TrickResult(tricks.Trick[Card]):
    """The adjudication of one complete trick; every per-play tuple is in play order."""

    lead_colour: str | None
    colours: tuple[str | None, ...]
    values: tuple[int, ...]
    """Each play's value in tenths (65 is 6.5)."""
    copied: tuple[int | None, ...]
    """For a KING or QUEEN, the play index of the right neighbour whose card it copied."""
    colour_rank: tuple[str, ...]
    """The colours, strongest first: the lead colour, then in the order first played."""
    order: tuple[int, ...]
    """Play indices, strongest first."""
    draft: tuple[int, ...]
    """How many cards 1st, 2nd (and 3rd) place draft."""
    rulings: tuple[Ruling, ...]

    @property
    def places(self) -> tuple[int, ...]:
        """Seats, strongest card first."""
        return tuple(self.plays[i].seat for i in self.order)

    @property
    def takers(self) -> tuple[int, ...]:
        """The seats that draft, 1st place first."""
        return self.places[: len(self.draft)]

    @property
    def winner(self) -> int:
        """The seat of the strongest card: it drafts first and leads next unless someone declares."""
        return self.places[0]

    @property
    def copied_seats(self) -> tuple[int | None, ...]:
        """For each play, the seat whose card a KING or QUEEN copied (None for the others)."""
        return tuple(None if j is None else self.plays[j].seat for j in self.copied)

    def place_of(self, seat: int) -> int:
        """1-based place of `seat` in this trick."""
        return self.places.index(seat) + 1


def lead_index(cards: Sequence[Card]) -> int | None:
    """3(3)①, ④: the play that sets the lead colour: the leader's card, or after a KING, QUEEN
    or JESTER lead the first ordinary coloured card; None if nobody played one."""
    return next((i for i, c in enumerate(cards) if c.colour is not None), None)


def card_values(cards: Sequence[Card]) -> tuple[tuple[str | None, ...], tuple[int, ...], tuple[int | None, ...]]:
    """3(4)※: every card's colour and value (tenths), and whom each KING or QUEEN copied.

    A coloured card is its colour and printed value; the JESTER is the lead colour 0.3; a
    KING or QUEEN takes the colour of its right neighbour's card (the play before it; for the
    leader, the last play) and that card's final value +0.5 or -0.4.
    """
    n = len(cards)
    first = lead_index(cards)
    lead = cards[first].colour if first is not None else None

    def value(i: int) -> tuple[str | None, int]:
        card = cards[i]
        if card.number is not None:
            return card.colour, 10 * card.number
        if card.code == JESTER:
            return lead, JESTER_VALUE
        colour, base = value((i - 1) % n)  # KING and QUEEN: two at most, so a coloured card or JESTER is reached
        return colour, base + (KING_PLUS if card.code == KING else -QUEEN_MINUS)

    found = [value(i) for i in range(n)]
    copied = tuple((i - 1) % n if cards[i].code in (KING, QUEEN) else None for i in range(n))
    return tuple(c for c, _ in found), tuple(v for _, v in found), copied


def resolve(cards: Sequence[Card], leader: int = 0, players: int | None = None, *,
            no_colour: str = "values", number: int = 1) -> TrickResult:
    """Decide a complete trick: laid by `leader` and clockwise on, one card per player."""
    n = len(cards)
    size = players if players is not None else n
    seats = tuple((leader + i) % size for i in range(n))
    plays = tuple(Play(seat, card) for seat, card in zip(seats, cards))
    colours, values, copied = card_values(cards)
    first = lead_index(cards)
    rulings: list[Ruling] = []

    def at(i: int) -> dict[str, object]:
        return {"seat": SeatRef(seats[i]), "card": CardRef(cards[i].code)}

    lead: str | None = None
    if first is None:
        rulings.append(Ruling("kt.no_colour", "RULINGS"))
    else:
        lead = cards[first].colour
        assert lead is not None
        if first == 0:
            rulings.append(Ruling("kt.lead_colour", "3(3)①", {**at(0), "colour": SuitRef(lead)}))
        else:
            rulings.append(Ruling("kt.lead_after_special", "3(3)④", {
                **at(0), "first": SeatRef(seats[first]), "first_card": CardRef(cards[first].code),
                "colour": SuitRef(lead)}))

    for i, card in enumerate(cards):
        if not card.is_special:
            continue
        colour, value = colours[i], value_text(values[i])
        if card.code == JESTER:
            if colour is None:
                rulings.append(Ruling("kt.jester_no_colour", "RULINGS", {**at(i), "value": value}))
            else:
                rulings.append(Ruling("kt.jester_value", "3(4)", {**at(i), "colour": SuitRef(colour), "value": value}))
            continue
        j = copied[i]
        assert j is not None
        key = "kt.king_value" if card.code == KING else "kt.queen_value"
        params = {**at(i), "neighbour": SeatRef(seats[j]), "base": value_text(values[j]), "value": value}
        if colour is None:
            rulings.append(Ruling(key + "_no_colour", "RULINGS", params))
        else:
            rulings.append(Ruling(key, "3(4)", {**params, "colour": SuitRef(colour)}))

    rank: list[str] = []
    if lead is not None:
        rank.append(lead)
        for i, card in enumerate(cards):
            if card.colour is not None and card.colour not in rank:
                rank.append(card.colour)
                clause = "3(3)③" if len(rank) == 2 else "RULINGS"
                rulings.append(Ruling("kt.colour_next", clause, {**at(i), "colour": SuitRef(card.colour)}))
        order = tuple(sorted(range(n), key=lambda i: (rank.index(colours[i] or ""), -values[i], i)))
    elif no_colour == "play_order":
        order = tuple(range(n))
        rulings.append(Ruling("kt.no_colour_play_order", "RULINGS"))
    else:
        order = tuple(sorted(range(n), key=lambda i: (-values[i], i)))
        rulings.append(Ruling("kt.no_colour_values", "RULINGS"))

    best = order[0]
    rulings.append(Ruling("kt.strongest", "3(3)①" if lead is not None else "RULINGS", {
        **at(best), "value": value_text(values[best])}))
    rulings.append(Ruling("kt.places", "3(3)②", {"seats": SeatsRef(tuple(seats[i] for i in order))}))

    draft = DRAFT[n]
    for place, count in enumerate(draft):
        seat = SeatRef(seats[order[place]])
        if place == 0:
            rulings.append(Ruling("kt.draft_first", "3(4)", {"seat": seat}))
        elif place < len(draft) - 1:
            rulings.append(Ruling("kt.draft_second", "3(4)", {"seat": seat}))
        elif place == 1:
            rulings.append(Ruling("kt.draft_second_rest", "3(4)", {"seat": seat, "count": count}))
        else:
            rulings.append(Ruling("kt.draft_third", "3(4)", {"seat": seat, "count": count}))
    return TrickResult(number, leader, plays, lead, colours, values, copied, tuple(rank), order, draft,
                       tuple(rulings))
