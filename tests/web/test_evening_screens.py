"""What the pages of an evening say is derived from the game they show, never carried over
from the game before: the next game's setup form, the strip, the banners."""

from __future__ import annotations

import json

from flask.testing import FlaskClient

from tests.conftest import soup, text
from tests.games.hyper_maker.table import enter, seat_table, whole_game

FOUR = ("Aki", "Ben", "Cho", "Dan")


def _table(client: FlaskClient, names: tuple[str, ...] = FOUR) -> tuple[str, str]:
    url = seat_table(client, names, first=0)
    return url, url.split("/g/")[0]


def _seq(client: FlaskClient, url: str, action: str) -> str:
    return soup(client.get(url)).select_one(f"form[action$='{action}'] input[name=seq]")["value"]


def test_choosing_another_game_swaps_in_that_games_own_options(client: FlaskClient) -> None:
    _, table_url = _table(client)
    part = soup(client.get(f"{table_url}/new", query_string={"game": "black-junky"}, headers={"HX-Request": "true"}))
    setup = part.select_one("#game-setup")
    assert setup is not None and setup.select_one("input[name=options_for]")["value"] == "black-junky"
    assert {i["value"] for i in setup.select("input[name=red_suits][checked]")} == {"H", "D"}
    assert setup.select_one("input[name=tie_winner_leads]") is None  # Hyper Maker's is gone
    # Every game radio asks for its own part when chosen.
    whole = soup(client.get(f"{table_url}/new"))
    assert all(r.get("data-hx-get") and r.get("data-hx-select") == "#game-setup"
               for r in whole.select("input[name=game]"))


def test_options_drawn_for_another_game_are_never_read(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    _, table_url = _table(client)
    # Tateyoko's part was on screen when Black Junky was ticked (no JavaScript): no red suit
    # was posted, and nothing starts on that.
    answer = client.post(f"{table_url}/games", data={"game": "black-junky", "options_for": "tateyoko",
                                                      "first_leader": "0"})
    assert answer.status_code == 200
    page = soup(answer)
    assert "Here are the house rules of Black Junky" in page.select_one("#setup-notice").get_text()
    assert {i["value"] for i in page.select("input[name=red_suits][checked]")} == {"H", "D"}
    assert "Game 1 is under way" not in text(client.get(f"{table_url}/g/1"))
    assert client.get(f"{table_url}/g/2").status_code == 404
    answer = client.post(f"{table_url}/games", data={"game": "black-junky", "options_for": "black-junky",
                                                      "red_suits": ["H", "D"]})
    assert answer.status_code == 303
    record = json.loads(client.get(f"{table_url}/export.json").get_data(as_text=True))
    assert record["games"][-1]["setup"]["options"]["red_suits"] == ["H", "D"]


def test_after_an_abandoned_game_the_setup_is_the_same_and_nothing_is_under_way(client: FlaskClient) -> None:
    url, table_url = _table(client, FOUR[:3])
    for _, _, card in whole_game(3, seed=7):
        enter(client, url, card.code)
    second = client.post(f"{table_url}/games", data={"game": "hyper-maker", "first_leader": "1",
                                                     "tie_winner_leads": "on"}).location
    assert client.post(f"{second}/abandon", data={"seq": _seq(client, second, "abandon")}).status_code == 303
    form = soup(client.get(f"{table_url}/new"))
    assert form.select_one("#under-way") is None
    assert form.select_one("input[name=first_leader][checked]")["value"] == "1"  # as game 2 was set up
    assert form.select_one("input[name=tie_winner_leads][checked]") is not None


def test_an_earlier_games_page_shows_its_own_series_and_whether_the_latest_is_under_way(client: FlaskClient) -> None:
    url, table_url = _table(client, FOUR[:3])
    for _, _, card in whole_game(3, seed=7):
        enter(client, url, card.code)
    first_strip = soup(client.get(url)).select_one("#standings").get_text(" ", strip=True)
    second = client.post(f"{table_url}/games", data={"game": "master-of-rules", "first_leader": "0"}).location
    page = soup(client.get(url))
    assert page.select_one("#standings").get_text(" ", strip=True) == first_strip  # not the new game's zeros
    assert page.select_one("#later-game").get_text(strip=True) == "Game 2 is under way: open it"
    assert client.post(f"{second}/abandon", data={"seq": _seq(client, second, "abandon")}).status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#later-game").get_text(strip=True) == "Game 2 is the table's latest: open it"
    marks = [tr.select_one("th").get_text(" ", strip=True) for tr in soup(client.get(second)).select("#scoreboard tbody tr")]
    assert marks == ["1", "2 (abandoned)"]


def test_the_setup_page_says_when_the_series_has_ended(client: FlaskClient) -> None:
    url, table_url = _table(client, FOUR[:3])
    for number in range(1, 4):  # Hyper Maker, 6: as many games as players
        for _, _, card in whole_game(3, seed=number):
            enter(client, f"{table_url}/g/{number}", card.code)
        if number < 3:
            assert "ended" not in text(client.get(f"{table_url}/new"))
            client.post(f"{table_url}/games", data={"game": "hyper-maker", "first_leader": str(number)})
    notice = soup(client.get(f"{table_url}/new")).select_one("#setup-notice").get_text()
    assert notice == "The series of Hyper Maker ended with game 3: a new game starts a new series."
