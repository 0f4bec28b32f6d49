"""The event's score: placement points with ties, tables of other sizes, the game's own points,
sit-outs, a drop-out, a late arrival, tie-breaks and shared ranks (companion/club/scoring.py)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from companion.club import Result, Standing, meetings, placement_points, standings
from companion.rules.base import RuleError

F = Fraction


def by_player(lines: tuple[Standing, ...]) -> dict[str, Standing]:
    return {line.player: line for line in lines}


def keys(line: Standing) -> list[str]:
    return [r.key for r in line.reasons]


def test_a_table_of_four_earns_three_two_one_and_nothing() -> None:
    lines = standings("ABCD", [Result(1, ("A", "B", "C", "D"), (2, 1, 4, 3), (5, 9, 0, 2))])
    assert [(s.player, s.rank, s.score) for s in lines] == [("B", 1, 3), ("A", 2, 2), ("D", 3, 1), ("C", 4, 0)]
    assert [s.rounds for s in lines] == [(F(3),), (F(2),), (F(1),), (F(0),)]


@pytest.mark.parametrize("places, points", [
    ((1, 1, 3, 4), (F(5, 2), F(5, 2), F(1), F(0))),   # first and second shared: (3 + 2) / 2
    ((1, 2, 2, 2), (F(3), F(1), F(1), F(1))),          # 2 + 1 + 0 shared by three
    ((1, 1, 1, 1), (F(3, 2),) * 4),                    # everyone level: the table's average
    ((1, 2, 3, 3), (F(3), F(2), F(1, 2), F(1, 2))),
])
def test_tied_places_share_the_points_of_the_places_they_cover(places: tuple[int, ...],
                                                               points: tuple[Fraction, ...]) -> None:
    assert placement_points(places, 4) == points
    assert sum(placement_points(places, 4)) == 6  # ties move points between the tied, never add any


def test_a_table_of_another_size_is_scaled_so_every_winner_and_every_average_is_the_same() -> None:
    results = [Result(1, tuple("ABCDE"), (1, 2, 3, 4, 5), (0,) * 5), Result(1, tuple("FGH"), (1, 2, 3), (0,) * 3)]
    line = by_player(standings("ABCDEFGH", results))
    assert [line[p].score for p in "ABCDE"] == [4, 3, 2, 1, 0]
    assert [line[p].score for p in "FGH"] == [4, 2, 0]  # a table of three scaled to a table of five
    assert line["A"].rank == line["F"].rank == 1
    assert sum(line[p].score for p in "ABCDE") / 5 == sum(line[p].score for p in "FGH") / 3 == 2


def test_the_scale_only_chooses_the_unit_never_the_order() -> None:
    """Each seat earns (n - p)/(n - 1) of the largest table's top, whatever the largest table is."""
    rng = random.Random(33)
    players = [f"P{i}" for i in range(14)]
    results = []
    for round_ in range(1, 5):
        order = rng.sample(players, len(players))
        for table in (order[:5], order[5:9], order[9:]):
            places = tuple(sorted(rng.choice([1, 1, 2, 3, 4]) for _ in table))
            fixed = tuple(1 + sum(1 for q in places if q < p) for p in places)  # a finished game's places
            results.append(Result(round_, tuple(table), fixed, (0,) * len(table)))
    lines = standings(players, results)
    for line in lines:
        share = sum((F(2 * (len(r.players) - p) - (r.places.count(p) - 1), 2) / (len(r.players) - 1)
                     for r in results for name, p in zip(r.players, r.places) if name == line.player), F(0))
        assert line.score == share * 4


def test_the_games_own_points_add_up_as_the_games_give_them() -> None:
    results = [Result(1, ("A", "B", "C"), (1, 2, 3), (12, 7, -3)), Result(2, ("A", "B", "C"), (3, 1, 2), (0, 30, 4))]
    line = by_player(standings("ABC", results, scoring="points"))
    assert (line["A"].score, line["B"].score, line["C"].score) == (12, 37, 1)
    assert line["C"].rounds == (F(-3), F(4))
    assert [s.player for s in standings("ABC", results, scoring="points")] == ["B", "A", "C"]


def test_a_sit_out_earns_the_average_seat_of_the_round() -> None:
    results = [Result(1, tuple("ABCD"), (1, 2, 3, 4), (0,) * 4)]
    line = by_player(standings("ABCDE", results, sat_out={1: ["E"]}))
    assert line["E"].score == F(3, 2) and line["E"].played == 0 and line["E"].rounds == (F(3, 2),)
    assert keys(line["E"]) == ["club.sit_out_score"]
    assert line["E"].reasons[0].params == {"player": "E", "round": 1, "score": "1.5"}


def test_a_sit_out_earns_the_average_seat_of_the_largest_drawn_table_before_any_table_finishes() -> None:
    line = by_player(standings("ABCDE", [], sat_out={1: ["E"]}, largest=4))
    assert line["E"].score == F(3, 2) and line["E"].rounds == (F(3, 2),)
    finished = [Result(1, tuple("ABC"), (1, 2, 3), (0,) * 3)]  # the table of four still playing
    line = by_player(standings("ABCDEFGH", finished, sat_out={1: ["H"]}, largest=4))
    assert line["H"].score == F(3, 2) and line["A"].score == 3  # scaled to the table of four drawn


def test_a_sit_out_under_the_games_points_earns_the_mean_of_the_rounds_seats() -> None:
    results = [Result(1, tuple("ABC"), (1, 2, 3), (10, 4, 1)), Result(1, tuple("DEF"), (1, 2, 3), (7, 7, -5))]
    line = by_player(standings("ABCDEFG", results, scoring="points", sat_out={1: ["G"], 2: ["A"]}))
    assert line["G"].score == F(24, 6)
    assert line["A"].rounds == (F(10), F(0))  # round 2 has no finished table yet: nothing to average


def test_a_player_who_left_keeps_what_they_earned_and_earns_nothing_more() -> None:
    results = [Result(1, tuple("ABCD"), (1, 2, 3, 4), (0,) * 4), Result(2, tuple("BCD"), (1, 2, 3), (0,) * 3),
               Result(3, tuple("BCD"), (3, 2, 1), (0,) * 3)]
    line = by_player(standings("ABCD", results))
    assert line["A"].rounds == (F(3), None, None) and line["A"].played == 1 and line["A"].score == 3
    absent = [r for r in line["A"].reasons if r.key == "club.absent"]
    assert [(r.params["rounds"], r.params["count"]) for r in absent] == [([2, 3], 2)]


def test_a_late_arrival_starts_from_nothing_and_counts_from_their_first_round() -> None:
    results = [Result(1, tuple("ABC"), (1, 2, 3), (0,) * 3), Result(2, tuple("ABCD"), (4, 3, 2, 1), (0,) * 4)]
    line = by_player(standings("ABCD", results))
    assert line["D"].rounds == (None, F(3)) and line["D"].played == 1
    assert line["A"].rounds == (F(3), F(0))
    assert [r.params["rounds"] for r in line["D"].reasons if r.key == "club.absent"] == [[1]]


def test_more_wins_break_a_tie_in_score() -> None:
    results = [Result(1, tuple("ABCD"), (1, 4, 2, 3), (0,) * 4),   # A 3, C 2, D 1, B 0
               Result(2, tuple("ABCD"), (4, 2, 3, 1), (0,) * 4)]   # D 3, B 2, C 1, A 0
    lines = standings("ABCD", results)
    assert [(s.player, s.score, s.tie_breaks[0]) for s in lines][:3] == [("D", 4, 1), ("A", 3, 1), ("C", 3, 0)]
    line = by_player(lines)
    assert line["C"].rank == 3 and keys(line["C"]) == ["club.tie.wins"]
    assert line["C"].reasons[0].params == {"player": "C", "above": "A", "wins": 0, "above_wins": 1}


def test_best_place_is_the_tie_break_when_wins_are_level() -> None:
    results = [Result(1, tuple("ABCD"), (2, 4, 1, 3), (0,) * 4),            # A 2, B 0
               Result(2, tuple("ABEF"), (4, 3, 1, 2), (0,) * 4),            # A 0, B 1
               Result(3, tuple("ABGH"), (4, 3, 1, 2), (0,) * 4),            # A 0, B 1
               ]
    line = by_player(standings("ABCDEFGH", results))
    assert line["A"].score == line["B"].score == 2 and line["A"].tie_breaks[0] == line["B"].tie_breaks[0] == 0
    assert (line["A"].tie_breaks[1], line["B"].tie_breaks[1]) == (2, 3)
    assert line["A"].rank < line["B"].rank and keys(line["B"]) == ["club.tie.best_place"]
    assert line["B"].reasons[0].params == {"player": "B", "above": "A", "place": 3, "above_place": 2}


def test_head_to_head_decides_between_players_level_in_everything_else() -> None:
    results = [Result(1, tuple("ABCD"), (2, 3, 1, 4), (0,) * 4),   # A 2, B 1: A placed above B
               Result(2, tuple("ACDE"), (3, 1, 2, 4), (0,) * 4),   # A 1
               Result(2, tuple("BFGH"), (2, 1, 3, 4), (0,) * 4)]   # B 2
    line = by_player(standings("ABCDEFGH", results))
    assert (line["A"].score, line["B"].score) == (3, 3)
    assert line["A"].tie_breaks == (0, 2, 1) and line["B"].tie_breaks == (0, 2, -1)
    assert line["A"].rank < line["B"].rank and keys(line["B"]) == ["club.tie.head_to_head"]
    assert line["B"].reasons[0].params == {"player": "B", "above": "A", "balance": -1, "above_balance": 1}


def test_players_who_never_met_and_are_level_in_everything_share_a_rank() -> None:
    results = [Result(1, tuple("ACDE"), (2, 1, 3, 4), (0,) * 4), Result(1, tuple("BFGH"), (2, 1, 3, 4), (0,) * 4)]
    line = by_player(standings("ABCDEFGH", results))
    assert line["A"].rank == line["B"].rank == 3 and line["A"].tie_breaks == line["B"].tie_breaks == (0, 2, 0)
    assert keys(line["A"]) == keys(line["B"]) == ["club.tie.shared"]


def test_players_equal_in_everything_share_a_rank_and_the_next_rank_is_skipped() -> None:
    results = [Result(1, tuple("ABCD"), (1, 1, 3, 4), (0,) * 4)]
    lines = standings("ABCD", results)
    assert [(s.player, s.rank) for s in lines] == [("A", 1), ("B", 1), ("C", 3), ("D", 4)]
    line = by_player(lines)
    assert keys(line["A"]) == keys(line["B"]) == ["club.tie.shared"]
    assert line["A"].reasons[0].params == {"players": ["A", "B"], "rank": 1}


def test_everyone_stands_at_nothing_before_a_table_finishes() -> None:
    lines = standings(["Ann", "Ben", "Cy"], [])
    assert [(s.rank, s.score, s.played, s.rounds) for s in lines] == [(1, 0, 0, ())] * 3


def test_meetings_are_every_pair_who_shared_a_table() -> None:
    results = [Result(1, ("A", "B", "C"), (1, 2, 3), (0,) * 3), Result(2, ("A", "D"), (1, 2), (0, 0))]
    assert meetings(results) == {frozenset(p) for p in ("AB", "AC", "BC", "AD")}


@pytest.mark.parametrize("players, results, sat_out, key", [
    ("AB", [Result(1, ("A", "X"), (1, 2), (0, 0))], {}, "club.unknown_player"),
    ("ABCD", [Result(1, ("A", "B"), (1, 2), (0, 0)), Result(1, ("A", "C"), (1, 2), (0, 0))], {}, "club.seated_twice"),
    ("ABC", [Result(1, ("A", "B", "C"), (1, 2, 2), (0,) * 3)], {}, None),  # a valid sharing of second place
    ("ABC", [Result(1, ("A", "B", "C"), (1, 1, 2), (0,) * 3)], {}, "club.places"),
    ("ABC", [Result(1, ("A", "B", "C"), (0, 1, 2), (0,) * 3)], {}, "club.places"),
    ("ABC", [Result(1, ("A", "B", "C"), (1, 2, 4), (0,) * 3)], {}, "club.places"),
    ("ABC", [Result(1, ("A",), (1,), (0,))], {}, "club.result_size"),
    ("ABC", [Result(1, ("A", "B"), (1, 2), (0,))], {}, "club.result_size"),
    ("ABCDEFGHIJKLM", [Result(1, tuple("ABCDEFGHIJKLM"), tuple(range(1, 14)), (0,) * 13)], {},
     "club.table_too_big"),  # a table of 13: larger than a draw seats
    ("ABCDEFGHIJKL", [Result(1, tuple("ABCDEFGHIJKL"), tuple(range(1, 13)), (0,) * 12)], {}, None),
    ("ABC", [Result(0, ("A", "B"), (1, 2), (0, 0))], {}, "club.round"),
    ("ABC", [Result(1, ("A", "B"), (1, 2), (0, 0))], {1: ["A"]}, "club.sat_and_played"),
    ("ABC", [], {1: ["Q"]}, "club.unknown_player"),
    ("ABA", [], {}, "club.name_twice"),
    (["A", " "], [], {}, "club.name"),
])
def test_a_result_or_a_sit_out_that_cannot_be_is_refused(players: str, results: list[Result],
                                                         sat_out: dict[int, list[str]], key: str | None) -> None:
    if key is None:
        assert standings(list(players), results, sat_out=sat_out)
        return
    with pytest.raises(RuleError) as refused:
        standings(list(players), results, sat_out=sat_out)
    assert refused.value.ruling.key == key


def test_an_unknown_scoring_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        standings("AB", [], scoring="elo")
    assert refused.value.ruling.key == "club.scoring" and refused.value.ruling.params == {"value": "elo"}
