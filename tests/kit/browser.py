"""Browser fixtures: a live server on loopback and Debian's Chromium driven by Playwright, at phone size.

Chromium is required: these tests fail, never skip, when it is missing (CI installs it).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from companion.app import create_app
from companion.server import served_in_thread
from tests.kit.phone import HORIZONTAL_SCROLL_JS, SMALL_TARGETS_JS, TARGETS

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 640}
"""The smallest phone the pages are made for (the whole-evening kit plays on it)."""
LAN_NAME = "table.test"
"""A name the browser resolves to this machine: a page opened on it is not a secure context,
as a phone opening the LAN address over plain http is not (loopback always is)."""
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1",
]


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    """A phone at 360x640 in English, touch and all: its browser context (a test turns its
    network off and on with set_offline). A test file may define its own `phone`."""
    context = browser.new_context(viewport=SMALL_PHONE, locale="en-US", has_touch=True, is_mobile=True)
    yield context
    context.close()


@pytest.fixture
def live_db(tmp_path: Path, migrated: Path) -> Path:
    """The SQLite file the live server keeps its tables in (a test may seat tables there)."""
    from tests.conftest import migrated_copy

    return migrated_copy(migrated, tmp_path / "browser.db")


@pytest.fixture
def live_server(live_db: Path) -> Iterator[str]:
    app = create_app({"DATABASE": str(live_db)})
    with served_in_thread(app) as server:  # as `companion serve` serves, live streams and all
        # As `companion serve --lan` does: the invite page's links carry the address the phones
        # use (here the browser, on this machine, stands in for them).
        app.config["JOIN_BASE"] = f"http://127.0.0.1:{server.port}"
        yield f"http://127.0.0.1:{server.port}"


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    assert shutil.which(CHROMIUM), f"{CHROMIUM} is missing: apt-get install chromium"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, locale="en-US", has_touch=True, is_mobile=True)
    page = context.new_page()
    external: list[str] = []
    page.on("request", lambda r: external.append(r.url)
            if not r.url.startswith(("http://127.0.0.1", f"http://{LAN_NAME}:")) else None)
    yield page
    context.close()
    assert external == [], f"requests left the app: {external}"


def small_targets(page: Page) -> list[str]:
    """Each visible tap target (tests/kit/phone.py's TARGETS) under 44 CSS px either way, with its size."""
    return list(page.evaluate(SMALL_TARGETS_JS, TARGETS))


def assert_phone_friendly(page: Page) -> None:
    """No horizontal scroll, and every visible tap target (TARGETS) at least 44 CSS px each way."""
    # A click on a link may still be loading the next page: measure the page it lands on.
    page.wait_for_load_state()
    page.wait_for_function("document.documentElement !== null && document.readyState === 'complete'")
    assert not page.evaluate(HORIZONTAL_SCROLL_JS), "horizontal scroll"
    small = small_targets(page)
    assert small == [], small
