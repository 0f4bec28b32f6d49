"""ツインシュート (Twin Shoot): teams of two bid tricks in secret; the partner decides the follow.

Rulebook: shared/rules/002_53a106b024f6a4e1.txt, the first game (05:ツインシュート). The text
has no numbered clauses, so every Ruling names the heading it comes from, with the list
number where the text numbers its items:

    "カードの強さ"               rank and suit order, bid values of the suits
    "ゲームの準備"               4 or 6 players, teams of neighbours, the deck (7-A or 3-A),
                                 the first opening leader is a right-side player
    "遊び方"                     12 cards each
    "ビッドフェーズ"             two bid cards, bid = sum of their suit values, open bid
    "トリックテイキングフェーズ"  the opening leader leads; 10 tricks, then scoring
    "トリックテイキングフェーズ 1".."5"  the numbered steps (2: who must follow what, and the
                                 partner plays second; 3: suit/rank follow fixed, no switch;
                                 4: the winner; 5: the winner leads next)
    "点数計算"                   bid cards are turned up; a team's points are the four kinds
    "点数計算 1".."点数計算 4"    trick points, shoot, twin shoot, overhead twin shoot
    "ゲームの終了"               opening-leader rotation, end at 100, shared wins
    "RULINGS"                    a decision of shared/rules/RULINGS.md or of this module,
                                 where the text is silent (listed below)

Seats are 0..n-1 clockwise. Teams are neighbours (0, 1), (2, 3), (4, 5); team t is seats
2t and 2t+1. A team's right-side player is seat 2t (their partner is their left neighbour,
the next seat clockwise), the left-side player seat 2t+1 (RULINGS).

A game is several hands; after each hand's scoring the game ends if a team has 100 or more
(ゲームの終了). Each hand: 12 cards dealt to everybody (every card is dealt: 48 = 4 x 12,
72 = 6 x 12), 2 bid cards laid face down, then 10 tricks.

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
               suggests the lowest. The last one scores the hand.
    "undo" is handled by base.replay.

What the page reads from State (besides setup, players = the player count, is_over)
    phase ("play" | "reveal" | "over"), expected_seat, hand_number, trick_number, leader,
    direction (+1 clockwise / -1 counter-clockwise, this trick), follow ("suit" | "rank" |
    None so far), fixed_by, plays (this trick), tricks / last_trick (this hand), tricks_won
    (per seat), team_tricks, totals (per team), teams, history (HandResult per scored hand),
    may_open_bid, open_bid_team, bids (known bid cards per seat), hidden_bids,
    can_change_leader, opening_leader, default_opening_leader, next_opening_leader,
    first_opening_leader, last_place_team, leading_teams, winners, last_hand, show_outs,
    revokes, voids(seat), void_ranks(seat). A hand's details sit in state.hand (Hand).
    Pure helpers for the page: first_leader_choices(players) (the new-game form's hook),
    leader_choices(state), open_bid_note(state), form_payload(kind, fields) (the web
    layer's hook that shapes a form into an entry), quick_judge_request(fields) (the
    referee desk's one-trick judge).

Decisions where the text is silent (clause "RULINGS")
    - The app never sees the hands, so it cannot refuse a card that fails to follow. A player
      who fails to follow is shown void: in the lead suit AND the lead rank while no follow is
      fixed, afterwards only in the fixed one. Cards never enter a hand mid-hand, so a later
      card of that suit or rank in the same hand proves a revoke; no penalty is applied.
      Bid cards lie on the table, not in the hand, so they never prove a revoke.
    - No card can match the lead in both suit and rank: each suit holds each rank once, so
      such a card would be the lead itself. A card fixes suit-follow or rank-follow, never both.
    - Every card exists once per hand: a card already played or entered as a bid card (open
      bid or revealed) is refused; once every bid is turned up, every card of the deck is
      accounted for (10 played + 2 bid cards per player).
    - Open bid: never in hand 1 (all teams are tied at 0), and not when two or more teams
      share the last place. The overhead bonus comes on top of shoot and twin.
    - Opening leader: hand h (1-based) goes to team (t1 + h - 1) mod teams, where t1 is the
      team that led hand 1, its right-side player in odd rounds and its left-side player in
      even rounds (a round is one lap of all teams). A "leader" entry changes only that hand;
      the rotation stays anchored on hand 1.
    - Next game: the first leader is the right-side player of the team after the setup's
      first leader (a "leader" entry in hand 1 does not move it).
    - The judge's trick question names players by play order: index 0 (Player A) leads.
    - The score question of the judge cannot check who was alone in last place (it does not
      know the totals before the hand); it scores the open bid it is told about.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .contract import Evening, Gettext, Option, Outcome, Words, read_options
from .kit import evening as kit_evening
from .kit.seats import Seating, left_of, read_seating
from .base import (
    N_,
    CardRef,
    CardsRef,
    Event,
    Finding,
    RuleError,
    Ruling,
    SeatRef,
    SuitRef,
    form_int,
    form_text,
    read_ask,
    require_int,
    require_list,
)

SLUG = "twin-shoot"
NAME = N_("Twin Shoot")
PLAYER_COUNTS = (4, 6)

OPTIONS: tuple[Option, ...] = ()
"""Twin Shoot has no table options."""

# Clause labels (headings of the rule text).
C_STRENGTH = "カードの強さ"
C_SETUP = "ゲームの準備"
C_DEAL = "遊び方"
C_BID = "ビッドフェーズ"
C_TRICKS = "トリックテイキングフェーズ"
C_SCORE = "点数計算"
C_END = "ゲームの終了"
C_RULINGS = "RULINGS"


def c_step(n: int) -> str:
    """The label of step `n` (1-5) of the trick-taking phase."""
    return f"{C_TRICKS} {n}"


def c_score(n: int) -> str:
    """The label of kind `n` (1-4) of points."""
    return f"{C_SCORE} {n}"


SUITS = ("L", "X", "C", "H", "S", "D")
"""カードの強さ: the six suits, strongest first: leaf, cross, club, heart, spade, diamond."""

SUIT_VALUES: Mapping[str, int] = {"L": 5, "X": 4, "C": 3, "H": 2, "S": 1, "D": 0}
"""カードの強さ: what each suit counts in a bid."""

SUIT_NAMES: Mapping[str, str] = {
    "L": N_("leaf"),
    "X": N_("cross"),
    "C": N_("club"),
    "H": N_("heart"),
    "S": N_("spade"),
    "D": N_("diamond"),
}
SUIT_SYMBOLS: Mapping[str, str] = {"L": "❦", "X": "✚", "C": "♣", "H": "♥", "S": "♠", "D": "♦"}

RANK_TEXT: Mapping[int, str] = {14: "A", 13: "K", 12: "Q", 11: "J"}
RANK_OF_TEXT: Mapping[str, int] = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10}
HIGHEST_RANK = 14
LOWEST_RANK: Mapping[int, int] = {4: 7, 6: 3}
"""ゲームの準備: four players remove 2-6 (48 cards), six players remove the 2s (72 cards)."""

HAND_SIZE = 12
"""遊び方: cards dealt to each player."""
BID_CARDS = 2
TRICKS_PER_HAND = 10
TARGET = 100
SHOOT_BONUS = 10
TWIN_BONUS = 10
OVERHEAD_BONUS = 30


def rank_text(rank: int) -> str:
    """How a rank is printed: "A", "K", "Q", "J", "10" ... "3"."""
    return RANK_TEXT.get(rank, str(rank))


@dataclass(frozen=True)
class Card:
    """One card: a suit letter and a rank (3..14, where 11 J, 12 Q, 13 K, 14 A)."""

    suit: str
    rank: int

    @property
    def code(self) -> str:
        """The short code, for example "LA", "X10", "H7"."""
        return self.suit + rank_text(self.rank)

    @property
    def rank_text(self) -> str:
        return rank_text(self.rank)

    @property
    def value(self) -> int:
        """The card's bid value: its suit's number (カードの強さ)."""
        return SUIT_VALUES[self.suit]

    @property
    def suit_strength(self) -> int:
        """Higher is stronger: leaf 6 ... diamond 1."""
        return len(SUITS) - SUITS.index(self.suit)

    def __str__(self) -> str:
        return self.code


def deck(players: int) -> tuple[Card, ...]:
    """ゲームの準備: the cards used by `players` players, strongest suit and rank first."""
    low = LOWEST_RANK[players]
    return tuple(Card(s, r) for s in SUITS for r in range(HIGHEST_RANK, low - 1, -1))


_CARD_RE = re.compile(r"^\s*([A-Za-z])\s*([0-9]{1,2}|[A-Za-z])\s*$")


def parse_card(text: object, players: int | None = None) -> Card:
    """Read a card code such as "LA", "x10" or "H7".

    Refuses anything that is not a card of the game (no 2s are used); with `players`, also
    a card outside that deck (four players use 7-A only).
    """
    if not isinstance(text, str):
        raise RuleError("ts.card_malformed", C_STRENGTH, text=str(text))
    match = _CARD_RE.match(text)
    if not match:
        raise RuleError("ts.card_malformed", C_STRENGTH, text=text)
    suit, rank_part = match.group(1).upper(), match.group(2).upper()
    if suit not in SUITS:
        raise RuleError("ts.card_unknown_suit", C_STRENGTH, text=text, suit=suit)
    rank = RANK_OF_TEXT.get(rank_part) if rank_part.isalpha() else int(rank_part)
    if rank == 2:
        raise RuleError("ts.card_no_twos", C_SETUP, text=text)
    if rank is None or not 3 <= rank <= HIGHEST_RANK:
        raise RuleError("ts.card_unknown_rank", C_STRENGTH, text=text, rank=rank_part)
    card = Card(suit, rank)
    if players is not None and players in LOWEST_RANK and rank < LOWEST_RANK[players]:
        raise RuleError("ts.card_not_in_deck", C_SETUP, card=CardRef(card.code),
                        players=players, low=rank_text(LOWEST_RANK[players]))
    return card


def deal(rng: random.Random, players: int) -> list[list[Card]]:
    """遊び方: shuffle with `rng` and deal the whole deck, 12 cards to each player."""
    cards = list(deck(players))
    rng.shuffle(cards)
    return [cards[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(players)]


def bid_value(cards: Iterable[Card]) -> int:
    """ビッドフェーズ: the tricks a bid predicts, the sum of its cards' suit values."""
    return sum(card.value for card in cards)


# --------------------------------------------------------------------------- seats and teams


def team_of(seat: int) -> int:
    return seat // 2


def team_seats(team: int) -> tuple[int, int]:
    return (2 * team, 2 * team + 1)


def partner(seat: int) -> int:
    return seat ^ 1


def is_right_side(seat: int) -> bool:
    """RULINGS: the right-side player of a pair is the one whose partner sits on their left."""
    return seat % 2 == 0


def direction_for(leader: int) -> int:
    """トリックテイキングフェーズ 2: +1 (clockwise) if the leader's partner is their left
    neighbour (the next seat clockwise), -1 if it is their right neighbour."""
    return 1 if is_right_side(leader) else -1


def play_order(leader: int, players: int) -> tuple[int, ...]:
    """The seats in the order they play a trick led by `leader`: partner second."""
    step = direction_for(leader)
    return tuple((leader + step * i) % players for i in range(players))


def last_place_team(totals: Sequence[int]) -> int | None:
    """ビッドフェーズ: the team alone in last place, or None if the lowest total is shared."""
    low = min(totals)
    teams = [t for t, total in enumerate(totals) if total == low]
    return teams[0] if len(teams) == 1 else None


def default_opening_leader(first_opening_leader: int, hand_number: int, players: int) -> int:
    """ゲームの終了: the opening leader the rotation gives hand `hand_number` (1-based).

    The lead moves clockwise to the next team each hand; during the first lap of the teams
    it is the right-side player, the second lap the left-side player, and so on.
    """
    teams = players // 2
    k = hand_number - 1
    team = (team_of(first_opening_leader) + k) % teams
    lap = k // teams
    return 2 * team + lap % 2


def _team_params(team: int, teams: Sequence[tuple[int, int]] | None = None) -> dict[str, Any]:
    first, second = teams[team] if teams is not None else team_seats(team)
    return {"first": SeatRef(first), "second": SeatRef(second)}


# --------------------------------------------------------------------------- tricks


@dataclass(frozen=True)
class Play:
    """One card laid in a trick by the player in `seat`."""

    seat: int
    card: Card


def fixed_follow(lead: Card, follow: str | None, card: Card) -> str | None:
    """トリックテイキングフェーズ 3: the follow after `card` is laid on `lead`.

    The first card of the lead's suit fixes suit-follow, the first of its rank fixes
    rank-follow; once fixed it never switches.
    """
    if follow is not None:
        return follow
    if card.suit == lead.suit:
        return "suit"
    if card.rank == lead.rank:
        return "rank"
    return None


def shown_void(lead: Card, follow: str | None, card: Card) -> tuple[str | None, int | None]:
    """(suit, rank) that `card`, laid while `follow` held, shows its player cannot have.

    Before a follow is fixed a card of neither the lead's suit nor its rank shows both
    missing (トリックテイキングフェーズ 2); afterwards only the fixed one binds (3).
    """
    if follow is None:
        if card.suit == lead.suit or card.rank == lead.rank:
            return (None, None)
        return (lead.suit, lead.rank)
    if follow == "suit":
        return (None, None) if card.suit == lead.suit else (lead.suit, None)
    return (None, None) if card.rank == lead.rank else (None, lead.rank)


def must_play(lead: Card, follow: str | None, hand: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of `hand` a player must choose from; empty means any card will do."""
    if follow is None:
        return tuple(c for c in hand if c.suit == lead.suit or c.rank == lead.rank)
    if follow == "suit":
        return tuple(c for c in hand if c.suit == lead.suit)
    return tuple(c for c in hand if c.rank == lead.rank)


def play_ruling(lead: Card, follow: str | None, play: Play) -> Ruling | None:
    """What laying `play` (not the lead) on `lead`, with `follow` so far, decided."""
    card = play.card
    seat = SeatRef(play.seat)
    if follow is None:
        new = fixed_follow(lead, None, card)
        if new == "suit":
            return Ruling("ts.suit_follow", c_step(3),
                          {"seat": seat, "card": CardRef(card.code), "suit": SuitRef(lead.suit)})
        if new == "rank":
            return Ruling("ts.rank_follow", c_step(3),
                          {"seat": seat, "card": CardRef(card.code), "rank": lead.rank_text})
        return Ruling("ts.show_out_both", c_step(2),
                      {"seat": seat, "card": CardRef(card.code), "suit": SuitRef(lead.suit),
                       "rank": lead.rank_text})
    if follow == "suit" and card.suit != lead.suit:
        key = "ts.no_switch_to_rank" if card.rank == lead.rank else "ts.show_out_suit"
        return Ruling(key, c_step(3), {"seat": seat, "card": CardRef(card.code),
                                       "suit": SuitRef(lead.suit), "rank": lead.rank_text})
    if follow == "rank" and card.rank != lead.rank:
        key = "ts.no_switch_to_suit" if card.suit == lead.suit else "ts.show_out_rank"
        return Ruling(key, c_step(3), {"seat": seat, "card": CardRef(card.code),
                                       "suit": SuitRef(lead.suit), "rank": lead.rank_text})
    return None


def trick_so_far(plays: Sequence[Play]) -> tuple[str | None, int | None, tuple[Ruling, ...]]:
    """(follow, seat that fixed it, rulings of the plays after the lead) for a partial trick."""
    if not plays:
        return None, None, ()
    lead = plays[0].card
    follow: str | None = None
    fixed_by: int | None = None
    rulings: list[Ruling] = []
    for play in plays[1:]:
        ruling = play_ruling(lead, follow, play)
        if ruling is not None:
            rulings.append(ruling)
        new = fixed_follow(lead, follow, play.card)
        if new != follow:
            follow, fixed_by = new, play.seat
    return follow, fixed_by, tuple(rulings)


@dataclass(frozen=True)
class TrickResult:
    """The adjudication of one complete trick."""

    number: int
    leader: int
    direction: int
    plays: tuple[Play, ...]
    follow: str | None
    fixed_by: int | None
    winner: int
    rulings: tuple[Ruling, ...]

    @property
    def lead(self) -> Card:
        return self.plays[0].card

    @property
    def winning_card(self) -> Card:
        return next(p.card for p in self.plays if p.seat == self.winner)


def resolve(plays: Sequence[Play], *, number: int = 1, direction: int = 1) -> TrickResult:
    """トリックテイキングフェーズ 4: decide a complete trick, the lead card competing.

    Suit-follow: the highest rank of the lead suit wins. Rank-follow: the strongest suit
    among the cards of the lead rank. Neither: the leader wins.
    """
    follow, fixed_by, play_rulings = trick_so_far(plays)
    lead = plays[0].card
    rulings = list(play_rulings)
    if follow == "suit":
        best = max((p for p in plays if p.card.suit == lead.suit), key=lambda p: p.card.rank)
        rulings.append(Ruling("ts.win_suit", c_step(4),
                              {"seat": SeatRef(best.seat), "card": CardRef(best.card.code),
                               "suit": SuitRef(lead.suit)}))
    elif follow == "rank":
        best = max((p for p in plays if p.card.rank == lead.rank), key=lambda p: p.card.suit_strength)
        rulings.append(Ruling("ts.win_rank", c_step(4),
                              {"seat": SeatRef(best.seat), "card": CardRef(best.card.code),
                               "rank": lead.rank_text}))
    else:
        best = plays[0]
        rulings.append(Ruling("ts.win_no_follow", c_step(4),
                              {"seat": SeatRef(best.seat), "card": CardRef(best.card.code)}))
    return TrickResult(number, plays[0].seat, direction, tuple(plays), follow, fixed_by,
                       best.seat, tuple(rulings))


# --------------------------------------------------------------------------- voids and revokes


@dataclass(frozen=True)
class ShowOut:
    """A card that failed to follow: its player holds no `suit` / no `rank` (None: not shown)."""

    seat: int
    trick: int
    card: Card
    lead: Card
    suit: str | None
    rank: int | None

    @property
    def clause(self) -> str:
        return c_step(2) if self.suit is not None and self.rank is not None else c_step(3)


@dataclass(frozen=True)
class Revoke:
    """Proof that a player failed to follow while able to: a later card of the same hand of a
    suit or rank they showed out of. No penalty is set; the app shows it (RULINGS)."""

    seat: int
    shown_out: ShowOut
    kind: str  # "suit" or "rank"
    trick: int
    card: Card

    @property
    def ruling(self) -> Ruling:
        so = self.shown_out
        params: dict[str, Any] = {
            "seat": SeatRef(self.seat), "trick": so.trick, "played": CardRef(so.card.code),
            "lead": CardRef(so.lead.code), "later_trick": self.trick, "card": CardRef(self.card.code),
        }
        if self.kind == "suit":
            params["suit"] = SuitRef(so.lead.suit)
            return Ruling("ts.revoke_suit", so.clause, params)
        params["rank"] = so.lead.rank_text
        return Ruling("ts.revoke_rank", so.clause, params)


def proven_revokes(show_outs: Iterable[ShowOut], proven: Iterable[Revoke], seat: int, card: Card,
                   trick: int) -> tuple[Revoke, ...]:
    """Earlier show-outs by `seat` that `card` contradicts; each offence is proven once."""
    done = {r.shown_out for r in proven}
    found = []
    for so in show_outs:
        if so.seat != seat or so in done:
            continue
        if so.suit is not None and card.suit == so.suit:
            found.append(Revoke(seat, so, "suit", trick, card))
        elif so.rank is not None and card.rank == so.rank:
            found.append(Revoke(seat, so, "rank", trick, card))
    return tuple(found)


# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class TeamScore:
    """点数計算: one team's points for one hand, by kind."""

    tricks: int = 0
    shoot: int = 0
    twin: int = 0
    overhead: int = 0

    @property
    def total(self) -> int:
        return self.tricks + self.shoot + self.twin + self.overhead

    def as_dict(self) -> dict[str, int]:
        return {"tricks": self.tricks, "shoot": self.shoot, "twin": self.twin, "overhead": self.overhead}


def score_hand(
    bids: Sequence[int],
    tricks: Sequence[int],
    teams: Sequence[tuple[int, int]],
    open_bid_team: int | None,
) -> tuple[tuple[bool, ...], tuple[TeamScore, ...], tuple[Ruling, ...]]:
    """点数計算: (made per seat, points per team by kind, rulings) for one hand."""
    made = tuple(b == t for b, t in zip(bids, tricks))
    rulings: list[Ruling] = []
    for seat, (bid, took) in enumerate(zip(bids, tricks)):
        rulings.append(Ruling("ts.bid_made" if made[seat] else "ts.bid_missed", c_score(2),
                              {"seat": SeatRef(seat), "bid": bid, "tricks": took}))
    scores: list[TeamScore] = []
    for index, (a, b) in enumerate(teams):
        names = _team_params(index, teams)
        took = tricks[a] + tricks[b]
        exact = int(made[a]) + int(made[b])
        score = TeamScore(tricks=took, shoot=SHOOT_BONUS * exact, twin=TWIN_BONUS if exact == 2 else 0)
        rulings.append(Ruling("ts.trick_points", c_score(1), {**names, "points": took}))
        if exact:
            rulings.append(Ruling("ts.shoot", c_score(2), {**names, "count": exact, "points": score.shoot}))
        if exact == 2:
            rulings.append(Ruling("ts.twin", c_score(3), {**names, "points": TWIN_BONUS}))
        scores.append(score)
    if open_bid_team is not None:
        a, b = teams[open_bid_team]
        names = _team_params(open_bid_team, teams)
        if made[a] and made[b]:
            scores[open_bid_team] = replace(scores[open_bid_team], overhead=OVERHEAD_BONUS)
            rulings.append(Ruling("ts.overhead_made", c_score(4), {**names, "points": OVERHEAD_BONUS}))
        else:
            for index in range(len(teams)):
                if index != open_bid_team:
                    scores[index] = replace(scores[index], overhead=OVERHEAD_BONUS)
            rulings.append(Ruling("ts.overhead_missed", c_score(4), {**names, "points": OVERHEAD_BONUS}))
    for index, score in enumerate(scores):
        rulings.append(Ruling("ts.team_points", C_SCORE, {**_team_params(index, teams), "points": score.total}))
    return made, tuple(scores), tuple(rulings)


# --------------------------------------------------------------------------- the game


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
            return (self.hand.leader + direction_for(self.hand.leader) * len(self.hand.plays)) % self.players
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
        return frozenset(so.suit for so in self.hand.show_outs if so.seat == seat and so.suit is not None)

    def void_ranks(self, seat: int) -> tuple[str, ...]:
        """The ranks `seat` has shown to hold none of, this hand, highest first, as printed."""
        ranks = {so.rank for so in self.hand.show_outs if so.seat == seat and so.rank is not None}
        return tuple(rank_text(r) for r in sorted(ranks, reverse=True))


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
    """Take one entry: "leader", "open_bid", "play" or "reveal" (see the module docstring), or
    "accept" {"hand", "seat", "trick"}: the table lets a proven revoke stand (also after the game)."""
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
        raise RuleError("ts.open_bid_twice", C_BID, **_team_params(state.hand.open_bid_team))
    if state.hand.number == 1:
        raise RuleError("ts.open_bid_first_hand", C_BID)
    last = state.last_place_team
    if last is None:
        raise RuleError("ts.open_bid_nobody_last", C_BID)
    if team != last:
        raise RuleError("ts.open_bid_not_last", C_BID, **_team_params(team),
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
        Ruling("ts.open_bid", C_BID, {**_team_params(team)}),
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
    if any(b is None for b in bids):
        return state
    return _score(state)


def _score(state: State) -> State:
    hand = state.hand
    pairs = [b for b in hand.bids if b is not None]
    values = tuple(bid_value(pair) for pair in pairs)
    won = state.tricks_won
    made, breakdown, rulings = score_hand(values, won, state.teams, hand.open_bid_team)
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
            end.append(Ruling("ts.team_wins", C_END, {**_team_params(team), "total": totals[team]}))
        if len(state.winners) > 1:
            end.append(Ruling("ts.shared_win", C_END, {"count": len(state.winners)}))
        all_rulings = rulings + tuple(end) + tuple(r.ruling for r in hand.revokes)
        return replace(state, last_rulings=all_rulings)
    nxt = state.next_opening_leader
    end.append(Ruling("ts.next_opening_leader", C_END, {"seat": SeatRef(nxt)}))
    last = last_place_team(totals)
    if last is not None:
        end.append(Ruling("ts.open_bid_allowed", C_BID, _team_params(last)))
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


def next_first_leader(setup: Setup | Mapping[str, Any]) -> int:
    """The next game's first leader: the right-side player of the next team (RULINGS)."""
    if isinstance(setup, Setup):
        first, size = setup.first_leader, setup.size
    else:
        parsed = make_setup(setup)
        first, size = parsed.first_leader, parsed.size
    return 2 * ((team_of(first) + 1) % (size // 2))


def suggested_games(players: int) -> int:
    """ゲームの終了: one game already runs over several hands until a team reaches 100."""
    return 1


def card_parts(code: str) -> tuple[tuple[str, str], ...]:
    """How to show a card: "X10" -> (("X", "10"),)."""
    card = parse_card(code)
    return ((card.suit, card.rank_text),)


# --------------------------------------------------------------------------- for the page


def first_leader_choices(players: Sequence[str]) -> tuple[int, ...]:
    """ゲームの準備: who may lead hand 1, the right-side players (seats 0, 2, 4)."""
    return tuple(seat for seat in range(len(players)) if is_right_side(seat))


def leader_choices(state: State) -> tuple[int, ...]:
    """Who may be named opening leader of the hand in play: in hand 1 only a right-side
    player (ゲームの準備), later anyone (RULINGS); empty once its first card is down."""
    if not state.can_change_leader:
        return ()
    if state.hand_number == 1:
        return first_leader_choices(state.setup.players)
    return tuple(range(state.players))


def open_bid_note(state: State) -> Ruling | None:
    """What the table may do about an open bid in the hand in play (ビッドフェーズ), or None
    once the chance is gone without one."""
    if state.open_bid_team is not None:
        return Ruling("ts.open_bid", C_BID, _team_params(state.open_bid_team))
    if state.phase != "play" or state.hand.started:
        return None
    if state.hand_number == 1:
        return Ruling("ts.open_bid_first_hand", C_BID)
    last = state.last_place_team
    if last is None:
        return Ruling("ts.open_bid_nobody_last", C_BID)
    return Ruling("ts.open_bid_now", C_BID, _team_params(last))


def _hand_revokes(state: State) -> tuple[tuple[int, Revoke], ...]:
    """Every proven revoke of the game so far, with its hand number."""
    found = [(h.number, r) for h in state.history for r in h.revokes]
    if not state.is_over:
        found += [(state.hand.number, r) for r in state.revokes]
    return tuple(found)


def _accept(state: State, payload: Mapping[str, Any]) -> State:
    ref = (require_int(payload, "hand"), require_int(payload, "seat"), require_int(payload, "trick"))
    if not any((n, r.seat, r.shown_out.trick) == ref for n, r in _hand_revokes(state)):
        raise RuleError("ts.accept_unknown", "RULINGS", hand=ref[0], seat=SeatRef(ref[1]), trick=ref[2])
    if ref in state.accepted:
        raise RuleError("ts.accept_twice", "RULINGS", hand=ref[0], seat=SeatRef(ref[1]), trick=ref[2])
    return replace(state, accepted=state.accepted | {ref})


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


def form_payload(kind: str, fields: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The entry a page form sends, as apply() reads it; `fields` are the form's value lists.

    "seat" and "team" become whole numbers (left as typed if they are not, for apply() to
    refuse); "cards" is a reveal's two cards; an open bid sends each teammate's two cards as
    "first_cards" (seat 2t) and "second_cards" (seat 2t + 1). The pickers' suit tabs and
    anything else are left out.
    """


    payload: dict[str, Any] = {}
    if "seat" in fields:
        payload["seat"] = form_int(fields, "seat")
    if kind == "accept":
        payload.update(hand=form_int(fields, "hand"), trick=form_int(fields, "trick"))
    if kind == "play":
        payload["card"] = form_text(fields, "card")
    elif kind == "reveal":
        payload["cards"] = [str(c) for c in fields.get("cards", ())]
    elif kind == "open_bid":
        payload["team"] = form_int(fields, "team")
        payload["bids"] = [[str(c) for c in fields.get("first_cards", ())],
                           [str(c) for c in fields.get("second_cards", ())]]
    return payload


def quick_judge_request(fields: Mapping[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The referee desk's quick judge: one trick's cards, as a "trick" judge request once
    every player's card is in.

    `fields` (a form's value lists) holds "players" (4 or 6), the cards entered so far
    ("cards", dot-separated, in play order, the leader's first), a newly tapped "card", or
    "back" to take the last one back. Anything unreadable is dropped, never raised. Returns
    (request or None, what the page shows: players, cards, the follow so far, full, and the
    fields to carry in the address).
    """

    count = form_text(fields, "players")
    players = int(count) if count.isdigit() and int(count) in PLAYER_COUNTS else None
    cards: list[Card] = []
    if players is not None:
        for code in form_text(fields, "cards").split(".") if form_text(fields, "cards") else ():
            try:
                card = parse_card(code, players)
            except RuleError:
                break
            if card in cards or len(cards) == players:
                break
            cards.append(card)
        if "back" in fields:
            if cards:
                cards.pop()
        elif form_text(fields, "card") and len(cards) < players:
            tapped: Card | None
            try:
                tapped = parse_card(form_text(fields, "card"), players)
            except RuleError:
                tapped = None
            if tapped is not None and tapped not in cards:
                cards.append(tapped)
    follow, fixed_by, _ = trick_so_far([Play(i, card) for i, card in enumerate(cards)])
    entered = {
        "players": players, "cards": tuple(cards), "follow": follow, "fixed_by": fixed_by,
        "full": players is not None and len(cards) == players,
        "carried": {"players": players, "cards": ".".join(c.code for c in cards)} if players else {},
    }
    if not entered["full"]:
        return None, entered
    return {"ask": "trick", "players": players, "plays": [c.code for c in cards]}, entered


# --------------------------------------------------------------------------- judge

ASKS = ("trick", "score")


def judge(request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one rules question (the JSON contract of `companion judge twin-shoot`).

    trick: {"players": 4|6, "plays": [codes in play order, leader first], "hands"?: [[codes
        held before the trick], ... per player in play order]} -> {"follow", "fixed_by",
        "winner" (index into plays), "rulings", and with hands "illegal"}.
    score: {"players": 4|6, "bids": [[c, c] per seat clockwise], "tricks": [per seat],
        "open_bid_team"?: team index or null, "teams"?: [[seat, seat], ...]} -> {"bids",
        "made", "team_points", "breakdown", "rulings"}.
    Returns plain data, with rulings still as Ruling objects for the caller to render.
    """
    ask = read_ask(request, ASKS)
    if "players" not in request:
        raise RuleError("input.missing", "", field="players")
    players = require_int(request, "players")
    if players not in PLAYER_COUNTS:
        raise RuleError("ts.player_count", C_SETUP, count=players)
    if ask == "trick":
        return _judge_trick(request, players)
    return _judge_score(request, players)


def _judge_trick(request: Mapping[str, Any], players: int) -> dict[str, Any]:
    raw_plays = require_list(request, "plays")
    if len(raw_plays) != players:
        raise RuleError("ts.play_count", c_step(2), count=len(raw_plays), players=players)
    cards = [parse_card(code, players) for code in raw_plays]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise RuleError("ts.card_twice", C_RULINGS, card=CardRef(card.code))
        seen.add(card)
    plays = [Play(i, card) for i, card in enumerate(cards)]
    result = resolve(plays)
    answer: dict[str, Any] = {
        "follow": result.follow,
        "fixed_by": result.fixed_by,
        "winner": result.winner,
        "rulings": list(result.rulings) + [Ruling("ts.winner_leads", c_step(5), {"seat": SeatRef(result.winner)})],
    }
    if "hands" in request:
        answer["illegal"] = _illegal_plays(cards, request["hands"], players)
    return answer


def _illegal_plays(cards: Sequence[Card], raw_hands: object, players: int) -> list[dict[str, Any]]:
    """トリックテイキングフェーズ 2-3: a play that failed to follow while the hand could."""
    if not isinstance(raw_hands, list):
        raise RuleError("input.not_list", "", field="hands")
    if len(raw_hands) != len(cards):
        raise RuleError("ts.hands_count", "", count=len(raw_hands), plays=len(cards))
    seen: set[Card] = set()
    hands: list[list[Card]] = []
    for i, (played, raw_hand) in enumerate(zip(cards, raw_hands)):
        if not isinstance(raw_hand, list):
            raise RuleError("input.not_list", "", field="hands")
        hand = [parse_card(code, players) for code in raw_hand]
        for card in hand:
            if card in seen:
                raise RuleError("ts.card_twice", C_RULINGS, card=CardRef(card.code))
            seen.add(card)
        if played not in hand:
            raise RuleError("ts.play_not_in_hand", "", seat=SeatRef(i), card=CardRef(played.code))
        hands.append(hand)
    lead = cards[0]
    follow: str | None = None
    illegal: list[dict[str, Any]] = []
    for i in range(1, len(cards)):
        played = cards[i]
        required = must_play(lead, follow, hands[i])
        if required and played not in required:
            key = {None: "ts.illegal_either", "suit": "ts.illegal_suit", "rank": "ts.illegal_rank"}[follow]
            codes = tuple(c.code for c in required)
            illegal.append({
                "player": i,
                "card": played.code,
                "must_play_one_of": list(codes),
                "ruling": Ruling(key, c_step(2) if follow is None else c_step(3),
                                 {"seat": SeatRef(i), "card": CardRef(played.code), "cards": CardsRef(codes),
                                  "suit": SuitRef(lead.suit), "rank": lead.rank_text}),
            })
        follow = fixed_follow(lead, follow, played)
    return illegal


def _judge_score(request: Mapping[str, Any], players: int) -> dict[str, Any]:
    raw_bids = require_list(request, "bids")
    raw_tricks = require_list(request, "tricks")
    if len(raw_bids) != players:
        raise RuleError("ts.bid_count", C_BID, count=len(raw_bids), players=players)
    seen: set[Card] = set()
    pairs: list[tuple[Card, ...]] = []
    for raw in raw_bids:
        if not isinstance(raw, list):
            raise RuleError("input.not_list", "", field="bids")
        if len(raw) != BID_CARDS:
            raise RuleError("ts.bid_two_cards", C_BID, count=len(raw))
        pair = tuple(parse_card(code, players) for code in raw)
        for card in pair:
            if card in seen:
                raise RuleError("ts.card_twice", C_RULINGS, card=CardRef(card.code))
            seen.add(card)
        pairs.append(pair)
    if len(raw_tricks) != players:
        raise RuleError("ts.tricks_count", C_TRICKS, count=len(raw_tricks), players=players)
    tricks = [require_int({"tricks": t}, "tricks") for t in raw_tricks]
    if any(t < 0 for t in tricks):
        raise RuleError("ts.tricks_negative", C_TRICKS)
    if sum(tricks) != TRICKS_PER_HAND:
        raise RuleError("ts.tricks_total", C_TRICKS, total=sum(tricks))
    teams = _judge_teams(request, players)
    open_team = request.get("open_bid_team")
    if open_team is not None:
        open_team = require_int(request, "open_bid_team")
        if not 0 <= open_team < len(teams):
            raise RuleError("ts.no_such_team", C_SETUP, team=open_team, teams=len(teams))
    values = tuple(bid_value(pair) for pair in pairs)
    made, breakdown, rulings = score_hand(values, tricks, teams, open_team)
    return {
        "bids": list(values),
        "made": list(made),
        "team_points": [score.total for score in breakdown],
        "breakdown": [score.as_dict() for score in breakdown],
        "rulings": list(rulings),
    }


def _judge_teams(request: Mapping[str, Any], players: int) -> tuple[tuple[int, int], ...]:
    if request.get("teams") is None:
        return tuple(team_seats(t) for t in range(players // 2))
    raw = request["teams"]
    if not isinstance(raw, list):
        raise RuleError("input.not_list", "", field="teams")
    teams: list[tuple[int, int]] = []
    for pair in raw:
        if not isinstance(pair, list) or len(pair) != 2:
            raise RuleError("ts.teams_invalid", C_SETUP, players=players)
        a, b = (require_int({"teams": s}, "teams") for s in pair)
        teams.append((a, b))
    seats = sorted(s for pair in teams for s in pair)
    if seats != list(range(players)):
        raise RuleError("ts.teams_invalid", C_SETUP, players=players)
    return tuple(teams)


MESSAGES: Mapping[str, str] = {
    "ts.accept_unknown": N_("There is no proven revoke by %(seat)s in trick %(trick)s of hand %(hand)s to accept."),
    "ts.accept_twice": N_("The table has already accepted %(seat)s's play in trick %(trick)s of hand %(hand)s."),
    # cards
    "ts.card_malformed": N_("“%(text)s” is not a Twin Shoot card: write a suit letter (L, X, C, H, S, D) and a rank (A, K, Q, J, 10 … 3), such as LA, X10 or H7."),
    "ts.card_unknown_suit": N_("“%(text)s”: there is no suit “%(suit)s”; the suits are L leaf, X cross, C club, H heart, S spade and D diamond."),
    "ts.card_unknown_rank": N_("“%(text)s”: there is no rank “%(rank)s”; ranks run A, K, Q, J, 10 down to 3."),
    "ts.card_no_twos": N_("“%(text)s”: the 2s are not used in Twin Shoot."),
    "ts.card_not_in_deck": N_("%(card)s is not in the deck for %(players)s players: it holds %(low)s to A of each suit."),
    "ts.card_played": N_("%(card)s has already been played this hand, in trick %(trick)s."),
    "ts.card_is_bid": N_("%(card)s is one of %(seat)s's bid cards this hand."),
    "ts.card_twice": N_("%(card)s appears twice."),
    # the table
    "ts.player_count": N_("Twin Shoot is for 4 or 6 players; got %(count)s."),
    "ts.first_leader_right_side": N_("The first opening leader must be the right-side player of a team; %(seat)s is the left-side partner of %(partner)s."),
    "ts.no_such_seat": N_("There is no seat %(number)s at this table."),
    "ts.no_such_team": N_("There is no team %(team)s: the %(teams)s teams are numbered from 0, in seat order."),
    "ts.game_over": N_("This game is over: a team has reached 100 points."),
    # bids
    "ts.bid_two_cards": N_("A bid is exactly two cards; got %(count)s."),
    "ts.bid_value": N_("%(seat)s's bid cards %(cards)s add up to a bid of %(bid)s."),
    "ts.open_bid": N_("%(first)s and %(second)s open their bids."),
    "ts.open_bid_too_late": N_("An open bid must be made before the first card of the hand."),
    "ts.open_bid_twice": N_("%(first)s and %(second)s have already opened their bids this hand."),
    "ts.open_bid_first_hand": N_("No open bid in the first hand: every team is tied at 0."),
    "ts.open_bid_nobody_last": N_("No open bid this hand: no team is alone in last place."),
    "ts.open_bid_not_last": N_("Only the team alone in last place may open-bid: %(last_first)s and %(last_second)s, not %(first)s and %(second)s."),
    "ts.open_bid_both": N_("An open bid shows both teammates' bids at once: give two pairs of cards, not %(count)s."),
    "ts.open_bid_now": N_("%(first)s and %(second)s are alone in last place: they may open their bids now, before the first card."),
    "ts.open_bid_allowed": N_("%(first)s and %(second)s are alone in last place: they may open their bids before the next hand's first card."),
    "ts.bid_known": N_("%(seat)s's bid cards are already known."),
    "ts.reveal_too_early": N_("Bid cards are turned up only after the tenth trick; this is trick %(trick)s."),
    "ts.reveal_pending": N_("All ten tricks are played: turn up the hidden bid cards before anything else."),
    "ts.reveal_now": N_("All ten tricks are played: turn up the %(count)s hidden bids and enter each player's two bid cards."),
    # tricks
    "ts.not_your_turn": N_("It is %(seat)s's turn to play."),
    "ts.leader_too_late": N_("The opening leader can only be changed before the first card of the hand."),
    "ts.leader_set": N_("%(seat)s leads the first trick of this hand."),
    "ts.suit_follow": N_("%(seat)s played %(card)s of the lead's suit: suit follow. Everyone after must play %(suit)s if they can."),
    "ts.rank_follow": N_("%(seat)s played %(card)s of the lead's rank: rank follow. Everyone after must play a %(rank)s if they can."),
    "ts.show_out_both": N_("%(seat)s played %(card)s, neither %(suit)s nor a %(rank)s: they hold neither for the rest of this hand."),
    "ts.show_out_suit": N_("%(seat)s played %(card)s, not %(suit)s: they hold no %(suit)s for the rest of this hand."),
    "ts.show_out_rank": N_("%(seat)s played %(card)s, not a %(rank)s: they hold no %(rank)s for the rest of this hand."),
    "ts.no_switch_to_rank": N_("%(seat)s played %(card)s, a %(rank)s, but the trick is already a suit follow and does not switch; they hold no %(suit)s for the rest of this hand."),
    "ts.no_switch_to_suit": N_("%(seat)s played %(card)s, of suit %(suit)s, but the trick is already a rank follow and does not switch; they hold no %(rank)s for the rest of this hand."),
    "ts.win_suit": N_("Suit follow: %(seat)s wins with %(card)s, the highest %(suit)s."),
    "ts.win_rank": N_("Rank follow: %(seat)s wins with %(card)s, the strongest suit among the %(rank)s cards."),
    "ts.win_no_follow": N_("Nobody followed the suit or rank of %(card)s: the leader, %(seat)s, wins."),
    "ts.winner_leads": N_("%(seat)s, the winner, leads next."),
    "ts.order_clockwise": N_("%(seat)s's partner %(partner)s sits on their left and plays second: play goes clockwise."),
    "ts.order_counter": N_("%(seat)s's partner %(partner)s sits on their right and plays second: play goes counter-clockwise."),
    "ts.revoke_suit": N_("Proven revoke: in trick %(trick)s %(seat)s played %(played)s on the lead %(lead)s, as if holding no %(suit)s; in trick %(later_trick)s they played %(card)s."),
    "ts.revoke_rank": N_("Proven revoke: in trick %(trick)s %(seat)s played %(played)s on the lead %(lead)s, as if holding no %(rank)s; in trick %(later_trick)s they played %(card)s."),
    "ts.illegal_either": N_("%(seat)s played %(card)s while holding %(cards)s, of the lead's suit %(suit)s or rank %(rank)s: they had to play one of those."),
    "ts.illegal_suit": N_("%(seat)s played %(card)s while holding %(cards)s: after the suit follow they had to play %(suit)s."),
    "ts.illegal_rank": N_("%(seat)s played %(card)s while holding %(cards)s: after the rank follow they had to play a %(rank)s."),
    # scoring
    "ts.bid_made": N_("%(seat)s bid %(bid)s and took %(tricks)s: the bid is made."),
    "ts.bid_missed": N_("%(seat)s bid %(bid)s and took %(tricks)s: the bid is missed."),
    "ts.trick_points": N_("%(first)s and %(second)s score %(points)s for their tricks."),
    "ts.shoot": N_("Shoot: %(first)s and %(second)s made %(count)s bid(s), %(points)s points."),
    "ts.twin": N_("Twin shoot: both %(first)s and %(second)s made their bids, %(points)s more points."),
    "ts.overhead_made": N_("Overhead twin shoot: %(first)s and %(second)s opened their bids and both made them, %(points)s more points."),
    "ts.overhead_missed": N_("%(first)s and %(second)s opened their bids and missed: every other team scores %(points)s."),
    "ts.team_points": N_("%(first)s and %(second)s score %(points)s this hand."),
    "ts.next_opening_leader": N_("%(seat)s leads the first trick of the next hand."),
    "ts.team_wins": N_("%(first)s and %(second)s win with %(total)s points."),
    "ts.shared_win": N_("%(count)s teams share the top score and share the win."),
    # judge
    "ts.play_count": N_("A trick has one card per player: %(players)s cards, got %(count)s."),
    "ts.hands_count": N_("Give one hand per play: %(plays)s plays but %(count)s hands."),
    "ts.play_not_in_hand": N_("%(seat)s played %(card)s, which is not in the hand given for them."),
    "ts.bid_count": N_("Give one bid per player: %(players)s pairs, got %(count)s."),
    "ts.tricks_count": N_("Give the tricks of each player: %(players)s numbers, got %(count)s."),
    "ts.tricks_negative": N_("A player cannot take fewer than 0 tricks."),
    "ts.tricks_total": N_("A hand has 10 tricks; these add up to %(total)s."),
    "ts.teams_invalid": N_("The teams must pair up all %(players)s seats, two by two, each seat once."),
}


# --------------------------------------------------------------------------- the contract

WORDS = Words(
    start_question=N_("Who leads first?"),
    judge_question=N_("Who wins this trick?"),
    findings_title=N_("Proven revokes"),
)


def outcome(state: State) -> Outcome:
    """Each player shows their team's total; teams place by total, equal totals share (ゲームの終了)."""
    points = scores(state)
    return Outcome(points, state.is_over, kit_evening.places(points), state.teams)


def evening(outcomes: Sequence[Outcome], players: int) -> Evening:
    """ゲームの終了: one game already runs over several hands until a team reaches 100."""
    return kit_evening.of_games(outcomes, players, 1, lambda *_: None)


def next_setup(last: State) -> Mapping[str, Any]:
    """The next game's first leader: the right-side player of the next team (RULINGS)."""
    return {"first_leader": next_first_leader(last.setup), "options": {}}


def start_choices(players: Sequence[str]) -> tuple[int, ...]:
    """ゲームの準備: who may lead hand 1, the right-side players (seats 0, 2, 4)."""
    return first_leader_choices(players)


def suit_text(code: str, gettext: Gettext) -> str:
    """A suit as words: its mark and its name ("♥heart")."""
    return SUIT_SYMBOLS[code] + gettext(SUIT_NAMES[code])


def card_text(code: str, gettext: Gettext) -> str:
    """A card as words ("✚cross 10")."""
    card = parse_card(code)
    return gettext("%(symbol)s%(suit)s %(value)s") % {
        "symbol": SUIT_SYMBOLS[card.suit], "suit": gettext(SUIT_NAMES[card.suit]), "value": card.rank_text}
