"""A whole 3-player game of Black Junky through the page at phone size, as the person with the
phone taps it: the table and its house rules (the variant on), then 13 rounds. Each player's
cards are ticked two taps a card (suit tab, then rank) and laid with one more tap; a player
whose hand is empty is not asked (they sit out); the deck's cross is one tap, its rank."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.games.black_junky.table import NAMES3, plan_game
from tests.kit.browser import assert_phone_friendly
from tests.kit.seating import sit_down

pytestmark = pytest.mark.browser

OPTIONS = {"black_measure": "black_count"}


def wait_for_entry(page: Page, seq: int) -> None:
    """The panel has been swapped in, ready for entry `seq`."""
    page.wait_for_selector(f"#panel input[name=seq][value='{seq}']", state="attached")


def tick_card(page: Page, code: str) -> None:
    """Two taps: the suit tab, then the rank's key (a checkbox)."""
    page.click(f"#reveal label.suit-btn.s-{code[0]}")
    page.click(f"#reveal label.key:has(input[value={code}])")


def assert_keys_big_enough(page: Page) -> None:
    """The suit tabs and the rank keys are at least 44 CSS px each way."""
    small = page.evaluate(
        """() => [...document.querySelectorAll('label.suit-btn, .key')]
            .filter(e => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden')
            .map(e => [e.textContent.trim(), e.getBoundingClientRect()])
            .filter(([, r]) => r.width < 44 || r.height < 44)
            .map(([t, r]) => `${t} ${r.width}x${r.height}`)"""
    )
    assert small == [], small


def test_a_whole_three_player_game_with_the_variant_through_the_page(page: Page, live_server: str) -> None:
    sit_down(page, live_server, "black-junky", NAMES3)
    # The new-game form: no start question, the deal for three, the house rules.
    expect(page.locator("input[name=first_leader]")).to_have_count(0)
    expect(page.locator("#bj-setup")).to_contain_text("21 to each player")
    expect(page.locator("#bj-setup")).to_contain_text("2 cards left over are set aside unseen.")
    page.check("input[name=black_measure][value=black_count]")
    assert_phone_friendly(page)
    page.click("button.primary[type=submit]")
    expect(page.locator("#prompt")).to_have_text("Aki's cards")
    expect(page.locator("#setup")).to_contain_text("most black cards kept wins")
    assert_phone_friendly(page)

    game = plan_game(NAMES3, seed=31, options=OPTIONS, empty_seats=[2])
    seq = 0
    for number, r in enumerate(game.rounds, start=1):
        last = number == len(game.rounds) == 13  # the deck's last cross turns by itself
        for seat, cards in enumerate(r.plays):
            if not cards:  # an empty hand is not asked for: that player sits out
                if last and seat > max(s for s, c in enumerate(r.plays) if c):
                    continue  # the round is over with the last reveal
                expect(page.locator("#table-cards li").nth(seat)).to_contain_text("sits out")
                if number == 2:
                    assert_phone_friendly(page)
                continue
            expect(page.locator("#prompt")).to_have_text(f"{NAMES3[seat]}'s cards")
            for code in cards:
                tick_card(page, code)
            expect(page.locator("#reveal .chosen .count")).to_be_visible()
            expect(page.locator("#reveal input[type=checkbox]:checked")).to_have_count(len(cards))
            if number == 1 and seat == 0:
                assert_phone_friendly(page)
                assert_keys_big_enough(page)
            page.click("#reveal button[type=submit]")
            seq += 1
            wait_for_entry(page, seq)
        if last:
            expect(page.locator("#result .rulings li").first).to_contain_text("the deck's last cross")
            break
        expect(page.locator("#prompt")).to_have_text("The deck’s cross: turn it and tap its rank")
        if number == 1:
            assert_phone_friendly(page)
            assert_keys_big_enough(page)
        page.click(f"#deck button[name=card][value={r.deck}]")
        seq += 1
        wait_for_entry(page, seq)
        state = game.state(number)
        expect(page.locator("#result h2")).to_contain_text(f"Round {number}")
        shown = [t.strip() for t in page.locator("#totals tbody tr .total").all_inner_texts()]
        assert shown == [str(t) for t in state.last_round.totals if t is not None]
        if number == 2:
            expect(page.locator("#totals tbody tr").nth(2)).to_contain_text("no cards left: sits out")
            assert_phone_friendly(page)

    state = game.state()
    assert state.is_over
    expect(page.locator("#prompt")).to_have_count(0)
    expect(page.locator("#final .verdict")).to_contain_text(re.compile(r"black cards? kept"))
    expect(page.locator("#kept tbody tr")).to_have_count(3)
    kept = [int(t) for t in page.locator("#kept td.num").all_inner_texts()]
    assert kept == list(state.variant_points or ())
    wins = [int(t) for t in page.locator("#wins .counts-table tbody td:nth-child(2)").all_inner_texts()]
    assert wins == list(state.wins)
    totals = [int(t) for t in page.locator("#scoreboard tfoot td").all_inner_texts()]
    assert totals == list(state.variant_points or ())
    assert_phone_friendly(page)
    page.click("a.button:has-text('History')")
    expect(page.locator("ol.history > li")).to_have_count(seq)
