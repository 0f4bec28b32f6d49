"""Master of Rules offline (issue 32): the rule cards of lap 2 tapped while the phone waits
for the connection are shown in their players' rows, beside their number cards, marked
waiting; once the network is back they are stored in order."""

from __future__ import annotations


import pytest
from playwright.sync_api import BrowserContext, expect

from companion.rules import master_of_rules as mor
from tests.games.master_of_rules.test_browser import tap, to_lap_two_rule_cards, wait_for_entry
from tests.kit.outbox import expect_waiting_in_place

pytestmark = pytest.mark.browser


def test_rule_cards_of_lap_two_tapped_offline_wait_in_their_players_rows(
        phone: BrowserContext, live_server: str) -> None:
    page = phone.new_page()
    seq = to_lap_two_rule_cards(page, live_server)
    phone.set_offline(True)
    tap(page, mor.RULE, {"seat": "0", "rule": mor.ONLY_ONE})
    tap(page, mor.RULE, {"seat": "1", "rule": mor.BEST_OF_THE_BEST})
    expect(page.locator("#outbox")).to_contain_text("2 waiting")
    rows = page.locator("ol.round li.row:not(.dummy)")
    expect_waiting_in_place(page, rows.filter(has_text="Aki"), "rule", mor.ONLY_ONE)
    expect_waiting_in_place(page, rows.filter(has_text="Ben"), "rule", mor.BEST_OF_THE_BEST)
    expect(rows.filter(has_text="Cho").locator(".outbox-waiting")).to_have_count(0)
    expect(page.locator("#outbox-list li")).to_have_count(0)
    phone.set_offline(False)
    wait_for_entry(page, seq + 2)
    expect(page.locator(".outbox-waiting")).to_have_count(0)
    expect(page.locator("#prompt")).to_have_text("Cho: a number card")
