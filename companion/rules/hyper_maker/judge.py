"""The judge: one trick decided from JSON, for `companion judge hyper-maker` and the API."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import CardRef, CardsRef, RuleError, Ruling, SeatRef, SuitRef, read_ask, require_list
from .cards import Card, follows, parse_card
from .options import MAX_PLAYERS, MIN_PLAYERS
from .tricks import Play, resolve


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


