"""Saizen offline (issue 32): cards of a trick tapped while the phone waits for the connection
are shown in their players' rows, marked waiting; the lead suit stays open for the next
card; once the network is back they are stored in order."""

from __future__ import annotations


import pytest
from playwright.sync_api import BrowserContext, expect

from tests.games.saizen.test_browser import to_the_first_card, wait_for_entry
from tests.kit.outbox import expect_waiting_in_place

pytestmark = pytest.mark.browser


def test_cards_of_a_trick_tapped_offline_wait_in_their_players_rows(phone: BrowserContext, live_server: str) -> None:
    page = phone.new_page()
    to_the_first_card(page, live_server)
    phone.set_offline(True)
    page.click("form.picker label.suit-btn.s-S")
    page.click("form.picker button[name=card][value=S5]")
    page.click("form.picker button[name=card][value=S9]")  # the suit stays open: one tap
    expect(page.locator("#outbox")).to_contain_text("2 waiting")
    rows = page.locator("#trick li.row")
    expect_waiting_in_place(page, rows.filter(has_text="Aki"), "card", "S5")
    expect_waiting_in_place(page, rows.filter(has_text="Ben"), "card", "S9")
    expect(rows.filter(has_text="Cho").locator(".outbox-waiting")).to_have_count(0)
    expect(page.locator("#outbox-list li")).to_have_count(0)
    phone.set_offline(False)
    wait_for_entry(page, 6)
    expect(page.locator(".outbox-waiting")).to_have_count(0)
    expect(page.locator("#outbox")).to_have_count(0)
    # A trick under way (its cards drawn by the table): the next card waits in its row too.
    phone.set_offline(True)
    page.click("form.picker button[name=card][value=S7]")  # the lead suit opens: one tap
    expect_waiting_in_place(page, page.locator("#trick li.row").filter(has_text="Cho"), "card", "S7")
    phone.set_offline(False)
    wait_for_entry(page, 7)
    expect(page.locator(".outbox-waiting")).to_have_count(0)
