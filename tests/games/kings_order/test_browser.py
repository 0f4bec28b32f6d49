"""A whole 3-player King's Order round through the page at phone size, as the person with the
phone taps it: each turn's card on the rank pad, an end card or the half kept, each discarded
card (a rank tapped once per copy, then "discard these"), the player chosen, the count handed
over; at the end the score with the J/Q/K majorities, the last hand shown, the next round."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion.rules import kings_order as ko
from companion.rules.base import Event
from tests.games.kings_order.table import NAMES3, plan, setup_of
from tests.kit.browser import assert_phone_friendly
from tests.kit.seating import sit_down

pytestmark = pytest.mark.browser

SEED = 19
"""A deal (players aiming well) that ends in turn 14 with each majority to another player:
K to Aki, Q to Ben, J to Cho; Aki wins with 13, and Cho keeps a 9 in hand."""


def wait_for_entry(page: Page, seq: int) -> None:
    """The panel has been swapped in, expecting entry `seq`, or the round is over."""
    page.wait_for_selector(f"#panel input[name=seq][value='{seq}'], #final", state="attached")


def tap(page: Page, event: Event) -> None:
    """The taps of one entry."""
    p = event.payload
    if event.kind == "play":
        page.click(f"form#play button[value='{p['card']}']")
    elif event.kind == "keep":
        page.click(f"form#keep button[value={p['side']}]")
    elif event.kind == "discard":
        tick(page, "form#discard", p["cards"])
        page.click("form#discard button.primary")
    elif event.kind == "choose":
        page.click(f"form#choose button[value='{p['seat']}']")
    else:
        page.click(f"form#hand-over button[value='{p['count']}']")


def tick(page: Page, form: str, cards: list[str]) -> None:
    """Tap each card's rank once per copy; the count shows how many are ticked."""
    for card in cards:
        page.click(f"{form} .copies.r-{card} label:visible")
    expect(page.locator(f"{form} .chosen .count")).to_be_attached()
    assert page.locator(f"{form} input[name=cards]:checked").count() == len(cards)


def prompt_of(state: ko.State) -> str:
    seat = state.turn_seat
    assert seat is not None
    cur = state.current
    if state.awaiting == "play":
        return f"{NAMES3[seat]}'s card"
    assert cur is not None
    return {
        "keep": f"{NAMES3[seat]}'s {cur.card.code}: an end card, or which half kept?",
        "discard": f"The cards {NAMES3[seat]} discarded",
        "choose": f"Whom did {NAMES3[seat]} choose?",
        "hand_over": f"How many {cur.card.code} cards did {NAMES3[cur.target or 0]} hand over?",
    }[str(state.awaiting)]


def seat_and_start(page: Page, base: str) -> None:
    sit_down(page, base, ko.SLUG, NAMES3)
    expect(page.locator("#ko-setup")).to_contain_text("With 3 players the other 39 cards stay out of the game")
    expect(page.locator("input[name=first_leader][value='0']")).to_be_checked()
    expect(page.locator("input[name=rounds][value='1']")).to_be_checked()
    assert_phone_friendly(page)
    page.click("button.primary[type=submit]")
    expect(page.locator("#prompt")).to_have_text("Aki's card")
    expect(page.locator("#setup")).to_contain_text("deal 13 to each player")


def test_a_three_player_round_through_the_page(page: Page, live_server: str) -> None:
    seat_and_start(page, live_server)
    setup = setup_of(NAMES3)
    p = plan(setup, SEED, aim=0.9)
    final = p.state()
    assert final.points == (13, 12, 11) and final.last_hand == 2 and p.last_hand == ["9"]
    checked: set[str] = set()
    for seq, event in enumerate(p.log):
        state = p.state(seq)
        expect(page.locator("#prompt")).to_have_text(prompt_of(state))
        if event.kind not in checked:
            if event.kind == "discard":  # ticked keys show their count; everything still fits the phone
                page.click(f"form#discard .copies.r-{event.payload['cards'][0]} label:visible")
                expect(page.locator("form#discard .chosen .count")).to_be_visible()
                assert_phone_friendly(page)
                page.click("form#discard button[type=reset]")
            assert_phone_friendly(page)
            checked.add(event.kind)
        tap(page, event)
        wait_for_entry(page, seq + 1)
        after = p.state(seq + 1)
        if after.current is None and not after.is_over:
            # A turn is complete: the latest line, its rulings with their clauses, the hands.
            last = after.last_turn
            assert last is not None
            expect(page.locator("#latest")).to_contain_text(f"Turn {last.number}: ")
            expect(page.locator("#result h2")).to_have_text(f"Turn {last.number}")
            expect(page.locator("#result .rulings li").first.locator(".clause")).to_be_visible()
            sizes = [str(n) for n in after.sizes]
            assert page.locator("#players tbody td.num:nth-child(2)").all_inner_texts() == sizes
    # The round is over: the verdict, every score ruling, the majorities, the scoreboard.
    expect(page.locator("#final .verdict")).to_have_text("Aki wins the round with 13 points.")
    expect(page.locator("#final .rulings li").last).to_have_text("§The winner Aki wins with 13 points.")
    expect(page.locator("#majorities li").nth(2)).to_contain_text("most: Aki (1) · 13 points")
    assert [int(t) for t in page.locator("#scoreboard tfoot td").all_inner_texts()] == [13, 12, 11]
    expect(page.locator("#prompt")).to_have_count(0)
    assert_phone_friendly(page)
    # Cho shows the 9 still in hand: every hand is rebuilt, and every record fits.
    expect(page.locator("#last-hand h2")).to_have_text("Show Cho's last hand (optional)")
    tick(page, "form#show", p.last_hand)
    assert_phone_friendly(page)
    page.click("form#show button.primary")
    expect(page.locator("#result h2")).to_have_text("The last hand")
    expect(page.locator("#result .rulings li").last).to_contain_text(
        "Every discard and every hand-over fits the hands rebuilt.")
    expect(page.locator("#last-hand")).to_contain_text("Cho's last hand, shown: 9")
    expect(page.locator("#revokes")).to_have_count(0)
    page.click("#final a.primary")
    expect(page.locator("input[name=first_leader][value='1']")).to_be_checked()
    assert_phone_friendly(page)


def test_the_quick_judge_in_taps_at_phone_size(page: Page, live_server: str) -> None:
    page.goto(live_server + "/judge/kings-order")
    expect(page.locator("#prompt")).to_have_text("The player's hand: tap each card")
    for card in ("A", "2", "3", "4", "4", "4", "6", "7", "9", "J", "J", "K"):
        page.click(f"form.picker button[value='{card}']")
    expect(page.locator("#prompt")).to_have_text("More of the hand, or tap the card played")
    assert_phone_friendly(page)
    page.click("#judge-cards a.tile[aria-label='Played: 3']")
    expect(page.locator("#prompt")).to_have_text("Which half did the player keep?")
    assert_phone_friendly(page)
    page.click("#judge-keep a:first-child")
    for card in ("3", "3", "8"):
        page.click(f"form.picker button[value='{card}']")
    expect(page.locator("#result .verdict")).to_have_text("2 × 3 handed over.")
    expect(page.locator("#after dd").nth(1).locator(".tile")).to_have_text(["A", "2"])
    assert_phone_friendly(page)
