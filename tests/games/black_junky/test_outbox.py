"""Black Junky offline (issue 32): a player's cards laid while the phone waits for the
connection wait on the phone, shown in that player's row; the picker takes the rest of the
round's reveals in seat order, each starting unticked and without the cards already waiting;
past the round's last reveal (the deck's cross needs the table) it waits. Once the network is
back exactly those reveals are stored, in order, each with its own cards."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from companion import records, store
from companion.rules import black_junky as bj
from companion.rules.base import Event
from tests.kit.pages import record

pytestmark = pytest.mark.browser

SETUP = {"players": ["Aki", "Ben", "Cho"]}


def stored(db: Path) -> list[tuple[str, dict[str, Any]]]:
    conn = sqlite3.connect(db)
    try:
        return [(kind, json.loads(payload)) for kind, payload in
                conn.execute("select kind, payload from events order by game_id, seq")]
    finally:
        conn.close()


def lay(page: Page, *codes: str) -> None:
    """Two taps a card (a suit already open, one), then one to lay them."""
    open_suit = ""
    for code in codes:
        if code[0] != open_suit:
            page.click(f"#reveal label.suit-btn.s-{code[0]}")
            open_suit = code[0]
        page.click(f"#reveal label.key:has(input[value={code}])")
    page.click("#reveal button[type=submit]")


def ticked(page: Page) -> int:
    return page.locator("#reveal input[name=cards]:checked").count()


def test_reveals_offline_are_taken_in_seat_order_shown_in_place_and_stored_once_back(
        phone: BrowserContext, live_server: str, live_db: Path) -> None:
    table = records.import_table(store.connect(live_db), record(bj.SLUG, SETUP, []))
    page = phone.new_page()
    page.goto(f"{live_server}/t/{table.scorer_token}/g/1")
    expect(page.locator("#prompt")).to_have_text("Aki's cards")
    phone.set_offline(True)
    lay(page, "S2", "S9")
    expect(page.locator("#outbox")).to_contain_text("1 waiting")
    # The next player's reveal, on a clean form: no ticks carried over, Aki's cards withheld.
    expect(page.locator("#prompt")).to_have_text("Ben's cards")
    assert ticked(page) == 0
    for code in ("S2", "S9"):
        expect(page.locator(f"#reveal input[name=cards][value={code}]")).to_be_disabled()
    expect(page.locator("#reveal input[name=cards][value=S3]")).to_be_enabled()
    lay(page, "H5")
    expect(page.locator("#prompt")).to_have_text("Cho's cards")
    assert ticked(page) == 0
    lay(page, "C3", "D4", "S3")
    # Past the last reveal the deck's cross needs the table's answer: the picker waits.
    expect(page.locator("#outbox")).to_contain_text("3 waiting")
    expect(page.locator("#outbox")).to_contain_text("The next entry waits for the table's answer")
    expect(page.locator("#reveal button[type=submit]")).to_be_disabled()
    # Each reveal is shown in its player's row, with the keys' own words (in the keys' order),
    # marked waiting.
    rows = page.locator("#table-cards li.row")
    for n, shown in enumerate((["♠2", "♠9"], ["♥5"], ["♣3", "♠3", "♦4"])):
        placed = rows.nth(n).locator(".outbox-waiting")
        expect(placed).to_have_count(1)
        expect(placed.locator(".outbox-card [aria-hidden=true]")).to_have_text(shown)
        expect(placed.locator(".sr-only").last).to_have_text("(waiting to be sent)")
    expect(page.locator("#outbox-list li")).to_have_count(0)  # every one is shown in place
    assert stored(live_db) == []

    phone.set_offline(False)
    page.wait_for_selector("#panel form#deck input[name=seq][value='3']", state="attached")
    expect(page.locator("#outbox")).to_have_count(0)
    expect(page.locator(".outbox-waiting")).to_have_count(0)
    assert stored(live_db) == [("reveal", {"seat": 0, "cards": ["S2", "S9"]}),
                               ("reveal", {"seat": 1, "cards": ["H5"]}),
                               ("reveal", {"seat": 2, "cards": ["C3", "S3", "D4"]})]


def test_a_cross_offline_waits_in_the_decks_row(
        phone: BrowserContext, live_server: str, live_db: Path) -> None:
    events = [Event("reveal", {"seat": s, "cards": cards}) for s, cards in enumerate((["S2"], ["H5"], ["C3"]))]
    table = records.import_table(store.connect(live_db), record(bj.SLUG, SETUP, events))
    page = phone.new_page()
    page.goto(f"{live_server}/t/{table.scorer_token}/g/1")
    expect(page.locator("#deck")).to_be_visible()
    phone.set_offline(True)
    key = page.locator("#deck button[name=card]").first
    code = key.get_attribute("value")
    key.click()
    placed = page.locator("#table-cards li.deck .outbox-waiting")
    expect(placed).to_have_count(1)
    expect(placed.locator(".sr-only").first).to_have_text(key.get_attribute("aria-label") or "")
    phone.set_offline(False)
    page.wait_for_selector("#panel form#reveal input[name=seq][value='4']", state="attached")
    assert stored(live_db)[-1] == ("deck", {"card": code})
