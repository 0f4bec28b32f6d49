"""Sitting down in one screen (issue 31 goal 3): the game first as a tile, then the names, then
only the options that apply to this game and this many players, and Start; the next game's
form follows the same rule. Options that cannot apply are ignored when sent, never refused."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient

from companion import rules
from companion.rules import kings_trick as kt
from tests.conftest import soup, text

OPTION_NAMES = {o.name for m in rules.GAMES.values() for o in m.OPTIONS}


def shown_options(page: Any) -> set[str]:
    """The option fields the form's game part shows."""
    return {str(i["name"]) for i in page.select("#game-setup [name]")} & OPTION_NAMES


def setup_of(client: FlaskClient, game_url: str) -> dict[str, Any]:
    record = json.loads(client.get(game_url.split("/g/")[0] + "/export.json").get_data(as_text=True))
    setup: dict[str, Any] = record["games"][-1]["setup"]
    return setup


# --------------------------------------------------------------------------- the home page


def test_the_home_page_starts_with_a_tile_per_game_and_its_player_counts(client: FlaskClient) -> None:
    page = soup(client.get("/"))
    tiles = page.select("a.game-tile")
    assert [t["href"] for t in tiles] == [f"/seat/{slug}" for slug in rules.GAMES]
    words = {t["href"]: " ".join(t.get_text(" ").split()) for t in tiles}
    assert words["/seat/kings-trick"] == "King's Trick 3–6 players"
    assert words["/seat/twin-shoot"] == "Twin Shoot 4 or 6 players"
    assert words["/seat/black-junky"] == "Black Junky 2–8 players"
    # The rules pages stay one tap away, after the tiles; no name field waits on the home page.
    html = str(page)
    assert html.index("game-tile") < html.index("/rules/kings-trick")
    assert page.select("input[name=player]") == []


def test_the_tiles_speak_japanese(client: FlaskClient) -> None:
    client.set_cookie("lang", "ja")
    tiles = {t["href"]: " ".join(t.get_text(" ").split()) for t in soup(client.get("/")).select("a.game-tile")}
    assert tiles["/seat/kings-trick"].endswith("3〜6人")
    assert tiles["/seat/twin-shoot"].endswith("4人か6人")
    assert "players" not in " ".join(tiles.values())


# --------------------------------------------------------------------------- the seating page


def test_the_seating_page_asks_for_the_smallest_table_and_adds_seats_up_to_the_largest(client: FlaskClient) -> None:
    page = soup(client.get("/seat/kings-trick"))
    assert len(page.select("input[name=player]")) == 3
    add = page.select_one("button.add-seat")
    assert add is not None and add["value"] == "4" and add["formmethod"] == "get"
    # Without JavaScript the button reloads the form with one more field, keeping the names.
    more = soup(client.get("/seat/kings-trick", query_string={"player": ["Aki", "Ben", "Cho"], "seats": "4"}))
    assert [i.get("value", "") for i in more.select("input[name=player]")] == ["Aki", "Ben", "Cho", ""]
    most = soup(client.get("/seat/kings-trick", query_string={"seats": "99"}))
    assert len(most.select("input[name=player]")) == 6 and most.select_one("button.add-seat") is None
    assert client.get("/seat/no-such-game").status_code == 404


def test_kings_trick_offers_the_colour_out_for_three_and_the_teams_for_six_only(client: FlaskClient) -> None:
    """Issue 31: King's Trick for four players showed the three-player colour and the six-player teams."""
    def shown(names: list[str]) -> set[str]:
        return shown_options(soup(client.get("/seat/kings-trick", query_string={"player": names})))

    every = {o.name for o in kt.OPTIONS}
    assert shown(["A", "B", "C"]) == every - {"team_play"}
    assert shown(["A", "B", "C", "D"]) == every - {"removed_colour", "no_colour", "team_play"}
    assert shown(["A", "B", "C", "D", "E"]) == every - {"removed_colour", "no_colour", "team_play"}
    assert shown(["A", "B", "C", "D", "E", "F"]) == every - {"removed_colour", "no_colour"}


def test_the_start_question_names_the_players_typed_so_far(client: FlaskClient) -> None:
    page = soup(client.get("/seat/hyper-maker", query_string={"player": ["Aki", "", "Cho"]}))
    chips = page.select("#start-question label")
    assert [c.get_text(strip=True) for c in chips] == ["Aki", "Cho", "Seat 3"]
    assert page.select_one("input[name=first_leader][checked]")["value"] == "0"
    assert "Who leads first?" in page.select_one("#start-question legend").get_text()


def test_drawn_again_for_more_names_the_options_chosen_stay(client: FlaskClient) -> None:
    """htmx asks for the game part again as names are typed: what was chosen stays, an option
    that now applies comes at its default, one that no longer applies goes."""
    part = client.get("/seat/kings-trick", headers={"HX-Request": "true"}, query_string={
        "player": ["A", "B", "C", "D", "E", "F"], "options_for": kt.SLUG, "count": "3",
        "removed_colour": "R", "sum_sets": "on", "tie_at_20": "share", "first_leader": "4"})
    page = soup(part)
    assert page.select_one("#game-setup") is not None and page.select_one("form") is None  # the part alone
    assert page.select_one("input[name=sum_sets]").has_attr("checked")
    assert page.select_one("input[name=tie_at_20][value=share]").has_attr("checked")
    assert page.select_one("input[name=team_play]") is not None and not page.select_one("input[name=team_play]").has_attr("checked")
    assert page.select_one("input[name=removed_colour]") is None
    assert page.select_one("input[name=first_leader][checked]")["value"] == "4"
    assert page.select_one("input[name=count]")["value"] == "6"


def test_start_seats_the_table_and_begins_the_first_game_at_once(client: FlaskClient) -> None:
    started = client.post("/seat/kings-trick", data={
        "player": ["Aki", "Ben", "Cho", "Dan"], "name": "Friday", "first_leader": "2", "count": "4",
        "sum_sets": "on", "team_play": "on", "removed_colour": "R"})  # the last two cannot apply to four
    assert started.status_code == 303 and started.location.endswith("/g/1")
    page = soup(client.get(started.location))
    assert page.select_one("#prompt").get_text(strip=True) == "Cho's card"
    setup = setup_of(client, started.location)
    assert setup["players"] == ["Aki", "Ben", "Cho", "Dan"] and setup["first_leader"] == 2
    assert setup["options"]["sum_sets"] is True
    assert setup["options"]["team_play"] is False and setup["options"]["removed_colour"] == "W"  # ignored


def test_an_option_not_on_the_form_it_was_drawn_for_keeps_its_default(client: FlaskClient) -> None:
    """Without JavaScript the form was drawn for three; six were seated: the teams option was
    never shown, so an unticked box is not read as a choice."""
    started = client.post("/seat/kings-trick", data={
        "player": ["A", "B", "C", "D", "E", "F"], "first_leader": "0", "count": "3", "removed_colour": "R"})
    assert started.status_code == 303
    options = setup_of(client, started.location)["options"]
    assert options["team_play"] is False and options["removed_colour"] == "W"


def test_refused_names_come_back_on_the_form_and_nothing_is_seated(client: FlaskClient) -> None:
    refused = client.post("/seat/take-and-share", data={"player": ["Aki", "aki", "Cho"], "first_leader": "0",
                                                         "count": "3", "name": "Fri"})
    assert refused.status_code == 422
    page = soup(refused)
    assert "Two players have the same name" in page.select_one(".error").get_text()
    assert [i.get("value", "") for i in page.select("input[name=player]")] == ["Aki", "aki", "Cho"]
    assert page.select_one("input[name=name]")["value"] == "Fri"
    assert page.select("li.recent") == [] and soup(client.get("/")).select("li.recent") == []
    five = client.post("/seat/take-and-share", data={"player": list("ABCDE"), "first_leader": "0"})
    assert five.status_code == 422 and "Take & Share is for 3 or 4 players; got 5." in text(five)


def test_a_game_nobody_leads_starts_without_a_start_question(client: FlaskClient) -> None:
    page = soup(client.get("/seat/black-junky"))
    assert page.select("input[name=first_leader]") == [] and len(page.select("input[name=player]")) == 2
    started = client.post("/seat/black-junky", data={"player": ["Aki", "Ben"], "count": "2", "red_suits": ["H", "D"]})
    assert started.status_code == 303
    assert "first_leader" not in setup_of(client, started.location)


def test_the_old_seating_post_still_seats_and_a_refusal_shows_the_seating_form(client: FlaskClient) -> None:
    made = client.post("/tables", data={"player": ["Aki", "Ben", "Cho"], "game": "hyper-maker"})
    assert made.status_code == 303 and "/new" in made.location
    refused = client.post("/tables", data={"player": ["Aki", "Ben"], "game": "hyper-maker"})
    assert refused.status_code == 422
    page = soup(refused)
    assert page.select_one("form#seating")["action"] == "/seat/hyper-maker"
    assert [i.get("value", "") for i in page.select("input[name=player]")] == ["Aki", "Ben", ""]


def test_the_seating_page_speaks_japanese(client: FlaskClient) -> None:
    client.set_cookie("lang", "ja")
    page = soup(client.get("/seat/kings-trick"))
    words = page.get_text(" ")
    assert "3〜6人" in words and "プレイヤーを追加" in words and "ゲームを始める" in words
    assert [c.get_text(strip=True) for c in page.select("#start-question label")] == ["席1", "席2", "席3"]


# --------------------------------------------------------------------------- the next game's form


def next_game_form(client: FlaskClient, names: list[str], slug: str) -> tuple[str, Any]:
    started = client.post(f"/seat/{slug}", data={"player": names, "first_leader": "0", "count": str(len(names))})
    assert started.status_code == 303
    table_url = started.location.split("/g/")[0]
    return table_url, soup(client.get(f"{table_url}/new", query_string={"game": slug}))


def test_the_next_game_form_shows_only_the_options_for_the_tables_count(client: FlaskClient) -> None:
    table_url, page = next_game_form(client, ["A", "B", "C", "D"], kt.SLUG)
    assert shown_options(page) == {"sum_sets", "no_agari_tie", "tie_at_20"}
    assert page.select_one("p.start-bar button.primary[type=submit]").get_text(strip=True) == "Start the game"
    # Sent anyway (a script, an old page), an option that cannot apply is ignored, not refused.
    started = client.post(f"{table_url}/games", data={"game": kt.SLUG, "first_leader": "1", "team_play": "on",
                                                       "options_for": kt.SLUG})
    assert started.status_code == 303
    assert setup_of(client, started.location)["options"]["team_play"] is False
    _, six = next_game_form(client, list("ABCDEF"), kt.SLUG)
    assert "team_play" in shown_options(six) and "removed_colour" not in shown_options(six)


def test_the_next_game_form_offers_the_games_as_compact_choices(client: FlaskClient) -> None:
    _, page = next_game_form(client, ["A", "B", "C"], "hyper-maker")
    radios = page.select("fieldset.game-choice .chips input[name=game]")
    assert {r["value"] for r in radios} == {s for s, m in rules.GAMES.items() if 3 in m.PLAYER_COUNTS}


def test_a_refused_start_player_is_named_as_typed(client: FlaskClient) -> None:
    refused = client.post("/seat/twin-shoot", data={"player": ["Aki", "Ben", "Cho", "Dan"], "first_leader": "1",
                                                     "count": "4"})
    assert refused.status_code == 422
    assert "Ben is the left-side partner of Aki" in soup(refused).select_one(".error").get_text()
