"""The group's book reads every game through one shape (issue 44): each game reports its
places (ties, shared wins, teams) and points in its own Outcome, and the book reads only
that, never a game's own rules: a seat's place and points are the outcome's, partners share
their team, a shared first place is a win for each, and a game not over counts nowhere."""

from __future__ import annotations

import pytest

from companion.book.model import played_from
from companion.rules.base import replay
from tests.contract.test_every_game import SEEDS, SLUGS, driver, game_of


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_book_reads_a_finished_games_places_points_and_teams_from_its_outcome(slug: str, seed: int) -> None:
    game = game_of(slug)
    setup, log = driver(slug).random_game(seed)
    outcome = game.outcome(replay(game.initial, game.apply, setup, log).state)
    players = [10 + seat for seat in range(len(setup["players"]))]
    played = played_from(outcome, players, when="2026-11-27T20:00:00", table="t", table_name="Friday", number=1,
                         kind=slug)
    assert played is not None and played.kind == slug and played.day.isoformat() == "2026-11-27"
    assert [s.player for s in played.seats] == players
    assert [s.place for s in played.seats] == list(outcome.places)
    assert [s.points for s in played.seats] == list(outcome.points)
    winners = {s.player for s in played.seats if s.place == 1}
    assert winners == {players[seat] for seat, place in enumerate(outcome.places) if place == 1} and winners
    for index, team in enumerate(outcome.teams):
        assert {played.seats[seat].team for seat in team} == {index}
        assert len({played.seats[seat].place for seat in team}) == 1, "partners share their team's place"
    if not outcome.teams:
        assert all(s.team is None for s in played.seats)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_game_not_over_counts_nowhere_in_the_book(slug: str) -> None:
    game = game_of(slug)
    setup, log = driver(slug).random_partial(SEEDS[0])
    outcome = game.outcome(replay(game.initial, game.apply, setup, log).state)
    assert not outcome.over
    assert played_from(outcome, list(range(len(setup["players"]))), when="2026-11-27T20:00:00", table="t",
                       table_name="", number=1, kind=slug) is None
