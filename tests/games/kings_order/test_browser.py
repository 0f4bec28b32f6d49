"""King's Order through the page on the smallest phone (360x640), as the person with the phone
taps it (tests/kit/taps.py, every tap counted by tests/kit/measure.py): each turn in one form,
the card played on the rank pad, the cards thrown away (by default one key, the side and how
many; at a table that names them, a rank once per copy), then the player chosen with the
count handed over in one tap; at the end the last hand shown and a finding let stand. No tap
needs the page scrolled; an end card takes two taps, a card inside the hand three (counted)
or two plus one per card thrown away (named)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import make_app
from companion.rules import kings_order as ko
from companion.rules.base import UNDO, Event
from tests.games.kings_order import driver
from tests.games.kings_order.table import NAMES3, counted, plan, seat_table, setup_of
from tests.kit import measure, taps
from tests.kit.browser import SMALL_PHONE, assert_phone_friendly

pytestmark = pytest.mark.browser

SEED = 19
"""A deal (players aiming well) that ends in turn 14 with each majority to another player:
K to Aki, Q to Ben, J to Cho; Aki wins with 13, and Cho keeps a 9 in hand."""


@pytest.fixture(params=[("en-US", "light"), ("ja-JP", "dark")], ids=["en-light", "ja-dark"])
def phone(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    locale, scheme = request.param
    context = browser.new_context(viewport=SMALL_PHONE, locale=locale, has_touch=True, is_mobile=True,
                                  color_scheme=scheme)
    if locale.startswith("ja"):
        context.add_cookies([{"name": "lang", "value": "ja", "url": "http://127.0.0.1"}])
    page = context.new_page()
    yield page
    context.close()


def open_table(page: Page, live_server: str, live_db: Path, names: list[str], first: int,
               options: dict[str, str] | None = None) -> None:
    """A table seated straight into the live server's database, its first round opened on the phone."""
    client = make_app(live_db).test_client()  # the test client seats the table, CSRF aside
    url = seat_table(client, names, first=first, options=options)
    page.goto(live_server + url.replace("http://localhost", ""))


def wait_for_entry(page: Page, seq: int) -> None:
    """The panel expecting entry `seq` has been swapped in (the undo form carries it to the end)."""
    page.wait_for_selector(f"#panel input[name=seq][value='{seq}']", state="attached")


def play(page: Page, log: list[Event], friendly_before: str = "") -> measure.Recorder:
    """Each entry of `log` by taps; before the first entry of kind `friendly_before`, the page
    as it asks for it is checked phone-friendly (every key 44 px, no horizontal scroll)."""
    record = measure.recorder(page)
    for seq, event in enumerate(log):
        if event.kind == friendly_before:
            assert_phone_friendly(page)
            friendly_before = ""
        record.begin(f"{seq} {event.kind} {dict(event.payload)}")
        assert taps.enter(page, ko.SLUG, event) == "tap", f"entry {seq} went in by form"
        wait_for_entry(page, seq + 1)
        measure.unscrolled(page)
    return record


def over_limit(record: measure.Recorder, log: list[Event]) -> list[str]:
    return [f"{entry.label}: {entry.taps}" for entry, event in zip(record.entries, log)
            if entry.taps > (1 if event.kind == UNDO else driver.tap_limit(event.kind, dict(event.payload)))]


def test_a_whole_round_in_taps_on_the_first_screen(phone: Page, live_server: str, live_db: Path) -> None:
    setup = setup_of(NAMES3)
    p = plan(setup, SEED, aim=0.9)
    final = p.state()
    assert final.points == (13, 12, 11) and final.last_hand == 2 and p.last_hand == ["9"]
    open_table(phone, live_server, live_db, list(NAMES3), 0)
    log = counted(p.log) + [Event("show", {"cards": p.last_hand})]
    record = play(phone, log, friendly_before="show")  # the last hand's keys measured too
    assert record.scroll_needed == [], [str(m) for m in record.scroll_needed]
    assert [e.label for e in record.entries if e.scrolled] == []
    assert over_limit(record, log) == []
    turns = [(e.taps, ev.payload.get("thrown")) for e, ev in zip(record.entries, log) if ev.kind == "turn"]
    assert {n for n, thrown in turns if not thrown} == {2}  # an end card
    assert {n for n, thrown in turns if thrown} == {3}  # a middle card, its discards counted
    expect(phone.locator("#last-hand")).to_contain_text("9")
    expect(phone.locator("#final .verdict")).to_be_visible()
    assert_phone_friendly(phone)


def test_the_count_keys_fit_six_players_and_another_card_clears_them(phone: Page, live_server: str,
                                                                     live_db: Path) -> None:
    """Six players, the most rows of player keys, and a full hand: both rows of counts (1 to 11
    a side) and every player's keys on the first screen, each key at least 44 px; "Another
    card" takes back the count with the card."""
    names = ["Aki", "Ben", "Cho", "Dan", "Eve", "Fay"]
    open_table(phone, live_server, live_db, names, 0)
    turn = "#panel form#whole-turn"
    record = measure.recorder(phone)
    record.begin("a card, a count")
    measure.tap(phone, f"{turn} label[for=tc-7]")
    expect(phone.locator(f"{turn} .count-row label.key")).to_have_count(22)
    for key in [f"{turn} label[for=tn-lo-11]", f"{turn} label[for=tn-hi-11]", f"{turn} button[value='5:5']"]:
        box = phone.locator(key).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 640 and box["height"] >= 44, (key, box)
    assert_phone_friendly(phone)
    measure.tap(phone, f"{turn} label[for=tn-hi-3]")
    expect(phone.locator(f"{turn} input#tn-hi-3")).to_be_checked()
    expect(phone.locator(f"{turn} .count-row.lo")).to_be_hidden()  # one side at a time
    measure.tap(phone, f"{turn} button.again")
    expect(phone.locator(f"{turn} input[name=thrown]:checked")).to_have_count(0)
    expect(phone.locator(f"{turn} input.rank-radio:checked")).to_have_count(0)
    assert record.scroll_needed == []


def test_a_seeded_round_with_undos_a_last_hand_and_a_finding_let_stand(phone: Page, live_server: str,
                                                                      live_db: Path) -> None:
    seed = next(s for s in range(40) if any(e.kind == "accept" for e in driver.random_game(s)[1])
                and any(e.kind == UNDO for e in driver.random_game(s)[1]))
    setup, log = driver.random_game(seed)
    open_table(phone, live_server, live_db, list(setup["players"]), setup["first_leader"],
               {"rounds": str(setup["options"]["rounds"])})
    phone.set_default_timeout(8000)
    record = play(phone, log)
    assert record.scroll_needed == [], [str(m) for m in record.scroll_needed]
    assert over_limit(record, log) == []
    expect(phone.locator("#revokes .tag").first).to_be_visible()  # the finding let stand
    phone.screenshot(path=str(live_db.parent / "kings-order-end.png"))


def test_a_turn_tapped_offline_waits_whole_and_is_stored_once(phone: Page, live_server: str, live_db: Path) -> None:
    """Issue 32: a turn is one entry, so it waits whole; whose turn follows and what it may offer
    depend on the waiting turn's discards and hand-over, so the picker then waits for the
    connection. The network back, the turn goes in by itself, once."""
    import sqlite3

    open_table(phone, live_server, live_db, list(NAMES3), 0, {"discards": "named"})
    phone.context.set_offline(True)
    taps.enter(phone, ko.SLUG, Event("turn", {"seat": 0, "card": "9", "side": "left", "discarded": ["10", "J"],
                                              "target": 1, "count": 0}))
    expect(phone.locator("#outbox-list li")).to_have_count(1)
    # The waiting turn says its card, its cards thrown away and the player chosen, not the last key alone.
    expect(phone.locator("#outbox-list li")).to_have_text(re.compile(r"Aki.*9 · 10 J · .*Ben"))
    expect(phone.locator("form#whole-turn input.rank-radio").first).to_be_disabled()  # the picker waits
    phone.context.set_offline(False)
    wait_for_entry(phone, 1)
    expect(phone.locator("#outbox")).to_have_count(0)
    conn = sqlite3.connect(live_db)
    try:
        stored = [(k, c) for k, c in conn.execute("select kind, json_extract(payload, '$.discarded') from events")]
    finally:
        conn.close()
    assert stored == [("turn", '["10","J"]')]
