"""The shared game page on a 360x640 phone (issue 31): the header's name is whole, and the
page never stays scrolled after an entry."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion import records, store
from tests.kit import measure, taps
from tests.kit.browser import SMALL_PHONE
from tests.kit.pages import driver, record

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_name_in_the_header_is_not_cut(browser: Browser, live_server: str, lang: str) -> None:
    context = browser.new_context(viewport=SMALL_PHONE, locale=lang, has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page = context.new_page()
    page.goto(live_server)
    cut = page.evaluate("(() => { const b = document.querySelector('.bar .brand'); return b.scrollWidth > b.clientWidth; })()")
    fits = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
    assert not cut and fits


def test_after_an_entry_made_on_a_scrolled_page_the_page_is_back_at_the_top(
        browser: Browser, live_server: str, live_db: Path) -> None:
    setup, log = driver("hyper-maker").random_game(1)
    table = records.import_table(store.connect(live_db), record("hyper-maker", setup, []))
    context = browser.new_context(viewport=SMALL_PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{live_server}/t/{table.scorer_token}/g/1")
    for number, event in enumerate(list(log)[:3], start=1):
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # as after reading the scoreboard
        assert page.evaluate("window.scrollY") > 0
        measure.recorder(page).begin(f"entry {number}")
        taps.enter(page, "hyper-maker", event)
        page.wait_for_selector(f"#panel input[name=seq][value='{number}']", state="attached")
        measure.assert_unscrolled(page)
    context.close()
