"""The event's judge: standings or a draw from JSON (`companion judge event`,
`POST /api/judge/event`; docs/judge-api.md, "A club night").

Asks:
- "standings": {"players": [...], "results": [{"round", "players", "places", "points"}],
  "scoring": "placement" | "points", "sat_out": {"1": [...]}} -> the standings with their
  tie-breaks, each line's reasons, and how the event scores;
- "draw": {"players": [... in standings order], "met": [[a, b], ...], "sizes": [...],
  "round": n, "seed": n, "sat_out": optional, "size": optional} -> tables, sit-outs and
  the repeat meetings, with the reasons.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..rules.base import RuleError, Ruling, require_int, require_list
from .bounds import check_name, check_round
from .scoring import Result, Standing, scoring_note, standings
from .seating import draw
from .words import Words, render

ASKS = ("standings", "draw")


def judge(request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one request; rulings stay Ruling objects for the caller to render (`judge_text`
    renders them). RuleError for a request that cannot be answered."""
    if not isinstance(request, Mapping):
        raise RuleError("input.not_object")
    ask = request.get("ask")
    if ask not in ASKS:
        raise RuleError("club.unknown_ask", "", ask=str(ask), known=list(ASKS))
    return _standings(request) if ask == "standings" else _draw(request)


def judge_text(text: str, words: Words) -> tuple[bool, dict[str, Any]]:
    """Answer one request given as JSON text in the language of `words`: (ok, answer), where a
    request that cannot be answered gets {"error": why}. Never raises on bad input."""
    try:
        request = json.loads(text)
        return True, plain(judge(request), words)
    except RuleError as exc:
        return False, {"error": render(exc.ruling, words)}
    except RecursionError:
        return False, {"error": render(Ruling("input.too_deep", ""), words)}
    except ValueError as exc:
        return False, {"error": render(Ruling("input.not_json", "", {"detail": str(exc)}), words)}


def plain(value: Any, words: Words) -> Any:
    """An answer as JSON data: every Ruling as {"clause", "text"}."""
    if isinstance(value, Ruling):
        return {"clause": value.clause, "text": render(value, words)}
    if isinstance(value, Mapping):
        return {key: plain(item, words) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item, words) for item in value]
    return value


def score_json(value: Fraction) -> int | float:
    """A score as a JSON number: whole, or to four decimals (the exact value is given beside it)."""
    return value.numerator if value.denominator == 1 else round(float(value), 4)


# --------------------------------------------------------------------------- standings


def _names(raw: object, field: str) -> list[str]:
    if not isinstance(raw, list):
        raise RuleError("input.not_list", "", field=field)
    return [check_name(name) for name in raw]


def _result(raw: object) -> Result:
    if not isinstance(raw, Mapping) or not all(k in raw for k in ("round", "players", "places")):
        raise RuleError("club.result")
    round_ = check_round(raw["round"], "round")
    players = _names(raw["players"], "players")
    places = raw["places"]
    points = raw.get("points", [0] * len(players))
    if not isinstance(places, list) or not isinstance(points, list):
        raise RuleError("club.result")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (*places, *points)):
        raise RuleError("club.places", "", round=round_, players=players, places=[str(p) for p in places])
    return Result(round_, tuple(players), tuple(places), tuple(points))


def read_sat_out(raw: object) -> dict[int, list[str]]:
    """{"1": [names]} as {1: [names]}."""
    if not isinstance(raw, Mapping):
        raise RuleError("club.sat_out_field")
    out: dict[int, list[str]] = {}
    for key, names in raw.items():
        if not isinstance(key, str) or not key.isascii() or not key.isdigit() or len(key) > 4:
            raise RuleError("club.sat_out_field")
        out[check_round(int(key), "sat_out")] = _names(names, "sat_out")
    return out


def _standings(request: Mapping[str, Any]) -> dict[str, Any]:
    players = _names(require_list(request, "players"), "players")
    results = [_result(r) for r in require_list(request, "results")]
    scoring = request.get("scoring", "placement")
    if scoring == "points" and any("points" not in r for r in request["results"]):
        raise RuleError("club.result")
    table = standings(players, results, str(scoring), read_sat_out(request.get("sat_out", {})))
    return {"standings": [_line(s) for s in table], "rulings": [scoring_note(results, str(scoring))]}


def _line(line: Standing) -> dict[str, Any]:
    wins, best, balance = line.tie_breaks
    return {"player": line.player, "rank": line.rank, "score": score_json(line.score), "exact": str(line.score),
            "played": line.played, "wins": wins, "best_place": best or None, "head_to_head": balance,
            "rounds": [None if r is None else score_json(r) for r in line.rounds], "rulings": list(line.reasons)}


# --------------------------------------------------------------------------- draw


def _pairs(raw: Sequence[object]) -> set[frozenset[str]]:
    pairs: set[frozenset[str]] = set()
    for pair in raw:
        if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(n, str) for n in pair) \
                or pair[0] == pair[1]:
            raise RuleError("club.pair")
        pairs.add(frozenset(pair))
    return pairs


def _draw(request: Mapping[str, Any]) -> dict[str, Any]:
    players = _names(require_list(request, "players"), "players")
    met = _pairs(require_list(request, "met") if "met" in request else [])
    sizes = require_list(request, "sizes")
    round_ = check_round(request.get("round"), "round")
    seed = require_int(request, "seed")
    size = None if request.get("size") is None else require_int(request, "size")
    made = draw(players, met, sizes, round_, seed, read_sat_out(request.get("sat_out", {})), size)
    return {"tables": [list(t.players) for t in made.tables], "sit_out": list(made.sit_out),
            "repeats": made.repeats, "repeats_proved_fewest": made.proved, "rulings": list(made.reasons)}
