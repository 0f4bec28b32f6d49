"""A whole 4-player King's Trick game through the page, as the person with the phone taps it:
every card in play order (a coloured card two taps, colour then value; KING, QUEEN and JESTER
one tap), each draft pick one tap, and at the end the アガリ that ends the game."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion.rules import kings_trick as kt
from companion.rules.base import Event
from tests.games.kings_trick.table import NAMES4, plan, replayed, setup_of
from tests.kit.browser import assert_phone_friendly
from tests.kit.seating import sit_down

pytestmark = pytest.mark.browser

SEED = 3
"""A deal whose game ends with Ben's アガリ (8 points: 3 swords, one KING/QUEEN/JESTER) in trick 6."""


def wait_for_entry(page: Page, seq: int) -> None:
    """The panel has been swapped in, expecting entry `seq`, or the game is over."""
    page.wait_for_selector(f"#panel input[name=seq][value='{seq}'], #final", state="attached")


def tap(page: Page, event: Event) -> None:
    """The taps of one entry: a card of the trick, a card of the draft, or an アガリ answer."""
    card = str(event.payload.get("card", ""))
    if event.kind == "play" and card in kt.SPECIALS:
        page.click(f"form.picker .specials button[value={card}]")
    elif event.kind == "play":
        page.click(f"form.picker label.colour-btn.c-{card[0]}")
        page.click(f"form.picker button[name=card][value={card}]")
    elif event.kind == "pick":
        page.click(f"form.picker .pool button[value={card}]")
    else:
        page.click(f"form#agari-{event.payload['seat']} button[value={event.kind}]")


def seat_and_start(page: Page, base: str) -> None:
    sit_down(page, base, kt.SLUG, NAMES4)
    expect(page.locator("#kt-setup")).to_contain_text("12 to each player")
    expect(page.locator("input[name=first_leader][value='0']")).to_be_checked()
    assert_phone_friendly(page)
    page.click("button.primary[type=submit]")
    expect(page.locator("#prompt")).to_have_text("Aki's card")
    expect(page.locator("#setup")).to_contain_text("12 to each player")


def test_a_four_player_game_to_an_agari_through_the_page(page: Page, live_server: str) -> None:
    seat_and_start(page, live_server)
    assert_phone_friendly(page)
    setup = setup_of(NAMES4)
    log, final = plan(setup, SEED, declare=1.0)
    assert final.ended_by == "agari" and final.points == (0, 8, 0, 0)
    checked = set()
    for seq, event in enumerate(log):
        state = replayed(setup, log[:seq])
        seat = state.expected_seat
        assert seat is not None
        expected = {
            kt.PLAY: f"{NAMES4[seat]}'s card",
            kt.DRAFT: f"{NAMES4[seat]}'s pick",
            kt.AGARI: ", ".join(NAMES4[s] for s in state.awaiting) + ": agari or pass?",
        }[state.phase]
        expect(page.locator("#prompt")).to_have_text(expected)
        if state.phase not in checked or seq == 2:
            if state.phase == kt.PLAY and event.payload["card"] not in kt.SPECIALS:
                # The picker open on a colour: the values are big enough to tap, nothing too wide.
                page.click(f"form.picker label.colour-btn.c-{str(event.payload['card'])[0]}")
            assert_phone_friendly(page)
            checked.add(state.phase)
        tap(page, event)
        wait_for_entry(page, seq + 1)
        if event.kind == "play" and len(state.plays) == 3:
            # The trick is decided: every card's value, the places and the draft, with clauses.
            trick = replayed(setup, log[: seq + 1]).last_trick
            assert trick is not None
            rows = page.locator("#places tbody tr")
            expect(rows).to_have_count(4)
            expect(rows.first.locator("th")).to_contain_text(NAMES4[trick.winner])
            expect(page.locator("#result .rulings li").first.locator(".clause")).to_be_visible()
    # Ben declared: the game is over, his set scored, the scoreboard and the next start player.
    expect(page.locator("#final .verdict")).to_have_text("Ben declared agari and scores 8.")
    expect(page.locator("#next-start")).to_contain_text("Ben scored, and is the start player of the next game.")
    totals = [int(t) for t in page.locator("#scoreboard tfoot td").all_inner_texts()]
    assert totals == [0, 8, 0, 0]
    expect(page.locator("#taken tfoot tr.now td").nth(1)).to_contain_text("8")
    expect(page.locator("#panel form.picker")).to_have_count(0)
    assert_phone_friendly(page)
    page.click("#final a.primary")
    expect(page.locator("input[name=first_leader][value='1']")).to_be_checked()
