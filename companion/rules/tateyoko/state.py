"""A game of たてよこ as it stands: the setup, the entries, the layout, hands and deck.

Entries (base.Event kind and payload; ints and strings only):
    "start" {"card": code}           The starting card turned up from the deck (準備), laid at
                                     0,0. Needed once, before the first turn, unless the setup
                                     already names it ("start_card").
    "lay"   {"seat": s, "x": x, "y": y, "card": code}
                                     One card laid by the player whose turn it is, at (x, y).
                                     The turn goes on (more cards in line) until "done"; the
                                     player's last card ends the game at once.
    "done"  {"seat": s}              The turn's cards are all laid: the next player's turn.
    "pass"  {"seat": s}              The player passes (instead of laying any card) and draws a
                                     card while the deck has any (B:パス).
    "hand"  {"seat": s, "counts": {"L": n, "X": n, ...}} or {"seat": s, "cards": [codes]}
                                     After the game ended, one player's hand, as counts per suit
                                     (a suit left out counts 0) or as the cards; checked against
                                     the hand size the app kept. The last one scores the game.
                                     With the "scores only" option these are the only entries:
                                     one per player, the player who went out with an empty hand.
    "undo" is handled by base.replay.

What the page reads (besides setup, players, is_over): phase ("start" | "turn" | "hands" |
"over"), expected_seat (whose turn, or whose hand to enter next), seat, current (this turn's
cards so far), grid / layout (position -> card), newest (positions to mark), hand_sizes, deck,
drawn, passes (in a row), turns (the history), awaited_hands, hands, went_out, ended, points;
state_spots(state, card) and layout.free_spots(state.grid) for the highlights.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..base import CardRef, Event, Finding, RuleError, Ruling, SeatRef, SeatsRef, SuitRef, require_int
from ..contract import read_options
from ..kit.evening import top
from ..kit.seats import Seating, left_of, read_seating
from . import clauses as c
from .cards import DEAL_SIZE, DECK, DECK_SIZE, RANKS, SUITS, Card, parse_card, parse_suit
from .layout import ORIGIN, Grid, Pos, fit_rulings, free_spots, neighbours, place_problem, spots
from .options import OPTIONS, PLAYER_COUNTS

KINDS = ("start", "lay", "done", "pass", "hand")
OUT_POINTS = 5
"""得点計算: the player with no cards left scores 5."""


@dataclass(frozen=True)
class Setup(Seating):
    """Who sits where (clockwise), the start player, the table options, maybe the starting card."""

    limit: int = -20
    scores_only: bool = False
    start_card: Card | None = None

    @property
    def deal_size(self) -> int:
        """準備: cards dealt to each player."""
        return DEAL_SIZE[self.size]

    @property
    def deck_size(self) -> int:
        """準備: cards left face down once the hands are dealt and the starting card turned up."""
        return DECK_SIZE - 1 - self.size * self.deal_size


@dataclass(frozen=True)
class Laid:
    """One card in the layout: where, which, by whom (None: the starting card), in which turn."""

    pos: Pos
    card: Card
    seat: int | None
    turn: int


@dataclass(frozen=True)
class Turn:
    """A finished turn: the cards laid in order (none: a pass), and whether a pass drew a card."""

    number: int
    seat: int
    cards: tuple[Laid, ...]
    drew: bool = False

    @property
    def passed(self) -> bool:
        return not self.cards


@dataclass(frozen=True)
class Hand:
    """A player's hand at the end: the count of each suit (in SUITS order), and the cards if given."""

    seat: int
    counts: tuple[int, ...]
    cards: tuple[Card, ...] | None = None

    @property
    def size(self) -> int:
        return sum(self.counts)

    @property
    def largest(self) -> int:
        """得点計算: the number of cards of the suit the hand holds most of."""
        return max(self.counts)

    @property
    def suits(self) -> int:
        """得点計算: how many different suits the hand holds."""
        return sum(1 for n in self.counts if n)

    @property
    def points(self) -> int:
        """得点計算: +5 with no cards left, else minus (largest suit count x number of suits)."""
        return OUT_POINTS if self.size == 0 else -self.largest * self.suits


def counts_of(cards: Sequence[Card]) -> tuple[int, ...]:
    """How many of each suit, in SUITS order."""
    return tuple(sum(1 for card in cards if card.suit == suit) for suit in SUITS)


@dataclass(frozen=True)
class State:
    """Everything known about one game, derived only from its setup and log."""

    setup: Setup
    grid: Mapping[Pos, Card] = field(hash=False)
    """The layout: position -> card (the same cards as `laid`, which the hash uses)."""
    laid: tuple[Laid, ...] = ()
    seat: int = 0
    hand_sizes: tuple[int, ...] = ()
    drawn: tuple[int, ...] = ()
    deck: int = 0
    hands: tuple[Hand | None, ...] = ()
    turns: tuple[Turn, ...] = ()
    current: tuple[Laid, ...] = ()
    passes: int = 0
    ended: str | None = None
    """終了: "out" (a player laid their last card) or "passes" (everyone passed in a row)."""
    went_out: int | None = None
    latest: tuple[Ruling, ...] = ()

    @property
    def players(self) -> int:
        return self.setup.size

    @property
    def tracking(self) -> bool:
        """Whether the layout is entered card by card (not the "scores only" option)."""
        return not self.setup.scores_only

    @property
    def start(self) -> Card | None:
        """The starting card at 0,0, once known."""
        return self.grid.get(ORIGIN)

    @property
    def layout(self) -> Grid:
        return self.grid

    @property
    def awaited_hands(self) -> tuple[int, ...]:
        """The seats whose hand is still to be entered (once the game has ended)."""
        if self.tracking and self.ended is None:
            return ()
        return tuple(s for s in range(self.players) if self.hands[s] is None and s != self.went_out)

    @property
    def is_over(self) -> bool:
        return (self.setup.scores_only or self.ended is not None) and not self.awaited_hands

    @property
    def phase(self) -> str:
        """The stage: "start" (the starting card comes next), "turn", "hands" (enter the hands), "over"."""
        if self.is_over:
            return "over"
        if self.setup.scores_only or self.ended is not None:
            return "hands"
        if self.start is None:
            return "start"
        return "turn"

    @property
    def expected_seat(self) -> int | None:
        """Whose turn it is, or whose hand comes next (any awaited hand may come first)."""
        phase = self.phase
        if phase == "turn":
            return self.seat
        if phase == "hands":
            return self.awaited_hands[0]
        return None

    @property
    def turn_number(self) -> int:
        return len(self.turns) + 1

    @property
    def newest(self) -> tuple[Pos, ...]:
        """The positions of the cards laid in this turn so far, else in the latest turn that laid any."""
        if self.current:
            return tuple(laid.pos for laid in self.current)
        for turn in reversed(self.turns):
            if turn.cards:
                return tuple(laid.pos for laid in turn.cards)
        return ()

    def laid_by(self, seat: int) -> int:
        return sum(1 for laid in self.laid if laid.seat == seat)

    @property
    def points(self) -> tuple[int, ...]:
        """Points per seat as far as known: +5 for going out, a penalty per entered hand."""
        out = []
        for seat, hand in enumerate(self.hands):
            if hand is not None:
                out.append(hand.points)
            elif seat == self.went_out:
                out.append(OUT_POINTS)
            else:
                out.append(0)
        return tuple(out)

    @property
    def winners(self) -> tuple[int, ...]:
        """Once over, the seats with the most points this game."""
        return top(self.points) if self.is_over else ()


def make_setup(raw: Mapping[str, Any]) -> Setup:
    """Read a setup {"players": [...], "first_leader": i, "options": {...}, "start_card"?: code}."""
    players, first = read_seating(raw, PLAYER_COUNTS, "ty.player_count", c.PLAYERS, c.SETUP)
    options = read_options(OPTIONS, raw.get("options"))
    start = raw.get("start_card")
    card = None if start is None else parse_card(start)
    return Setup(players, first, options["match_limit"], options["scores_only"], card)


def initial(raw_setup: Mapping[str, Any]) -> State:
    """The state before the first entry: the cards dealt, the starting card laid if known."""
    setup = make_setup(raw_setup)
    n = setup.size
    state = State(setup=setup, grid={}, laid=(), seat=setup.first_leader, hand_sizes=(setup.deal_size,) * n,
                  drawn=(0,) * n, deck=setup.deck_size, hands=(None,) * n)
    if setup.start_card is not None:
        state = _start(state, setup.start_card)
    return state


def apply(state: State, event: Event) -> State:
    """Take one entry (see the module's docstring); RuleError naming the clause if it cannot be."""
    if event.kind not in KINDS:
        raise RuleError("input.unknown_event", "", kind=event.kind)
    if state.is_over:
        raise RuleError("ty.game_over", c.END)
    payload = event.payload
    if event.kind == "hand":
        return _hand(state, payload)
    if state.setup.scores_only:
        raise RuleError("ty.scores_only", c.RULINGS)
    if state.ended is not None:
        raise RuleError("ty.hands_now", c.END, seats=SeatsRef(state.awaited_hands))
    if event.kind == "start":
        if state.start is not None:
            raise RuleError("ty.start_already", c.SETUP, card=CardRef(state.start.code))
        return _start(state, parse_card(payload.get("card")))
    if state.start is None:
        raise RuleError("ty.start_first", c.SETUP)
    seat = require_int(payload, "seat")
    if seat != state.seat:
        raise RuleError("ty.not_your_turn", c.TURN, seat=SeatRef(state.seat))
    if event.kind == "lay":
        return _lay(state, seat, payload)
    if event.kind == "done":
        return _done(state, seat)
    return _pass(state, seat)


def _start(state: State, card: Card) -> State:
    laid = Laid(ORIGIN, card, None, 0)
    return replace(state, grid={ORIGIN: card}, laid=(laid,), latest=(
        Ruling("ty.start_card", c.SETUP, {"card": CardRef(card.code), "seat": SeatRef(state.seat)}),))


def _lay(state: State, seat: int, payload: Mapping[str, Any]) -> State:
    card = parse_card(payload.get("card"))
    pos = (require_int(payload, "x"), require_int(payload, "y"))
    for laid in state.laid:
        if laid.card == card:
            raise RuleError("ty.card_on_layout", c.EQUIPMENT, card=CardRef(card.code), x=laid.pos[0], y=laid.pos[1])
    problem = place_problem(state.grid, [laid.pos for laid in state.current], pos, card)
    if problem is not None:
        raise RuleError(problem.ruling.key, problem.ruling.clause, **problem.ruling.params)
    number = state.turn_number
    laid = Laid(pos, card, seat, number)
    rulings: tuple[Ruling, ...] = (Ruling("ty.laid", c.MORE if state.current else c.PLAY, {
        "seat": SeatRef(seat), "card": CardRef(card.code), "x": pos[0], "y": pos[1]}),) + fit_rulings(state.grid, pos, card)
    sizes = list(state.hand_sizes)
    sizes[seat] -= 1
    grid = {**state.grid, pos: card}
    state = replace(state, grid=grid, laid=state.laid + (laid,), current=state.current + (laid,),
                    hand_sizes=tuple(sizes), passes=0, latest=rulings)
    if sizes[seat] > 0:
        return state
    done = replace(state, turns=state.turns + (Turn(number, seat, state.current),), current=(),
                   ended="out", went_out=seat)
    return replace(done, latest=rulings + (
        Ruling("ty.went_out", c.END, {"seat": SeatRef(seat)}),
        Ruling("ty.enter_hands", c.SCORE, {"seats": SeatsRef(done.awaited_hands)}),
    ))


def _done(state: State, seat: int) -> State:
    if not state.current:
        raise RuleError("ty.done_without_cards", c.TURN, seat=SeatRef(seat))
    turn = Turn(state.turn_number, seat, state.current)
    following = left_of(seat, state.players)
    return replace(state, turns=state.turns + (turn,), current=(), seat=following, latest=(
        Ruling("ty.turn_done", c.MORE, {"seat": SeatRef(seat), "count": len(turn.cards)}),
        Ruling("ty.next_turn", c.TURN, {"seat": SeatRef(following)}),
    ))


def _pass(state: State, seat: int) -> State:
    if state.current:
        raise RuleError("ty.pass_after_lay", c.TURN, seat=SeatRef(seat), count=len(state.current))
    drew = state.deck > 0
    sizes = list(state.hand_sizes)
    drawn = list(state.drawn)
    if drew:
        sizes[seat] += 1
        drawn[seat] += 1
    deck = state.deck - 1 if drew else state.deck
    passes = state.passes + 1
    first: Ruling = (Ruling("ty.pass_draw", c.PASS, {"seat": SeatRef(seat), "deck": deck}) if drew
                     else Ruling("ty.pass_no_draw", c.PASS, {"seat": SeatRef(seat)}))
    state = replace(state, turns=state.turns + (Turn(state.turn_number, seat, (), drew),), hand_sizes=tuple(sizes),
                    drawn=tuple(drawn), deck=deck, passes=passes)
    if passes == state.players:
        state = replace(state, ended="passes")
        return replace(state, latest=(
            first, Ruling("ty.all_passed", c.END, {"count": passes}),
            Ruling("ty.enter_hands", c.SCORE, {"seats": SeatsRef(state.awaited_hands)})))
    following = left_of(seat, state.players)
    return replace(state, seat=following, latest=(
        first, Ruling("ty.passes_in_row", c.END, {"count": passes, "players": state.players}),
        Ruling("ty.next_turn", c.TURN, {"seat": SeatRef(following)})))


# --------------------------------------------------------------------------- the hands at the end


def read_hand(payload: Mapping[str, Any]) -> tuple[tuple[int, ...], tuple[Card, ...] | None]:
    """A hand entry's per-suit counts, and its cards when given as cards (no card twice)."""
    if ("counts" in payload) == ("cards" in payload):
        raise RuleError("ty.hand_counts_or_cards", c.SCORE)
    if "cards" in payload:
        raw = payload["cards"]
        if not isinstance(raw, list):
            raise RuleError("input.not_list", "", field="cards")
        cards: list[Card] = []
        for code in raw:
            card = parse_card(code)
            if card in cards:
                raise RuleError("ty.card_twice", c.EQUIPMENT, card=CardRef(card.code))
            cards.append(card)
        return counts_of(cards), tuple(cards)
    raw_counts = payload["counts"]
    if not isinstance(raw_counts, Mapping):
        raise RuleError("ty.counts_malformed", c.SCORE)
    counts = dict.fromkeys(SUITS, 0)
    for key, value in raw_counts.items():
        suit = parse_suit(key)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= len(RANKS):
            raise RuleError("ty.count_range", c.EQUIPMENT, suit=SuitRef(suit), count=str(value))
        counts[suit] = value
    return tuple(counts[s] for s in SUITS), None


def _hand(state: State, payload: Mapping[str, Any]) -> State:
    if state.tracking and state.ended is None:
        raise RuleError("ty.hand_too_early", c.END)
    seat = require_int(payload, "seat")
    if not 0 <= seat < state.players:
        raise RuleError("ty.seat_unknown", c.PLAYERS, seat=seat)
    if state.hands[seat] is not None:
        raise RuleError("ty.hand_already", c.SCORE, seat=SeatRef(seat))
    if seat == state.went_out:
        raise RuleError("ty.hand_went_out", c.SCORE, seat=SeatRef(seat))
    counts, cards = read_hand(payload)
    size = sum(counts)
    others = [h for h in state.hands if h is not None]
    if state.tracking and size != state.hand_sizes[seat]:
        raise RuleError("ty.hand_size", c.RULINGS, seat=SeatRef(seat), count=size, expected=state.hand_sizes[seat],
                        dealt=state.setup.deal_size, laid=state.laid_by(seat), drawn=state.drawn[seat])
    if size == 0:
        emptied = [h.seat for h in others if h.size == 0]
        if emptied:
            raise RuleError("ty.second_empty", c.END, seat=SeatRef(seat), other=SeatRef(emptied[0]))
    on_layout = [laid.card for laid in state.laid]
    for card in cards or ():
        if card in on_layout:
            raise RuleError("ty.hand_card_on_layout", c.EQUIPMENT, card=CardRef(card.code), seat=SeatRef(seat))
        for other in others:
            if other.cards is not None and card in other.cards:
                raise RuleError("ty.hand_card_twice", c.EQUIPMENT, card=CardRef(card.code), other=SeatRef(other.seat))
    for i, suit in enumerate(SUITS):
        known = sum(1 for card in on_layout if card.suit == suit) + sum(h.counts[i] for h in others)
        if counts[i] + known > len(RANKS):
            raise RuleError("ty.suit_overflow", c.EQUIPMENT, suit=SuitRef(suit), count=counts[i],
                            room=len(RANKS) - known)
    total = size + sum(h.size for h in others) + max(len(on_layout), 1)
    if total > DECK_SIZE:
        raise RuleError("ty.too_many_cards", c.EQUIPMENT, count=total - max(len(on_layout), 1))
    hand = Hand(seat, counts, cards)
    hands = tuple(hand if s == seat else h for s, h in enumerate(state.hands))
    state = replace(state, hands=hands)
    entered = (Ruling("ty.out_points", c.SCORE, {"seat": SeatRef(seat), "points": OUT_POINTS}) if size == 0
               else _penalty_ruling(hand),)
    if not state.is_over:
        return replace(state, latest=entered)
    if state.setup.scores_only:
        out = [h.seat for h in hands if h is not None and h.size == 0]
        state = replace(state, ended="out" if out else "passes", went_out=out[0] if out else None)
    return replace(state, latest=summary(state))


def _penalty_ruling(hand: Hand) -> Ruling:
    return Ruling("ty.hand_points", c.SCORE, {"seat": SeatRef(hand.seat), "largest": hand.largest,
                                              "suits": hand.suits, "points": hand.points})


def summary_rulings(hands: Sequence[Hand | None], points: Sequence[int]) -> tuple[Ruling, ...]:
    """得点計算: every player's points (a missing or empty hand went out), and who did best."""
    out: list[Ruling] = []
    for seat, hand in enumerate(hands):
        if hand is None or hand.size == 0:
            out.append(Ruling("ty.out_points", c.SCORE, {"seat": SeatRef(seat), "points": OUT_POINTS}))
        else:
            out.append(_penalty_ruling(hand))
    best = top(points)
    out.append(Ruling("ty.game_best", c.SCORE, {"names": SeatsRef(best), "points": points[best[0]]}))
    return tuple(out)


def summary(state: State) -> tuple[Ruling, ...]:
    """The scoring of a finished game."""
    return summary_rulings(state.hands, state.points)


def state_spots(state: State, card: Card | str) -> tuple[Pos, ...]:
    """Where `card` may go next in this game (continuing this turn's line, if any), by x then y."""
    if isinstance(card, str):
        card = parse_card(card)
    if state.phase != "turn":
        return ()
    return spots(state.grid, card, [laid.pos for laid in state.current])


def playable(state: State) -> dict[str, tuple[Pos, ...]]:
    """Every card not yet laid that may go somewhere now, with its spots (by x then y): what
    the scorer's picker offers during a turn (A:隣接, A:直前, A:1直線, A:縦, A:横), so that
    no card is offered where it cannot lie. Empty outside a turn."""
    if state.phase != "turn":
        return {}
    turn = [laid.pos for laid in state.current]
    candidates = [pos for pos in (neighbours(turn[-1]) if turn else free_spots(state.grid)) if pos not in state.grid]
    laid = set(state.grid.values())
    out: dict[str, tuple[Pos, ...]] = {}
    for card in DECK:
        if card in laid:
            continue
        where = sorted(pos for pos in candidates if place_problem(state.grid, turn, pos, card) is None)
        if where:
            out[card.code] = tuple(where)
    return out


def rulings(state: State) -> tuple[Ruling, ...]:
    """What explains the latest entry (the whole scoring once the game is over)."""
    return state.latest


def audit(state: State) -> tuple[Finding, ...]:
    """Nothing to audit: every card is checked as it is laid, and the hands are checked as entered."""
    return ()
