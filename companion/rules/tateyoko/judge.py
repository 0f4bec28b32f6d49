"""The judge: one rules question as JSON, for `companion judge tateyoko` and the API.

Positions are "x,y" strings (x to the right, y up, the starting card at 0,0); cards are
TENNOS codes ("SQ", "HA", "C10").

place  {"grid": {"x,y": card, ...}, "cards": [["x,y", card], ...]} -> {"legal", "card" (index
       of the first bad card or null), "reason" (null | "occupied" | "not_adjacent" |
       "not_next_to_previous" | "not_in_line" | "vertical" | "horizontal"), "rulings"}: the
       cards of one turn, checked in order against the layout and the cards before them.
spots  {"grid": {...}, "card": card} -> {"spots": ["x,y", ...] by x then y, "rulings"}: where
       that card alone may be laid.
score  {"hands": [[cards] per seat]} (3-7 seats, at most one empty) -> {"points", "winners",
       "rulings"}.
match  {"games": [[points per seat] per game], "limit"?: number (-20)} -> {"totals", "over",
       "winners", "rulings"}.
A layout no legal play could have made (no card at 0,0, not connected, neighbours that
break the rules), a card twice, a bad position or card is refused with a RuleError.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Answer, CardRef, RuleError, Ruling, SeatRef, answer, require_int, require_list
from ..kit.evening import top
from . import clauses as c
from .cards import DECK_SIZE, Card, parse_card
from .layout import Pos, fit_rulings, parse_position, place_problem, position_text, read_grid, spots
from .options import DEFAULT_LIMIT, LIMIT, MAX_PLAYERS, MIN_PLAYERS
from .scoring import check_game_points, match
from .state import Hand, counts_of, summary_rulings



def judge(request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one rules question (see the module's docstring); plain data with Ruling objects."""
    return answer(request, ANSWERS)


def _grid(request: Mapping[str, Any]) -> dict[Pos, Card]:
    if "grid" not in request:
        raise RuleError("input.missing", "", field="grid")
    return read_grid(request["grid"])


def _place(request: Mapping[str, Any]) -> dict[str, Any]:
    grid = _grid(request)
    raw = require_list(request, "cards")
    if not raw:
        raise RuleError("ty.no_cards", c.PLAY)
    items: list[tuple[Pos, Card]] = []
    for index, item in enumerate(raw):
        if not isinstance(item, list) or len(item) != 2:
            raise RuleError("ty.cards_item_malformed", c.RULINGS, number=index + 1)
        pos, card = parse_position(item[0]), parse_card(item[1])
        if card in grid.values() or any(card == other for _, other in items):
            raise RuleError("ty.card_twice", c.EQUIPMENT, card=CardRef(card.code))
        items.append((pos, card))
    work = dict(grid)
    turn: list[Pos] = []
    rulings: list[Ruling] = []
    for index, (pos, card) in enumerate(items):
        problem = place_problem(work, turn, pos, card)
        if problem is not None:
            return {"legal": False, "card": index, "reason": problem.reason, "rulings": rulings + [problem.ruling]}
        rulings.append(Ruling("ty.may_go", c.MORE if turn else c.PLAY,
                              {"card": CardRef(card.code), "x": pos[0], "y": pos[1]}))
        rulings.extend(fit_rulings(work, pos, card))
        work[pos] = card
        turn.append(pos)
    if len(items) > 1:
        rulings.append(Ruling("ty.line_ok", c.LINE, {"count": len(items)}))
    return {"legal": True, "card": None, "reason": None, "rulings": rulings}


def _spots(request: Mapping[str, Any]) -> dict[str, Any]:
    grid = _grid(request)
    if "card" not in request:
        raise RuleError("input.missing", "", field="card")
    card = parse_card(request["card"])
    if card in grid.values():
        raise RuleError("ty.card_twice", c.EQUIPMENT, card=CardRef(card.code))
    found = spots(grid, card)
    texts = [position_text(pos) for pos in found]
    if found:
        ruling = Ruling("ty.spots", c.EVERY, {"card": CardRef(card.code), "count": len(found), "spots": "; ".join(texts)})
    else:
        ruling = Ruling("ty.spots_none", c.EVERY, {"card": CardRef(card.code)})
    return {"spots": texts, "rulings": [ruling]}


def _seat_count(count: int) -> None:
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise RuleError("ty.player_count", c.PLAYERS, count=count)


def _score(request: Mapping[str, Any]) -> dict[str, Any]:
    raw = require_list(request, "hands")
    _seat_count(len(raw))
    seen: set[Card] = set()
    hands: list[Hand] = []
    for seat, raw_hand in enumerate(raw):
        if not isinstance(raw_hand, list):
            raise RuleError("input.not_list", "", field="hands")
        cards = [parse_card(code) for code in raw_hand]
        for card in cards:
            if card in seen:
                raise RuleError("ty.card_twice", c.EQUIPMENT, card=CardRef(card.code))
            seen.add(card)
        hands.append(Hand(seat, counts_of(cards), tuple(cards)))
    empty = [h.seat for h in hands if h.size == 0]
    if len(empty) > 1:
        raise RuleError("ty.second_empty", c.END, seat=SeatRef(empty[1]), other=SeatRef(empty[0]))
    if len(seen) >= DECK_SIZE:
        raise RuleError("ty.too_many_cards", c.EQUIPMENT, count=len(seen))
    points = [h.points for h in hands]
    return {"points": points, "winners": list(top(points)), "rulings": list(summary_rulings(hands, points))}


def _match(request: Mapping[str, Any]) -> dict[str, Any]:
    raw = require_list(request, "games")
    if not raw:
        raise RuleError("ty.match_no_games", c.REPEAT)
    limit = DEFAULT_LIMIT if request.get("limit") is None else require_int(request, "limit")
    if not LIMIT.minimum <= limit <= LIMIT.maximum:
        raise RuleError("option.out_of_range", c.REPEAT, field="limit", value=limit, minimum=LIMIT.minimum,
                        maximum=LIMIT.maximum)
    games: list[list[int]] = []
    for number, points in enumerate(raw, 1):
        if not isinstance(points, list) or any(isinstance(p, bool) or not isinstance(p, int) for p in points):
            raise RuleError("ty.match_points_malformed", c.REPEAT, game=number)
        if number == 1:
            _seat_count(len(points))
        elif len(points) != len(games[0]):
            raise RuleError("ty.match_seats", c.REPEAT, game=number, count=len(points), players=len(games[0]))
        check_game_points(points, number)
        games.append(list(points))
    result = match(games, len(games[0]), limit)
    if result.ended_at is not None and result.ended_at < len(games):
        raise RuleError("ty.match_after_end", c.REPEAT, game=result.ended_at + 1, ended=result.ended_at)
    return {"totals": list(result.totals), "over": result.over, "winners": list(result.leaders),
            "rulings": [result.note]}


ANSWERS: Mapping[str, Answer] = {"place": _place, "spots": _spots, "score": _score, "match": _match}
"""The questions this judge answers (in the order a refusal lists them), each by its function."""
ASKS = tuple(ANSWERS)
