"""A seeded random group of 200 games (8 players, a few games, tables of 3 to 5 with ties, team
games of two against two), whose figures and ratings are computed again here the plain way,
from each game's points rather than through the code under test, and compared."""

from __future__ import annotations

import dataclasses
import datetime
import random
from fractions import Fraction
from itertools import permutations

import pytest
from openskill.models import PlackettLuce, PlackettLuceRating

from companion.book import Played, Season, Seat, head_to_head, place_value, rate, season_table

MEMBERS = tuple(range(1, 9))
KINDS = ("saizen", "tateyoko", "hyper-maker")
GAMES = 200


def random_group(seed: int = 44) -> list[Played]:
    """200 finished games in time order, weekly evenings from autumn 2025 into 2026. Places
    come from the points (1 + the seats with more); in a team game partners score together,
    placed per seat (1, 1, 3, 3) or per team (1, 2, 1, 2)."""
    rng = random.Random(seed)
    games: list[Played] = []
    numbers: dict[str, int] = {}
    day = datetime.date(2025, 9, 2)
    for index in range(GAMES):
        if index and index % 6 == 0:
            day += datetime.timedelta(days=7)
        when = f"{day.isoformat()}T{19 + index % 6 // 2}:{rng.randrange(60):02d}:00"
        table = rng.choice("ab")
        numbers[table] = numbers.get(table, 0) + 1
        if rng.random() < 0.25:
            players = rng.sample(MEMBERS, 4)
            team_points = [rng.randint(0, 3), rng.randint(0, 3)]
            teams: list[int | None] = [0, 1, 0, 1]
            points = [team_points[t] for t in (0, 1, 0, 1)]
            if rng.random() < 0.5:
                places = [1 + sum(q > p for q in points) for p in points]
            else:
                places = [1 + sum(q > team_points[t] for q in team_points) for t in (0, 1, 0, 1)]
            kind = "twin-shoot"
        else:
            players = rng.sample(MEMBERS, rng.randint(3, 5))
            points = [rng.randint(-2, 4) for _ in players]
            places = [1 + sum(q > p for q in points) for p in points]
            teams = [None] * len(players)
            kind = rng.choice(KINDS)
        games.append(Played(when, table, f"Table {table}", numbers[table], kind,
                            tuple(Seat(*seat) for seat in zip(players, places, points, teams))))
    games.sort(key=lambda p: (p.when, p.table, p.number))
    return games


def value(played: Played, index: int) -> Fraction:
    """The seat's place value, from the points: the fraction of the other sides it beat, a
    side it tied counting half (a team game's sides are its two teams)."""
    if played.seats[index].team is not None:
        mine = played.seats[index].points
        other = next(s.points for s in played.seats if s.team != played.seats[index].team)
        return Fraction(1) if mine > other else Fraction(0) if mine < other else Fraction(1, 2)
    points = [s.points for s in played.seats]
    mine = points[index]
    beaten = sum(1 for q in points if q < mine)
    tied = sum(1 for q in points if q == mine) - 1
    return Fraction(2 * beaten + tied, 2 * (len(points) - 1))


def expected_table(games: list[Played], kind: str | None = None) -> list[tuple[int, int, int, Fraction, Fraction,
                                                                                Fraction | None]]:
    """(player, games, wins, win rate, average place, average points) in the table's order."""
    rows = []
    for player in MEMBERS:
        mine = [(p, i) for p in games if kind in (None, p.kind) for i, s in enumerate(p.seats) if s.player == player]
        if not mine:
            continue
        wins = sum(1 for p, i in mine if p.seats[i].points == max(s.points for s in p.seats))
        avg = sum((value(p, i) for p, i in mine), Fraction(0)) / len(mine)
        points = Fraction(sum(p.seats[i].points for p, i in mine), len(mine)) if kind else None
        rows.append((player, len(mine), wins, Fraction(wins, len(mine)), avg, points))
    return sorted(rows, key=lambda r: (-r[3], -r[4], -r[1], r[0]))


@pytest.fixture(scope="module")
def group() -> list[Played]:
    return random_group()


def test_the_random_group_has_ties_teams_and_every_kind(group: list[Played]) -> None:
    assert len(group) == GAMES
    assert sum(1 for p in group if p.kind == "twin-shoot") > 20
    assert sum(1 for p in group if len({s.place for s in p.seats}) < len(p.seats) and p.kind != "twin-shoot") > 50
    assert {p.kind for p in group} == {*KINDS, "twin-shoot"}
    assert group[0].day.year == 2025 and group[-1].day.year == 2026


def test_every_seats_place_value_matches_the_points(group: list[Played]) -> None:
    for played in group:
        assert [place_value(played, seat) for seat in played.seats] == [value(played, i)
                                                                         for i in range(len(played.seats))]


@pytest.mark.parametrize("kind", [None, *KINDS, "twin-shoot"])
def test_the_season_table_matches_a_plain_count(group: list[Played], kind: str | None) -> None:
    shuffled = random.Random(1).sample(group, len(group))
    table = [(ln.player, ln.games, ln.wins, ln.win_rate, ln.avg_place, ln.points_avg)
             for ln in season_table(shuffled, kind=kind)]
    assert table == expected_table(group, kind)
    in_2026 = [p for p in group if p.when >= "2026"]
    assert [(ln.player, ln.games, ln.wins, ln.win_rate, ln.avg_place, ln.points_avg)
            for ln in season_table(group, Season.year(2026), kind)] == expected_table(in_2026, kind)


def test_head_to_head_matches_a_plain_count_for_every_pair(group: list[Played]) -> None:
    for a, b in permutations(MEMBERS, 2):
        together = above = below = level = 0
        for played in group:
            mine = [s.points for s in played.seats if s.player == a]
            theirs = [s.points for s in played.seats if s.player == b]
            if mine and theirs:
                together += 1
                above += mine[0] > theirs[0]
                below += mine[0] < theirs[0]
                level += mine[0] == theirs[0]
        versus = head_to_head(group, a).get(b)
        if together == 0:
            assert versus is None
        else:
            assert versus is not None
            assert (versus.together, versus.above, versus.below, versus.level) == (together, above, below, level)


def openskill_run(games: list[Played]) -> dict[tuple[str, int], PlackettLuceRating]:
    """The ratings after `games` (in time order), openskill called directly game by game."""
    model = PlackettLuce()
    ratings: dict[tuple[str, int], PlackettLuceRating] = {}
    for played in games:
        if played.seats[0].team is None:
            groups = [[seat] for seat in played.seats]
        else:
            groups = [[s for s in played.seats if s.team == t] for t in (0, 1)]
        teams = [[ratings.get((played.kind, s.player), model.rating()) for s in side] for side in groups]
        new = model.rate(teams, ranks=[float(side[0].place) for side in groups])
        for side, rated in zip(groups, new):
            for seat, rating in zip(side, rated):
                ratings[played.kind, seat.player] = rating
    return ratings


def test_the_ratings_match_openskill_called_game_by_game(group: list[Played]) -> None:
    run = rate(random.Random(2).sample(group, len(group)))
    expected = openskill_run(group)
    assert {(kind, player) for kind, lines in run.current.items() for player in lines} == set(expected)
    for (kind, player), rating in expected.items():
        mine = run.current[kind][player]
        assert abs(mine.mu - rating.mu) < 1e-9
        assert abs(mine.sigma - rating.sigma) < 1e-9
        assert abs(mine.ordinal - rating.ordinal()) < 1e-9
        assert len(run.history[kind][player]) == sum(1 for p in group if p.kind == kind
                                                     for s in p.seats if s.player == player)
    up_to = datetime.date(2026, 1, 31)
    early = openskill_run([p for p in group if p.day <= up_to])
    run = rate(group, until=up_to)
    assert all(abs(run.current[kind][player].ordinal - r.ordinal()) < 1e-9 for (kind, player), r in early.items())


def test_a_run_resumed_equals_a_fresh_run(group: list[Played]) -> None:
    assert rate(group, previous=rate(group[:150])) == rate(group)
    whole = rate(group)
    played = group[180]
    swapped = tuple(dataclasses.replace(seat, place=len(played.seats) + 1 - seat.place) for seat in played.seats)
    changed = [*group[:180], dataclasses.replace(played, seats=swapped), *group[181:]]
    resumed = rate(changed, whole)
    assert resumed == rate(changed)
    assert resumed != whole
    assert all(a is b for a, b in zip(resumed.steps[:180], whole.steps[:180]))


def test_a_run_resumed_after_any_change_equals_a_fresh_run(group: list[Played]) -> None:
    """Games changed, taken out and put in anywhere (near the end as a finished game taken
    back is; a kind's only game; a game whose sides all tie and rate nobody): the run
    resumed from the earlier one is the fresh run of the changed games."""
    rng = random.Random(45)
    lone = dataclasses.replace(group[-1], when=group[-1].when[:11] + "23:59:00", kind="kings-trick", number=99)
    level = dataclasses.replace(group[-2], when=group[-2].when[:11] + "23:58:00", number=98,
                                seats=tuple(dataclasses.replace(s, place=1) for s in group[-2].seats))
    run = rate(group)
    for _ in range(12):
        changed = list(group)
        at = rng.randrange(len(changed) - 10, len(changed)) if rng.random() < 0.7 else rng.randrange(len(changed))
        what = rng.choice(("drop", "swap", "lone", "level"))
        if what == "drop":
            del changed[at]
        elif what == "swap":
            played = changed[at]
            changed[at] = dataclasses.replace(played, seats=tuple(
                dataclasses.replace(s, place=len(played.seats) + 1 - s.place) for s in played.seats))
        else:
            changed.append(lone if what == "lone" else level)
        resumed = rate(changed, run)
        assert resumed == rate(changed), what
        run = rate(group, resumed)  # and back again, from the changed run
        assert run == rate(group), what
