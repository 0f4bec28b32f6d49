"""Fixtures in the manner of Flask's tutorial: an app on a temporary database, its client."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Tag
from flask import Flask
from flask.testing import FlaskClient
from lxml import etree
from lxml import html as lxml_html

from companion import store
from companion.app import create_app


@pytest.fixture(scope="session")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty database file with every migration applied, made once per test process."""
    path = tmp_path_factory.mktemp("migrated") / "companion.db"
    store.connect(path).conn.close()  # the last connection closed: the write-ahead log is folded in
    return path


def migrated_copy(migrated: Path, path: Path) -> Path:
    """`path`: a copy of the migrated empty database, as the app makes one at its first start
    (the migrations, each committed to disk, cost a test a fifth of a second; a copy nothing)."""
    shutil.copyfile(migrated, path)
    return path


@pytest.fixture
def db_path(tmp_path: Path, migrated: Path) -> Path:
    return migrated_copy(migrated, tmp_path / "companion.db")


def make_app(db_path: Path) -> Flask:
    """The app on `db_path`, as the tests use it (CSRF checked in tests of its own), served to
    the LAN as `companion serve --lan` serves it: the invite page's links are on that address."""
    return create_app({"DATABASE": str(db_path), "TESTING": True, "WTF_CSRF_ENABLED": False,
                       "JOIN_BASE": "http://192.168.7.21:5000"})


def english_client(app: Flask) -> FlaskClient:
    client = app.test_client()
    client.set_cookie("lang", "en")
    return client


@pytest.fixture
def app(db_path: Path) -> Iterator[Flask]:
    yield make_app(db_path)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return english_client(app)


def panels_across_restart(client: FlaskClient, db_path: Path, url: str) -> tuple[Tag, Tag]:
    """The panel at `url` as `client` sees it, and as a freshly started app on the same file
    shows it; each without its CSRF token, the one per-session difference allowed."""
    before = soup(client.get(url)).select_one("#panel")
    after = soup(english_client(make_app(db_path)).get(url)).select_one("#panel")
    assert before is not None and after is not None
    for panel in (before, after):
        for token in panel.select("input[name=csrf_token]"):
            token.decompose()
    return before, after


def soup(response) -> BeautifulSoup:  # type: ignore[no-untyped-def]
    """The response's HTML, parsed."""
    return parsed(response.get_data(as_text=True))


def parsed(html: str) -> BeautifulSoup:
    """`html` parsed by lxml (a C parser: Python's own html.parser took more than half of
    the time of a test that plays a game through its pages), shaped as html.parser shapes
    it: a fragment (a panel) stays a fragment, without the html, head and body that lxml
    puts around it."""
    page = BeautifulSoup(html, "lxml")
    if not html.lstrip()[:15].lower().startswith(("<!doctype", "<html")):
        for added in ("head", "body", "html"):
            found = page.find(added)
            if found is not None:
                found.unwrap()
    return page


SHOWN_TEXT = etree.XPath("//text()[not(ancestor::script or ancestor::style or ancestor::template)]")
"""Every piece of text a page shows (not its scripts' and styles', as BeautifulSoup's get_text)."""


def words(html: str) -> str:
    """The words a person sees in `html`, whitespace collapsed (read by lxml alone: building
    a BeautifulSoup tree only to read its words took a third of a test that checks the
    sentence of hundreds of refusals)."""
    if not html.strip():
        return ""
    return " ".join(" ".join(SHOWN_TEXT(lxml_html.document_fromstring(html))).split())


def text(response) -> str:  # type: ignore[no-untyped-def]
    """The words a person sees on the page, whitespace collapsed."""
    return words(response.get_data(as_text=True))


pytest_plugins = ["tests.kit.browser"]
"""The live server, Chromium and phone-sized page fixtures, for every folder's browser tests."""
