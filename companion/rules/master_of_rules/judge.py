"""The judge: a round's rule cards or a final score decided from JSON, for
`companion judge master-of-rules` and the API."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Answer, CardRef, RuleError, SeatRef, answer, require_int, require_list
from ..kit.cards import once_per_deal
from .cards import COPIES, RULES, Number, parse_number, parse_rule, rule_name
from .clauses import CONTENTS, FEW_PLAYERS, JUDGING, SETUP
from .options import PLAYER_COUNTS
from .points import breakdown, ranks, score_rulings
from .rounds import TABLE_CARDS
from .rules_cards import decide



def judge(request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one rules question (the JSON contract of `companion judge master-of-rules`).

    "round": {"players": n, "numbers": [one per player], "rules": [one per player],
    "dummy_numbers": [5 - n cards]} -> {"achieved": [bool per player], "rulings": [one per
    player]}. "score": {"achieved": [per player {"TRIO": 3, ...}]} -> {"points", "rank",
    "breakdown", "rulings"}. Rulings stay Ruling objects for the caller to render.
    """
    return answer(request, ANSWERS)


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
        once_per_deal(seen, card, "mor.card_twice", CONTENTS, card=CardRef(card.code))
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


ANSWERS: Mapping[str, Answer] = {"round": _judge_round, "score": _judge_score}
"""The questions this judge answers (in the order a refusal lists them), each by its function."""
ASKS = tuple(ANSWERS)
