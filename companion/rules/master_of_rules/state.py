"""A game of Master of Rules as it stands: the setup, the entries, the judged rounds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base import CardRef, Event, Finding, RuleError, Ruling, SeatRef, require_int
from ..contract import read_options
from ..kit.cards import once_per_deal
from ..kit.seats import Seating, left_of, read_seating
from .cards import COPIES, RULES, Number, codes, parse_number, parse_rule, rule_name
from .clauses import CONTENTS, FEW_PLAYERS, GAME_END, JUDGING, NEXT_ROUND, PLAYING, RULINGS, SETUP
from .options import MAX_PLAYERS, OPTIONS, PLAYER_COUNTS
from .points import Breakdown, breakdown, ranks, score_rulings
from .rounds import (
    DUMMY_NUMBER, DUMMY_RULE, EVENT_KINDS, NUMBER, ROUNDS, RULE, TABLE_CARDS, Expected, Play, RoundResult,
    next_step, reveal_rulings,
)
from .rules_cards import decide


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
        return left_of(self.setup.first_leader, self.players, self.round - 1)

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
        return next_step(self.players, self.start_player, self.plays)

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
        """The seats in first place (one, or several sharing it)."""
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
    if next_step(state.players, state.start_player, state.plays) is None:
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
    once_per_deal(state.numbers_played, card.code, "mor.card_used", CONTENTS, card=CardRef(card.code))
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
        "round": state.round, "cards": codes(five), "total": total})]
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
            "seat": SeatRef(left_of(state.start_player, n)), "round": number + 1}))
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


def audit(state: State) -> tuple[Finding, ...]:
    """Nothing in this game can be proven against a player afterwards: always ().

    Hands are never entered and change after every card (2. カードの補充), so a reveal
    cannot be checked: a rule card of another kind laid later may have been drawn after it.
    """
    return ()
