"""The screen stays on while a game page is open and visible, and again after the phone wakes:
with the Wake Lock API over loopback (a secure context), and with the silent looping clip over
a plain-http LAN address, where browsers do not offer the API."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.games.hyper_maker.test_browser import seat_and_start
from tests.kit.browser import LAN_NAME

pytestmark = pytest.mark.browser

HIDE = """() => { Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
                  document.dispatchEvent(new Event('visibilitychange')); }"""
SHOW = """() => { Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
                  document.dispatchEvent(new Event('visibilitychange')); }"""


def test_over_loopback_a_wake_lock_is_held_and_taken_again_when_the_page_comes_back(
        page: Page, live_server: str) -> None:
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    assert page.evaluate("window.isSecureContext") is True
    html = page.locator("html")
    expect(html).to_have_attribute("data-awake", "lock")
    page.evaluate(HIDE)  # the phone sleeps or the tab goes to the background
    expect(html).to_have_attribute("data-awake", "")
    page.evaluate(SHOW)
    expect(html).to_have_attribute("data-awake", "lock")


def test_over_a_plain_http_lan_address_the_silent_clip_keeps_the_screen_on(page: Page, live_server: str) -> None:
    seat_and_start(page, live_server.replace("127.0.0.1", LAN_NAME), ["Aki", "Ben", "Cho"])
    assert page.evaluate("window.isSecureContext") is False
    assert page.evaluate("'wakeLock' in navigator") is False
    html = page.locator("html")
    expect(html).to_have_attribute("data-awake", "video")
    page.evaluate(HIDE)
    expect(html).to_have_attribute("data-awake", "")
    page.evaluate(SHOW)
    expect(html).to_have_attribute("data-awake", "video")


def test_pages_other_than_a_game_do_not_hold_the_screen(page: Page, live_server: str) -> None:
    page.goto(live_server + "/")
    assert page.locator("html").get_attribute("data-awake") is None
