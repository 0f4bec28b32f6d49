"""The draw: table sizes within every game's player counts, sit-outs in rotation, round 1 at
random, later rounds by the standings, and the fewest repeat meetings, checked against brute
force where it can tell (companion/club/seating.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest

from companion import rules
from companion.club import Draw, Result, draw, meetings, repeats, standings, table_sizes
from companion.club.seating import aim
from companion.rules.base import RuleError

GAME_SIZES = {slug: tuple(rules.GAMES[slug].PLAYER_COUNTS) for slug in rules.GAMES}


def names(n: int) -> list[str]:
    return [f"P{i:02d}" for i in range(n)]


def partitions(players: Sequence[str], shape: Sequence[int]) -> Iterator[list[tuple[str, ...]]]:
    """Every way to seat `players` at tables of `shape` (tables unordered)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in set(shape):
        left = list(shape)
        left.remove(size)
        for mates in combinations(rest, size - 1):
            others = [p for p in rest if p not in mates]
            for seating in partitions(others, left):
                yield [(first, *mates), *seating]


def fewest_repeats(players: Sequence[str], shape: Sequence[int], met: set[frozenset[str]]) -> int:
    return min(repeats(seating, met) for seating in partitions(players, shape))


def sittable(total: int, sizes: Sequence[int]) -> bool:
    """Whether `total` players fill tables of `sizes` exactly (any number of each)."""
    can = [True] + [False] * total
    for t in range(1, total + 1):
        can[t] = any(s <= t and can[t - s] for s in sizes)
    return can[total]


def check(made: Draw, order: Sequence[str], sizes: Sequence[int]) -> None:
    """What every draw keeps: each player seated once or sitting out, tables the game allows."""
    seated = [p for t in made.tables for p in t.players]
    assert sorted(seated + list(made.sit_out)) == sorted(order)
    assert all(len(t.players) in sizes for t in made.tables)
    assert len({len(t.players) for t in made.tables}) <= 2


@pytest.mark.parametrize("slug", sorted(GAME_SIZES))
def test_every_count_from_5_to_40_is_seated_within_the_games_player_counts(slug: str) -> None:
    sizes = GAME_SIZES[slug]
    for count in range(5, 41):
        shape, out = table_sizes(count, sizes, aim(sizes))
        assert sum(shape) + out == count
        assert set(shape) <= set(sizes) and len(set(shape)) <= 2, (count, shape)
        assert not any(sittable(count - fewer, sizes) for fewer in range(out)), (count, shape, out)  # fewest out
        if {3, 4} <= set(sizes) or {4, 5} <= set(sizes):
            assert all(abs(s - 4) <= 1 for s in shape), (count, shape)  # tables of three to five, never further
        made = draw(names(count), set(), sizes, 1, seed=count)
        check(made, names(count), sizes)
        assert sorted(len(t.players) for t in made.tables) == sorted(shape) and len(made.sit_out) == out


@pytest.mark.parametrize("count, sizes, shape, out", [
    (100, (3, 4, 5), (4,) * 25, 0),
    (100, (3, 4), (4,) * 25, 0),
    (101, (3, 4, 5), (5,) + (4,) * 24, 0),
    (10, (3, 4, 5), (4, 3, 3), 0),
    (9, (2, 3, 4, 5, 6, 7, 8), (5, 4), 0),
    (7, (4, 6), (6,), 1),      # Twin Shoot: one sits out rather than three
    (10, (4, 6), (6, 4), 0),   # two sizes where the game allows
    (5, (3, 4), (4,), 1),
    (5, (2, 3, 4, 5, 6), (5,), 0),
    (14, (4, 6), (6, 4, 4), 0),
])
def test_table_sizes_seat_everyone_they_can_as_near_four_as_the_game_allows(
        count: int, sizes: tuple[int, ...], shape: tuple[int, ...], out: int) -> None:
    assert table_sizes(count, sizes, aim(sizes)) == (shape, out)


def test_the_organiser_may_aim_at_another_table_size() -> None:
    assert table_sizes(100, (3, 4, 5), 5) == ((5,) * 20, 0)
    made = draw(names(12), set(), (3, 4, 5), 1, seed=1, size=3)
    assert [len(t.players) for t in made.tables] == [3, 3, 3, 3]
    with pytest.raises(RuleError) as refused:
        draw(names(12), set(), (3, 4, 5), 1, seed=1, size=6)
    assert refused.value.ruling.key == "club.size"


def test_round_one_is_drawn_at_random_and_the_same_seed_draws_the_same_tables() -> None:
    first = draw(names(20), set(), (4,), 1, seed=7)
    assert draw(names(20), set(), (4,), 1, seed=7) == first
    others = {draw(names(20), set(), (4,), 1, seed=s).tables for s in range(8)}
    assert len(others) == 8
    assert "club.draw.random" in [r.key for r in first.reasons]


def test_later_rounds_seat_neighbours_in_the_standings_together() -> None:
    made = draw(names(12), set(), (4,), 2, seed=3)
    assert [sorted(t.players) for t in made.tables] == [names(12)[0:4], names(12)[4:8], names(12)[8:12]]
    assert "club.draw.standings" in [r.key for r in made.reasons] and made.repeats == 0


def test_a_player_who_met_the_table_above_moves_down_one_table() -> None:
    order = names(8)
    made = draw(order, {frozenset(("P00", "P01"))}, (4,), 2, seed=3)
    assert [sorted(t.players) for t in made.tables] == [["P00", "P02", "P03", "P04"], ["P01", "P05", "P06", "P07"]]
    assert made.repeats == 0 and [r.key for r in made.reasons][-1] == "club.draw.no_repeats"


def test_when_everyone_has_met_the_draw_says_the_repeats_are_the_fewest() -> None:
    order = names(6)
    met = {frozenset(p) for p in combinations(order, 2)}
    made = draw(order, met, (3,), 3, seed=1)
    assert made.repeats == 6 and made.proved
    last = made.reasons[-1]
    assert last.key == "club.draw.repeats_proved" and last.params["count"] == 6


@pytest.mark.parametrize("seed", range(12))
def test_the_draw_keeps_apart_players_who_met_whenever_any_seating_does(seed: int) -> None:
    """Brute force over every seating of up to ten players: the draw's repeats are the fewest."""
    rng = random.Random(seed)
    sizes = rng.choice([(3, 4), (4,), (3, 4, 5), (2, 3), (4, 6)])
    count = rng.randint(max(sizes[0], 6), 10)
    order = names(count)
    pairs = list(combinations(order, 2))
    met = {frozenset(p) for p in rng.sample(pairs, rng.randint(0, len(pairs) * 2 // 3))}
    made = draw(order, met, sizes, 2, seed=seed)
    check(made, order, sizes)
    seated = [p for t in made.tables for p in t.players]
    shape = [len(t.players) for t in made.tables]
    assert made.repeats == fewest_repeats(sorted(seated), shape, met) and made.proved


def test_sit_outs_rotate_nobody_twice_while_another_has_not() -> None:
    players = names(5)
    sat_out: dict[int, list[str]] = {}
    for round_ in range(1, 11):
        made = draw(players, set(), (4,), round_, seed=11, sat_out=sat_out)
        assert len(made.sit_out) == 1
        sat_out[round_] = list(made.sit_out)
        times = Counter(p for who in sat_out.values() for p in who)
        assert max(times[p] for p in players) - min(times[p] for p in players) <= 1
    assert Counter(p for who in sat_out.values() for p in who) == {p: 2 for p in players}


def test_a_late_arrival_may_sit_out_before_those_who_have() -> None:
    made = draw(["A", "B", "C", "D", "E"], set(), (4,), 3, seed=2, sat_out={1: ["A"], 2: ["B"]})
    assert made.sit_out[0] in ("C", "D", "E")


@pytest.mark.parametrize("seed", range(6))
def test_a_seeded_event_over_many_rounds_keeps_every_invariant(seed: int) -> None:
    """Players arrive and leave; each round is drawn from the standings and played at random."""
    rng = random.Random(seed)
    slug = sorted(GAME_SIZES)[seed % len(GAME_SIZES)]
    sizes = GAME_SIZES[slug]
    here = names(rng.randint(7, 10))
    everyone = list(here)
    results: list[Result] = []
    sat_out: dict[int, list[str]] = {}
    for round_ in range(1, 8):
        if round_ > 2 and rng.random() < 0.3:
            here.remove(rng.choice(here))  # one leaves
        if rng.random() < 0.3:
            everyone.append(f"late{round_}")
            here.append(everyone[-1])
        table = standings(everyone, results, sat_out=sat_out)
        order = [s.player for s in table if s.player in here]
        met = set(meetings(results))
        made = draw(order, met, sizes, round_, seed=seed, sat_out=sat_out)
        check(made, order, sizes)
        shape = [len(t.players) for t in made.tables]
        assert made.repeats == fewest_repeats(sorted(p for t in made.tables for p in t.players), shape, met)
        sat_out[round_] = list(made.sit_out)
        for t in made.tables:
            points = [rng.randint(-5, 20) for _ in t.players]
            places = tuple(1 + sum(1 for q in points if q > p) for p in points)
            results.append(Result(round_, t.players, places, tuple(points)))
    final = standings(everyone, results, sat_out=sat_out)
    assert sorted(s.player for s in final) == sorted(everyone)
    assert all(s.played == sum(1 for r in results if s.player in r.players) for s in final)
    assert [s.rank for s in final] == sorted(s.rank for s in final)


def test_a_hall_of_a_hundred_over_four_rounds_meets_nobody_twice() -> None:
    players = names(100)
    rng = random.Random(4)
    results: list[Result] = []
    for round_ in range(1, 5):
        order = [s.player for s in standings(players, results)]
        made = draw(order, meetings(results), (3, 4, 5), round_, seed=4)
        assert made.repeats == 0 and len(made.tables) == 25
        for t in made.tables:
            places = tuple(rng.sample(range(1, 5), 4))
            results.append(Result(round_, t.players, places, (0,) * 4))


@pytest.mark.parametrize("order, sizes, key", [
    (["A", "B"], (3, 4), "club.too_few"),
    (["A", "B", "C"], (), "club.sizes"),
    (["A", "B", "C"], (1, 3), "club.sizes"),
    (["A", "B", "C"], tuple(range(2, 2001)), "club.sizes"),  # no game seats 2000: refused before any work
    (["A", "A", "C"], (3,), "club.name_twice"),
])
def test_a_draw_that_cannot_be_made_is_refused(order: list[str], sizes: tuple[int, ...], key: str) -> None:
    with pytest.raises(RuleError) as refused:
        draw(order, set(), sizes, 1, seed=1)
    assert refused.value.ruling.key == key


def test_a_sit_out_is_traded_for_an_equal_player_when_that_keeps_a_pair_apart() -> None:
    """Five players, a table of four, Ann and Ben have met: whoever the lot picks, one of them sits out."""
    keys = set()
    for seed in range(20):
        made = draw(["Ann", "Ben", "Cy", "Dee", "Eve"], {frozenset(("Ann", "Ben"))}, (4,), 2, seed=seed,
                    sat_out={1: ["Eve"]})
        assert made.repeats == 0 and made.sit_out in (("Ann",), ("Ben",))
        keys |= {r.key for r in made.reasons if r.key.startswith("club.draw.sit_out")}
    assert keys == {"club.draw.sit_out", "club.draw.sit_out_traded"}  # the lot's own pick, or a trade


def test_a_trade_never_sits_out_a_player_more_often_than_another() -> None:
    made = draw(["Ann", "Ben", "Cy", "Dee", "Eve"], {frozenset(("Ann", "Ben"))}, (4,), 3, seed=1,
                sat_out={1: ["Ann"], 2: ["Ben"]})
    assert made.sit_out in (("Cy",), ("Dee",), ("Eve",)) and made.repeats == 1  # Ann and Ben have sat out already
