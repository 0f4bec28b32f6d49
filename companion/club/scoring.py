"""The event's score: each table's finished game turned into the event's points, sit-outs,
tie-breaks and the standings. A pure fold over the results, like a game's engine.

The rulings (docs/rulings.md, "A club night"):
- Placement points (the default): at a table of n, place p earns n - p; tied places share
  the mean of the points of the places they cover (1, 1, 3 at a table of three: 1.5, 1.5,
  0). A table of another size is scaled to the event's largest table R: n - p becomes
  (n - p)(R - 1)/(n - 1), so every table's winner earns R - 1, its last 0 and its average
  (R - 1)/2. Unscaled, a seat at a bigger table would earn more on average for the same
  play; scaled, a seat is worth the same wherever the draw put it. R only chooses the unit
  (an event of tables of four keeps its 3, 2, 1, 0): the order of the standings is the same
  for every R.
- The game's own points (the option): added up as each game gives them, never scaled; a
  game's points have no common unit across table sizes to convert to (they may be negative
  and have no top), and the organiser who chose them chose that game's own scale.
- A sit-out the draw made earns the average score of a seat in that round (for placement
  points (R - 1)/2; for the game's points the mean over the round's finished seats, 0 until
  one finishes): not the player's choice, so no loss; not a win either, or the draw would
  hand out wins. A player not at the event in a round (not yet arrived, or gone) earns
  nothing for it: the event rewards the games played, and a late arrival starts from 0.
- Ties in score are broken by more wins (first places, shared ones included), then the
  better best place, then head-to-head among the players still level (players beaten minus
  players placed above them, counting only their games together); players equal in all of
  these share a rank (1, 1, 3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..rules.base import RuleError, Ruling
from .bounds import EMPTY, MAX_PLAYERS, MAX_TABLE, check_players, check_round
from .words import CLAUSE, number

SCORINGS = ("placement", "points")
"""How a round scores: placement points at each table (the default), or the game's own points."""

MAX_RESULTS = 20000
"""Results one event holds: every table of every round of the largest event, and more."""

NO_GAME = MAX_PLAYERS + 1
"""A best place for sorting a player who has played no game: below every place a table has."""

@dataclass(frozen=True)
class Result:
    """One table's finished game in one round."""

    round: int
    """1-based."""
    players: tuple[str, ...]
    """The event's player names, in seat order."""
    places: tuple[int, ...]
    """The game's Outcome.places: 1 first, ties share (1, 1, 3)."""
    points: tuple[int, ...]
    """The game's Outcome.points."""


@dataclass(frozen=True)
class Standing:
    """One player's line of the standings."""

    player: str
    rank: int
    """1 first; shared when everything compared is equal (1, 1, 3)."""
    score: Fraction
    """The event's score: placement points or the game's points, sit-outs included."""
    played: int
    """Games played (sit-outs not counted)."""
    tie_breaks: tuple[Fraction | int, ...]
    """(wins, best place, head-to-head), compared in that order after the score: more wins,
    then the lower best place (0 when no game was played: after every place), then the higher
    head-to-head balance among the players level on the rest (0 for a player level with nobody)."""
    rounds: tuple[Fraction | None, ...]
    """Per round: the score earned (a sit-out's too), None when not seated (not at the event, or
    no result yet)."""
    reasons: tuple[Ruling, ...] = ()
    """Why: a sit-out's score, rounds that count nothing, what separates the player from the
    one above on the same score, or the rank they share."""


def places_ok(places: Sequence[int]) -> bool:
    """Whether `places` are a finished game's places: each is 1 + the number placed above it."""
    return all(p == 1 + sum(1 for q in places if q < p) for p in places)


def placement_points(places: Sequence[int], scale: int) -> tuple[Fraction, ...]:
    """Each seat's placement points at a table with these places, scaled to a table of `scale`:
    place p of n earns n - p, tied places the mean of the places they cover, times
    (scale - 1)/(n - 1)."""
    n = len(places)
    return tuple(Fraction(2 * (n - p) - (places.count(p) - 1), 2) * (scale - 1) / (n - 1) for p in places)


def check_results(players: Sequence[str], results: Sequence[Result]) -> None:
    """Every result names the event's players, once each per round, at a table of at most
    bounds.MAX_TABLE, with places of a finished game and a place and a score for each."""
    if len(results) > MAX_RESULTS:
        raise RuleError("club.too_many_results", "", limit=MAX_RESULTS)
    known = set(players)
    seated: set[tuple[int, str]] = set()
    for result in results:
        check_round(result.round, "round")
        names = list(result.players)
        if len(names) < 2 or len(result.places) != len(names) or len(result.points) != len(names):
            raise RuleError("club.result_size", "", round=result.round, players=names)
        if len(names) > MAX_TABLE:  # refused before anything looks at pairs of its players
            raise RuleError("club.table_too_big", "", round=result.round, count=len(names), limit=MAX_TABLE)
        for name in names:
            if name not in known:
                raise RuleError("club.unknown_player", "", player=str(name), field="results")
            if (result.round, name) in seated:
                raise RuleError("club.seated_twice", "", player=name, round=result.round)
            seated.add((result.round, name))
        if not all(isinstance(p, int) and not isinstance(p, bool) for p in (*result.places, *result.points)) \
                or not places_ok(result.places):
            raise RuleError("club.places", "", round=result.round, players=names,
                            places=[str(p) for p in result.places])


def check_sat_out(players: Sequence[str], results: Sequence[Result], sat_out: Mapping[int, Sequence[str]]) -> None:
    """Sit-outs name the event's players, in rounds they played no game."""
    known = set(players)
    seated = {(r.round, name) for r in results for name in r.players}
    for round_, names in sat_out.items():
        check_round(round_, "sat_out")
        for name in names:
            if name not in known:
                raise RuleError("club.unknown_player", "", player=str(name), field="sat_out")
            if (round_, name) in seated:
                raise RuleError("club.sat_and_played", "", player=name, round=round_)


def scale_of(results: Sequence[Result], largest: int = 0) -> int:
    """The table every table's placement points are scaled to: the event's largest, of those
    with a result and `largest` (the largest the draws seated; 0 with neither)."""
    return max([len(r.players) for r in results] + [largest])


def scoring_note(results: Sequence[Result], scoring: str, largest: int = 0) -> Ruling:
    """How the event scores, as a ruling (`largest` as scale_of takes it)."""
    scale = scale_of(results, largest)
    if not results:
        return Ruling("club.scoring.nothing", CLAUSE)
    if scoring == "points":
        return Ruling("club.scoring.points", CLAUSE)
    return Ruling("club.scoring.placement", CLAUSE, {"size": scale, "top": scale - 1})


def seat_average(results: Sequence[Result], scoring: str, round_: int, largest: int = 0) -> Fraction:
    """A sit-out's score in `round_`: the average score of a seat in that round (`largest` as
    scale_of takes it)."""
    if scoring == "placement":
        return Fraction(max(scale_of(results, largest) - 1, 0), 2)
    points = [p for r in results if r.round == round_ for p in r.points]
    return Fraction(sum(points), len(points)) if points else Fraction(0)


def meetings(results: Sequence[Result]) -> frozenset[frozenset[str]]:
    """Every pair of players who have shared a table, for the next draw's `met`."""
    return frozenset(frozenset((a, b)) for r in results for i, a in enumerate(r.players) for b in r.players[i + 1:])


def standings(players: Sequence[str], results: Sequence[Result], scoring: str = "placement",
              sat_out: Mapping[int, Sequence[str]] = EMPTY, largest: int = 0) -> tuple[Standing, ...]:
    """The standings after `results`, best first (players on a shared rank in the order of
    `players`); `sat_out` names, per round, the players the draw sat out; `largest` is the
    largest table the event's draws seated, so placement points and a sit-out's score have
    their unit before any table of that size has finished. RuleError for a result or a
    sit-out that cannot be (see check_results, check_sat_out)."""
    names = check_players(players)
    if scoring not in SCORINGS:
        raise RuleError("club.scoring", "", value=str(scoring))
    check_results(names, results)
    check_sat_out(names, results, sat_out)
    scale = scale_of(results, largest)
    last = max([r.round for r in results] + [r for r, who in sat_out.items() if who], default=0)
    earned: dict[str, dict[int, Fraction]] = {name: {} for name in names}
    places: dict[str, list[int]] = {name: [] for name in names}
    for result in results:
        scores = placement_points(result.places, scale) if scoring == "placement" else map(Fraction, result.points)
        for name, gained, place in zip(result.players, scores, result.places):
            earned[name][result.round] = gained
            places[name].append(place)
    reasons: dict[str, list[Ruling]] = {name: [] for name in names}
    for round_, who in sorted(sat_out.items()):
        average = seat_average(results, scoring, round_, largest)
        for name in dict.fromkeys(who):
            earned[name][round_] = average
            reasons[name].append(Ruling("club.sit_out_score", CLAUSE,
                                        {"player": name, "round": round_, "score": number(average)}))
    for name in names:
        missing = [r for r in range(1, last + 1) if r not in earned[name]]
        if missing:
            reasons[name].append(Ruling("club.absent", CLAUSE, {"player": name, "rounds": missing,
                                                                "count": len(missing)}))
    score = {name: sum(earned[name].values(), Fraction(0)) for name in names}
    wins = {name: places[name].count(1) for name in names}
    best = {name: min(places[name], default=0) for name in names}
    balance = _head_to_head(names, score, wins, best, results)

    def key(name: str) -> tuple[Fraction, int, int, int]:
        return score[name], wins[name], -(best[name] or NO_GAME), balance[name]

    order = sorted(names, key=key, reverse=True)
    rank: dict[str, int] = {}
    sharing: dict[int, list[str]] = {}
    for index, name in enumerate(order):
        rank[name] = rank[order[index - 1]] if index and key(order[index - 1]) == key(name) else index + 1
        sharing.setdefault(rank[name], []).append(name)
    for index, name in enumerate(order):
        shared = sharing[rank[name]]
        if len(shared) > 1:
            reasons[name].append(Ruling("club.tie.shared", CLAUSE, {"players": shared, "rank": rank[name]}))
        elif index and score[order[index - 1]] == score[name]:
            reasons[name].append(_separated(name, order[index - 1], wins, best, balance))
    return tuple(
        Standing(name, rank[name], score[name], len(places[name]), (wins[name], best[name], balance[name]),
                 tuple(earned[name].get(r) for r in range(1, last + 1)), tuple(reasons[name]))
        for name in order)


def _head_to_head(names: Sequence[str], score: Mapping[str, Fraction], wins: Mapping[str, int],
                  best: Mapping[str, int], results: Sequence[Result]) -> dict[str, int]:
    """Each player's head-to-head balance among the players level with them in score, wins and
    best place: those they placed above minus those placed above them, over their games together."""
    balance = {name: 0 for name in names}
    for result in results:
        for i, a in enumerate(result.players):
            for j in range(i + 1, len(result.players)):
                b = result.players[j]
                if (score[a], wins[a], best[a]) == (score[b], wins[b], best[b]):
                    above = (result.places[i] < result.places[j]) - (result.places[i] > result.places[j])
                    balance[a] += above
                    balance[b] -= above
    return balance


def _separated(name: str, above: str, wins: Mapping[str, int], best: Mapping[str, int],
               balance: Mapping[str, int]) -> Ruling:
    """Which tie-break puts `name` below `above`, the player listed just above on the same score."""
    if wins[name] != wins[above]:
        return Ruling("club.tie.wins", CLAUSE, {"player": name, "above": above, "wins": wins[name],
                                                "above_wins": wins[above]})
    if best[name] != best[above]:
        return Ruling("club.tie.best_place", CLAUSE, {"player": name, "above": above, "place": _place(best[name]),
                                                      "above_place": _place(best[above])})
    return Ruling("club.tie.head_to_head", CLAUSE, {"player": name, "above": above, "balance": balance[name],
                                                    "above_balance": balance[above]})


def _place(place: int) -> int | Ruling:
    """A best place for a ruling: the place, or "none" before any game."""
    return place if place else Ruling("club.no_place", CLAUSE)
