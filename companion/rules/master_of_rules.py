"""ルールの達人 (Master of Rules): everyone plays a number card and a rule card; five rules
are judged on the five number cards of the round.

Rulebook: shared/rules/003_baedc90d98f00689.txt; "RULINGS" marks a decision of
shared/rules/RULINGS.md, or one made here where both are silent (listed below).

Clause labels (Ruling.clause), as the rulebook's headings print them
    "内容物"                  the cards: 45 number cards (5 colours x 1-9), 12 of each rule card
    "ゲームの準備"            setup: 3-5 players, the first start player
    "1. カードの出し方"        two laps, number or rule card, the rule-card restriction, the reveal
    "2. カードの補充"          refilling from the refill row after each card
    "3. ルールの判定"          judging each rule card on the round's five number cards
    "4. 次のラウンドの準備"    the start player card passes to the left
    "5. ゲームの終了"          10 rounds with 5 players; no refills in the final round
    "6. 得点計算"              scoring and tie-breaks (the heading is "6. 得点計算・勝敗の決定")
    "TRIO", "ONLY ONE", "LIMIT 23", "BEST of the BEST", "SUPPORT RIGHT"
                              the five rules, as headed under 5つのルール
    "3, 4人プレイ"             the 3-4 player rules: dummies, 12 rounds
    "RULINGS"                 where the text is silent

Setup
    {"players": [names, clockwise], "first_leader": seat of the first start player,
     "options": {}} (this game has no table options).

Events (kind, payload: ints, strings and bools only)
    "number"        {"seat": s, "card": "B7"}    a player lays a number card
    "rule"          {"seat": s, "rule": "TRIO", "reveal": false}
                    a player lays a rule card; "reveal": true declares "I hold no playable
                    rule card, here are my rule cards" and allows a rule already played this
                    round (optional, default false; it must be a real bool)
    "dummy_number"  {"dummy": 1|2, "card": "G3"} the deck's top number card on a dummy
    "dummy_rule"    {"dummy": 1, "rule": "LIMIT_23"} the deck's top rule card on dummy 1
                    ("dummy" is optional in both: it defaults to the dummy expected now)
    Rule names: TRIO, ONLY_ONE, LIMIT_23, BEST_OF_THE_BEST, SUPPORT_RIGHT (display names in
    RULE_NAMES). Number cards: colour letter B R Y G P and a number 1-9.

Order of a round (start player first, then clockwise, each lap)
    lap 1: every player, number or rule card;
    3 players: dummy 1 gets a number card and a rule card (either order), 4 players: dummy 1
        gets a number card;
    lap 2: every player, the kind they did not play in lap 1;
    3 players: dummy 2 gets a number card.
    Then the round is judged, and the next round begins with the next start player.

State the page reads
    phase "play" | "dummy" | "over"; round (1-based), rounds, lap (1|2), start_player,
    expected (Expected: seat or dummy, kinds allowed now, lap; None when over),
    expected_seat, expected_dummy, expected_kinds; plays (this round's entries, in order),
    number_of(seat), rule_of(seat), dummy_number_of(d), dummy_rule, numbers_played,
    rules_taken (rules already played this round, dummies included), rules_exhausted,
    reveals (this round's), is_final_round and refills (False in the final round),
    last_round (RoundResult: cards, total, verdicts per seat with rule, achieved, ruling),
    results, counts(seat) / achieved / table_counts, points, breakdowns, ranking, leaders,
    is_over.

Helpers for the web layer (pure)
    form_payload(kind, fields): an entry from the page's form (seat/dummy as ints, reveal
    as a bool); quick_judge_request(fields) -> (request or None, JudgeEntries): the quick
    judge page's taps as a "round" judge request; reveal_rulings(plays); audit(state) -> ()
    (nothing can be proven afterwards: hands are never entered); first_leader_choices.

Gaps decided here (clause "RULINGS")
    - A reveal is refused when the rule card played has not been played this round: the
      player plainly held a playable rule card, so there is nothing to reveal.
    - A rule card is refused when all 12 of its kind are already won or on the table.
    - Dummy 1 may take its number card and its rule card in either order (3 players).
    - A dummy's rule card may repeat a rule already played: it is turned from the deck, so
      the restriction binds players only. It scores nothing (RULINGS.md).
    - Every player playing SUPPORT RIGHT: all achieve, with 5 players too (the text says so
      for 3-4 players only).
    - The judge's "dummy_numbers" may be left out with 5 players.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
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

SLUG = "master-of-rules"
NAME = N_("Master of Rules")
PLAYER_COUNTS = (3, 4, 5)
MIN_PLAYERS = 3
MAX_PLAYERS = 5

OPTIONS: tuple[Option, ...] = ()
"""This game has no table options."""

# --------------------------------------------------------------------------- clauses

CONTENTS = "内容物"
SETUP = "ゲームの準備"
PLAYING = "1. カードの出し方"
REFILL = "2. カードの補充"
JUDGING = "3. ルールの判定"
NEXT_ROUND = "4. 次のラウンドの準備"
GAME_END = "5. ゲームの終了"
SCORING = "6. 得点計算"
FEW_PLAYERS = "3, 4人プレイ"
RULINGS = "RULINGS"

# --------------------------------------------------------------------------- the cards

COLOURS = ("B", "R", "Y", "G", "P")
"""内容物: blue 青, red 赤, yellow 黄, green 緑, purple 紫; one card of each number 1-9."""

SUIT_NAMES: Mapping[str, str] = {
    "B": N_("blue"),
    "R": N_("red"),
    "Y": N_("yellow"),
    "G": N_("green"),
    "P": N_("purple"),
}
SUIT_SYMBOLS: Mapping[str, str] = {"B": "■", "R": "●", "Y": "★", "G": "▲", "P": "◆"}

LOWEST, HIGHEST = 1, 9

TRIO = "TRIO"
ONLY_ONE = "ONLY_ONE"
LIMIT_23 = "LIMIT_23"
BEST_OF_THE_BEST = "BEST_OF_THE_BEST"
SUPPORT_RIGHT = "SUPPORT_RIGHT"

RULES = (TRIO, ONLY_ONE, LIMIT_23, BEST_OF_THE_BEST, SUPPORT_RIGHT)
"""The five rules, in the order 5つのルール lists them."""

RULE_NAMES: Mapping[str, str] = {
    TRIO: N_("TRIO"),
    ONLY_ONE: N_("ONLY ONE"),
    LIMIT_23: N_("LIMIT 23"),
    BEST_OF_THE_BEST: N_("BEST of the BEST"),
    SUPPORT_RIGHT: N_("SUPPORT RIGHT"),
}
"""How each rule card is printed (the same in both languages)."""

RULE_CLAUSES: Mapping[str, str] = {
    TRIO: "TRIO",
    ONLY_ONE: "ONLY ONE",
    LIMIT_23: "LIMIT 23",
    BEST_OF_THE_BEST: "BEST of the BEST",
    SUPPORT_RIGHT: "SUPPORT RIGHT",
}
"""Each rule's own heading under 5つのルール, its clause label."""

TIE_BREAK = (TRIO, ONLY_ONE, BEST_OF_THE_BEST, LIMIT_23, SUPPORT_RIGHT)
"""6: equal points are split by more TRIO, then ONLY ONE, BEST of the BEST, LIMIT 23, SUPPORT RIGHT."""

COPIES = 12
"""内容物: 12 rule cards of each kind."""

HAND_NUMBERS = 4
HAND_RULES = 3
"""ゲームの準備: each player's hand, 4 number cards and 3 rule cards, kept so by refilling."""

TABLE_CARDS = 5
"""3, 4人プレイ: every round is judged on exactly five number cards, dummies making up the rest."""

LIMIT = 23
SET_SIZE = 3
SET_BONUS = 2
ALL_FIVE_BONUS = 2

ROUNDS: Mapping[int, int] = {3: 12, 4: 12, 5: 10}
"""5. ゲームの終了 (5 players) and 3, 4人プレイ 2 (3 or 4 players)."""

NUMBER = "number"
RULE = "rule"
DUMMY_NUMBER = "dummy_number"
DUMMY_RULE = "dummy_rule"
EVENT_KINDS = (NUMBER, RULE, DUMMY_NUMBER, DUMMY_RULE)

DUMMY_CARDS: Mapping[int, tuple[tuple[int, tuple[str, ...]], ...]] = {
    3: ((1, (DUMMY_NUMBER, DUMMY_RULE)), (2, (DUMMY_NUMBER,))),
    4: ((1, (DUMMY_NUMBER,)),),
    5: (),
}
"""3, 4人プレイ: which dummy gets which cards; dummy d gets its cards after lap d."""


@dataclass(frozen=True, order=True)
class Number:
    """A number card: a colour and a number 1-9."""

    colour: str
    value: int

    @property
    def code(self) -> str:
        """The short code, for example "B7"."""
        return f"{self.colour}{self.value}"

    def __str__(self) -> str:
        return self.code


DECK: tuple[Number, ...] = tuple(Number(c, v) for c in COLOURS for v in range(LOWEST, HIGHEST + 1))
"""All 45 number cards."""

_NUMBER_RE = re.compile(r"^\s*([A-Za-z])\s*(\d{1,2})\s*$")


def parse_number(text: object) -> Number:
    """Read a number card code such as "B7" (or "b7"), refusing anything not in the deck."""
    if not isinstance(text, str):
        raise RuleError("mor.card_malformed", CONTENTS, text=str(text))
    match = _NUMBER_RE.match(text)
    if not match:
        raise RuleError("mor.card_malformed", CONTENTS, text=text)
    colour, value = match.group(1).upper(), int(match.group(2))
    if colour not in COLOURS:
        raise RuleError("mor.card_unknown_colour", CONTENTS, text=text, colour=colour)
    if not LOWEST <= value <= HIGHEST:
        raise RuleError("mor.card_number_range", CONTENTS, text=text)
    return Number(colour, value)


def parse_rule(text: object) -> str:
    """Read a rule name: "TRIO", "only_one", "LIMIT 23", "BEST of the BEST" ..."""
    if isinstance(text, str):
        name = re.sub(r"[\s\-]+", "_", text.strip()).upper()
        if name in RULES:
            return name
    raise RuleError("mor.rule_unknown", CONTENTS, text=str(text))


def rule_name(rule: str) -> str:
    """The rule as printed on its card, for a ruling's parameters."""
    return RULE_NAMES[rule]


# --------------------------------------------------------------------------- judging


@dataclass(frozen=True)
class Verdict:
    """One player's rule card judged: achieved or not, and why in words."""

    seat: int
    card: str
    rule: str
    achieved: bool
    ruling: Ruling


def _codes(cards: Sequence[Number]) -> CardsRef:
    return CardsRef(tuple(c.code for c in cards))


def _trio(seat: int, five: Sequence[Number]) -> tuple[bool, Ruling]:
    clause = RULE_CLAUSES[TRIO]
    for colour in COLOURS:
        same = sorted(x for x in five if x.colour == colour)
        if len(same) >= SET_SIZE:
            return True, Ruling("mor.trio.colour", clause, {
                "seat": SeatRef(seat), "count": len(same), "suit": SuitRef(colour), "cards": _codes(same)})
    for value in range(LOWEST, HIGHEST + 1):
        same = [x for x in five if x.value == value]
        if len(same) >= SET_SIZE:
            return True, Ruling("mor.trio.number", clause, {
                "seat": SeatRef(seat), "count": len(same), "number": value, "cards": _codes(same)})
    return False, Ruling("mor.trio.miss", clause, {"seat": SeatRef(seat), "cards": _codes(five)})


def _only_one(seat: int, card: Number, five: Sequence[Number]) -> tuple[bool, Ruling]:
    clause = RULE_CLAUSES[ONLY_ONE]
    others = [x for x in five if x != card]
    colour = [x for x in others if x.colour == card.colour]
    number = [x for x in others if x.value == card.value]
    base = {"seat": SeatRef(seat), "card": CardRef(card.code)}
    if colour and number:
        return False, Ruling("mor.only_one.miss_both", clause,
                             {**base, "colour_cards": _codes(colour), "number_cards": _codes(number)})
    if colour:
        return False, Ruling("mor.only_one.miss_colour", clause, {**base, "cards": _codes(colour)})
    if number:
        return False, Ruling("mor.only_one.miss_number", clause, {**base, "cards": _codes(number)})
    return True, Ruling("mor.only_one.hit", clause,
                        {**base, "suit": SuitRef(card.colour), "number": card.value})


def _limit_23(seat: int, five: Sequence[Number]) -> tuple[bool, Ruling]:
    total = sum(x.value for x in five)
    key = "mor.limit_23.hit" if total <= LIMIT else "mor.limit_23.miss"
    return total <= LIMIT, Ruling(key, RULE_CLAUSES[LIMIT_23], {"seat": SeatRef(seat), "total": total})


def _best(seat: int, card: Number, five: Sequence[Number]) -> tuple[bool, Ruling]:
    clause = RULE_CLAUSES[BEST_OF_THE_BEST]
    counts = {c: sum(1 for x in five if x.colour == c) for c in COLOURS}
    top = max(counts.values())
    own = counts[card.colour]
    if own < top:
        return False, Ruling("mor.best.miss_colour", clause, {
            "seat": SeatRef(seat), "card": CardRef(card.code), "suit": SuitRef(card.colour),
            "count": own, "top": top})
    highest = max(x for x in five if x.colour == card.colour)
    if highest != card:
        return False, Ruling("mor.best.miss_higher", clause, {
            "seat": SeatRef(seat), "card": CardRef(card.code), "higher": CardRef(highest.code),
            "suit": SuitRef(card.colour)})
    shared = sum(1 for c in COLOURS if counts[c] == top) > 1
    key = "mor.best.hit_tie" if shared else "mor.best.hit"
    return True, Ruling(key, clause, {
        "seat": SeatRef(seat), "card": CardRef(card.code), "suit": SuitRef(card.colour), "count": top})


def decide(
    numbers: Sequence[Number], rules: Sequence[str], dummy_numbers: Sequence[Number] = ()
) -> tuple[Verdict, ...]:
    """3. ルールの判定: judge every player's rule card on the five number cards.

    `numbers` and `rules` hold one entry per player in seat order; `dummy_numbers` the
    dummies' number cards. The caller makes sure there are five distinct cards in all.
    """
    players = len(numbers)
    five = list(numbers) + list(dummy_numbers)
    outcome: dict[int, tuple[bool, Ruling]] = {}
    for seat, (card, rule) in enumerate(zip(numbers, rules)):
        if rule == TRIO:
            outcome[seat] = _trio(seat, five)
        elif rule == ONLY_ONE:
            outcome[seat] = _only_one(seat, card, five)
        elif rule == LIMIT_23:
            outcome[seat] = _limit_23(seat, five)
        elif rule == BEST_OF_THE_BEST:
            outcome[seat] = _best(seat, card, five)
    clause = RULE_CLAUSES[SUPPORT_RIGHT]
    if all(rule == SUPPORT_RIGHT for rule in rules):
        # The text settles this for 3-4 players; RULINGS carries it to five.
        every = clause if players < MAX_PLAYERS else RULINGS
        for seat in range(players):
            outcome[seat] = (True, Ruling("mor.support_right.all", every, {"seat": SeatRef(seat)}))
    else:
        for seat, rule in enumerate(rules):
            if rule != SUPPORT_RIGHT:
                continue
            # The nearest human on the right (the seat before); dummies have no seat.
            right = (seat - 1) % players
            end = right
            while rules[end] == SUPPORT_RIGHT:
                end = (end - 1) % players
            achieved = outcome[end][0]
            key = "mor.support_right.hit" if achieved else "mor.support_right.miss"
            outcome[seat] = (achieved, Ruling(key, clause, {
                "seat": SeatRef(seat), "right": SeatRef(right), "rule": rule_name(rules[right])}))
    return tuple(
        Verdict(seat, numbers[seat].code, rules[seat], *outcome[seat]) for seat in range(players)
    )


# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class Breakdown:
    """6. 得点計算: a player's points, part by part."""

    base: int
    set_bonus: int
    all_five_bonus: int

    @property
    def total(self) -> int:
        return self.base + self.set_bonus + self.all_five_bonus


def breakdown(counts: Mapping[str, int]) -> Breakdown:
    """1 per rule card won; +2 per rule won 3+ times (once each); +2 once for all five."""
    base = sum(counts.get(rule, 0) for rule in RULES)
    sets = sum(1 for rule in RULES if counts.get(rule, 0) >= SET_SIZE)
    all_five = all(counts.get(rule, 0) >= 1 for rule in RULES)
    return Breakdown(base, SET_BONUS * sets, ALL_FIVE_BONUS if all_five else 0)


def _rank_key(counts: Mapping[str, int]) -> tuple[int, ...]:
    return (breakdown(counts).total, *(counts.get(rule, 0) for rule in TIE_BREAK))


def ranks(table: Sequence[Mapping[str, int]]) -> tuple[int, ...]:
    """6: places, 1 for the best; equal points go by TIE_BREAK; still equal, a shared place."""
    keys = [_rank_key(counts) for counts in table]
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def score_rulings(table: Sequence[Mapping[str, int]]) -> tuple[Ruling, ...]:
    """Each player's points explained, then how equal points were split."""
    rulings = []
    for seat, counts in enumerate(table):
        b = breakdown(counts)
        rulings.append(Ruling("mor.score.total", SCORING, {
            "seat": SeatRef(seat), "total": b.total, "base": b.base,
            "set_bonus": b.set_bonus, "all_five_bonus": b.all_five_bonus}))
    places = ranks(table)
    order = sorted(range(len(table)), key=lambda s: (places[s], s))
    for upper, lower in zip(order, order[1:]):
        points = breakdown(table[upper]).total
        if points != breakdown(table[lower]).total:
            continue
        for rule in TIE_BREAK:
            high, low = table[upper].get(rule, 0), table[lower].get(rule, 0)
            if high != low:
                rulings.append(Ruling("mor.rank.tie_break", SCORING, {
                    "seat": SeatRef(upper), "other": SeatRef(lower), "points": points,
                    "rule": rule_name(rule), "count": high, "other_count": low}))
                break
        else:
            rulings.append(Ruling("mor.rank.shared", SCORING, {
                "seat": SeatRef(upper), "other": SeatRef(lower), "rank": places[upper]}))
    return tuple(rulings)


# --------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class Setup(Seating):
    """Who sits where (clockwise) and who is the first start player."""

    @property
    def rounds(self) -> int:
        return ROUNDS[self.size]

    @property
    def dummies(self) -> int:
        return TABLE_CARDS - self.size


@dataclass(frozen=True)
class Play:
    """One entry of the round: a player's card (seat) or a dummy's card (dummy 1 or 2).

    `lap` is the lap it was played in, or for a dummy the lap after which it was turned.
    """

    kind: str
    lap: int
    seat: int | None = None
    dummy: int | None = None
    card: str | None = None
    rule: str | None = None
    reveal: bool = False


@dataclass(frozen=True)
class Expected:
    """What the page must ask for next: a player's card or a dummy's, and which kinds."""

    lap: int
    kinds: tuple[str, ...]
    seat: int | None = None
    dummy: int | None = None

    @property
    def is_dummy(self) -> bool:
        return self.dummy is not None


@dataclass(frozen=True)
class RoundResult:
    """A judged round: the five number cards and every player's verdict."""

    number: int
    start_player: int
    cards: tuple[str, ...]
    total: int
    verdicts: tuple[Verdict, ...]
    dummy_numbers: tuple[str, ...]
    dummy_rule: str | None
    plays: tuple[Play, ...]
    rulings: tuple[Ruling, ...]

    @property
    def reveals(self) -> tuple[Play, ...]:
        return tuple(p for p in self.plays if p.reveal)

    @property
    def achievers(self) -> tuple[int, ...]:
        return tuple(v.seat for v in self.verdicts if v.achieved)


def _next_step(setup: Setup, start: int, plays: Sequence[Play]) -> Expected | None:
    """The next entry a round needs, or None once it is complete."""
    n = setup.size
    humans = [p for p in plays if p.seat is not None]
    for lap in (1, 2):
        done = [p for p in humans if p.lap == lap]
        if len(done) < n:
            seat = (start + len(done)) % n
            if lap == 1:
                return Expected(1, (NUMBER, RULE), seat=seat)
            first = next(p.kind for p in humans if p.lap == 1 and p.seat == seat)
            return Expected(2, (RULE,) if first == NUMBER else (NUMBER,), seat=seat)
        for dummy, kinds in DUMMY_CARDS[n]:
            if dummy != lap:
                continue
            given = {p.kind for p in plays if p.dummy == dummy}
            missing = tuple(k for k in kinds if k not in given)
            if missing:
                return Expected(lap, missing, dummy=dummy)
    return None


@dataclass(frozen=True)
class State:
    """Everything known about one game, derived only from its setup and log."""

    setup: Setup
    results: tuple[RoundResult, ...] = ()
    plays: tuple[Play, ...] = ()
    tally: tuple[tuple[int, ...], ...] = ()
    """Rule cards won so far: per seat, one count per rule in RULES order."""

    # ----------------------------------------------------------------- the table

    @property
    def players(self) -> int:
        return self.setup.size

    @property
    def rounds(self) -> int:
        return self.setup.rounds

    @property
    def dummies(self) -> int:
        return self.setup.dummies

    @property
    def is_over(self) -> bool:
        return len(self.results) == self.rounds

    @property
    def round(self) -> int:
        """The round being entered (1-based), or the last one once the game is over."""
        return min(len(self.results) + 1, self.rounds)

    @property
    def start_player(self) -> int:
        """4: the start player card passes to the left each round."""
        return (self.setup.first_leader + self.round - 1) % self.players

    @property
    def is_final_round(self) -> bool:
        """5: the final round is being played: no refill row, no refills."""
        return not self.is_over and self.round == self.rounds

    @property
    def refills(self) -> bool:
        """2: players refill after each card, except in the final round (5)."""
        return not self.is_over and not self.is_final_round

    # ----------------------------------------------------------------- the round

    @property
    def expected(self) -> Expected | None:
        if self.is_over:
            return None
        return _next_step(self.setup, self.start_player, self.plays)

    @property
    def expected_seat(self) -> int | None:
        expected = self.expected
        return expected.seat if expected else None

    @property
    def expected_dummy(self) -> int | None:
        expected = self.expected
        return expected.dummy if expected else None

    @property
    def expected_kinds(self) -> tuple[str, ...]:
        expected = self.expected
        return expected.kinds if expected else ()

    @property
    def phase(self) -> str:
        """"play" (a player's card), "dummy" (a dummy's card from the deck) or "over"."""
        expected = self.expected
        if expected is None:
            return "over"
        return "dummy" if expected.is_dummy else "play"

    @property
    def lap(self) -> int:
        expected = self.expected
        return expected.lap if expected else 2

    def number_of(self, seat: int) -> str | None:
        """The number card `seat` has laid this round, if any."""
        return next((p.card for p in self.plays if p.seat == seat and p.kind == NUMBER), None)

    def rule_of(self, seat: int) -> str | None:
        """The rule card `seat` has laid this round, if any."""
        return next((p.rule for p in self.plays if p.seat == seat and p.kind == RULE), None)

    def first_kind(self, seat: int) -> str | None:
        """The kind of card `seat` laid in lap 1 this round, if any."""
        return next((p.kind for p in self.plays if p.seat == seat and p.lap == 1), None)

    def dummy_number_of(self, dummy: int) -> str | None:
        return next((p.card for p in self.plays if p.dummy == dummy and p.kind == DUMMY_NUMBER), None)

    @property
    def dummy_rule(self) -> str | None:
        return next((p.rule for p in self.plays if p.kind == DUMMY_RULE), None)

    @property
    def numbers_played(self) -> tuple[str, ...]:
        """The number cards on the table this round, players' and dummies'."""
        return tuple(p.card for p in self.plays if p.card is not None)

    @property
    def rule_plays(self) -> tuple[Play, ...]:
        """The rule cards on the table this round, players' and dummies', in order."""
        return tuple(p for p in self.plays if p.rule is not None)

    @property
    def rules_taken(self) -> frozenset[str]:
        """1: rules already played this round (a dummy's too): others may not play them."""
        return frozenset(p.rule for p in self.rule_plays if p.rule is not None)

    def on_table(self, rule: str) -> int:
        return sum(1 for p in self.rule_plays if p.rule == rule)

    @property
    def rules_exhausted(self) -> frozenset[str]:
        """Rules with no card left to play: all 12 won or on the table."""
        counts = self.table_counts
        return frozenset(r for r in RULES if counts[r] + self.on_table(r) >= COPIES)

    @property
    def reveals(self) -> tuple[Play, ...]:
        """This round's rule cards played after revealing the hand's rule cards."""
        return tuple(p for p in self.plays if p.reveal)

    @property
    def last_round(self) -> RoundResult | None:
        return self.results[-1] if self.results else None

    # ----------------------------------------------------------------- scores

    def counts(self, seat: int) -> dict[str, int]:
        """Rule cards won by `seat`, per rule."""
        return dict(zip(RULES, self.tally[seat]))

    @property
    def achieved(self) -> tuple[dict[str, int], ...]:
        return tuple(self.counts(seat) for seat in range(self.players))

    @property
    def table_counts(self) -> dict[str, int]:
        """Rule cards won across the table, per rule (never more than 12)."""
        return {rule: sum(row[i] for row in self.tally) for i, rule in enumerate(RULES)}

    @property
    def breakdowns(self) -> tuple[Breakdown, ...]:
        return tuple(breakdown(counts) for counts in self.achieved)

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(b.total for b in self.breakdowns)

    @property
    def ranking(self) -> tuple[int, ...]:
        """Each seat's place (1 = first), tie-breaks applied; final once the game is over."""
        return ranks(self.achieved)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seat(s) in first place."""
        return tuple(seat for seat, place in enumerate(self.ranking) if place == 1)


def make_setup(raw: Mapping[str, Any]) -> Setup:
    """Read a setup {"players": [...], "first_leader": i, "options": {}}, refusing bad ones."""
    players, first = read_seating(raw, PLAYER_COUNTS, "mor.player_count", SETUP,
                                  leader_key="setup.first_leader")
    read_options(OPTIONS, raw.get("options"))
    return Setup(players, first)


def initial(raw_setup: Mapping[str, Any]) -> State:
    """The state before the first card of round 1."""
    setup = make_setup(raw_setup)
    return State(setup=setup, tally=((0,) * len(RULES),) * setup.size)


def _end_clause(players: int) -> str:
    return GAME_END if players == MAX_PLAYERS else FEW_PLAYERS


def apply(state: State, event: Event) -> State:
    """Take one entry: "number", "rule", "dummy_number" or "dummy_rule"."""
    if state.is_over:
        raise RuleError("mor.game_over", _end_clause(state.players), rounds=state.rounds)
    if event.kind not in EVENT_KINDS:
        raise RuleError("input.unknown_event", "", kind=event.kind)
    expected = state.expected
    assert expected is not None
    payload = event.payload
    if event.kind in (NUMBER, RULE):
        play = _player_card(state, expected, event.kind, payload)
    else:
        play = _dummy_card(state, expected, event.kind, payload)
    state = replace(state, plays=state.plays + (play,))
    if _next_step(state.setup, state.start_player, state.plays) is None:
        return _finish_round(state)
    return state


def _player_card(state: State, expected: Expected, kind: str, payload: Mapping[str, Any]) -> Play:
    seat = require_int(payload, "seat")
    if expected.dummy is not None:
        raise RuleError("mor.dummy_turn", FEW_PLAYERS, dummy=expected.dummy)
    assert expected.seat is not None
    if seat != expected.seat:
        raise RuleError("mor.not_your_turn", PLAYING, seat=SeatRef(expected.seat))
    if kind not in expected.kinds:
        key = "mor.lap2_needs_rule" if expected.kinds == (RULE,) else "mor.lap2_needs_number"
        raise RuleError(key, PLAYING, seat=SeatRef(seat))
    if kind == NUMBER:
        return Play(NUMBER, expected.lap, seat=seat, card=_fresh_number(state, payload).code)
    rule = parse_rule(payload.get("rule"))
    reveal = payload.get("reveal", False)
    if not isinstance(reveal, bool):
        raise RuleError("input.not_bool", "", field="reveal")
    _check_left(state, rule)
    taken = next((p for p in state.rule_plays if p.rule == rule), None)
    if taken is not None and not reveal:
        if taken.seat is not None:
            raise RuleError("mor.rule_taken", PLAYING, rule=rule_name(rule), seat=SeatRef(taken.seat))
        raise RuleError("mor.rule_taken_by_dummy", FEW_PLAYERS, rule=rule_name(rule), dummy=taken.dummy)
    if taken is None and reveal:
        raise RuleError("mor.reveal_not_needed", RULINGS, rule=rule_name(rule))
    return Play(RULE, expected.lap, seat=seat, rule=rule, reveal=reveal)


def _dummy_card(state: State, expected: Expected, kind: str, payload: Mapping[str, Any]) -> Play:
    if expected.dummy is None:
        assert expected.seat is not None
        raise RuleError("mor.not_dummy_turn", FEW_PLAYERS, seat=SeatRef(expected.seat))
    dummy = require_int(payload, "dummy") if "dummy" in payload else expected.dummy
    if dummy != expected.dummy:
        raise RuleError("mor.wrong_dummy", FEW_PLAYERS, dummy=expected.dummy)
    if kind not in expected.kinds:
        given = {p.kind for p in state.plays if p.dummy == dummy}
        if kind in given:
            key = "mor.dummy_has_number" if kind == DUMMY_NUMBER else "mor.dummy_has_rule"
        else:
            key = "mor.dummy_no_rule"
        raise RuleError(key, FEW_PLAYERS, dummy=dummy)
    if kind == DUMMY_NUMBER:
        return Play(DUMMY_NUMBER, expected.lap, dummy=dummy, card=_fresh_number(state, payload).code)
    rule = parse_rule(payload.get("rule"))
    _check_left(state, rule)
    return Play(DUMMY_RULE, expected.lap, dummy=dummy, rule=rule)


def _fresh_number(state: State, payload: Mapping[str, Any]) -> Number:
    card = parse_number(payload.get("card"))
    if card.code in state.numbers_played:
        raise RuleError("mor.card_used", CONTENTS, card=CardRef(card.code))
    return card


def _check_left(state: State, rule: str) -> None:
    """内容物: only 12 cards of each rule; those won stay out of the game."""
    won, on_table = state.table_counts[rule], state.on_table(rule)
    if won + on_table >= COPIES:
        raise RuleError("mor.rule_exhausted", CONTENTS, rule=rule_name(rule), won=won, on_table=on_table)


def _finish_round(state: State) -> State:
    n = state.players
    plays = state.plays
    numbers = [parse_number(state.number_of(seat)) for seat in range(n)]
    rules = [state.rule_of(seat) or "" for seat in range(n)]
    dummy_numbers = [parse_number(state.dummy_number_of(d)) for d in range(1, state.dummies + 1)]
    verdicts = decide(numbers, rules, dummy_numbers)
    five = numbers + dummy_numbers
    total = sum(x.value for x in five)
    rulings: list[Ruling] = [Ruling("mor.round_cards", JUDGING, {
        "round": state.round, "cards": _codes(five), "total": total})]
    rulings += [v.ruling for v in verdicts]
    dummy_rule = state.dummy_rule
    if dummy_rule is not None:
        rulings.append(Ruling("mor.dummy_rule", RULINGS, {"rule": rule_name(dummy_rule), "dummy": 1}))
    rulings.append(Ruling("mor.won_cards", JUDGING, {"count": sum(v.achieved for v in verdicts)}))
    tally = tuple(
        tuple(row[i] + (1 if verdicts[seat].achieved and verdicts[seat].rule == rule else 0)
              for i, rule in enumerate(RULES))
        for seat, row in enumerate(state.tally)
    )
    number = state.round
    if number < state.rounds:
        rulings.append(Ruling("mor.next_start", NEXT_ROUND, {
            "seat": SeatRef((state.start_player + 1) % n), "round": number + 1}))
        if number + 1 == state.rounds:
            rulings.append(Ruling("mor.final_round", GAME_END, {"round": number + 1}))
    else:
        rulings.append(Ruling("mor.game_end", _end_clause(n), {"rounds": state.rounds}))
    result = RoundResult(
        number=number,
        start_player=state.start_player,
        cards=tuple(x.code for x in five),
        total=total,
        verdicts=verdicts,
        dummy_numbers=tuple(x.code for x in dummy_numbers),
        dummy_rule=dummy_rule,
        plays=plays,
        rulings=tuple(rulings),
    )
    return replace(state, results=state.results + (result,), plays=(), tally=tally)


def scores(state: State) -> tuple[int, ...]:
    """Points per seat so far: 1 per rule card won, plus the bonuses already earned."""
    return state.points


def rulings(state: State) -> tuple[Ruling, ...]:
    """The last judged round, this round's reveals, and at the end the final score."""
    out: list[Ruling] = list(state.last_round.rulings) if state.last_round else []
    out += reveal_rulings(state.reveals)
    if state.is_over:
        out += score_rulings(state.achieved)
    return tuple(out)


def reveal_rulings(plays: Sequence[Play]) -> tuple[Ruling, ...]:
    """1: each rule card laid after its player revealed their rule cards, for the page."""
    out = []
    for play in plays:
        if play.reveal:
            assert play.seat is not None and play.rule is not None
            out.append(Ruling("mor.reveal", PLAYING, {"seat": SeatRef(play.seat), "rule": rule_name(play.rule)}))
    return tuple(out)


def audit(state: State) -> tuple[Finding, ...]:
    """Nothing in this game can be proven against a player afterwards: always ().

    Hands are never entered and change after every card (2. カードの補充), so a reveal
    cannot be checked: a rule card of another kind laid later may have been drawn after it.
    """
    return ()


def next_first_leader(setup: Setup | Mapping[str, Any]) -> int:
    """The next game's first start player: one seat to the left (clockwise)."""
    if not isinstance(setup, Setup):
        setup = make_setup(setup)
    return (setup.first_leader + 1) % setup.size


def suggested_games(players: int) -> int:
    """The rulebook plays one game."""
    return 1


# --------------------------------------------------------------------------- judge

ASKS = ("round", "score")


def judge(request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one rules question (the JSON contract of `companion judge master-of-rules`).

    "round": {"players": n, "numbers": [one per player], "rules": [one per player],
    "dummy_numbers": [5 - n cards]} -> {"achieved": [bool per player], "rulings": [one per
    player]}. "score": {"achieved": [per player {"TRIO": 3, ...}]} -> {"points", "rank",
    "breakdown", "rulings"}. Rulings stay Ruling objects for the caller to render.
    """
    ask = read_ask(request, ASKS)
    if ask == "round":
        return _judge_round(request)
    return _judge_score(request)


def _judge_round(request: Mapping[str, Any]) -> dict[str, Any]:
    for name in ("players", "numbers", "rules"):
        if name not in request:
            raise RuleError("input.missing", "", field=name)
    players = require_int(request, "players")
    if players not in PLAYER_COUNTS:
        raise RuleError("mor.player_count", SETUP, count=players)
    raw_numbers = require_list(request, "numbers")
    raw_rules = require_list(request, "rules")
    for name, values in (("numbers", raw_numbers), ("rules", raw_rules)):
        if len(values) != players:
            raise RuleError("mor.judge_count", JUDGING, field=name, players=players, count=len(values))
    dummies = TABLE_CARDS - players
    raw_dummies = require_list(request, "dummy_numbers") if dummies or "dummy_numbers" in request else []
    if len(raw_dummies) != dummies:
        raise RuleError("mor.judge_dummy_count", FEW_PLAYERS,
                        players=players, expected=dummies, count=len(raw_dummies))
    numbers = [parse_number(code) for code in raw_numbers]
    dummy_numbers = [parse_number(code) for code in raw_dummies]
    seen: set[Number] = set()
    for card in numbers + dummy_numbers:
        if card in seen:
            raise RuleError("mor.card_twice", CONTENTS, card=CardRef(card.code))
        seen.add(card)
    rules = [parse_rule(name) for name in raw_rules]
    verdicts = decide(numbers, rules, dummy_numbers)
    return {
        "achieved": [v.achieved for v in verdicts],
        "rulings": [v.ruling for v in verdicts],
    }


def _judge_score(request: Mapping[str, Any]) -> dict[str, Any]:
    raw = require_list(request, "achieved")
    if len(raw) not in PLAYER_COUNTS:
        raise RuleError("mor.player_count", SETUP, count=len(raw))
    table: list[dict[str, int]] = []
    for seat, entry in enumerate(raw):
        if not isinstance(entry, Mapping):
            raise RuleError("mor.achieved_not_object", "", seat=SeatRef(seat))
        counts = {rule: 0 for rule in RULES}
        named: set[str] = set()
        for name, value in entry.items():
            rule = parse_rule(name)
            if rule in named:
                raise RuleError("mor.achieved_rule_twice", "", seat=SeatRef(seat), rule=rule_name(rule))
            named.add(rule)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= COPIES:
                raise RuleError("mor.achieved_count", CONTENTS, rule=rule_name(rule), count=str(value))
            counts[rule] = value
        table.append(counts)
    for rule in RULES:
        total = sum(counts[rule] for counts in table)
        if total > COPIES:
            raise RuleError("mor.achieved_too_many", CONTENTS, rule=rule_name(rule), count=total)
    parts = [breakdown(counts) for counts in table]
    return {
        "points": [b.total for b in parts],
        "rank": list(ranks(table)),
        "breakdown": [
            {"base": b.base, "set_bonus": b.set_bonus, "all_five_bonus": b.all_five_bonus} for b in parts
        ],
        "rulings": list(score_rulings(table)),
    }


MESSAGES: Mapping[str, str] = {
    "mor.card_malformed": N_("“%(text)s” is not a number card: write a colour letter (B, R, Y, G, P) and a number from 1 to 9, such as B7."),
    "mor.card_unknown_colour": N_("“%(text)s”: there is no colour “%(colour)s”; the colours are B blue, R red, Y yellow, G green and P purple."),
    "mor.card_number_range": N_("“%(text)s”: number cards run from 1 to 9."),
    "mor.card_used": N_("%(card)s is already on the table this round; there is only one of each card."),
    "mor.card_twice": N_("%(card)s appears twice; there is only one of each card."),
    "mor.rule_unknown": N_("“%(text)s” is not a rule card; the rules are TRIO, ONLY_ONE, LIMIT_23, BEST_OF_THE_BEST and SUPPORT_RIGHT."),
    "mor.rule_exhausted": N_("There are only 12 %(rule)s cards: %(won)s have been won and %(on_table)s are on the table, so none is left to play."),
    "mor.rule_taken": N_("%(seat)s has already played %(rule)s this round; play another rule card, or reveal your rule cards if none of them can be played."),
    "mor.rule_taken_by_dummy": N_("Dummy %(dummy)s has %(rule)s this round; play another rule card, or reveal your rule cards if none of them can be played."),
    "mor.reveal_not_needed": N_("%(rule)s has not been played this round: it can be played without revealing your rule cards."),
    "mor.not_your_turn": N_("It is %(seat)s's turn to lay a card."),
    "mor.lap2_needs_rule": N_("%(seat)s laid a number card in the first lap, so the second card must be a rule card."),
    "mor.lap2_needs_number": N_("%(seat)s laid a rule card in the first lap, so the second card must be a number card."),
    "mor.dummy_turn": N_("First turn dummy %(dummy)s's card from the top of the deck."),
    "mor.not_dummy_turn": N_("The dummies get their cards once everyone has laid a card in this lap; it is %(seat)s's turn."),
    "mor.wrong_dummy": N_("This card goes to dummy %(dummy)s."),
    "mor.dummy_has_number": N_("Dummy %(dummy)s already has its number card this round."),
    "mor.dummy_has_rule": N_("Dummy %(dummy)s already has its rule card this round."),
    "mor.dummy_no_rule": N_("Dummy %(dummy)s gets no rule card; only a number card."),
    "mor.game_over": N_("This game is over: all %(rounds)s rounds have been played."),
    "mor.player_count": N_("Master of Rules is for 3 to 5 players; got %(count)s."),
    # Overrides the shared wording: this game has a start player, not a leader.
    "setup.first_leader": N_("Choose the first start player from the players at the table."),
    "mor.judge_count": N_("Give one entry in “%(field)s” per player: %(players)s players, got %(count)s."),
    "mor.judge_dummy_count": N_("With %(players)s players the dummies have %(expected)s number cards; got %(count)s."),
    "mor.achieved_not_object": N_("Give %(seat)s's rule cards won as an object such as {\"TRIO\": 2}."),
    "mor.achieved_rule_twice": N_("%(seat)s's %(rule)s is given twice."),
    "mor.achieved_count": N_("%(rule)s: a count of cards won must be a whole number from 0 to 12; got %(count)s."),
    "mor.achieved_too_many": N_("%(rule)s was won %(count)s times across the table, but there are only 12 %(rule)s cards."),
    "mor.round_cards": N_("Round %(round)s is judged on %(cards)s; they add up to %(total)s."),
    "mor.trio.colour": N_("%(seat)s achieves TRIO: %(count)s %(suit)s cards, %(cards)s."),
    "mor.trio.number": N_("%(seat)s achieves TRIO: %(count)s cards numbered %(number)s, %(cards)s."),
    "mor.trio.miss": N_("%(seat)s misses TRIO: no colour and no number appears three times among %(cards)s."),
    "mor.only_one.hit": N_("%(seat)s achieves ONLY ONE: %(card)s is the only %(suit)s card and the only %(number)s."),
    "mor.only_one.miss_colour": N_("%(seat)s misses ONLY ONE: %(card)s shares its colour with %(cards)s."),
    "mor.only_one.miss_number": N_("%(seat)s misses ONLY ONE: %(card)s shares its number with %(cards)s."),
    "mor.only_one.miss_both": N_("%(seat)s misses ONLY ONE: %(card)s shares its colour with %(colour_cards)s and its number with %(number_cards)s."),
    "mor.limit_23.hit": N_("%(seat)s achieves LIMIT 23: the five cards add up to %(total)s, 23 or less."),
    "mor.limit_23.miss": N_("%(seat)s misses LIMIT 23: the five cards add up to %(total)s, more than 23."),
    "mor.best.hit": N_("%(seat)s achieves BEST of the BEST: %(suit)s is the most frequent colour (%(count)s cards) and %(card)s is its highest."),
    "mor.best.hit_tie": N_("%(seat)s achieves BEST of the BEST: %(suit)s is one of the most frequent colours (%(count)s cards each) and %(card)s is its highest."),
    "mor.best.miss_colour": N_("%(seat)s misses BEST of the BEST: %(suit)s has %(count)s of the five cards, but the most frequent colour has %(top)s."),
    "mor.best.miss_higher": N_("%(seat)s misses BEST of the BEST: %(higher)s is higher than %(card)s in %(suit)s."),
    "mor.support_right.hit": N_("%(seat)s achieves SUPPORT RIGHT: %(right)s, on their right, achieved %(rule)s."),
    "mor.support_right.miss": N_("%(seat)s misses SUPPORT RIGHT: %(right)s, on their right, missed %(rule)s."),
    "mor.support_right.all": N_("%(seat)s achieves SUPPORT RIGHT: every player played SUPPORT RIGHT."),
    "mor.dummy_rule": N_("Dummy %(dummy)s's %(rule)s only kept others from playing it; a dummy scores nothing."),
    "mor.won_cards": N_("Rule cards achieved are kept face up as points (%(count)s this round); the number cards and the rule cards not achieved are discarded."),
    "mor.next_start": N_("%(seat)s is the start player of round %(round)s."),
    "mor.final_round": N_("Round %(round)s is the final round: no refill row, and nobody refills after laying a card."),
    "mor.game_end": N_("All %(rounds)s rounds have been played: the game is over."),
    "mor.reveal": N_("%(seat)s revealed their rule cards, none of which could be played, and laid %(rule)s, already played this round."),
    "mor.score.total": N_("%(seat)s: %(total)s points, %(base)s for rule cards won, +%(set_bonus)s for rules won three times or more, +%(all_five_bonus)s for all five rules."),
    "mor.rank.tie_break": N_("%(seat)s and %(other)s have %(points)s points each; %(seat)s ranks higher with more %(rule)s (%(count)s to %(other_count)s)."),
    "mor.rank.shared": N_("%(seat)s and %(other)s share place %(rank)s: equal points and equal counts of every rule."),
}


def card_parts(code: str) -> tuple[tuple[str, str], ...]:
    """The (colour, number) printed on a number card: "B7" -> (("B", "7"),)."""
    card = parse_number(code)
    return ((card.colour, str(card.value)),)


# --------------------------------------------------------------------------- the page's forms

TRUE_WORDS = frozenset({"on", "true", "1", "yes"})
"""How a ticked checkbox arrives from a form."""


def form_payload(kind: str, fields: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """One entry's payload from the page's form (each field a list of the values sent).

    Takes only the fields the entry `kind` reads: "seat" or "dummy" as whole numbers, the
    number card's "card", the rule card's "rule", and the reveal checkbox as a real bool
    (ticked "on", unticked absent). The colour radio of the two-tap picker is left out.
    """


    payload: dict[str, Any] = {}
    if kind in (NUMBER, RULE):
        payload["seat"] = form_int(fields, "seat")
    elif kind in (DUMMY_NUMBER, DUMMY_RULE) and "dummy" in fields:
        payload["dummy"] = form_int(fields, "dummy")
    if kind in (NUMBER, DUMMY_NUMBER):
        payload["card"] = form_text(fields, "card")
    elif kind in (RULE, DUMMY_RULE):
        payload["rule"] = form_text(fields, "rule")
    if kind == RULE:
        payload["reveal"] = form_text(fields, "reveal").lower() in TRUE_WORDS
    return payload


@dataclass(frozen=True)
class JudgeSlot:
    """The next card the quick judge asks for: a player's number or rule card, or a dummy's number."""

    kind: str
    """NUMBER, RULE or DUMMY_NUMBER."""
    index: int
    """The player's seat, or the dummy (1 or 2)."""


@dataclass(frozen=True)
class JudgeEntries:
    """What the quick judge has been given so far, in the order it asks for the cards.

    Player A's number card and rule card, then B's, and so on; then the dummies' number
    cards (5 - players of them).
    """

    players: int | None
    numbers: tuple[Number, ...] = ()
    """The players' number cards in seat order, then the dummies'."""
    rules: tuple[str, ...] = ()

    @property
    def dummies(self) -> int:
        return TABLE_CARDS - self.players if self.players else 0

    @property
    def next(self) -> JudgeSlot | None:
        """The card asked for now, or None when the round is complete (or no count chosen)."""
        n = self.players
        if n is None:
            return None
        given, ruled = len(self.numbers), len(self.rules)
        if ruled < n:
            return JudgeSlot(NUMBER, given) if given == ruled else JudgeSlot(RULE, ruled)
        if given < TABLE_CARDS:
            return JudgeSlot(DUMMY_NUMBER, given - n + 1)
        return None

    @property
    def full(self) -> bool:
        return self.players is not None and self.next is None

    @property
    def player_numbers(self) -> tuple[Number, ...]:
        return self.numbers[: self.players or 0]

    @property
    def dummy_numbers(self) -> tuple[Number, ...]:
        return self.numbers[self.players or 0:]

    @property
    def carried(self) -> dict[str, str]:
        """The entries as the page's form carries them: dot-separated codes."""
        return {"players": str(self.players or ""), "numbers": ".".join(c.code for c in self.numbers),
                "rules": ".".join(self.rules)}

    def add_number(self, card: Number) -> JudgeEntries:
        slot = self.next
        if slot is None or slot.kind == RULE or card in self.numbers:
            return self
        return replace(self, numbers=self.numbers + (card,))

    def add_rule(self, rule: str) -> JudgeEntries:
        slot = self.next
        if slot is None or slot.kind != RULE:
            return self
        return replace(self, rules=self.rules + (rule,))

    def back(self) -> JudgeEntries:
        """Without the card entered last."""
        if len(self.numbers) > len(self.rules):  # a number card, a player's or a dummy's
            return replace(self, numbers=self.numbers[:-1])
        return replace(self, rules=self.rules[:-1])


def quick_judge_request(fields: Mapping[str, Any]) -> tuple[dict[str, Any] | None, JudgeEntries]:
    """The quick judge's form, as a "round" judge request once all five number cards are in.

    `fields` holds "players" (3-5), the cards entered so far ("numbers" and "rules",
    dot-separated, in the order JudgeEntries asks for them), a newly tapped "card" or
    "rule", or "back" to take the last one back. Anything unreadable is dropped, never
    raised. Returns (request or None, the entries so far).
    """

    count = form_text(fields, "players")
    players = int(count) if count.isdigit() and int(count) in PLAYER_COUNTS else None
    entries = JudgeEntries(players)
    if players is None:
        return None, entries
    numbers = form_text(fields, "numbers").split(".") if form_text(fields, "numbers") else []
    rules = form_text(fields, "rules").split(".") if form_text(fields, "rules") else []
    # Replay what was carried in asking order, so a hand-edited address cannot skip a slot.
    while (slot := entries.next) is not None:
        pending = rules if slot.kind == RULE else numbers
        if not pending:
            break
        before = entries
        try:
            if slot.kind == RULE:
                entries = entries.add_rule(parse_rule(pending.pop(0)))
            else:
                entries = entries.add_number(parse_number(pending.pop(0)))
        except RuleError:
            break
        if entries is before:  # a card given twice
            break
    if "back" in fields:
        if entries.numbers:
            entries = entries.back()
    elif form_text(fields, "card"):
        try:
            entries = entries.add_number(parse_number(form_text(fields, "card")))
        except RuleError:
            pass
    elif form_text(fields, "rule"):
        try:
            entries = entries.add_rule(parse_rule(form_text(fields, "rule")))
        except RuleError:
            pass
    if not entries.full:
        return None, entries
    return {
        "ask": "round",
        "players": players,
        "numbers": [c.code for c in entries.player_numbers],
        "rules": list(entries.rules),
        "dummy_numbers": [c.code for c in entries.dummy_numbers],
    }, entries


def first_leader_choices(players: Sequence[str]) -> tuple[int, ...]:
    """ゲームの準備: any player may be the first start player (chosen at random at the table)."""
    return tuple(range(len(players)))


# --------------------------------------------------------------------------- the contract

WORDS = Words(
    start_question=N_("Who is the first start player?"),
    judge_question=N_("Who achieves their rule?"),
)


def outcome(state: State) -> Outcome:
    """Points per seat, places with 得点計算's tie-breaks; the rule counts for the evening."""
    return Outcome(state.points, state.is_over, state.ranking,
                   facts={"achieved": [dict(counts) for counts in state.achieved]})


def evening(outcomes: Sequence[Outcome], players: int) -> Evening:
    """The rulebook plays one game; over several, the highest total leads, ties broken as in
    得点計算 by the rule cards won over the evening (TRIO, ONLY ONE, ...) (RULINGS)."""
    totals = kit_evening.summed(outcomes, players)
    won = [[sum(int(o.facts.get("achieved", [{}] * players)[seat].get(rule, 0)) for o in outcomes)
            for rule in TIE_BREAK] for seat in range(players)]
    keys = [(totals[seat], *won[seat]) for seat in range(players)]
    leaders = kit_evening.top(keys)
    return Evening(totals, kit_evening.finished(outcomes) >= 1, leaders, None)


def next_setup(last: State) -> Mapping[str, Any]:
    """The next game's first start player: one seat to the left (clockwise)."""
    return {"first_leader": left_of(last.setup.first_leader, last.setup.size), "options": {}}


def start_choices(players: Sequence[str]) -> tuple[int, ...]:
    """Anyone may be the first start player."""
    return first_leader_choices(players)


def suit_text(code: str, gettext: Gettext) -> str:
    """A colour as words: its mark and its name ("■blue")."""
    return SUIT_SYMBOLS[code] + gettext(SUIT_NAMES[code])


def card_text(code: str, gettext: Gettext) -> str:
    """A number card as words ("■blue 7")."""
    card = parse_number(code)
    return gettext("%(symbol)s%(suit)s %(value)s") % {
        "symbol": SUIT_SYMBOLS[card.colour], "suit": gettext(SUIT_NAMES[card.colour]), "value": card.value}
