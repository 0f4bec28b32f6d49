"""The book's figures on small hand-made books: places and their values with ties and teams,
the season table, head to head, streaks, a player's page, records, evenings and the export
(companion/book/figures.py)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from fractions import Fraction

import pytest

from companion.book import (Line, Member, Played, Season, Seat, Versus, book_json, evenings, head_to_head, place_value,
                            player_page, rate, records, season_table, streaks)

F = Fraction
D = datetime.date


def game(when: str, places: Sequence[int], points: Sequence[int] | None = None, *, players: Sequence[int] = (),
         teams: Sequence[int] | None = None, kind: str = "hyper-maker", table: str = "t1", number: int = 1) -> Played:
    """A finished game: seat i is player `players[i]` (i + 1 when not given); `when` is a day
    ("2026-03-05") or a full start."""
    who = list(players) or list(range(1, len(places) + 1))
    scored = list(points) if points is not None else [0] * len(places)
    sides = list(teams) if teams is not None else [None] * len(places)
    start = when if "T" in when else f"{when}T19:00:00"
    return Played(start, table, f"Table {table}", number, kind,
                  tuple(Seat(p, place, pts, team) for p, place, pts, team in zip(who, places, scored, sides)))


def values(played: Played) -> list[Fraction]:
    return [place_value(played, seat) for seat in played.seats]


def by_player(lines: Sequence[Line]) -> dict[int, Line]:
    return {line.player: line for line in lines}


# --------------------------------------------------------------------------- places


@pytest.mark.parametrize("places, expected", [
    ((1, 2, 3), [F(1), F(1, 2), F(0)]),
    ((1, 1, 3), [F(3, 4), F(3, 4), F(0)]),                 # 1 and 1/2 shared
    ((1, 2, 2, 4), [F(1), F(1, 2), F(1, 2), F(0)]),        # 2/3 and 1/3 shared
    ((1, 1, 1, 1, 1), [F(1, 2)] * 5),                      # everyone level: the middle
    ((3, 1, 2, 5, 3), [F(3, 8), F(1), F(3, 4), F(0), F(3, 8)]),
])
def test_tied_places_share_the_normalised_value_of_the_positions_they_cover(places: tuple[int, ...],
                                                                            expected: list[Fraction]) -> None:
    assert values(game("2026-03-05", places)) == expected


def test_a_team_game_is_placed_over_its_teams_so_partners_share_one_value() -> None:
    # Twin Shoot reports a team's place to each partner from the points: 1, 1, 3, 3.
    played = game("2026-03-05", (1, 3, 1, 3), (40, 12, 40, 12), teams=(0, 1, 0, 1))
    assert values(played) == [F(1), F(0), F(1), F(0)]
    level = game("2026-03-05", (1, 1, 1, 1), teams=(0, 1, 0, 1))
    assert values(level) == [F(1, 2)] * 4
    # Placed over four seats, the winners would share 1 and 2/3, the losers 1/3 and 0.
    assert values(game("2026-03-05", (1, 3, 1, 3))) == [F(5, 6), F(1, 6), F(5, 6), F(1, 6)]


def test_a_shared_win_is_a_win_for_both() -> None:
    lines = by_player(season_table([game("2026-03-05", (1, 1, 3))]))
    assert [(lines[p].games, lines[p].wins, lines[p].win_rate) for p in (1, 2, 3)] == [
        (1, 1, F(1)), (1, 1, F(1)), (1, 0, F(0))]


def test_team_partners_both_win_and_have_the_same_average_place() -> None:
    table = season_table([game("2026-03-05", (1, 2, 1, 2), (30, 10, 30, 10), teams=(0, 1, 0, 1)),
                          game("2026-03-05", (2, 1, 2, 1), (0, 20, 0, 20), teams=(0, 1, 0, 1), number=2)])
    assert {(ln.player, ln.wins, ln.avg_place) for ln in table} == {(p, 1, F(1, 2)) for p in (1, 2, 3, 4)}


# --------------------------------------------------------------------------- the season table


def test_the_season_table_orders_by_win_rate_then_average_place_then_games_then_number() -> None:
    games = [
        game("2026-03-05", (1, 2, 3), players=(1, 2, 3)),
        game("2026-03-05", (2, 1, 3), players=(1, 2, 3), number=2),
        game("2026-03-05", (1, 2, 3, 4), players=(4, 5, 6, 7), table="t2"),
        game("2026-03-05", (3, 2, 1, 4), players=(4, 5, 6, 7), table="t2", number=2),
    ]
    table = season_table(games)
    # 1, 2, 4 and 6 won half their games; 1 and 2 average 3/4, 4 and 6 average 2/3 (1 and 1/3).
    assert [ln.player for ln in table] == [1, 2, 4, 6, 5, 3, 7]
    assert [(ln.win_rate, ln.avg_place) for ln in table[:4]] == [(F(1, 2), F(3, 4))] * 2 + [(F(1, 2), F(2, 3))] * 2
    more_games = season_table([*games, game("2026-03-06", (1, 1), players=(6, 2), table="t3")])
    assert [ln.player for ln in more_games][:2] == [2, 6]   # 2/3 won now: 2 with an average of 2/3, 6 of 11/18


def test_points_are_averaged_only_within_one_game() -> None:
    games = [game("2026-03-05", (1, 2), (50, 20), kind="hyper-maker"),
             game("2026-03-05", (2, 1), (-3, 8), kind="saizen", number=2)]
    assert all(ln.points_avg is None for ln in season_table(games))
    assert {ln.player: ln.points_avg for ln in season_table(games, kind="hyper-maker")} == {1: 50, 2: 20}
    assert {ln.player: ln.points_avg for ln in season_table(games, kind="saizen")} == {1: -3, 2: 8}
    assert {ln.player: ln.games for ln in season_table(games, kind="saizen")} == {1: 1, 2: 1}


def test_a_season_excludes_games_outside_it_and_players_without_a_game_in_it() -> None:
    games = [game("2025-12-31T23:30:00", (1, 2)), game("2026-01-01", (2, 1), number=2),
             game("2026-12-31", (1, 2, 3), number=3), game("2027-01-01T00:10:00", (1, 2, 3, 4), number=4)]
    table = season_table(games, Season.year(2026))
    assert {ln.player: (ln.games, ln.wins) for ln in table} == {1: (2, 1), 2: (2, 1), 3: (1, 0)}
    assert season_table(games, Season(D(2026, 2, 1), D(2026, 11, 30))) == ()
    assert {ln.player for ln in season_table(games)} == {1, 2, 3, 4}


# --------------------------------------------------------------------------- head to head and streaks


def test_head_to_head_counts_partners_as_level() -> None:
    games = [game("2026-03-05", (1, 3, 1, 3), teams=(0, 1, 0, 1)),
             game("2026-03-05", (3, 1, 3, 1), teams=(0, 1, 0, 1), number=2),
             game("2026-03-05", (2, 1, 3), players=(1, 3, 5), number=3)]
    assert head_to_head(games, 1) == {3: Versus(3, 0, 1, 2), 2: Versus(2, 1, 1, 0), 4: Versus(2, 1, 1, 0),
                                      5: Versus(1, 1, 0, 0)}
    assert list(head_to_head(games, 1)) == [3, 2, 4, 5]   # most games together first
    assert head_to_head(games, 9) == {}


def test_the_longest_streak_runs_across_evenings_and_skips_the_games_not_played() -> None:
    won, lost = (1, 2), (2, 1)
    games = [game("2026-03-05T19:00:00", lost), game("2026-03-05T20:00:00", won, number=2),
             game("2026-03-05T21:00:00", won, number=3),
             game("2026-03-05T21:30:00", (1, 2), players=(3, 4), table="t2"),    # not theirs: no break
             game("2026-03-12T19:00:00", won, number=4), game("2026-03-12T20:00:00", lost, number=5),
             game("2026-03-12T21:00:00", won, number=6)]
    assert streaks(games, 1) == (3, 1)
    assert streaks(games, 2) == (1, 0)
    assert streaks(list(reversed(games)), 1) == (3, 1)   # time order, whatever order they come in
    assert streaks(games, 9) == (0, 0)


def test_games_started_at_the_same_moment_are_ordered_by_table_then_number() -> None:
    games = [game("2026-03-05T19:00:00", (2, 1), table="b"), game("2026-03-05T19:00:00", (1, 2), table="a"),
             game("2026-03-05T19:00:00", (1, 2), table="a", number=2)]
    assert streaks(games, 1) == (2, 0)


# --------------------------------------------------------------------------- a player's page


def test_a_players_page_has_a_line_per_game_their_latest_games_and_best_and_worst_game() -> None:
    games = [game("2026-03-05T19:00:00", (1, 2, 3), (9, 5, 1), kind="saizen"),
             game("2026-03-05T20:00:00", (3, 2, 1), (0, 4, 8), kind="saizen", number=2),
             game("2026-03-05T21:00:00", (2, 1), (1, 2), kind="hyper-maker", number=3),
             game("2026-03-12T19:00:00", (1, 2), (7, 0), kind="tateyoko", number=4),
             game("2026-03-12T20:00:00", (1, 2), (7, 0), kind="tateyoko", players=(2, 3), number=5)]
    page = player_page(games, 1, last=3)
    assert list(page.lines) == ["hyper-maker", "saizen", "tateyoko"]
    assert page.lines["saizen"].points_avg == F(9, 2) and page.lines["saizen"].avg_place == F(1, 2)
    assert page.overall is not None and (page.overall.games, page.overall.wins, page.overall.points_avg) == (4, 2, None)
    assert [p.number for p, _ in page.last] == [4, 3, 2]
    assert [seat.place for _, seat in page.last] == [1, 2, 3]
    assert (page.best_kind, page.worst_kind) == ("tateyoko", "hyper-maker")
    assert (page.longest, page.current) == (1, 1)
    assert page.head_to_head == {2: Versus(4, 2, 2, 0), 3: Versus(2, 1, 1, 0)}


def test_best_and_worst_game_ties_go_to_more_games_then_the_slug() -> None:
    games = [game("2026-03-05", (1, 2), kind="saizen"), game("2026-03-05", (2, 1), kind="saizen", number=2),
             game("2026-03-05", (1, 1), kind="tateyoko", number=3),
             game("2026-03-05", (1, 1), kind="kings-trick", number=4)]
    page = player_page(games, 1)
    assert (page.best_kind, page.worst_kind) == ("saizen", "saizen")   # every game at 1/2; saizen twice
    alone = player_page(games[2:], 1)
    assert (alone.best_kind, alone.worst_kind) == ("kings-trick", "kings-trick")


def test_a_players_page_counts_only_the_season() -> None:
    games = [game("2025-12-30", (1, 2)), game("2026-01-02", (2, 1), number=2), game("2026-01-03", (1, 2), number=3)]
    page = player_page(games, 1, Season.year(2026))
    assert page.overall is not None and page.overall.games == 2
    assert (page.longest, page.current) == (1, 1)
    assert page.head_to_head == {2: Versus(2, 1, 1, 0)}


# --------------------------------------------------------------------------- records and evenings


def test_records_ties_go_to_the_earliest_then_the_lower_number() -> None:
    games = [game("2026-03-05T19:00:00", (2, 1), (30, 40), players=(5, 6)),
             game("2026-03-05T20:00:00", (1, 2), (40, 40), players=(3, 4), number=2),   # 40 again: later
             game("2026-03-05T18:00:00", (1, 1), (12, 12), players=(2, 1), kind="saizen", table="t2"),
             game("2026-03-12T19:00:00", (1, 2), (1, 0), players=(7, 8), number=3),
             game("2026-03-12T20:00:00", (1, 2), (1, 0), players=(7, 8), number=4)]
    found = records(games)
    assert list(found.high_scores) == ["hyper-maker", "saizen"]
    assert (found.high_scores["hyper-maker"].player, found.high_scores["hyper-maker"].points) == (6, 40)
    assert found.high_scores["hyper-maker"].played is games[0]
    assert found.high_scores["saizen"].player == 1                     # one game, one score: the lower number
    assert found.evening_wins is not None
    assert (found.evening_wins.player, found.evening_wins.day, found.evening_wins.count) == (7, D(2026, 3, 12), 2)
    streak = found.longest_streak
    assert streak is not None and (streak.player, streak.length) == (7, 2)
    assert (streak.first, streak.last) == (games[3], games[4])
    # One win each on 5 March: the earliest day keeps the record, then the lower number.
    first = records(games[:3])
    assert first.evening_wins is not None and (first.evening_wins.player, first.evening_wins.count) == (1, 1)
    assert first.longest_streak is not None and first.longest_streak.player == 1   # 18:00, player 1 before 2


def test_the_record_streak_is_the_one_that_reached_its_length_first() -> None:
    games = [game("2026-03-05T19:00:00", (2, 1)), game("2026-03-05T20:00:00", (2, 1), number=2),
             game("2026-03-12T19:00:00", (1, 2), players=(3, 1), table="t2"),
             game("2026-03-12T20:00:00", (1, 2), players=(3, 1), table="t2", number=2)]
    streak = records(games).longest_streak
    assert streak is not None and (streak.player, streak.first, streak.last) == (2, games[0], games[1])


def test_evenings_newest_first_with_their_tables_and_winners() -> None:
    games = [game("2026-03-05T20:00:00", (1, 1, 3), table="b", number=1),
             game("2026-03-05T19:00:00", (2, 1), players=(4, 5), table="a"),
             game("2026-03-05T21:00:00", (1, 2, 1, 2), teams=(0, 1, 0, 1), table="a", number=2),
             game("2026-03-12T19:00:00", (2, 1))]
    days = evenings(games)
    assert [e.day for e in days] == [D(2026, 3, 12), D(2026, 3, 5)]
    assert days[1].tables == (("a", "Table a"), ("b", "Table b"))
    assert [(g.played.table, g.played.number, g.winners) for g in days[1].games] == [
        ("a", 1, (5,)), ("b", 1, (1, 2)), ("a", 2, (1, 3))]
    assert evenings(games, Season(D(2026, 3, 6), D(2026, 3, 31)))[0].games[0].winners == (2,)


def test_an_empty_book_has_no_figures() -> None:
    assert season_table([]) == ()
    assert head_to_head([], 1) == {}
    assert streaks([], 1) == (0, 0)
    page = player_page([], 1)
    assert (page.overall, dict(page.lines), page.last, page.best_kind, page.worst_kind) == (None, {}, (), None, None)
    found = records([])
    assert (dict(found.high_scores), found.evening_wins, found.longest_streak) == ({}, None, None)
    assert evenings([]) == ()
    assert book_json([Member(1, "Ann")], [], Season.year(2026), rate([])) == {
        "season": {"from": "2026-01-01", "to": "2026-12-31"}, "players": []}


def test_a_player_seated_twice_after_a_merge_counts_the_game_once_from_the_first_seat() -> None:
    played = game("2026-03-05", (1, 2, 3), players=(1, 2, 1))
    assert {ln.player: (ln.games, ln.wins) for ln in season_table([played])} == {1: (1, 1), 2: (1, 0)}
    assert head_to_head([played], 1) == {2: Versus(1, 1, 0, 0)}
    assert head_to_head([played], 2) == {1: Versus(1, 0, 1, 0)}


# --------------------------------------------------------------------------- the export


def test_the_export_names_players_from_the_roster_rounds_to_four_places_and_has_null_ratings() -> None:
    roster = [Member(1, "Ann"), Member(2, "Bo"), Member(3, "Cy", retired=True), Member(4, "Di")]
    games = [game("2026-03-05", (1, 2, 3), (10, 5, 1), kind="saizen"),
             game("2026-03-05", (2, 1, 3), (2, 7, 0), kind="saizen", number=2),
             game("2026-03-05", (1, 3, 1, 3), (40, 0, 40, 0), players=(1, 2, 3, 4), teams=(0, 1, 0, 1),
                  kind="twin-shoot", number=3),
             game("2025-03-05", (1, 2), players=(4, 1), kind="saizen", number=4)]
    run = rate(games, until=D(2026, 12, 31))
    exported = book_json(roster, games, Season.year(2026), run)
    assert exported["season"] == {"from": "2026-01-01", "to": "2026-12-31"}
    assert [p["name"] for p in exported["players"]] == ["Ann", "Bo", "Cy", "Di"]   # the season table's order
    ann = exported["players"][0]
    assert (ann["games"], ann["wins"], ann["win_rate"], ann["avg_place"]) == (3, 2, 0.6667, 0.8333)
    saizen = ann["per_game"]["saizen"]
    assert (saizen["games"], saizen["wins"], saizen["avg_place"], saizen["points_avg"]) == (2, 1, 0.75, 6.0)
    rating = run.current["saizen"][1]
    assert saizen["rating"] == {"mu": round(rating.mu, 4), "sigma": round(rating.sigma, 4),
                                "ordinal": round(rating.ordinal, 4)}
    assert ann["head_to_head"] == {"Bo": {"together": 3, "above": 2, "below": 1, "level": 0},
                                   "Cy": {"together": 3, "above": 2, "below": 0, "level": 1},
                                   "Di": {"together": 1, "above": 1, "below": 0, "level": 0}}
    di = exported["players"][3]
    assert list(di["per_game"]) == ["twin-shoot"] and di["games"] == 1   # the 2025 game is out of the season
    assert book_json(roster, games, Season.year(2026), None)["players"][0]["per_game"]["saizen"]["rating"] is None
