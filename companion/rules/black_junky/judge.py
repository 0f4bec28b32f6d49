"""The judge: rounds, hands, game results and the variant decided from JSON, for
`companion judge black-junky` and POST /api/judge/black-junky."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Answer, CardRef, RuleError, answer, require_int, require_list
from .cards import SUITS, Card, parse_cross, parse_hand_card
from .options import (
    BUST_21, C_GAME, C_RULINGS, C_SETUP, C_VARIANT, JUDGE_MAX_PLAYERS, MEASURES, MIN_PLAYERS, RED, ROUNDS,
)
from .totals import count_hand, decide, measure_points, result_rulings, top_seats, variant_rulings



def judge(request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one rules question (the JSON contract of `companion judge black-junky`).

    round: {"plays": [[cards] per seat, [] for a player sitting out], "deck_card": "X7",
        "red"?: [suit letters] (default ["H", "D"]), "bust_21"?: bool (default false)}
        -> {"totals": [best total per seat, null if sitting out], "bust": [bool per seat],
        "winners": [seats], "values": [[each card as counted, the deck's last] or null],
        "rulings"}. A bust player's total is the smallest their cards can make.
    hand: {"cards": [cards], "deck_card", "red"?, "bust_21"?} -> {"total", "bust", "values",
        "rulings"}: one player's total.
    wins: {"players": n, "rounds": [[winner seats] per round]} -> {"wins": [per seat],
        "winners": [seats], "rulings"}.
    variant: {"kept": [[cards] per seat], "measure": "black_count" | "black_sum", "red"?}
        -> {"points": [per seat], "winners": [seats], "rulings"}.
    Returns plain data, with rulings still as Ruling objects for the caller to render.
    """
    return answer(request, ANSWERS)


def _red(request: Mapping[str, Any]) -> tuple[str, ...]:
    """The red suits asked about ("red": suit letters), hearts and diamonds if not given."""
    if "red" not in request:
        return RED.default
    raw = request["red"]
    if not isinstance(raw, list) or any(not isinstance(s, str) or s not in SUITS for s in raw):
        raise RuleError("option.not_suits", "", field="red", known=", ".join(SUITS))
    return tuple(s for s in SUITS if s in raw)


def _bust_21(request: Mapping[str, Any]) -> bool:
    return BUST_21.check(request["bust_21"]) if "bust_21" in request else BUST_21.default


def _deck(request: Mapping[str, Any]) -> Card:
    if "deck_card" not in request:
        raise RuleError("input.missing", "", field="deck_card")
    return parse_cross(request["deck_card"])


def _seat_count(count: int) -> None:
    if not MIN_PLAYERS <= count <= JUDGE_MAX_PLAYERS:
        raise RuleError("bj.judge_players", C_RULINGS, count=count)


def _hands(request: Mapping[str, Any], name: str) -> list[list[Card]]:
    """Per seat, a list of cards laid or kept: no crosses, no card twice anywhere."""
    raw = require_list(request, name)
    _seat_count(len(raw))
    seen: set[Card] = set()
    hands: list[list[Card]] = []
    for entry in raw:
        if not isinstance(entry, list):
            raise RuleError("input.not_list", "", field=name)
        hand = []
        for code in entry:
            card = parse_hand_card(code)
            if card in seen:
                raise RuleError("bj.card_twice", C_SETUP, card=CardRef(card.code))
            seen.add(card)
            hand.append(card)
        hands.append(hand)
    return hands


def _round(request: Mapping[str, Any]) -> dict[str, Any]:
    hands = _hands(request, "plays")
    deck = _deck(request)
    red, bust_21 = _red(request), _bust_21(request)
    if not any(hands):
        raise RuleError("bj.nobody_plays", C_GAME)
    result = decide([hand or None for hand in hands], deck, red, bust_21)
    return {
        "totals": list(result.totals),
        "bust": list(result.busts),
        "winners": list(result.winners),
        "values": [None if c is None else list(c.values) for c in result.counts],
        "rulings": list(result.rulings),
    }


def _hand(request: Mapping[str, Any]) -> dict[str, Any]:
    raw = require_list(request, "cards")
    cards: list[Card] = []
    for code in raw:
        card = parse_hand_card(code)
        if card in cards:
            raise RuleError("bj.card_twice", C_SETUP, card=CardRef(card.code))
        cards.append(card)
    deck = _deck(request)
    red, bust_21 = _red(request), _bust_21(request)
    if not cards:
        raise RuleError("bj.hand_empty", C_GAME)
    count = count_hand(cards, deck, red, bust_21)
    # The round's rulings for a lone player, less who wins: only the total and bust are asked.
    rulings = [r for r in decide([cards], deck, red, bust_21).rulings
               if r.key not in ("bj.round_winner", "bj.nobody_wins", "bj.below_zero")]
    return {"total": count.total, "bust": count.bust, "values": list(count.values), "rulings": rulings}


def _wins(request: Mapping[str, Any]) -> dict[str, Any]:
    players = require_int(request, "players")
    _seat_count(players)
    rounds = require_list(request, "rounds")
    if len(rounds) > ROUNDS.maximum:
        raise RuleError("bj.rounds_count", C_SETUP, count=len(rounds))
    wins = [0] * players
    for number, winners in enumerate(rounds, start=1):
        if not isinstance(winners, list):
            raise RuleError("input.not_list", "", field="rounds")
        seen: set[int] = set()
        for seat in winners:
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise RuleError("input.not_integer", "", field="rounds")
            if not 0 <= seat < players:
                raise RuleError("bj.seat_range", "", round=number, seat=seat, last=players - 1)
            if seat in seen:
                raise RuleError("bj.seat_twice", "", round=number, seat=seat)
            seen.add(seat)
            wins[seat] += 1
    return {"wins": wins, "winners": list(top_seats(wins)), "rulings": list(result_rulings(wins))}


def _variant(request: Mapping[str, Any]) -> dict[str, Any]:
    kept = _hands(request, "kept")
    if "measure" not in request:
        raise RuleError("input.missing", "", field="measure")
    measure = request["measure"]
    if measure not in MEASURES:
        raise RuleError("bj.measure_unknown", C_VARIANT, value=str(measure), known=", ".join(MEASURES))
    red = _red(request)
    points = [measure_points(cards, str(measure), red) for cards in kept]
    return {"points": points, "winners": list(top_seats(points)),
            "rulings": list(variant_rulings(kept, str(measure), red))}


ANSWERS: Mapping[str, Answer] = {"round": _round, "hand": _hand, "wins": _wins, "variant": _variant}
"""The questions this judge answers (in the order a refusal lists them), each by its function."""
ASKS = tuple(ANSWERS)
