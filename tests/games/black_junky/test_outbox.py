"""Black Junky offline (issue 32): a player's cards laid while the phone waits for the
connection wait on the phone, the picker waits with them (a reveal is several ticked cards,
which the outbox would carry into the next one), and once the network is back exactly that
reveal is stored."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from companion import records, store
from companion.rules import black_junky as bj
from tests.kit.browser import SMALL_PHONE
from tests.kit.pages import record

pytestmark = pytest.mark.browser

SETUP = {"players": ["Aki", "Ben", "Cho"]}


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=SMALL_PHONE, locale="en-US", has_touch=True, is_mobile=True)
    yield context
    context.close()


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


def test_a_reveal_of_two_cards_offline_waits_and_is_stored_once_the_network_is_back(
        phone: BrowserContext, live_server: str, live_db: Path) -> None:
    table = records.import_table(store.connect(live_db), record(bj.SLUG, SETUP, []))
    page = phone.new_page()
    page.goto(f"{live_server}/t/{table.scorer_token}/g/1")
    expect(page.locator("#prompt")).to_have_text("Aki's cards")
    phone.set_offline(True)
    lay(page, "S2", "S9")
    expect(page.locator("#outbox")).to_contain_text("Waiting (1)")
    # The next reveal waits for the table: the outbox would carry these ticks into it.
    expect(page.locator("#outbox")).to_contain_text("Waiting for the connection")
    expect(page.locator("#reveal button[type=submit]")).to_be_disabled()
    assert stored(live_db) == []
    phone.set_offline(False)
    page.wait_for_selector("#panel form#reveal input[name=seq][value='1']", state="attached")
    expect(page.locator("#outbox")).to_have_count(0)
    expect(page.locator("#prompt")).to_have_text("Ben's cards")
    assert stored(live_db) == [("reveal", {"seat": 0, "cards": ["S2", "S9"]})]
