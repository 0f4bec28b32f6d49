"""King's Trick offline (issue 32): the picker keeps taking the rest of a trick and of a
draft while the phone waits for the connection, never offers a card already waiting, and
once the network is back exactly those entries are stored, in order."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from companion import records, store
from companion.rules import kings_trick as kt
from companion.rules.base import Event
from tests.kit.outbox import expect_waiting_in_place
from tests.kit.pages import record

pytestmark = pytest.mark.browser

SETUP = {"players": ["Aki", "Ben", "Cho", "Dan"], "first_leader": 0}


def open_table(page: Page, base: str, db: Path, log: list[Event]) -> None:
    table = records.import_table(store.connect(db), record(kt.SLUG, SETUP, log))
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
    page.click(f"form.picker label.colour-btn.c-{code[0]}")
    page.click(f"form.picker button[name=card][value={code}]")


def test_two_cards_of_a_trick_offline_are_stored_in_order_once_the_network_is_back(
        phone: BrowserContext, live_server: str, live_db: Path) -> None:
    page = phone.new_page()
    open_table(page, live_server, live_db, [])
    phone.set_offline(True)
    tap_card(page, "R5")
    expect(page.locator("#prompt")).to_have_text("Ben's card")  # the trick's order is known
    page.click("form.picker label.colour-btn.c-R")
    expect(page.locator("form.picker button[name=card][value=R5]")).to_be_disabled()  # waiting: not offered
    page.click("form.picker .specials button[value=KING]")
    expect(page.locator("#outbox")).to_contain_text("2 waiting")
    expect(page.locator("#prompt")).to_have_text("Cho's card")
    rows = page.locator("#trick li.row")  # the waiting cards shown in their players' rows
    expect_waiting_in_place(page, rows.filter(has_text="Aki"), "card", "R5")
    expect_waiting_in_place(page, rows.filter(has_text="Ben"), "card", "KING")
    expect(rows.filter(has_text="Cho").locator(".outbox-waiting")).to_have_count(0)
    expect(page.locator("#outbox-list li")).to_have_count(0)
    assert stored(live_db) == []
    phone.set_offline(False)
    wait_for_entry(page, 2)
    expect(page.locator("#outbox")).to_have_count(0)
    assert stored(live_db) == [("play", {"seat": 0, "card": "R5"}), ("play", {"seat": 1, "card": "KING"})]


def test_the_draft_goes_on_offline_pick_by_pick(phone: BrowserContext, live_server: str, live_db: Path) -> None:
    page = phone.new_page()
    log = [Event("play", {"seat": s, "card": c}) for s, c in enumerate(("R5", "R6", "B9", "W1"))]
    open_table(page, live_server, live_db, log)  # Ben 1st picks 1, Aki 2nd picks 2, Cho takes the rest
    expect(page.locator("#prompt")).to_have_text("Ben's pick")
    phone.set_offline(True)
    page.click("form.picker .pool button[value=W1]")
    expect(page.locator("#prompt")).to_have_text("Aki's pick")
    expect(page.locator("form.picker .pool button[value=W1]")).to_be_disabled()
    page.click("form.picker .pool button[value=R6]")
    expect(page.locator("#outbox")).to_contain_text("2 waiting")
    rows = page.locator("#draft li.row")  # each pick added to its taker's cards
    expect_waiting_in_place(page, rows.filter(has_text="Ben"), "card", "W1")
    expect_waiting_in_place(page, rows.filter(has_text="Aki"), "card", "R6")
    expect(page.locator("#outbox-list li")).to_have_count(0)
    phone.set_offline(False)
    wait_for_entry(page, 6)
    expect(page.locator("#prompt")).to_have_text("Aki's pick")
    assert stored(live_db)[4:] == [("pick", {"seat": 1, "card": "W1"}), ("pick", {"seat": 0, "card": "R6"})]
