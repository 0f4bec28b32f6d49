"""A game of Hyper Maker as it stands: the setup, the entries, and the audit."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..base import CardRef, CardsRef, Event, Finding, RuleError, Ruling, SeatRef, require_int
from ..contract import read_options
from ..kit import follow, tricks
from ..kit.cards import once_per_deal
from ..kit.findings import accept
from ..kit.seats import Seating, read_seating
from .cards import DEAL_SIZE, Card, follows, parse_card
from .options import OPTIONS, PLAYER_COUNTS
from .tricks import Play, Revoke, ShowOut, TrickResult, resolve


@dataclass(frozen=True)
class Setup(Seating):
    """Who sits where (clockwise), who leads the first trick, and the table options."""

    tie_winner_leads: bool = False

    @property
    def deal_size(self) -> int:
        """4(1): cards dealt to each player = master pile = tricks in the game."""
        return DEAL_SIZE[self.size]


@dataclass(frozen=True)
class State:
    """Everything known about one game, derived only from its setup and log."""

    setup: Setup
    tricks: tuple[TrickResult, ...] = ()
    leader: int = 0
    master: Card | None = None
    plays: tuple[Play, ...] = ()
    used: frozenset[Card] = frozenset()
    show_outs: tuple[ShowOut, ...] = ()
    revokes: tuple[Revoke, ...] = ()
    scores: tuple[int, ...] = field(default=())
    accepted: frozenset[tuple[int, int]] = frozenset()
    """(seat, trick) of proven revokes the table has chosen to let stand."""

    @property
    def players(self) -> int:
        return self.setup.size

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == self.setup.deal_size

    @property
    def trick_number(self) -> int:
        """The number of the trick being entered (1-based), or of the last one once over."""
        return min(len(self.tricks) + 1, self.setup.deal_size)

    @property
    def expected_seat(self) -> int | None:
        """Whose card comes next; None when the master card comes next or the game is over."""
        if self.is_over or self.master is None:
            return None
        return (self.leader + len(self.plays)) % self.players

    @property
    def expects_master(self) -> bool:
        return not self.is_over and self.master is None

    @property
    def last_trick(self) -> TrickResult | None:
        return self.tricks[-1] if self.tricks else None

    def voids(self, seat: int) -> frozenset[str]:
        """The suits `seat` has shown out of so far in this game."""
        return follow.voids(self.show_outs, seat, _master_suits)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats with the highest score (one, or several sharing it)."""
        top = max(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == top)


def make_setup(raw: Mapping[str, Any]) -> Setup:
    """Read a setup {"players": [...], "first_leader": i, "options": {...}}, refusing bad ones."""
    players, first = read_seating(raw, PLAYER_COUNTS, "hm.player_count", "4(1)", "4(2)")
    options = read_options(OPTIONS, raw.get("options"))
    return Setup(players, first, options["tie_winner_leads"])


def initial(raw_setup: Mapping[str, Any]) -> State:
    """The state before the first master card is turned."""
    setup = make_setup(raw_setup)
    return State(setup=setup, leader=setup.first_leader, scores=(0,) * setup.size)


def apply(state: State, event: Event) -> State:
    """Take one entry: the master card ("master"), a player's card ("play"), or the table
    letting a proven revoke stand ("accept" {"seat", "trick"}, also after the game)."""
    if event.kind == "accept":
        return _accept(state, require_int(event.payload, "seat"), require_int(event.payload, "trick"))
    if state.is_over:
        raise RuleError("hm.game_over", "4(1)")
    if event.kind == "master":
        return _turn_master(state, parse_card(event.payload.get("card")))
    if event.kind == "play":
        seat = require_int(event.payload, "seat")
        return _play(state, seat, parse_card(event.payload.get("card")))
    raise RuleError("input.unknown_event", "", kind=event.kind)


def _check_unused(state: State, card: Card) -> None:
    once_per_deal(state.used, card, "hm.card_used", "1", card=CardRef(card.code))


def _turn_master(state: State, card: Card) -> State:
    if state.master is not None:
        raise RuleError("hm.master_already", "5(2)", seat=SeatRef(state.expected_seat or 0))
    _check_unused(state, card)
    return replace(state, master=card, used=state.used | {card})


def _play(state: State, seat: int, card: Card) -> State:
    if state.master is None:
        raise RuleError("hm.master_first", "5(1)")
    if seat != state.expected_seat:
        raise RuleError("hm.not_your_turn", "5(1)", seat=SeatRef(state.expected_seat or 0))
    _check_unused(state, card)
    number = len(state.tricks) + 1
    master = state.master
    revokes = state.revokes + tuple(_proven_revokes(state, seat, card, number))
    show_outs = state.show_outs
    if not follows(card, master):
        show_outs += (ShowOut(seat, number, card, master),)
    plays = state.plays + (Play(seat, card),)
    state = replace(state, plays=plays, used=state.used | {card}, show_outs=show_outs, revokes=revokes)
    if len(plays) < state.players:
        return state
    result = resolve(master, state.leader, plays,
                     tie_winner_leads=state.setup.tie_winner_leads, number=number)
    scores = list(state.scores)
    if result.winner is not None:
        scores[result.winner] += result.points
    return replace(state, tricks=state.tricks + (result,), leader=result.next_leader,
                   master=None, plays=(), scores=tuple(scores))


def _proven_revokes(state: State, seat: int, card: Card, number: int) -> Iterable[Revoke]:
    """Earlier show-outs by `seat` that `card` contradicts; each offence is proven once."""
    proven = {r.shown_out for r in state.revokes}
    for so, suit in follow.contradicted(state.show_outs, proven, seat, _master_suits, card.has):
        yield Revoke(seat, so, suit, number, card)


def _master_suits(so: ShowOut) -> tuple[str, str]:
    """5(2): a play holding neither master suit shows the player held neither."""
    return so.master.suits


def _accept(state: State, seat: int, trick: int) -> State:
    found = {(r.seat, r.shown_out.trick) for r in state.revokes}
    return replace(state, accepted=accept(state.accepted, (seat, trick), found, "hm.accept_unknown",
                                          "hm.accept_twice", {"seat": SeatRef(seat), "trick": trick}))


def audit(state: State) -> tuple[Finding, ...]:
    """5(2): every play that failed to follow while the player held a card that followed.

    Cards never enter a hand mid-game, so every card a player plays later was in their
    hand at every earlier trick: each later card holding a master suit is evidence.
    """
    def evidence(so: ShowOut, held: tuple[tuple[Card, int], ...]) -> Ruling:
        return Ruling("hm.audit_illegal", "5(2)", {
            "trick": so.trick, "seat": SeatRef(so.seat), "card": CardRef(so.card.code),
            "master": CardRef(so.master.code),
            "cards": CardsRef(tuple(card.code for card, _ in held)),
            "tricks": tuple(n for _, n in held),
        })

    return follow.audit(state.show_outs, tricks.laid(state.tricks, state.plays), state.accepted,
                        lambda so, card: follows(card, so.master), evidence)


def scores(state: State) -> tuple[int, ...]:
    """Points per seat so far."""
    return state.scores


def rulings(state: State) -> tuple[Ruling, ...]:
    """The rulings that explain the latest completed trick and every proven revoke."""
    last = state.last_trick.rulings if state.last_trick else ()
    return last + tuple(r.ruling for r in state.revokes)


