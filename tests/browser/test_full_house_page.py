"""A phone turned away by a full server (503, Retry-After): the page says so, keeps what it
shows, waits as long as it was asked before asking again, and catches up by itself."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from companion import server
from companion.rules import hyper_maker as hm
from tests.games.hyper_maker.test_browser import seat_and_start, tap_card, wait_for_entry

pytestmark = pytest.mark.browser

FULL = ("The server has as many phones connected as it can hold right now: nothing was stored. "
        "Try again in a few seconds.")


def turned_away(method: str) -> tuple[str, bytes]:
    """The server's own 503 (server.turned_away) for an English phone: its status and body."""
    said: list[Any] = []
    body = b"".join(server.turned_away({"REQUEST_METHOD": method, "HTTP_ACCEPT_LANGUAGE": "en"},
                                       lambda status, headers: said.append(status)))
    return said[0], body


def refuse(asks: list[str], method: str = "GET", retry_after: int = 3):  # type: ignore[no-untyped-def]
    status, body = turned_away(method)

    def full(route: Route) -> None:
        asks.append(route.request.url)
        route.fulfill(status=int(status.split()[0]), body=body, content_type="text/html; charset=utf-8",
                      headers={"Retry-After": str(retry_after)})

    return full


def test_a_refused_poll_waits_for_retry_after_and_the_page_catches_up(page: Page, live_server: str) -> None:
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    tap_card(page, hm.parse_card("R5B6"))
    wait_for_entry(page, 1)
    status = page.locator("#net-status")
    asks: list[str] = []
    full = refuse(asks)
    page.route("**/panel", full)
    # The stream is lost (as when the phone says it went offline): the page asks for its panel.
    page.evaluate("window.dispatchEvent(new Event('offline'))")
    expect(status).to_have_text(FULL)
    page.wait_for_timeout(2500)  # it asked once a second before; told to wait 3 s, it waits
    assert len(asks) == 1, asks
    expect(page.locator("#prompt")).to_have_text("Aki's card")  # the panel shown is kept
    page.unroute("**/panel", full)
    expect(status).to_have_text("Connected again.", timeout=8000)
    expect(status).to_be_hidden(timeout=4000)
    expect(page.locator("#prompt")).to_have_text("Aki's card")


def test_a_refused_tap_waits_on_the_phone_and_is_stored_once_when_the_server_takes_it(
        page: Page, live_server: str, live_db) -> None:  # type: ignore[no-untyped-def]
    from companion import store

    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    status = page.locator("#net-status")
    asks: list[str] = []
    full = refuse(asks, "POST")
    page.route("**/entries", full)
    tap_card(page, hm.parse_card("R5B6"))
    expect(status).to_have_text(FULL)
    expect(page.get_by_text("1 waiting")).to_be_visible()  # kept in the phone's outbox, not lost
    assert store.events_of(store.connect(live_db), 1) == []
    page.unroute("**/entries", full)
    wait_for_entry(page, 1)  # sent by itself: no second tap
    expect(page.locator("#prompt")).to_have_text("Aki's card")
    assert asks and [e.payload["card"] for e in store.events_of(store.connect(live_db), 1)] == ["R5B6"]


def test_a_waiting_entry_is_sent_again_no_sooner_than_the_server_asked(page: Page, live_server: str) -> None:
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    asks: list[str] = []
    full = refuse(asks, "POST", retry_after=8)
    page.route("**/entries", full)
    tap_card(page, hm.parse_card("R5B6"))
    expect(page.get_by_text("1 waiting")).to_be_visible()
    page.wait_for_timeout(6000)  # the outbox's own pace is 3 s; the server asked for 8
    assert len(asks) == 1, asks
    page.unroute("**/entries", full)
    wait_for_entry(page, 1)
    expect(page.locator("#prompt")).to_have_text("Aki's card")
