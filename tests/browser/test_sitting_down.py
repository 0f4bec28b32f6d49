"""Sitting down at 360x640 (issue 31 goal 3), every registered game: from the home page to the
first card's picker by taps, names typed aside, Start on the first screen without scrolling; and
the invite page's links whole inside the screen, each with a copy button.

The taps are counted by tests/kit/measure.py's `tap`: the game's tile, "Add a player" as often
as the table needs, Start. The first card itself takes at most CARD_TAPS more (goal 2, measured
for every entry of a whole game by tests/contract/test_taps_at_360.py), so home to first card
is at most SETUP_TAPS + CARD_TAPS = 6.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from companion import rules
from tests.kit import measure
from tests.kit.browser import LAN_NAME, SMALL_PHONE, assert_phone_friendly
from tests.kit.seating import sit_down

pytestmark = pytest.mark.browser

CARD_TAPS = 2
"""The most taps a named card takes (goal 2)."""
SETUP_TAPS = 6 - CARD_TAPS
NAMES = ("Aki", "Ben", "Cho", "Dan", "Eve", "Fay", "Gus", "Hal")


def phone(browser: Browser, base: str, lang: str = "en") -> Page:
    context = browser.new_context(viewport=SMALL_PHONE, locale=lang, has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    return context.new_page()


def on_first_screen(page: Page, selector: str) -> bool:
    inside, _text, _where = measure.first_screen(page, page.locator(selector).first)
    return inside


@pytest.mark.parametrize("slug", list(rules.GAMES))
def test_home_to_the_first_card_in_few_taps_with_start_on_the_first_screen(
        browser: Browser, live_server: str, slug: str) -> None:
    module = rules.GAMES[slug]
    page = phone(browser, live_server)
    measure.recorder(page).begin(f"{slug}: home to first card")
    page.goto(live_server + "/")
    assert on_first_screen(page, f"a.game-tile[href='/seat/{slug}']"), "the tile is below the first screen"
    sit_down(page, live_server, slug, NAMES[: min(module.PLAYER_COUNTS)])
    assert_phone_friendly(page)
    assert page.evaluate("window.scrollY") == 0
    measure.tap(page, "#start")
    page.wait_for_url(re.compile(r"/g/1$"))
    expect(page.locator("#prompt")).to_be_visible()
    assert on_first_screen(page, "#prompt")
    entry = measure.recorder(page).current
    assert entry.misses == [], [str(m) for m in entry.misses]
    assert entry.taps <= SETUP_TAPS, f"{slug}: {entry.taps} taps to sit down"
    page.context.close()


@pytest.mark.parametrize("lang, count", [("en", 4), ("ja", 6)])
def test_more_players_are_added_in_place_and_the_options_follow_the_names(
        browser: Browser, live_server: str, lang: str, count: int) -> None:
    page = phone(browser, live_server, lang)
    measure.recorder(page).begin("King's Trick")
    sit_down(page, live_server, "kings-trick", NAMES[:count])
    assert page.url.endswith("/seat/kings-trick")  # "Add a player" added the fields here, no reload
    assert measure.recorder(page).current.taps == 1 + count - 3
    expect(page.locator("#start-question label")).to_have_text(list(NAMES[:count]))
    expect(page.locator("input[name=removed_colour]")).to_have_count(0)
    expect(page.locator("input[name=team_play]")).to_have_count(1 if count == 6 else 0)
    assert on_first_screen(page, "#start"), "Start is below the first screen"
    page.locator("#start-question label").nth(1).click()
    measure.tap(page, "#start")
    page.wait_for_url(re.compile(r"/g/1$"))
    expect(page.locator("#prompt")).to_have_text("Benのカード" if lang == "ja" else "Ben's card")
    assert measure.recorder(page).current.misses == []
    page.context.close()


def test_the_next_game_form_has_start_on_the_first_screen(browser: Browser, live_server: str) -> None:
    page = phone(browser, live_server)
    sit_down(page, live_server, "tateyoko", NAMES[:3])
    page.click("#start")
    page.wait_for_url(re.compile(r"/g/1$"))
    page.goto(page.url.rsplit("/g/", 1)[0] + "/new?game=kings-trick")
    assert_phone_friendly(page)
    assert on_first_screen(page, "#start")
    expect(page.locator("#option-removed_colour")).to_have_count(1)  # three players: the colour taken out
    page.check("input[name=game][value=saizen]")  # htmx swaps in Saizen's part; Start stays in sight
    expect(page.locator("input[name=options_for]")).to_have_value("saizen")
    assert on_first_screen(page, "#start")


@pytest.mark.parametrize("host", ["127.0.0.1", LAN_NAME])
def test_the_invite_links_fit_the_screen_and_copy(browser: Browser, live_server: str, host: str) -> None:
    base = live_server.replace("127.0.0.1", host)
    context = browser.new_context(viewport=SMALL_PHONE, locale="en", has_touch=True, is_mobile=True)
    if host == "127.0.0.1":
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    page = context.new_page()
    sit_down(page, base, "hyper-maker", NAMES[:3])
    page.click("#start")
    page.wait_for_url(re.compile(r"/g/1$"))
    page.goto(page.url.rsplit("/g/", 1)[0] + "/share")
    assert_phone_friendly(page)
    link = page.locator("#qr-viewer a.link")
    box = link.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"]
    assert link.inner_text() == link.get_attribute("href")  # the whole link, wrapped, nothing cut off
    copy = page.locator("#qr-viewer button.copy")
    copy_box = copy.bounding_box()
    assert copy_box is not None and copy_box["x"] + copy_box["width"] <= SMALL_PHONE["width"]
    copy.click()
    expect(page.locator("#qr-viewer .copied")).to_be_visible()
    if host == "127.0.0.1":  # a secure context: the clipboard
        assert page.evaluate("navigator.clipboard.readText()") == link.inner_text()
        expect(page.locator("#qr-viewer .copied")).to_have_text("Copied.")
    else:  # a phone on the LAN over plain http: the link's text is selected
        assert page.evaluate("window.getSelection().toString()") == link.inner_text()
    context.close()
