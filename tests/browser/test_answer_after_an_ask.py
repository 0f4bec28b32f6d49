"""A phone without its live stream asks for its panel every second. When such an ask is
answered after this phone's entry was stored but before the entry's own answer comes, the
panel already shows the entry; the entry's answer must not draw it again, which would undo
what the person has tapped since (the next card's suit pair chosen, its keys open)."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from companion.rules import hyper_maker as hm
from tests.games.hyper_maker.test_browser import seat_and_start, tap_card, wait_for_entry

pytestmark = pytest.mark.browser


def held(page: Page, routes: list[Route]) -> None:
    """Wait (10 s at most) until a request is held in `routes`."""
    for _ in range(200):
        if routes:
            return
        page.wait_for_timeout(50)
    raise AssertionError("the page sent no such request")


def test_an_entry_answered_after_the_panel_showed_it_leaves_the_next_taps_alone(
        phone: BrowserContext, live_server: str) -> None:
    page = phone.new_page()
    page.route("**/live", lambda route: route.abort())  # no stream: the page asks every second
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    asks: list[Route] = []
    entries: list[Route] = []

    def hold(route: Route) -> None:
        request = route.request
        if request.method == "GET" and request.url.endswith("/panel") and not asks:
            asks.append(route)  # the first ask held, not yet sent on to the server
        elif request.method == "POST" and request.url.endswith("/entries") and not entries:
            entries.append(route)  # the entry held
        elif request.url.endswith("/live"):
            route.abort()  # still no stream (this handler is asked before the one above)
        else:
            route.continue_()

    page.route("**/*", hold)
    try:
        held(page, asks)
        tap_card(page, hm.parse_card("R5B6"))
        held(page, entries)
        entry, ask = entries[0], asks[0]
        stored = entry.fetch()  # the server stores the master card; its answer is held
        ask.fulfill(response=ask.fetch())  # the ask, answered now, shows the card stored
        wait_for_entry(page, 1)
        expect(page.locator("#prompt")).to_have_text("Aki's card")
        page.click("label[for=pair-RB]")  # Aki's card: its suit pair first
        entry.fulfill(response=stored)  # the entry's own answer comes last
    finally:
        page.unroute("**/*", hold)
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-outbox-sending')")
    page.wait_for_timeout(300)
    expect(page.locator("input#pair-RB")).to_be_checked()
    page.click("button[name=card][value=R2B9]")
    wait_for_entry(page, 2)
    expect(page.locator("#prompt")).to_have_text("Ben's card")
