"""Correcting a card on the smallest phone (issue 31, goal 4): three taps from the game page,
every one on the first screen, and the answer says what changed.

Tap 1: the card where it lies on the game page (it links to its entry's correction).
Taps 2-3: the right card on the correction page's picker (Hyper Maker's two-suit cards take
two taps: the suit pair, then the value, which sends the correction). The game page comes
back with the entry's name, its cards before → after, the new result and the points.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion import records, store
from companion.rules import hyper_maker as hm
from tests.kit.browser import SMALL_PHONE, assert_phone_friendly
from tests.kit.measure import recorder, tap

pytestmark = pytest.mark.browser

NAMES = ["Aki", "Ben", "Cho"]
LOG = [("master", {"card": "R5B6"}), ("play", {"seat": 0, "card": "R2G9"}), ("play", {"seat": 1, "card": "B8Y3"})]
"""Trick 1 so far: the master R5B6, Aki's R2G9, Ben's B8Y3 (which was really B2Y9)."""


@pytest.fixture(params=["en", "ja"])
def small_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    lang = request.param
    context = browser.new_context(viewport=SMALL_PHONE, locale="ja-JP" if lang == "ja" else "en-US",
                                  has_touch=True, is_mobile=True)
    page = context.new_page()
    yield page
    context.close()


def seated(live_db: Path) -> str:
    """A Hyper Maker table with trick 1 under way; the scorer's game page's path."""
    record = {"format": records.FORMAT, "version": records.VERSION,
              "table": {"name": "Friday", "players": NAMES, "created": "2026-11-22T20:00:00"},
              "games": [{"number": 1, "kind": hm.SLUG, "created": "2026-11-22T20:00:00",
                         "setup": {"players": NAMES, "first_leader": 0},
                         "events": [{"seq": i, "kind": kind, "payload": payload, "created": ""}
                                    for i, (kind, payload) in enumerate(LOG)]}]}
    table = records.import_table(store.connect(str(live_db)), record)
    return f"/t/{table.scorer_token}/g/1"


def test_a_card_is_corrected_in_three_taps_from_the_game_page(small_page: Page, live_server: str,
                                                              live_db: Path) -> None:
    page = small_page
    game = live_server + seated(live_db)
    page.goto(game)
    japanese = page.evaluate("document.documentElement.lang") == "ja"
    recorder(page).begin("correct Ben's card")
    ben = page.locator("#panel a.correct-card[href$='/correct/2']")
    tap(page, ben)
    expect(page.locator("#correct h1")).to_have_text("第1トリック、Benのカードを訂正" if japanese
                                                     else "Correct trick 1, Ben's card")
    assert_phone_friendly(page)
    tap(page, "label[for=pair-BY]")
    tap(page, "button[name=card][value=B2Y9]")
    said = page.locator("#latest-correction")
    expect(said).to_be_visible()
    text = said.inner_text()
    if japanese:
        assert text.startswith("第1トリック、Benのカード：■青8 / ★黄3 → ■青2 / ★黄9。"), text
        assert "得点の変化はありません。" in text
    else:
        assert text.startswith("Trick 1, Ben's card: ■ blue 8 / ★ yellow 3 → ■ blue 2 / ★ yellow 9."), text
        assert "No points changed." in text
    assert recorder(page).taps == 3
    assert recorder(page).scroll_needed == [], [str(m) for m in recorder(page).scroll_needed]
    box = said.bounding_box()
    assert box is not None and box["y"] + box["height"] <= SMALL_PHONE["height"], "the answer is below the first screen"
    assert page.evaluate("window.scrollY") == 0
