"""Issue 31, goals 1 and 2, over every registered game: a whole seeded game tapped in on a
360x640 phone, and never a scroll; issue 47: not while the table's server is out of reach
either.

Each game's seeded driver (tests/games/<game>/driver.py, random_game) gives a whole legal
game; its table is seated with no entry yet, and every entry is tapped in through the
game's panel (tests/kit/taps.py), each tap measured (tests/kit/measure.py). Held, at every
entry of the whole game:
- every tap's target was on the first screen with the page unscrolled (no scroll-needed tap);
- the page is back at the top after the entry (window.scrollY == 0);
- the entry took at most the game's limit of taps: the driver's tap_limit(kind, payload)
  if it has one, else 2 (Undo: 1);
- the entry went in by taps, not by a form submitted from script.
Once in each game (from a third of the way in, where the picker takes the most entries
ahead) the server goes out of reach (tests/kit/outbox.py's Outage: the phone's Wi-Fi drops,
or the server stops answering, alternately over the games) for up to OFFLINE_ENTRIES
entries, as far as the picker takes them without the table's answer. After each of them the
page says so in its one line (#outbox: away, with the count waiting), and the prompt, Undo
and that line are on the first screen with the page unscrolled; the next entry's keys are
measured by its own taps, as ever. Then the server is back, and the waiting entries land by
themselves, each stored as tapped. A Black Junky game whose last round's reveals grow to 11
and 9 cards is tapped in the same way, out of reach from its 11 cards.
Languages and themes alternate over the games (Japanese and English, light and dark), so
both of each are covered. A test prints the game's entries, taps and taps per card.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion import records, rules, store
from companion.app import create_app
from companion.rules.base import UNDO, Event, replay
from companion.server import served_in_thread
from tests.browser.evening import page_order
from tests.kit import measure, taps
from tests.kit.browser import SMALL_PHONE
from tests.kit.outbox import Outage, picker_ahead
from tests.kit.pages import driver, record

pytestmark = pytest.mark.browser

SLUGS = sorted(rules.GAMES)
SEED = 1
TIMEOUT = 8000
"""How long (ms) an entry may take to be stored and its panel swapped in."""
OFFLINE_ENTRIES = 3
"""At most how many entries of each game are made while the server is out of reach."""
LANDED = 20000
"""How long (ms) the entries made out of reach may take to land once the server is back (the
outbox sends again every 3 s, and at once when the phone is back online)."""


def look(slug: str) -> tuple[str, str]:
    """The language and theme a game is played in: both languages and both themes are covered."""
    i = SLUGS.index(slug)
    return ("ja" if i % 2 == 0 else "en"), ("dark" if i // 2 % 2 else "light")


@dataclass
class Server:
    base: str
    db: Any


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One live server for every game of this module (a table each)."""
    path: Path = tmp_path_factory.mktemp("taps") / "taps.db"
    app = create_app({"DATABASE": str(path)})
    with served_in_thread(app) as served:
        yield Server(f"http://127.0.0.1:{served.port}", store.connect(path))


def outage_way(slug: str) -> str:
    """How a game's server goes out of reach: both ways in each language."""
    return "server" if SLUGS.index(slug) % 4 in (1, 2) else "wifi"


def tap_order(slug: str, setup: dict[str, Any], log: list[Event]) -> list[Event]:
    """The driver's log as the page takes it: where the driver enters a run of entries of one
    kind in an order the engine allows but the page does not offer (the page asks for one
    seat at a time), those runs in the page's order, undos left out; else the log as it is."""
    game = rules.GAMES[slug]
    kept = [log[p] for p in replay(game.initial, game.apply, setup, log).effective]
    ordered = page_order(slug, setup, log, tuple({e.kind for e in kept}))
    if ordered == kept:
        return log
    try:
        if replay(game.initial, game.apply, setup, ordered).state.is_over:
            return ordered
    except Exception:  # noqa: BLE001 - an order the engine refuses: the driver's own order then
        pass
    return log


def limit(drive: ModuleType, event: Event) -> int:
    if event.kind == UNDO:
        return 1
    tap_limit = getattr(drive, "tap_limit", None)
    return 2 if tap_limit is None else int(tap_limit(event.kind, dict(event.payload)))


def label(number: int, event: Event) -> str:
    payload = ", ".join(f"{k}={v}" for k, v in event.payload.items())
    return f"entry {number} {event.kind}({payload})"


LINE_SAYS_AWAY_JS = """n => {
  const line = document.getElementById('outbox');
  return !!line && line.dataset.kind === 'away' && line.offsetParent !== null
    && line.querySelector('.outbox-said').textContent.includes(String(n));
}"""
"""The page's one line says it is out of reach, with `n` entries waiting."""


def back(page: Page, outage: Outage, offline: list[int]) -> str:
    """The server within reach again: the entries made meanwhile land by themselves (no tap).
    Returns what went wrong, or ""."""
    outage.end()
    try:
        page.wait_for_selector(f"#panel input[name=seq][value='{offline[-1]}']", state="attached", timeout=LANDED)
    except PlaywrightTimeout:
        shown = page.locator("#panel .error, #panel [role=alert], #outbox, #outbox-refused").all_inner_texts()
        return f"entries {offline} made out of reach did not land ({shown})"
    return ""


def stored_as_tapped(server: Server, table_id: str, slug: str, events: list[Event], offline: list[int]) -> list[str]:
    """Each entry made out of reach stored once, in its place, as tapped: its kind, its seat and
    how many cards it names (a code may be stored in the game's own shorter form: King's
    Order's rank-only cards)."""
    game = rules.GAMES[slug]

    def said(kind: str, payload: Any) -> tuple[str, int | None, int]:
        names = game.names(kind, payload)
        return kind, names.seat, len(names.cards)

    row = store.games_of(server.db, table_id)[0]
    stored = store.events_of(server.db, row.id)
    wrong = [] if len(stored) == offline[-1] else [f"{len(stored)} entries stored after entry {offline[-1]}"]
    for number in offline:
        want, got = events[number - 1], (stored[number - 1] if number <= len(stored) else None)
        if got is None or said(got.kind, got.payload) != said(want.kind, want.payload):
            wrong.append(f"entry {number} made out of reach stored as {got and (got.kind, dict(got.payload))}, "
                         f"tapped as {(want.kind, dict(want.payload))}")
    return wrong


def tap_game(browser: Browser, server: Server, slug: str, setup: dict[str, Any], events: list[Event],
             lang: str, theme: str, way: str, offline_from: int | None = None) -> tuple[str, list[str]]:
    """Tap a whole game in on a 360x640 phone, the server out of reach once on the way (from
    entry `offline_from`, or from a third of the way in where the picker takes the most
    entries ahead). Returns the game's figures (a line to print) and its problems."""
    drive = driver(slug)
    table = records.import_table(server.db, record(slug, setup, []))
    context = browser.new_context(viewport=SMALL_PHONE, locale=lang, color_scheme=theme,  # type: ignore[arg-type]
                                  has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": server.base}])
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    outage = Outage(page, way)
    outage.prepare()
    page.goto(f"{server.base}/t/{table.scorer_token}/g/1")
    record_ = measure.recorder(page)
    over: list[str] = []
    scrolled: list[str] = []
    away: list[str] = []
    landed: list[str] = []
    stopped = ""
    offline: list[int] = []  # the entries made out of reach

    def time_to_go(number: int, event: Event) -> bool:
        if outage.down or offline or event.kind == UNDO:
            return False
        if offline_from is not None:
            return number >= offline_from
        return number > len(events) // 3 and (picker_ahead(page) >= OFFLINE_ENTRIES - 1
                                              or number > 2 * len(events) // 3)

    for number, event in enumerate(events, start=1):
        if time_to_go(number, event):
            outage.start()
        elif outage.down and (event.kind == UNDO or len(offline) == OFFLINE_ENTRIES or picker_ahead(page) < 0):
            stopped = back(page, outage, offline)
            if stopped:
                break
            landed = stored_as_tapped(server, table.id, slug, events, offline)
        entry = record_.begin(label(number, event) + (" (out of reach)" if outage.down else ""))
        try:
            taps.enter(page, slug, event)
            if outage.down:
                offline.append(number)
                page.wait_for_function(LINE_SAYS_AWAY_JS, arg=len(offline))
            else:
                page.wait_for_selector(f"#panel input[name=seq][value='{number}']", state="attached")
        except (PlaywrightTimeout, AssertionError) as exc:
            shown = page.locator("#panel .error, #panel [role=alert], #outbox").all_inner_texts()
            stopped = f"{entry.label}: not taken ({shown or str(exc).splitlines()[0]})"
            break
        if not measure.unscrolled(page):
            scrolled.append(f"{entry.label}: scrollY {entry.scrolled}")
            page.evaluate("window.scrollTo(0, 0)")  # so the next entries are measured on their own
        if outage.down:
            away += [f"{entry.label}: {m}" for m in measure.off_the_first_screen(
                page, "#prompt", "#panel button.undo", "#outbox")]
        if entry.taps > limit(drive, event):
            over.append(f"{entry.label}: {entry.taps} taps, limit {limit(drive, event)}")
    if outage.down and not stopped:
        stopped = back(page, outage, offline)
        landed = [] if stopped else stored_as_tapped(server, table.id, slug, events, offline)
    context.close()
    game = rules.GAMES[slug]
    cards = sum(len(game.names(e.kind, e.payload).cards) for e in events if e.kind != UNDO)
    card_taps = sum(entry.taps for entry, e in zip(record_.entries, events)
                    if e.kind != UNDO and game.names(e.kind, e.payload).cards)
    forms = [e.label for e in record_.entries if e.by_form]
    figures = (f"{slug} ({lang}, {theme}, {len(setup['players'])} players): {len(record_.entries)} entries, "
               f"{record_.taps} taps, {card_taps / max(cards, 1):.2f} taps per card ({cards} cards); "
               f"entries {offline} made out of reach ({way})")
    problems = (([stopped] if stopped else [])
                + ([] if offline or stopped else ["no entry was made out of reach"])
                + [f"out of reach, not on the first screen: {a}" for a in away]
                + landed
                + [f"scroll-needed: {m}" for m in record_.scroll_needed]
                + [f"stayed scrolled: {s}" for s in scrolled]
                + [f"too many taps: {o}" for o in over]
                + [f"entered by form, not by taps: {f}" for f in forms])
    return figures, problems


@pytest.mark.parametrize("slug", SLUGS)
def test_a_whole_game_is_tapped_in_on_the_first_screen_within_its_taps_out_of_reach_too(
        browser: Browser, server: Server, slug: str) -> None:
    setup, driven = driver(slug).random_game(SEED)
    log = list(driven)
    events = tap_order(slug, setup, log)
    lang, theme = look(slug)
    figures, problems = tap_game(browser, server, slug, setup, events, lang, theme, outage_way(slug))
    print(f"\n{figures}{'' if events is log else ', undos left out'}")
    assert problems == [], f"{slug}: {len(problems)} problems\n" + "\n".join(problems[:60])


LONG_ROUNDS = {"players": ["Aki", "Benjamin", "Cho", "Dai"],
               "options": {"red_suits": ["H"], "bust_21": False, "black_measure": "off", "crosses": 4}}
"""Black Junky with hearts the only red suit and four crosses: a short game whose last round
is where everyone lays what they hold."""


def long_rounds() -> list[Event]:
    """Three rounds of a card each, then a round whose reveals grow to 11, 9, 5 and 3 cards."""
    log: list[Event] = []
    for cards, cross in ((("S2", "S3", "S4", "S5"), "X2"), (("S6", "S7", "S8", "S9"), "X3"),
                         (("S10", "SJ", "SQ", "SK"), "X4")):
        log += [Event("reveal", {"seat": s, "cards": [c]}) for s, c in enumerate(cards)]
        log.append(Event("deck", {"card": cross}))
    return log + [
        Event("reveal", {"seat": 0, "cards": ["CA", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10", "CJ"]}),
        Event("reveal", {"seat": 1, "cards": ["DA", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9"]}),
        Event("reveal", {"seat": 2, "cards": ["LA", "L2", "L3", "HQ", "HK"]}),
        Event("reveal", {"seat": 3, "cards": ["L4", "L5", "L6"]}),
        Event("deck", {"card": "X5"}),
    ]


LONG_FROM = 16
"""The entry (from 1) of round 4's first reveal, the 11 cards: from it the server is out of reach."""


@pytest.mark.parametrize("look_", ["ja-dark-server", "en-light-wifi"])
def test_black_junky_rounds_whose_reveals_grow_long_are_tapped_in_on_the_first_screen(
        browser: Browser, server: Server, look_: str) -> None:
    """A four-player game with hearts the only red suit and four crosses: in round 4 the reveals
    grow to 11 and 9 cards, shown on the table's rows above the picker (in place, as waiting,
    while the server is out of reach: it is, from the 11 cards on); the keys and the lay
    button stay on the first screen, and every entry lands as tapped."""
    slug = "black-junky"
    lang, theme, way = look_.split("-")
    events = long_rounds()
    game = rules.GAMES[slug]
    assert replay(game.initial, game.apply, LONG_ROUNDS, events).state.is_over
    figures, problems = tap_game(browser, server, slug, LONG_ROUNDS, events, lang, theme, way,
                                 offline_from=LONG_FROM)
    print(f"\n{figures}")
    assert problems == [], f"{slug}: {len(problems)} problems\n" + "\n".join(problems[:60])
