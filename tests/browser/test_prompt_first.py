"""At 360x740, in every game and at every step, whose turn it is and the picker are on the
first screen, without scrolling (#11: the prompt first).

Each game in the language its whole game tapped at 360x640 is not played in
(tests/contract/test_taps_at_360.py, which holds the prompt and the keys on the first screen
at every entry of another seed): between them, every game in both languages."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from companion import records, rules, store
from tests.contract.test_taps_at_360 import look
from tests.kit.pages import driver, record

pytestmark = pytest.mark.browser

FIRST_SCREEN = {"width": 360, "height": 740}
BOXES_JS = """() => {
  const box = el => { if (!el) return null; const r = el.getBoundingClientRect();
                      return {y: r.top + window.scrollY, height: r.height}; };
  return {prompt: box(document.querySelector('#prompt')),
          picker: box(document.querySelector('#panel form.picker, #panel form.bid-form, #panel .pickers'))};
}"""
"""Where the prompt and the picker are on the page (null for one the page does not have), read at once."""


@pytest.mark.parametrize(("slug", "lang"), [(slug, "en" if look(slug)[0] == "ja" else "ja")
                                           for slug in sorted(rules.GAMES)])
def test_the_prompt_and_the_picker_are_on_the_first_screen_at_every_step(
        browser: Browser, live_server: str, live_db, slug: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    setup, log = driver(slug).random_game(2)
    db = store.connect(live_db)
    context = browser.new_context(viewport=FIRST_SCREEN, locale=lang, has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page = context.new_page()
    below: list[str] = []
    checked = 0
    for step in range(0, len(log), max(1, len(log) // 25)):
        table = records.import_table(db, record(slug, setup, log[:step]))
        page.goto(f"{live_server}/t/{table.scorer_token}/g/1")
        boxes = page.evaluate(BOXES_JS)
        if boxes["prompt"] is None:
            continue
        checked += 1
        for name, box in boxes.items():
            if box is None or box["y"] + min(box["height"], 120) > FIRST_SCREEN["height"]:
                below.append(f"step {step}: {name} at {box and round(box['y'])}")
    context.close()
    assert checked and below == []


def test_after_undo_the_page_returns_to_the_prompt(page, live_server: str) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from companion.rules import hyper_maker as hm
    from tests.games.hyper_maker.test_browser import seat_and_start, tap_card, wait_for_entry

    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    for number, code in enumerate(("R5B6", "R2G9"), start=1):
        tap_card(page, hm.parse_card(code))
        wait_for_entry(page, number)
    page.set_viewport_size({"width": 360, "height": 420})  # a page longer than the screen, however short it got
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # as after reading the scoreboard
    assert page.evaluate("window.scrollY") > 0
    page.click("button.undo")
    expect(page.locator("#prompt")).to_have_text("Aki's card")
    expect(page.locator("#prompt")).to_be_in_viewport()
    assert page.evaluate("window.scrollY") == 0
