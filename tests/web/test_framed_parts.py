"""Framed parts of the panel (views/_fragments.framed: the picker's form, the links and
Abandon, the outbox's words) are drawn once and shared by a table's entries and phones:
every phone still gets the entry number of the moment and its own token in every form,
and a viewer never gets the scorer's forms."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from companion.views._fragments import HOLE
from tests.conftest import soup
from tests.games.hyper_maker.table import enter, seat_table
from tests.web.test_shared_table import links, path

CARDS = ("R5B6", "R2G9", "B8Y3", "R9B2", "G4Y7", "G2Y9")
"""A master, three plays (trick 1 judged), the next master and its first play."""


def forms(client: FlaskClient, url: str) -> dict[str, dict[str, str]]:
    """Each entry form of the panel (by its class) with its hidden fields."""
    page = soup(client.get(url))
    return {" ".join(f["class"]): {i["name"]: i["value"] for i in f.select("input[type=hidden]")}
            for f in page.select("#panel form")}


def phone(app: Flask, link: str) -> FlaskClient:
    other = app.test_client()
    other.set_cookie("lang", "en")
    other.get(link)
    return other


def test_every_form_sends_the_entry_number_of_the_moment(client: FlaskClient) -> None:
    url = seat_table(client)
    for n, card in enumerate(CARDS, start=1):
        assert enter(client, url, card, htmx=n % 2 == 0).status_code in (200, 303)
        found = forms(client, url)
        assert {"picker", "inline", "inline undo-form"} <= set(found)
        assert {f["seq"] for f in found.values()} == {str(n)}, (card, found)


def test_two_phones_of_the_table_each_get_their_own_token(client: FlaskClient, app: Flask) -> None:
    url = seat_table(client)
    enter(client, url, CARDS[0])
    other = phone(app, path(links(client, url)["scorer"]).rstrip("/") + "/g/1")
    game = path(links(client, url)["scorer"]).rstrip("/") + "/g/1"
    mine, theirs = forms(client, url), forms(other, game)
    assert mine["picker"]["csrf_token"] != theirs["picker"]["csrf_token"]
    for found in (mine, theirs):
        assert len({f["csrf_token"] for f in found.values()}) == 1
    # The other phone's entry, sent with its own token, is taken.
    response = other.post(f"{game}/entries", data={**theirs["picker"], "card": CARDS[1]})
    assert response.status_code == 303, response.get_data(as_text=True)
    assert forms(client, url)["picker"]["seq"] == "2"


def test_a_viewer_gets_no_form_drawn_for_the_scorer(client: FlaskClient, app: Flask) -> None:
    url = seat_table(client)
    enter(client, url, CARDS[0])
    assert "inline" in forms(client, url)  # the scorer's Abandon, drawn first
    viewer_game = path(links(client, url)["viewer"]).rstrip("/") + "/g/1"
    viewer = phone(app, viewer_game)
    page = soup(viewer.get(viewer_game))
    assert page.select("#panel form") == []
    assert page.select_one("#abandon") is None
    words = page.select_one("#outbox-words")
    assert words is not None and words.get("data-waiting") is None


def test_no_hole_mark_reaches_a_page(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in CARDS:
        response = enter(client, url, card, htmx=True)
        assert HOLE not in response.get_data(as_text=True)
    assert HOLE not in client.get(url).get_data(as_text=True)
