"""A whole 3-player Tateyoko game through the page at phone size, as the person with the phone
taps it: the starting card (suit, then rank); each card laid as its card (suit, then rank),
then the highlighted spot it lies on, or now and then the spot first, then the card; "done"
after a turn's cards, "pass" with the draw counted; at the end each hand as counts per suit."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion.rules import tateyoko as ty
from companion.rules.base import Event
from tests.games.tateyoko.table import NAMES3, plan, replayed
from tests.kit.browser import assert_phone_friendly
from tests.kit.seating import sit_down

pytestmark = pytest.mark.browser

SEED = 38
"""A deal whose game ends with a player laying their last card; one turn lays three cards in line."""


def wait_for_entry(page: Page, seq: int) -> None:
    """The panel has been swapped in, expecting entry `seq`, or the game is over."""
    page.wait_for_selector(f"#panel input[name=seq][value='{seq}'], #final", state="attached")


def seat_and_start(page: Page, base: str, first: int, limit: int) -> None:
    sit_down(page, base, ty.SLUG, NAMES3)
    expect(page.locator("#ty-setup")).to_contain_text("Deal 15 cards to each player; the other 33 are the deck.")
    assert_phone_friendly(page)
    page.check(f"input[name=first_leader][value='{first}']")
    page.fill("input[name=match_limit]", str(limit))
    page.click("button.primary[type=submit]")
    expect(page.locator("#prompt")).to_have_text("Turn up the starting card")


def tap_card(page: Page, form: str, code: str) -> None:
    """Two taps: the suit tab, then the rank."""
    page.click(f"{form} label.suit-btn.s-{code[0]}")
    page.click(f"{form} button[name=card][value={code}]")


def lay(page: Page, seq: int, event: Event, spot_first: bool, check: bool) -> None:
    spot, card = f"{event.payload['x']},{event.payload['y']}", str(event.payload["card"])
    if spot_first:
        page.click(f"form#lay button[name=spot][value='{spot}']")
        expect(page.locator("#chosen")).to_contain_text(f"At {spot}:")
        expect(page.locator("#layout .spot.chosen")).to_have_text(spot)
        if check:
            page.click(f"form#lay label.suit-btn.s-{card[0]}")
            assert_phone_friendly(page)
        tap_card(page, "form#lay", card)
    else:
        tap_card(page, "form#lay", card)
        target = page.locator(f"form#lay button.spot.ok[value='{spot}']")
        expect(target).to_be_visible()  # the spot it lies on is highlighted: it fits there
        if check:
            assert_phone_friendly(page)
        target.click()
    wait_for_entry(page, seq + 1)


def test_a_three_player_game_to_the_last_card_through_the_page(page: Page, live_server: str) -> None:
    setup, log = plan(SEED, 3)
    final = replayed(setup, log)
    assert final.ended == "out" and max(len(t.cards) for t in final.turns) >= 3
    seat_and_start(page, live_server, setup["first_leader"], setup["options"]["match_limit"])
    assert_phone_friendly(page)
    laid = 0
    checked = set()
    for seq, event in enumerate(log):
        state = replayed(setup, log[:seq])
        kind = event.kind
        if kind == "start":
            tap_card(page, "form#start", str(event.payload["card"]))
            wait_for_entry(page, seq + 1)
            expect(page.locator("#layout .cell.card")).to_have_count(1)
            continue
        name = NAMES3[state.expected_seat]
        if kind == "hand":
            expect(page.locator("#prompt")).to_have_text(f"{name}'s hand")
            if kind not in checked:
                expect(page.locator("form#hand")).to_contain_text(f"{name} should hold {state.hand_sizes[state.expected_seat]} card")
                assert_phone_friendly(page)
                checked.add(kind)
            counts = ty.counts_of([ty.parse_card(c) for c in event.payload["cards"]]) if "cards" in event.payload else \
                [int(event.payload["counts"].get(s, 0)) for s in ty.SUITS]
            for suit, count in zip(ty.SUITS, counts):
                if count:
                    page.fill(f"form#hand input[name=count_{suit}]", str(count))
            page.click("form#hand button[type=submit]")
            wait_for_entry(page, seq + 1)
            continue
        expected = f"{name}: the next card in line, or done" if state.current else f"{name}'s turn"
        expect(page.locator("#prompt")).to_have_text(expected)
        if kind == "lay":
            lay(page, seq, event, spot_first=laid % 5 == 4, check=laid in (0, 4))
            laid += 1
            if len(state.current) == 2:
                # The third card of a turn in line: all three are marked as the newest.
                expect(page.locator("#layout .cell.card.new")).to_have_count(3)
                assert_phone_friendly(page)
        elif kind == "done":
            page.click("form#done button")
            wait_for_entry(page, seq + 1)
        else:
            if state.deck:
                expect(page.locator(".turn-actions")).to_contain_text(f"A pass draws a card: {state.deck} left in the deck.")
            page.click("form#pass button")
            wait_for_entry(page, seq + 1)
            expect(page.locator("#hands tbody tr").nth(state.expected_seat).locator("td").first).to_have_text(
                str(replayed(setup, log[: seq + 1]).hand_sizes[state.expected_seat]))
    # The game is over: who went out, every hand's points, the scoreboard, the next start player.
    out = NAMES3[final.went_out]
    expect(page.locator("#final .verdict")).to_have_text(f"{out} went out and scores 5.")
    totals = [int(t) for t in page.locator("#scoreboard tfoot td").all_inner_texts()]
    assert totals == list(final.points)
    expect(page.locator("#panel form.picker")).to_have_count(0)
    expect(page.locator("#result .rulings li").first.locator(".clause")).to_be_visible()
    assert_phone_friendly(page)
    page.click("#final a.primary")
    following = ty.next_setup(final)["first_leader"]
    expect(page.locator(f"input[name=first_leader][value='{following}']")).to_be_checked()


def test_a_refused_card_says_the_rule_and_the_neighbour_and_the_layout_scrolls_in_its_box(page: Page, live_server: str) -> None:
    """The rulebook's example up to Dolly: Elsa's spade J fits nowhere; tapped right of the spade
    Q it is refused naming the heart K above. Then a long row: the grid scrolls in its own box,
    never the page, and the viewer-size overview fits the screen."""
    names = ["Alice", "Betty", "Catherine", "Dolly", "Elsa"]
    sit_down(page, live_server, ty.SLUG, names)
    page.click("button.primary[type=submit]")
    tap_card(page, "form#start", "SQ")
    seq = 1
    for cards in ([("0,1", "HQ")], [("-1,0", "SK")], [("1,1", "HK")], [("2,1", "HA"), ("2,0", "LA"), ("2,-1", "CA")]):
        for spot, card in cards:
            tap_card(page, "form#lay", card)
            page.click(f"form#lay button.spot.ok[value='{spot}']")
            seq += 1
            wait_for_entry(page, seq)
        page.click("form#done button")
        seq += 1
        wait_for_entry(page, seq)
    expect(page.locator("#prompt")).to_have_text("Elsa's turn")
    tap_card(page, "form#lay", "SJ")
    expect(page.locator("#chosen")).to_contain_text("♠spade J fits nowhere here")
    expect(page.locator("form#lay button.spot.ok")).to_have_count(0)
    page.click("form#lay button.spot[value='1,0']")
    expect(page.locator(".error")).to_contain_text("♠spade J cannot go at 1,0: ♥heart K above it has another rank")
    expect(page.locator(".error .clause")).to_have_text("§Every neighbour")
    assert_phone_friendly(page)
    # The spade J stays chosen; another card is two taps away. Elsa lays the club 2, 3, 4 ... 9
    # in one line to the right: the grid outgrows the screen.
    expect(page.locator("#chosen")).to_contain_text("♠spade J fits nowhere here")
    for n, code in enumerate(["C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"]):
        tap_card(page, "form#choose" if n == 0 else "form#lay", code)
        page.click(f"form#lay button.spot.ok[value='{3 + n},-1']")
        seq += 1
        wait_for_entry(page, seq)
    box = page.locator("#layout")
    assert box.evaluate("e => e.scrollWidth > e.clientWidth"), "the grid scrolls inside its box"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # The newest card was brought into view inside the box.
    newest = page.locator("#layout .cell.card.new").last
    expect(newest).to_be_in_viewport()
    assert_phone_friendly(page)
    # Zoomed out, the whole layout fits the box's width (no tap targets then).
    page.click("label.zoom-btn")
    assert box.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    expect(page.locator("#layout button.spot").first).to_be_hidden()
    page.click("label.zoom-btn")
    expect(page.locator("#layout button.spot").first).to_be_visible()
