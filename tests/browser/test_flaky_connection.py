"""A phone on flaky Wi-Fi: a tap that cannot reach the table, or is refused, is never silent."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from companion.rules import hyper_maker as hm
from tests.kit.browser import assert_phone_friendly
from tests.games.hyper_maker.test_browser import seat_and_start, tap_card, wait_for_entry

pytestmark = pytest.mark.browser

WRITE_LOST = "No connection: these entries wait on this phone, in order, and are sent by themselves"
OFFLINE = "Offline: reconnecting."


def test_a_tap_without_connection_says_so_and_the_table_comes_back_by_itself(page: Page, live_server: str) -> None:
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    status = page.locator("#net-status")
    expect(status).to_be_hidden()

    page.context.set_offline(True)
    tap_card(page, hm.parse_card("R5B6"))
    expect(status).to_be_visible()
    expect(status).to_contain_text(WRITE_LOST)
    expect(page.locator("#prompt")).to_have_text("Aki's card")  # the tap waits on the phone (the outbox)
    assert_phone_friendly(page)

    # Back online: the waiting tap is sent by itself and stored; nothing is tapped again.
    page.context.set_offline(False)
    wait_for_entry(page, 1)
    expect(status).to_be_hidden()
    expect(page.locator("#prompt")).to_have_text("Aki's card")


def test_a_phone_that_drops_off_is_told_it_is_offline_until_a_poll_gets_through(page: Page, live_server: str) -> None:
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    status = page.locator("#net-status")
    page.context.set_offline(True)
    expect(status).to_contain_text(OFFLINE, timeout=4000)
    page.context.set_offline(False)
    expect(status).to_be_hidden(timeout=4000)


def test_a_refused_tap_shows_the_servers_reason_in_the_pages_language(page: Page, live_server: str) -> None:
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    # The page's CSRF token no longer matches (as after the browser's cookies were cleared).
    page.context.clear_cookies()
    tap_card(page, hm.parse_card("R5B6"))
    status = page.locator("#net-status")
    expect(status).to_be_visible()
    expect(status).to_have_text("The request could not be read, or the page was too old: reload it and try again.")
    expect(page.locator("#prompt")).to_have_text("Turn the master card and enter it")


def test_a_server_failure_is_reported_and_nothing_entered_is_lost(page: Page, live_server: str) -> None:
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    tap_card(page, hm.parse_card("R5B6"))
    wait_for_entry(page, 1)

    def broken(route: Route) -> None:
        route.fulfill(status=502, body="bad gateway", content_type="text/plain")

    page.route("**/entries", broken)
    tap_card(page, hm.parse_card("R1B10"))
    status = page.locator("#net-status")
    expect(status).to_have_text("The server did not take this. Reload the page; nothing already stored is lost.")
    page.unroute("**/entries", broken)
    wait_for_entry(page, 2)  # the entry waited, and was sent again by itself
    page.reload()
    expect(page.locator(".trick .row").first.locator(".tile")).to_have_attribute("title", "● red 5 / ■ blue 6")
    expect(page.locator("#prompt")).to_have_text("Ben's card")


def test_the_notice_clears_as_soon_as_a_request_gets_through_without_another_tap(page: Page, live_server: str) -> None:
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    status = page.locator("#net-status")
    page.context.set_offline(True)
    tap_card(page, hm.parse_card("R5B6"))
    expect(status).to_contain_text(WRITE_LOST)
    page.context.set_offline(False)  # the page's own poll gets through: no tap needed
    expect(status).to_have_text("Connected again.", timeout=4000)
    expect(status).to_be_hidden(timeout=4000)
    expect(page.locator("#prompt")).to_have_text("Aki's card")
