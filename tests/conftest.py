"""Fixtures in the manner of Flask's tutorial: an app on a temporary database, its client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion.app import create_app


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "companion.db"


@pytest.fixture
def app(db_path: Path) -> Iterator[Flask]:
    app = create_app({"DATABASE": str(db_path), "TESTING": True, "WTF_CSRF_ENABLED": False})
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    client = app.test_client()
    client.set_cookie("lang", "en")
    return client


def soup(response) -> BeautifulSoup:  # type: ignore[no-untyped-def]
    """The response's HTML, parsed."""
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def text(response) -> str:  # type: ignore[no-untyped-def]
    """The words a person sees on the page, whitespace collapsed."""
    return " ".join(soup(response).get_text(" ").split())
