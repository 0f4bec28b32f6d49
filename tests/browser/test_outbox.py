"""Never lose a tap: entries made while the Wi-Fi is down wait on the phone, in order, and are
sent by themselves once it is back; each is stored once; a conflict is shown, never dropped."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from companion.rules import hyper_maker as hm
from tests.games.hyper_maker.test_browser import seat_and_start, tap_card, wait_for_entry
from tests.games.kings_order.test_browser import open_table
from tests.games.kings_order.test_browser import wait_for_entry as wait_for_turn
from tests.kit.browser import SMALL_PHONE, assert_phone_friendly
from tests.kit.outbox import expect_waiting_in_place, stored_cards

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import _harness  # noqa: E402

pytestmark = pytest.mark.browser

MASTER, AKI, BEN, CHO = (hm.parse_card(c) for c in ("R5B6", "R1B10", "R2G9", "B4Y7"))


def test_three_cards_offline_wait_in_order_and_are_stored_once_the_network_is_back(
        phone: BrowserContext, live_server: str, live_db: Path) -> None:
    page = phone.new_page()
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    phone.set_offline(True)
    tap_card(page, MASTER)
    expect(page.locator("#outbox")).to_contain_text("1 waiting")
    expect(page.locator("#prompt")).to_have_text("Aki's card")  # the trick's order is known
    tap_card(page, AKI)
    expect(page.locator("#prompt")).to_have_text("Ben's card")
    expect(page.locator(f"button[name=card][value={MASTER.code}]")).to_be_disabled()  # a waiting card is used
    tap_card(page, BEN)
    waiting = page.locator("#outbox")
    expect(waiting).to_contain_text("3 waiting")
    # Each waiting card is shown in place (the trick's rows), as its key shows it, marked
    # waiting; none is left to the list, and Cho's place still waits for a card.
    rows = page.locator("ol.trick li.row")
    for row, card in zip(("Master", "Aki", "Ben"), (MASTER, AKI, BEN), strict=True):
        expect_waiting_in_place(page, rows.filter(has_text=row), "card", card.code)
    expect(rows.filter(has_text="Cho").locator(".outbox-waiting")).to_have_count(0)
    expect(page.locator("#outbox-list")).to_have_count(0)
    # Said in one line, in place of the game's status line: offline, how many wait, and how
    # long ago the table was last heard; no other notice above the keys.
    expect(waiting).to_have_text(re.compile(r"^Offline · 3 waiting · last heard 0:0\d ago$"))
    expect(page.locator("#net-status")).to_be_hidden()
    expect(page.locator("#panel h1.status")).to_have_css("position", "absolute")  # kept for screen readers
    assert_phone_friendly(page)
    assert stored_cards(live_db) == []

    phone.set_offline(False)  # nothing tapped: they go by themselves
    wait_for_entry(page, 3)
    expect(page.locator("#outbox")).to_have_count(0)
    expect(page.locator(".outbox-waiting")).to_have_count(0)
    expect(page.locator("#prompt")).to_have_text("Cho's card")
    assert stored_cards(live_db) == [MASTER.code, AKI.code, BEN.code]


def test_past_the_known_order_the_picker_waits_for_the_connection(
        phone: BrowserContext, live_server: str, live_db: Path) -> None:
    page = phone.new_page()
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    phone.set_offline(True)
    for card in (MASTER, AKI, BEN, CHO):
        tap_card(page, card)
    expect(page.locator("#outbox")).to_contain_text("4 waiting")
    expect(page.locator("#outbox")).to_contain_text("The next entry waits for the table's answer")
    expect(page.locator("form.picker button[name=card]").first).to_be_disabled()
    phone.set_offline(False)
    wait_for_entry(page, 5 - 1)
    expect(page.locator("#prompt")).to_have_text("Turn the master card and enter it")
    assert stored_cards(live_db) == [MASTER.code, AKI.code, BEN.code, CHO.code]


def tapped_offline_and_opened_again(phone: BrowserContext, page: Page, card: hm.Card, url: str) -> Page:
    """`card` tapped on `page` with the network gone, the page closed once the outbox holds
    it, and `url` opened again in a new page with the network back: that page."""
    phone.set_offline(True)
    tap_card(page, card)
    expect(page.locator("#outbox")).to_contain_text("1 waiting")
    page.wait_for_timeout(300)  # the outbox is written (IndexedDB) as the tap is taken
    page.close()
    phone.set_offline(False)
    again = phone.new_page()
    again.goto(url)
    return again


def test_a_card_offline_survives_the_page_being_closed(
        phone: BrowserContext, live_server: str, live_db: Path) -> None:
    page = phone.new_page()
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    url = page.url
    again = tapped_offline_and_opened_again(phone, page, MASTER, url)
    wait_for_entry(again, 1)
    expect(again.locator("#prompt")).to_have_text("Aki's card")
    again.reload()
    wait_for_entry(again, 1)
    assert stored_cards(live_db) == [MASTER.code]


def test_a_card_tapped_offline_on_a_panel_without_a_token_is_sent_after_a_reload_with_the_pages_token(
        phone: BrowserContext, live_server: str, live_db: Path) -> None:
    """The panels htmx swaps in carry no CSRF field (the page's token goes in htmx's header):
    a card tapped on one while offline waits without a token, and once the page is opened
    again it is sent with the new page's token (the server checks it) and stored once."""
    page = phone.new_page()
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    url = page.url
    tap_card(page, MASTER)  # online: the answer's panel is swapped in
    wait_for_entry(page, 1)
    expect(page.locator("#panel input[name=csrf_token]")).to_have_count(0)
    again = tapped_offline_and_opened_again(phone, page, AKI, url)
    wait_for_entry(again, 2)
    expect(again.locator("#prompt")).to_have_text("Ben's card")
    expect(again.locator("#outbox")).to_have_count(0)
    tap_card(again, BEN)  # and the next tap, on the panel the queued entry's answer swapped in
    wait_for_entry(again, 3)
    assert stored_cards(live_db) == [MASTER.code, AKI.code, BEN.code]


def test_entries_wait_while_the_server_is_down_and_are_stored_once_after_its_restart(
        phone: BrowserContext, tmp_path: Path) -> None:
    db = tmp_path / "restart.db"
    port = _harness.free_port()
    base = f"http://127.0.0.1:{port}"
    server = _harness.start_companion(db, port)
    try:
        page = phone.new_page()
        seat_and_start(page, base, ["Aki", "Ben", "Cho"])
        _harness.kill(server)
        tap_card(page, MASTER)
        tap_card(page, AKI)
        expect(page.locator("#outbox")).to_contain_text("2 waiting")
        server = _harness.start_companion(db, port)
        wait_for_entry(page, 2)
        expect(page.locator("#prompt")).to_have_text("Ben's card")
        assert stored_cards(db) == [MASTER.code, AKI.code]
    finally:
        _harness.kill(server)


def test_a_conflict_with_another_phone_is_shown_for_entering_again(
        phone: BrowserContext, browser: Browser, live_server: str, live_db: Path) -> None:
    page = phone.new_page()
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    phone.set_offline(True)
    tap_card(page, MASTER)
    tap_card(page, AKI)
    other = browser.new_context(viewport=SMALL_PHONE, locale="en-US")
    try:
        second = other.new_page()
        second.goto(page.url)
        tap_card(second, hm.parse_card("B3Y8"))  # the second phone enters that turn first
        wait_for_entry(second, 1)
    finally:
        other.close()
    phone.set_offline(False)
    refused = page.locator("#outbox-refused")
    expect(refused).to_contain_text("Not stored")
    expect(refused.locator("li")).to_have_count(2)
    expect(refused.locator("li").first).to_contain_text("Turn the master card")
    expect(page.locator(".error")).to_contain_text("Another entry got there first")
    assert stored_cards(live_db) == ["B3Y8"]
    page.reload()  # still listed after a reload, until the scorer clears it
    expect(page.locator("#outbox-refused li")).to_have_count(2)
    page.click("#outbox-refused button")
    expect(page.locator("#outbox-refused")).to_have_count(0)


def test_a_tap_the_rules_refuse_as_it_is_made_says_why_above_the_same_keys_and_lists_nothing(
        phone: BrowserContext, live_server: str, live_db: Path) -> None:
    """An entry sent as it was tapped and refused by the rules is not stored, and the panel says
    why where it was tapped: it is not listed as an entry the table moved on from (that list
    is for entries that waited, and those made behind a refused one), which would push the
    keys off the first screen. The same turn entered right is stored."""
    page = phone.new_page()
    open_table(page, live_server, live_db, ["Aki", "Ben", "Cho"], 0)
    turn = page.locator("#panel form#whole-turn")

    def enter_k_throwing(count: int) -> None:
        turn.locator("label.key", has_text="K").first.click()
        turn.locator(f"label[for=tn-hi-{count}]").click()
        turn.locator("button[name=to][value='1:0']").click()

    enter_k_throwing(6)  # right of a K: only Ks, five of them unseen once one is played
    expect(page.locator("#panel .error")).to_contain_text("only 5 such cards are still unseen")
    expect(page.locator("#outbox-refused")).to_have_count(0)
    expect(page.locator("#outbox")).to_have_count(0)
    assert page.evaluate("window.scrollY") == 0
    key = turn.locator("label.key", has_text="K").first.bounding_box()  # the turn starts again at its card
    assert key is not None and key["y"] + key["height"] <= SMALL_PHONE["height"], key
    assert_phone_friendly(page)
    enter_k_throwing(5)
    wait_for_turn(page, 1)
    expect(page.locator("#panel .error")).to_have_count(0)
    expect(page.locator("#outbox-refused")).to_have_count(0)
