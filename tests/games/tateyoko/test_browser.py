"""Tateyoko through the page on the smallest phone (360x640), as the person with the phone taps
it (tests/kit/taps.py, every tap counted by tests/kit/measure.py): the starting card (suit,
rank); each card laid as its suit and rank, a card that fits one spot laid there by that tap,
one that fits several with a third tap on its spot, named by the cards beside it; "done" and
"pass"; at the end each hand as a count per suit or card by card. No tap needs the page
scrolled or the layout panned, and no entry takes more taps than the issue allows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import make_app
from companion.rules import tateyoko as ty
from companion.rules.base import UNDO, Event
from tests.games.tateyoko import driver
from tests.games.tateyoko.table import EXAMPLE, seat_table
from tests.kit import measure, taps
from tests.kit.browser import SMALL_PHONE, assert_phone_friendly

pytestmark = pytest.mark.browser

SEED = 38
"""A deal whose game ends with a player laying their last card; one turn lays three cards in line."""


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


def open_table(page: Page, live_server: str, live_db: Path, names: tuple[str, ...] | list[str], first: int,
               options: dict[str, str] | None = None) -> None:
    """A table seated straight into the live server's database, its first game opened on the phone."""
    client = make_app(live_db).test_client()  # the test client seats the table, CSRF aside
    url = seat_table(client, names, first=first, options=options)
    page.goto(live_server + url.replace("http://localhost", ""))


def wait_for_entry(page: Page, seq: int) -> None:
    """The panel has been swapped in, expecting entry `seq`, or the game is over."""
    page.wait_for_selector(f"#panel input[name=seq][value='{seq}'], #final", state="attached")


def play(page: Page, log: list[Event]) -> measure.Recorder:
    """Every entry of `log` tapped in, each marked for the recorder, the page back at the top after it."""
    record = measure.recorder(page)
    for seq, event in enumerate(log):
        record.begin(f"{seq} {event.kind} {dict(event.payload)}")
        assert taps.enter(page, ty.SLUG, event) == "tap", f"entry {seq} went in by form"
        wait_for_entry(page, seq + 1)
        measure.unscrolled(page)
    return record


def limits_kept(record: measure.Recorder, log: list[Event]) -> list[str]:
    """The entries that took more taps than the driver's limit (issue 31)."""
    return [f"{entry.label}: {entry.taps}" for entry, event in zip(record.entries, log)
            if entry.taps > (1 if event.kind == UNDO else driver.tap_limit(event.kind, dict(event.payload)))]


def test_a_whole_game_is_tapped_on_the_first_screen_within_three_taps_a_card(phone: Page, live_server: str,
                                                                            live_db: Path) -> None:
    run = driver.play(SEED, players=3, scores_only=False, undo_rate=0.0, in_order=True)
    setup, log = run.table.setup, run.log
    final = ty.initial(setup)
    for event in log:
        final = ty.apply(final, event)
    assert final.ended == "out" and max(len(t.cards) for t in final.turns) >= 3
    assert any(e.kind == "hand" for e in log)
    open_table(phone, live_server, live_db, list(setup["players"]), setup["first_leader"],
               {"match_limit": str(setup["options"]["match_limit"])})
    record = play(phone, log)
    assert record.scroll_needed == [], [str(m) for m in record.scroll_needed]
    assert [e.label for e in record.entries if e.scrolled] == []
    assert limits_kept(record, log) == []
    laid = [e.taps for e, ev in zip(record.entries, log) if ev.kind == "lay"]
    assert max(laid) <= 3 and min(laid) <= 2  # a card that fits one spot: two taps
    expect(phone.locator("#final .verdict")).to_be_visible()
    assert_phone_friendly(phone)


def test_the_example_strikes_a_card_that_fits_nowhere_and_names_the_spots_by_their_neighbours(
        phone: Page, live_server: str, live_db: Path) -> None:
    """The rulebook's example up to Dolly: Elsa's spade J fits nowhere and is struck out; the
    club 2 fits two spots, named left and right of the club A; then a long line to the right:
    the layout below is drawn to the phone's width, never panned, and every key stays on the
    first screen."""
    open_table(phone, live_server, live_db, EXAMPLE, 0)
    log = [Event("start", {"card": "SQ"})]
    for seat, cards in enumerate(([(0, 1, "HQ")], [(-1, 0, "SK")], [(1, 1, "HK")],
                                  [(2, 1, "HA"), (2, 0, "LA"), (2, -1, "CA")])):
        log += [Event("lay", {"seat": seat, "x": x, "y": y, "card": c}) for x, y, c in cards]
        log.append(Event("done", {"seat": seat}))
    play(phone, log)
    expect(phone.locator("#prompt")).to_have_text("Elsaの番" if "ja" in phone.evaluate("navigator.language")
                                                    else "Elsa's turn")
    expect(phone.locator("form#lay [data-card=SJ]:not([disabled])")).to_have_count(0)  # struck, or not listed
    if phone.locator("form#lay label.suit-btn.s-C").count():
        phone.locator("form#lay label.suit-btn.s-C").click()
    phone.locator("form#lay label[data-card=C2]").click()
    spots = phone.locator("form#lay .spots[data-spots-of=C2] button")
    expect(spots).to_have_count(2)
    assert all("♣A" in t for t in spots.all_inner_texts())
    assert_phone_friendly(phone)
    phone.screenshot(path=str(live_db.parent / "tateyoko-spots.png"))
    line = [Event("lay", {"seat": 4, "x": 3 + n, "y": -1, "card": code})
            for n, code in enumerate(["C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"])]
    record = measure.recorder(phone)
    for seq, event in enumerate(line, start=len(log)):
        record.begin(f"{seq} lay {event.payload['card']}")
        taps.enter(phone, ty.SLUG, event)
        wait_for_entry(phone, seq + 1)
    assert record.scroll_needed == [], [str(m) for m in record.scroll_needed]
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    box = phone.locator("#layout")
    assert box.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the layout fits the phone's width"
    expect(phone.locator("#panel button.undo")).to_be_in_viewport()
    phone.screenshot(path=str(live_db.parent / "tateyoko-line.png"))


def test_a_card_laid_offline_waits_nothing_more_is_offered_and_it_is_stored_once(
        phone: Page, live_server: str, live_db: Path) -> None:
    """Issue 32: the next card's spots depend on the layout with the waiting card in it, which
    only the engine on the server works out, so the picker takes one card and then waits; pass
    and done wait too. The network back, the card goes in by itself, once."""
    import sqlite3

    open_table(phone, live_server, live_db, EXAMPLE, 0)
    play(phone, [Event("start", {"card": "SQ"})])
    phone.context.set_offline(True)
    taps.enter(phone, ty.SLUG, Event("lay", {"seat": 0, "x": 0, "y": 1, "card": "HQ"}))
    expect(phone.locator("#outbox")).to_be_visible()
    expect(phone.locator("#outbox-list li")).to_have_count(1)
    expect(phone.locator("form#lay input.card-radio").first).to_be_disabled()  # the picker waits
    expect(phone.locator("form#pass button")).to_be_hidden()
    phone.context.set_offline(False)
    wait_for_entry(phone, 2)
    expect(phone.locator("#outbox")).to_have_count(0)
    conn = sqlite3.connect(live_db)
    try:
        stored = [(k, p) for k, p in conn.execute("select kind, json_extract(payload, '$.card') from events order by seq")]
    finally:
        conn.close()
    assert stored == [("start", "SQ"), ("lay", "HQ")]
    expect(phone.locator("form#done button")).to_be_visible()
