"""A 3-player Master of Rules game through the page, as the person with the phone plays it.

Two whole rounds are tapped in (with the dummies' cards and a reveal), then the other ten
rounds are entered through a test client on the same database, and the final scoring
screen is read in the browser.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion.app import create_app
from companion.rules import master_of_rules as mor
from tests.kit.browser import assert_phone_friendly
from tests.games.master_of_rules.table import SCORING_ROUNDS, Round, new_state, play_round, round_entries, whole_game
from tests.kit.seating import sit_down

pytestmark = pytest.mark.browser

NAMES = ["Aki", "Ben", "Cho"]
ROUND_1 = Round(("R3", "B1", "B3"), (mor.TRIO, mor.BEST_OF_THE_BEST, mor.TRIO), ("B2", "G1"),
                dummy_rule=mor.LIMIT_23, rule_first=frozenset({1}))
"""Ben lays his rule card first; Cho holds only TRIO, already Aki's, and reveals."""
ROUND_2 = SCORING_ROUNDS[1]


def expected_prompt(state: mor.State) -> str:
    e = state.expected
    assert e is not None
    if e.is_dummy:
        if len(e.kinds) > 1:
            return f"Dummy {e.dummy}: the top number and rule cards"
        what = "number" if e.kinds[0] == mor.DUMMY_NUMBER else "rule"
        return f"Dummy {e.dummy}: the top {what} card"
    name = NAMES[e.seat]
    if len(e.kinds) > 1:
        return f"{name}: a number or a rule card"
    return f"{name}: a {'rule' if e.kinds[0] == mor.RULE else 'number'} card"


def tap(page: Page, kind: str, fields: dict[str, str]) -> None:
    """A number card is two taps (colour, number); a rule card one, after ticking the reveal if needed."""
    form = page.locator("form.picker", has=page.locator(f"input[name=kind][value={kind}]"))
    if "card" in fields:
        form.locator(f"label[for=colour-{fields['card'][0]}]").click()
        form.locator(f"button[name=card][value={fields['card']}]").click()
    elif fields.get("reveal"):
        form.locator("label.reveal-toggle").click()
        form.locator(f".reveal-keys button[value={fields['rule']}]").click()
    else:
        form.locator(f".rule-keys button[value={fields['rule']}]").click()


def wait_for_entry(page: Page, seq: int) -> None:
    page.wait_for_selector(f"form.picker input[name=seq][value='{seq}'], #final", state="attached")


def test_three_players_two_rounds_by_taps_then_the_final_score(page: Page, live_server: str, tmp_path: Path) -> None:
    sit_down(page, live_server, mor.SLUG, NAMES)
    expect(page.locator("input[name=first_leader][value='0']")).to_be_checked()
    page.click("button[type=submit]")
    expect(page.locator("#setup")).to_contain_text("Deal 4 number cards and 3 rule cards to each player")
    expect(page.locator("#setup")).to_contain_text("dummy 1 (its 3-player side) and dummy 2")
    assert_phone_friendly(page)

    state = new_state(NAMES)
    seq = 0
    for number, r in enumerate((ROUND_1, ROUND_2), start=1):
        for kind, fields, after in round_entries(state, r):
            expect(page.locator("#prompt")).to_have_text(expected_prompt(state))
            if state.lap == 2 and not state.expected.is_dummy:
                expect(page.locator("form.picker")).to_have_count(1)  # only the other kind
            if fields.get("reveal"):
                assert_phone_friendly(page)
            tap(page, kind, fields)
            seq += 1
            wait_for_entry(page, seq)
            state = after
        done = state.results[-1]
        result = page.locator("#result")
        expect(result.locator("h2")).to_have_text(f"Round {number} judged")
        marks = ["✓ achieved" if v.achieved else "✗ missed" for v in done.verdicts]
        expect(result.locator(".verdicts li .mark")).to_have_text(marks)
        expect(result.locator(".verdicts li .why")).to_have_count(3)
        if number == 1:
            expect(result).to_contain_text("Cho revealed their rule cards")
            expect(result).to_contain_text("Ben is the start player of round 2.")
            assert_phone_friendly(page)
    totals = [int(t) for t in page.locator("#score tfoot tr.total td").all_inner_texts()]
    assert totals == list(state.points)

    # The other ten rounds, entered through a test client on the same database.
    seeder = create_app({"DATABASE": str(tmp_path / "browser.db"), "TESTING": True,
                         "WTF_CSRF_ENABLED": False}).test_client()
    seeder.set_cookie("lang", "en")
    game_url = page.url.removeprefix(live_server)
    for r in whole_game(state)[2:]:
        state = play_round(seeder, game_url, state, r)
    assert state.is_over

    page.reload()
    final = page.locator("#final")
    expect(final).to_be_visible()
    order = sorted(range(3), key=lambda s: (state.ranking[s], s))
    expect(final.locator(".ranking li")).to_have_text(
        [f"{NAMES[s]} {state.points[s]} points" for s in order])
    expect(page.locator("form.picker")).to_have_count(0)
    expect(page.locator("#score h2")).to_contain_text("Final score")
    places = [int(t) for t in page.locator("#score tfoot tr.place td").all_inner_texts()]
    assert places == list(state.ranking)
    scoreboard = [int(t) for t in page.locator("#scoreboard tfoot td").all_inner_texts()]
    assert scoreboard == list(state.points)
    assert_phone_friendly(page)


def to_lap_two_rule_cards(page: Page, base: str) -> int:
    """Seat the three and start; in lap 1 Aki and Ben lay number cards and Cho a rule card,
    so that in lap 2 Aki's and Ben's rule cards come one after the other, on the same
    picker. Returns how many entries were made."""
    sit_down(page, base, mor.SLUG, NAMES)
    page.click("button.primary[type=submit]")
    r = Round(("R3", "B1", "B3"), (mor.ONLY_ONE, mor.BEST_OF_THE_BEST, mor.TRIO), ("B2", "G1"),
              rule_first=frozenset({2}))
    seq = 0
    for kind, fields, after in round_entries(new_state(NAMES), r):
        tap(page, kind, fields)
        seq += 1
        wait_for_entry(page, seq)
        if after.lap == 2 and not after.expected.is_dummy:
            break
    expect(page.locator("#prompt")).to_have_text("Aki: a rule card")
    return seq


def test_two_rule_cards_of_lap_two_tapped_offline_are_stored_in_order_once_the_network_is_back(
        browser, live_server: str, live_db: Path) -> None:  # type: ignore[no-untyped-def]
    import sqlite3

    from tests.kit.browser import SMALL_PHONE

    phone = browser.new_context(viewport=SMALL_PHONE, locale="en-US", has_touch=True, is_mobile=True)
    page = phone.new_page()
    seq = to_lap_two_rule_cards(page, live_server)
    phone.set_offline(True)
    tap(page, mor.RULE, {"seat": "0", "rule": mor.ONLY_ONE})
    expect(page.locator("#outbox")).to_contain_text("1 waiting")
    expect(page.locator("#prompt")).to_have_text("Ben: a rule card")  # the lap's order and kind are known
    expect(page.locator(f"form.picker .rule-keys button[value={mor.ONLY_ONE}]")).to_be_disabled()
    tap(page, mor.RULE, {"seat": "1", "rule": mor.BEST_OF_THE_BEST})
    expect(page.locator("#outbox")).to_contain_text("2 waiting")
    assert_phone_friendly(page)
    phone.set_offline(False)
    wait_for_entry(page, seq + 2)
    expect(page.locator("#outbox")).to_have_count(0)
    expect(page.locator("#prompt")).to_have_text("Cho: a number card")
    conn = sqlite3.connect(live_db)
    try:
        rows = list(conn.execute("select kind, json_extract(payload, '$.seat'), json_extract(payload, '$.rule') "
                                 "from events order by game_id, seq"))
    finally:
        conn.close()
    assert rows[-2:] == [("rule", 0, mor.ONLY_ONE), ("rule", 1, mor.BEST_OF_THE_BEST)] and len(rows) == seq + 2
    phone.close()


def final_round_of_five(long_names: list[str]) -> tuple[dict[str, object], list[object]]:
    """A seeded five-player game stopped at the start of its final round, whose last round
    several players achieved (the verdict above the prompt lists them), with long names."""
    from companion.rules.base import replay
    from tests.kit.pages import driver

    for seed in range(1, 200):
        setup, log = driver(mor.SLUG).random_game(seed)
        if len(setup["players"]) != 5:
            continue
        for cut in range(len(log)):
            state = replay(mor.initial, mor.apply, setup, log[:cut]).state
            last = state.last_round
            if state.is_final_round and not state.plays and last is not None and len(last.achievers) >= 3:
                return {**setup, "players": long_names}, list(log[:cut])
    raise AssertionError("no such game")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_five_players_in_the_final_round_find_every_key_on_the_first_screen(
        browser, live_server: str, live_db: Path, lang: str) -> None:  # type: ignore[no-untyped-def]
    """The heaviest first screen of the game: five players and a dummy, the final round (said in
    the status line), the last round's verdict naming three or more players, lap 1's two
    pickers. After a colour is tapped its number keys, the rule keys, the prompt and Undo are
    all on the first screen of a 360x640 phone."""
    from companion import records, store
    from tests.kit import measure
    from tests.kit.browser import SMALL_PHONE
    from tests.kit.pages import record

    setup, log = final_round_of_five(["Akiko", "Benjamin", "Chiharu", "Daisuke", "Eriko"])
    table = records.import_table(store.connect(live_db), record(mor.SLUG, setup, log))  # type: ignore[arg-type]
    context = browser.new_context(viewport=SMALL_PHONE, locale=lang, has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page = context.new_page()
    try:
        page.goto(f"{live_server}/t/{table.scorer_token}/g/1")
        expect(page.locator("#latest")).to_be_visible()
        numbers = page.locator("form.picker.numbers")
        for colour in ("B", "P"):
            numbers.locator(f"label[for=colour-{colour}]").click()
            keys = [f"form.picker.numbers .nums-{colour} button >> nth={i}" for i in range(9)]
            rules = [f"form.picker.rules .rule-keys button >> nth={i}" for i in range(5)]
            assert measure.off_the_first_screen(page, "#prompt", "#panel button.undo", *keys, *rules) == []
    finally:
        context.close()
