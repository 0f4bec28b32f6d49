"""A game of Saizen as it stands: the setup, the entries, the rounds, and the audit.

The entries (base.Event kinds):
- "flip" {"seat", "suit", "row"}: at a round's start a player moves a chip, flipping that
  row of that suit's rule card for the rest of the game (2.2);
- "pass" {"seat"}: the player moves no chip this round;
- "play" {"seat", "card"}: a card laid: the lead, a follow, or a play-off card (the state
  knows which it awaits);
- "name" {"seat", "suit"}: the suit a joker lead names (RULINGS);
- "accept" {"round", "trick", "stage", "seat", "row"}: the table lets a finding stand.

What is awaited: `awaiting` ("chip", "card", "suit" or "over") and `expected_seat`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..base import CardRef, CardsRef, Event, Finding, RuleError, Ruling, SeatRef, SeatsRef, SuitRef, require_int
from ..contract import read_options
from ..kit.findings import accept
from ..kit.seats import Seating, left_of, read_seating
from .cards import JOKER, Card, hand_sizes, parse_card, parse_suit, set_held
from .options import OPTIONS, PLAYER_COUNTS, ROUNDS
from .rulecards import ROWS, SUITS, RuleCard, rules_from_options
from .tricks import (
    JOIN, STRONGER_PAIR, WIN_NOW, Verdict, decide, follow_breach, must_win_slip, standing, surely_legal,
)


@dataclass(frozen=True)
class Setup(Seating):
    """Who sits where (clockwise), the start player (`first_leader`), the options, and the
    rule cards as they lay at game start."""

    jokers: int = 0
    round_leader: str = "last_winner"
    joker_obliges: bool = False
    playoff_reveal: str = "in_turn"
    start_rules: tuple[RuleCard, ...] = tuple(RuleCard() for _ in SUITS)
    options: tuple[tuple[str, Any], ...] = ()
    """Every option as checked (name, value), for the next game's setup."""

    @property
    def set_sizes(self) -> tuple[int, ...]:
        """2.1: the size of the set first dealt to each seat (RULINGS: uneven deals)."""
        return hand_sizes(self.size, self.jokers, self.first_leader)


@dataclass(frozen=True)
class Chip:
    """One chip-lap entry: a row flipped (suit and row) or a pass (both empty)."""

    round: int
    seat: int
    suit: str = ""
    row: str = ""


@dataclass(frozen=True)
class Trick:
    """One trick: its main cards in order from the leader, then any play-off stages."""

    round: int
    number: int
    leader: int
    players: int
    plays: tuple[Card, ...] = ()
    lead_suit: str | None = None
    rule: RuleCard | None = None
    stages: tuple[tuple[Card | None, ...], ...] = ()
    """Complete play-off stages: one entry per player of the stage, in trick order."""
    entries: tuple[Card | None, ...] = ()
    """The stage being played: entries so far (None for a player with no card left)."""
    left_after_main: tuple[int, ...] = ()
    verdict: Verdict | None = None
    flags: tuple[Ruling, ...] = ()
    """MUST-follow breaks and 必勝 slips shown as the cards came (no result changes)."""

    def seat(self, index: int) -> int:
        return (self.leader + index) % self.players

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(self.seat(i) for i in range(self.players))

    @property
    def done(self) -> bool:
        return self.verdict is not None and self.verdict.decided

    @property
    def winner(self) -> int | None:
        """The winning seat once decided (None: no winner or not decided)."""
        if self.verdict is None or self.verdict.winner is None:
            return None
        return self.seat(self.verdict.winner)

    @property
    def next_leader(self) -> int:
        """2.2: the winner leads next; RULINGS: with no winner, this trick's leader again."""
        winner = self.winner
        return self.leader if winner is None else winner

    @property
    def pending(self) -> tuple[int, ...]:
        """The play indices of the play-off stage being played (empty if none)."""
        if self.verdict is None or self.verdict.pending is None:
            return ()
        return self.verdict.pending

    def cards_of(self, seat: int) -> list[Card]:
        """Every card `seat` laid in this trick (main and play-off)."""
        index = (seat - self.leader) % self.players
        found = [self.plays[index]] if index < len(self.plays) else []
        for k, stage in enumerate(self.stages):
            players = self.verdict.stages[k] if self.verdict else ()
            found += [c for i, c in zip(players, stage) if i == index and c is not None]
        for i, c in zip(self.pending, self.entries):
            if i == index and c is not None:
                found.append(c)
        return found

    def all_cards(self) -> Iterator[tuple[int, Card]]:
        """(seat, card) for every card laid in this trick, in the order laid."""
        for i, card in enumerate(self.plays):
            yield self.seat(i), card
        for k, stage in enumerate(self.stages):
            players = self.verdict.stages[k] if self.verdict else ()
            for i, c in zip(players, stage):
                if c is not None:
                    yield self.seat(i), c
        for i, c in zip(self.pending, self.entries):
            if c is not None:
                yield self.seat(i), c


@dataclass(frozen=True)
class State:
    """Everything known about one game, derived only from its setup and log."""

    setup: Setup
    round: int = 0
    """The round being played, 0-based (2 is the third and last)."""
    round_leader: int = 0
    """Who leads the round's first trick; the chip lap starts with them."""
    rules: tuple[RuleCard, ...] = ()
    chips: tuple[Chip, ...] = ()
    tricks: tuple[Trick, ...] = ()
    """Every trick of the game so far, the one being played last."""
    over: bool = False
    accepted: frozenset[tuple[int, int, int, int, int]] = frozenset()
    """(round, trick, stage, seat, row) of findings the table lets stand."""
    last: tuple[Ruling, ...] = ()
    known: tuple[Mapping[Card, int], ...] = field(default=(), compare=False, repr=False)
    """Derived from `tricks`, kept as they grow: what each dealt set is proven to hold
    (RULINGS: a card played from a set in any round; a joker as often as played in a round)."""
    laid: tuple[Mapping[Card, int], ...] = field(default=(), compare=False, repr=False)
    """Derived: what each dealt set has laid this round."""
    proofs: Mapping[tuple[int, Card], tuple[int, int]] = field(default_factory=dict, compare=False, repr=False)
    """Derived: (dealt set, card) -> (round 1-3, trick) where the set first laid it."""

    # ------------------------------------------------------------------ where the game is

    @property
    def players(self) -> int:
        return self.setup.size

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def round_number(self) -> int:
        """The round (1-3) being played, or the last once over."""
        return self.round + 1

    @property
    def round_chips(self) -> tuple[Chip, ...]:
        return tuple(c for c in self.chips if c.round == self.round)

    @property
    def round_tricks(self) -> tuple[Trick, ...]:
        return tuple(t for t in self.tricks if t.round == self.round)

    @property
    def current(self) -> Trick | None:
        """The trick being played (cards down but not decided), or None."""
        if self.tricks and not self.tricks[-1].done and self.tricks[-1].round == self.round:
            return self.tricks[-1]
        return None

    @property
    def last_trick(self) -> Trick | None:
        done = [t for t in self.tricks if t.done]
        return done[-1] if done else None

    @property
    def leader(self) -> int:
        """Who leads the next trick (or leads the one being played)."""
        current = self.current
        if current is not None:
            return current.leader
        done = [t for t in self.round_tricks if t.done]
        return done[-1].next_leader if done else self.round_leader

    @property
    def awaiting(self) -> str:
        """What the next entry is: "chip" (flip or pass), "card", "suit" (a joker lead's
        named suit) or "over"."""
        if self.over:
            return "over"
        if len(self.round_chips) < self.players:
            return "chip"
        current = self.current
        if current is not None and current.lead_suit is None:
            return "suit"
        return "card"

    @property
    def stage(self) -> int:
        """0 while the main cards are laid, k during play-off stage k."""
        current = self.current
        if current is None or current.verdict is None:
            return 0
        return len(current.verdict.stages)

    @property
    def expected_seat(self) -> int | None:
        """Whose entry comes next; None once the game is over."""
        awaiting = self.awaiting
        if awaiting == "over":
            return None
        if awaiting == "chip":
            return left_of(self.round_leader, self.players, len(self.round_chips))
        current = self.current
        if current is None or awaiting == "suit":
            return self.leader
        if len(current.plays) < self.players:
            return current.seat(len(current.plays))
        return current.seat(current.pending[len(current.entries)])

    def rule(self, suit: str) -> RuleCard:
        """The rule card of `suit` as it stands now."""
        return self.rules[SUITS.index(suit)]

    @property
    def flipped(self) -> frozenset[tuple[str, str]]:
        """(suit, row) of every row a chip has flipped so far (2.2: once each per game)."""
        return frozenset((c.suit, c.row) for c in self.chips if c.suit)

    def holds(self, seat: int) -> int:
        """RULINGS: the seat whose dealt set `seat` holds this round."""
        return set_held(seat, self.round, self.players)

    def hand_size(self, seat: int) -> int:
        """How many cards `seat`'s set has this round (all of it: played cards come back)."""
        return self.setup.set_sizes[self.holds(seat)]

    def cards_left(self, seat: int) -> int:
        """Cards still in `seat`'s hand this round."""
        return self.hand_size(seat) - sum(self.laid[self.holds(seat)].values())

    def known_hand(self, seat: int) -> tuple[Card, ...] | None:
        """The cards still in `seat`'s hand when every card of the set it holds is proven
        (RULINGS: a card played from a set in any round is in it; a set holds its size), in
        the order the picker lists them (suit by suit, then jokers); None while some card of
        the set is not known. Only these cards can be laid (the engine refuses any other)."""
        dealt = self.holds(seat)
        known = Counter(self.known[dealt])
        if sum(known.values()) < self.setup.set_sizes[dealt]:
            return None
        left = known - Counter(self.laid[dealt])
        return tuple(sorted(left.elements(), key=lambda c: (SUITS.index(c.suit) if c.suit else len(SUITS), c.rank)))

    def tricks_won(self, round_index: int) -> tuple[int, ...]:
        """Tricks each seat won in round `round_index` (0-based)."""
        won = [0] * self.players
        for t in self.tricks:
            if t.round == round_index and t.done and t.winner is not None:
                won[t.winner] += 1
        return tuple(won)

    @property
    def totals(self) -> tuple[int, ...]:
        """2.2: tricks won over the rounds so far: the score."""
        rounds = [self.tricks_won(r) for r in range(ROUNDS)]
        return tuple(sum(r[seat] for r in rounds) for seat in range(self.players))

    @property
    def winning_now(self) -> tuple[int | None, tuple[int, ...]]:
        """Live: (seat winning if the trick or stage ended now, seats of a play-off that
        would follow); (None, ()) with nothing down."""
        current = self.current
        if current is None or current.rule is None or current.lead_suit is None:
            return None, ()
        if current.verdict is None:
            best, pair = standing(current.lead_suit, current.rule, current.plays)
            return (None if best is None else current.seat(best)), tuple(current.seat(i) for i in pair)
        cards = list(current.entries)
        best, pair = standing(None, current.rule, cards)
        return ((None if best is None else current.seat(current.pending[best])),
                tuple(current.seat(current.pending[i]) for i in pair))


# --------------------------------------------------------------------------- setup


def make_setup(raw: Mapping[str, Any]) -> Setup:
    """Read a setup {"players": [...], "first_leader": start player, "options": {...}}."""
    players, first = read_seating(raw, PLAYER_COUNTS, "sz.player_count", "ゲーム概要", "2.1")
    options = read_options(OPTIONS, raw.get("options"))
    return Setup(players, first, jokers=options["jokers"], round_leader=options["round_leader"],
                 joker_obliges=options["joker_obliges"], playoff_reveal=options["playoff_reveal"],
                 start_rules=rules_from_options(options), options=tuple(options.items()))


def initial(raw_setup: Mapping[str, Any]) -> State:
    """The state before the first chip lap: the start player deals and leads first (2.1, 2.2)."""
    setup = make_setup(raw_setup)
    empty: tuple[Mapping[Card, int], ...] = tuple({} for _ in range(setup.size))
    return State(setup=setup, round_leader=setup.first_leader, rules=setup.start_rules, known=empty, laid=empty,
                 last=(Ruling("sz.chip_lap", "2.2", {"round": 1, "seat": SeatRef(setup.first_leader)}),))


# --------------------------------------------------------------------------- entries


def apply(state: State, event: Event) -> State:
    """Take one entry (see the module's docstring), or refuse it naming the clause."""
    if event.kind == "accept":
        return _accept(state, event.payload)
    if state.over:
        raise RuleError("sz.game_over", "2.2")
    if event.kind not in ("flip", "pass", "play", "name"):
        raise RuleError("input.unknown_event", "", kind=event.kind)
    seat = require_int(event.payload, "seat")
    if not 0 <= seat < state.players:
        raise RuleError("sz.no_such_seat", "2.1", seat=seat)
    awaiting = state.awaiting
    if event.kind in ("flip", "pass"):
        if awaiting != "chip":
            raise RuleError("sz.chips_done", "2.2", round=state.round_number)
        _check_turn(state, seat)
        return _chip(state, seat, event.payload, event.kind == "flip")
    if awaiting == "chip":
        raise _not_yet_chips(state)
    if event.kind == "name":
        if awaiting != "suit":
            raise RuleError("sz.name_not_awaited", "RULINGS")
        _check_turn(state, seat)
        return _name(state, parse_suit(event.payload.get("suit")))
    if awaiting == "suit":
        raise RuleError("sz.name_first", "RULINGS", seat=SeatRef(state.leader))
    _check_turn(state, seat)
    return _play(state, seat, parse_card(event.payload.get("card")))


def _not_yet_chips(state: State) -> RuleError:
    """A card or a named suit while the chip lap is awaited (2.2). Right after a round's last
    trick the refusal says that the round is over, and how its play-off was decided: a
    record giving the lone remaining player's play-off card is refused for what it is
    (2.3.2: that player won without a stage), not as a chip lap out of turn."""
    seat = SeatRef(state.expected_seat or 0)
    last = state.tricks[-1] if state.tricks else None
    if state.round_chips or last is None or last.round == state.round or last.verdict is None:
        return RuleError("sz.chips_first", "2.2", seat=seat)
    ended = {"trick": last.number, "round": last.round + 1, "next": state.round_number, "seat": seat}
    decided = [r for r in last.verdict.rulings if r.key in ("sz.playoff_last_standing", "sz.playoff_nobody")]
    if decided:
        return RuleError("sz.playoff_already_decided", "2.3.2", reason=decided[-1], **ended)
    return RuleError("sz.round_already_over", "2.2", **ended)


def _check_turn(state: State, seat: int) -> None:
    expected = state.expected_seat
    if seat != expected:
        raise RuleError("sz.not_your_turn", "2.2", seat=SeatRef(expected or 0))


def _chip(state: State, seat: int, payload: Mapping[str, Any], flip: bool) -> State:
    if flip:
        suit = parse_suit(payload.get("suit"))
        row = payload.get("row")
        if row not in ROWS:
            raise RuleError("sz.row_unknown", "2.3", row=str(row), known=", ".join(ROWS))
        if (suit, row) in state.flipped:
            raise RuleError("sz.row_flipped", "2.2", suit=SuitRef(suit), face=state.rule(suit).face_ref(str(row)))
        was = state.rule(suit)
        now = was.flipped(str(row))
        rules = tuple(now if s == suit else r for s, r in zip(SUITS, state.rules))
        chip = Chip(state.round, seat, suit, str(row))
        said = Ruling("sz.flip", "2.2", {"seat": SeatRef(seat), "suit": SuitRef(suit),
                                          "was": was.face_ref(str(row)), "now": now.face_ref(str(row))})
        state = replace(state, rules=rules, chips=state.chips + (chip,))
    else:
        state = replace(state, chips=state.chips + (Chip(state.round, seat),))
        said = Ruling("sz.pass", "2.2", {"seat": SeatRef(seat)})
    rulings = [said]
    if len(state.round_chips) == state.players:
        rulings.append(Ruling("sz.chips_over", "2.2", {"round": state.round_number, "seat": SeatRef(state.leader)}))
    return replace(state, last=tuple(rulings))


def _name(state: State, suit: str) -> State:
    current = state.current
    assert current is not None
    rule = state.rule(suit)
    trick = replace(current, lead_suit=suit, rule=rule)
    said = Ruling("sz.joker_names", "RULINGS", {"seat": SeatRef(current.leader), "suit": SuitRef(suit),
                                                "faces": rule.faces_ref})
    return replace(state, tricks=state.tricks[:-1] + (trick,), last=(said,))


def _play(state: State, seat: int, card: Card) -> State:
    _check_card(state, seat, card)
    state = _record(state, seat, card)
    current = state.current
    if current is None:
        return _lead(state, seat, card)
    if current.verdict is None:
        return _follow(state, current, seat, card)
    return _playoff_card(state, current, seat, card)


def _record(state: State, seat: int, card: Card) -> State:
    """Keep the derived knowledge of the sets up to date with one more card laid."""
    dealt = state.holds(seat)
    laid = dict(state.laid[dealt])
    laid[card] = laid.get(card, 0) + 1
    known = dict(state.known[dealt])
    known[card] = max(known.get(card, 0), laid[card])
    proofs = state.proofs
    if (dealt, card) not in proofs:
        trick = state.current
        number = trick.number if trick is not None else len(state.round_tricks) + 1
        proofs = {**proofs, (dealt, card): (state.round + 1, number)}
    return replace(state, laid=_with(state.laid, dealt, laid), known=_with(state.known, dealt, known), proofs=proofs)


def _with(sets: tuple[Mapping[Card, int], ...], dealt: int, value: Mapping[Card, int]) -> tuple[Mapping[Card, int], ...]:
    return sets[:dealt] + (value,) + sets[dealt + 1:]


def _lead(state: State, seat: int, card: Card) -> State:
    number = len(state.round_tricks) + 1
    trick = Trick(state.round, number, seat, state.players, plays=(card,))
    if card.is_joker:
        said = Ruling("sz.joker_lead", "RULINGS", {"seat": SeatRef(seat)})
    else:
        rule = state.rule(card.suit)
        trick = replace(trick, lead_suit=card.suit, rule=rule)
        said = Ruling("sz.lead", "2.3", {"seat": SeatRef(seat), "card": CardRef(card.code),
                                         "suit": SuitRef(card.suit), "faces": rule.faces_ref})
    return replace(state, tricks=state.tricks + (trick,), last=(said,))


def _follow(state: State, current: Trick, seat: int, card: Card) -> State:
    trick = replace(current, plays=current.plays + (card,))
    state = replace(state, tricks=state.tricks[:-1] + (trick,))
    flags = tuple(r for _, r in _live_findings(state, trick, seat, card, 0))
    trick = replace(trick, flags=trick.flags + flags)
    if len(trick.plays) < state.players:
        state = replace(state, tricks=state.tricks[:-1] + (trick,))
        return replace(state, last=_live(state) + flags)
    left = tuple(state.cards_left(trick.seat(i)) for i in range(state.players))
    trick = replace(trick, left_after_main=left)
    return _settle(state, trick, flags)


def _playoff_card(state: State, current: Trick, seat: int, card: Card) -> State:
    trick = replace(current, entries=current.entries + (card,))
    state = replace(state, tricks=state.tricks[:-1] + (trick,))
    flags = tuple(r for _, r in _live_findings(state, trick, seat, card, len(trick.stages) + 1))
    trick = _fill_empty(replace(trick, flags=trick.flags + flags))
    if len(trick.entries) < len(trick.pending):
        state = replace(state, tricks=state.tricks[:-1] + (trick,))
        return replace(state, last=_live(state) + flags)
    trick = replace(trick, stages=trick.stages + (trick.entries,), entries=())
    return _settle(state, trick, flags)


def _fill_empty(trick: Trick) -> Trick:
    """Enter None for the next players of the stage who have no card left (2.3.2)."""
    entries = list(trick.entries)
    while len(entries) < len(trick.pending):
        index = trick.pending[len(entries)]
        laid = sum(1 for k, stage in enumerate(trick.stages)
                   for i, c in zip(trick.verdict.stages[k] if trick.verdict else (), stage)
                   if i == index and c is not None)
        laid += sum(1 for i, c in zip(trick.pending, entries) if i == index and c is not None)
        if trick.left_after_main[index] - laid > 0:
            break
        entries.append(None)
    return replace(trick, entries=tuple(entries))


def _settle(state: State, trick: Trick, flags: tuple[Ruling, ...]) -> State:
    """Decide the trick as far as its cards go: a play-off stage to play, or the result."""
    lead, rule = trick.lead_suit, trick.rule
    assert lead is not None and rule is not None
    verdict = decide(lead, rule, trick.plays, trick.seats, trick.stages, trick.left_after_main)
    trick = replace(trick, verdict=verdict)
    applies = Ruling("sz.rule_applies", "2.3", {"suit": SuitRef(lead), "faces": rule.faces_ref})
    verdict = replace(verdict, rulings=(applies,) + verdict.rulings)
    if verdict.pending is not None:
        trick = _fill_empty(trick)
        state = replace(state, tricks=state.tricks[:-1] + (trick,))
        awaits = Ruling("sz.playoff_awaits", "2.3", {
            "stage": len(verdict.stages), "seats": SeatsRef(tuple(trick.seat(i) for i in verdict.pending))})
        return replace(state, last=verdict.rulings + (awaits,) + flags)
    state = replace(state, tricks=state.tricks[:-1] + (trick,))
    rulings = list(verdict.rulings) + list(flags)
    if trick.winner is None:
        rulings.append(Ruling("sz.no_winner_leads", "RULINGS", {"seat": SeatRef(trick.leader)}))
    else:
        rulings.append(Ruling("sz.winner_leads", "2.2", {"seat": SeatRef(trick.winner)}))
    empty = tuple(s for s in range(state.players) if state.cards_left(s) <= 0)
    if not empty:
        return replace(state, last=tuple(rulings))
    rulings.append(Ruling("sz.round_over", "2.2", {"round": state.round_number, "seats": SeatsRef(empty),
                                                   "tricks": len(state.round_tricks)}))
    if state.round + 1 >= ROUNDS:
        totals = state.totals
        best = max(totals)
        rulings.append(Ruling("sz.game_won", "2.2", {
            "seats": SeatsRef(tuple(s for s in range(state.players) if totals[s] == best)), "tricks": best}))
        return replace(state, over=True, last=tuple(rulings))
    if state.setup.round_leader == "start_player":
        leader = state.setup.first_leader
        rulings.append(Ruling("sz.round_leader_start", "RULINGS", {"seat": SeatRef(leader)}))
    else:
        leader = trick.next_leader
        key = "sz.round_leader_winner" if trick.winner is not None else "sz.round_leader_no_winner"
        rulings.append(Ruling(key, "RULINGS", {"seat": SeatRef(leader)}))
    rulings.append(Ruling("sz.sets_pass", "2.2", {"round": state.round_number + 1}))
    rulings.append(Ruling("sz.chip_lap", "2.2", {"round": state.round_number + 1, "seat": SeatRef(leader)}))
    return replace(state, round=state.round + 1, round_leader=leader, last=tuple(rulings),
                   laid=tuple({} for _ in range(state.players)))


def _live(state: State) -> tuple[Ruling, ...]:
    """Who is winning now, for the page's live line."""
    seat, pair = state.winning_now
    if pair:
        return (Ruling("sz.pair_now", "2.3", {"seats": SeatsRef(pair)}),)
    if seat is None:
        return ()
    current = state.current
    assert current is not None
    cards = current.cards_of(seat)
    return (Ruling("sz.winning_now", "2.2", {"seat": SeatRef(seat), "card": CardRef(cards[-1].code)}),)


# --------------------------------------------------------------------------- what the sets hold


def _knowledge(tricks: tuple[Trick, ...], players: int) -> list[Counter[Card]]:
    """RULINGS: what each dealt set is proven to hold: every card played from it in any round
    (a joker as many times as the set played jokers in one round)."""
    per_round: dict[tuple[int, int], Counter[Card]] = {}
    for t in tricks:
        for seat, card in t.all_cards():
            per_round.setdefault((t.round, set_held(seat, t.round, players)), Counter())[card] += 1
    known: list[Counter[Card]] = [Counter() for _ in range(players)]
    for (_, dealt), cards in per_round.items():
        for card, count in cards.items():
            known[dealt][card] = max(known[dealt][card], count)
    return known


def _check_card(state: State, seat: int, card: Card) -> None:
    """Refuse a card the deck or the hand sets make impossible."""
    jokers = state.setup.jokers
    if card.is_joker and jokers == 0:
        raise RuleError("sz.no_jokers", "2.4")
    if state.cards_left(seat) <= 0:
        raise RuleError("sz.hand_empty", "2.2", seat=SeatRef(seat))
    if card.is_joker and sum(laid.get(JOKER, 0) for laid in state.laid) >= jokers:
        raise RuleError("sz.jokers_used", "2.4", count=jokers)
    if not card.is_joker and any(laid.get(card, 0) for laid in state.laid):
        raise RuleError("sz.card_used", "2.2", card=CardRef(card.code))
    known = state.known
    mine = state.holds(seat)
    if card.is_joker:
        need = max(known[mine].get(JOKER, 0), state.laid[mine].get(JOKER, 0) + 1)
        elsewhere = sum(k.get(JOKER, 0) for i, k in enumerate(known) if i != mine)
        if need + elsewhere > jokers:
            raise RuleError("sz.jokers_elsewhere", "RULINGS", seat=SeatRef(seat), dealt=SeatRef(mine))
        adds = need > known[mine].get(JOKER, 0)
    else:
        for dealt, cards in enumerate(known):
            if dealt != mine and cards.get(card, 0):
                raise RuleError("sz.card_in_other_set", "RULINGS", card=CardRef(card.code), seat=SeatRef(seat),
                                dealt=SeatRef(mine), other=SeatRef(dealt))
        adds = not known[mine].get(card, 0)
    size = state.setup.set_sizes[mine]
    if adds and sum(known[mine].values()) >= size:
        raise RuleError("sz.set_full", "RULINGS", card=CardRef(card.code), dealt=SeatRef(mine), size=size,
                        cards=CardsRef(tuple(c.code for c in sorted(Counter(known[mine]).elements()))))


# --------------------------------------------------------------------------- the audit


@dataclass(frozen=True)
class _Decision:
    """One card laid where a rule could bind: with the cards already down when it came."""

    round: int
    trick: int
    stage: int
    seat: int
    card: Card
    down: tuple[Card, ...]
    lead: str
    rule: RuleCard
    hand_before: tuple[Card, ...]
    """The other cards `seat`'s set had already played this round before this card."""


def _decisions(tricks: tuple[Trick, ...], players: int) -> Iterator[_Decision]:
    """Every card laid, in order, with what was down and what the hand had already played."""
    played: dict[tuple[int, int], list[Card]] = {}
    for t in tricks:
        if t.lead_suit is None or t.rule is None:
            continue
        laid: list[tuple[int, tuple[Card, ...], Card, int]] = []
        for i, card in enumerate(t.plays):
            laid.append((0, t.plays[:i], card, t.seat(i)))
        stage_lists = list(t.stages) + ([t.entries] if t.entries else [])
        for k, stage in enumerate(stage_lists):
            who = t.verdict.stages[k] if t.verdict else ()
            down: list[Card] = []
            for i, c in zip(who, stage):
                if c is None:
                    continue
                laid.append((k + 1, tuple(down), c, t.seat(i)))
                down.append(c)
        for stage_no, down_cards, card, seat in laid:
            key = (t.round, set_held(seat, t.round, players))
            before = played.setdefault(key, [])
            yield _Decision(t.round, t.number, stage_no, seat, card, down_cards, t.lead_suit, t.rule, tuple(before))
            before.append(card)


def _proofs(tricks: tuple[Trick, ...], players: int) -> dict[tuple[int, Card], tuple[int, int]]:
    """(dealt set, card) -> (round 1-3, trick) where the set first played that card."""
    found: dict[tuple[int, Card], tuple[int, int]] = {}
    for t in tricks:
        for seat, card in t.all_cards():
            found.setdefault((set_held(seat, t.round, players), card), (t.round + 1, t.number))
    return found


def _check(d: _Decision, known: Sequence[Mapping[Card, int]], sizes: tuple[int, ...], setup: Setup,
           proofs: Mapping[tuple[int, Card], tuple[int, int]], players: int) -> list[tuple[int, Ruling]]:
    """The findings (row 4: MUST follow, row 5: 必勝) one card earns on what the set is proven to hold."""
    dealt = set_held(d.seat, d.round, players)
    hand = Counter(known[dealt])
    hand.subtract(d.hand_before)
    cards = sorted(hand.elements())
    complete = sum(known[dealt].values()) >= sizes[dealt]
    where = {"round": d.round + 1, "trick": d.trick, "seat": SeatRef(d.seat), "card": CardRef(d.card.code)}
    found: list[tuple[int, Ruling]] = []
    if d.stage == 0 and d.down:
        breach = follow_breach(d.card, cards, d.lead, d.rule, setup.joker_obliges)
        if breach is not None:
            held, joker = breach
            proof_round, proof_trick = proofs[(dealt, held)]
            found.append((4, Ruling("sz.must_follow_joker" if joker else "sz.must_follow_broken", "2.3", {
                **where, "suit": SuitRef(d.lead), "held": CardRef(held.code),
                "proof_round": proof_round, "proof_trick": proof_trick})))
    if d.stage > 0 and setup.playoff_reveal == "together":
        return found
    lead = d.lead if d.stage == 0 else None
    legal = surely_legal(cards, complete, lead, d.rule, setup.joker_obliges)
    slip = must_win_slip(d.card, d.down, legal, lead, d.rule)
    if slip is not None:
        held, reached = slip
        proof_round, proof_trick = proofs[(dealt, held)]
        kind = {WIN_NOW: "win_now", STRONGER_PAIR: "stronger_pair", JOIN: "join"}[reached]
        key = f"sz.slip_{kind}" if d.stage == 0 else f"sz.playoff_slip_{kind}"
        clause = "2.3.4" if d.rule.playoff or d.stage else ("2.3.5" if not d.rule.must_follow else "2.3.1")
        found.append((5, Ruling(key, clause, {**where, "stage": d.stage, "held": CardRef(held.code),
                                             "proof_round": proof_round, "proof_trick": proof_trick})))
    return found


def _live_findings(state: State, trick: Trick, seat: int, card: Card, stage: int) -> list[tuple[int, Ruling]]:
    """The findings of the card just laid, on what the sets are proven to hold so far."""
    if trick.lead_suit is None or trick.rule is None:
        return []
    if stage == 0:
        down = trick.plays[:-1]
    else:
        down = tuple(c for c in trick.entries[:-1] if c is not None)
    before = Counter(state.laid[state.holds(seat)])
    before[card] -= 1
    d = _Decision(trick.round, trick.number, stage, seat, card, down, trick.lead_suit, trick.rule,
                  tuple(before.elements()))
    return _check(d, state.known, state.setup.set_sizes, state.setup, state.proofs, state.players)


def _findings(state: State) -> list[tuple[tuple[int, int, int, int, int], Ruling]]:
    known = _knowledge(state.tricks, state.players)
    proofs = _proofs(state.tricks, state.players)
    out = []
    for d in _decisions(state.tricks, state.players):
        for row, ruling in _check(d, known, state.setup.set_sizes, state.setup, proofs, state.players):
            out.append(((d.round + 1, d.trick, d.stage, d.seat, row), ruling))
    return out


def audit(state: State) -> tuple[Finding, ...]:
    """RULINGS "Audit": every MUST-follow and 必勝 decision re-checked against what the hand
    sets are proven to hold (a card played from a set in any round was in it every round).

    Nothing here changes a result: 必勝 has no penalty (2.3.1), nor has a revoke (RULINGS)."""
    return tuple(
        Finding(ruling, {"round": ref[0], "trick": ref[1], "stage": ref[2], "seat": ref[3], "row": ref[4]},
                ref in state.accepted)
        for ref, ruling in _findings(state))


def _accept(state: State, payload: Mapping[str, Any]) -> State:
    ref = tuple(require_int(payload, name) for name in ("round", "trick", "stage", "seat", "row"))
    key = (ref[0], ref[1], ref[2], ref[3], ref[4])
    found = {r for r, _ in _findings(state)}
    params = {"round": key[0], "trick": key[1], "seat": SeatRef(key[3]) if 0 <= key[3] < state.players else key[3]}
    accepted = accept(state.accepted, key, found, "sz.accept_unknown", "sz.accept_twice", params)
    return replace(state, accepted=accepted,
                   last=(Ruling("sz.accepted", "RULINGS", {"round": key[0], "trick": key[1], "seat": params["seat"]}),))


def rulings(state: State) -> tuple[Ruling, ...]:
    """What explains the latest entry: the chip moved, the card laid (who is winning, any
    MUST or 必勝 flag), or the trick decided with what follows (next leader, round end)."""
    return state.last

