"""A phone on flaky Wi-Fi: a tap that cannot reach the table, or is refused, is never silent.
Out of reach, the game page says so in one line (#outbox, in place of the game's status
line): "Offline · 1 waiting · last heard 0:12 ago", counted from the last answer the server
gave, whether the server refuses (or the Wi-Fi is down) or hangs."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, Route, expect

from companion.rules import hyper_maker as hm
from tests.kit.browser import assert_phone_friendly
from tests.games.hyper_maker.test_browser import seat_and_start, tap_card, wait_for_entry

pytestmark = pytest.mark.browser

HEARD = re.compile(r"last heard (\d+):(\d\d) ago")


def test_a_tap_without_connection_says_so_and_the_table_comes_back_by_itself(page: Page, live_server: str) -> None:
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    line = page.locator("#outbox")
    expect(line).to_have_count(0)

    page.context.set_offline(True)
    tap_card(page, hm.parse_card("R5B6"))
    expect(line).to_contain_text("Offline · 1 waiting · last heard 0:0")
    expect(page.locator("#net-status")).to_be_hidden()  # said once, in the panel's line
    expect(page.locator("#prompt")).to_have_text("Aki's card")  # the tap waits on the phone (the outbox)
    assert_phone_friendly(page)

    # Back online: the waiting tap is sent by itself and stored; nothing is tapped again.
    page.context.set_offline(False)
    wait_for_entry(page, 1)
    expect(line).to_have_count(0)
    expect(page.locator("#prompt")).to_have_text("Aki's card")


def test_a_phone_that_drops_off_is_told_it_is_offline_until_a_poll_gets_through(page: Page, live_server: str) -> None:
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    line = page.locator("#outbox")
    page.context.set_offline(True)
    expect(line).to_contain_text("Offline · last heard", timeout=4000)
    page.context.set_offline(False)
    expect(line).to_have_count(0, timeout=6000)


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
    line = page.locator("#outbox")
    page.context.set_offline(True)
    tap_card(page, hm.parse_card("R5B6"))
    expect(line).to_contain_text("Offline · 1 waiting")
    page.context.set_offline(False)  # the page's own poll gets through: no tap needed
    expect(line).to_have_text("Connected again.", timeout=4000)
    expect(line).to_have_count(0, timeout=4000)
    expect(page.locator("#prompt")).to_have_text("Aki's card")


def heard_ago(page: Page) -> int:
    """The seconds the page's line says it last heard the table."""
    found = HEARD.search(page.locator("#outbox").inner_text())
    assert found, page.locator("#outbox").inner_text()
    return int(found[1]) * 60 + int(found[2])


class Hang:
    """A server that takes every request and never answers (as one stuck or cut off behind a
    router that keeps the connection): Playwright routes left unanswered, let go at the end."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.held: list[Route] = []

    def hold(self, route: Route) -> None:
        self.held.append(route)

    def start(self, pattern: str = "**/*") -> None:
        self.page.route(pattern, self.hold)

    def end(self, pattern: str = "**/*") -> None:
        self.page.unroute(pattern, self.hold)
        for route in self.held:  # the held requests fail at last, as a dead connection does
            route.abort()
        self.held = []


def test_with_a_server_that_hangs_the_page_counts_from_its_last_answer_not_its_last_request(
        page: Page, live_server: str) -> None:
    """Asked once a second (no live stream), the page hears the table every second until the
    server hangs; a tap then waits 10 s for its answer, and the page says it is offline: last
    heard as long ago as the server has hung, not as long ago as the last request was sent."""
    hang = Hang(page)
    hang.start("**/live")  # no live stream: the panel is asked for every second
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    expect(page.locator("html")).to_have_attribute("data-live", "asking")
    page.wait_for_timeout(2500)  # a few asks answered
    hang.start()
    hung = time.monotonic()
    tap_card(page, hm.parse_card("R5B6"))
    line = page.locator("#outbox")
    expect(line).to_contain_text("Offline · 1 waiting", timeout=15000)
    first = heard_ago(page)
    since = time.monotonic() - hung
    assert since - 2 <= first <= since + 2, (first, since)  # the last answer came just before the hang
    assert first >= 9, first  # the tap's own request went out just now: not counted
    page.wait_for_timeout(3000)
    later = heard_ago(page)
    assert later >= first + 2, (first, later)  # and it grows
    hang.end()
    hang.end("**/live")
    wait_for_entry(page, 1)  # the waiting tap lands by itself
    expect(line).to_have_count(0, timeout=6000)


def test_a_server_that_hangs_is_said_offline_without_a_tap(page: Page, live_server: str) -> None:
    """Nothing answers for 40 s while the page is looked at (the live stream speaks every 15 s,
    and without it the panel is asked for every second): the page says it is offline."""
    hang = Hang(page)
    hang.start("**/live")
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    page.wait_for_timeout(1500)
    hang.start()
    hung = time.monotonic()
    line = page.locator("#outbox")
    expect(line).to_contain_text("Offline · last heard", timeout=50000)
    since = time.monotonic() - hung
    assert since >= 38, since
    assert since - 2 <= heard_ago(page) <= since + 2
    hang.end()
    hang.end("**/live")
    expect(line).to_have_count(0, timeout=8000)
