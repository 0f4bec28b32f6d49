"""Every page and every state of every registered game, as paths to check with outside tools.

Tables are brought in as records (each game's seeded driver, stopped at several steps), so
the pages show real states: a game's start, mid-trick or mid-round, a result, the end.
"""

from __future__ import annotations

import importlib
from typing import Any

import sqlite_utils

from companion import records, rules
from companion.rules.base import Event

STEPS = (0, 0.3, 0.6, 1.0)
"""Where in a seeded game to stop: the start, two points on the way, the end."""


def driver(slug: str) -> Any:
    package = rules.GAMES[slug].__name__.rsplit(".", 1)[-1]  # type: ignore[attr-defined]
    return importlib.import_module(f"tests.games.{package}.driver")


def record(slug: str, setup: dict[str, Any], log: list[Event]) -> dict[str, Any]:
    return {
        "format": records.FORMAT, "version": records.VERSION,
        "table": {"name": "Friday", "players": list(setup["players"]), "created": "2026-11-22T20:00:00"},
        "games": [{"number": 1, "kind": slug, "setup": setup, "created": "2026-11-22T20:00:00",
                   "events": [{"seq": i, "kind": e.kind, "payload": dict(e.payload), "created": ""}
                              for i, e in enumerate(log)]}],
    }


def paths(db: sqlite_utils.Database) -> list[str]:
    """Every page to check: the shared pages, and each game's pages at each step."""
    found = ["/", "/judge"]
    for slug in sorted(rules.GAMES):
        found += [f"/rules/{slug}", f"/judge/{slug}", f"/seat/{slug}"]
        fields = driver(slug).judge_fields(1)
        found.append(f"/judge/{slug}?" + "&".join(f"{k}={v}" for k, v in fields.items()))
        setup, log = driver(slug).random_game(1)
        for where in STEPS:
            table = records.import_table(db, record(slug, setup, log[: int(len(log) * where)]))
            base = f"/t/{table.scorer_token}"
            found += [f"{base}/g/1"]
            if where in (0, 1.0):
                found += [f"{base}/g/1/history", f"{base}/new", f"/t/{table.viewer_token}/g/1", f"{base}/names",
                          f"{base}/scoreboard"]
            if where == 0.6 and log:
                found.append(f"{base}/g/1/correct/{_first_in_force(slug, setup, log[: int(len(log) * where)])}")
        found.append(f"{base}/share")
    return found


def _first_in_force(slug: str, setup: dict[str, Any], log: list[Event]) -> int:
    from companion.rules.base import replay

    game = rules.GAMES[slug]
    return replay(game.initial, game.apply, setup, log).effective[-1]


def every_series(client: Any, table_url: str) -> Any:
    """The full scoreboard of the table at `table_url` (a FlaskClient's view), every series
    as it shows one: its lines link each series (`?series=N`), whose block is read from its
    own page. Returns (the first page's soup, the blocks in order)."""
    from bs4 import BeautifulSoup

    from tests.conftest import parsed

    def read(path: str) -> BeautifulSoup:
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.status_code)
        return parsed(answer.get_data(as_text=True))

    first = read(f"{table_url}/scoreboard")
    blocks = []
    for link in first.select("#evening a.series-link"):
        block = read(link["href"]).select_one("#scoreboard .series")
        assert block is not None, link["href"]
        blocks.append(block)
    return first, blocks
