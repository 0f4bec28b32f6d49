"""A game of Take & Share as it stands: the setup, the entries, the hand-outs and the audit.

Entries (base.Event kinds and payloads):
- "share" {"card": code} (or {"cards": [codes]}): the share cards dealt face up, before the
  first trick, until there are as many as players (ゲームの準備);
- "play" {"seat", "card"}: a card laid in the trick, by the seat whose turn it is; the last
  card of the last trick needs no entry, being the one card of the deck not yet seen
  (TrickResult.forced; an entry naming it, as logs written before did, changes nothing);
- "give" {"seat", "card"}: after each trick, one share card handed by the winner to a seat
  (themself included); one entry per card, each seat exactly one card (シェアの解決). The
  last card needs no entry: once one card and one seat are left, the engine gives it
  (Handout.forced); an entry naming exactly that give, as logs written before did, is taken
  as said already and changes nothing;
- "accept" {"seat", "trick"}: the table lets a proven revoke stand (also after the game).
`State.phase` says what comes next: "share", "play", "give" or "over".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..base import CardRef, CardsRef, Event, Finding, RuleError, Ruling, SeatRef, SuitRef, require_int
from ..contract import read_options
from ..kit import follow, tricks
from ..kit.cards import once_per_deal
from ..kit.findings import accept
from ..kit.seats import Seating, read_seating
from .cards import Card, deck, parse_card
from .options import (
    C_END, C_FOLLOW, C_LEAD, C_PLAYERS, C_ROUND, C_RULINGS, C_SETUP, C_SHARE, C_THREE, HAND_SIZE,
    OPTIONS, PLAYER_COUNTS, PRINTED, target_points,
)
from .points import Score, score
from .tricks import Decision, Play, Revoke, ShowOut, resolve

SHARE, PLAY, GIVE, OVER = "share", "play", "give", "over"


@dataclass(frozen=True)
class Setup(Seating):
    """Who sits where (clockwise), who leads the first trick, and the table option."""

    target: str = PRINTED
    """The long game's target (options.TARGET): "printed" or a number of points."""

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player = tricks in the game = cards each player receives."""
        return HAND_SIZE[self.size]

    @property
    def target_points(self) -> int:
        return target_points(self.target, self.size)

    @property
    def deck(self) -> tuple[Card, ...]:
        return deck(self.size)

    @property
    def setup_clause(self) -> str:
        """Where the deal is printed: ゲームの準備, or 3人プレイ for three players."""
        return C_THREE if self.size == 3 else C_SETUP


@dataclass(frozen=True)
class Give:
    """One share card handed to `seat`."""

    seat: int
    card: Card


@dataclass(frozen=True)
class Handout:
    """The share a trick's winner takes and hands out, one card to each player (シェアの解決)."""

    trick: int
    giver: int
    cards: tuple[Card, ...]
    gives: tuple[Give, ...] = ()
    forced: Give | None = None
    """The last give, made for the table: once one card and one player are left, that card
    can only go to that player (シェアの解決: one card to each); it is among `gives`."""

    @property
    def complete(self) -> bool:
        return len(self.gives) == len(self.cards)

    @property
    def left(self) -> tuple[Card, ...]:
        """The share cards not yet handed out, in the order they lay."""
        given = {g.card for g in self.gives}
        return tuple(c for c in self.cards if c not in given)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats that have not yet received a card of this share (one card per player)."""
        given = {g.seat for g in self.gives}
        return tuple(s for s in range(len(self.cards)) if s not in given)

    def card_of(self, seat: int) -> Card | None:
        """The card `seat` received from this share, if handed out yet."""
        return next((g.card for g in self.gives if g.seat == seat), None)


@dataclass(frozen=True)
class TrickResult(tricks.Trick[Card]):
    """One complete trick: who led, the cards in the order laid, how it was decided."""

    decision: Decision
    share: tuple[Card, ...]
    """The share cards the winner took for this trick and hands out."""
    next_share: tuple[Card, ...]
    """This trick's cards, the next share; empty after the last trick (ゲームの終了)."""
    rulings: tuple[Ruling, ...]
    forced: bool = False
    """The last card of the game was laid by the engine: in the last trick the last player
    holds the one card of the deck not yet seen, so nobody enters it."""

    @property
    def winner(self) -> int:
        return self.decision.winner

    @property
    def resolution(self) -> str:
        return self.decision.resolution

    @property
    def lead_suit(self) -> str:
        return self.decision.lead_suit


@dataclass(frozen=True)
class State:
    """Everything known about one game, derived only from its setup and log."""

    setup: Setup
    share: tuple[Card, ...] = ()
    """The share cards face up on the table now: the prize of the trick being played."""
    tricks: tuple[TrickResult, ...] = ()
    leader: int = 0
    plays: tuple[Play, ...] = ()
    handouts: tuple[Handout, ...] = ()
    """One per complete trick; the last is being handed out while it is not complete."""
    received: tuple[tuple[Card, ...], ...] = ()
    """Each seat's received cards, face down in front of them: secret until the game is over."""
    used: frozenset[Card] = frozenset()
    show_outs: tuple[ShowOut, ...] = ()
    revokes: tuple[Revoke, ...] = ()
    accepted: frozenset[tuple[int, int]] = frozenset()
    """(seat, trick) of proven revokes the table has chosen to let stand."""

    @property
    def players(self) -> int:
        return self.setup.size

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == self.setup.hand_size and self.handouts[-1].complete

    @property
    def phase(self) -> str:
        """What the next entry is: "share" (the opening share), "play", "give" or "over"."""
        if self.is_over:
            return OVER
        if self.handout is not None:
            return GIVE
        if not self.tricks and len(self.share) < self.players:
            return SHARE
        return PLAY

    @property
    def handout(self) -> Handout | None:
        """The share being handed out now, if one is."""
        if self.handouts and not self.handouts[-1].complete:
            return self.handouts[-1]
        return None

    @property
    def expected_seat(self) -> int | None:
        """Whose card comes next; None unless a card is awaited."""
        if self.phase != PLAY:
            return None
        return (self.leader + len(self.plays)) % self.players

    @property
    def giver(self) -> int | None:
        """The trick's winner, who is handing out the share now; None when nobody is."""
        return self.handout.giver if self.handout is not None else None

    @property
    def trick_number(self) -> int:
        """The number of the trick being entered (1-based), or of the last one once played."""
        return min(len(self.tricks) + 1, self.setup.hand_size)

    @property
    def last_trick(self) -> TrickResult | None:
        return self.tricks[-1] if self.tricks else None

    @property
    def lead_suit(self) -> str | None:
        """The suit led in the trick being played, once led."""
        return self.plays[0].card.suit if self.plays else None

    @property
    def opening_share(self) -> tuple[Card, ...]:
        """The share cards dealt face up at the start."""
        return self.handouts[0].cards if self.handouts else self.share

    @property
    def received_counts(self) -> tuple[int, ...]:
        """How many cards each seat has received: all the page shows of them during the game."""
        return tuple(len(r) for r in self.received)

    @property
    def out_of_play(self) -> tuple[Card, ...]:
        """The last trick's cards, never shared (ゲームの終了); empty until it is played."""
        if len(self.tricks) == self.setup.hand_size:
            return self.tricks[-1].cards
        return ()

    def voids(self, seat: int) -> frozenset[str]:
        """The suits `seat` has shown out of so far in this game."""
        return follow.voids(self.show_outs, seat, _lead_suit)


def make_setup(raw: Mapping[str, Any]) -> Setup:
    """Read a setup {"players": [...], "first_leader": i, "options": {"long_game_target": ...}}."""
    players, first = read_seating(raw, PLAYER_COUNTS, "tns.player_count", C_PLAYERS, C_SETUP)
    options = read_options(OPTIONS, raw.get("options"))
    return Setup(players, first, options["long_game_target"])


def initial(raw_setup: Mapping[str, Any]) -> State:
    """The state before the first share card is entered."""
    setup = make_setup(raw_setup)
    return State(setup=setup, leader=setup.first_leader, received=((),) * setup.size)


def apply(state: State, event: Event) -> State:
    """Take one entry: "share", "play", "give" or "accept" (see the module's docstring)."""
    if event.kind == "accept":
        return _accept(state, require_int(event.payload, "seat"), require_int(event.payload, "trick"))
    if event.kind not in ("share", "play", "give"):
        raise RuleError("input.unknown_event", "", kind=event.kind)
    if event.kind == "give" and _said_already(state, event.payload):
        return state
    if event.kind == "play" and _played_already(state, event.payload):
        return state
    if state.is_over:
        raise RuleError("tns.game_over", C_END)
    if event.kind == "share":
        return _share(state, event.payload)
    if event.kind == "play":
        seat = require_int(event.payload, "seat")
        return _play(state, seat, parse_card(event.payload.get("card"), state.players))
    seat = require_int(event.payload, "seat")
    return _give(state, seat, parse_card(event.payload.get("card"), state.players))


def _check_unused(state: State, card: Card) -> None:
    once_per_deal(state.used, card, "tns.card_used", C_RULINGS, card=CardRef(card.code))


def _share(state: State, payload: Mapping[str, Any]) -> State:
    if "cards" in payload:
        raw = payload["cards"]
        if not isinstance(raw, list):
            raise RuleError("input.not_list", "", field="cards")
        codes: Sequence[Any] = raw
    elif "card" in payload:
        codes = [payload["card"]]
    else:
        raise RuleError("input.missing", "", field="card")
    if state.phase != SHARE:
        raise RuleError("tns.share_complete", state.setup.setup_clause, count=state.players)
    cards = [parse_card(code, state.players) for code in codes]
    if not cards:
        raise RuleError("input.missing", "", field="card")
    if len(state.share) + len(cards) > state.players:
        raise RuleError("tns.share_too_many", state.setup.setup_clause, count=state.players,
                        entered=len(state.share))
    used = state.used
    for card in cards:
        once_per_deal(used, card, "tns.card_used", C_RULINGS, card=CardRef(card.code))
        used = used | {card}
    return replace(state, share=state.share + tuple(cards), used=used)


def _play(state: State, seat: int, card: Card) -> State:
    phase = state.phase
    if phase == SHARE:
        raise RuleError("tns.share_first", state.setup.setup_clause, count=state.players,
                        entered=len(state.share))
    if phase == GIVE:
        raise RuleError("tns.give_first", C_SHARE, seat=SeatRef(state.giver or 0))
    expected = state.expected_seat
    if seat != expected:
        clause = C_LEAD if not state.plays else C_FOLLOW if len(state.plays) == 1 else C_ROUND
        raise RuleError("tns.not_your_turn", clause, seat=SeatRef(expected or 0))
    _check_unused(state, card)
    number = len(state.tricks) + 1
    revokes = state.revokes + tuple(_proven_revokes(state, seat, card, number))
    show_outs = state.show_outs
    if state.plays and card.suit != state.plays[0].card.suit:
        show_outs += (ShowOut(seat, number, card, state.plays[0].card),)
    plays = state.plays + (Play(seat, card),)
    state = replace(state, plays=plays, used=state.used | {card}, show_outs=show_outs, revokes=revokes)
    if len(plays) < state.players:
        left = [c for c in state.setup.deck if c not in state.used]
        if number == state.setup.hand_size and len(plays) == state.players - 1 and len(left) == 1:
            # ゲームの準備: every card is dealt or shared, so the last card of the game is the
            # one not yet seen, in the last player's hand.
            last = (seat + 1) % state.players
            state = _play(state, last, left[0])
            said = Ruling("tns.last_card", state.setup.setup_clause, {"seat": SeatRef(last), "card": CardRef(left[0].code)})
            done = replace(state.tricks[-1], forced=True, rulings=(said,) + state.tricks[-1].rulings)
            return replace(state, tricks=state.tricks[:-1] + (done,))
        return state
    return _finish_trick(state, number)


def _finish_trick(state: State, number: int) -> State:
    """トリックの解決 and シェアの解決: the winner takes the share and lays this trick's cards as
    the next share (after the last trick they are not shared), then leads the next trick."""
    decision = resolve(state.plays)
    winner = decision.winner
    last = number == state.setup.hand_size
    cards = tuple(p.card for p in state.plays)
    rulings = list(decision.rulings)
    if last:
        rulings.append(Ruling("tns.winner_shares_last", C_END, {
            "seat": SeatRef(winner), "cards": CardsRef(tuple(c.code for c in state.share))}))
    else:
        rulings.append(Ruling("tns.winner_shares", C_SHARE, {
            "seat": SeatRef(winner), "cards": CardsRef(tuple(c.code for c in state.share))}))
        rulings.append(Ruling("tns.winner_leads", C_SHARE, {"seat": SeatRef(winner)}))
    result = TrickResult(number, state.leader, state.plays, decision, state.share,
                         () if last else cards, tuple(rulings))
    return replace(state, tricks=state.tricks + (result,), plays=(), share=result.next_share,
                   leader=winner, handouts=state.handouts + (Handout(number, winner, result.share),))


def _give(state: State, seat: int, card: Card) -> State:
    handout = state.handout
    if handout is None:
        key = "tns.share_first" if state.phase == SHARE else "tns.nothing_to_give"
        raise RuleError(key, state.setup.setup_clause if state.phase == SHARE else C_SHARE,
                        count=state.players, entered=len(state.share))
    if card not in handout.cards:
        raise RuleError("tns.give_not_share", C_SHARE, card=CardRef(card.code),
                        cards=CardsRef(tuple(c.code for c in handout.cards)))
    if card not in handout.left:
        raise RuleError("tns.give_card_twice", C_SHARE, card=CardRef(card.code))
    if not 0 <= seat < state.players:
        raise RuleError("tns.seat_unknown", C_SHARE, seat=seat)
    if seat not in handout.waiting:
        raise RuleError("tns.give_seat_twice", C_SHARE, seat=SeatRef(seat),
                        card=CardRef((handout.card_of(seat) or card).code))
    handout = replace(handout, gives=handout.gives + (Give(seat, card),))
    received = tuple(r + (card,) if i == seat else r for i, r in enumerate(state.received))
    if len(handout.left) == 1:
        # シェアの解決: one card to each player, so the last card can only go to the last seat.
        last = Give(handout.waiting[0], handout.left[0])
        handout = replace(handout, gives=handout.gives + (last,), forced=last)
        received = tuple(r + (last.card,) if i == last.seat else r for i, r in enumerate(received))
    return replace(state, handouts=state.handouts[:-1] + (handout,), received=received)


def _played_already(state: State, payload: Mapping[str, Any]) -> bool:
    """Whether a "play" names the last card of the game the engine laid itself, with nothing
    after it (a log written before the engine did): it is taken as said already."""
    if not state.tricks or not state.tricks[-1].forced or state.handouts[-1].gives:
        return False
    last = state.tricks[-1].plays[-1]
    if payload.get("seat") != last.seat:
        return False
    try:
        return parse_card(payload.get("card"), state.players) == last.card
    except RuleError:
        return False


def _said_already(state: State, payload: Mapping[str, Any]) -> bool:
    """Whether a "give" names the last hand-out's forced give while nothing has followed it
    (a log written before the engine made that give itself): it is taken as said already."""
    if not state.handouts or state.plays or state.handout is not None:
        return False
    forced = state.handouts[-1].forced
    if forced is None or payload.get("seat") != forced.seat:
        return False
    try:
        return parse_card(payload.get("card"), state.players) == forced.card
    except RuleError:
        return False


def _proven_revokes(state: State, seat: int, card: Card, number: int) -> Iterable[Revoke]:
    """Earlier show-outs by `seat` of the suit of `card`; each offence is proven once."""
    proven = {r.shown_out for r in state.revokes}
    for so, _suit in follow.contradicted(state.show_outs, proven, seat, _lead_suit, card.suit.__eq__):
        yield Revoke(seat, so, number, card)


def _lead_suit(so: ShowOut) -> tuple[str]:
    """A card of another suit than the lead shows the player held none of the lead suit."""
    return (so.suit,)


def _accept(state: State, seat: int, trick: int) -> State:
    found = {(r.seat, r.shown_out.trick) for r in state.revokes}
    return replace(state, accepted=accept(state.accepted, (seat, trick), found, "tns.accept_unknown",
                                          "tns.accept_twice", {"seat": SeatRef(seat), "trick": trick}))


def audit(state: State) -> tuple[Finding, ...]:
    """トリックの手順 2): every card of another suit laid while the player held the lead suit.

    Cards never enter a hand mid-game (received share cards lie apart, face down), so every
    card a player lays later was in their hand at every earlier trick: each later card of the
    suit they showed out of is evidence, and the finding lists them all.
    """
    def evidence(so: ShowOut, held: tuple[tuple[Card, int], ...]) -> Ruling:
        return Ruling("tns.audit_illegal", C_FOLLOW, {
            "trick": so.trick, "seat": SeatRef(so.seat), "card": CardRef(so.card.code),
            "lead": CardRef(so.lead.code), "suit": SuitRef(so.suit),
            "cards": CardsRef(tuple(card.code for card, _ in held)),
            "tricks": tuple(n for _, n in held),
        })

    return follow.audit(state.show_outs, tricks.laid(state.tricks, state.plays), state.accepted,
                        lambda so, card: card.suit == so.suit, evidence)


def final_score(state: State) -> Score:
    """得点計算 of the cards each seat has received (the game's result once it is over)."""
    return score(state.received)


def rulings(state: State) -> tuple[Ruling, ...]:
    """What explains the latest decision: the opening share; else the latest trick, its
    hand-out once done, the end and the score once over; and every proven revoke."""
    out: list[Ruling] = []
    last = state.last_trick
    if last is None:
        if state.phase == PLAY:
            out.append(Ruling("tns.opening_share", state.setup.setup_clause, {
                "cards": CardsRef(tuple(c.code for c in state.share)), "seat": SeatRef(state.leader)}))
    else:
        out += last.rulings
        if state.handouts[-1].complete:
            out.append(Ruling("tns.share_handed", C_SHARE, {"seat": SeatRef(last.winner), "trick": last.number}))
            if state.is_over:
                out.append(Ruling("tns.game_end", C_END, {
                    "tricks": last.number, "cards": CardsRef(tuple(c.code for c in last.cards))}))
                out += final_score(state).rulings
            else:
                out.append(Ruling("tns.new_share", C_SHARE, {
                    "trick": last.number, "cards": CardsRef(tuple(c.code for c in state.share))}))
    return tuple(out) + tuple(r.ruling for r in state.revokes)
