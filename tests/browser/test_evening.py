"""Whole evenings through the browser, a few seeds (one Japanese, one English); the kit is
tests/browser/evening.py, which also runs many more: `python -m tests.browser.evening --seeds 20`."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser.evening import NAMES, run_seed

pytestmark = pytest.mark.browser

SEEDS = (0,)
"""Seed 0 plays its evening in Japanese (an evening takes 3.5-5 minutes on two cores: the
English seeds run from the command, `python -m tests.browser.evening --seeds 20`)."""


@pytest.mark.parametrize("seed", SEEDS)
def test_an_evening_of_every_game_describes_the_current_game_on_every_screen(
        browser: Browser, live_server: str, seed: int) -> None:
    evening = run_seed(browser, live_server, seed)
    assert len(evening.games) == 11 and all(len(g.setup["players"]) == len(NAMES) for g in evening.games)
    assert evening.how["tap"] > evening.how["form"]
    assert evening.failures == []
