"""Correct any entry from the history page: the log keeps both, what came after stands."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.conftest import soup, text
from tests.games.hyper_maker.table import enter, seat_table

TRICK = ("R5B6", "R2G9", "B8Y3", "R9B2", "G5Y6")
"""Master R5B6; Aki R2G9, Ben B8Y3, Cho R9B2 (Ben wins, +5); then trick 2's master."""


def corrected_page(client: FlaskClient, url: str, entry: int) -> tuple[str, dict[str, str]]:
    history = soup(client.get(f"{url}/history"))
    link = history.select("ol.history li")[entry - 1].select_one("a.correct")["href"]
    page = soup(client.get(link))
    return link, {"seq": page.select_one("input[name=seq]")["value"],
                  **{i["name"]: i["value"] for i in page.select("#correct form input[type=hidden]") if i["name"] != "seq"}}


def test_a_card_three_entries_back_is_corrected_and_only_its_trick_changes(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in TRICK:
        enter(client, url, card)
    link, fields = corrected_page(client, url, 3)  # Ben's B8Y3 was really B2Y9
    assert fields["seat"] == "1"
    done = client.post(link, data={**fields, "card": "B2Y9"})
    assert done.status_code == 303 and done.location.endswith("?corrected=3")
    page = soup(client.get(done.location))
    assert "Entry 3 corrected. Points: Ben 5 → 0." in page.select_one("#latest-correction").get_text(" ", strip=True)
    assert "No winner" in page.select_one("#result .verdict").get_text()
    assert page.select_one("#prompt").get_text(strip=True) == "Aki's card"  # trick 2 goes on
    history = soup(client.get(f"{url}/history"))
    rows = history.select("ol.history li")
    assert len(rows) == 6
    assert "corrected by entry 6" in rows[2].get_text() and "correction of entry 3" in rows[5].get_text()
    assert "blue 2" in rows[5].get_text()


def test_a_correction_that_breaks_a_later_entry_is_refused_naming_it_and_changes_nothing(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in TRICK:
        enter(client, url, card)
    link, fields = corrected_page(client, url, 2)
    refused = client.post(link, data={**fields, "card": "G5Y6"})  # trick 2's master, entry 5
    assert refused.status_code == 422
    said = soup(refused).select_one(".error").get_text()
    assert "entry 5 impossible" in said and "Nothing was changed" in said
    assert len(soup(client.get(f"{url}/history")).select("ol.history li")) == 5


def test_a_viewer_cannot_correct_and_an_entry_taken_back_has_no_correction(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in TRICK[:2]:
        enter(client, url, card)
    assert client.post(f"{url}/undo", data={"seq": "2"}).status_code == 303
    history = soup(client.get(f"{url}/history"))
    rows = history.select("ol.history li")
    assert rows[0].select_one("a.correct") is not None and rows[1].select_one("a.correct") is None
    assert client.get(f"{url}/correct/1").status_code == 404
    viewer_share = soup(client.get(url.split("/g/")[0] + "/share", base_url="http://192.168.7.21:5000"))
    viewer = viewer_share.select_one("#qr-viewer input.link")["value"].split(":5000", 1)[1].rstrip("/")
    assert client.get(f"{viewer}/g/1/correct/0").status_code == 403
    assert "Correct" not in text(client.get(f"{viewer}/g/1/history"))
