"""Correct any entry from the game page or the history: the log keeps both, what came after
stands, and the answer says what changed, never naming an entry by its place in the log."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from tests.conftest import soup, text
from tests.games.hyper_maker.table import enter, seat_table

TRICK = ("R5B6", "R2G9", "B8Y3", "R9B2", "G5Y6")
"""Master R5B6; Aki R2G9, Ben B8Y3, Cho R9B2 (Ben wins, +5); then trick 2's master."""


def history_rows(client: FlaskClient, url: str) -> list[BeautifulSoup]:
    return soup(client.get(f"{url}/history")).select("ol.history li")


def named(rows: list[BeautifulSoup], name: str) -> BeautifulSoup:
    """The row of the history whose entry is named `name` and still in force (it has Correct)."""
    found = [r for r in rows if r.select_one(".entry-name") is not None
             and r.select_one(".entry-name").get_text(strip=True) == name and r.select_one("a.correct")]
    assert len(found) == 1, [r.get_text(" ", strip=True) for r in rows]
    return found[0]


def correction_fields(client: FlaskClient, link: str) -> dict[str, str]:
    page = soup(client.get(link))
    return {i["name"]: i["value"] for i in page.select("#correct form input[type=hidden]")}


def test_the_history_is_newest_first_and_names_entries_as_the_table_knows_them(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in TRICK:
        enter(client, url, card)
    rows = history_rows(client, url)
    names = [r.select_one(".entry-name").get_text(strip=True) for r in rows]
    assert names == ["Trick 2, the master card", "Trick 1, Cho's card", "Trick 1, Ben's card",
                     "Trick 1, Aki's card", "Trick 1, the master card"]
    page = text(client.get(f"{url}/history"))
    assert not re.search(r"\bentr(y|ies) \d", page, re.I)
    assert not any(li.has_attr("value") for li in soup(client.get(f"{url}/history")).select("li"))


def test_a_card_three_entries_back_is_corrected_and_the_answer_says_what_changed(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in TRICK:
        enter(client, url, card)
    link = named(history_rows(client, url), "Trick 1, Ben's card").select_one("a.correct")["href"]
    correcting = soup(client.get(link))
    assert correcting.select_one("h1").get_text(strip=True) == "Correct trick 1, Ben's card"
    fields = correction_fields(client, link)
    assert fields["seat"] == "1"
    done = client.post(link, data={**fields, "card": "B2Y9"})  # Ben's B8Y3 was really B2Y9
    assert done.status_code == 303
    page = soup(client.get(done.location))
    said = page.select_one("#latest-correction").get_text(" ", strip=True)
    assert said.startswith("Trick 1, Ben's card: ■ blue 8 / ★ yellow 3 → ■ blue 2 / ★ yellow 9.")
    assert said.endswith("Points: Ben −5. Why") and "No points changed" not in said
    assert "nobody wins" not in said  # the trick's new result is the panel's latest line, not said twice
    assert not re.search(r"\bentry\b|\d+ corrected", said, re.I)
    assert "No winner" in page.select_one("#result .verdict").get_text()
    assert page.select_one("#prompt").get_text(strip=True) == "Aki's card"  # trick 2 goes on
    rows = history_rows(client, url)
    assert len(rows) == 6
    newest, original = rows[0], rows[3]
    assert newest.select_one(".entry-name").get_text(strip=True) == "Trick 1, Ben's card"
    assert "correction: ■ blue 8 / ★ yellow 3 → ■ blue 2 / ★ yellow 9" in newest.get_text(" ", strip=True)
    assert "corrected: ■ blue 8 / ★ yellow 3 → ■ blue 2 / ★ yellow 9" in original.get_text(" ", strip=True)
    assert "replaced" in original["class"] and newest.select_one("a.correct") is None
    assert original.select_one("a.correct")["href"] == link  # corrected again, it is the same entry


def test_points_moving_from_one_player_to_another_are_said_as_each_change(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in TRICK:
        enter(client, url, card)
    link = named(history_rows(client, url), "Trick 1, Cho's card").select_one("a.correct")["href"]
    done = client.post(link, data={**correction_fields(client, link), "card": "R1B10"})
    said = soup(client.get(done.location)).select_one("#latest-correction").get_text(" ", strip=True)
    assert said.startswith("Trick 1, Cho's card: ● red 9 / ■ blue 2 → ● red 1 / ■ blue 10.")
    assert "Points: Ben −5, Cho +5." in said


TRICK2 = ("R1B10", "R2B9", "R3B8")
"""Trick 2 after TRICK: Ben leads R1B10, Cho R2B9, Aki R3B8."""


def test_a_card_of_an_earlier_trick_says_whose_result_changed(client: FlaskClient) -> None:
    """The panel shows the latest trick; the answer says what the engine now rules about
    the corrected one, naming the player (here who scores what)."""
    url = seat_table(client)
    for card in TRICK + TRICK2:
        enter(client, url, card)
    link = named(history_rows(client, url), "Trick 1, the master card").select_one("a.correct")["href"]
    done = client.post(link, data={**correction_fields(client, link), "card": "R4B7"})
    assert done.status_code == 303
    said = soup(client.get(done.location)).select_one("#latest-correction").get_text(" ", strip=True)
    assert said == ("Trick 1, the master card: ● red 5 / ■ blue 6 → ● red 4 / ■ blue 7. Ben scores 4: the master "
                    "card's ● red value, the suit that did not follow. Points: Ben −1. Why")


def test_a_correction_that_changes_no_points_says_so(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in TRICK[:3]:
        enter(client, url, card)
    link = named(history_rows(client, url), "Trick 1, Aki's card").select_one("a.correct")["href"]
    done = client.post(link, data={**correction_fields(client, link), "card": "R3G8"})
    assert done.status_code == 303
    said = soup(client.get(done.location)).select_one("#latest-correction").get_text(" ", strip=True)
    assert said.startswith("Trick 1, Aki's card: ● red 2 / ▲ green 9 → ● red 3 / ▲ green 8.")
    assert said.endswith("No points changed. Why")


def test_the_answer_in_japanese_names_the_entry_and_uses_full_width_marks(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in TRICK:
        enter(client, url, card)
    client.set_cookie("lang", "ja")
    link = named(history_rows(client, url), "第1トリック、Choのカード").select_one("a.correct")["href"]
    assert soup(client.get(link)).select_one("h1").get_text(strip=True) == "第1トリック、Choのカードを訂正"
    done = client.post(link, data={**correction_fields(client, link), "card": "R1B10"})
    said = soup(client.get(done.location)).select_one("#latest-correction").get_text(" ", strip=True)
    assert said.startswith("第1トリック、Choのカード：●赤9 / ■青2 → ●赤1 / ■青10。")
    assert "得点：Ben −5、Cho +5。" in said
    assert "記録" not in said and not re.search(r"[:,]", said.replace(" / ", ""))


def test_a_correction_that_breaks_a_later_entry_is_refused_naming_it_and_changes_nothing(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in TRICK:
        enter(client, url, card)
    link = named(history_rows(client, url), "Trick 1, Aki's card").select_one("a.correct")["href"]
    refused = client.post(link, data={**correction_fields(client, link), "card": "G5Y6"})  # trick 2's master
    assert refused.status_code == 422
    said = soup(refused).select_one(".error").get_text()
    assert "would make trick 2, the master card impossible" in said and "Nothing was changed" in said
    assert not re.search(r"\bentry\b", said, re.I)
    assert len(history_rows(client, url)) == 5


def test_an_undo_is_named_by_the_entry_it_took_back(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in TRICK[:2]:
        enter(client, url, card)
    assert client.post(f"{url}/undo", data={"seq": "2"}).status_code == 303
    rows = history_rows(client, url)
    assert [r.select_one(".entry-name").get_text(strip=True) for r in rows] == [
        "Trick 1, Aki's card", "Trick 1, Aki's card", "Trick 1, the master card"]
    assert "Undo" in rows[0].get_text() and "taken back" in rows[1].get_text()
    assert "undone" in rows[1]["class"] and rows[1].select_one("a.correct") is None


def test_a_viewer_cannot_correct_and_an_entry_taken_back_has_no_correction(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in TRICK[:2]:
        enter(client, url, card)
    assert client.post(f"{url}/undo", data={"seq": "2"}).status_code == 303
    rows = history_rows(client, url)
    assert rows[-1].select_one("a.correct") is not None and rows[1].select_one("a.correct") is None
    assert client.get(f"{url}/correct/1").status_code == 404
    viewer_share = soup(client.get(url.split("/g/")[0] + "/share", base_url="http://192.168.7.21:5000"))
    viewer = viewer_share.select_one("#qr-viewer a.link")["href"].split(":5000", 1)[1].rstrip("/")
    assert client.get(f"{viewer}/g/1/correct/0").status_code == 403
    assert "Correct" not in text(client.get(f"{viewer}/g/1/history"))


def test_a_card_on_the_panel_opens_the_correction_of_its_entry(client: FlaskClient) -> None:
    """The first of three taps: the card where it lies on the game page."""
    url = seat_table(client)
    for card in TRICK[:3]:
        enter(client, url, card)
    cards = soup(client.get(url)).select("a.correct-card")
    assert cards, "no card on the panel opens its correction"
    titles = {soup(client.get(a["href"])).select_one("h1").get_text(strip=True) for a in cards}
    assert "Correct trick 1, Ben's card" in titles and "Correct trick 1, the master card" in titles


def test_a_share_card_handed_out_stays_face_down_in_what_a_correction_says(app, client: FlaskClient) -> None:  # type: ignore[no-untyped-def]
    """Take & Share: who received a share card is corrected by name; the card itself, face
    down until the game is over, is named neither in the answer nor in the history."""
    from companion import records, rules, store
    from tests.kit.pages import driver

    game = rules.GAMES["take-and-share"]
    setup, log = driver("take-and-share").random_game(1)
    given = next(i for i, e in enumerate(log) if e.kind == "give")
    players = ["Ann", "Ben", "Cho", "Dan", "Eri"][: len(setup["players"])]
    record = {"format": records.FORMAT, "version": records.VERSION,
              "table": {"name": "Friday", "players": players, "created": "2026-11-22T20:00:00"},
              "games": [{"number": 1, "kind": game.SLUG, "setup": {**setup, "players": players},
                         "created": "2026-11-22T20:00:00",
                         "events": [{"seq": i, "kind": e.kind, "payload": dict(e.payload), "created": ""}
                                    for i, e in enumerate(log[: given + 1])]}]}
    table = records.import_table(store.connect(app.config["DATABASE"]), record)
    url = f"/t/{table.scorer_token}/g/1"
    card = game.card_text(log[given].payload["card"], lambda s: s)
    seat = log[given].payload["seat"]
    other = (seat + 1) % len(players)
    link = f"{url}/correct/{given}"
    done = client.post(link, data={**correction_fields(client, link), "seat": str(other)})
    assert done.status_code == 303
    said = soup(client.get(done.location)).select_one("#latest-correction").get_text(" ", strip=True)
    assert f"{players[seat]} → {players[other]}" in said and card not in said, said
    rows = history_rows(client, url)
    assert f"correction: {players[seat]} → {players[other]}" in rows[0].get_text(" ", strip=True)
    assert f"corrected: {players[seat]} → {players[other]}" in rows[1].get_text(" ", strip=True)
    assert card not in " ".join(r.get_text(" ") for r in rows[:2])


def test_a_face_down_card_is_named_in_a_change_only_once_the_game_is_over() -> None:
    from companion import entry_names, i18n, rules

    game = rules.GAMES["take-and-share"]
    words, players = i18n.catalog("en"), ["Ann", "Ben", "Cho"]
    old, new = {"seat": 0, "card": "C7"}, {"seat": 1, "card": "D7"}
    assert game.names("give", old).face_down
    assert entry_names.card_change(game, "give", old, new, words, players, over=False) == "Ann → Ben"
    shown = entry_names.card_change(game, "give", old, new, words, players, over=True)
    assert shown == f"Ann {game.card_text('C7', words.gettext)} → Ben {game.card_text('D7', words.gettext)}"
