"""The Hyper Maker table through Flask's test client, reading the HTML a person would see."""

from __future__ import annotations


from flask.testing import FlaskClient

from companion.rules import hyper_maker as hm
from tests.conftest import soup, text
from tests.games.hyper_maker.table import (
    enter,
    final_scores,
    form_fields,
    scoreboard_totals,
    seat_table,
    whole_game,
)


def test_home_offers_seats_and_the_game(client: FlaskClient) -> None:
    tile = soup(client.get("/")).select_one(f"a.game-tile[href='/seat/{hm.SLUG}']")
    assert tile is not None
    # the game's smallest table gets a seat each; more are added up to its largest
    seating = soup(client.get(tile["href"]))
    assert len(seating.select("input[name=player]")) == min(hm.PLAYER_COUNTS)
    assert seating.select_one("button.add-seat")["value"] == str(min(hm.PLAYER_COUNTS) + 1)


def test_seating_two_players_is_refused_and_keeps_the_names(client: FlaskClient) -> None:
    response = client.post("/tables", data={"name": "Fri", "player": ["Aki", "Ben", "", "", ""], "game": hm.SLUG})
    assert response.status_code == 422
    page = soup(response)
    assert "3 to 5 players" in page.select_one(".error").get_text()
    assert [i.get("value") for i in page.select("input[name=player]")][:2] == ["Aki", "Ben"]
    assert page.select_one("input[name=name]")["value"] == "Fri"


def test_two_players_with_one_name_are_refused(client: FlaskClient) -> None:
    response = client.post("/tables", data={"player": ["Aki", "aki", "Ben"], "game": hm.SLUG})
    assert response.status_code == 422
    assert "same name" in soup(response).select_one(".error").get_text()


def test_new_game_says_what_to_deal_and_asks_for_the_master(client: FlaskClient) -> None:
    url = seat_table(client, ["Aki", "Ben", "Cho", "Dan"], first=2)
    page = client.get(url)
    words = text(page)
    assert "Deal 12 cards to each player and lay 12 face down as the master pile" in words
    assert soup(page).select_one("#prompt").get_text(strip=True) == "Turn the master card and enter it"
    assert "Trick 1 of 12" in words


def test_after_the_master_the_page_asks_the_first_leader(client: FlaskClient) -> None:
    url = seat_table(client, first=1)
    assert enter(client, url, "R5B6").status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Ben's card"
    fields = form_fields(page)
    assert fields.pop("csrf_token")
    assert fields == {"seq": "1", "kind": "play", "seat": "1"}


def test_a_card_takes_two_taps_and_shows_both_numbers(client: FlaskClient) -> None:
    url = seat_table(client)
    page = soup(client.get(url))
    assert len(page.select("label.pair-btn")) == 6
    buttons = page.select(".vals-RB button[name=card]")
    assert [b["value"] for b in buttons] == [f"R{k}B{11 - k}" for k in range(1, 11)]
    assert "".join(s.get_text() for s in buttons[4].select("span:not(.sr-only)")) == "●5■6"  # as printed
    assert buttons[4].select_one(".sr-only").get_text(strip=True) == "(● red 5 / ■ blue 6)"  # read aloud too


def test_used_cards_are_not_offered_and_refused_if_posted(client: FlaskClient) -> None:
    url = seat_table(client)
    enter(client, url, "R5B6")
    page = soup(client.get(url))
    assert page.select_one("button[value=R5B6]").has_attr("disabled")
    response = enter(client, url, "B6R5")
    assert response.status_code == 422
    assert "already been played" in soup(response).select_one(".error").get_text()
    assert soup(response).select_one(".error a.clause")["href"] == "/rules/hyper-maker#1"
    assert form_fields(soup(client.get(url)))["seq"] == "1"


def test_a_card_that_does_not_exist_is_refused_with_a_reason(client: FlaskClient) -> None:
    url = seat_table(client)
    response = enter(client, url, "R5B5")
    assert response.status_code == 422
    assert "add up to 11" in soup(response).select_one(".error").get_text()
    assert soup(response).select_one("form.picker") is not None


def test_rulebook_example_trick_is_adjudicated_with_clauses(client: FlaskClient) -> None:
    url = seat_table(client, ["A", "B", "C", "D"])
    for card in ("R5B6", "R2G9", "B8Y3", "R9B2"):
        enter(client, url, card)
    response = enter(client, url, "R7Y4", htmx=True)
    assert response.status_code == 200
    fragment = soup(response)
    assert fragment.select_one("#panel") is not None and fragment.select_one("html") is None
    result = fragment.select_one("#result")
    assert "● red 3 · ■ blue 2" in " ".join(result.select_one(".counts").get_text(" ").split())
    assert "C wins, +6" in result.select_one(".verdict").get_text()
    assert "C leads next" in result.select_one(".verdict").get_text()
    clauses = [c.get_text(strip=True) for c in result.select(".rulings .clause")]
    assert clauses == ["§5(3)", "§5(3)", "§5(4)", "§2"]
    assert scoreboard_totals(fragment) == [0, 0, 6, 0]


def test_undo_goes_back_to_the_first_card_and_history_keeps_everything(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in ("R5B6", "R2G9", "B8Y3"):
        enter(client, url, card)
    for seq in (3, 4, 5):
        assert client.post(f"{url}/undo", data={"seq": str(seq)}).status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Turn the master card and enter it"
    assert page.select_one("button.undo") is None
    refused = client.post(f"{url}/undo", data={"seq": "6"})
    assert refused.status_code == 422
    assert "nothing left to take back" in soup(refused).select_one(".error").get_text()
    history = soup(client.get(f"{url}/history"))
    entries = history.select("ol.history li")
    assert len(entries) == 6
    assert len(history.select("li.undone")) == 3
    assert "taken back" in entries[3].get_text()  # newest first: three undos, then Ben's card


def test_a_proven_revoke_is_flagged_with_its_evidence(client: FlaskClient) -> None:
    url = seat_table(client)
    # Trick 1: Ben shows out of red and blue; Aki wins with red 10, so Aki leads trick 2.
    for card in ("R5B6", "R10B1", "G1Y10", "R2G9"):
        enter(client, url, card)
    # Trick 2: Ben plays a blue card: the show-out in trick 1 was a revoke.
    for card in ("G5Y6", "G10Y1", "B8Y3"):
        enter(client, url, card)
    page = soup(client.get(url))
    flags = page.select("#revokes li")
    assert len(flags) == 1
    words = " ".join(flags[0].get_text(" ").split())
    assert ("Trick 1: Ben played ▲ green 1 / ★ yellow 10 on master ● red 5 / ■ blue 6 while holding "
            "■ blue 8 / ★ yellow 3, played in trick 2.") in words
    assert scoreboard_totals(page) == [6, 0, 0]
    # The table lets it stand: recorded, shown, and no result changes.
    accept = flags[0].select_one("form")
    fields = {i["name"]: i["value"] for i in accept.select("input[type=hidden]")}
    assert client.post(f"{url}/entries", data=fields).status_code == 303
    page = soup(client.get(url))
    assert "accepted by the table" in page.select_one("#revokes").get_text()
    assert page.select_one("#revokes form") is None
    assert scoreboard_totals(page) == [6, 0, 0]
    assert "lets Ben's play in trick 1 stand" in soup(client.get(f"{url}/history")).get_text()


def test_whole_game_ends_with_result_and_next_game_rotates_the_lead(client: FlaskClient) -> None:
    url = seat_table(client, first=0)
    for kind, seat, card in whole_game(3, seed=7):
        assert enter(client, url, card.code).status_code == 303, (kind, seat, card)
    page = soup(client.get(url))
    assert page.select_one(".over") is not None
    assert page.select_one("form.picker") is None
    expected = list(final_scores(3, seed=7))
    assert scoreboard_totals(page) == expected
    new = soup(client.get(page.select_one(".over a.primary")["href"]))
    assert new.select_one("input[name=first_leader][checked]")["value"] == "1"
    assert "1 of 3 suggested games played" in new.get_text()


def test_an_evening_of_three_games_sums_up_and_says_it_is_done(client: FlaskClient) -> None:
    url = seat_table(client, first=0)
    table_url = url.split("/g/")[0]
    expected = [0, 0, 0]
    for number, seed in enumerate((1, 2, 3), start=1):
        game_url = f"{table_url}/g/{number}"
        for _, _, card in whole_game(3, seed=seed, first=number - 1):
            enter(client, game_url, card.code)
        expected = [a + b for a, b in zip(expected, final_scores(3, seed, number - 1))]
        if number < 3:
            response = client.post(f"{table_url}/games", data={"game": hm.SLUG, "first_leader": str(number)})
            assert response.status_code == 303
    page = soup(client.get(f"{table_url}/g/3"))
    assert scoreboard_totals(page) == expected
    assert len(page.select("#scoreboard tbody tr")) == 3
    assert "The suggested 3 games are played" in page.select_one("#scoreboard").get_text()


def test_house_rule_is_chosen_at_start_and_shown_on_the_scoreboard(client: FlaskClient) -> None:
    url = seat_table(client, tie_winner_leads=True)
    board = soup(client.get(url)).select_one("#scoreboard").get_text()
    assert "house rule: after a tie, the tie winner leads next" in board
    # 5(5)④ example: master R8B3, Aki and Ben both lay red 8: Ben, the later, wins and leads.
    for card in ("R8B3", "R8G3", "R8Y3", "R4B7"):
        enter(client, url, card)
    page = soup(client.get(url))
    assert "Ben leads next" in page.select_one("#result .verdict").get_text()
    assert page.select_one("#prompt").get_text(strip=True) == "Turn the master card and enter it"


def test_printed_tie_rule_keeps_the_previous_leader(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in ("R8B3", "R8G3", "R8Y3", "R4B7"):
        enter(client, url, card)
    verdict = soup(client.get(url)).select_one("#result .verdict").get_text()
    assert "Ben wins, +3" in verdict and "Aki leads next" in verdict


def test_japanese_by_browser_preference_and_the_switch_is_remembered(app) -> None:  # type: ignore[no-untyped-def]
    client = app.test_client()
    page = soup(client.get("/", headers={"Accept-Language": "ja,en;q=0.5"}))
    assert page.html["lang"] == "ja"
    assert "テーブル" in page.get_text()
    switched = client.get("/lang/en?next=/", headers={"Accept-Language": "ja"})
    assert switched.status_code == 303 and switched.location == "/"
    page = soup(client.get("/", headers={"Accept-Language": "ja"}))
    assert page.html["lang"] == "en"


def test_language_switch_never_redirects_off_site(client: FlaskClient) -> None:
    assert client.get("/lang/ja?next=//evil.example/").location == "/"


def test_unknown_table_is_a_polite_404(client: FlaskClient) -> None:
    response = client.get("/t/nope/g/1")
    assert response.status_code == 404
    assert "no such table" in text(response)


def test_a_trick_undone_and_entered_again_shows_its_new_ruling(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in ("R5B6", "R2G9", "B8Y3", "R9B2"):
        enter(client, url, card)
    assert "Ben wins, +5" in soup(client.get(url)).select_one("#result .verdict").get_text()
    client.post(f"{url}/undo", data={"seq": "4"})
    enter(client, url, "R1B10")  # Cho plays blue 10 instead: the highest blue now
    page = soup(client.get(url))
    assert "Cho wins, +5" in page.select_one("#result .verdict").get_text()
    assert "■ blue 10" in page.select_one("#result .rulings").get_text()
    assert scoreboard_totals(page) == [0, 0, 5]


def test_the_trick_result_shows_every_card_played_and_marks_the_winner(client: FlaskClient) -> None:
    url = seat_table(client)
    for card in ("R5B6", "R2G9", "B8Y3", "R9B2"):  # 5(5)①: 2 red, 2 blue; the master's blue 6 > red 5: Ben's blue 8
        enter(client, url, card)
    played = soup(client.get(url)).select("#result #played .play")
    # each card a link to its entry's correction, for the scorer (issue 31)
    assert [" ".join(p.get_text(" ").split()) for p in played] == ["Aki ●2 ▲9 Correct", "Ben ■8 ★3 Correct", "Cho ●9 ■2 Correct"]
    assert [p["class"] for p in played] == [["play"], ["play", "won"], ["play"]]
