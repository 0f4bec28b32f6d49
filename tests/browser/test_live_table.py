"""Two phones on one table: a card entered on one appears on the other without a reload,
through the table's live stream; a phone without the stream, or that lost it for a while,
catches up by itself."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from companion.rules import hyper_maker as hm
from tests.kit.browser import PHONE, assert_phone_friendly
from tests.games.hyper_maker.test_browser import seat_and_start, tap_card, wait_for_entry

pytestmark = pytest.mark.browser


def second_phone(browser: Browser) -> Page:
    context = browser.new_context(viewport=PHONE, locale="ja-JP", has_touch=True, is_mobile=True)
    return context.new_page()


def seat_with_a_viewer_link(page: Page, live_server: str) -> str:
    """A Hyper Maker game started on `page` (back on its page); the table's viewer link."""
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    game_url = page.url
    page.click("text=Invite phones")
    viewer_link = page.locator("#qr-viewer a.link").inner_text()
    page.goto(game_url)
    return viewer_link


def test_viewer_and_second_scorer_follow_the_table_live(page: Page, browser: Browser, live_server: str) -> None:
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    game_url = page.url
    page.click("text=Invite phones")
    assert_phone_friendly(page)
    viewer_link = page.locator("#qr-viewer a.link").inner_text()
    scorer_link = page.locator("#qr-scorer a.link").inner_text()
    page.goto(game_url)

    viewer = second_phone(browser)
    viewer.goto(viewer_link)
    expect(viewer.locator(".watching")).to_be_visible()
    expect(viewer.locator("form.picker")).to_have_count(0)

    other_scorer = second_phone(browser)
    other_scorer.goto(scorer_link)
    expect(other_scorer.locator("#prompt")).to_have_text("マスターカードをめくって入力")

    # Both follow the table through its live stream, not by asking every second.
    for phone in (viewer, other_scorer):
        expect(phone.locator("html")).to_have_attribute("data-live", "stream")
    viewer.wait_for_timeout(2500)
    expect(viewer.locator("#prompt")).to_have_text("マスターカードを待っています")
    tap_card(page, hm.parse_card("R5B6"))
    for phone in (viewer, other_scorer):
        expect(phone.locator(".trick .row").first.locator(".tile")).to_have_attribute("title", "●赤5 / ■青6", timeout=3000)
    expect(other_scorer.locator("#prompt")).to_have_text("Akiのカード", timeout=3000)
    expect(viewer.locator("#prompt")).to_have_text("Akiさんのカードを待っています", timeout=3000)  # a viewer waits

    # The other scorer enters the next card; the first phone sees it without reloading.
    tap_card(other_scorer, hm.parse_card("R2G9"))
    expect(page.locator("#prompt")).to_have_text("Ben's card", timeout=3000)
    expect(viewer.locator("#prompt")).to_have_text("Benさんのカードを待っています", timeout=3000)
    viewer.context.close()
    other_scorer.context.close()


def test_a_correction_three_entries_back_is_seen_live_on_a_second_phone(
        page: Page, browser: Browser, live_server: str) -> None:

    viewer_link = seat_with_a_viewer_link(page, live_server)
    for number, code in enumerate(("R5B6", "R2G9", "B8Y3", "R9B2", "G5Y6"), start=1):
        tap_card(page, hm.parse_card(code))
        wait_for_entry(page, number)
    viewer = second_phone(browser)
    viewer.goto(viewer_link)
    expect(viewer.locator("#result .verdict")).to_contain_text("Ben", timeout=3000)

    # The scorer corrects entry 3 (Ben's card) from the history, on the phone.
    page.click("text=History")
    page.locator("ol.history a.correct[href$='/correct/2']").click()
    assert_phone_friendly(page)
    tap_card(page, hm.parse_card("B2Y9"))
    expect(page.locator("#latest-correction")).to_contain_text("Trick 1, Ben's card: ■ blue 8 / ★ yellow 3 → ■ blue 2 / ★ yellow 9.")
    expect(page.locator("#prompt")).to_be_in_viewport()
    expect(page.locator("#result .verdict")).to_contain_text("No winner")
    # The viewer's phone follows within a second or two, without a reload.
    expect(viewer.locator("#result .verdict")).to_contain_text("勝者なし", timeout=4000)
    expect(viewer.locator("#prompt")).to_have_text("Akiさんのカードを待っています")
    viewer.context.close()


def test_a_phone_without_the_stream_asks_and_follows(page: Page, browser: Browser, live_server: str) -> None:
    viewer_link = seat_with_a_viewer_link(page, live_server)
    old = second_phone(browser)
    old.add_init_script("delete window.EventSource;")  # a browser without Server-Sent Events
    old.goto(viewer_link)
    expect(old.locator("html")).to_have_attribute("data-live", "asking")
    tap_card(page, hm.parse_card("R5B6"))
    expect(old.locator("#prompt")).to_have_text("Akiさんのカードを待っています", timeout=3000)
    old.context.close()


def test_a_phone_that_was_offline_catches_up_and_streams_on(
        page: Page, browser: Browser, live_server: str) -> None:
    viewer_link = seat_with_a_viewer_link(page, live_server)
    viewer = second_phone(browser)
    viewer.goto(viewer_link)
    expect(viewer.locator("html")).to_have_attribute("data-live", "stream")

    # The phone drops off the network while two cards are entered: it hears of them but
    # cannot fetch them, and says it is offline.
    viewer.context.set_offline(True)
    tap_card(page, hm.parse_card("R5B6"))
    wait_for_entry(page, 1)  # the next card's pair is tapped on the panel that answered, not the one it replaced
    tap_card(page, hm.parse_card("R2G9"))
    expect(page.locator("#prompt")).to_have_text("Ben's card")
    expect(viewer.locator("#outbox")).to_have_attribute("data-kind", "away", timeout=5000)  # the panel's one line
    expect(viewer.locator("#prompt")).to_have_text("マスターカードを待っています")
    viewer.context.set_offline(False)
    # Back on the network: it catches up, and the stream is open again.
    expect(viewer.locator("#prompt")).to_have_text("Benさんのカードを待っています", timeout=5000)
    expect(viewer.locator("html")).to_have_attribute("data-live", "stream", timeout=5000)
    viewer.context.close()


def test_a_late_answer_never_redraws_the_panel_under_the_next_tap(page: Page, live_server: str) -> None:
    """The stream tells the scorer's own phone of its entry before the entry's answer arrives
    (a slow answer, a busy server): the panel the entry's answer draws is the only one drawn
    for it. Drawn a second time, it would drop the pair the person has just tapped for the
    next card (the tap lost, the page scrolled by the swap)."""
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    expect(page.locator("html")).to_have_attribute("data-live", "stream")
    tap_card(page, hm.parse_card("R5B6"))
    wait_for_entry(page, 1)

    def slow_answer(route: Route) -> None:
        answer = route.fetch()
        page.wait_for_timeout(1500)  # the stream has said the new version long before
        route.fulfill(response=answer)

    page.route("**/g/1/entries", slow_answer)
    tap_card(page, hm.parse_card("R2G9"))
    wait_for_entry(page, 2)
    page.click("label[for=pair-BY]")  # the first tap of the next card
    page.wait_for_timeout(2500)  # any other answer for the panel has arrived by now
    expect(page.locator("#pair-BY")).to_be_checked()
    page.unroute("**/g/1/entries")

    # An answer for the version the panel already shows (a refresh the stream asked for
    # while the entry was on its way) is not drawn again either.
    def same_version_again(route: Route) -> None:
        headers = {k: v for k, v in route.request.headers.items() if k.lower() != "if-none-match"}
        route.fulfill(response=route.fetch(headers=headers))

    page.route("**/g/1/panel", same_version_again)
    page.evaluate("() => htmx.trigger(document.getElementById('panel'), 'companion-refresh')")
    page.wait_for_timeout(1000)
    expect(page.locator("#pair-BY")).to_be_checked()
