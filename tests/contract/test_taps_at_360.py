"""Issue 31, goals 1 and 2, over every registered game: a whole seeded game tapped in on a
360x640 phone, and never a scroll.

Each game's seeded driver (tests/games/<game>/driver.py, random_game) gives a whole legal
game; its table is seated with no entry yet, and every entry is tapped in through the
game's panel (tests/kit/taps.py), each tap measured (tests/kit/measure.py). Held, at every
entry of the whole game:
- every tap's target was on the first screen with the page unscrolled (no scroll-needed tap);
- the page is back at the top after the entry (window.scrollY == 0);
- the entry took at most the game's limit of taps: the driver's tap_limit(kind, payload)
  if it has one, else 2 (Undo: 1);
- the entry went in by taps, not by a form submitted from script.
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
from playwright.sync_api import Browser
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion import records, rules, store
from companion.app import create_app
from companion.rules.base import UNDO, Event, replay
from companion.server import served_in_thread
from tests.browser.evening import page_order
from tests.kit import measure, taps
from tests.kit.browser import SMALL_PHONE
from tests.kit.pages import driver, record

pytestmark = pytest.mark.browser

SLUGS = sorted(rules.GAMES)
SEED = 1
TIMEOUT = 8000
"""How long (ms) an entry may take to be stored and its panel swapped in."""


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


@pytest.mark.parametrize("slug", SLUGS)
def test_a_whole_game_is_tapped_in_on_the_first_screen_within_its_taps(
        browser: Browser, server: Server, slug: str) -> None:
    drive = driver(slug)
    setup, driven = drive.random_game(SEED)
    log = list(driven)
    events = tap_order(slug, setup, log)
    lang, theme = look(slug)
    table = records.import_table(server.db, record(slug, setup, []))
    context = browser.new_context(viewport=SMALL_PHONE, locale=lang, color_scheme=theme,
                                  has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": server.base}])
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    page.goto(f"{server.base}/t/{table.scorer_token}/g/1")
    record_ = measure.recorder(page)
    over: list[str] = []
    scrolled: list[str] = []
    stopped = ""
    for number, event in enumerate(events, start=1):
        entry = record_.begin(label(number, event))
        try:
            taps.enter(page, slug, event)
            page.wait_for_selector(f"#panel input[name=seq][value='{number}']", state="attached")
        except (PlaywrightTimeout, AssertionError) as exc:
            shown = page.locator("#panel .error, #panel [role=alert]").all_inner_texts()
            stopped = f"{entry.label}: not taken ({shown or str(exc).splitlines()[0]})"
            break
        if not measure.unscrolled(page):
            scrolled.append(f"{entry.label}: scrollY {entry.scrolled}")
            page.evaluate("window.scrollTo(0, 0)")  # so the next entries are measured on their own
        if entry.taps > limit(drive, event):
            over.append(f"{entry.label}: {entry.taps} taps, limit {limit(drive, event)}")
    context.close()
    game = rules.GAMES[slug]
    cards = sum(len(game.names(e.kind, e.payload).cards) for e in events if e.kind != UNDO)
    card_taps = sum(entry.taps for entry, e in zip(record_.entries, events)
                    if e.kind != UNDO and game.names(e.kind, e.payload).cards)
    forms = [e.label for e in record_.entries if e.by_form]
    print(f"\n{slug} ({lang}, {theme}, {len(setup['players'])} players): {len(record_.entries)} entries, "
          f"{record_.taps} taps, {card_taps / max(cards, 1):.2f} taps per card ({cards} cards)"
          f"{'' if events is log else ', undos left out'}")
    problems = (([stopped] if stopped else [])
                + [f"scroll-needed: {m}" for m in record_.scroll_needed]
                + [f"stayed scrolled: {s}" for s in scrolled]
                + [f"too many taps: {o}" for o in over]
                + [f"entered by form, not by taps: {f}" for f in forms])
    assert problems == [], f"{slug}: {len(problems)} problems\n" + "\n".join(problems[:60])
