"""Take & Share offline (issue 32): the picker keeps taking the entries whose order the page
knows while the phone waits for the connection, never offers a card or a player already
waiting, and once the network is back exactly those entries are stored, in order."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from companion import records, store
from companion.rules import take_and_share as tns
from companion.rules.base import Event
from tests.kit.outbox import expect_waiting_in_place
from tests.kit.pages import record

pytestmark = pytest.mark.browser

SETUP = {"players": ["Aki", "Ben", "Cho"], "first_leader": 1, "options": {"long_game_target": "printed"}}
SHARE = ("L3", "X4", "C5")


def open_table(page: Page, base: str, db: Path, log: list[Event]) -> None:
    table = records.import_table(store.connect(db), record(tns.SLUG, SETUP, log))
    page.goto(f"{base}/t/{table.scorer_token}/g/1")


def stored(db: Path) -> list[tuple[str, dict[str, Any]]]:
    conn = sqlite3.connect(db)
    try:
        return [(kind, json.loads(payload)) for kind, payload in
                conn.execute("select kind, payload from events order by game_id, seq")]
    finally:
        conn.close()


def wait_for_entry(page: Page, seq: int) -> None:
    page.wait_for_selector(f"#panel form.picker input[name=seq][value='{seq}']", state="attached")


def tap_card(page: Page, code: str) -> None:
    page.click(f"form.picker label.suit-btn.s-{code[0]}")
    page.click(f"form.picker button[name=card][value={code}]")


def test_two_cards_of_a_trick_offline_are_stored_in_order_once_the_network_is_back(
        phone: BrowserContext, live_server: str, live_db: Path) -> None:
    page = phone.new_page()
    open_table(page, live_server, live_db, [Event("share", {"cards": list(SHARE)})])
    expect(page.locator("#prompt")).to_have_text("Ben's card")
    phone.set_offline(True)
    tap_card(page, "S9")
    expect(page.locator("#outbox")).to_contain_text("1 waiting")
    expect(page.locator("#prompt")).to_have_text("Cho's card")  # the trick's order is known
    page.click("form.picker label.suit-btn.s-S")
    expect(page.locator("form.picker button[name=card][value=S9]")).to_be_disabled()  # waiting: not offered
    tap_card(page, "S4")
    expect(page.locator("#outbox")).to_contain_text("2 waiting")
    expect(page.locator("#prompt")).to_have_text("Aki's card")
    rows = page.locator("#trick li.row")  # the waiting cards shown in their players' rows
    expect_waiting_in_place(page, rows.filter(has_text="Ben"), "card", "S9")
    expect_waiting_in_place(page, rows.filter(has_text="Cho"), "card", "S4")
    expect(rows.filter(has_text="Aki").locator(".outbox-waiting")).to_have_count(0)
    expect(page.locator("#outbox-list li")).to_have_count(0)
    assert len(stored(live_db)) == 1
    phone.set_offline(False)  # nothing tapped: they go by themselves
    wait_for_entry(page, 3)
    expect(page.locator("#outbox")).to_have_count(0)
    assert stored(live_db)[1:] == [("play", {"seat": 1, "card": "S9"}), ("play", {"seat": 2, "card": "S4"})]


def test_a_hand_out_offline_goes_on_card_by_card_and_the_last_card_is_nobodys_choice(
        phone: BrowserContext, live_server: str, live_db: Path) -> None:
    page = phone.new_page()
    log = [Event("share", {"cards": list(SHARE)})] + [
        Event("play", {"seat": s, "card": c}) for s, c in ((1, "S9"), (2, "S4"), (0, "S6"))]
    open_table(page, live_server, live_db, log)  # Ben's 9 wins: he hands out ❦3, ✚4, ♣5
    expect(page.locator("#prompt")).to_have_text("Ben hands out the share: who got ❦ leaf 3?")
    phone.set_offline(True)
    page.click("form.give-form button[name=seat][value='2']")
    expect(page.locator("#prompt")).to_have_text("Ben hands out the share: who got ✚ cross 4?")
    expect(page.locator("form.give-form button[name=seat][value='2']")).to_be_disabled()  # Cho has one
    page.click("form.give-form button[name=seat][value='1']")
    expect(page.locator("#outbox")).to_contain_text("2 waiting")
    expect(page.locator("form.give-form button[name=seat][value='0']")).to_be_disabled()  # past what is known
    rows = page.locator("#share-out li.row")  # each waiting hand-out beside its card
    expect_waiting_in_place(page, rows.nth(0), "seat", "2")
    expect_waiting_in_place(page, rows.nth(1), "seat", "1")
    expect(rows.nth(2).locator(".outbox-waiting")).to_have_count(0)
    phone.set_offline(False)
    wait_for_entry(page, 6)
    expect(page.locator("#prompt")).to_have_text("Ben's card")  # ♣5 went to Aki by itself
    assert stored(live_db)[4:] == [("give", {"seat": 2, "card": "L3"}), ("give", {"seat": 1, "card": "X4"})]
    expect(page.locator("#received .counts b")).to_have_text(["1", "1", "1"])
