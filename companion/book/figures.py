"""The book's figures: a pure fold over a group's finished games (`Played`), like the club's
standings. Nothing here is stored: the web layer asks again and remembers the answer per
version of the book's games.

The rulings (docs/rulings.md, "The group's book"):
- A win is a first place; a shared first place is a win for each who shares it.
- A game's place is read as a value from 1 (first) to 0 (last), so tables of three and of
  five can be averaged: tied places share the mean of the values of the positions they
  cover (1, 1, 3 of three: 3/4, 3/4, 0). A team game is placed over its teams (two teams:
  the winners 1, the losers 0), so partners have the same value.
- Points are averaged only within one game: the points of different games have no common
  unit, so over all games there is no points average.
- A player seated twice in one game (two numbers merged after they met) counts it once,
  from their first seat.
- The season table is ordered by win rate, then average place, then games played (more
  first), then the player's number.
- A player's best and worst game are those with the highest and lowest average place; on a
  tie the one with more games, then the slug. A player of one game has it as both.
- Records: the highest points of each game, the most games won in one evening and the
  longest winning streak (consecutive games won, over all games, across evenings). A record
  equalled is kept by who set it first: the earliest game, the earliest day, the streak that
  reached its length first; then the lower player number.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .model import UNIT, Member, Played, Seat, Season
from .ratings import Rating, RatingRun, time_order

# --------------------------------------------------------------------------- reading a game


def within(games: Iterable[Played], season: Season | None = None, kind: str | None = None) -> tuple[Played, ...]:
    """The games in `season` (all when None) of `kind` (all when None), in time order (their
    start, then the table's id, then the game's number)."""
    return tuple(sorted((p for p in games if (season is None or season.holds(p)) and (kind is None or p.kind == kind)),
                        key=time_order))


def own_seats(played: Played) -> tuple[Seat, ...]:
    """The game's seats, one per player: a player seated twice keeps their first seat."""
    return played.own_seats


def seat_of(played: Played, player: int) -> Seat | None:
    """The player's seat in the game (their first), None when they did not play it."""
    return played.seat_by_player.get(player)


def winners(played: Played) -> tuple[int, ...]:
    """The players placed first (several when they share it, both partners of a team), in seat order."""
    return tuple(seat.player for seat in own_seats(played) if seat.place == 1)


def place_value(played: Played, seat: Seat) -> Fraction:
    """The seat's place as a value from 1 (first) to 0 (last) (Played.values: worked out once
    per game). ValueError for a seat not in the game."""
    index = next((i for i, s in enumerate(played.seats) if s is seat), None)
    if index is None:
        index = played.seats.index(seat)
    return played.values[index]


# --------------------------------------------------------------------------- the season table


@dataclass(frozen=True)
class Line:
    """One player's line of a season table."""

    player: int
    """The roster player (Member.number)."""
    games: int
    """Games played."""
    wins: int
    """Games placed first (a shared first place counts)."""
    win_rate: Fraction
    """wins / games."""
    avg_place: Fraction
    """The mean of their games' place values (place_value: 1 first, 0 last)."""
    points_avg: Fraction | None
    """The mean of their points per game, for a table of one game; None over all games (the
    points of different games never add up)."""


def table_order(ln: Line) -> tuple[Fraction, Fraction, int, int]:
    """The season table's order: win rate, average place, games (each higher first), then number."""
    return -ln.win_rate, -ln.avg_place, -ln.games, ln.player


Count = tuple[int, int, int, int]


@dataclass(frozen=True)
class Tally:
    """What the season table, a player's lines and head to head add up over a season's games,
    kept as sums, so that the games of a table can be taken out and put in again (`moved`)
    instead of adding up the whole book after a change at one table.

    `lines`: per (kind, player), kind None for all games: (games, wins, units, points).
    `versus`: per (player, other): (together, above, below, level)."""

    season: Season | None
    lines: Mapping[tuple[str | None, int], Count]
    versus: Mapping[tuple[int, int], Count]


def _count(lines: dict[tuple[str | None, int], Count], versus: dict[tuple[int, int], Count],
           games: Iterable[Played], season: Season | None, sign: int) -> None:
    for played in games:
        if season is not None and not season.holds(played):
            continue
        seats = own_seats(played)
        units = played.units
        for seat in seats:
            win = sign if seat.place == 1 else 0
            unit, points = sign * units[seat], sign * seat.points
            for key in ((played.kind, seat.player), (None, seat.player)):
                g, w, u, p = lines.get(key, (0, 0, 0, 0))
                lines[key] = (g + sign, w + win, u + unit, p + points)
            for other in seats:
                if other.player != seat.player:
                    t, a, b, lv = versus.get((seat.player, other.player), (0, 0, 0, 0))
                    versus[seat.player, other.player] = (
                        t + sign, a + (sign if seat.place < other.place else 0),
                        b + (sign if seat.place > other.place else 0), lv + (sign if seat.place == other.place else 0))


def tally(games: Iterable[Played], season: Season | None = None) -> Tally:
    """The sums of `games` in `season` (all when None)."""
    lines: dict[tuple[str | None, int], Count] = {}
    versus: dict[tuple[int, int], Count] = {}
    _count(lines, versus, games, season, 1)
    return Tally(season, lines, versus)


def moved(earlier: Tally, gone: Iterable[Played], came: Iterable[Played]) -> Tally:
    """`earlier` with the games `gone` taken out and those that `came` put in (each counted
    only if in the tally's season): the tally of the games as they are now."""
    lines, versus = dict(earlier.lines), dict(earlier.versus)
    _count(lines, versus, gone, earlier.season, -1)
    _count(lines, versus, came, earlier.season, 1)
    return Tally(earlier.season, {k: c for k, c in lines.items() if c[0]}, {k: c for k, c in versus.items() if c[0]})


def counted_line(player: int, count: Count, with_points: bool) -> Line:
    games, wins, units, points = count
    return Line(player, games, wins, Fraction(wins, games), Fraction(units, UNIT * games),
                Fraction(points, games) if with_points else None)


def tallied_table(sums: Tally, kind: str | None = None) -> tuple[Line, ...]:
    """The season table of a tally (as season_table)."""
    lines = [counted_line(player, count, kind is not None)
             for (k, player), count in sums.lines.items() if k == kind and count[0]]
    return tuple(sorted(lines, key=table_order))


def season_table(games: Iterable[Played], season: Season | None = None, kind: str | None = None) -> tuple[Line, ...]:
    """Every player with a game in `season` (all when None) of `kind` (over all games when
    None), best first (table_order); points averaged only for one kind."""
    return tallied_table(tally(games, season), kind)


# --------------------------------------------------------------------------- head to head and streaks


@dataclass(frozen=True)
class Versus:
    """One player's games with another."""

    together: int
    """Games both played."""
    above: int
    """Of those, games the player placed above the other (a lower place number)."""
    below: int
    """Games the other placed above the player."""
    level: int
    """Games they shared a place (partners always do)."""


def head_to_head(games: Iterable[Played], player: int, sums: Tally | None = None) -> dict[int, Versus]:
    """Against every other player who sat in a game with `player`: their games together,
    most together first (then the other's number). Read from `sums` (a tally of the same
    games) when the caller keeps one."""
    if sums is None:
        sums = tally(p for p in games if player in p.seat_by_player)
    found = sorted(((other, count) for (who, other), count in sums.versus.items() if who == player),
                   key=lambda item: (-item[1][0], item[0]))
    return {other: Versus(*count) for other, count in found}


@dataclass(frozen=True)
class Streak:
    """A run of consecutive games won by one player (their games, in time order)."""

    player: int
    length: int
    first: Played
    """The run's first game."""
    last: Played
    """The run's last game."""


def winning_runs(games: Iterable[Played], player: int) -> Iterator[Streak]:
    """Every run of consecutive games the player won, in time order (their games only:
    a game they did not play neither breaks nor extends a run)."""
    run: list[Played] = []
    for played in within(games):
        seat = seat_of(played, player)
        if seat is None:
            continue
        if seat.place == 1:
            run.append(played)
        elif run:
            yield Streak(player, len(run), run[0], run[-1])
            run = []
    if run:
        yield Streak(player, len(run), run[0], run[-1])


def streaks(games: Iterable[Played], player: int, in_time: bool = False) -> tuple[int, int]:
    """(longest, current): the most consecutive games the player won, and how many of their
    latest games in a row they won (0 when they lost their last); `in_time` when `games`
    already are."""
    longest = run = 0
    for played in games if in_time else within(games):
        seat = played.seat_by_player.get(player)
        if seat is not None:
            run = run + 1 if seat.place == 1 else 0
            longest = max(longest, run)
    return longest, run


# --------------------------------------------------------------------------- a player's page


@dataclass(frozen=True)
class PlayerPage:
    """One player's figures over a season."""

    player: int
    overall: Line | None
    """Their line over all games (no points average); None with no game in the season."""
    lines: Mapping[str, Line]
    """Their line per game kind they played (slug order), points averaged."""
    last: tuple[tuple[Played, Seat], ...]
    """Their latest games with their seat, newest first."""
    longest: int
    """Their longest winning streak."""
    current: int
    """Their current winning streak (0 when they lost their latest game)."""
    best_kind: str | None
    """The game they place best at on average (ties: more games, then the slug); None with no game."""
    worst_kind: str | None
    """The game they place worst at on average (ties: more games, then the slug); None with no game."""
    head_to_head: Mapping[int, Versus]
    """Against every player they met, most games together first."""


def player_page(games: Iterable[Played], player: int, season: Season | None = None, last: int = 20,
                sums: Tally | None = None, in_time: bool = False) -> PlayerPage:
    """One player's page over `season` (all games when None): every figure counts only the
    season's games, their streaks too. `sums`, the season's tally when the caller keeps one
    (its lines and head to head are read from it); `in_time`, when `games` are already in
    time order (a book's are)."""
    seats: list[tuple[Played, Seat]] = []
    for played in games if in_time else within(games):
        seat = played.seat_by_player.get(player)
        if seat is not None and (season is None or season.holds(played)):
            seats.append((played, seat))
    if sums is None:
        sums = tally((played for played, _ in seats), None)
    kinds = sorted(kind for kind, who in sums.lines if who == player and kind is not None)
    lines = {kind: counted_line(player, sums.lines[kind, player], True) for kind in kinds}
    best = min(lines, key=lambda kind: (-lines[kind].avg_place, -lines[kind].games, kind), default=None)
    worst = min(lines, key=lambda kind: (lines[kind].avg_place, -lines[kind].games, kind), default=None)
    overall = sums.lines.get((None, player))
    longest, current = streaks([played for played, _ in seats], player, in_time=True)
    return PlayerPage(player, counted_line(player, overall, False) if overall else None, lines,
                      tuple(reversed(seats[-last:])) if last > 0 else (), longest, current,
                      best, worst, head_to_head((), player, sums))


# --------------------------------------------------------------------------- records


@dataclass(frozen=True)
class HighScore:
    """The most points one player scored in one game of a kind."""

    player: int
    points: int
    played: Played


@dataclass(frozen=True)
class EveningWins:
    """The most games one player won in one evening."""

    player: int
    day: datetime.date
    count: int


@dataclass(frozen=True)
class Records:
    """The book's records over a season."""

    high_scores: Mapping[str, HighScore]
    """Per game kind (slug order), the highest points in one game."""
    evening_wins: EveningWins | None
    """The most games won in one evening, over all games; None with no game."""
    longest_streak: Streak | None
    """The longest winning streak, over all games; None with no game."""


def records(games: Iterable[Played], season: Season | None = None) -> Records:
    """The records of `season` (all games when None); a record equalled stays with who set
    it first (then the lower player number)."""
    ordered = within(games, season)
    high: dict[str, HighScore] = {}
    won: dict[tuple[datetime.date, int], int] = {}
    for played in ordered:
        for seat in sorted(own_seats(played), key=lambda s: s.player):
            best = high.get(played.kind)
            if best is None or seat.points > best.points:
                high[played.kind] = HighScore(seat.player, seat.points, played)
            if seat.place == 1:
                won[played.day, seat.player] = won.get((played.day, seat.player), 0) + 1
    evening = min(won, key=lambda key: (-won[key], key), default=None)
    players = sorted({seat.player for played in ordered for seat in played.seats})
    runs = [run for player in players for run in winning_runs(ordered, player)]
    longest = min(runs, key=lambda run: (-run.length, time_order(run.last), run.player), default=None)
    return Records({kind: high[kind] for kind in sorted(high)},
                   None if evening is None else EveningWins(evening[1], evening[0], won[evening]), longest)


# --------------------------------------------------------------------------- evenings


@dataclass(frozen=True)
class EveningGame:
    """One game of an evening and who won it."""

    played: Played
    winners: tuple[int, ...]
    """The players placed first (several when they share it, both partners of a team)."""


@dataclass(frozen=True)
class Evening:
    """One day's play."""

    day: datetime.date
    tables: tuple[tuple[str, str], ...]
    """The tables played at that day, (id, name), in the order their first game started."""
    games: tuple[EveningGame, ...]
    """The day's games in time order."""


def evenings(games: Iterable[Played], season: Season | None = None) -> tuple[Evening, ...]:
    """Every day with a game in `season` (all when None), newest first."""
    days: dict[datetime.date, list[Played]] = {}
    for played in within(games, season):
        days.setdefault(played.day, []).append(played)
    return tuple(Evening(day, tuple(dict.fromkeys((p.table, p.table_name) for p in days[day])),
                         tuple(EveningGame(p, winners(p)) for p in days[day]))
                 for day in sorted(days, reverse=True))


# --------------------------------------------------------------------------- the export


def _round(value: Fraction | float) -> float:
    return round(float(value), 4)


def _rating_json(rating: Rating | None) -> dict[str, float] | None:
    if rating is None:
        return None
    return {"mu": _round(rating.mu), "sigma": _round(rating.sigma), "ordinal": _round(rating.ordinal)}


def book_json(roster: Iterable[Member], games: Iterable[Played], season: Season,
              ratings: RatingRun | Mapping[str, Mapping[int, Rating]] | None) -> dict[str, Any]:
    """The season's figures as the documented export (docs/book.md): the season's bounds and
    every player with a game in it, in the season table's order, named from `roster`, with
    their line, their line and rating per game, and head to head. Fractions and ratings are
    floats rounded to 4 places; a game they have no rating at has "rating": null."""
    names = {member.number: member.name for member in roster}
    current = ratings.current if isinstance(ratings, RatingRun) else ratings or {}
    season_games = within(games, season)

    def name(number: int) -> str:
        return names.get(number, f"#{number}")

    players = []
    for total in season_table(season_games):
        page = player_page(season_games, total.player, last=0)
        players.append({
            "name": name(total.player), "games": total.games, "wins": total.wins,
            "win_rate": _round(total.win_rate), "avg_place": _round(total.avg_place),
            "per_game": {kind: {"games": ln.games, "wins": ln.wins, "avg_place": _round(ln.avg_place),
                                "points_avg": _round(ln.points_avg) if ln.points_avg is not None else None,
                                "rating": _rating_json(current.get(kind, {}).get(total.player))}
                         for kind, ln in page.lines.items()},
            "head_to_head": {name(other): {"together": vs.together, "above": vs.above, "below": vs.below,
                                           "level": vs.level} for other, vs in page.head_to_head.items()},
        })
    return {"season": {"from": season.start.isoformat(), "to": season.end.isoformat()}, "players": players}
