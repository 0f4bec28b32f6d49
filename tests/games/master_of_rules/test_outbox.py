"""Master of Rules offline (issue 32): the rule cards of lap 2 tapped while the phone waits
for the connection are shown in their players' rows, beside their number cards, marked
waiting; once the network is back they are stored in order."""

from __future__ import annotations


import pytest
from playwright.sync_api import BrowserContext, expect

from companion.rules import master_of_rules as mor
from tests.games.master_of_rules.table import Round, new_state, round_entries
from tests.games.master_of_rules.test_browser import NAMES, tap, wait_for_entry
from tests.kit.outbox import expect_waiting_in_place
from tests.kit.seating import sit_down

pytestmark = pytest.mark.browser


def test_rule_cards_of_lap_two_tapped_offline_wait_in_their_players_rows(
        phone: BrowserContext, live_server: str) -> None:
    page = phone.new_page()
    sit_down(page, live_server, mor.SLUG, NAMES)
    page.click("button.primary[type=submit]")
    # Aki and Ben lay number cards in lap 1, Cho a rule card: in lap 2 Aki's and Ben's rule
    # cards come one after the other, on the same picker.
    r = Round(("R3", "B1", "B3"), (mor.ONLY_ONE, mor.BEST_OF_THE_BEST, mor.TRIO), ("B2", "G1"),
              rule_first=frozenset({2}))
    seq = 0
    for kind, fields, after in round_entries(new_state(NAMES), r):
        tap(page, kind, fields)
        seq += 1
        wait_for_entry(page, seq)
        if after.lap == 2 and not after.expected.is_dummy:
            break
    expect(page.locator("#prompt")).to_have_text("Aki: a rule card")
    phone.set_offline(True)
    tap(page, mor.RULE, {"seat": "0", "rule": mor.ONLY_ONE})
    tap(page, mor.RULE, {"seat": "1", "rule": mor.BEST_OF_THE_BEST})
    expect(page.locator("#outbox")).to_contain_text("Waiting (2)")
    rows = page.locator("ol.round li.row:not(.dummy)")
    expect_waiting_in_place(page, rows.filter(has_text="Aki"), "rule", mor.ONLY_ONE)
    expect_waiting_in_place(page, rows.filter(has_text="Ben"), "rule", mor.BEST_OF_THE_BEST)
    expect(rows.filter(has_text="Cho").locator(".outbox-waiting")).to_have_count(0)
    expect(page.locator("#outbox li")).to_have_count(0)
    phone.set_offline(False)
    wait_for_entry(page, seq + 2)
    expect(page.locator(".outbox-waiting")).to_have_count(0)
    expect(page.locator("#prompt")).to_have_text("Cho: a number card")
