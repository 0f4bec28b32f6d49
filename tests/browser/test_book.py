"""A group's book in the browser at 360x640 (issue 44): seating a table from the roster by
taps in seat order, a player's page, merging two names; every page fits the phone (its
tables scroll inside their own box, never the page) and every tap target is 44 px."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.kit.browser import SMALL_PHONE, assert_phone_friendly

pytestmark = pytest.mark.browser


def phone(browser: Browser, base: str, lang: str = "en") -> Page:
    context = browser.new_context(viewport=SMALL_PHONE, locale=lang, has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    return context.new_page()


def start_book(page: Page, base: str, names: tuple[str, ...]) -> str:
    """A book started from the home page by taps, its roster typed in; the keeper's page."""
    page.goto(base + "/")
    page.tap("#new-book")
    page.fill("input[name=name]", "Friday club")
    page.tap("#new-book button[type=submit]")
    page.wait_for_url(re.compile(r"/b/[^/]+/"))
    keeper = page.url.split("?")[0]
    page.goto(keeper + "roster")
    for name in names:
        page.fill("#add-player input[name=name]", name)
        page.tap("#add-player button[type=submit]")
        expect(page.locator("#roster")).to_contain_text(name)
    return keeper


def no_page_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_is_seated_from_the_roster_in_the_order_tapped(browser: Browser, live_server: str, lang: str) -> None:
    page = phone(browser, live_server, lang)
    keeper = start_book(page, live_server, ("Ann", "Ben", "Cho", "Dan"))
    page.goto(keeper)
    assert_phone_friendly(page)
    page.locator(".book-games label", has_text=re.compile("Hyper Maker|ハイパーメイカー")).tap()
    for name in ("Cho", "Ann", "Dan"):
        page.locator(".book-players label", has_text=name).tap()
    expect(page.locator("#seat-order")).to_contain_text("Cho, Ann, Dan")  # the script's own list
    page.tap("#seat-roster")
    page.wait_for_url(re.compile(r"/seat/hyper-maker"))
    seated = [page.locator("#names input[name=player]").nth(i).input_value() for i in range(3)]
    assert seated == ["Cho", "Ann", "Dan"]
    expect(page.locator("#joins-book")).to_be_visible()
    page.tap("#start")
    page.wait_for_url(re.compile(r"/g/1$"))
    page.goto(keeper + "tables")
    expect(page.locator("#group-tables li")).to_have_count(1)
    expect(page.locator("#group-tables")).to_contain_text(re.compile("Cho(, |、)Ann(, |、)Dan"))
    page.context.close()


def test_a_players_page_and_merging_two_names(browser: Browser, live_server: str, live_db: object) -> None:
    from companion import groups, store
    from tests.contract.test_every_game import driver, record_of
    from companion import records

    page = phone(browser, live_server)
    keeper = start_book(page, live_server, ("Ann", "Ben", "Benny", "Cho"))
    db = store.connect(str(live_db))
    group = store.group_by_token(db, keeper.rstrip("/").split("/")[-1])
    for seed, names in ((3, ("Ann", "Ben", "Cho")), (5, ("Ann", "Benny", "Cho")), (8, ("Cho", "Ben", "Ann"))):
        seed = next(s for s in range(seed, seed + 100) if len(driver("hyper-maker").random_game(s)[0]["players"]) == 3)
        setup, log = driver("hyper-maker").random_game(seed)
        table = records.import_table(db, record_of("hyper-maker", {**setup, "players": list(names)}, log))
        groups.seat_from_roster(db, group, table)
    page.goto(keeper + "roster")
    page.tap("#merge select[name=merged]")
    page.select_option("#merge select[name=merged]", label="Benny")
    page.select_option("#merge select[name=into]", label="Ben")
    page.tap("#merge button[type=submit]")
    expect(page.locator("#roster")).not_to_contain_text("Benny")
    page.goto(keeper)
    no_page_scroll(page)
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(3)
    page.locator("#standings tbody th a", has_text="Ben").tap()
    page.wait_for_url(re.compile(r"/players/\d+"))
    expect(page.locator("#summary")).to_contain_text("3 games")
    expect(page.locator("#last-results li")).to_have_count(3)
    expect(page.locator("#head-to-head tbody tr")).to_have_count(2)
    assert_phone_friendly(page)
    no_page_scroll(page)
    for path in ("records", "evenings", "ratings", "tables"):
        page.goto(keeper + path)
        no_page_scroll(page)
        assert_phone_friendly(page)
    page.context.close()
