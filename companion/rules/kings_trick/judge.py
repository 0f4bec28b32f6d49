"""The judge: rules questions from JSON, for `companion judge kings-trick` and the API.

Asks (options are optional objects; an unknown option or value is refused):
    trick     {"plays": [3-6 cards, leader first], "players": optional n (then the cards must
               be in that count's deck: no K/Q/J for 5),
               "options": {"no_colour": "values" | "play_order"}}
    score     {"won": [taken cards], "passed_at": optional points,
               "options": {"sum_sets": false | true}}
    no_agari  {"won": [[taken cards] per player], "options": {"no_agari_tie": ...}}
    evening   {"games": [[points per player] per game], "teams": optional bool,
               "options": {"tie_at_20": "play_on" | "share"}}
Players are play indices (trick: 0 is the leader) or seats (the others).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Answer, CardRef, RuleError, Ruling, answer, require_list
from ..contract import read_options
from .cards import Card, in_game, parse_card, value_number
from .options import MAX_PLAYERS, MIN_PLAYERS, NO_AGARI_TIE, NO_COLOUR, SUM_SETS, TIE_AT_20
from .scoring import series
from .sets import may_declare, no_agari, score
from .tricks import resolve

TEAMS_OF_SIX = ((0, 3), (1, 4), (2, 5))


def judge(request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one rules question (the JSON contract above). Returns plain data, with rulings
    still as Ruling objects for the caller to render."""
    return answer(request, ANSWERS)


def _cards(raw: Sequence[Any], players: int | None, seen: set[Card]) -> list[Card]:
    """Cards of a request: each must exist (in a game of `players`, if known) and appear once."""
    cards = []
    for code in raw:
        card = parse_card(code)
        if players is not None:
            in_game(card, players)
        if card in seen:
            raise RuleError("kt.card_twice", "1", card=CardRef(card.code))
        seen.add(card)
        cards.append(card)
    return cards


def _player_count(count: int) -> int:
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise RuleError("kt.player_count", "2", count=count)
    return count


def _trick(request: Mapping[str, Any]) -> dict[str, Any]:
    raw = require_list(request, "plays")
    if not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise RuleError("kt.play_count", "2", count=len(raw))
    if request.get("players") is not None:
        players = request["players"]
        if isinstance(players, bool) or not isinstance(players, int):
            raise RuleError("input.not_integer", "", field="players")
        _player_count(players)
        if players != len(raw):
            raise RuleError("kt.players_mismatch", "2", players=players, count=len(raw))
    options = read_options((NO_COLOUR,), request.get("options"))
    # Without "players" the deck is not checked: 3(4)'s own example plays K, Q and J among
    # five players, although 2(3)① takes them out for five (RULINGS, this project).
    cards = _cards(raw, request.get("players"), set())
    result = resolve(cards, 0, len(cards), no_colour=options["no_colour"])
    return {
        "lead_colour": result.lead_colour,
        "colours": list(result.colours),
        "values": [value_number(v) for v in result.values],
        "order": list(result.order),
        "colour_rank": list(result.colour_rank),
        "draft": list(result.draft),
        "takers": list(result.order[: len(result.draft)]),
        "next_leader": result.order[0],
        "rulings": list(result.rulings),
    }


def _score(request: Mapping[str, Any]) -> dict[str, Any]:
    cards = _cards(require_list(request, "won"), None, set())
    passed_at = request.get("passed_at")
    if passed_at is not None:
        if isinstance(passed_at, bool) or not isinstance(passed_at, int):
            raise RuleError("input.not_integer", "", field="passed_at")
        if passed_at < 0:
            raise RuleError("kt.points_negative", "3(6)", points=passed_at)
    options = read_options((SUM_SETS,), request.get("options"))
    now = score(cards, options["sum_sets"])
    rulings = list(now.rulings)
    if passed_at is not None and now.complete:
        key = "kt.passed_risen" if now.points > passed_at else "kt.passed_not_risen"
        rulings.append(Ruling(key, "3(6)", {"passed": passed_at, "points": now.points}))
    return {
        "counts": dict(now.counts),
        "sets": dict(now.sets),
        "base": now.base,
        "multiplier": now.multiplier,
        "points": now.points,
        "may_declare": may_declare(now, passed_at),
        "rulings": rulings,
    }


def _no_agari(request: Mapping[str, Any]) -> dict[str, Any]:
    raw = require_list(request, "won")
    players = _player_count(len(raw))
    options = read_options((NO_AGARI_TIE,), request.get("options"))
    seen: set[Card] = set()
    taken = []
    for pile in raw:
        if not isinstance(pile, list):
            raise RuleError("input.not_list", "", field="won")
        taken.append(_cards(pile, players, seen))
    result = no_agari(taken, options["no_agari_tie"])
    return {
        "scorers": list(result.scorers),
        "points": list(result.points),
        "decided_by": result.decided_by,
        "rulings": list(result.rulings),
    }


def _evening(request: Mapping[str, Any]) -> dict[str, Any]:
    raw = require_list(request, "games")
    if not raw:
        raise RuleError("kt.games_empty", "4(3)")
    games: list[list[int]] = []
    players = 0
    for number, game in enumerate(raw, 1):
        if not isinstance(game, list):
            raise RuleError("input.not_list", "", field="games")
        if number == 1:
            players = _player_count(len(game))
        elif len(game) != players:
            raise RuleError("kt.games_uneven", "4(3)", game=number, count=len(game), players=players)
        for points in game:
            if isinstance(points, bool) or not isinstance(points, int):
                raise RuleError("input.not_integer", "", field="games")
            if points < 0:
                raise RuleError("kt.points_negative", "4(2)", points=points)
        games.append(list(game))
    teams = request.get("teams", False)
    if teams is None:
        teams = False
    if not isinstance(teams, bool):
        raise RuleError("input.not_bool", "", field="teams")
    if teams and players != 6:
        raise RuleError("kt.teams_need_six", "5", count=players)
    options = read_options((TIE_AT_20,), request.get("options"))
    units: list[tuple[int, ...]] = list(TEAMS_OF_SIX) if teams else [(seat,) for seat in range(players)]
    per_unit = [[sum(game[seat] for seat in unit) for unit in units] for game in games]
    found = series(per_unit, [options["tie_at_20"]] * len(games), len(units), units)
    if found.ended_after is not None and found.ended_after < len(games):
        raise RuleError("kt.game_after_end", "4(3)", game=found.ended_after + 1, over=found.ended_after)
    return {
        "totals": list(found.totals),
        "over": found.over,
        "winners": list(found.leaders) if found.over else [],
        "rulings": [found.note],
    }


ANSWERS: Mapping[str, Answer] = {"trick": _trick, "score": _score, "no_agari": _no_agari, "evening": _evening}
"""The questions this judge answers (in the order a refusal lists them), each by its function."""
ASKS = tuple(ANSWERS)
