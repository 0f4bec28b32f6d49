"""The standings board of a real club night on its big screen (1920x1080): 12, 40 and 100
players, in Japanese and English. The page never scrolls; the standings and the next round's
seats flow down in columns across the screen, and what does not fit turns over as pages by
itself, the page shown as "1/3". Within one full turn of the pages every player's name is
seen whole, at least 20 px high, in the standings and in the seats; a night whose board
changes while it shows its second page goes on from that page."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from playwright.sync_api import Browser, Page

from companion import store
from tests.conftest import make_app
from tests.kit.club import games_for, play

pytestmark = pytest.mark.browser

BIG_SCREEN = {"width": 1920, "height": 1080}
GAME = "black-junky"
"""Short games (about 40 entries at a table of four), so a night of 100 plays its tables quickly."""
TURN_S = 8
"""How often the board's pages turn (static/club.js)."""

SHOWN = """() => {
  const root = document.documentElement;
  const inside = (el) => {
    const box = el.getBoundingClientRect(), part = el.closest("section").getBoundingClientRect();
    if (box.right <= part.left || box.left >= part.right || box.bottom <= part.top || box.top >= part.bottom) return "out";
    const whole = box.left >= part.left - 1 && box.right <= part.right + 1 && box.top >= part.top - 1
      && box.bottom <= part.bottom + 1 && el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1;
    return whole ? "whole" : "cut";
  };
  const read = (selector, name) => {
    const seen = [], cut = [], small = [];
    for (const el of document.querySelectorAll(selector)) {
      const where = inside(el), who = name(el);
      if (where === "whole") seen.push(who);
      if (where === "cut") cut.push(who);
      if (where === "whole" && parseFloat(getComputedStyle(el).fontSize) < 20) small.push(who + " " + getComputedStyle(el).fontSize);
    }
    return {seen, cut, small};
  };
  const mark = (selector) => { const el = document.querySelector(selector); return el ? el.textContent.trim() : null; };
  return {
    fits: root.scrollHeight <= innerHeight && root.scrollWidth <= innerWidth,
    size: [root.scrollWidth, root.scrollHeight],
    standings: read("#standings tbody .who", el => el.firstChild.textContent.trim()),
    scores: read("#standings tbody .score", el => el.textContent.trim()),
    seats: read("#seats .who", el => el.textContent.trim()),
    standingsPage: mark("#standings .page-of"),
    seatsPage: mark("#seats .page-of"),
    seatsShown: document.querySelector("#seats") !== null,
  };
}"""


def names(count: int) -> list[str]:
    """Players named as a club's are: some in Japanese, some in English, and one long name."""
    found = [f"山田 花子{n}" if n % 2 else f"Player {n}" for n in range(1, count + 1)]
    found[-1] = "Alexandra Fitzgerald-Ito"  # as long as a name may be (24)
    return found


def set_up(client: FlaskClient, players: list[str]) -> str:
    answer = client.post("/club", data={
        "event_name": "Friday club", "game": GAME, "event_rounds": "3", "event_scoring": "placement",
        "options_for": GAME, "event_players": "\n".join(players)})
    assert answer.status_code == 303, answer.get_data(as_text=True)[:400]
    organiser = str(answer.headers["Location"])
    assert client.post(organiser + "draw").status_code == 303
    assert client.post(organiser + "start").status_code == 303
    return organiser


def round_tables(client: FlaskClient, organiser: str, number: int) -> list[store.ClubTable]:
    db = store.connect(client.application.config["DATABASE"], migrate=False)
    event = store.club_event_by_token(db, organiser.rstrip("/").rsplit("/", 1)[-1])
    assert event is not None
    return [t for t in store.club_tables(db, event.id) if t.round == number]


def play_tables(client: FlaskClient, tables: list[store.ClubTable]) -> None:
    db = store.connect(client.application.config["DATABASE"], migrate=False)
    logs: dict[int, Any] = {}
    for table in tables:
        seats = len(store.get_table(db, table.table_id).players)
        play(client, table.scorer_token, next(logs.setdefault(seats, games_for(GAME, seats))))


def board_of(client: FlaskClient, organiser: str) -> str:
    found = re.search(r'href="([^"]+)" id="board-link"', client.get(organiser).get_data(as_text=True))
    assert found is not None
    return found.group(1)


def screens(browser: Browser, url: str) -> dict[str, Page]:
    """The board on a 1920x1080 screen in each language."""
    shown = {}
    for lang in ("ja", "en"):
        context = browser.new_context(viewport=BIG_SCREEN, locale=lang)
        context.add_cookies([{"name": "lang", "value": lang, "url": url}])
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        shown[lang] = page
    return shown


def one_full_turn(screen: Page, wanted: list[str]) -> dict[str, Any]:
    """What the board shows over one full turn of its pages (or at once, with one page):
    the names seen whole in each part, the page marks shown, and every fault seen."""
    seen: dict[str, set[str]] = {"standings": set(), "seats": set()}
    marks: dict[str, set[str | None]] = {"standings": set(), "seats": set()}
    faults: list[str] = []
    deadline = time.monotonic() + 4 * TURN_S
    while True:
        now = screen.evaluate(SHOWN)
        if not now["fits"]:
            faults.append(f"the page scrolls: {now['size']}")
        for part in ("standings", "seats", "scores"):
            faults += [f"{part}: {who} is cut" for who in now[part]["cut"]]
            faults += [f"{part}: {who} is too small to read across a room" for who in now[part]["small"]]
        for part in ("standings", "seats"):
            seen[part] |= set(now[part]["seen"])
            marks[part].add(now[f"{part}Page"])
        complete = seen["standings"] >= set(wanted) and (seen["seats"] >= set(wanted) or not now["seatsShown"])
        if complete or time.monotonic() > deadline:
            return {"seen": seen, "marks": marks, "faults": faults, "seats": now["seatsShown"]}
        screen.wait_for_timeout(500)


def check(shown: dict[str, Page], players: list[str], paged: bool) -> None:
    for lang, screen in shown.items():
        turn = one_full_turn(screen, players)
        assert turn["faults"] == [], (lang, sorted(set(turn["faults"]))[:20])
        assert sorted(set(players) - turn["seen"]["standings"]) == [], lang
        assert turn["seats"], lang
        assert sorted(set(players) - turn["seen"]["seats"]) == [], lang
        marks = turn["marks"]["standings"] | turn["marks"]["seats"]
        if paged:
            pages = {m for m in marks if m}
            assert pages and all(re.fullmatch(r"\d+/\d+", m) for m in pages), (lang, marks)
            total = int(next(iter(turn["marks"]["standings"] - {""}), "1/1").split("/")[1])
            assert {f"{n}/{total}" for n in range(1, total + 1)} <= turn["marks"]["standings"], (lang, marks)
        else:
            assert marks == {""}, (lang, marks)  # everything on one page: no page number


@pytest.mark.parametrize("count", [12, 40])
def test_a_night_of_up_to_40_fits_the_screen_in_columns_without_pages(
        browser: Browser, live_server: str, live_db: Path, count: int) -> None:
    client = make_app(live_db).test_client()
    players = names(count)
    organiser = set_up(client, players)
    play_tables(client, round_tables(client, organiser, 1))
    assert client.post(organiser + "draw").status_code == 303  # round 2's seats, on the board
    shown = screens(browser, live_server + board_of(client, organiser))
    check(shown, players, paged=False)
    if count == 40:  # the standings flow in two columns across the screen
        lefts = shown["en"].evaluate(
            "new Set([...document.querySelectorAll('#standings tbody tr')].map(r => Math.round(r.getBoundingClientRect().left))).size")
        assert lefts == 2


def test_a_night_of_100_turns_its_pages_by_itself_and_keeps_its_page_when_the_night_changes(
        browser: Browser, live_server: str, live_db: Path) -> None:
    client = make_app(live_db).test_client()
    players = names(100)
    organiser = set_up(client, players)
    tables = round_tables(client, organiser, 1)
    play_tables(client, tables[:4])  # round 1 under way: its tables are on the board
    shown = screens(browser, live_server + board_of(client, organiser))
    check(shown, players, paged=True)

    screen = shown["en"]
    screen.wait_for_function("() => document.querySelector('#standings .page-of').textContent.startsWith('2/')",
                             timeout=4 * TURN_S * 1000)
    before = screen.evaluate("document.querySelector('#standings .page-of').textContent")
    screen.evaluate("document.getElementById('panel').dataset.old = 'yes'")
    play_tables(client, tables[4:5])  # a table finishes: the board is drawn again
    screen.wait_for_function("() => !document.getElementById('panel').dataset.old", timeout=10_000)
    after = screen.evaluate(SHOWN)
    page, total = (int(n) for n in before.split("/"))
    assert after["standingsPage"] in (before, f"{page % total + 1}/{total}"), (before, after["standingsPage"])
    assert after["fits"] and after["standings"]["cut"] == [], after
    # The page shown is the one its number says: its rows are the ones in sight. Read in one
    # turn of the pages (a page may turn between two reads on a busy machine: read again).
    for _ in range(3):
        seen = screen.evaluate(SHOWN)
        snap = screen.evaluate("""() => {
          const body = document.querySelector('#standings tbody');
          return {page: body.dataset.page, of: document.querySelector('#standings .page-of').textContent,
                  rows: [...body.rows].filter(r => r.dataset.page === body.dataset.page)
                                      .map(r => r.querySelector('.who').firstChild.textContent.trim())};
        }""")
        if snap["of"] == seen["standingsPage"]:
            break
    assert snap["rows"] and sorted(snap["rows"]) == sorted(seen["standings"]["seen"]), (snap, seen)
    assert int(snap["of"].split("/")[0]) == int(snap["page"]) + 1, snap
    for page_ in shown.values():
        page_.context.close()
