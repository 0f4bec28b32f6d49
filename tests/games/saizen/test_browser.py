"""A whole 4-player Saizen game through the page at phone size, as the person with the phone taps
it: the rule cards set on the new-game form (a toggle per row of each suit), each round's chip
lap (a row flipped, or a pass), every card (suit, then number; the joker one tap), the suit a
joker lead names, the play-offs stage after stage, the rounds' ends and the result."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from companion.rules import saizen as sz
from companion.rules.base import Event
from tests.games.saizen.table import NAMES4, plan, replayed
from tests.kit import measure
from tests.kit.browser import assert_phone_friendly
from tests.kit.seating import sit_down

pytestmark = pytest.mark.browser

SEED = 16
"""A deal for four with one joker: ♣ 決勝 (five play-offs), a joker lead, six chips moved over
the three rounds, the start player Dan leading every round."""


def wait_for_entry(page: Page, seq: int) -> None:
    """The panel has been swapped in, expecting entry `seq`, or the game is over."""
    page.wait_for_selector(f"#panel input[name=seq][value='{seq}'], #final", state="attached")


def tap(page: Page, event: Event) -> None:
    """The taps of one entry."""
    p = event.payload
    if event.kind == "flip":
        measure.tap(page, f"form#flip-{p['suit']} button[value={p['row']}]")
    elif event.kind == "pass":
        measure.tap(page, "form#pass button")
    elif event.kind == "name":
        measure.tap(page, f"form#name-suit button[value={p['suit']}]")
    elif page.locator("form.picker .hand-keys").count():  # every card of the hand is known: one tap
        measure.tap(page, f"form.picker .hand-keys button[value={p['card']}]")
    elif p["card"] == "JK":
        measure.tap(page, "form.picker .jokers button")
    else:
        card = str(p["card"])
        measure.tap(page, f"form.picker label.suit-btn.s-{card[0]}")
        measure.tap(page, f"form.picker button[name=card][value={card}]")


def seat_and_start(page: Page, base: str, setup: dict) -> None:  # type: ignore[type-arg]
    sit_down(page, base, sz.SLUG, NAMES4)
    expect(page.locator("#sz-faces")).to_be_visible()
    expect(page.locator("#sz-setup")).to_contain_text("1 joker: the start player gets 14 cards, the others 13.")
    options = setup["options"]
    # The rule cards as they lie: tap each row that does not show its first-named face.
    for suit in sz.SUITS:
        for row in sz.ROWS:
            box = page.locator(f"#sz-faces input[name={suit}_{row}]")
            if options[f"{suit}_{row}"] != sz.DEFAULT_FACES[row]:
                page.locator(f"#sz-faces label:has(input[name={suit}_{row}])").click()
            expect(box).to_be_checked(checked=options[f"{suit}_{row}"])
    label = page.locator("#sz-faces label:has(input[name=C_high])")
    expect(label.locator(".off")).to_be_visible()  # ♣ now shows 小
    expect(label.locator(".on")).to_be_hidden()
    assert_phone_friendly(page)
    page.fill("input[name=jokers]", str(options["jokers"]))
    page.check(f"input[name=round_leader][value={options['round_leader']}]")
    page.check(f"input[name=first_leader][value='{setup['first_leader']}']")
    page.click("button.primary[type=submit]")
    expect(page.locator("#prompt")).to_have_text("Dan: move a chip or pass?")
    expect(page.locator("#setup")).to_contain_text("Hand sizes: Aki 13, Ben 13, Cho 13, Dan 14 (1 joker in the deck)")


def expected_prompt(state: sz.State) -> str:
    seat = state.expected_seat
    assert seat is not None
    name = NAMES4[seat]
    if state.awaiting == "chip":
        return f"{name}: move a chip or pass?"
    if state.awaiting == "suit":
        return f"{name} led a joker: which suit?"
    return f"Play-off: {name}'s card" if state.stage else f"{name}'s card"


def test_a_whole_game_with_chips_a_joker_lead_and_playoffs_through_the_page(page: Page, live_server: str) -> None:
    setup, log = plan(SEED)
    final = replayed(setup, log)
    assert final.is_over and sum(1 for t in final.tricks if t.verdict and t.verdict.stages) == 5
    seat_and_start(page, live_server, setup)
    assert_phone_friendly(page)
    checked: set[str] = set()
    for seq, event in enumerate(log):
        state = replayed(setup, log[:seq])
        expect(page.locator("#prompt")).to_have_text(expected_prompt(state))
        what = "playoff" if state.stage else state.awaiting
        if what not in checked or (state.round > 0 and not state.round_tricks and state.awaiting == "chip"):
            if event.kind == "play" and event.payload["card"] != "JK" and not page.locator("form.picker .hand-keys").count():
                # the picker open on a suit: the numbers are big enough to tap, nothing too wide
                page.click(f"form.picker label.suit-btn.s-{str(event.payload['card'])[0]}")
            assert_phone_friendly(page)
            checked.add(what)
        if state.stage:
            expect(page.locator("#playoff")).to_contain_text(f"Play-off stage {state.stage}:")
        tap(page, event)
        wait_for_entry(page, seq + 1)
        after = replayed(setup, log[: seq + 1])
        if event.kind == "flip":
            expect(page.locator("#lap, #rule-cards").first).to_be_visible()
        if after.current is not None and after.current.lead_suit is not None and after.awaiting == "card" \
                and (not after.stage or any(c is not None for c in after.current.entries)):
            expect(page.locator("#live")).to_be_visible()
        done = after.last_trick
        if event.kind == "play" and done is not None and (after.current is None) and done is not state.last_trick:
            # a trick decided: the winner (or nobody), and the rulings with their clauses
            verdict = f"{NAMES4[done.winner]} wins the trick." if done.winner is not None else "Nobody wins the trick."
            expect(page.locator("#result .verdict")).to_have_text(verdict)
            expect(page.locator("#result .rulings li").first.locator(".clause")).to_be_visible()
            if after.round > state.round:
                expect(page.locator("#round-end h2")).to_have_text(f"Round {state.round + 1} is over")
                assert_phone_friendly(page)
    assert checked == {"chip", "card", "suit", "playoff"}
    # The game is over: the winner, the places, the scoreboard.
    totals = list(final.totals)
    best = max(totals)
    expect(page.locator("#final .verdict")).to_have_text(
        f"{', '.join(NAMES4[s] for s in range(4) if totals[s] == best)} won the most tricks: {best}.")
    assert [int(t) for t in page.locator("#scoreboard tfoot td").all_inner_texts()] == totals
    expect(page.locator("#final #places tbody tr")).to_have_count(4)
    expect(page.locator("#panel form.picker")).to_have_count(0)
    assert_phone_friendly(page)
    page.click("#final a.primary")
    expect(page.locator("input[name=first_leader][value='0']")).to_be_checked()  # the next start player


def stored(db) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """The entries stored at the table: (kind, card) in log order."""
    import sqlite3

    conn = sqlite3.connect(db)
    try:
        return [tuple(row) for row in conn.execute(
            "select kind, coalesce(json_extract(payload, '$.card'), '') from events order by game_id, seq")]
    finally:
        conn.close()


def to_the_first_card(page: Page, base: str) -> None:
    """Seat the four and start; everybody passes the chip lap, so Aki's card is asked."""
    sit_down(page, base, sz.SLUG, NAMES4)
    page.click("button.primary[type=submit]")
    for seq in range(4):
        expect(page.locator("#prompt")).to_have_text(f"{NAMES4[seq]}: move a chip or pass?")
        page.click("form#pass button")
        wait_for_entry(page, seq + 1)
    expect(page.locator("#prompt")).to_have_text("Aki's card")


def test_two_cards_of_a_trick_tapped_offline_are_stored_in_order_once_the_network_is_back(
        phone: BrowserContext, live_server: str, live_db) -> None:  # type: ignore[no-untyped-def]
    page = phone.new_page()
    to_the_first_card(page, live_server)
    phone.set_offline(True)
    page.click("form.picker label.suit-btn.s-S")
    page.click("form.picker button[name=card][value=S5]")
    expect(page.locator("#outbox")).to_contain_text("1 waiting")
    expect(page.locator("#prompt")).to_have_text("Ben's card")  # the trick's order is known
    expect(page.locator("form.picker button[name=card][value=S5]")).to_be_disabled()  # a waiting card is used
    page.click("form.picker button[name=card][value=S9]")  # ♠ is still open: one tap
    expect(page.locator("#outbox")).to_contain_text("2 waiting")
    expect(page.locator("#prompt")).to_have_text("Cho's card")
    assert_phone_friendly(page)
    assert stored(live_db) == [("pass", "")] * 4
    phone.set_offline(False)  # nothing tapped: they go by themselves
    wait_for_entry(page, 6)
    expect(page.locator("#outbox")).to_have_count(0)
    expect(page.locator("#prompt")).to_have_text("Cho's card")
    expect(page.locator("form.picker input.suit-radio[value=S]")).to_be_checked()  # the lead suit opens
    assert stored(live_db) == [("pass", "")] * 4 + [("play", "S5"), ("play", "S9")]
