"""The judge: rules questions answered from JSON, for `companion judge take-and-share` and the API.

trick: {"plays": [3-4 cards, leader first], "players"?: 3|4, "hands"?: [[cards] per player in
    play order, before the trick]} -> {"winner": index into plays, "resolution": "high"|"low",
    "rulings"}, with hands also "illegal": [indices of plays that broke must-follow].
score: {"received": [[cards] per player]} -> {"points", "by_suit": {suit: [points per
    player]}, "sums": {suit: [sum per player]}, "winners": [seats], "rulings"}.
hand: {"players": 3|4, "first_leader": seat, "share": [the first share cards], "tricks":
    [{"plays": [cards in play order], "given": [share card each seat received, by seat]},
    ...]} -> {"leaders", "winners", "received", "revokes": [[trick index, seat], ...],
    "complete", "points", "rulings"}. Only the last trick listed may be unfinished or lack
    "given".
match: {"games": [[points per player] per game], "target"?: points} -> {"totals", "over",
    "winners", "rulings"}.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Answer, CardRef, CardsRef, Event, RuleError, Ruling, SeatRef, SuitRef, answer, require_int, require_list
from .cards import SUITS, Card, parse_card
from .options import (
    C_CARDS, C_FOLLOW, C_LONG, C_OVERVIEW, C_PLAYERS, C_ROUND, C_RULINGS, C_SCORE, C_SHARE, HAND_SIZE, PLAYER_COUNTS,
    PRINTED_TARGET,
)
from .points import score
from .scoring import match
from .state import State, apply, initial
from .tricks import Play, resolve



def judge(request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one rules question (the contract above). Returns plain data, with rulings still
    as Ruling objects for the caller to render; RuleError for a request it cannot answer."""
    return answer(request, ANSWERS)


def _player_count(count: int) -> int:
    if count not in PLAYER_COUNTS:
        raise RuleError("tns.player_count", C_PLAYERS, count=count)
    return count


def _cards(raw: object, field: str, players: int, seen: set[Card]) -> list[Card]:
    """A list of card codes, each in the deck of `players` and not among `seen` (which grows)."""
    if not isinstance(raw, list):
        raise RuleError("input.not_list", "", field=field)
    cards = []
    for code in raw:
        card = parse_card(code, players)
        if card in seen:
            raise RuleError("tns.card_twice", C_RULINGS, card=CardRef(card.code))
        seen.add(card)
        cards.append(card)
    return cards


# --------------------------------------------------------------------------- trick


def _trick(request: Mapping[str, Any]) -> dict[str, Any]:
    raw_plays = require_list(request, "plays")
    if "players" in request:
        players = _player_count(require_int(request, "players"))
        if len(raw_plays) != players:
            raise RuleError("tns.play_count", C_ROUND, count=len(raw_plays), players=players)
    else:
        players = _player_count(len(raw_plays))
    cards = _cards(raw_plays, "plays", players, set())
    decision = resolve([Play(i, card) for i, card in enumerate(cards)])
    found = list(decision.rulings)
    answer: dict[str, Any] = {"winner": decision.winner, "resolution": decision.resolution}
    if "hands" in request:
        illegal, why = _illegal(cards, request["hands"], players)
        answer["illegal"] = illegal
        found += why
    found.append(Ruling("tns.winner_leads", C_SHARE, {"seat": SeatRef(decision.winner)}))
    answer["rulings"] = found
    return answer


def _illegal(cards: Sequence[Card], raw_hands: object, players: int) -> tuple[list[int], list[Ruling]]:
    """トリックの手順 2): a follower who laid another suit while holding the lead suit."""
    if not isinstance(raw_hands, list):
        raise RuleError("input.not_list", "", field="hands")
    if len(raw_hands) != len(cards):
        raise RuleError("tns.hands_count", "", count=len(raw_hands), plays=len(cards))
    seen: set[Card] = set()
    lead = cards[0].suit
    illegal: list[int] = []
    why: list[Ruling] = []
    for i, (played, raw_hand) in enumerate(zip(cards, raw_hands)):
        hand = _cards(raw_hand, "hands", players, seen)
        if len(hand) > HAND_SIZE[players]:
            raise RuleError("tns.hand_too_large", C_CARDS, seat=SeatRef(i), count=len(hand),
                            limit=HAND_SIZE[players])
        if played not in hand:
            raise RuleError("tns.play_not_in_hand", "", seat=SeatRef(i), card=CardRef(played.code))
        could = tuple(c.code for c in hand if c.suit == lead)
        if i > 0 and played.suit != lead and could:
            illegal.append(i)
            why.append(Ruling("tns.illegal_play", C_FOLLOW, {
                "seat": SeatRef(i), "card": CardRef(played.code), "cards": CardsRef(could), "suit": SuitRef(lead)}))
    return illegal, why


# --------------------------------------------------------------------------- score


def _score(request: Mapping[str, Any]) -> dict[str, Any]:
    raw = require_list(request, "received")
    players = _player_count(len(raw))
    seen: set[Card] = set()
    received = []
    for i, cards in enumerate(raw):
        hand = _cards(cards, "received", players, seen)
        if len(hand) > HAND_SIZE[players]:
            raise RuleError("tns.received_too_many", C_SCORE, seat=SeatRef(i), count=len(hand),
                            limit=HAND_SIZE[players])
        received.append(hand)
    result = score(received)
    return {
        "points": list(result.points),
        "by_suit": {s: list(result.by_suit[s]) for s in SUITS},
        "sums": {s: list(result.sums[s]) for s in SUITS},
        "winners": list(result.winners),
        "rulings": list(result.rulings),
    }


# --------------------------------------------------------------------------- hand


def _hand(request: Mapping[str, Any]) -> dict[str, Any]:
    if "players" not in request:
        raise RuleError("input.missing", "", field="players")
    players = _player_count(require_int(request, "players"))
    if "first_leader" not in request:
        raise RuleError("input.missing", "", field="first_leader")
    first = require_int(request, "first_leader")
    state = initial({"players": [f"P{i}" for i in range(players)], "first_leader": first})
    share = require_list(request, "share")
    if len(share) != players:
        raise RuleError("tns.share_count", state.setup.setup_clause, count=players, entered=len(share))
    state = apply(state, Event("share", {"cards": share}))
    tricks = require_list(request, "tricks")
    if len(tricks) > state.setup.hand_size:
        raise RuleError("tns.too_many_tricks", C_OVERVIEW, count=len(tricks), limit=state.setup.hand_size)
    leaders: list[int] = []
    found: list[Ruling] = []
    for index, raw in enumerate(tricks):
        last = index == len(tricks) - 1
        if not isinstance(raw, Mapping):
            raise RuleError("input.not_object", "")
        plays = require_list(raw, "plays")
        if len(plays) > players:
            raise RuleError("tns.play_count", C_ROUND, count=len(plays), players=players)
        if len(plays) < players and not last:
            raise RuleError("tns.trick_incomplete", C_ROUND, trick=index + 1, count=len(plays), players=players)
        leaders.append(state.leader)
        leader = state.leader
        for i, code in enumerate(plays):  # (the game's last card is laid by the engine: said already)
            state = apply(state, Event("play", {"seat": (leader + i) % players, "card": code}))
        if "given" in raw:
            state = _hand_out(state, raw["given"], index + 1)
        elif not last:
            raise RuleError("tns.given_missing", C_SHARE, trick=index + 1)
        if state.tricks and state.tricks[-1].number == index + 1:
            found += state.tricks[-1].rulings
    found += [r.ruling for r in state.revokes]
    result = score(state.received)
    if state.is_over:
        found += result.rulings
    return {
        "leaders": leaders,
        "winners": [t.winner for t in state.tricks],
        "received": [[c.code for c in r] for r in state.received],
        "revokes": [[r.shown_out.trick - 1, r.seat] for r in state.revokes],
        "complete": state.is_over,
        "points": list(result.points),
        "rulings": found,
    }


def _hand_out(state: State, raw: object, trick: int) -> State:
    """The share handed out after `trick`: "given"[seat] is the card that seat received; it must
    be exactly the share the winner took, one card per seat."""
    handout = state.handout
    if handout is None:
        raise RuleError("tns.given_too_early", C_SHARE, trick=trick)
    if not isinstance(raw, list):
        raise RuleError("input.not_list", "", field="given")
    cards = [parse_card(code, state.players) for code in raw]
    if len(cards) != len(handout.cards) or set(cards) != set(handout.cards):
        raise RuleError("tns.given_not_the_share", C_SHARE, trick=trick,
                        cards=CardsRef(tuple(c.code for c in handout.cards)))
    for seat, card in enumerate(cards):
        state = apply(state, Event("give", {"seat": seat, "card": card.code}))
    return state


# --------------------------------------------------------------------------- match


def _match(request: Mapping[str, Any]) -> dict[str, Any]:
    games = require_list(request, "games")
    if not games:
        raise RuleError("tns.match_no_games", C_LONG)
    first = games[0]
    if not isinstance(first, list):
        raise RuleError("input.not_list", "", field="games")
    players = _player_count(len(first))
    if "target" in request and request["target"] is not None:
        target = require_int(request, "target")
        if target < 1:
            raise RuleError("tns.target_range", C_LONG, target=target)
    else:
        target = PRINTED_TARGET[players]
    limit = HAND_SIZE[players]
    played: list[list[int]] = []
    for number, raw in enumerate(games, start=1):
        if not isinstance(raw, list):
            raise RuleError("input.not_list", "", field="games")
        if len(raw) != players:
            raise RuleError("tns.match_players", C_LONG, game=number, count=len(raw), players=players)
        points = [require_int({"points": p}, "points") for p in raw]
        for seat, p in enumerate(points):
            if not 0 <= p <= limit:
                raise RuleError("tns.game_score_range", C_SCORE, game=number, seat=SeatRef(seat), points=p,
                                limit=limit)
        if played and match(played, players, target).over:
            raise RuleError("tns.game_after_over", C_LONG, game=number, target=target)
        played.append(points)
    standing = match(played, players, target)
    return {"totals": list(standing.totals), "over": standing.over, "winners": list(standing.leaders),
            "target": target, "rulings": [standing.note]}


ANSWERS: Mapping[str, Answer] = {"trick": _trick, "score": _score, "hand": _hand, "match": _match}
"""The questions this judge answers (in the order a refusal lists them), each by its function."""
ASKS = tuple(ANSWERS)
