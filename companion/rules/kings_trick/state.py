"""A game of King's Trick as it stands: the setup, the entries, the draft and アガリ.

Log entries (Event kind and payload; ints and strings only)
    "play"    {"seat": s, "card": code}  The next card of the trick, from state.expected_seat
              (phase "play"). After the last card the trick is decided and the draft begins.
              The game's very last card, the one not yet seen, is laid by the engine
              (State.last_play_forced); an entry naming it, as logs before did, changes nothing.
    "pick"    {"seat": s, "card": code}  One card of the finished trick drafted by the player
              whose pick it is (phase "draft", state.expected_seat): 1st place picks 1, 2nd
              place picks 2 (one entry each); the last drafting place takes what is left
              without an entry (3(4)).
    "declare" {"seat": s}  アガリ, by a player in state.awaiting (phase "agari").
    "pass"    {"seat": s}  The same player does not declare; from then on they may declare
              only with more points than now (3(6)).
    "undo" is handled by base.replay.

Phases: "play" (state.expected_seat plays), "draft" (state.expected_seat picks from
state.pool), "agari" (every seat in state.awaiting answers, in any order; expected_seat is
the first of them), "over".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base import CardRef, CardsRef, Event, Finding, RuleError, Ruling, SeatRef, SeatsRef, require_int
from ..contract import read_options
from ..kit.cards import once_per_deal
from ..kit.seats import Seating, read_seating
from .cards import DEAL_SIZE, Card, deck, in_game, parse_card, sorted_cards
from .options import OPTIONS, PLAYER_COUNTS, START_CLAUSE
from .sets import NoAgari, Score, may_declare, no_agari, score
from .tricks import Play, TrickResult, resolve

PLAY, DRAFT, AGARI, OVER = "play", "draft", "agari", "over"

DEAL_CLAUSE = {3: "2(1)②", 4: "2(2)①", 5: "2(3)②", 6: "2(4)①"}
"""2: where each player count's deal of every card is printed."""


@dataclass(frozen=True)
class Setup(Seating):
    """Who sits where (clockwise), the start player, and the table options as chosen."""

    removed_colour: str = "W"
    no_colour: str = "values"
    sum_sets: bool = False
    no_agari_tie: str = "potions_share"
    tie_at_20: str = "play_on"
    teams_option: bool = False

    @property
    def removed(self) -> str | None:
        """2(1)①: the colour taken out, with 3 players only."""
        return self.removed_colour if self.size == 3 else None

    @property
    def deal_size(self) -> int:
        """2: cards dealt to each player: the most tricks a game can have."""
        return DEAL_SIZE[self.size]

    @property
    def deck(self) -> tuple[Card, ...]:
        return deck(self.size, self.removed)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """5: partners sitting opposite (seats i and i+3), with 6 players and the option on."""
        if self.teams_option and self.size == 6:
            return ((0, 3), (1, 4), (2, 5))
        return ()

    @property
    def options(self) -> dict[str, Any]:
        """The options as the setup recorded them (also those that do not apply to this count)."""
        return {"removed_colour": self.removed_colour, "no_colour": self.no_colour, "sum_sets": self.sum_sets,
                "no_agari_tie": self.no_agari_tie, "tie_at_20": self.tie_at_20, "team_play": self.teams_option}


@dataclass(frozen=True)
class State:
    """Everything known about one game, derived only from its setup and log."""

    setup: Setup
    phase: str = PLAY
    leader: int = 0
    plays: tuple[Play, ...] = ()
    """The trick being played, in play order."""
    tricks: tuple[TrickResult, ...] = ()
    """Every decided trick, the last one possibly still being drafted."""
    takes: tuple[tuple[tuple[Card, ...], ...], ...] = ()
    """Per decided trick, the cards each drafting place took (1st place first)."""
    pool: tuple[Card, ...] = ()
    """The last trick's cards not yet drafted (phase "draft")."""
    taken: tuple[tuple[Card, ...], ...] = ()
    """Each seat's taken cards, in the order taken."""
    used: frozenset[Card] = frozenset()
    passed_at: tuple[int | None, ...] = ()
    """Per seat: their points when they last passed up アガリ; None if they never did."""
    eligible: tuple[int, ...] = ()
    """Seats that may declare after this trick's draft, in the trick's place order."""
    answers: tuple[tuple[int, bool], ...] = ()
    """(seat, declared) answers so far after this trick's draft."""
    points: tuple[int, ...] = ()
    """Each seat's own points for this game (final once over)."""
    ended_by: str | None = None
    """"agari" or "no_agari" once over."""
    no_agari_result: NoAgari | None = None
    next_start: int | None = None
    """Once over: the start player of the next game (4(3), RULINGS)."""
    notes: tuple[Ruling, ...] = ()
    last_play_forced: bool = False
    """The latest trick's last card was laid by the engine: in the game's last trick the last
    player holds the one card of the deck not yet seen, so nobody enters it."""
    """What explains the latest trick: its decision, the draft, アガリ and the end."""

    @property
    def players(self) -> int:
        return self.setup.size

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def trick_number(self) -> int:
        """The number of the trick being played, drafted or answered (1-based)."""
        return len(self.tricks) + (1 if self.phase == PLAY else 0)

    @property
    def last_trick(self) -> TrickResult | None:
        return self.tricks[-1] if self.tricks else None

    @property
    def picker(self) -> tuple[int, int] | None:
        """(drafting place index, seat) whose pick it is, in phase "draft"."""
        if self.phase != DRAFT:
            return None
        trick = self.tricks[-1]
        done = self.takes[-1]
        for place, count in enumerate(trick.draft[:-1]):
            if len(done[place]) < count:
                return place, trick.takers[place]
        return None  # never: the last place takes the rest at once

    @property
    def awaiting(self) -> tuple[int, ...]:
        """Seats still to declare アガリ or pass, in phase "agari"."""
        answered = {seat for seat, _ in self.answers}
        return tuple(seat for seat in self.eligible if seat not in answered)

    @property
    def declared(self) -> tuple[int, ...]:
        return tuple(seat for seat, declared in self.answers if declared)

    @property
    def expected_seat(self) -> int | None:
        """Who is to act: play a card, pick a card, or answer アガリ; None once over."""
        if self.phase == PLAY:
            return (self.leader + len(self.plays)) % self.players
        if self.phase == DRAFT:
            picker = self.picker
            return picker[1] if picker else None
        if self.phase == AGARI:
            return self.awaiting[0] if self.awaiting else None
        return None

    def score_of(self, seat: int) -> Score:
        """What `seat`'s taken cards would score now (counts per kind and the set)."""
        return score(self.taken[seat], self.setup.sum_sets)

    def may_declare(self, seat: int) -> bool:
        return may_declare(self.score_of(seat), self.passed_at[seat])

    @property
    def scorers(self) -> tuple[int, ...]:
        """The seats that scored this game: the declaring players, or 4(4)'s (once over)."""
        if self.ended_by == "agari":
            return self.declared
        if self.no_agari_result is not None:
            return self.no_agari_result.scorers
        return ()


def make_setup(raw: Mapping[str, Any]) -> Setup:
    """Read a setup {"players": [...], "first_leader": i, "options": {...}}, refusing bad ones."""
    count = len(raw["players"]) if isinstance(raw, Mapping) and isinstance(raw.get("players"), (list, tuple)) else 0
    players, first = read_seating(raw, PLAYER_COUNTS, "kt.player_count", "2", START_CLAUSE.get(count, "2"))
    options = read_options(OPTIONS, raw.get("options"))
    return Setup(players, first, options["removed_colour"], options["no_colour"], options["sum_sets"],
                 options["no_agari_tie"], options["tie_at_20"], options["team_play"])


def initial(raw_setup: Mapping[str, Any]) -> State:
    """The state before the start player's first card."""
    setup = make_setup(raw_setup)
    n = setup.size
    return State(setup=setup, leader=setup.first_leader, taken=((),) * n, passed_at=(None,) * n,
                 points=(0,) * n)


def apply(state: State, event: Event) -> State:
    """Take one entry: "play", "pick", "declare" or "pass" (see the module's docstring)."""
    if event.kind not in ("play", "pick", "declare", "pass"):
        raise RuleError("input.unknown_event", "", kind=event.kind)
    if event.kind == "play" and _played_already(state, event.payload):
        return state
    if state.is_over:
        raise RuleError("kt.game_over", "4(1)")
    seat = require_int(event.payload, "seat")
    if not 0 <= seat < state.players:
        raise RuleError("kt.no_such_seat", "", seat=seat)
    if event.kind == "play":
        return _play(state, seat, event.payload.get("card"))
    if event.kind == "pick":
        return _pick(state, seat, event.payload.get("card"))
    return _answer(state, seat, event.kind == "declare")


def _wrong_phase(state: State) -> RuleError:
    """What the table is waiting for instead."""
    if state.phase == PLAY:
        return RuleError("kt.playing_now", "3(2)", seat=SeatRef(state.expected_seat or 0))
    if state.phase == DRAFT:
        return RuleError("kt.drafting_now", "3(4)", seat=SeatRef(state.expected_seat or 0))
    return RuleError("kt.agari_now", "3(6)", seats=SeatsRef(state.awaiting))


def _play(state: State, seat: int, raw_card: object) -> State:
    if state.phase != PLAY:
        raise _wrong_phase(state)
    if seat != state.expected_seat:
        raise RuleError("kt.not_your_turn", "3(2)", seat=SeatRef(state.expected_seat or 0))
    card = in_game(parse_card(raw_card), state.players, state.setup.removed)
    once_per_deal(state.used, card, "kt.card_used", "1", card=CardRef(card.code))
    plays = state.plays + (Play(seat, card),)
    state = replace(state, plays=plays, used=state.used | {card}, last_play_forced=False)
    if len(plays) < state.players:
        left = [c for c in state.setup.deck if c not in state.used]
        if len(plays) == state.players - 1 and len(left) == 1:
            # 2: every card of the game is dealt, so the last card of its last trick is the
            # one not yet seen, in the last player's hand.
            last = (seat + 1) % state.players
            state = _play(state, last, left[0].code)
            said = Ruling("kt.last_card", DEAL_CLAUSE[state.players], {
                "seat": SeatRef(last), "card": CardRef(left[0].code)})
            return replace(state, notes=(said,) + state.notes, last_play_forced=True)
        return state
    result = resolve([p.card for p in plays], state.leader, state.players,
                     no_colour=state.setup.no_colour, number=len(state.tricks) + 1)
    return replace(state, phase=DRAFT, plays=(), tricks=state.tricks + (result,),
                   takes=state.takes + (((),) * len(result.draft),), pool=result.cards,
                   eligible=(), answers=(), notes=result.rulings)


def _played_already(state: State, payload: Mapping[str, Any]) -> bool:
    """Whether a "play" names the last card the engine laid itself, with nothing after it (a
    log written before the engine did): it is taken as said already."""
    if not state.last_play_forced or state.phase != DRAFT or any(state.takes[-1]):
        return False
    last = state.tricks[-1].plays[-1]
    if payload.get("seat") != last.seat:
        return False
    try:
        return parse_card(payload.get("card")) == last.card
    except RuleError:
        return False


def _pick(state: State, seat: int, raw_card: object) -> State:
    if state.phase != DRAFT:
        raise _wrong_phase(state)
    picker = state.picker
    assert picker is not None
    place, expected = picker
    if seat != expected:
        raise RuleError("kt.not_your_pick", "3(4)", seat=SeatRef(expected))
    card = parse_card(raw_card)
    if card not in state.pool:
        raise RuleError("kt.pick_not_in_trick", "3(4)", card=CardRef(card.code),
                        cards=CardsRef(tuple(c.code for c in state.pool)))
    state = _take(state, place, seat, (card,))
    state = replace(state, notes=state.notes + (Ruling("kt.picked", "3(4)", {
        "seat": SeatRef(seat), "card": CardRef(card.code)}),))
    trick = state.tricks[-1]
    if state.picker is not None:
        return state
    last = len(trick.draft) - 1
    rest = state.pool
    state = _take(state, last, trick.takers[last], rest)
    state = replace(state, notes=state.notes + (Ruling("kt.takes_rest", "3(4)", {
        "seat": SeatRef(trick.takers[last]), "cards": CardsRef(tuple(c.code for c in rest))}),))
    return _after_draft(state)


def _take(state: State, place: int, seat: int, cards: tuple[Card, ...]) -> State:
    takes = list(state.takes[-1])
    takes[place] = takes[place] + cards
    taken = list(state.taken)
    taken[seat] = taken[seat] + cards
    return replace(state, takes=state.takes[:-1] + (tuple(takes),), taken=tuple(taken),
                   pool=tuple(c for c in state.pool if c not in cards))


def _after_draft(state: State) -> State:
    """3(6): who may declare アガリ now; if nobody may, the next trick (or 4(4))."""
    trick = state.tricks[-1]
    notes = list(state.notes)
    eligible = []
    for seat in trick.places:
        now = state.score_of(seat)
        passed = state.passed_at[seat]
        if may_declare(now, passed):
            eligible.append(seat)
            notes.append(Ruling("kt.may_declare", "3(6)", {"seat": SeatRef(seat), "points": now.points}))
        elif now.complete and seat in trick.takers:
            notes.append(Ruling("kt.not_risen", "3(6)", {"seat": SeatRef(seat), "passed": passed,
                                                         "points": now.points}))
    state = replace(state, notes=tuple(notes), pool=(), eligible=tuple(eligible), answers=())
    if eligible:
        return replace(state, phase=AGARI)
    return _next_trick(state)


def _answer(state: State, seat: int, declare: bool) -> State:
    if state.phase != AGARI:
        raise _wrong_phase(state)
    if seat in {s for s, _ in state.answers}:
        raise RuleError("kt.already_answered", "3(6)", seat=SeatRef(seat))
    if seat not in state.eligible:
        now = state.score_of(seat)
        if declare and not now.complete:
            raise RuleError("kt.no_set", "3(6)", seat=SeatRef(seat))
        if declare:
            raise RuleError("kt.not_risen", "3(6)", seat=SeatRef(seat), passed=state.passed_at[seat],
                            points=now.points)
        raise RuleError("kt.not_asked", "3(6)", seat=SeatRef(seat), seats=SeatsRef(state.awaiting))
    now = state.score_of(seat)
    answers = state.answers + ((seat, declare),)
    if declare:
        note = Ruling("kt.declares", "3(6)", {"seat": SeatRef(seat), "points": now.points})
        passed_at = state.passed_at
    else:
        note = Ruling("kt.passes", "3(6)", {"seat": SeatRef(seat), "points": now.points})
        passed_at = tuple(now.points if s == seat else p for s, p in enumerate(state.passed_at))
    state = replace(state, answers=answers, passed_at=passed_at, notes=state.notes + (note,))
    if state.awaiting:
        return state
    if state.declared:
        return _end_by_agari(state)
    return _next_trick(state)


def _next_trick(state: State) -> State:
    """3(6): nobody declared: 1st place leads the next trick; after the last trick, 4(4)."""
    trick = state.tricks[-1]
    if len(state.tricks) == state.setup.deal_size:
        result = no_agari(state.taken, state.setup.no_agari_tie)
        return _finish(replace(state, phase=OVER, points=result.points, ended_by="no_agari",
                               no_agari_result=result, notes=state.notes + result.rulings))
    note = Ruling("kt.next_leader", "3(6)", {"seat": SeatRef(trick.winner)})
    return replace(state, phase=PLAY, leader=trick.winner, eligible=(), answers=(), notes=state.notes + (note,))


def _end_by_agari(state: State) -> State:
    """4(1), 4(2): the game ends with this trick; each declaring player scores their set."""
    notes = [Ruling("kt.game_ends", "4(1)", {"seats": SeatsRef(state.declared)})]
    points = list(state.points)
    for seat in state.declared:
        now = state.score_of(seat)
        points[seat] = now.points
        notes.append(Ruling("kt.agari_scores", "4(2)", {"seat": SeatRef(seat), "base": now.base,
                                                        "multiplier": now.multiplier, "points": now.points}))
    return _finish(replace(state, phase=OVER, points=tuple(points), ended_by="agari",
                           notes=state.notes + tuple(notes)))


def _finish(state: State) -> State:
    """4(3): the next game's start player, with the ruling that chose them."""
    seat, note = next_start(state.tricks[-1], state.scorers)
    return replace(state, next_start=seat, notes=state.notes + (note,))


def next_start(trick: TrickResult, scorers: tuple[int, ...]) -> tuple[int, Ruling]:
    """4(3): the player who scored starts the next game. RULINGS: several scored: the one
    placed highest among the drafting places of the last trick, else the first of them
    clockwise from that trick's leader. Nobody scored (RULINGS, this project): the last
    trick's 1st place, who would have led next (3(6))."""
    if not scorers:
        return trick.winner, Ruling("kt.next_start_nobody", "RULINGS", {"seat": SeatRef(trick.winner)})
    if len(scorers) == 1:
        return scorers[0], Ruling("kt.next_start", "4(3)", {"seat": SeatRef(scorers[0])})
    placed = [seat for seat in trick.takers if seat in scorers]
    if placed:
        return placed[0], Ruling("kt.next_start_placed", "RULINGS", {
            "seat": SeatRef(placed[0]), "seats": SeatsRef(scorers), "place": trick.place_of(placed[0])})
    first = next(p.seat for p in trick.plays if p.seat in scorers)
    return first, Ruling("kt.next_start_clockwise", "RULINGS", {
        "seat": SeatRef(first), "seats": SeatsRef(scorers), "leader": SeatRef(trick.leader)})


def audit(state: State) -> tuple[Finding, ...]:
    """Nothing to audit: a may-follow game (3(2)) has no illegal play."""
    return ()


def rulings(state: State) -> tuple[Ruling, ...]:
    """What explains the latest trick: its decision, the draft, アガリ, and the end of the game."""
    return state.notes


def taken_sorted(state: State, seat: int) -> tuple[Card, ...]:
    """`seat`'s taken cards in colour and value order, for showing them."""
    return sorted_cards(state.taken[seat])
