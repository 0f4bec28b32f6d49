"""Black Junky on a 360x640 phone (issue 31, goal 1), in Japanese and English, light and
dark: at each kind of step (a player's cards after a decided round, with three players and
with eight; the deck's cross; a round whose reveals grew to 11 and 9 cards, issue 47) the
prompt, every key the next entry needs (a suit's ranks open, and the lay button) and Undo
lie on the first screen with the page unscrolled, and nothing is wider than the phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from companion import records, store
from companion.rules import black_junky as bj
from companion.rules.base import Event
from tests.kit.browser import SMALL_PHONE
from tests.kit.pages import record

pytestmark = pytest.mark.browser

NAMES3 = ["とても長い名前のプレイヤー", "Benjamin", "Cho"]
NAMES8 = NAMES3 + ["Dan", "Eri", "Fumi", "Gen", "Hana"]
ROUND3 = [Event("reveal", {"seat": 0, "cards": ["SA", "C5", "HK"]}), Event("reveal", {"seat": 1, "cards": ["S9"]}),
          Event("reveal", {"seat": 2, "cards": ["D2", "D3", "L4"]}), Event("deck", {"card": "X7"})]
ROUND8 = [Event("reveal", {"seat": s, "cards": [c]}) for s, c in enumerate(("SA", "S2", "S3", "S4", "S5", "S6", "S7", "S8"))]
NAMES4 = ["Aki", "とても長い名前のプレイヤー", "Cho", "Dai"]
LONG = [*(Event("reveal", {"seat": s, "cards": [c]}) for s, c in enumerate(("S2", "S3", "S4", "S5"))),
        Event("deck", {"card": "X2"}),
        *(Event("reveal", {"seat": s, "cards": [c]}) for s, c in enumerate(("S6", "S7", "S8", "S9"))),
        Event("deck", {"card": "X3"}),
        *(Event("reveal", {"seat": s, "cards": [c]}) for s, c in enumerate(("S10", "SJ", "SQ", "SK"))),
        Event("deck", {"card": "X4"}),
        Event("reveal", {"seat": 0, "cards": ["CA", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10", "CJ"]}),
        Event("reveal", {"seat": 1, "cards": ["DA", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9"]}),
        Event("reveal", {"seat": 2, "cards": ["LA", "L2", "L3", "HQ", "HK"]})]
"""Four players, hearts the only red suit, four crosses: round 4's reveals grow to 11, 9 and 5
cards before the last player's."""
OPTIONS = {"long": {"red_suits": ["H"], "bust_21": False, "black_measure": "off", "crosses": 4}}
STEPS = {
    "three": (NAMES3, [*ROUND3, Event("reveal", {"seat": 0, "cards": ["SQ", "SJ"]})]),
    "long": (NAMES4, LONG),
    "eight": (NAMES8, [*ROUND8, Event("deck", {"card": "X7"}), Event("reveal", {"seat": 0, "cards": ["CK", "C2"]})]),
    "deck": (NAMES3, ROUND3[:3]),
}


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
    names, log = STEPS[step]
    setup = {"players": names, **({"options": OPTIONS[step]} if step in OPTIONS else {})}
    table = records.import_table(store.connect(live_db), record(bj.SLUG, setup, log))
    context = browser.new_context(viewport=SMALL_PHONE, locale=lang, color_scheme=theme, has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page = context.new_page()
    try:
        page.goto(f"{live_server}/t/{table.scorer_token}/g/1")
        if step != "deck":
            page.click("#panel form.picker label.suit-btn.s-D")  # the longest key rows: a suit open
        keys = "#panel form.picker button, #panel form.picker label:not(.key), #panel form.picker .ranks-D label.key"
        assert page.locator(keys).count() >= 3
        assert off_screen(page, f"#prompt, {keys}, #panel button.undo") == []
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "wider than the phone"
    finally:
        context.close()
