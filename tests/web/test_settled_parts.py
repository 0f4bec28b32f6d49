"""A settled part of the panel (a judged trick's result) is drawn once and shown again at
later entries (views/_fragments.settled): never with an old card, an old name, another
role's links, or a correction link the log has moved on from."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import soup
from tests.games.hyper_maker.table import enter, seat_table
from tests.web.test_shared_table import links, path

TRICK = ("R5B6", "R2G9", "B8Y3", "R9B2")
"""Master R5B6; Aki R2G9, Ben B8Y3, Cho R9B2: trick 1 is judged."""


def result_links(client: FlaskClient, url: str) -> dict[str, str]:
    """The judged trick's players (and "master") with the correction link of their card."""
    result = soup(client.get(url)).select_one("#result")
    assert result is not None
    links = {"master": result.select_one(".master-note a.correct-card")["href"]}
    for play in result.select(".play"):
        links[play.get_text(" ", strip=True).split()[0]] = play.select_one("a.correct-card")["href"]
    return links


def undo(client: FlaskClient, url: str) -> None:
    form = soup(client.get(url)).select_one("form.undo-form")
    fields = {i["name"]: i["value"] for i in form.select("input[type=hidden]")}
    assert client.post(form["action"], data=fields).status_code == 303


def test_a_card_entered_again_after_undo_links_to_its_new_entry(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in TRICK:
        enter(client, url, card)
    before = result_links(client, url)
    undo(client, url)
    enter(client, url, TRICK[-1])  # the same card again: the same trick, a new entry
    after = result_links(client, url)
    assert after["Cho"] != before["Cho"]
    assert {k: v for k, v in after.items() if k != "Cho"} == {k: v for k, v in before.items() if k != "Cho"}
    heading = soup(client.get(after["Cho"])).select_one("h1").get_text(strip=True)
    assert heading == "Correct trick 1, Cho's card"


def test_a_corrected_name_shows_in_the_judged_trick(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in TRICK:
        enter(client, url, card)
    assert "Ben" in soup(client.get(url)).select_one("#result").get_text()
    table = url.split("/g/")[0]
    assert client.post(f"{table}/names", data={"name": "Friday", "player": ["Aki", "Bea", "Cho"]}).status_code == 303
    result = soup(client.get(url)).select_one("#result").get_text(" ", strip=True)
    assert "Bea" in result and "Ben" not in result


def test_the_viewer_sees_the_same_trick_without_correction_links(client: FlaskClient, app: Flask) -> None:
    url = seat_table(client)
    for card in TRICK:
        enter(client, url, card)
    scorer = soup(client.get(url)).select_one("#result")
    assert len(scorer.select("a.correct-card")) == 4
    viewer_link = path(links(client, url)["viewer"]).rstrip("/")
    viewer = app.test_client()
    viewer.set_cookie("lang", "en")
    seen = soup(viewer.get(f"{viewer_link}/g/1")).select_one("#result")
    assert seen is not None and not seen.select("a.correct-card")
    for said in scorer.select(".sr-only"):  # "Correct", read out on the scorer's links only
        said.decompose()
    assert seen.select_one(".played").get_text(" ", strip=True) == scorer.select_one(".played").get_text(" ", strip=True)
