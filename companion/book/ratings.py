"""The book's ratings: every finished game of one kind, in time order, updates its players'
skill with the Plackett-Luce model of a well-kept library (openskill, default parameters),
never with Bayesian updates written by hand.

The rulings (docs/rulings.md, "The group's book"):
- Each game has its own ratings: a player's skill at one game says nothing of another.
- A game without teams rates each player as a team of one, ranked by their place; a team
  game rates one team per team of the game with its partners inside, ranked by the team's
  place. Tied places are a draw between those tied.
- A game with fewer than two sides to rank (one seat; everyone on one team) rates nobody.
- A player seated twice in one game (two numbers merged after they met) is rated from
  their first seat only.
- Ratings carry across seasons: a season chooses the day they are read on (`until`), not
  the games they start from.
- A run keeps each game with its players' ratings after it, so a change rates again only
  from the first game it touches (`rate(games, previous)`).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from .model import Played, Seat

MODEL = PlackettLuce()
"""The model every rating comes from: openskill's defaults (mu 25, sigma 25/3, beta 25/6,
tau 25/300), so a rating here reads as it does in any other openskill user."""


@dataclass(frozen=True)
class Rating:
    """One player's skill at one game after the games rated so far."""

    mu: float
    """The skill believed most likely (25 before any game)."""
    sigma: float
    """How uncertain that belief is (25/3 before any game; it shrinks as games are played)."""
    ordinal: float
    """mu - 3 sigma (openskill's `ordinal()`): a skill the player is almost surely above, what
    a list of ratings is ordered by; 0 before any game."""


@dataclass(frozen=True)
class Step:
    """One game of a run and what it changed."""

    played: Played
    after: tuple[tuple[int, Rating], ...]
    """Each of the game's players (roster number) with their rating of its kind after it, side
    by side as the model ranked them (`sides`); empty for a game that rates nobody."""


@dataclass(frozen=True)
class RatingRun:
    """Ratings after a run over games in time order, and the per-game states to resume from."""

    steps: tuple[Step, ...]
    """Every game rated, in time order, each with its players' ratings after it: the state
    after any game is the fold of the steps up to it."""
    current: Mapping[str, Mapping[int, Rating]]
    """Per game kind (slug), each player's rating after the last game rated."""
    history: Mapping[str, Mapping[int, tuple[tuple[str, float], ...]]]
    """Per game kind, each player's (when, ordinal) after each of their games, oldest first."""
    points: Mapping[str, Mapping[int, tuple[tuple[int, float], ...]]]
    """Per game kind, each player's (x, ordinal) after each of their games, x counting the
    games of that kind rated from 1: the points of their chart, where the lines of several
    players meet in time."""
    rated: Mapping[str, int]
    """Per game kind, how many of its games were rated, those that rate nobody too (each
    takes its place on a chart's x axis): a chart's width in games."""

    @property
    def games(self) -> tuple[Played, ...]:
        """The games rated, in time order."""
        return tuple(step.played for step in self.steps)

    def rating(self, kind: str, player: int) -> Rating | None:
        """A player's current rating at one game; None when they have not played it."""
        return self.current.get(kind, {}).get(player)


def time_order(played: Played) -> tuple[str, str, int]:
    """The key games are ordered by: their start, then the table's id, then the game's number."""
    return played.when, played.table, played.number


def rate(games: Iterable[Played], previous: RatingRun | None = None, *,
         until: datetime.date | None = None, in_time: bool = False) -> RatingRun:
    """The ratings after `games` (any order: they are rated in time order; `in_time` when
    they already are, as a book's are), those after `until` left out. With `previous`, its
    steps are kept for the longest run of games, from the first, equal to this one's (the
    same Played values in the same order) and only the rest is rated again."""
    chosen = (p for p in games if until is None or p.day <= until)
    ordered = list(chosen) if in_time else sorted(chosen, key=time_order)
    kept = 0
    if previous is not None:
        for step, played in zip(previous.steps, ordered):
            if step.played is not played and step.played != played:
                break
            kept += 1
        if kept == len(previous.steps) == len(ordered):
            return previous  # nothing to rate again
    steps = list(previous.steps[:kept]) if previous is not None else []
    current: dict[str, dict[int, Rating]] = {}
    history: dict[str, dict[int, list[tuple[str, float]]]] = {}
    points: dict[str, dict[int, list[tuple[int, float]]]] = {}
    rated: dict[str, int] = {}

    def record(step: Step) -> None:
        kind = step.played.kind
        rated[kind] = x = rated.get(kind, 0) + 1
        for player, rating in step.after:
            current.setdefault(kind, {})[player] = rating
            history.setdefault(kind, {}).setdefault(player, []).append((step.played.when, rating.ordinal))
            points.setdefault(kind, {}).setdefault(player, []).append((x, rating.ordinal))

    if previous is not None and kept:  # resumed: from the previous run, its steps after `kept` taken back
        current.update((kind, dict(ratings)) for kind, ratings in previous.current.items())
        history.update((kind, {p: list(line) for p, line in lines.items()}) for kind, lines in previous.history.items())
        points.update((kind, {p: list(line) for p, line in lines.items()}) for kind, lines in previous.points.items())
        rated.update(previous.rated)
        take_back(previous.steps, kept, current, history, points, rated)
    else:
        for step in steps:
            record(step)
    for played in ordered[kept:]:
        ratings = current.get(played.kind, {})
        step = Step(played, rate_game(played, {(played.kind, p): r for p, r in ratings.items()}))
        steps.append(step)
        record(step)
    return RatingRun(tuple(steps), current,
                     {kind: {player: tuple(line) for player, line in lines.items()} for kind, lines in history.items()},
                     {kind: {player: tuple(line) for player, line in lines.items()} for kind, lines in points.items()},
                     rated)


def take_back(steps: Sequence[Step], kept: int, current: dict[str, dict[int, Rating]],
              history: dict[str, dict[int, list[tuple[str, float]]]],
              points: dict[str, dict[int, list[tuple[int, float]]]], rated: dict[str, int]) -> None:
    """The figures of a run over `steps`, brought back to what they were after its first
    `kept` steps: each later step's points taken off its players' lines, and their current
    rating read again from their latest step still kept (dropped where none is). A game
    changed near the end of a long book costs its own few steps, not the whole book's."""
    undone: set[tuple[str, int]] = set()
    for step in reversed(steps[kept:]):
        kind = step.played.kind
        rated[kind] -= 1
        for player, _ in step.after:
            history[kind][player].pop()
            points[kind][player].pop()
            undone.add((kind, player))
    wanted = {(kind, player) for kind, player in undone if history[kind][player]}
    for kind, player in undone - wanted:
        del history[kind][player], points[kind][player], current[kind][player]
    for step in reversed(steps[:kept]):
        if not wanted:
            break
        for player, rating in step.after:
            if (step.played.kind, player) in wanted:
                wanted.discard((step.played.kind, player))
                current[step.played.kind][player] = rating
    for kind in {kind for kind, _ in undone} | {step.played.kind for step in steps[kept:]}:
        if not rated[kind]:
            del rated[kind]
        for figures in (current, history, points):
            if kind in figures and not figures[kind]:
                del figures[kind]


def sides(played: Played) -> list[list[Seat]]:
    """The game's sides as the model ranks them: one per team of a team game (partners
    inside, in seat order), one per seat otherwise, in order of their first seat; a player's
    second seat in one game is left out."""
    by_side: dict[tuple[str, int], list[Seat]] = {}
    for index, seat in enumerate(played.seats):
        if played.seat_by_player[seat.player] is not seat:
            continue
        by_side.setdefault(("team", seat.team) if seat.team is not None else ("seat", index), []).append(seat)
    return list(by_side.values())


def rate_game(played: Played, state: Mapping[tuple[str, int], Rating]) -> tuple[tuple[int, Rating], ...]:
    """One game's players with their ratings after it, from `state` (kind, player) before it
    (a player absent from it starts at the model's prior)."""
    ranked = sides(played)
    if len(ranked) < 2:
        return ()
    teams = []
    for side in ranked:
        team = []
        for seat in side:
            before = state.get((played.kind, seat.player))
            team.append(MODEL.rating() if before is None else MODEL.rating(mu=before.mu, sigma=before.sigma))
        teams.append(team)
    ranks = [float(min(seat.place for seat in side)) for side in ranked]
    result = MODEL.rate(teams, ranks=ranks)
    return tuple((seat.player, Rating(new.mu, new.sigma, new.ordinal()))
                 for side, team in zip(ranked, result) for seat, new in zip(side, team))
