"""Behaviour every game's pages share, tested once over every registered game.

Each game is driven by its seeded driver (tests/games/<pkg>/driver.py) and brought in as a
record, so a new game is held to these without writing them again.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.conftest import panels_across_restart
from tests.contract.test_every_game import SEEDS, SLUGS, driver, import_to, record_of


@pytest.mark.parametrize("slug", SLUGS)
def test_reload_and_server_restart_lose_nothing(slug: str, client: FlaskClient, db_path: Path) -> None:
    """At the start, on the way and at the end of a seeded game, with an entry just written
    through the page (an undo, so the app's remembered replay is extended, not rebuilt): the
    panel reloaded and the panel of a freshly started app on the same file are the same."""
    setup, log = driver(slug).random_game(SEEDS[1])
    for step in sorted({1, len(log) // 3, 2 * len(log) // 3, len(log)}):
        url = import_to(client, record_of(slug, setup, log[:step])) + "/g/1"
        assert client.get(url).status_code == 200
        written = client.post(url.removesuffix("/g/1") + "/g/1/undo", data={"seq": str(step)})
        assert written.status_code == 303, (step, written.status_code)
        before, after = panels_across_restart(client, db_path, url)
        assert str(before) == str(after), step
        prompt = after.select_one("#prompt")
        assert (prompt is None) == (before.select_one("#prompt") is None), step
        if step < len(log):  # mid-game: the page says what it waits for
            assert prompt is not None and prompt.get_text(strip=True), step
