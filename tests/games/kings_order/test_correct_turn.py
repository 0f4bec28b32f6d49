"""Correcting a whole King's Order turn on the smallest phone (360x640): the card played, the
player chosen with the count handed over, and (a turn whose cards thrown away were counted)
how many were thrown away and on which side. Every group's keys come onto the first screen
with at most one tap (its tab) and no scroll, each key at least 44 px each way, and one more
tap on a key sends the correction: the game page comes back showing it. In English and
Japanese, with the most players (6, five rows of player keys) and the fewest (3), a counted
turn and a turn whose discards were named; and with JavaScript off, as a plain form."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.conftest import make_app, soup
from tests.games.kings_order.table import NAMES3, NAMES6, post, seat_table
from tests.kit import measure
from tests.kit.browser import SMALL_PHONE, assert_phone_friendly

pytestmark = pytest.mark.browser

KEYS = {"card": "button[name=card]", "to": "button[name=to]", "thrown": "button[name=thrown]"}
"""Each group's keys, by the field they send (forms.py reads them)."""

TURNS: dict[str, dict[str, object]] = {
    "counted": {"card": "9", "thrown": "hi:2", "to": "1:0"},
    "named": {"card": "9", "hi": ["10", "J"], "to": "1:0"},
}
"""Aki's turn as entered: a 9 with two cards thrown away right of it (counted, or named 10 and
J), Ben chosen, nothing handed over. The 9 was really an 8."""

CHOSEN = {"en": "Aki chooses {name}", "ja": "Akiが{name}を選びます"}
"""The ruling once the player chosen is corrected."""

THROWN = {"en": "throws away 7 cards to its right", "ja": "右の7枚を捨てます"}
"""The ruling once the count thrown away is corrected to seven, right of the card played."""


@pytest.fixture(params=["en", "ja"])
def small_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    lang = request.param
    context = browser.new_context(viewport=SMALL_PHONE, locale="ja-JP" if lang == "ja" else "en-US",
                                  has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": "http://127.0.0.1"}])
    page = context.new_page()
    page.set_default_timeout(8000)
    yield page
    context.close()


def seated(live_db: Path, names: tuple[str, ...], kind: str) -> str:
    """A table whose first turn went in as TURNS[kind]: the path of the turn's correction page
    (the link on the turn's card on the game page)."""
    client = make_app(live_db).test_client()
    url = seat_table(client, names, options={"discards": kind})
    response = post(client, url, "turn", TURNS[kind])
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    card = soup(client.get(url)).select_one("#turn a.correct-card")
    assert card is not None, "the game page offers no link to correct the turn's card"
    link = str(card["href"])
    return link.replace("http://localhost", "")


def on_first_screen(page: Page, targets: Locator) -> list[str]:
    """The targets off the unscrolled first screen or under 44 px either way, with where they are."""
    wrong = []
    for i in range(targets.count()):
        target = targets.nth(i)
        inside, text, where = measure.first_screen(page, target)
        box = target.bounding_box()
        if not inside or box is None or box["width"] < 44 or box["height"] < 44:
            wrong.append(f"{text!r} at {where}, {box and round(box['width'])}x{box and round(box['height'])}")
    return wrong


def bring(page: Page, group: str) -> None:
    """Bring `group`'s keys onto the first screen as a person would: nothing if they are there
    already, else one tap on its tab; then every key of the group (and every tab) is on the
    unscrolled first screen, at least 44 px each way, and nothing scrolls sideways."""
    keys = page.locator(f"#correct {KEYS[group]}:visible")
    if keys.count() == 0 or on_first_screen(page, keys):
        tab = page.locator(f"#correct label[for=fix-{group}]")
        assert tab.count() == 1, f"the {group} keys are off the first screen and no tab brings them: " \
                                 f"{on_first_screen(page, keys)}"
        measure.tap(page, tab)
    expect(keys.first).to_be_visible()
    assert on_first_screen(page, keys) == []
    assert on_first_screen(page, page.locator("#correct .fix-tabs label")) == []
    prompt = page.locator("#correct h1")
    assert measure.first_screen(page, prompt)[0], "the page's heading is off the first screen"
    assert page.evaluate("window.scrollY") == 0
    assert_phone_friendly(page)


def correct(page: Page, game: str, link: str, group: str, key: str) -> measure.Entry:
    """Open the turn's correction page, bring `group` and tap its key `key` (its value); the
    game page comes back. The taps it took."""
    page.goto(game + link)
    entry = measure.recorder(page).begin(f"{group} {key}")
    bring(page, group)
    measure.tap(page, page.locator(f"#correct {KEYS[group]}[value='{key}']"))
    page.wait_for_url(re.compile(r"/g/1\?corrected="))
    return entry


def hand(page: Page, seat: int) -> Locator:
    """The cards in hand of `seat`, in the game page's players table."""
    return page.locator("#players tbody tr").nth(seat).locator("td").first


@pytest.mark.parametrize("names", [NAMES6, NAMES3], ids=["6-players", "3-players"])
@pytest.mark.parametrize("kind", ["counted", "named"])
def test_each_part_of_a_turn_is_corrected_from_the_first_screen(small_page: Page, live_server: str,
                                                                live_db: Path, names: tuple[str, ...],
                                                                kind: str) -> None:
    page = small_page
    link = seated(live_db, names, kind)
    game = live_server
    last = len(names) - 1  # the lowest row of player keys: the last seat

    entry = correct(page, game, link, "card", "8")  # the card played: shown first, one tap
    assert entry.taps == 1
    lang = page.evaluate("document.documentElement.lang")
    expect(page.locator("#latest-correction")).to_contain_text("9 → 8")
    expect(hand(page, 0)).to_have_text("10")

    entry = correct(page, game, link, "to", f"{last}:1")  # the last player, who handed over one 8
    assert entry.taps <= 2
    expect(page.locator("#latest-correction")).to_be_visible()
    expect(hand(page, last)).to_have_text("12")
    expect(page.locator("#result .rulings")).to_contain_text(CHOSEN[lang].format(name=names[last]))

    if kind == "counted":
        entry = correct(page, game, link, "thrown", "hi:7")  # in the lowest row of counts
        assert entry.taps <= 2
        expect(hand(page, 0)).to_have_text("5")  # 13, less the 8 and the seven thrown away
        expect(page.locator("#result .rulings")).to_contain_text(THROWN[lang])
        expect(hand(page, last)).to_have_text("12")  # the player chosen stays as corrected

    page.goto(game + link)
    tabs = ["card", "to"] + (["thrown"] if kind == "counted" else [])  # named: undo the turn instead
    expect(page.locator("#correct .fix-tabs label")).to_have_count(len(tabs))
    expect(page.locator(f"#correct {KEYS['thrown']}")).to_have_count(2 * 11 if kind == "counted" else 0)

    record = measure.recorder(page)
    assert record.scroll_needed == [], [str(m) for m in record.scroll_needed]


def test_without_javascript_the_tabs_and_the_keys_still_work(browser: Browser, live_server: str,
                                                             live_db: Path) -> None:
    """The tabs are radio boxes and CSS; the keys send a plain form."""
    context = browser.new_context(viewport=SMALL_PHONE, locale="en-US", has_touch=True, is_mobile=True,
                                  java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(8000)
    try:
        link = seated(live_db, NAMES6, "counted")
        entry = correct(page, live_server, link, "thrown", "lo:5")
        assert entry.taps == 2
        expect(page.locator("#result .rulings")).to_contain_text("throws away 5 cards to its left")
        expect(hand(page, 0)).to_have_text("7")
        assert measure.recorder(page).scroll_needed == []
    finally:
        context.close()
