"""Take & Share on a 360x640 phone (issue 31, goal 1), in Japanese and English, light and
dark: at each kind of step (the share cards, a trick under way after a decided one, the
hand-out) the prompt, every key the next entry needs and Undo lie on the first screen with
the page unscrolled, and nothing is wider than the phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from companion import records, store
from companion.rules import take_and_share as tns
from companion.rules.base import Event
from tests.kit.browser import SMALL_PHONE
from tests.kit.pages import record

pytestmark = pytest.mark.browser

NAMES = ["とても長い名前のプレイヤー", "Benjamin", "Cho", "Dan"]
SHARE = Event("share", {"cards": ["LA", "X2", "C3", "H4"]})
TRICK1 = [Event("play", {"seat": s, "card": c}) for s, c in ((0, "S5"), (1, "S9"), (2, "D2"), (3, "S7"))]
GIVES = [Event("give", {"seat": s, "card": c}) for s, c in ((2, "LA"), (1, "X2"), (3, "C3"))]
STEPS = {
    "share": [Event("share", {"card": "LA"})],
    "trick": [SHARE, *TRICK1, *GIVES, Event("play", {"seat": 2, "card": "H9"})],
    "hand-out": [SHARE, *TRICK1, GIVES[0]],
}
"""Trick 1 goes to Cho's ♦2 (another suit: the lowest); Cho leads trick 2."""


BOX = """sel => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null)
  .map(e => { const r = e.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom), (e.innerText || '').trim().slice(0, 20)]; })"""


def off_screen(page: Page, selector: str) -> list[list[object]]:
    """The visible elements of `selector` not wholly inside 0..640 with the page unscrolled."""
    assert page.evaluate("window.scrollY") == 0
    return [b for b in page.evaluate(BOX, selector) if b[0] < 0 or b[1] > SMALL_PHONE["height"]]


@pytest.mark.parametrize("look", ["ja-light", "ja-dark", "en-light", "en-dark"])
@pytest.mark.parametrize("step", sorted(STEPS))
def test_the_prompt_the_keys_and_undo_are_on_the_first_screen(browser: Browser, live_server: str, live_db: Path,
                                                              step: str, look: str) -> None:
    lang, theme = look.split("-")
    setup = {"players": NAMES, "first_leader": 0}
    table = records.import_table(store.connect(live_db), record(tns.SLUG, setup, STEPS[step]))
    context = browser.new_context(viewport=SMALL_PHONE, locale=lang, color_scheme=theme, has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page = context.new_page()
    try:
        page.goto(f"{live_server}/t/{table.scorer_token}/g/1")
        if step != "hand-out":
            page.click("#panel form.picker label.suit-btn.s-D")  # the longest key rows: a suit open
        keys = "#panel form.picker button, #panel form.picker label"
        assert page.locator(keys).count() >= 3
        assert off_screen(page, f"#prompt, {keys}, #panel button.undo") == []
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "wider than the phone"
    finally:
        context.close()
