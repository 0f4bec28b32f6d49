"""A whole 3-player Hyper Maker game through the page, as the person with the phone plays it."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion import records, store
from companion.rules import hyper_maker as hm
from tests.kit.browser import SMALL_PHONE, assert_phone_friendly
from tests.kit.pages import driver, record
from tests.games.hyper_maker.table import expecting, final_scores, whole_game
from tests.kit.seating import sit_down
from tests.kit.taps import hyper_maker_keys

pytestmark = pytest.mark.browser

SEED = 11


def tap_card(page: Page, card: hm.Card) -> None:
    """Two taps: the suit pair, then the value button."""
    for key in hyper_maker_keys(card.code, within=""):
        page.click(key)


def wait_for_entry(page: Page, seq: int) -> None:
    """The panel has been swapped in with the picker expecting entry `seq`, or the game is over."""
    page.wait_for_selector(expecting(seq), state="attached")


def seat_and_start(page: Page, base: str, names: list[str]) -> None:
    sit_down(page, base, hm.SLUG, names)
    expect(page.locator("input[name=first_leader][value='0']")).to_be_checked()
    assert_phone_friendly(page)
    page.click("button[type=submit]")
    expect(page.locator("#prompt")).to_have_text("Turn the master card and enter it")


def test_whole_three_player_game_with_an_undo_and_a_reload(page: Page, live_server: str) -> None:
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    expect(page.locator(".deal")).to_contain_text("Deal 15 cards to each player")
    assert_phone_friendly(page)
    seq = 0
    entries = list(whole_game(3, SEED))
    assert len(entries) == 15 * 4
    for i, (kind, seat, card) in enumerate(entries):
        if i == 6:
            # A wrong tap, taken back with Undo.
            wrong = next(c for c in hm.DECK if c.code not in {e[2].code for e in entries[: i + 1]})
            tap_card(page, wrong)
            seq += 1
            wait_for_entry(page, seq)
            page.click("button.undo")
            seq += 1
            wait_for_entry(page, seq)
        if i == 21:
            # Mid-trick reload: the page comes back exactly where it was.
            prompt = page.locator("#prompt").inner_text()
            page.reload()
            expect(page.locator("#prompt")).to_have_text(prompt)
        expected_prompt = "Turn the master card and enter it" if kind == "master" else None
        if expected_prompt:
            expect(page.locator("#prompt")).to_have_text(expected_prompt)
        else:
            expect(page.locator("#prompt")).to_have_text(f"{['Aki', 'Ben', 'Cho'][seat]}'s card")
        tap_card(page, card)
        seq += 1
        wait_for_entry(page, seq)
        if i == 3:
            assert_phone_friendly(page)
            expect(page.locator("#result .rulings li").first).to_be_visible()
    expect(page.locator("section.over")).to_be_visible()
    totals = [int(t) for t in page.locator("#scoreboard tfoot td").all_inner_texts()]
    assert totals == list(final_scores(3, SEED))
    page.goto(page.url + "/history")
    expect(page.locator("li.undone")).to_have_count(1)
    expect(page.locator("ol.history > li")).to_have_count(62)


def test_pages_fit_a_360px_phone_in_japanese(browser, live_server: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="ja-JP", has_touch=True, is_mobile=True)
    page = context.new_page()
    sit_down(page, live_server, hm.SLUG, ["とても長い名前のプレイヤー", "Ben", "Cho", "Dan", "Eve"])
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    assert_phone_friendly(page)
    page.click("button[type=submit]")
    page.click("label[for=pair-GY]")
    assert_phone_friendly(page)
    page.click("button[value=G5Y6]")
    page.wait_for_selector("form.picker input[name=seq][value='1']", state="attached")
    page.click("label[for=pair-RB]")
    assert_phone_friendly(page)
    context.close()


ROW_JS = """() => [...document.querySelectorAll('#panel ol.trick li.row')].map(row => {
  const who = row.querySelector('.who').getBoundingClientRect();
  const card = row.lastElementChild.getBoundingClientRect();
  return {text: row.innerText.replace(/\\s+/g, ' ').trim(), whoRight: who.right, cardLeft: card.left,
          cardRight: card.right, rowRight: row.getBoundingClientRect().right};
})"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_players_card_stays_beside_their_name_at_360(browser, live_server: str, live_db: Path,  # type: ignore[no-untyped-def]
                                                          lang: str) -> None:
    """Four or five players: the trick's rows in two columns, the leader's saying "leads" and a
    void player's the suits they lack. The card (or its empty place) stays on the name's line,
    to its right: what the name carries wraps under the name, never the card."""
    names = ["Aki", "Benjamin", "Chiharu", "Dai", "Eri"]
    context = browser.new_context(viewport=SMALL_PHONE, locale=lang, has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page = context.new_page()
    wrapped: list[str] = []
    seen = 0
    try:
        for count in (4, 5):
            setup, log = next((s, list(g)) for s, g in (driver(hm.SLUG).random_game(seed) for seed in range(1, 80))
                              if len(s["players"]) == count)
            setup = {**setup, "players": names[:count]}
            for cut in (0.2, 0.45, 0.7, 0.9):
                table = records.import_table(store.connect(live_db), record(hm.SLUG, setup, log[: int(len(log) * cut)]))
                page.goto(f"{live_server}/t/{table.scorer_token}/g/1")
                for row in page.evaluate(ROW_JS):
                    seen += 1
                    if row["cardLeft"] < row["whoRight"] - 1 or row["cardRight"] > row["rowRight"] + 1:
                        wrapped.append(f"{count} players, {cut:.0%} in: {row}")
                assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()
    assert seen > 30 and wrapped == [], wrapped
