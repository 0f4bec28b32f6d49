"""A game of Black Junky as it stands: the setup, the entries, and what they mean."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..base import CardRef, Event, Finding, RuleError, Ruling, SeatRef, SeatsRef, require_int, require_list
from ..contract import read_options
from ..kit.cards import once_per_deal
from ..kit.seats import Seating, read_seating
from .cards import CROSSES, Card, hand_size, parse_cross, parse_hand_card, set_aside
from .options import (
    BUST_21, C_GAME, C_RULINGS, C_SETUP, MEASURE, MEASURE_OFF, OPTIONS, PLAYER_COUNTS, RED, ROUNDS,
)
from .totals import RoundResult, decide, measure_points, result_rulings, top_seats, variant_rulings

REVEAL = "reveal"
DECK = "deck"
EVENT_KINDS = (REVEAL, DECK)


@dataclass(frozen=True)
class Setup(Seating):
    """Who sits where (clockwise) and the table options. Nobody leads: `first_leader` is
    kept only because every setup has one."""

    red: tuple[str, ...] = ("H", "D")
    """Suits whose cards subtract (ゲーム; which suits: a table setting, RULINGS)."""
    bust_21: bool = False
    """21 itself busts (the printed "21以上" taken literally; RULINGS option)."""
    measure: str = MEASURE_OFF
    """派生ルール: "off", "black_count" or "black_sum"."""
    rounds: int = 13
    """Crosses in the deck: the most rounds the game can have (ゲーム)."""

    @property
    def hand_size(self) -> int:
        """準備: the cards each player is dealt."""
        return hand_size(self.size)

    @property
    def set_aside(self) -> int:
        """準備 (RULINGS): the cards left over after the even deal."""
        return set_aside(self.size)

    @property
    def variant(self) -> bool:
        return self.measure != MEASURE_OFF


@dataclass(frozen=True)
class Reveal:
    """One player's cards revealed this round; () when they have no cards left."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class State:
    """Everything known about one game, derived only from its setup and log."""

    setup: Setup
    rounds: tuple[RoundResult, ...] = ()
    """The rounds decided so far, in order."""
    revealed: tuple[Reveal, ...] = ()
    """This round's reveals so far, in the order entered."""
    used: frozenset[Card] = frozenset()
    """Every card laid or turned so far in this game."""
    played: tuple[int, ...] = ()
    """How many cards each seat has laid so far (this round's reveals included)."""
    last_cross_forced: bool = False
    """The latest round's cross was the deck's only one left, so the engine turned it once
    everyone had revealed: nobody enters a card the table has no choice about."""

    @property
    def players(self) -> int:
        return self.setup.size

    @property
    def left(self) -> tuple[int, ...]:
        """The cards each seat still holds."""
        return tuple(self.setup.hand_size - n for n in self.played)

    @property
    def is_over(self) -> bool:
        """Every cross of the deck has been turned, or nobody has cards for another round."""
        if len(self.rounds) >= self.setup.rounds:
            return True
        return not self.revealed and not any(self.left)

    @property
    def ended_early(self) -> bool:
        """Over before the deck ran out: nobody had cards left (RULINGS)."""
        return self.is_over and len(self.rounds) < self.setup.rounds

    @property
    def round_number(self) -> int:
        """The number of the round being entered (1-based), or of the last one once over."""
        return len(self.rounds) if self.is_over else len(self.rounds) + 1

    def reveal_of(self, seat: int) -> Reveal | None:
        """`seat`'s reveal this round, if entered."""
        return next((r for r in self.revealed if r.seat == seat), None)

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats whose cards this round still awaits, in seat order.

        A player whose dealt cards are all laid is not awaited: the app knows they have none,
        and they sit out (RULINGS). An explicit "no cards left" entry for them (records made
        before) is still taken, and changes nothing.
        """
        if self.is_over:
            return ()
        done = {r.seat for r in self.revealed}
        return tuple(s for s, left in enumerate(self.left) if s not in done and left > 0)

    def sits_out(self, seat: int) -> bool:
        """Whether `seat` has no cards left this round, so sits out of it (RULINGS)."""
        reveal = self.reveal_of(seat)
        return not reveal.cards if reveal is not None else self.left[seat] <= 0

    @property
    def expected_seat(self) -> int | None:
        """The next seat to enter (the lowest still awaited); None when the deck's cross comes
        next or the game is over. Reveals may come in any order."""
        waiting = self.awaiting
        return waiting[0] if waiting else None

    @property
    def expects_deck(self) -> bool:
        """Everyone with cards has revealed: the deck's cross comes next."""
        return not self.is_over and not self.awaiting

    @property
    def phase(self) -> str:
        """"reveal", "deck" or "over"."""
        return "over" if self.is_over else "deck" if self.expects_deck else "reveal"

    @property
    def last_round(self) -> RoundResult | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def crosses(self) -> tuple[Card, ...]:
        """The deck's crosses turned so far, in order."""
        return tuple(r.deck for r in self.rounds)

    @property
    def wins(self) -> tuple[int, ...]:
        """Rounds won per seat (a shared round counts for each of its winners)."""
        return tuple(sum(1 for r in self.rounds if seat in r.winners) for seat in range(self.players))

    @property
    def kept(self) -> tuple[tuple[Card, ...], ...]:
        """派生ルール: per seat, the cards they won with, in order (kept only under the variant,
        but known either way)."""
        return tuple(tuple(c for r in self.rounds for c in r.kept[seat]) for seat in range(self.players))

    @property
    def variant_points(self) -> tuple[int, ...] | None:
        """派生ルール: each seat's black cards kept, counted or summed; None with the variant off."""
        if not self.setup.variant:
            return None
        return tuple(measure_points(k, self.setup.measure, self.setup.red) for k in self.kept)

    @property
    def points(self) -> tuple[int, ...]:
        """What decides the game: round wins (勝敗), or the variant's measure (派生ルール)."""
        variant = self.variant_points
        return self.wins if variant is None else variant

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats ahead by what decides the game (the winners once it is over)."""
        return top_seats(self.points)


def make_setup(raw: Mapping[str, Any]) -> Setup:
    """Read a setup {"players": [...], "options": {...}}, refusing bad ones."""
    players, first = read_seating(raw, PLAYER_COUNTS, "bj.player_count", C_RULINGS)
    options = read_options(OPTIONS, raw.get("options"))
    return Setup(players, first, tuple(options[RED.name]), options[BUST_21.name], options[MEASURE.name],
                 options[ROUNDS.name])


def initial(raw_setup: Mapping[str, Any]) -> State:
    """The state before the first round's cards are revealed."""
    setup = make_setup(raw_setup)
    return State(setup=setup, played=(0,) * setup.size)


def apply(state: State, event: Event) -> State:
    """Take one entry: a player's revealed cards ("reveal" {"seat", "cards"}; [] for "no
    cards left", which is never awaited but still taken), or the deck's cross once everyone
    with cards has revealed ("deck" {"card"}). The deck's last cross, the only one left, is
    turned by the engine after the round's last reveal (State.last_cross_forced)."""
    if event.kind not in EVENT_KINDS:
        raise RuleError("input.unknown_event", "", kind=event.kind)
    if _said_already(state, event):
        return state
    if state.is_over:
        raise RuleError("bj.game_over", C_GAME)
    if event.kind == REVEAL:
        seat = require_int(event.payload, "seat")
        return _reveal(state, seat, require_list(event.payload, "cards"))
    return _turn(state, parse_cross(event.payload.get("card")))


def _reveal(state: State, seat: int, raw_cards: Sequence[object]) -> State:
    if not 0 <= seat < state.players:
        raise RuleError("bj.no_such_seat", "", seat=seat, count=state.players)
    if state.reveal_of(seat) is not None:
        raise RuleError("bj.already_revealed", C_RULINGS, seat=SeatRef(seat))
    cards: list[Card] = []
    for raw in raw_cards:
        card = parse_hand_card(raw)
        once_per_deal(cards, card, "bj.card_twice", C_SETUP, card=CardRef(card.code))
        once_per_deal(state.used, card, "bj.card_used", C_SETUP, card=CardRef(card.code))
        cards.append(card)
    left = state.left[seat]
    if not cards and left:
        raise RuleError("bj.must_lay", C_GAME, seat=SeatRef(seat), left=left)
    if cards and not left:
        raise RuleError("bj.no_cards_left", C_SETUP, seat=SeatRef(seat), dealt=state.setup.hand_size)
    if len(cards) > left:
        raise RuleError("bj.too_many_cards", C_SETUP, seat=SeatRef(seat), left=left, count=len(cards))
    played = list(state.played)
    played[seat] += len(cards)
    state = replace(state, revealed=state.revealed + (Reveal(seat, tuple(cards)),),
                    used=state.used | set(cards), played=tuple(played), last_cross_forced=False)
    unturned = [c for c in CROSSES if c not in state.used]
    if not state.awaiting and len(unturned) == 1 and len(state.rounds) + 1 == state.setup.rounds:
        # ゲーム: the deck's top cross is turned; the only one left can be nothing else.
        turned = _turn(state, unturned[0])
        done = turned.rounds[-1]
        said = Ruling("bj.last_cross", C_GAME, {"card": CardRef(unturned[0].code)})
        done = replace(done, rulings=(said,) + done.rulings)
        return replace(turned, rounds=turned.rounds[:-1] + (done,), last_cross_forced=True)
    return state


def _said_already(state: State, event: Event) -> bool:
    """Whether an entry only repeats what the engine did by itself when it turned the last
    cross, with nothing after it (a log written before the engine did): the "deck" entry
    naming that cross, or a "no cards left" reveal of a seat that had none. It is taken as
    said already and changes nothing."""
    if not state.last_cross_forced or state.revealed or not state.rounds:
        return False
    try:
        if event.kind == DECK:
            return parse_cross(event.payload.get("card")) == state.rounds[-1].deck
        seat = require_int(event.payload, "seat")
        return event.payload.get("cards") == [] and 0 <= seat < state.players and state.left[seat] == 0
    except RuleError:
        return False


def _turn(state: State, cross: Card) -> State:
    if state.awaiting:
        raise RuleError("bj.reveal_first", C_GAME, seats=SeatsRef(state.awaiting))
    once_per_deal(state.used, cross, "bj.deck_used", C_SETUP, card=CardRef(cross.code))
    by_seat = {r.seat: r.cards for r in state.revealed}
    plays = [by_seat.get(s) or None for s in range(state.players)]  # not revealed: no cards, sits out
    result = decide(plays, cross, state.setup.red, state.setup.bust_21, number=len(state.rounds) + 1,
                    keep=state.setup.variant)
    return replace(state, rounds=state.rounds + (result,), revealed=(), used=state.used | {cross},
                   last_cross_forced=False)


def rulings(state: State) -> tuple[Ruling, ...]:
    """The latest round's rulings; once the game is over, its result too (勝敗, 派生ルール)."""
    out = state.last_round.rulings if state.last_round else ()
    if state.is_over:
        out += game_rulings(state)
    return out


def game_rulings(state: State) -> tuple[Ruling, ...]:
    """Why the game ended early (if it did), who wins it, and under the variant the black cards."""
    out: tuple[Ruling, ...] = ()
    if state.ended_early:
        out += (Ruling("bj.all_out", C_RULINGS, {"rounds": len(state.rounds)}),)
    out += result_rulings(state.wins)
    if state.setup.variant:
        out += variant_rulings(state.kept, state.setup.measure, state.setup.red)
    return out


def audit(state: State) -> tuple[Finding, ...]:
    """Nothing to audit: there is no duty to follow, and every card the deal makes impossible
    (used, a cross in a hand, more than a hand holds) is refused when entered."""
    return ()
