"""ハイパーメイカー (Hyper Maker): two-suit cards; a master card decides which suit follows.

Rulebook: shared/rules/000_60253a44d81db5f2.txt. Clause numbers below are the rulebook's
("5(5)②" is section 5, part (5), item ②); "RULINGS" marks a decision of the project's
rulings where the text is silent.

A game is one deal: every card is dealt (15/12/10 each to 3/4/5 players) and the master
pile has as many cards as each hand, so a game is exactly that many tricks.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .base import (
    N_,
    CardRef,
    CardsRef,
    Event,
    Finding,
    RuleError,
    Ruling,
    SeatRef,
    Seating,
    SuitRef,
    form_int,
    form_text,
    read_ask,
    read_seating,
    require_int,
    require_list,
)

SLUG = "hyper-maker"
NAME = N_("Hyper Maker")
PLAYER_COUNTS = (3, 4, 5)
MIN_PLAYERS = 3
MAX_PLAYERS = 5

SUITS = ("R", "B", "G", "Y")
"""The four suits in the order the rulebook lists them: ●赤 red, ■青 blue, ▲緑 green, ★黄 yellow."""

SUIT_NAMES: Mapping[str, str] = {
    "R": N_("red"),
    "B": N_("blue"),
    "G": N_("green"),
    "Y": N_("yellow"),
}
SUIT_SYMBOLS: Mapping[str, str] = {"R": "●", "B": "■", "G": "▲", "Y": "★"}

DEAL_SIZE: Mapping[int, int] = {3: 15, 4: 12, 5: 10}
"""4(1): cards dealt to each player, and the size of the master pile."""

VALUE_SUM = 11
"""The two values on a card run in opposite directions: k and 11 - k (RULINGS)."""

OPTIONS: Mapping[str, bool] = {"tie_winner_leads": False}
"""Table options and their defaults. tie_winner_leads: after a tie won by the later
player (5(5)④), that player leads next instead of the previous leader (RULINGS)."""


@dataclass(frozen=True, order=True)
class Card:
    """A card: two different suits, each with its value; the values sum to 11.

    Stored with its suits in the order of SUITS, so each physical card has one form.
    """

    suit_a: str
    value_a: int
    suit_b: str
    value_b: int

    @property
    def code(self) -> str:
        """The short code, for example "R5B6"."""
        return f"{self.suit_a}{self.value_a}{self.suit_b}{self.value_b}"

    @property
    def pair(self) -> str:
        """The card's suit pair, for example "RB"."""
        return self.suit_a + self.suit_b

    @property
    def suits(self) -> tuple[str, str]:
        return (self.suit_a, self.suit_b)

    def has(self, suit: str) -> bool:
        return suit in (self.suit_a, self.suit_b)

    def value(self, suit: str) -> int:
        """The card's value in `suit`, which must be one of its two suits."""
        if suit == self.suit_a:
            return self.value_a
        if suit == self.suit_b:
            return self.value_b
        raise KeyError(suit)

    def other(self, suit: str) -> str:
        """The card's suit that is not `suit`."""
        return self.suit_b if suit == self.suit_a else self.suit_a

    def __str__(self) -> str:
        return self.code


PAIRS: tuple[str, ...] = tuple(a + b for i, a in enumerate(SUITS) for b in SUITS[i + 1 :])
"""1: the six suit pairs, each printed on ten cards."""

DECK: tuple[Card, ...] = tuple(
    Card(pair[0], k, pair[1], VALUE_SUM - k) for pair in PAIRS for k in range(1, 11)
)
"""All 60 cards."""

_CARD_RE = re.compile(r"^\s*([A-Za-z])(\d{1,2})([A-Za-z])(\d{1,2})\s*$")


def parse_card(text: object) -> Card:
    """Read a card code such as "R5B6" or "B6R5", refusing anything not in the deck."""
    if not isinstance(text, str):
        raise RuleError("hm.card_malformed", "1", text=str(text))
    match = _CARD_RE.match(text)
    if not match:
        raise RuleError("hm.card_malformed", "1", text=text)
    s1, v1, s2, v2 = match.group(1).upper(), int(match.group(2)), match.group(3).upper(), int(match.group(4))
    for suit in (s1, s2):
        if suit not in SUITS:
            raise RuleError("hm.card_unknown_suit", "1", text=text, suit=suit)
    if s1 == s2:
        raise RuleError("hm.card_same_suit", "1", text=text)
    if not (1 <= v1 <= 10 and 1 <= v2 <= 10):
        raise RuleError("hm.card_value_range", "1", text=text)
    if v1 + v2 != VALUE_SUM:
        raise RuleError("hm.card_sum", "1", text=text, total=v1 + v2)
    if SUITS.index(s1) > SUITS.index(s2):
        s1, v1, s2, v2 = s2, v2, s1, v1
    return Card(s1, v1, s2, v2)


def cards_of_pair(pair: str) -> tuple[Card, ...]:
    """The ten cards of one suit pair, lowest first in the pair's first suit."""
    return tuple(card for card in DECK if card.pair == pair)


def deal(rng: random.Random, players: int) -> tuple[list[list[Card]], list[Card]]:
    """4(1): shuffle with `rng` and deal every card: one hand per player and the master pile."""
    deck = list(DECK)
    rng.shuffle(deck)
    size = DEAL_SIZE[players]
    return [deck[i * size:(i + 1) * size] for i in range(players)], deck[players * size:]


def follows(card: Card, master: Card) -> bool:
    """5(2): a card follows when it holds at least one of the master's two suits."""
    return card.has(master.suit_a) or card.has(master.suit_b)


# --------------------------------------------------------------------------- tricks


@dataclass(frozen=True)
class Play:
    """One card laid in a trick by the player in `seat`."""

    seat: int
    card: Card


@dataclass(frozen=True)
class TrickResult:
    """The adjudication of one complete trick."""

    number: int
    leader: int
    master: Card
    plays: tuple[Play, ...]
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
        return TrickResult(number, leader, master, tuple(plays), counts, follow, None, 0, leader, tuple(rulings))

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
    return TrickResult(number, leader, master, tuple(plays), counts, follow, winner, points, next_leader, tuple(rulings))


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


# --------------------------------------------------------------------------- the game


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
        return frozenset(s for so in self.show_outs if so.seat == seat for s in so.master.suits)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seat(s) with the highest score."""
        top = max(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == top)


def make_setup(raw: Mapping[str, Any]) -> Setup:
    """Read a setup {"players": [...], "first_leader": i, "options": {...}}, refusing bad ones."""
    players, first = read_seating(raw, PLAYER_COUNTS, "hm.player_count", "4(1)", "4(2)")
    options = raw.get("options") or {}
    tie = options.get("tie_winner_leads", OPTIONS["tie_winner_leads"])
    if not isinstance(tie, bool):
        raise RuleError("input.not_bool", "", field="tie_winner_leads")
    return Setup(players, first, tie)


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
    if card in state.used:
        raise RuleError("hm.card_used", "1", card=CardRef(card.code))


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
    for so in state.show_outs:
        if so.seat != seat or so in proven:
            continue
        for suit in so.master.suits:
            if card.has(suit):
                yield Revoke(seat, so, suit, number, card)
                break


def _accept(state: State, seat: int, trick: int) -> State:
    if not any(r.seat == seat and r.shown_out.trick == trick for r in state.revokes):
        raise RuleError("hm.accept_unknown", "RULINGS", seat=SeatRef(seat), trick=trick)
    if (seat, trick) in state.accepted:
        raise RuleError("hm.accept_twice", "RULINGS", seat=SeatRef(seat), trick=trick)
    return replace(state, accepted=state.accepted | {(seat, trick)})


def audit(state: State) -> tuple[Finding, ...]:
    """5(2): every play that failed to follow while the player held a card that followed.

    Cards never enter a hand mid-game, so every card a player plays later was in their
    hand at every earlier trick: each later card holding a master suit is evidence.
    """
    later: dict[int, list[tuple[Card, int]]] = {}
    for trick in state.tricks:
        for play in trick.plays:
            later.setdefault(play.seat, []).append((play.card, trick.number))
    for play in state.plays:
        later.setdefault(play.seat, []).append((play.card, len(state.tricks) + 1))
    findings = []
    for so in state.show_outs:
        held = tuple((card, n) for card, n in later.get(so.seat, []) if n > so.trick and follows(card, so.master))
        if not held:
            continue
        findings.append(Finding(
            Ruling("hm.audit_illegal", "5(2)", {
                "trick": so.trick, "seat": SeatRef(so.seat), "card": CardRef(so.card.code),
                "master": CardRef(so.master.code),
                "cards": CardsRef(tuple(card.code for card, _ in held)),
                "tricks": ", ".join(str(n) for _, n in held),
            }),
            {"seat": so.seat, "trick": so.trick},
            (so.seat, so.trick) in state.accepted,
        ))
    return tuple(findings)


def scores(state: State) -> tuple[int, ...]:
    """Points per seat so far."""
    return state.scores


def rulings(state: State) -> tuple[Ruling, ...]:
    """The rulings that explain the latest completed trick and every proven revoke."""
    last = state.last_trick.rulings if state.last_trick else ()
    return last + tuple(r.ruling for r in state.revokes)


def next_first_leader(setup: Setup) -> int:
    """6: in the next game the first lead moves one seat clockwise (RULINGS default)."""
    return (setup.first_leader + 1) % setup.size


def suggested_games(players: int) -> int:
    """6: play as many games as there are players, and add up the totals."""
    return players


def first_leader_choices(players: Sequence[str]) -> tuple[int, ...]:
    """Who may lead the first trick of a game: anyone at the table."""
    return tuple(range(len(players)))


# --------------------------------------------------------------------------- judge

ASKS = ("trick",)


def judge(request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one rules question (the JSON contract of `companion judge hyper-maker`).

    Returns plain data, with rulings still as Ruling objects for the caller to render.
    """
    read_ask(request, ASKS)
    for name in ("master", "plays"):
        if name not in request:
            raise RuleError("input.missing", "", field=name)
    master = parse_card(request["master"])
    raw_plays = require_list(request, "plays")
    if not MIN_PLAYERS <= len(raw_plays) <= MAX_PLAYERS:
        raise RuleError("hm.play_count", "4(1)", count=len(raw_plays))
    cards = [parse_card(code) for code in raw_plays]
    seen: set[Card] = {master}
    for card in cards:
        if card == master:
            raise RuleError("hm.master_in_plays", "1", card=CardRef(card.code))
        if card in seen:
            raise RuleError("hm.card_twice", "1", card=CardRef(card.code))
        seen.add(card)
    tie_winner_leads = request.get("tie_winner_leads", False)
    if not isinstance(tie_winner_leads, bool):
        raise RuleError("input.not_bool", "", field="tie_winner_leads")
    plays = [Play(i, card) for i, card in enumerate(cards)]
    result = resolve(master, 0, plays, tie_winner_leads=tie_winner_leads)
    answer: dict[str, Any] = {
        "follow_suit": result.follow,
        "winner": result.winner,
        "points": result.points,
        "next_leader": result.next_leader,
        "counts": dict(result.counts),
        "rulings": list(result.rulings),
    }
    if "hands" in request:
        answer["illegal"] = _illegal_plays(master, cards, request["hands"])
    return answer


def _illegal_plays(master: Card, cards: Sequence[Card], raw_hands: object) -> list[dict[str, Any]]:
    """5(2): a play holding neither master suit is illegal if the hand held a card that did."""
    if not isinstance(raw_hands, list):
        raise RuleError("input.not_list", "", field="hands")
    if len(raw_hands) != len(cards):
        raise RuleError("hm.hands_count", "", count=len(raw_hands), plays=len(cards))
    seen: set[Card] = {master}
    illegal: list[dict[str, Any]] = []
    for i, (played, raw_hand) in enumerate(zip(cards, raw_hands)):
        if not isinstance(raw_hand, list):
            raise RuleError("input.not_list", "", field="hands")
        hand = [parse_card(code) for code in raw_hand]
        for card in hand:
            if card in seen:
                raise RuleError("hm.card_twice", "1", card=CardRef(card.code))
            seen.add(card)
        if played not in hand:
            raise RuleError("hm.play_not_in_hand", "", seat=SeatRef(i), card=CardRef(played.code))
        could = tuple(c.code for c in hand if follows(c, master))
        if not follows(played, master) and could:
            illegal.append({
                "player": i,
                "card": played.code,
                "could_follow_with": list(could),
                "ruling": Ruling("hm.illegal_play", "5(2)",
                                 {"seat": SeatRef(i), "card": CardRef(played.code),
                                  "cards": CardsRef(could), "suit_a": SuitRef(master.suit_a),
                                  "suit_b": SuitRef(master.suit_b)}),
            })
    return illegal


MESSAGES: Mapping[str, str] = {
    "hm.card_malformed": N_("“%(text)s” is not a Hyper Maker card: write two suit letters (R, B, G, Y), each with its value, such as R5B6."),
    "hm.card_unknown_suit": N_("“%(text)s”: there is no suit “%(suit)s”; the suits are R red, B blue, G green and Y yellow."),
    "hm.card_same_suit": N_("“%(text)s”: a card has two different suits."),
    "hm.card_value_range": N_("“%(text)s”: values run from 1 to 10."),
    "hm.card_sum": N_("“%(text)s” does not exist: the two values on a card add up to 11, not %(total)s."),
    "hm.card_used": N_("%(card)s has already been played in this game."),
    "hm.card_twice": N_("%(card)s appears twice."),
    "hm.master_in_plays": N_("%(card)s is the master card; it cannot also be played."),
    "hm.play_count": N_("A trick has one card per player, 3 to 5 cards; got %(count)s."),
    "hm.player_count": N_("Hyper Maker is for 3 to 5 players; got %(count)s."),
    "hm.hands_count": N_("Give one hand per play: %(plays)s plays but %(count)s hands."),
    "hm.play_not_in_hand": N_("%(seat)s played %(card)s, which is not in the hand given for them."),
    "hm.game_over": N_("This game is over: every card has been played."),
    "hm.master_already": N_("The master card is already on the table; the next card is %(seat)s's."),
    "hm.master_first": N_("Turn the master card before anyone plays."),
    "hm.not_your_turn": N_("It is %(seat)s's turn to play."),
    "hm.cannot_win": N_("%(seat)s played %(card)s, holding neither %(suit_a)s nor %(suit_b)s: they take no part and cannot win."),
    "hm.no_follow": N_("Nobody played %(suit_a)s or %(suit_b)s: no winner; the trick leaves the game."),
    "hm.same_leader": N_("No winner: %(seat)s leads again."),
    "hm.follow_by_count": N_("%(suit)s follows: %(count)s cards hold it against %(other_count)s holding %(other)s."),
    "hm.follow_by_master_value": N_("Both suits were played %(count)s times; %(suit)s follows, since the master shows %(suit)s %(value)s against %(other)s %(other_value)s."),
    "hm.master_highest": N_("The master card's %(suit)s %(value)s is the highest: nobody wins; the trick leaves the game."),
    "hm.highest_wins": N_("%(seat)s wins with %(card)s, the highest %(suit)s (%(value)s)."),
    "hm.tie_later_wins": N_("The highest %(suit)s value, %(value)s, was laid more than once: the later one wins, so %(seat)s takes the trick."),
    "hm.points": N_("%(seat)s scores %(points)s: the master card's %(suit)s value, the suit that did not follow."),
    "hm.winner_leads": N_("%(seat)s, the winner, leads next."),
    "hm.tie_same_leader": N_("After a tie, the same player as in this trick leads next: %(seat)s."),
    "hm.tie_winner_leads_option": N_("House rule: the tie winner, %(seat)s, leads next."),
    "hm.revoke": N_("Proven revoke: in trick %(trick)s %(seat)s played %(played)s on master %(master)s, as if holding no %(suit)s; in trick %(later_trick)s they played %(card)s."),
    "hm.illegal_play": N_("%(seat)s played %(card)s while holding %(cards)s, which hold %(suit_a)s or %(suit_b)s: they had to follow."),
    "hm.audit_illegal": N_("Trick %(trick)s: %(seat)s played %(card)s on master %(master)s while holding %(cards)s, played in trick(s) %(tricks)s."),
    "hm.accept_unknown": N_("There is no proven revoke by %(seat)s in trick %(trick)s to accept."),
    "hm.accept_twice": N_("The table has already accepted %(seat)s's play in trick %(trick)s."),
}


def card_parts(code: str) -> tuple[tuple[str, str], ...]:
    """The (suit, value) marks printed on a card, for showing it: "R5B6" -> (("R","5"),("B","6"))."""
    card = parse_card(code)
    return ((card.suit_a, str(card.value_a)), (card.suit_b, str(card.value_b)))


def form_payload(kind: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """An entry from the page's form: the tapped "card", and "seat"/"trick" as numbers.

    The picker's suit-pair radio and anything else the form carries are left out.
    """
    payload: dict[str, Any] = {}
    if kind in ("master", "play"):
        payload["card"] = form_text(fields, "card")
    if kind in ("play", "accept"):
        payload["seat"] = form_int(fields, "seat")
    if kind == "accept":
        payload["trick"] = form_int(fields, "trick")
    return payload


def quick_judge_request(fields: Mapping[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The quick judge's form, as a judge request once enough cards are in.

    `fields` holds the cards entered so far ("cards", dot-separated, master first), a newly
    tapped "card", or "back" to take the last one back. Returns (request or None, what the
    page shows: the cards entered).
    """

    cards: list[Card] = []
    for code in form_text(fields, "cards").split("."):
        try:
            card = parse_card(code)
        except RuleError:
            continue
        if card not in cards:
            cards.append(card)
    if "back" in fields and cards:
        cards.pop()
    elif form_text(fields, "card"):
        try:
            tapped: Card | None = parse_card(form_text(fields, "card"))
        except RuleError:
            tapped = None
        if tapped is not None and tapped not in cards and len(cards) < 1 + MAX_PLAYERS:
            cards.append(tapped)
    entered = {"cards": tuple(cards), "master": cards[0] if cards else None, "plays": tuple(cards[1:]),
               "full": len(cards) >= 1 + MAX_PLAYERS}
    if len(cards) - 1 < MIN_PLAYERS:
        return None, entered
    return {"ask": "trick", "master": cards[0].code, "plays": [c.code for c in cards[1:]]}, entered
