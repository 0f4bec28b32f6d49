"""The measuring kit itself (tests/kit/measure.py): a tap below the fold, or on a scrolled
page, is recorded as scroll-needed and still made; a tap on the first screen is not."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.kit import measure
from tests.kit.browser import SMALL_PHONE

pytestmark = pytest.mark.browser

TINY = """<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="script-src 'self'">
<body style="margin:0">
<label id="top" style="display:block;height:60px"><input type="checkbox"> Top</label>
<div style="height:700px"></div>
<label id="low" style="display:block;height:60px"><input type="checkbox"> Below the fold</label>
<div style="height:700px"></div>
</body>"""
"""Two targets, the second below a 640 px screen, under the app's script policy (no eval)."""


def test_a_tap_below_the_fold_is_recorded_as_scroll_needed_and_still_made(browser: Browser) -> None:
    context = browser.new_context(viewport=SMALL_PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_content(TINY)
    record = measure.recorder(page)
    record.begin("entry 1")
    measure.tap(page, "#top")
    record.begin("entry 2")
    measure.tap(page, "#low")
    assert page.is_checked("#low input")  # tapped anyway, the game goes on
    assert not measure.unscrolled(page)  # the tap scrolled the page, and nothing brings it back
    record.begin("entry 3")
    measure.tap(page, page.locator("#top"))  # in the page's first 640 px, but the page is scrolled
    page.evaluate("window.scrollTo(0, 0)")
    measure.assert_unscrolled(page)
    context.close()
    assert record.taps_per_entry() == [("entry 1", 1), ("entry 2", 1), ("entry 3", 1)]
    assert [(m.entry, m.text) for m in record.scroll_needed] == [("entry 2", "Below the fold"), ("entry 3", "Top")]
    assert "y 760-820" in record.scroll_needed[0].where
    assert [e.scrolled > 0 for e in record.entries] == [False, True, False]
    assert record.taps == 3


COVERED = """<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">
<body style="margin:0">
<label id="key" style="display:block;height:60px"><input type="checkbox"> Key</label>
<div id="veil" style="position:fixed;inset:0;background:rgba(0,0,0,.5)"></div>
</body>"""
"""A key under a veil that takes every tap: a finger on the key's place touches the veil."""


def test_a_key_under_something_else_is_not_tapped_through_it(browser: Browser) -> None:
    context = browser.new_context(viewport=SMALL_PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_content(COVERED)
    page.set_default_timeout(700)
    with pytest.raises(PlaywrightTimeout, match="intercepts pointer events"):
        measure.tap(page, "#key")
    assert not page.is_checked("#key input")
    page.evaluate("document.getElementById('veil').remove()")
    measure.tap(page, "#key")
    assert page.is_checked("#key input")
    context.close()
