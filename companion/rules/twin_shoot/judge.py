"""The judge: one trick or one hand's score decided from JSON, for `companion judge
twin-shoot` and the API.

The trick question names players by play order: index 0 (Player A) leads (RULINGS). The
score question cannot check who was alone in last place (it does not know the totals before
the hand); it scores the open bid it is told about (RULINGS).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import CardRef, CardsRef, RuleError, Ruling, SeatRef, SuitRef, read_ask, require_int, require_list
from ..kit.cards import once_per_deal
from .cards import BID_CARDS, Card, bid_value, parse_card
from .clauses import C_BID, C_RULINGS, C_SETUP, C_TRICKS, c_step
from .options import PLAYER_COUNTS
from .points import score_hand
from .teams import team_seats
from .tricks import TRICKS_PER_HAND, Play, fixed_follow, must_play, resolve


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
        seen.add(once_per_deal(seen, card, "ts.card_twice", C_RULINGS, card=CardRef(card.code)))
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
            seen.add(once_per_deal(seen, card, "ts.card_twice", C_RULINGS, card=CardRef(card.code)))
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
            seen.add(once_per_deal(seen, card, "ts.card_twice", C_RULINGS, card=CardRef(card.code)))
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
