"""Two whole hands of 4-player Twin Shoot through the page, as the person with the phone taps
them: hand 1 (no open bid is allowed in the first hand), then hand 2 with an open bid by the
team alone in last place. Every card is two taps (suit, rank); an open bid's cards are two taps
each, the second teammate's last card sending it; a turned-up bid is one tap a card (the keys
are the cards not played), the last bid one tap."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion.rules import twin_shoot as ts
from tests.kit import measure
from tests.kit.browser import assert_phone_friendly
from tests.games.twin_shoot.table import NAMES4, PlannedHand, apply_hand, engine_points, new_state, plan_hand
from tests.kit.seating import sit_down

pytestmark = pytest.mark.browser


def wait_for_entry(page: Page, seq: int) -> None:
    """The panel has been swapped in, ready for entry `seq`."""
    page.wait_for_selector(f"#panel input[name=seq][value='{seq}']", state="attached")


def tap_card(page: Page, code: str) -> None:
    """Two taps on the play picker: the suit tab, then the rank."""
    measure.tap(page, f"form.picker label.suit-btn.s-{code[0]}")
    measure.tap(page, f"form.picker button[name=card][value={code}]")


def tick_card(page: Page, scope: str, code: str) -> None:
    """Two taps on a bid picker: the suit tab, then the rank's key (a checkbox)."""
    measure.tap(page, f"{scope} label.suit-btn.s-{code[0]}")
    measure.tap(page, f"{scope} label.key:has(input[value={code}])")


def assert_keys_big_enough(page: Page) -> None:
    """The picker's suit tabs and rank keys are at least 44 CSS px each way."""
    small = page.evaluate(
        """() => [...document.querySelectorAll('label.suit-btn, .key')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.textContent.trim(), e.getBoundingClientRect()])
            .filter(([, r]) => r.width < 44 || r.height < 44)
            .map(([t, r]) => `${t} ${r.width}x${r.height}`)"""
    )
    assert small == [], small


def shown_points(page: Page) -> dict[str, list[int]]:
    """The hand score table as the page shows it."""
    rows = {}
    for row in page.locator("#points tr[class]").all():
        kind = (row.get_attribute("class") or "").split()[0].removeprefix("k-")
        rows[kind] = [int(t) for t in row.locator("td").all_inner_texts()]
    return rows


def play_hand(page: Page, hand: PlannedHand, seq: int, check_screen: bool = False) -> int:
    """Tap in the hand's open bid, its cards and its reveals; returns the next entry's number."""
    state_names = list(NAMES4)
    if hand.open_team is not None:
        a, b = ts.team_seats(hand.open_team)
        page.click("#open-bid summary")
        for code in hand.bids[a]:
            tick_card(page, f"#open-bid-{a}", code)
        expect(page.locator(f"#open-bid-{a} input[type=checkbox]:checked")).to_have_count(2)
        first, second = hand.bids[b]
        tick_card(page, f"#open-bid-{b}", first)  # the second teammate's first card: picked
        assert_phone_friendly(page)
        assert_keys_big_enough(page)
        page.click(f"#open-bid-{b} label.suit-btn.s-{second[0]}")
        page.click(f"#open-bid-{b} .cell button[value={second}]")  # ... and their second sends the bid
        seq += 1
        wait_for_entry(page, seq)
        for seat in (a, b):
            expect(page.locator(f"#bid-{seat} .tile")).to_have_count(2)
    for i, code in enumerate(hand.plays):
        prompt = page.locator("#prompt").inner_text()
        assert prompt.endswith("'s card"), prompt
        tap_card(page, code)
        seq += 1
        wait_for_entry(page, seq)
        if check_screen and i == 1:
            # Mid-trick: the follow is shown live.
            expect(page.locator("#follow")).to_contain_text(re.compile("Suit follow|Rank follow|No follow yet"))
            page.click("form.picker label.suit-btn.s-H")
            assert_phone_friendly(page)
            assert_keys_big_enough(page)
        if i % len(state_names) == len(state_names) - 1:
            expect(page.locator("#result .verdict")).to_contain_text("wins the trick")
    for seat in hand.hidden_seats()[:-1]:  # the last bid is the two cards left: the engine turns it up
        expect(page.locator("#prompt")).to_have_text(f"{state_names[seat]}'s bid cards")
        expect(page.locator(f"#bid-{seat}")).to_have_text("hidden")
        first, second = hand.bids[seat]
        page.click(f"#reveal label.key:has(input[value={first}])")
        if check_screen and seat == hand.hidden_seats()[0]:
            assert_phone_friendly(page)
            assert_keys_big_enough(page)
        page.click(f"#reveal .cell button[value={second}]")
        seq += 1
        wait_for_entry(page, seq)
    return seq


def test_two_hands_with_an_open_bid_through_the_page(page: Page, live_server: str) -> None:
    sit_down(page, live_server, ts.SLUG, NAMES4)
    # Only the right-side players may lead the first hand.
    expect(page.locator("input[name=first_leader]")).to_have_count(2)
    expect(page.locator("#ts-setup")).to_contain_text("Take out the 2 to 6 of every suit")
    assert_phone_friendly(page)
    page.click("button.primary[type=submit]")
    expect(page.locator("#prompt")).to_have_text("Aki's card")
    expect(page.locator("#open-bid-note")).to_contain_text("No open bid in the first hand")
    expect(page.locator("#order")).to_contain_text("Clockwise")

    state = new_state()
    first = plan_hand(state, seed=21, exact={0: True, 2: False, 3: False})  # Cho & Dan end last
    seq = play_hand(page, first, 0, check_screen=True)
    state = apply_hand(state, first)
    expect(page.locator("#hand-score h2")).to_contain_text("Hand 1")
    assert shown_points(page) == engine_points(state)

    # Hand 2: the rotation gives the lead to Cho; the team alone in last place opens its bids.
    last = state.last_place_team
    assert last == 1
    expect(page.locator("#leader")).to_contain_text("Opening leader: Cho")
    expect(page.locator("#open-bid-note")).to_contain_text("alone in last place")
    a = ts.team_seats(last)[0]
    second = plan_hand(state, seed=22, exact={a: True, a + 1: True}, open_team=last)
    seq = play_hand(page, second, seq)
    state = apply_hand(state, second)
    expect(page.locator("#hand-score h2")).to_contain_text("Hand 2")
    points = shown_points(page)
    assert points == engine_points(state)
    assert points["overhead"][last] == 30
    totals = [int(t) for t in page.locator("#scoreboard tfoot td").all_inner_texts()]
    assert totals == list(ts.scores(state))
    expect(page.locator("#hands tbody tr")).to_have_count(2)
    page.goto(page.url + "/history")
    expect(page.locator("ol.history > li")).to_have_count(seq)


def test_two_cards_of_a_trick_tapped_offline_are_stored_in_order_once_the_network_is_back(
        browser, live_server: str, live_db) -> None:  # type: ignore[no-untyped-def]
    import sqlite3

    from tests.kit.browser import SMALL_PHONE

    phone = browser.new_context(viewport=SMALL_PHONE, locale="en-US", has_touch=True, is_mobile=True)
    page = phone.new_page()
    sit_down(page, live_server, ts.SLUG, NAMES4)
    page.click("button.primary[type=submit]")
    expect(page.locator("#prompt")).to_have_text("Aki's card")
    second = ts.play_order(0, 4)[1]
    phone.set_offline(True)
    tap_card(page, "HA")
    expect(page.locator("#outbox")).to_contain_text("1 waiting")
    expect(page.locator("#prompt")).to_have_text(f"{NAMES4[second]}'s card")  # the trick's order is known
    expect(page.locator("form.picker button[name=card][value=HA]")).to_be_disabled()
    tap_card(page, "H9")
    expect(page.locator("#outbox")).to_contain_text("2 waiting")
    assert_phone_friendly(page)
    phone.set_offline(False)
    wait_for_entry(page, 2)
    expect(page.locator("#outbox")).to_have_count(0)
    conn = sqlite3.connect(live_db)
    try:
        rows = list(conn.execute("select kind, json_extract(payload, '$.seat'), json_extract(payload, '$.card') "
                                 "from events order by game_id, seq"))
    finally:
        conn.close()
    assert rows == [("play", 0, "HA"), ("play", second, "H9")]
    phone.close()
