"""A small club night in the browser: twelve players, three tables, two rounds. The organiser
sets it up, draws, swaps and starts each round on a 360x640 phone; each table's game is
played quickly by posting a seeded game's entries to its scorer link; the standings board on
a 1920x1080 screen (light, then dark) and on a player's phone follows every table by itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion import club, store, tables
from companion.club.words import number as said_score
from tests.conftest import make_app
from tests.kit.browser import SMALL_PHONE, assert_phone_friendly
from tests.kit.club import games_for, play

pytestmark = pytest.mark.browser

GAME = "master-of-rules"
BIG_SCREEN = {"width": 1920, "height": 1080}
PLAYERS = [f"Player {n}" for n in range(1, 13)]


def screen(browser: Browser, viewport: dict[str, int], scheme: str = "light") -> Page:
    context = browser.new_context(viewport=viewport, locale="en-US", color_scheme=scheme)  # type: ignore[arg-type]
    return context.new_page()


def no_horizontal_scroll(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def play_round(live_db: Path, organiser: str, number: int, board: Page) -> None:
    """Every table of round `number` plays a whole seeded game, posted to its scorer link; the
    board shows each finished table without being reloaded."""
    app = make_app(live_db)
    client = app.test_client()
    db = store.connect(live_db, migrate=False)
    event = store.club_event_by_token(db, organiser)
    seated = [t for t in store.club_tables(db, event.id) if t.round == number]
    assert len(seated) == 3
    logs = games_for(GAME, 4)
    for finished, table in enumerate(seated, start=1):
        play(client, table.scorer_token, next(logs))
        expect(board.locator("#progress")).to_contain_text(
            "All 2 rounds played" if finished == 3 and number == 2 else f"{finished} table", timeout=10_000)


def expected_standings(live_db: Path, organiser: str) -> list[list[str]]:
    """(player, score) of each line of the club engine's standings over the games the
    tables played, each replayed from its log."""
    db = store.connect(live_db, migrate=False)
    event = store.club_event_by_token(db, organiser)
    results = []
    for t in store.club_tables(db, event.id):
        game = tables.load_game(db, t.table_id)
        assert game is not None and game.outcome.over
        results.append(club.Result(t.round, tuple(store.get_table(db, t.table_id).players),
                                   tuple(game.outcome.places), tuple(game.outcome.points)))
    assert len(results) == 6
    return [[s.player, said_score(s.score)] for s in club.standings(PLAYERS, results)]


def test_a_club_night_of_three_tables_and_two_rounds(page: Page, browser: Browser, live_server: str,
                                                     live_db: Path) -> None:
    page.set_viewport_size(SMALL_PHONE)
    page.goto(live_server + "/")
    page.click("#club-night a")
    assert_phone_friendly(page)
    page.fill("input[name=event_name]", "Friday club")
    page.click(f"label.choice:has(input[value={GAME}])")
    page.fill("input[name=event_rounds]", "2")
    page.fill("textarea[name=event_players]", "\n".join(PLAYERS))
    page.click("button[type=submit].primary")
    expect(page.locator("h1")).to_have_text("Friday club")
    assert_phone_friendly(page)
    organiser = page.url.rstrip("/").rsplit("/", 1)[-1]
    board_url = live_server + page.locator("#board-link").get_attribute("href")  # type: ignore[operator]

    big = screen(browser, BIG_SCREEN)
    big.goto(board_url)
    expect(big.locator("#standings tbody tr")).to_have_count(12)
    assert no_horizontal_scroll(big)
    size = big.evaluate("parseFloat(getComputedStyle(document.querySelector('#standings td.score')).fontSize)")
    assert size >= 24, f"the board's scores are {size}px: too small to read across a room"
    phone = screen(browser, SMALL_PHONE)
    phone.goto(board_url)
    assert_phone_friendly(phone)

    for number in (1, 2):
        page.click("#draw")
        expect(page.locator("#draw-tables li")).to_have_count(3)
        assert_phone_friendly(page)
        first = page.locator("#draw-tables li").nth(0).locator(".names").inner_text().split(", ")[0]
        second = page.locator("#draw-tables li").nth(1).locator(".names").inner_text().split(", ")[0]
        page.select_option("select[name=first]", first)
        page.select_option("select[name=second]", second)
        page.click("#swap-form button")
        expect(page.locator("#draw-tables li").nth(0)).to_contain_text(second)
        expect(big.locator("#seats li")).to_have_count(12, timeout=10_000)  # each player's table, live
        expect(big.locator("#seats")).to_contain_text(f"Round {number}: your table")
        page.click("#start")
        expect(page.locator("#notice")).to_contain_text("The round has started")
        expect(page.locator("#round-tables li")).to_have_count(3)
        assert_phone_friendly(page)
        page.click("#sheet-link")
        expect(page.locator(".sheet-table")).to_have_count(3)
        expect(page.locator(".sheet-table svg")).to_have_count(6)
        assert_phone_friendly(page)
        page.go_back()
        expect(big.locator("#progress")).to_contain_text(f"Round {number} of 2", timeout=10_000)
        play_round(live_db, organiser, number, big)
        expect(phone.locator("#progress")).to_contain_text(
            "All 2 rounds played" if number == 2 else "3 tables finished", timeout=10_000)
        assert_phone_friendly(phone)
        page.reload()

    expect(big.locator("#standings caption")).to_contain_text("Final standings")
    assert no_horizontal_scroll(big)
    shown = big.evaluate("[...document.querySelectorAll('#standings tbody tr')].filter(r => r.querySelector('.rank'))"
                         ".map(r => [r.querySelector('.who').firstChild.textContent.trim(),"
                         " r.querySelector('.score').textContent])")
    assert shown == expected_standings(live_db, organiser)
    expect(page.locator("#event-over")).to_be_visible()

    dark = screen(browser, BIG_SCREEN, "dark")
    dark.goto(board_url)
    light_bg = big.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    dark_bg = dark.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert light_bg != dark_bg
    assert dark.locator("#standings tbody tr").count() == 12 and no_horizontal_scroll(dark)
