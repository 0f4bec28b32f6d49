"""A whole 3-player Take & Share game through the page at phone size, as the person with the
phone taps it: the share cards first, every card two taps (suit, number), and after each
trick one tap per share card for who got it; a wrong tap taken back with undo, a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion.rules import take_and_share as tns
from tests.kit.browser import assert_phone_friendly
from tests.games.take_and_share.table import NAMES3, Entry, new_state, play_through, whole_game
from tests.kit.seating import sit_down

pytestmark = pytest.mark.browser

SEED = 4
FIRST = 1


def wait_for_entry(page: Page, seq: int) -> None:
    """The panel has been swapped in, ready for entry `seq`, or the game is over."""
    page.wait_for_selector(f"#panel form input[name=seq][value='{seq}'], section.over", state="attached")


def tap_card(page: Page, code: str) -> None:
    """Two taps: the suit tab, then the number."""
    page.click(f"form.picker label.suit-btn.s-{code[0]}")
    page.click(f"form.picker button[name=card][value={code}]")


def tap_name(page: Page, seat: int) -> None:
    """One tap: who got the share card the page asks about."""
    page.click(f"form.give-form button[name=seat][value='{seat}']")


def seat_and_start(page: Page, base: str) -> None:
    sit_down(page, base, tns.SLUG, NAMES3)
    expect(page.locator("#tns-setup")).to_contain_text("48 cards, 3 to 10")
    expect(page.locator("input[name=long_game_target][value=printed]")).to_be_checked()
    page.check(f"input[name=first_leader][value='{FIRST}']")
    assert_phone_friendly(page)
    page.click("button.primary[type=submit]")
    expect(page.locator("#prompt")).to_have_text("Share card 1 of 3")


def expected_prompt(entry: Entry, state: tns.State) -> str:
    if entry.kind == "share":
        return f"Share card {len(state.share) + 1} of 3"
    if entry.kind == "play":
        return f"{NAMES3[entry.seat or 0]}'s card"
    h = state.handout
    assert h is not None
    return f"{NAMES3[h.giver]} hands out the share: who got {tns.card_text(entry.card, lambda s: s)}?"


def test_a_whole_three_player_game_at_phone_size(page: Page, live_server: str) -> None:
    seat_and_start(page, live_server)
    assert_phone_friendly(page)
    entries = list(whole_game(3, SEED, first=FIRST))
    assert len(entries) == 3 + 15 * 3 - 1 + 15 * 2  # neither a hand-out's last card nor the game's is entered
    state = new_state(NAMES3, first=FIRST)
    seq = 0
    first_give = next(i for i, e in enumerate(entries) if e.kind == "give")
    for i, entry in enumerate(entries):
        expect(page.locator("#prompt")).to_have_text(expected_prompt(entry, state))
        if i == first_give:
            # The hand-out: the share cards and the names, one tap each; a wrong name taken back.
            expect(page.locator("#share-out li")).to_have_count(3)
            assert_phone_friendly(page)
            wrong = next(s for s in range(3) if s != entry.seat)
            tap_name(page, wrong)
            seq += 1
            wait_for_entry(page, seq)
            expect(page.locator("#received .counts b").nth(wrong)).to_have_text("1")
            page.click("button.undo")
            seq += 1
            wait_for_entry(page, seq)
            expect(page.locator("#prompt")).to_have_text(expected_prompt(entry, state))
        if i == 40:
            prompt = page.locator("#prompt").inner_text()
            page.reload()
            expect(page.locator("#prompt")).to_have_text(prompt)
        if entry.kind == "give":
            tap_name(page, entry.seat or 0)
        else:
            tap_card(page, entry.card)
        seq += 1
        wait_for_entry(page, seq)
        state = tns.apply(state, entry.event)
        if i in (3, 4):
            # Mid-trick: the trick so far, high or low, and the picker open on a suit.
            expect(page.locator("#mode")).to_be_visible()
            page.click("form.picker label.suit-btn.s-H")
            assert_phone_friendly(page)
        if entry.kind == "play" and state.phase == tns.GIVE:
            expect(page.locator("#result .verdict")).to_contain_text("wins the trick")
            expect(page.locator("#result .rulings li").first).to_be_visible()
        if entry.kind == "give" and state.phase == tns.PLAY and len(state.tricks) == 1:
            expect(page.locator("#received .counts b")).to_have_text(["1", "1", "1"])
    assert state.is_over
    expect(page.locator("section.over")).to_be_visible()
    score = tns.final_score(state)
    assert_phone_friendly(page)
    expect(page.locator("#majorities tfoot td")).to_have_text([str(p) for p in score.points])
    expect(page.locator("#hauls li")).to_have_count(3)
    for li in page.locator("#hauls li").all():
        expect(li).to_contain_text("15 cards")
    totals = [int(t) for t in page.locator("#scoreboard tfoot td").all_inner_texts()]
    assert totals == list(score.points)
    assert play_through(entries, new_state(NAMES3, FIRST)).received_counts == (15, 15, 15)
    page.goto(page.url + "/history")
    expect(page.locator("li.undone")).to_have_count(1)
    expect(page.locator("ol.history > li")).to_have_count(seq)
