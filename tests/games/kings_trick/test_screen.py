"""King's Trick on a 360x640 phone (issue 31, goal 1), in Japanese and English, light and
dark: at each kind of step (a trick of six under way after a decided one, the draft, the
アガリ answers) the prompt, every key the next entry needs and Undo lie on the first screen
with the page unscrolled, and nothing is wider than the phone; KING, QUEEN and JESTER never
wrap, and black and white cards are discs of their own colour in either theme."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from companion import records, store
from companion.rules import kings_trick as kt
from companion.rules.base import Event
from tests.kit.browser import SMALL_PHONE
from tests.kit.pages import record

pytestmark = pytest.mark.browser

NAMES = ["とても長い名前のプレイヤー", "Benjamin", "Cho", "Dan", "Eri", "Fumi"]
TRICK1 = [Event("play", {"seat": s, "card": c}) for s, c in enumerate(("R5", "KING", "QUEEN", "JESTER", "B9", "W1"))]
PICKS = [Event("pick", {"seat": 1, "card": "W1"}), Event("pick", {"seat": 2, "card": "B9"}),
         Event("pick", {"seat": 2, "card": "R5"})]
STEPS = {
    "trick": [*TRICK1, *PICKS, Event("play", {"seat": 1, "card": "G3"})],
    "draft": TRICK1,
}
"""Six players: Benjamin's KING (red 5.5) wins trick 1 and leads trick 2."""


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
    table = records.import_table(store.connect(live_db), record(kt.SLUG, setup, STEPS[step]))
    context = browser.new_context(viewport=SMALL_PHONE, locale=lang, color_scheme=theme, has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page = context.new_page()
    try:
        page.goto(f"{live_server}/t/{table.scorer_token}/g/1")
        if step == "trick":
            page.click("#panel form.picker label.colour-btn.c-K")  # the longest key rows: a colour open
        keys = "#panel form.picker button, #panel form.picker label"
        assert page.locator(keys).count() >= 3
        assert off_screen(page, f"#prompt, {keys}, #panel button.undo") == []
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "wider than the phone"
        # One line each: a KING, QUEEN or JESTER anywhere on the page, and the colour tabs' discs.
        tall = page.evaluate("""() => [...document.querySelectorAll('.tile.sp, .face.sp, .specials .key')]
            .filter(e => e.offsetParent !== null)
            .filter(e => { const r = document.createRange(); r.selectNodeContents(e);
              const tops = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top)));
              return e.scrollWidth > e.clientWidth + 1 || tops.size > 1; })
            .map(e => e.textContent.trim())""")
        assert tall == []
        if step == "trick":
            fills = page.evaluate("""() => ['K', 'W'].map(c => getComputedStyle(
                document.querySelector(`label.colour-btn.c-${c} .dot`)).backgroundColor)""")
            assert fills == ["rgb(17, 17, 17)", "rgb(255, 255, 255)"], "black and white discs of their own colour"
    finally:
        context.close()
