"""A game of Twin Shoot as it stands: the setup, the hand in play, the scored hands, the
entries that change them, and the audit.

Log entries (Event kind and payload; ints and strings only)
    "leader"   {"seat": s}  Set this hand's opening leader, before its first card. In hand 1
               only a right-side player (ゲームの準備); later any seat, overriding the
               rotation for this hand only (RULINGS).
    "open_bid" {"team": t, "bids": [[c, c], [c, c]]}  Both teammates' bid cards turned up at
               once (seat 2t's pair first), before the hand's first card. Only the team alone
               in last place (state.may_open_bid). There is no "no open bid" entry: the
               chance simply lapses with the hand's first card (RULINGS).
    "play"     {"seat": s, "card": code}  The next card of the trick, from state.expected_seat.
    "reveal"   {"seat": s, "cards": [c, c]}  After the tenth trick, one entry per player whose
               bid is still hidden (state.hidden_bids), in any order; state.expected_seat
               suggests the lowest. The last hidden bid is the two cards not yet seen (the
               whole deck is dealt): the engine turns it up itself once the one before it is
               in (State.laid_bid), and scores the hand; an entry naming it, as logs before
               did, changes nothing.
    "accept"   {"hand": h, "seat": s, "trick": n}  The table lets a proven revoke stand (also
               after the game).
    "undo" is handled by base.replay.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base import CardRef, CardsRef, Event, Finding, RuleError, Ruling, SeatRef, require_int
from ..contract import read_options
from ..kit.findings import accept
from ..kit.seats import Seating, read_seating
from .cards import BID_CARDS, Card, bid_value, deck, parse_card, rank_text
from .clauses import C_BID, C_DEAL, C_END, C_RULINGS, C_SCORE, C_SETUP, C_TRICKS, c_step
from .options import OPTIONS, PLAYER_COUNTS
from .points import TARGET, TeamScore, score_hand
from .teams import (
    default_opening_leader, direction_for, is_right_side, last_place_team, partner, play_order, team_of,
    team_params, team_seats,
)
from .tricks import (TRICKS_PER_HAND, Play, Revoke, ShowOut, TrickResult, proven_revokes, resolve, shown_void, trick_so_far,
                     void_ranks, void_suits)


@dataclass(frozen=True)
class Setup(Seating):
    """Who sits where (clockwise) and who leads hand 1 (a right-side player)."""

    @property
    def teams(self) -> int:
        return self.size // 2


@dataclass(frozen=True)
class Hand:
    """The hand being played: its tricks, the bid cards known so far, the cards used."""

    number: int
    opening_leader: int
    leader: int
    bids: tuple[tuple[Card, Card] | None, ...]
    open_bid_team: int | None = None
    tricks: tuple[TrickResult, ...] = ()
    plays: tuple[Play, ...] = ()
    used: frozenset[Card] = frozenset()
    show_outs: tuple[ShowOut, ...] = ()
    revokes: tuple[Revoke, ...] = ()

    @property
    def started(self) -> bool:
        """Whether any card of the hand has been played."""
        return bool(self.tricks or self.plays)

    @property
    def complete(self) -> bool:
        return len(self.tricks) == TRICKS_PER_HAND


@dataclass(frozen=True)
class HandResult:
    """One scored hand, as the history shows it."""

    number: int
    opening_leader: int
    open_bid_team: int | None
    bids: tuple[tuple[str, str], ...]
    bid_values: tuple[int, ...]
    tricks_won: tuple[int, ...]
    made: tuple[bool, ...]
    breakdown: tuple[TeamScore, ...]
    totals: tuple[int, ...]
    tricks: tuple[TrickResult, ...]
    revokes: tuple[Revoke, ...]
    rulings: tuple[Ruling, ...]

    @property
    def points(self) -> tuple[int, ...]:
        """Points per team scored in this hand."""
        return tuple(score.total for score in self.breakdown)


def _new_hand(number: int, leader: int, players: int) -> Hand:
    return Hand(number=number, opening_leader=leader, leader=leader, bids=(None,) * players)


@dataclass(frozen=True)
class State:
    """Everything known about one game, derived only from its setup and log."""

    setup: Setup
    hand: Hand
    history: tuple[HandResult, ...] = ()
    totals: tuple[int, ...] = ()
    last_rulings: tuple[Ruling, ...] = ()
    accepted: frozenset[tuple[int, int, int]] = frozenset()
    """(hand, seat, trick) of proven revokes the table has chosen to let stand."""
    laid_bid: tuple[int, tuple[str, str]] | None = None
    """The seat and cards of the last bid of the hand just scored, when the engine turned it
    up itself (遊び方: the whole deck is dealt, so it is the two cards not yet seen) and no
    entry has come since: a "reveal" naming it (a log written before) is taken as said."""

    # ----- the table
    @property
    def players(self) -> int:
        return self.setup.size

    @property
    def teams(self) -> tuple[tuple[int, int], ...]:
        return tuple(team_seats(t) for t in range(self.setup.teams))

    # ----- where the game stands
    @property
    def is_over(self) -> bool:
        return bool(self.totals) and max(self.totals) >= TARGET

    @property
    def phase(self) -> str:
        if self.is_over:
            return "over"
        if self.hand.complete:
            return "reveal"
        return "play"

    @property
    def hand_number(self) -> int:
        return self.hand.number

    @property
    def trick_number(self) -> int:
        """The trick being entered (1-based), or 10 once the hand's tricks are done."""
        return min(len(self.hand.tricks) + 1, TRICKS_PER_HAND)

    @property
    def leader(self) -> int:
        return self.hand.leader

    @property
    def direction(self) -> int | None:
        """+1 clockwise, -1 counter-clockwise for the trick being played; None outside play."""
        return direction_for(self.hand.leader) if self.phase == "play" else None

    @property
    def plays(self) -> tuple[Play, ...]:
        return self.hand.plays

    @property
    def follow(self) -> str | None:
        """"suit", "rank" or None: the follow fixed so far in the trick being played."""
        return trick_so_far(self.hand.plays)[0]

    @property
    def fixed_by(self) -> int | None:
        """The seat whose card fixed the follow of the trick being played."""
        return trick_so_far(self.hand.plays)[1]

    @property
    def expected_seat(self) -> int | None:
        """Whose card comes next; in the reveal phase, the lowest seat whose bid is hidden."""
        phase = self.phase
        if phase == "play":
            return play_order(self.hand.leader, self.players)[len(self.hand.plays)]
        if phase == "reveal":
            return self.hidden_bids[0]
        return None

    @property
    def tricks(self) -> tuple[TrickResult, ...]:
        return self.hand.tricks

    @property
    def last_trick(self) -> TrickResult | None:
        return self.hand.tricks[-1] if self.hand.tricks else None

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken this hand, per seat."""
        won = [0] * self.players
        for trick in self.hand.tricks:
            won[trick.winner] += 1
        return tuple(won)

    @property
    def team_tricks(self) -> tuple[int, ...]:
        won = self.tricks_won
        return tuple(won[a] + won[b] for a, b in self.teams)

    # ----- bids
    @property
    def bids(self) -> tuple[tuple[str, str] | None, ...]:
        """The bid cards known per seat (open bid or revealed), or None while hidden."""
        return tuple(None if b is None else (b[0].code, b[1].code) for b in self.hand.bids)

    @property
    def hidden_bids(self) -> tuple[int, ...]:
        return tuple(seat for seat, b in enumerate(self.hand.bids) if b is None)

    @property
    def open_bid_team(self) -> int | None:
        return self.hand.open_bid_team

    @property
    def last_place_team(self) -> int | None:
        """The team alone in last place before this hand (never in hand 1)."""
        if self.hand.number == 1:
            return None
        return last_place_team(self.totals)

    @property
    def may_open_bid(self) -> int | None:
        """The team that may open-bid now, or None."""
        if self.phase != "play" or self.hand.started or self.hand.open_bid_team is not None:
            return None
        return self.last_place_team

    # ----- opening leaders
    @property
    def can_change_leader(self) -> bool:
        return self.phase == "play" and not self.hand.started

    @property
    def opening_leader(self) -> int:
        return self.hand.opening_leader

    @property
    def first_opening_leader(self) -> int:
        """Who opened hand 1: the anchor of the rotation."""
        return self.history[0].opening_leader if self.history else self.hand.opening_leader

    @property
    def default_opening_leader(self) -> int:
        """Whom the rotation names for this hand."""
        if self.hand.number == 1:
            return self.setup.first_leader
        return default_opening_leader(self.first_opening_leader, self.hand.number, self.players)

    @property
    def next_opening_leader(self) -> int:
        """Whom the rotation names for the next hand."""
        return default_opening_leader(self.first_opening_leader, self.hand.number + 1, self.players)

    # ----- results
    @property
    def leading_teams(self) -> tuple[int, ...]:
        top = max(self.totals)
        return tuple(t for t, total in enumerate(self.totals) if total == top)

    @property
    def winners(self) -> tuple[int, ...]:
        """ゲームの終了: the teams with the top total once the game is over (ties share)."""
        return self.leading_teams if self.is_over else ()

    @property
    def last_hand(self) -> HandResult | None:
        return self.history[-1] if self.history else None

    # ----- voids and revokes (this hand)
    @property
    def show_outs(self) -> tuple[ShowOut, ...]:
        return self.hand.show_outs

    @property
    def revokes(self) -> tuple[Revoke, ...]:
        return self.hand.revokes

    def voids(self, seat: int) -> frozenset[str]:
        """The suits `seat` has shown to hold none of, this hand."""
        return void_suits(self.hand.show_outs, seat)

    def void_ranks(self, seat: int) -> tuple[str, ...]:
        """The ranks `seat` has shown to hold none of, this hand, highest first, as printed."""
        return tuple(rank_text(r) for r in sorted(void_ranks(self.hand.show_outs, seat), reverse=True))


def make_setup(raw: Mapping[str, Any]) -> Setup:
    """Read a setup {"players": [...], "first_leader": i, "options": {}}, refusing bad ones."""
    players, first = read_seating(raw, PLAYER_COUNTS, "ts.player_count", C_SETUP)
    if not is_right_side(first):
        raise RuleError("ts.first_leader_right_side", C_SETUP, seat=SeatRef(first), partner=SeatRef(partner(first)))
    read_options(OPTIONS, raw.get("options"))
    return Setup(players, first)


def initial(raw_setup: Mapping[str, Any]) -> State:
    """The state before the first card of hand 1."""
    setup = make_setup(raw_setup)
    return State(setup=setup, hand=_new_hand(1, setup.first_leader, setup.size), totals=(0,) * setup.teams)


def apply(state: State, event: Event) -> State:
    """Take one entry: "leader", "open_bid", "play" or "reveal" (see this module's docstring), or
    "accept" {"hand", "seat", "trick"}: the table lets a proven revoke stand (also after the game)."""
    if event.kind == "reveal" and _laid_already(state, event.payload):
        return state
    if state.laid_bid is not None:
        state = replace(state, laid_bid=None)
    if event.kind == "accept":
        return _accept(state, event.payload)
    if state.is_over:
        raise RuleError("ts.game_over", C_END)
    if event.kind == "play":
        return _play(state, event.payload)
    if event.kind == "reveal":
        return _reveal(state, event.payload)
    if event.kind == "open_bid":
        return _open_bid(state, event.payload)
    if event.kind == "leader":
        return _set_leader(state, event.payload)
    raise RuleError("input.unknown_event", "", kind=event.kind)


def _seat(state: State, payload: Mapping[str, Any]) -> int:
    seat = require_int(payload, "seat")
    if not 0 <= seat < state.players:
        raise RuleError("ts.no_such_seat", C_SETUP, number=seat)
    return seat


def _check_unused(hand: Hand, card: Card) -> None:
    """Every card exists once per hand (RULINGS): not played yet, not a known bid card."""
    if card not in hand.used:
        return
    for trick in hand.tricks:
        if any(p.card == card for p in trick.plays):
            raise RuleError("ts.card_played", C_RULINGS, card=CardRef(card.code), trick=trick.number)
    if any(p.card == card for p in hand.plays):
        raise RuleError("ts.card_played", C_RULINGS, card=CardRef(card.code), trick=len(hand.tricks) + 1)
    seat = next(s for s, b in enumerate(hand.bids) if b is not None and card in b)
    raise RuleError("ts.card_is_bid", C_RULINGS, card=CardRef(card.code), seat=SeatRef(seat))


def _bid_pair(state: State, raw: object, field: str) -> tuple[Card, Card]:
    if not isinstance(raw, (list, tuple)):
        raise RuleError("input.not_list", "", field=field)
    if len(raw) != BID_CARDS:
        raise RuleError("ts.bid_two_cards", C_BID, count=len(raw))
    a, b = (parse_card(code, state.players) for code in raw)
    if a == b:
        raise RuleError("ts.card_twice", C_RULINGS, card=CardRef(a.code))
    for card in (a, b):
        _check_unused(state.hand, card)
    return (a, b)


def _play(state: State, payload: Mapping[str, Any]) -> State:
    if state.phase == "reveal":
        raise RuleError("ts.reveal_pending", C_SCORE)
    seat = _seat(state, payload)
    expected = state.expected_seat
    if seat != expected:
        raise RuleError("ts.not_your_turn", c_step(2), seat=SeatRef(expected or 0))
    card = parse_card(payload.get("card"), state.players)
    hand = state.hand
    _check_unused(hand, card)
    number = len(hand.tricks) + 1
    revokes = hand.revokes + proven_revokes(hand.show_outs, hand.revokes, seat, card, number)
    show_outs = hand.show_outs
    if hand.plays:
        lead = hand.plays[0].card
        follow = trick_so_far(hand.plays)[0]
        suit, rank = shown_void(lead, follow, card)
        if suit is not None or rank is not None:
            show_outs += (ShowOut(seat, number, card, lead, suit, rank),)
    plays = hand.plays + (Play(seat, card),)
    hand = replace(hand, plays=plays, used=hand.used | {card}, show_outs=show_outs, revokes=revokes)
    if len(plays) < state.players:
        return replace(state, hand=hand)
    result = resolve(plays, number=number, direction=direction_for(hand.leader))
    rulings = list(result.rulings)
    if number < TRICKS_PER_HAND:
        nxt = result.winner
        rulings.append(Ruling("ts.winner_leads", c_step(5), {"seat": SeatRef(nxt)}))
        key = "ts.order_clockwise" if direction_for(nxt) == 1 else "ts.order_counter"
        rulings.append(Ruling(key, c_step(2), {"seat": SeatRef(nxt), "partner": SeatRef(partner(nxt))}))
    else:
        rulings.append(Ruling("ts.reveal_now", C_SCORE, {"count": sum(1 for b in hand.bids if b is None)}))
    hand = replace(hand, tricks=hand.tricks + (result,), plays=(), leader=result.winner)
    return replace(state, hand=hand, last_rulings=tuple(rulings))


def _open_bid(state: State, payload: Mapping[str, Any]) -> State:
    if state.phase != "play" or state.hand.started:
        raise RuleError("ts.open_bid_too_late", C_BID)
    team = require_int(payload, "team")
    if not 0 <= team < state.setup.teams:
        raise RuleError("ts.no_such_team", C_SETUP, team=team, teams=state.setup.teams)
    if state.hand.open_bid_team is not None:
        raise RuleError("ts.open_bid_twice", C_BID, **team_params(state.hand.open_bid_team))
    if state.hand.number == 1:
        raise RuleError("ts.open_bid_first_hand", C_BID)
    last = state.last_place_team
    if last is None:
        raise RuleError("ts.open_bid_nobody_last", C_BID)
    if team != last:
        raise RuleError("ts.open_bid_not_last", C_BID, **team_params(team),
                        last_first=SeatRef(team_seats(last)[0]), last_second=SeatRef(team_seats(last)[1]))
    if "bids" not in payload:
        raise RuleError("input.missing", "", field="bids")
    raw = payload["bids"]
    if not isinstance(raw, (list, tuple)):
        raise RuleError("input.not_list", "", field="bids")
    if len(raw) != 2:
        raise RuleError("ts.open_bid_both", C_BID, count=len(raw))
    first = _bid_pair(state, raw[0], "bids")
    second = _bid_pair(state, raw[1], "bids")
    clash = set(first) & set(second)
    if clash:
        raise RuleError("ts.card_twice", C_RULINGS, card=CardRef(next(iter(clash)).code))
    bids = list(state.hand.bids)
    a, b = team_seats(team)
    bids[a], bids[b] = first, second
    hand = replace(state.hand, bids=tuple(bids), open_bid_team=team, used=state.hand.used | set(first) | set(second))
    rulings = (
        Ruling("ts.open_bid", C_BID, {**team_params(team)}),
        Ruling("ts.bid_value", C_BID, {"seat": SeatRef(a), "cards": CardsRef(tuple(c.code for c in first)),
                                       "bid": bid_value(first)}),
        Ruling("ts.bid_value", C_BID, {"seat": SeatRef(b), "cards": CardsRef(tuple(c.code for c in second)),
                                       "bid": bid_value(second)}),
    )
    return replace(state, hand=hand, last_rulings=rulings)


def _set_leader(state: State, payload: Mapping[str, Any]) -> State:
    if state.phase != "play" or state.hand.started:
        raise RuleError("ts.leader_too_late", C_TRICKS)
    seat = _seat(state, payload)
    if state.hand.number == 1:
        if not is_right_side(seat):
            raise RuleError("ts.first_leader_right_side", C_SETUP, seat=SeatRef(seat), partner=SeatRef(partner(seat)))
        clause = C_SETUP
    else:
        clause = C_END if seat == state.default_opening_leader else C_RULINGS
    hand = replace(state.hand, opening_leader=seat, leader=seat)
    return replace(state, hand=hand, last_rulings=(Ruling("ts.leader_set", clause, {"seat": SeatRef(seat)}),))


def _reveal(state: State, payload: Mapping[str, Any]) -> State:
    if state.phase != "reveal":
        raise RuleError("ts.reveal_too_early", C_SCORE, trick=state.trick_number)
    seat = _seat(state, payload)
    if state.hand.bids[seat] is not None:
        raise RuleError("ts.bid_known", C_SCORE, seat=SeatRef(seat))
    if "cards" not in payload:
        raise RuleError("input.missing", "", field="cards")
    pair = _bid_pair(state, payload["cards"], "cards")
    bids = list(state.hand.bids)
    bids[seat] = pair
    hand = replace(state.hand, bids=tuple(bids), used=state.hand.used | set(pair))
    ruling = Ruling("ts.bid_value", C_BID, {"seat": SeatRef(seat), "cards": CardsRef(tuple(c.code for c in pair)),
                                            "bid": bid_value(pair)})
    state = replace(state, hand=hand, last_rulings=(ruling,))
    hidden = [s for s, b in enumerate(bids) if b is None]
    if not hidden:
        return _score(state)
    left = [c for c in deck(state.players) if c not in hand.used]
    if len(hidden) > 1 or len(left) != BID_CARDS:
        return state
    # 遊び方: the whole deck is dealt, 12 cards each (10 played, 2 bid), so the one bid still
    # hidden is the two cards not yet seen: a choice left to one option, made for the table.
    last, pair = hidden[0], (left[0], left[1])
    bids[last] = pair
    hand = replace(hand, bids=tuple(bids), used=hand.used | set(pair))
    codes = (pair[0].code, pair[1].code)
    laid = Ruling("ts.last_bid", C_DEAL, {"seat": SeatRef(last), "cards": CardsRef(codes), "bid": bid_value(pair)})
    return replace(_score(replace(state, hand=hand), (laid,)), laid_bid=(last, codes))


def _laid_already(state: State, payload: Mapping[str, Any]) -> bool:
    """Whether a "reveal" names the bid the engine turned up itself, with nothing after it (a
    log written before the engine did): it is taken as said already."""
    if state.laid_bid is None or payload.get("seat") != state.laid_bid[0]:
        return False
    cards = payload.get("cards")
    if not isinstance(cards, (list, tuple)):
        return False
    try:
        named = {parse_card(code, state.players).code for code in cards}
    except RuleError:
        return False
    return len(cards) == BID_CARDS and named == set(state.laid_bid[1])


def _score(state: State, laid: tuple[Ruling, ...] = ()) -> State:
    hand = state.hand
    pairs = [b for b in hand.bids if b is not None]
    values = tuple(bid_value(pair) for pair in pairs)
    won = state.tricks_won
    made, breakdown, scored = score_hand(values, won, state.teams, hand.open_bid_team)
    rulings = laid + scored
    totals = tuple(t + s.total for t, s in zip(state.totals, breakdown))
    result = HandResult(
        number=hand.number, opening_leader=hand.opening_leader, open_bid_team=hand.open_bid_team,
        bids=tuple((a.code, b.code) for a, b in pairs), bid_values=values, tricks_won=won, made=made,
        breakdown=breakdown, totals=totals, tricks=hand.tricks, revokes=hand.revokes, rulings=rulings,
    )
    end: list[Ruling] = []
    state = replace(state, history=state.history + (result,), totals=totals)
    if state.is_over:
        for team in state.winners:
            end.append(Ruling("ts.team_wins", C_END, {**team_params(team), "total": totals[team]}))
        if len(state.winners) > 1:
            end.append(Ruling("ts.shared_win", C_END, {"count": len(state.winners)}))
        all_rulings = rulings + tuple(end) + tuple(r.ruling for r in hand.revokes)
        return replace(state, last_rulings=all_rulings)
    nxt = state.next_opening_leader
    end.append(Ruling("ts.next_opening_leader", C_END, {"seat": SeatRef(nxt)}))
    last = last_place_team(totals)
    if last is not None:
        end.append(Ruling("ts.open_bid_allowed", C_BID, team_params(last)))
    new_hand = _new_hand(hand.number + 1, nxt, state.players)
    all_rulings = rulings + tuple(end) + tuple(r.ruling for r in hand.revokes)
    return replace(state, hand=new_hand, last_rulings=all_rulings)


def scores(state: State) -> tuple[int, ...]:
    """Points per seat so far: each player shows their team's running total."""
    return tuple(state.totals[team_of(seat)] for seat in range(state.players))


def rulings(state: State) -> tuple[Ruling, ...]:
    """What explains the latest decision: the last completed trick (or open bid, opening
    leader, reveal, scoring), the cards of the trick in progress, and this hand's revokes."""
    out: list[Ruling] = list(state.last_rulings)
    for ruling in trick_so_far(state.hand.plays)[2] + tuple(r.ruling for r in state.hand.revokes):
        if ruling not in out:
            out.append(ruling)
    return tuple(out)


def open_bid_note(state: State) -> Ruling | None:
    """What the table may do about an open bid in the hand in play (ビッドフェーズ), or None
    once the chance is gone without one."""
    if state.open_bid_team is not None:
        return Ruling("ts.open_bid", C_BID, team_params(state.open_bid_team))
    if state.phase != "play" or state.hand.started:
        return None
    if state.hand_number == 1:
        return Ruling("ts.open_bid_first_hand", C_BID)
    last = state.last_place_team
    if last is None:
        return Ruling("ts.open_bid_nobody_last", C_BID)
    return Ruling("ts.open_bid_now", C_BID, team_params(last))


def _hand_revokes(state: State) -> tuple[tuple[int, Revoke], ...]:
    """Every proven revoke of the game so far, with its hand number."""
    found = [(h.number, r) for h in state.history for r in h.revokes]
    if not state.is_over:
        found += [(state.hand.number, r) for r in state.revokes]
    return tuple(found)


def _accept(state: State, payload: Mapping[str, Any]) -> State:
    ref = (require_int(payload, "hand"), require_int(payload, "seat"), require_int(payload, "trick"))
    found = {(n, r.seat, r.shown_out.trick) for n, r in _hand_revokes(state)}
    return replace(state, accepted=accept(state.accepted, ref, found, "ts.accept_unknown", "ts.accept_twice",
                                          {"hand": ref[0], "seat": SeatRef(ref[1]), "trick": ref[2]}))


def audit(state: State) -> tuple[Finding, ...]:
    """Every play of the game that failed to follow while the player could have.

    Cards never enter a hand mid-hand, so a later card of the lead suit (or rank) in the same
    hand proves the player held it when they showed out: exactly the proven revokes.
    """
    return tuple(
        Finding(r.ruling, {"hand": n, "seat": r.seat, "trick": r.shown_out.trick},
                (n, r.seat, r.shown_out.trick) in state.accepted)
        for n, r in _hand_revokes(state)
    )
