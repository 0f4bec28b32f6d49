"""A series ends by its game's own rule, and a game after the end starts a new series.

Over every registered game: seeded whole games of one kind, brought in as one table's
record, group into series that each end exactly at their last game; the ended series keep
the result they had when they ended.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion import records, rules, store, tables
from tests.kit.pages import driver

GAMES_AT_MOST = 14


def evening_record(slug: str) -> tuple[dict[str, Any], int]:
    """A record of finished games of `slug` at one table, long enough for a series to end and
    another to begin (or GAMES_AT_MOST games), and how many players sit there."""
    game = rules.GAMES[slug]
    first_setup, _ = driver(slug).random_game(1)
    players = list(first_setup["players"])
    games: list[dict[str, Any]] = []
    outcomes = []
    seed = 1
    while len(games) < GAMES_AT_MOST and seed < 200:
        setup, log = driver(slug).random_game(seed)
        seed += 1
        if len(setup["players"]) != len(players):
            continue
        from companion.rules.base import replay

        state = replay(game.initial, game.apply, setup, log).state
        if not game.outcome(state).over:
            continue
        outcomes.append(game.outcome(state))
        games.append({"number": len(games) + 1, "kind": slug, "setup": {**setup, "players": players},
                      "created": "2026-11-22T20:00:00",
                      "events": [{"seq": i, "kind": e.kind, "payload": dict(e.payload), "created": ""}
                                 for i, e in enumerate(log)]})
        if game.evening(outcomes, len(players)).over and len(games) < GAMES_AT_MOST:
            outcomes = []  # the next game starts a series: one more game proves it
            if any(g.get("_second") for g in games):
                break
            games[-1]["_second"] = True
    for g in games:
        g.pop("_second", None)
    record = {"format": records.FORMAT, "version": records.VERSION,
              "table": {"name": "Friday", "players": players, "created": "2026-11-22T20:00:00"},
              "games": games}
    return record, len(players)


@pytest.mark.parametrize("slug", sorted(rules.GAMES))
def test_a_game_after_a_series_ended_starts_a_new_series(slug: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    record, players = evening_record(slug)
    db = store.connect(tmp_path / "series.db")
    table = records.import_table(db, record)
    board = tables.scoreboard(db, table.id)
    game = rules.GAMES[slug]
    assert len(board.series) >= 2, "the seeded games never ended a series"
    for index, series in enumerate(board.series):
        outcomes = [o for _, o in series.rows]
        # Over only with its last game: nothing was added after the end.
        assert not game.evening(outcomes[:-1], players).over
        if index < len(board.series) - 1:
            assert series.evening.over
            assert series.evening == game.evening(outcomes, players)
    assert sum(len(s.rows) for s in board.series) == len(record["games"])


def test_the_ended_series_keeps_its_winner_when_another_game_follows(tmp_path) -> None:  # type: ignore[no-untyped-def]
    record, players = evening_record("hyper-maker")
    db = store.connect(tmp_path / "series.db")
    first_series = players  # Hyper Maker, 6: as many games as players
    ended = records.import_table(db, {**record, "games": record["games"][:first_series]})
    followed = records.import_table(db, {**record, "games": record["games"][:first_series + 1]})
    before = tables.scoreboard(db, ended.id).series
    after = tables.scoreboard(db, followed.id).series
    assert len(before) == 1 and before[0].evening.over
    assert after[0].evening == before[0].evening
    assert [len(s.rows) for s in after] == [first_series, 1]

