"""Twin Shoot offline (issue 32): cards of a trick tapped while the phone waits for the
connection are shown in their players' rows, marked waiting, and stored in order once the
network is back."""

from __future__ import annotations


import pytest
from playwright.sync_api import BrowserContext, expect

from companion.rules import twin_shoot as ts
from tests.games.twin_shoot.table import NAMES4
from tests.games.twin_shoot.test_browser import tap_card, wait_for_entry
from tests.kit.outbox import expect_waiting_in_place
from tests.kit.seating import sit_down

pytestmark = pytest.mark.browser


def test_cards_of_a_trick_tapped_offline_wait_in_their_players_rows(phone: BrowserContext, live_server: str) -> None:
    page = phone.new_page()
    sit_down(page, live_server, ts.SLUG, NAMES4)
    page.click("button.primary[type=submit]")
    expect(page.locator("#prompt")).to_have_text("Aki's card")
    order = ts.play_order(0, 4)
    phone.set_offline(True)
    tap_card(page, "HA")
    tap_card(page, "H9")
    expect(page.locator("#outbox")).to_contain_text("2 waiting")
    rows = page.locator("ol.trick li.row")
    expect_waiting_in_place(page, rows.filter(has_text=NAMES4[order[0]]), "card", "HA")
    expect_waiting_in_place(page, rows.filter(has_text=NAMES4[order[1]]), "card", "H9")
    for seat in order[2:]:
        expect(rows.filter(has_text=NAMES4[seat]).locator(".outbox-waiting")).to_have_count(0)
    expect(page.locator("#outbox-list li")).to_have_count(0)
    phone.set_offline(False)
    wait_for_entry(page, 2)
    expect(page.locator(".outbox-waiting")).to_have_count(0)
    expect(page.locator("#outbox")).to_have_count(0)
