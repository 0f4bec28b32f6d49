"""What an iPhone does that a desktop browser does not (issue 47), played in Chromium at
360x640 with the iPhone's ways put on it: its safe-area insets (through the DevTools
protocol), a live stream dropped without a word while the phone slept, a page restored from
the back-forward cache, an IndexedDB connection lost in the background, Safari 15's forms
(no requestSubmit, no SubmitEvent.submitter, a FormData that leaves out the button), a
plain-http LAN address; and every field at least 16 px, where iOS would zoom the page into
it. The stylesheets and scripts are read in tests/web/test_iphone_realities.py."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from companion import rules, store
from companion.rules import hyper_maker as hm
from tests.conftest import make_app
from tests.games.hyper_maker.table import enter as enter_by_client
from tests.games.hyper_maker.test_browser import seat_and_start, tap_card, wait_for_entry
from tests.kit.browser import LAN_NAME, SMALL_PHONE, TARGETS
from tests.kit.outbox import stored_cards
from tests.kit.pages import paths

pytestmark = pytest.mark.browser

MASTER, AKI, BEN = (hm.parse_card(c) for c in ("R5B6", "R1B10", "R2G9"))

HIDE = """() => { for (const [name, value] of [['visibilityState', 'hidden'], ['hidden', true]])
                    Object.defineProperty(document, name, {value, configurable: true});
                  document.dispatchEvent(new Event('visibilitychange')); }"""
SHOW = """() => { for (const [name, value] of [['visibilityState', 'visible'], ['hidden', false]])
                    Object.defineProperty(document, name, {value, configurable: true});
                  document.dispatchEvent(new Event('visibilitychange')); }"""

COUNT_STREAMS = """(() => {
  const Real = window.EventSource;
  window.__streams = [];
  window.EventSource = class extends Real {
    constructor(...args) { super(...args); window.__streams.push(this); }
  };
})();"""
"""Every EventSource the page makes, kept in window.__streams."""




def streams(page: Page) -> list[int]:
    """The readyState of each stream the page has made, oldest first (2: closed)."""
    return list(page.evaluate("window.__streams.map(s => s.readyState)"))


def asks(page: Page) -> list[str]:
    """Every request the page makes for its panel or its stream from now on ("panel", "live")."""
    seen: list[str] = []

    def note(request: Request) -> None:
        if re.search(r"/g/\d+/panel$", request.url):
            seen.append("panel")
        elif request.url.endswith("/live"):
            seen.append("live")

    page.on("request", note)
    return seen


def until(page: Page, done: Callable[[], bool], seconds: float = 10) -> None:
    """Wait, letting the page run, until `done()` (a check on what the test has seen)."""
    for _ in range(int(seconds * 10)):
        if done():
            return
        page.wait_for_timeout(100)
    assert done()


@pytest.fixture
def streaming(phone: BrowserContext) -> Page:
    phone.add_init_script(COUNT_STREAMS)
    return phone.new_page()


# --- 1. Every field at least 16 px; 5. every key answers a tap at once ---

FIELDS = """() => [...document.querySelectorAll('input, select, textarea')]
  .filter(e => !['hidden', 'checkbox', 'radio', 'submit', 'button', 'reset', 'image'].includes(e.type))
  .map(e => [e.outerHTML.slice(0, 90), parseFloat(getComputedStyle(e).fontSize)])"""
"""Each field a person types in or picks from (iOS zooms into one under 16 px as it is
focused; boxes, radios and buttons it does not), with its font size in CSS px; hidden ones
too (a closed details opens)."""

SLOW_TAPS = """targets => [...document.querySelectorAll(targets)]
  .filter(e => e.checkVisibility({visibilityProperty: true}))
  .filter(e => getComputedStyle(e).touchAction !== 'manipulation')
  .map(e => e.outerHTML.slice(0, 90))"""


def pages_of_every_kind(live_db: Path) -> list[str]:
    """Every kind of page with a field or a key: each game's seating, quick judge, new game,
    correction and its game page at each step of a seeded game (their panels differ); the
    shared pages of a table once; a club night's and a group's book's pages."""
    kinds: set[str] = set()
    found = []
    for path in paths(store.connect(live_db)):
        if path.startswith("/rules/") or "?" in path:
            continue
        kind = re.sub(r"/[tbe]/[^/]+", "/x", path)
        per_game = re.search(r"/(seat|judge)/|/g/1(/correct/\d+)?$", path)
        if per_game or kind not in kinds:
            found.append(path)
        kinds.add(kind)
    client = make_app(live_db).test_client()
    client.set_cookie("lang", "en")
    event = client.post("/club", data={
        "event_name": "Friday club", "game": "master-of-rules", "event_rounds": "2", "event_scoring": "placement",
        "options_for": "master-of-rules", "event_players": "\n".join(f"Player {n}" for n in range(1, 9))})
    assert event.status_code == 303
    book = client.post("/book", data={"name": "Friday"})
    assert book.status_code == 303
    keeper = str(book.headers["Location"]).split("?")[0]
    assert client.post(keeper + "roster", data={"name": "Ann"}).status_code == 303
    found += ["/club/new", str(event.headers["Location"]), "/book/new"]
    found += [keeper + part for part in ("", "roster", "tables", "seat", "evenings", "ratings", "records", "players/1")]
    return found


def test_every_field_is_at_least_16_px_and_every_key_answers_a_tap_at_once(
        phone: BrowserContext, live_server: str, live_db: Path) -> None:
    page = phone.new_page()
    small: dict[str, list[Any]] = {}
    slow: dict[str, list[str]] = {}
    with_fields = set()
    for path in pages_of_every_kind(live_db):
        page.goto(live_server + path)
        fields = page.evaluate(FIELDS)
        if fields:
            with_fields.add(re.sub(r"/[tbe]/[^/]+", "/x", path))
        small[path] = [field for field in fields if field[1] < 16]
        slow[path] = page.evaluate(SLOW_TAPS, TARGETS)
    assert {path: s for path, s in small.items() if s} == {}
    assert {path: s for path, s in slow.items() if s} == {}
    # The fields were there to measure: the names at every game's seating, the table's
    # names, a club night's players and its link, the book's roster and its season.
    assert {f"/seat/{slug}" for slug in rules.GAMES} | {"/x/names", "/club/new", "/x/", "/x/roster"} <= with_fields
    # The picker's keys of every game were among those measured.
    assert len([path for path in small if path.endswith("/g/1")]) >= len(rules.GAMES)


# --- 2. The page, and Start at its foot, clear of the notch and the home indicator ---

def safe_area(page: Page, **insets: int) -> None:
    """The screen's safe-area insets in CSS px, as an iPhone's browser reports them."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setSafeAreaInsetsOverride",
             {"insets": {side: insets.get(side, 0) for side in ("top", "right", "bottom", "left")}})


def test_start_stays_above_the_home_indicator_and_nothing_overflows(phone: BrowserContext, live_server: str) -> None:
    page = phone.new_page()
    safe_area(page, bottom=34)
    page.goto(live_server + "/seat/hyper-maker")
    bar = page.locator(".start-bar")
    assert bar.evaluate("e => getComputedStyle(e).position") == "sticky"
    # The seating form runs on below the screen: Start is held at its foot, above the indicator.
    assert page.evaluate("document.documentElement.scrollHeight") > SMALL_PHONE["height"]
    start = page.locator("#start").bounding_box()
    held = bar.bounding_box()
    assert start is not None and held is not None
    assert held["y"] + held["height"] == pytest.approx(SMALL_PHONE["height"], abs=1)
    assert start["y"] + start["height"] <= SMALL_PHONE["height"] - 34
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "horizontal scroll"
    # Without insets (a phone with a home button, any desktop) it is as it was.
    safe_area(page)
    page.reload()
    assert page.locator("#start").bounding_box()["y"] + 44 <= SMALL_PHONE["height"]  # type: ignore[index]
    assert float(bar.evaluate("e => parseFloat(getComputedStyle(e).paddingBottom)")) < 34


def test_turned_sideways_the_page_keeps_clear_of_the_notch(browser: Browser, live_server: str) -> None:
    context = browser.new_context(viewport={"width": 640, "height": 360}, locale="en-US", has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    safe_area(page, left=47, right=47, bottom=21)
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    for selector in ("#prompt", "form.picker", ".bar .brand", ".langs"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["x"] >= 47 and box["x"] + box["width"] <= 640 - 47, (selector, box)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "horizontal scroll"
    context.close()


# --- 3. The live stream after the back-forward cache, a locked screen, a silent drop ---

def test_a_page_restored_from_the_back_forward_cache_asks_for_its_panel_and_opens_its_stream_again(
        streaming: Page, live_server: str) -> None:
    page = streaming
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    expect(page.locator("html")).to_have_attribute("data-live", "stream")
    assert streams(page) == [1]
    seen = asks(page)
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: false}))")
    page.wait_for_timeout(300)
    assert (streams(page), seen) == ([1], [])  # a page loaded afresh: nothing to do again
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}))")
    assert streams(page) == [2]  # put away in the cache: its stream is closed
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))")
    page.wait_for_function("() => window.__streams.length === 2")
    assert streams(page) == [2, 1]
    assert "panel" in seen and "live" in seen
    expect(page.locator("html")).to_have_attribute("data-live", "stream")


def test_a_phone_back_from_a_locked_screen_catches_up_at_once(
        streaming: Page, live_server: str, live_db: Path) -> None:
    page = streaming
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    expect(page.locator("html")).to_have_attribute("data-live", "stream")
    page.evaluate(HIDE)  # the phone sleeps, and iOS drops the stream without a word (no error)
    page.evaluate("window.__streams[0].close()")
    other = make_app(live_db).test_client()
    other.set_cookie("lang", "en")
    enter_by_client(other, page.url.replace(live_server, ""), MASTER.code)  # another phone enters meanwhile
    page.wait_for_timeout(1500)
    expect(page.locator("#prompt")).to_have_text("Turn the master card and enter it")  # asleep: nothing asked
    seen = asks(page)
    page.evaluate(SHOW)
    expect(page.locator("#prompt")).to_have_text("Aki's card")
    assert streams(page) == [2, 1] and seen[:2] in (["live", "panel"], ["panel", "live"])
    expect(page.locator("html")).to_have_attribute("data-live", "stream")


def quiet_after(page: Page, seconds: float) -> None:
    """The page's watchdog shortened (the game page says 35 s, for a server heard every 15 s)."""
    page.evaluate("s => { document.getElementById('panel').dataset.liveQuiet = String(s); }", seconds)


def test_a_stream_gone_quiet_is_opened_again_by_the_watchdog(
        streaming: Page, live_server: str, live_db: Path) -> None:
    page = streaming
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    expect(page.locator("html")).to_have_attribute("data-live", "stream")
    assert page.locator("#panel").get_attribute("data-live-quiet") == "35"
    page.wait_for_timeout(3000)
    assert streams(page) == [1]  # a quiet table's stream stays as it is within its allowance

    # Open, but silent for longer than allowed (the server's next word is 15 s away): reopened.
    seen = asks(page)
    quiet_after(page, 1.5)
    page.wait_for_function("() => window.__streams.length > 1", timeout=10_000)
    assert streams(page)[0] == 2 and "live" in seen

    # A stream whose request never gets an answer (readyState connecting, no error, ever):
    # reopened again and again, while the page asks for its panel and follows the table.
    hanging: list[str] = []
    page.route("**/live", lambda route: hanging.append(route.request.url))
    made = len(streams(page))
    until(page, lambda: len(hanging) >= 2)
    assert len(streams(page)) >= made + 2 and streams(page)[:-1] == [2] * (len(streams(page)) - 1)
    expect(page.locator("html")).to_have_attribute("data-live", "asking")
    other = make_app(live_db).test_client()
    enter_by_client(other, page.url.replace(live_server, ""), MASTER.code)
    expect(page.locator("#prompt")).to_have_text("Aki's card")
    quiet_after(page, 35)  # the panel drawn again for the entry says 35 again anyway
    page.unroute_all(behavior="ignoreErrors")
    expect(page.locator("html")).to_have_attribute("data-live", "stream", timeout=40_000)


# --- 4. IndexedDB lost in the background ---

LOSE_IDB = """(() => {
  const seen = new Set(), lost = new Set();
  const idb = window.__idb = {opened: 0, thrown: 0, loseFirst: %s};
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (...args) { idb.opened++; return open.apply(this, args); };
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (...args) {
    if (!seen.has(this)) {
      seen.add(this);
      if (idb.loseFirst) { idb.loseFirst = false; lost.add(this); }
    }
    if (lost.has(this)) {
      idb.thrown++;
      throw new DOMException('Connection to Indexed Database server lost. Refresh the page to try again', 'UnknownError');
    }
    return transaction.apply(this, args);
  };
  idb.lose = () => seen.forEach(db => lost.add(db));  // every connection the page holds now
})();"""
"""WebKit after backgrounding: every transaction on a connection the page held throws; a new
connection works."""

KEPT = """async () => {
  const id = 'companion-outbox:' + document.getElementById('outbox-words').dataset.outboxId;
  const fresh = idbKeyval.createStore('keyval-store', 'keyval');
  const kept = await idbKeyval.get(id, fresh);
  return [kept ? kept.queue.length : 0, Object.keys(localStorage).filter(k => k.startsWith('companion-outbox:')).length];
}"""
"""(entries kept in IndexedDB, outboxes kept in localStorage instead)"""


@pytest.mark.parametrize("when", ["first call", "after the page was in the background"])
def test_the_outbox_opens_indexeddb_again_when_webkit_lost_its_connection(
        phone: BrowserContext, live_server: str, live_db: Path, when: str) -> None:
    phone.add_init_script(LOSE_IDB % ("true" if when == "first call" else "false"))
    page = phone.new_page()
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    if when != "first call":
        tap_card(page, MASTER)
        wait_for_entry(page, 1)
        assert page.evaluate("window.__idb.thrown") == 0
        page.evaluate(HIDE)
        page.evaluate("window.__idb.lose()")
        page.evaluate(SHOW)
    phone.set_offline(True)
    tap_card(page, AKI if when != "first call" else MASTER)
    expect(page.locator("#outbox")).to_contain_text("1 waiting")
    assert page.evaluate(KEPT) == [1, 0]  # kept in IndexedDB, on a new connection
    assert page.evaluate("window.__idb.thrown") >= 1 and page.evaluate("window.__idb.opened") >= 2
    phone.set_offline(False)
    expect(page.locator("#outbox")).to_have_count(0, timeout=10_000)
    expect(page.locator("#prompt")).to_have_text("Ben's card" if when != "first call" else "Aki's card")
    assert stored_cards(live_db) == ([MASTER.code, AKI.code] if when != "first call" else [MASTER.code])


# --- 6. Safari 15's forms ---

SAFARI_15_FORMS = """(() => {
  delete HTMLFormElement.prototype.requestSubmit;
  delete SubmitEvent.prototype.submitter;  // before 15.4
  const Real = window.FormData;
  const Old = function (form) { return new Real(form); };  // before 16.4: the button left out
  Old.prototype = Real.prototype;
  window.FormData = Old;
})();"""


def test_taps_land_in_a_browser_without_request_submit_or_the_submitter(
        phone: BrowserContext, live_server: str, live_db: Path) -> None:
    phone.add_init_script(SAFARI_15_FORMS)
    page = phone.new_page()
    seat_and_start(page, live_server, ["Aki", "Ben", "Cho"])
    assert page.evaluate("[typeof HTMLFormElement.prototype.requestSubmit, 'submitter' in SubmitEvent.prototype]") \
        == ["undefined", False]
    for seq, card in enumerate((MASTER, AKI, BEN), start=1):
        tap_card(page, card)
        wait_for_entry(page, seq)
    page.click("button.undo")
    wait_for_entry(page, 4)
    expect(page.locator("#prompt")).to_have_text("Ben's card")
    assert stored_cards(live_db) == [MASTER.code, AKI.code, BEN.code, None]


# --- 7. A plain-http LAN address ---

def test_a_game_is_played_at_a_plain_http_lan_address(page: Page, live_server: str, live_db: Path) -> None:
    """Not a secure context, as a phone at http://192.168.x.y: no wake lock, no clipboard,
    no crypto.randomUUID. The page plays on without an error, the outbox and all."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    seat_and_start(page, live_server.replace("127.0.0.1", LAN_NAME), ["Aki", "Ben", "Cho"])
    assert page.evaluate("[window.isSecureContext, 'wakeLock' in navigator, 'randomUUID' in crypto]") \
        == [False, False, False]
    for seq, card in enumerate((MASTER, AKI, BEN), start=1):
        tap_card(page, card)
        wait_for_entry(page, seq)
    page.context.set_offline(True)
    tap_card(page, hm.parse_card("B4Y7"))
    expect(page.locator("#outbox")).to_contain_text("1 waiting")
    page.context.set_offline(False)
    expect(page.locator("#outbox")).to_have_count(0, timeout=10_000)
    assert stored_cards(live_db) == [MASTER.code, AKI.code, BEN.code, "B4Y7"]
    assert errors == []
