"""The book's ratings on small hand-made books: openskill's Plackett-Luce per game kind, teams,
a day to read them on, their history, and a run resumed after what has not changed
(companion/book/ratings.py)."""

from __future__ import annotations

import datetime

from openskill.models import PlackettLuce

from companion.book import Played, Seat, rate

D = datetime.date


def game(when: str, places: tuple[int, ...], *, players: tuple[int, ...] = (), teams: tuple[int, ...] | None = None,
         kind: str = "saizen", number: int = 1) -> Played:
    who = players or tuple(range(1, len(places) + 1))
    sides = teams or (None,) * len(places)
    return Played(when, "t1", "Table", number, kind,
                  tuple(Seat(p, place, 0, team) for p, place, team in zip(who, places, sides)))


def test_a_first_game_moves_the_winner_up_and_the_loser_down_from_openskills_prior() -> None:
    run = rate([game("2026-03-05T19:00:00", (2, 1))])
    model = PlackettLuce()
    [[loser], [winner]] = model.rate([[model.rating()], [model.rating()]], ranks=[2.0, 1.0])
    one, two = run.current["saizen"][1], run.current["saizen"][2]
    assert (one.mu, one.sigma, one.ordinal) == (loser.mu, loser.sigma, loser.ordinal())
    assert (two.mu, two.sigma, two.ordinal) == (winner.mu, winner.sigma, winner.ordinal())
    assert two.mu > 25 > one.mu
    assert abs(two.ordinal - (two.mu - 3 * two.sigma)) < 1e-12


def test_each_game_kind_has_its_own_ratings() -> None:
    run = rate([game("2026-03-05T19:00:00", (1, 2)), game("2026-03-05T20:00:00", (2, 1), kind="tateyoko", number=2)])
    assert run.current["saizen"][1].mu > 25 > run.current["tateyoko"][1].mu
    assert run.current["saizen"][1].mu == run.current["tateyoko"][2].mu   # both a first win from the prior
    assert run.rating("kings-trick", 1) is None


def test_partners_are_rated_as_one_team_and_a_game_with_one_side_rates_nobody() -> None:
    run = rate([game("2026-03-05T19:00:00", (1, 3, 1, 3), teams=(0, 1, 0, 1))])
    model = PlackettLuce()
    expected = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1.0, 3.0])
    ratings = run.current["saizen"]
    assert [ratings[p].mu for p in (1, 3, 2, 4)] == [r.mu for team in expected for r in team]
    assert ratings[1] == ratings[3] and ratings[2] == ratings[4]
    alone = rate([game("2026-03-05T19:00:00", (1, 1), teams=(0, 0))])
    assert alone.current == {} and alone.steps[0].after == ()


def test_ratings_are_read_on_a_day_from_every_game_before_it_and_keep_their_history() -> None:
    games = [game("2026-03-12T19:00:00", (1, 2), number=2), game("2025-12-05T19:00:00", (2, 1)),
             game("2026-04-01T19:00:00", (1, 2), number=3)]
    run = rate(games, until=D(2026, 3, 31))
    assert [p.number for p in run.games] == [1, 2]          # time order; April left out
    assert [when for when, _ in run.history["saizen"][1]] == ["2025-12-05T19:00:00", "2026-03-12T19:00:00"]
    assert run.history["saizen"][1][-1][1] == run.current["saizen"][1].ordinal
    assert run.history["saizen"][1][0][1] < run.history["saizen"][2][0][1]   # 1 lost in December
    assert run.history["saizen"][1][1][1] > run.history["saizen"][1][0][1]   # and won in March


def test_a_run_resumed_keeps_the_steps_before_the_first_change() -> None:
    games = [game(f"2026-03-05T19:0{i}:00", (1, 2) if i % 2 else (2, 1), number=i) for i in range(1, 7)]
    first = rate(games)
    changed = [*games[:3], game("2026-03-05T19:04:00", (1, 1), number=4), *games[4:]]
    resumed = rate(changed, first)
    assert resumed == rate(changed)
    assert all(a is b for a, b in zip(resumed.steps[:3], first.steps[:3]))
    assert resumed.steps[3] != first.steps[3]
    assert rate(games, first) == first
    assert rate(games[:4], first) == rate(games[:4])     # fewer games: the prefix is kept, nothing rated


def test_games_added_after_the_last_rated_resume_the_run_and_the_chart_counts_each_kind_apart() -> None:
    kinds = ("saizen", "tateyoko", "saizen", "saizen", "tateyoko", "saizen", "saizen")
    games = [game(f"2026-03-05T19:0{i}:00", (1, 1) if i == 4 else (1, 2) if i % 2 else (2, 1), kind=kind, number=i)
             for i, kind in enumerate(kinds, start=1)]
    first = rate(games[:5])
    resumed = rate(games, first)
    assert resumed == rate(games)
    assert all(a is b for a, b in zip(resumed.steps, first.steps))
    # x counts the games of one kind from 1 (a tie rates both); the chart is as wide as that count
    assert resumed.rated == {"saizen": 5, "tateyoko": 2}
    assert [x for x, _ in resumed.points["saizen"][1]] == [1, 2, 3, 4, 5]
    assert [x for x, _ in resumed.points["tateyoko"][2]] == [1, 2]
    assert [v for _, v in resumed.points["saizen"][1]] == [v for _, v in resumed.history["saizen"][1]]
