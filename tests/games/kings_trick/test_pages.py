"""The King's Trick table through Flask's test client, reading the HTML a person would see.

Seats are clockwise: Aki 0, Ben 1, Cho 2, Dan 3 (Eve 4, Fay 5). Your right neighbour is the
seat before you, so a KING or QUEEN copies the card played just before it.
"""

from __future__ import annotations

import json
import re

from flask import Flask
from flask.testing import FlaskClient

from companion.rules import kings_trick as kt
from companion.rules.base import Event
from tests.conftest import soup
from tests.games.kings_trick.table import (
    NAMES3,
    NAMES4,
    NAMES5,
    NAMES6,
    answer,
    enter,
    form_fields,
    plan,
    replayed,
    scoreboard_totals,
    seat_table,
    setup_of,
    tap,
)


def words(node) -> str:  # type: ignore[no-untyped-def]
    return " ".join(node.get_text(" ").split())


def prompt(client: FlaskClient, url: str) -> str:
    return soup(client.get(url)).select_one("#prompt").get_text(strip=True)


def lay(client: FlaskClient, url: str, *codes: str) -> None:
    """Tap each card on the picker the page shows (a card of the trick or of the draft)."""
    for code in codes:
        response = tap(client, url, code)
        assert response.status_code == 303, (code, words(soup(response).select_one(".error")))


def enter_all(client: FlaskClient, url: str, log: list[Event]) -> None:
    for i, event in enumerate(log):
        response = enter(client, url, event)
        assert response.status_code == 303, (i, event, words(soup(response).select_one(".error")))


def refusal(response) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """The refusal's clause badge and its words."""
    error = soup(response).select_one(".error")
    badge = error.select_one(".clause")
    return (badge.get_text(strip=True) if badge else ""), words(error)


# --------------------------------------------------------------------------- set-up


def test_the_new_game_form_offers_the_options_and_says_the_deal(client: FlaskClient) -> None:
    response = client.post("/tables", data={"player": list(NAMES4), "game": kt.SLUG})
    page = soup(client.get(response.location))
    setup = words(page.select_one("#kt-setup"))
    assert "Shuffle and deal all 48 cards, 12 to each player: a game has at most 12 tricks." in setup
    assert "3 players: 13 cards each, one colour out · 4 players: 12" in setup
    for name in ("sum_sets", "no_agari_tie", "tie_at_20"):
        assert page.select_one(f"[name={name}]") is not None, name
    for name in ("removed_colour", "no_colour", "team_play"):  # for 3 or 6 players only (issue 31)
        assert page.select_one(f"[name={name}]") is None, name
    assert [i["value"] for i in page.select("input[name=first_leader]")] == ["0", "1", "2", "3"]
    five = client.post("/tables", data={"player": list(NAMES5), "game": kt.SLUG})
    assert "Take out KING, QUEEN and JESTER." in words(soup(client.get(five.location)).select_one("#kt-setup"))


def test_two_and_seven_players_are_refused_with_the_rule(client: FlaskClient) -> None:
    for names in (["A", "B"], ["A", "B", "C", "D", "E", "F", "G"]):
        response = client.post("/tables", data={"player": names, "game": kt.SLUG})
        table_url = response.location.split("/new")[0] if response.status_code == 303 else None
        if table_url:  # the table is seated; the game itself refuses the count
            refused = client.post(f"{table_url}/games", data={"game": kt.SLUG, "first_leader": "0"})
            assert refused.status_code == 422
            text = words(soup(refused).select_one(".error"))
        else:
            assert response.status_code == 422
            text = words(soup(response).select_one(".error"))
        assert f"King's Trick is for 3 to 6 players; got {len(names)}." in text


def test_the_game_page_says_the_deal_the_start_player_and_the_house_rules_in_force(client: FlaskClient) -> None:
    url = seat_table(client, NAMES4, first=2, options={"sum_sets": "on", "no_colour": "play_order",
                                                      "no_agari_tie": "none", "tie_at_20": "share"})
    # no_colour cannot apply to four players (a trick always has an ordinary card): ignored
    page = soup(client.get(url))
    assert words(page.select_one("h1.status")) == "King's Trick · Game 1 · Trick 1 of 12"
    assert page.select_one("#prompt").get_text(strip=True) == "Cho's card"
    setup = words(page.select_one("#setup"))
    assert "§2(2)① Shuffle and deal all 48 cards, 12 to each player" in setup
    assert "§2(2)② Cho is the start player and leads the first trick." in setup
    rules = words(page.select_one(".rules-in-force"))
    assert rules == ("Game 1: all completed sets added; a trick without colour goes by value; "
                     "a 4(4) tie after crystals: nobody scores; level on top at 20+: shared win. our ruling")
    assert "House rule: every completed set counts, added together." in words(page.select_one("#taken"))
    fields = form_fields(page)
    assert fields.pop("csrf_token") is not None
    assert fields == {"seq": "0", "kind": "play", "seat": "2"}


def test_three_players_take_out_the_chosen_colour_and_it_is_refused(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3, options={"removed_colour": "R"})
    page = soup(client.get(url))
    assert "§2(1)① Take out all nine red cards (the table's choice, recorded)." in words(page.select_one("#setup"))
    assert "13 to each player" in words(page.select_one("#setup"))
    assert [i["value"] for i in page.select("form.picker input.colour-radio")] == ["B", "G", "W", "K"]
    assert page.select_one("form.picker button[value=R5]") is None
    assert len(page.select("form.picker button[name=card]")) == 36 + 3
    refused = tap(client, url, "R5")
    assert refused.status_code == 422
    assert refusal(refused) == ("§2(1)①", "§2(1)① red 5 is not in this game: with three players every red card was taken out.")
    assert "Game 1: red taken out;" in words(soup(client.get(url)).select_one(".rules-in-force"))


def test_five_players_have_no_king_queen_or_jester(client: FlaskClient) -> None:
    url = seat_table(client, NAMES5)
    page = soup(client.get(url))
    assert "§2(3)① Take out KING, QUEEN and JESTER." in words(page.select_one("#setup"))
    assert page.select_one("form.picker .specials") is None
    assert len(page.select("form.picker button[name=card]")) == 45
    refused = tap(client, url, "KING")
    assert refusal(refused) == ("§2(3)①", "§2(3)① KING is not in this game: with five players KING, QUEEN and JESTER are taken out.")


def test_six_players_may_play_in_teams_of_partners_sitting_opposite(client: FlaskClient) -> None:
    url = seat_table(client, NAMES6, options={"team_play": "on"})
    page = soup(client.get(url))
    assert "8 to each player" in words(page.select_one("#setup"))
    assert words(page.select_one("#taken .teams-note")) == (
        "§5 Teams, partners adding their points together: Aki & Dan, Ben & Eve, Cho & Fay")
    assert "Teams of partners sitting opposite." in words(page.select_one(".rules-in-force"))


# --------------------------------------------------------------------------- a trick


def test_a_card_is_two_taps_and_the_specials_one(client: FlaskClient) -> None:
    page = soup(client.get(seat_table(client)))
    picker = page.select_one("form.picker")
    assert [words(label) for label in picker.select("label.colour-btn")] == ["● red", "● blue", "● green", "○ white", "● black"]
    blues = picker.select(".nums-B button[name=card]")
    assert [b["value"] for b in blues] == [f"B{v}" for v in range(1, 10)]
    assert blues[6]["aria-label"] == "blue 7" and blues[6].get_text(strip=True) == "●7"
    assert [b["value"] for b in picker.select(".specials button")] == ["KING", "QUEEN", "JESTER"]
    assert len(picker.select("button[name=card]")) == 48


def test_a_trick_shows_each_value_with_the_neighbour_copied_the_places_and_the_draft(client: FlaskClient) -> None:
    url = seat_table(client)
    page = soup(client.get(url))
    assert "§3(2) May follow: any card may be played." in words(page.select_one("#lead"))
    assert [words(r.select_one(".who")) for r in page.select("#trick .row")] == ["Aki leads", "Ben", "Cho", "Dan"]
    lay(client, url, "R5")
    page = soup(client.get(url))
    assert words(page.select_one("#lead")) == "§3(3)① Lead colour: ● red"
    assert page.select_one("form.picker button[value=R5]").has_attr("disabled")
    assert page.select_one("#prompt").get_text(strip=True) == "Ben's card"
    lay(client, url, "KING", "QUEEN")
    response = tap(client, url, "B9", htmx=True)
    fragment = soup(response)
    assert fragment.select_one("#panel") is not None and fragment.select_one("html") is None
    result = fragment.select_one("#result")
    assert words(result.select_one("h2")) == "Trick 1 · lead colour ● red"
    rows = [[words(td) for td in tr.select("th, td")] for tr in result.select("#places tbody tr")]
    assert rows == [
        ["1st", "Ben", "KING Correct", "red 5.5 copies Aki", "1"],  # a link to its entry's correction
        ["2nd", "Cho", "QUEEN Correct", "red 5.1 copies Ben", "2"],
        ["3rd", "Aki led", "● 5 red 5 Correct", "red 5", "1"],
        ["4th", "Dan", "● 9 blue 9 Correct", "blue 9", "–"],
    ]
    assert words(result.select_one("#colour-order")) == "§3(3)③ Colour order: ● red > ● blue"
    said = [words(li) for li in result.select(".rulings li")]
    assert "§3(4) Ben's KING copies their right neighbour Aki: red 5 plus 0.5 is red 5.5." in said
    assert "§3(4) Cho's QUEEN copies their right neighbour Ben: red 5.5 minus 0.4 is red 5.1." in said
    assert "§3(3)② Strongest first: Ben, Cho, Aki, Dan." in said
    assert "§3(4) Ben, 1st, picks one card of the trick." in said
    assert "§3(4) Cho, 2nd, picks two of the cards left." in said
    assert "§3(4) Aki, 3rd, takes the cards left (1)." in said
    assert words(fragment.select_one("#latest")) == "Trick 1: Ben, Cho, Aki, Dan, strongest first. Why"


def test_a_king_lead_takes_its_colour_from_the_first_coloured_card(client: FlaskClient) -> None:
    url = seat_table(client)
    lay(client, url, "KING", "JESTER", "K5")
    page = soup(client.get(url))
    assert words(page.select_one("#lead")) == "§3(3)④ Lead colour: ● black"
    lay(client, url, "B6")
    result = soup(client.get(url)).select_one("#result")
    assert "Aki led KING, which has no colour: Cho's black 5, the first coloured card, makes black the lead colour." in words(result)
    # The KING copies Dan's blue 6 (the leader's right neighbour is the last to play).
    values = {words(tr.select_one("th")): words(tr.select_one("td.value")) for tr in result.select("#places tbody tr")}
    assert values == {"Aki led": "blue 6.5 copies Dan", "Ben": "black 0.3", "Cho": "black 5", "Dan": "blue 6"}


def test_played_and_unknown_cards_are_refused_with_the_clause(client: FlaskClient) -> None:
    url = seat_table(client)
    lay(client, url, "G7")
    again = tap(client, url, "G7", htmx=True)
    assert again.status_code == 422
    assert refusal(again) == ("§1", "§1 green 7 has already been played in this game.")
    assert soup(again).select_one("form.picker") is not None
    nonsense = tap(client, url, "Z7")
    assert nonsense.status_code == 422
    assert "there is no colour “Z”" in words(soup(nonsense).select_one(".error"))
    assert form_fields(soup(client.get(url)))["seq"] == "1"


# --------------------------------------------------------------------------- the draft


def test_the_draft_asks_each_top_place_in_turn_one_tap_a_card(client: FlaskClient) -> None:
    url = seat_table(client)
    lay(client, url, "R5", "R6", "B9", "W1")  # Ben 1st, Aki 2nd, Cho 3rd (blue came before white), Dan last
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Ben's pick"
    assert [words(li) for li in page.select("#draft li")] == [
        "1st Ben picks 1", "2nd Aki picks 2", "3rd Cho takes the rest (1)"]
    pool = page.select("form.picker .pool button[name=card]")
    assert [b["value"] for b in pool] == ["R5", "R6", "B9", "W1"]
    assert words(pool[3]) == "○ 1 orbs" and pool[3]["aria-label"] == "white 1 orbs"
    assert form_fields(page)["kind"] == "pick" and form_fields(page)["seat"] == "1"
    outside = tap(client, url, "G2")
    assert refusal(outside) == ("§3(4)", "§3(4) green 2 is not among the cards left to draft: red 5, red 6, blue 9, white 1.")
    lay(client, url, "W1")
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Aki's pick"
    assert words(page.select("#draft li")[0]) == "1st Ben picks 1 ○ 1 white 1 Correct"  # the pick, a link to correct it
    assert [b["value"] for b in page.select("form.picker .pool button")] == ["R5", "R6", "B9"]
    lay(client, url, "R6", "B9")
    page = soup(client.get(url))
    # Cho took the rest; nobody has a set: Ben leads the next trick.
    assert page.select_one("#prompt").get_text(strip=True) == "Ben's card"
    assert words(page.select_one("#latest")).startswith("Trick 1: nobody declared agari; Ben played the strongest card and leads.")
    said = [words(li) for li in page.select("#result .rulings li")]
    assert said[-5:-1] == ["§3(4) Ben takes white 1.", "§3(4) Aki takes red 6.", "§3(4) Aki takes blue 9.",
                           "§3(4) Cho takes the rest: red 5."]
    assert said[-1] == "§3(6) Nobody declared agari: Ben, who played the strongest card, leads the next trick."
    taken = page.select_one("#taken")
    counts = {tr["class"][0]: [words(td) for td in tr.select("td")] for tr in taken.select("tbody tr")}
    assert counts["k-orb"] == ["0", "1", "0", "0"]
    assert counts["k-potion"] == ["2", "0", "0", "0"]
    assert counts["k-crystal"] == ["0", "0", "1", "0"]
    assert [words(td) for td in taken.select("tfoot tr.now td")] == ["–"] * 4
    # The draft's cards are in the drafting players' piles; the result shows who took what.
    assert words(page.select("#places tbody tr")[0].select_one("td.took")) == "1 ○ 1 white 1 Correct"


def ahead(page_html) -> list[tuple[str, dict, str]]:  # type: ignore[no-untyped-def]
    """What the picker takes next while the phone waits for the connection (data-outbox-ahead)."""
    form = page_html.select_one("form.picker")
    assert form is not None and form["data-outbox-once"] == "card"
    return [(a["kind"], a["fields"], a["prompt"]) for a in json.loads(form.get("data-outbox-ahead", "[]"))]


def test_offline_the_picker_knows_the_rest_of_the_trick_and_of_the_draft(client: FlaskClient) -> None:
    url = seat_table(client)
    lay(client, url, "R5")
    assert ahead(soup(client.get(url))) == [("play", {"seat": 2}, "Cho's card"), ("play", {"seat": 3}, "Dan's card")]
    lay(client, url, "R6", "B9")
    assert ahead(soup(client.get(url))) == []  # the places, and so the draft, are the table's to tell
    lay(client, url, "W1")  # Ben picks 1, Aki 2, Cho takes the rest
    assert ahead(soup(client.get(url))) == [("pick", {"seat": 0}, "Aki's pick"), ("pick", {"seat": 0}, "Aki's pick")]
    lay(client, url, "W1")
    assert ahead(soup(client.get(url))) == [("pick", {"seat": 0}, "Aki's pick")]
    lay(client, url, "R6")
    assert ahead(soup(client.get(url))) == []


def test_agari_is_offered_only_to_those_with_a_set_and_a_declaration_ends_the_game(client: FlaskClient) -> None:
    setup = setup_of(NAMES4)
    log, state = plan(setup, 3, declare=1.0, stop=lambda s: s.phase == kt.AGARI)
    url = seat_table(client)
    enter_all(client, url, log)
    page = soup(client.get(url))
    asked = state.awaiting
    assert asked == (1,)
    assert page.select_one("#prompt").get_text(strip=True) == "Ben: agari or pass?"
    assert words(page.select_one("#latest")).startswith("Trick 6 drafted: Ben may declare agari.")
    form = page.select_one("form#agari-1")
    assert words(form.select_one(".asked")) == "Ben · a set worth 8 points"
    assert [b["value"] for b in form.select("button[name=kind]")] == ["declare", "pass"]
    assert words(form.select_one("button[value=declare]")) == "Agari: 8 points"
    assert page.select_one("form#agari-0") is None
    # Aki has no set: a declaration for her is refused with the clause.
    refused = client.post(f"{url}/entries", data={**form_fields(page, "form#agari-1"), "seat": "0", "kind": "declare"})
    assert refusal(refused) == ("§3(6)", "§3(6) Aki has no completed set, so cannot declare agari.")
    now = [words(td) for td in page.select("#taken tfoot tr.now td")]
    assert now == ["–", "8 4×2", "–", "–"]
    assert answer(client, url, 1, True).status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#prompt") is None and page.select_one("#panel form.picker") is None
    over = page.select_one("#final")
    assert words(over.select_one(".verdict")) == "Ben declared agari and scores 8."
    assert words(over.select_one(".scored")) == "Ben 8 points (set 4 × 2) §4(2)"
    assert words(over.select_one("#next-start")) == "§4(3) Ben scored, and is the start player of the next game."
    assert words(page.select_one("#latest")) == "Ben declared agari and scores 8. Why"
    assert page.select_one("#latest a")["href"] == "#final"
    said = [words(li) for li in page.select("#result .rulings li")]
    assert "§4(1) Agari by Ben: the game ends with this trick." in said
    assert "§4(2) Ben scores 8: the set's 4 times 2." in said
    assert scoreboard_totals(page) == [0, 8, 0, 0]


def test_several_players_may_declare_after_one_trick_and_all_score(client: FlaskClient) -> None:
    setup = setup_of(NAMES4)
    log, state = plan(setup, 38, declare=1.0)
    assert state.declared == (0, 3) or set(state.declared) == {0, 3}
    url = seat_table(client)
    enter_all(client, url, log[:-2])
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Dan, Aki: agari or pass?"
    assert len(page.select("form.agari")) == 2
    enter_all(client, url, log[-2:])
    page = soup(client.get(url))
    assert words(page.select_one("#final .verdict")) == "Agari by Dan, Aki: each scores their own set."
    assert scoreboard_totals(page) == list(state.points)
    assert "placed highest of them in the last trick" in words(page.select_one("#next-start"))


def test_a_pass_is_recorded_and_agari_returns_only_with_more_points(client: FlaskClient) -> None:
    setup = setup_of(NAMES4)
    log, state = plan(setup, 3, declare=1.0, stop=lambda s: s.phase == kt.AGARI)
    url = seat_table(client)
    enter_all(client, url, log)
    response = answer(client, url, 1, False, htmx=True)
    page = soup(response)
    assert "§3(6) Ben does not declare; from now on they may declare only with more than 8 points." in [
        words(li) for li in page.select("#result .rulings li")]
    assert [words(td) for td in page.select("#taken tfoot tr.passed td")] == ["–", "8", "–", "–"]
    again = client.post(f"{url}/entries", data={**form_fields(page), "seat": "1", "kind": "declare"})
    assert again.status_code == 422
    leader = replayed(setup, log + [Event("pass", {"seat": 1})]).expected_seat
    assert refusal(again) == ("§3(2)", f"§3(2) The trick is being played: the next card is {NAMES4[leader]}'s.")
    history = [words(li) for li in soup(client.get(f"{url}/history")).select("ol.history li")]
    assert history[0].startswith("Ben passes: no agari now")  # newest first


def test_nobody_declaring_runs_out_the_hands_and_the_orb_majority_scores(client: FlaskClient) -> None:
    setup = setup_of(NAMES4)
    log, state = plan(setup, 1, declare=0.0)
    assert state.ended_by == "no_agari" and state.points == (0, 0, 4, 0)
    url = seat_table(client)
    enter_all(client, url, log)
    page = soup(client.get(url))
    assert words(page.select_one("#final .verdict")) == "Nobody declared agari: Cho scores 4."
    assert words(page.select_one("#final .scored")) == "Cho 4 points (1 × 4) §4(4)"
    said = [words(li) for li in page.select("#result .rulings li")]
    assert any(s.startswith("§4(4) The hands are played out and nobody declared agari") for s in said)
    assert "§4(4) Cho scores 4: 1 times 4." in said
    assert words(page.select_one("h1.status")) == "King's Trick · Game 1 · Trick 12 of 12"
    assert scoreboard_totals(page) == [0, 0, 4, 0]


# --------------------------------------------------------------------------- the evening


def test_the_evening_runs_game_after_game_to_20_or_four_games(client: FlaskClient) -> None:
    url = seat_table(client)
    setup = setup_of(NAMES4)
    totals = [0, 0, 0, 0]
    seed = 4
    for number in range(1, 9):
        log, state = plan(setup, seed, declare=1.0)
        enter_all(client, url, log)
        totals = [t + p for t, p in zip(totals, state.points)]
        page = soup(client.get(url))
        assert scoreboard_totals(page) == totals
        note = words(page.select_one("#scoreboard .evening"))
        if "the evening is over" in note:
            break
        link = page.select_one("#final a.primary")["href"]
        form = soup(client.get(link))
        assert form.select_one("input[name=first_leader][checked]")["value"] == str(state.next_start)
        started = client.post(link.replace("/new", "/games"), data={"game": kt.SLUG, "first_leader": str(state.next_start)})
        assert started.status_code == 303
        url = started.location
        assert f"Game {number + 1}" in words(soup(client.get(url)).select_one("h1.status"))
        setup = {**setup, **kt.next_setup(state)}
        seed += 1
    assert max(totals) >= 20 or number >= 4
    assert "the evening is over" in note


# --------------------------------------------------------------------------- undo, correction, history


def test_undo_takes_back_a_pick_and_then_a_card(client: FlaskClient) -> None:
    url = seat_table(client)
    lay(client, url, "R5", "R6", "B9", "W1", "W1")
    assert client.post(f"{url}/undo", data={"seq": "5"}).status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Ben's pick"
    assert client.post(f"{url}/undo", data={"seq": "6"}).status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Dan's card"
    assert not page.select_one("form.picker button[value=W1]").has_attr("disabled")
    history = soup(client.get(f"{url}/history"))
    assert len(history.select("ol.history li")) == 7 and len(history.select("li.undone")) == 2


def test_the_history_describes_every_kind_of_entry_and_corrections_offer_the_right_keys(client: FlaskClient) -> None:
    setup = setup_of(NAMES4)
    log, state = plan(setup, 3, declare=0.0, stop=lambda s: s.phase == kt.AGARI)
    url = seat_table(client)
    enter_all(client, url, log)
    assert answer(client, url, 1, False).status_code == 303
    history = soup(client.get(f"{url}/history"))
    items = [words(li) for li in history.select("ol.history li")][::-1]  # newest first
    first = log[0]
    assert items[0].startswith(f"Aki: {kt.card_text(str(first.payload['card']), lambda s: s)}")
    pick = next(i for i, e in enumerate(log) if e.kind == "pick")
    drafter = NAMES4[int(log[pick].payload["seat"])]
    assert items[pick].startswith(f"{drafter} drafts {kt.card_text(str(log[pick].payload['card']), lambda s: s)}")
    assert items[-1].startswith("Ben passes: no agari now")
    links = [a["href"] for a in history.select("a.correct")][::-1]  # the history is newest first
    # A card played: the keys of play, the card itself offered again.
    page = soup(client.get(links[0]))
    assert page.select_one("#correct input[name=seat]")["value"] == "0"
    own = page.select_one(f"#correct button[value={first.payload['card']}]")
    assert own is not None and not own.has_attr("disabled")
    assert page.select_one(f"#correct button[value={log[1].payload['card']}]").has_attr("disabled")
    # A card drafted: the cards of its trick, one tap each.
    page = soup(client.get(links[pick]))
    assert [b["value"] for b in page.select("#correct .pool button")] == [str(e.payload["card"]) for e in log[:4]]
    # An answer has nothing to choose.
    page = soup(client.get(links[-1]))
    assert "This entry has nothing to choose" in words(page.select_one("#correct"))


def test_correcting_a_played_card_replays_the_game(client: FlaskClient) -> None:
    url = seat_table(client)
    lay(client, url, "R5", "R6", "B9", "W1")
    links = [a["href"] for a in soup(client.get(f"{url}/history")).select("a.correct")][::-1]  # newest first
    page = soup(client.get(links[1]))
    fields = {i["name"]: i["value"] for i in page.select("#correct form input[type=hidden]")}
    response = client.post(links[1], data={**fields, "card": "R4"})
    assert response.status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Aki's pick"  # Aki's red 5 now beats red 4
    refused = client.post(links[1], data={**fields, "seq": form_fields(page)["seq"], "card": "B9"})
    assert refused.status_code == 422
    assert "blue 9 has already been played in this game." in words(soup(refused).select_one(".error"))


# --------------------------------------------------------------------------- reload, viewer, languages


def test_a_viewer_is_told_what_is_awaited_and_gets_no_form(client: FlaskClient) -> None:
    setup = setup_of(NAMES4)
    log, state = plan(setup, 3, declare=1.0, stop=lambda s: s.phase == kt.AGARI)
    url = seat_table(client)
    share = soup(client.get(url.split("/g/")[0] + "/share", base_url="http://192.168.7.21:5000"))
    viewer = re.sub(r"^https?://[^/]+", "", share.select_one("#qr-viewer a.link")["href"]).rstrip("/") + "/g/1"
    assert prompt(client, viewer) == "Waiting for Aki's card"
    lay(client, url, *[str(e.payload["card"]) for e in log[:4]])
    first = replayed(setup, log[:4]).expected_seat
    assert prompt(client, viewer) == f"Waiting for {NAMES4[first]}'s pick"
    enter_all(client, url, log[4:])
    page = soup(client.get(viewer))
    assert page.select_one("#prompt").get_text(strip=True) == "Waiting for Ben: agari or pass"
    assert page.select_one("#panel form") is None and "You are watching" in words(page)
    assert page.select_one("#taken") is not None and page.select_one("#result") is not None
    refused = client.post(f"{viewer}/entries", data={"seq": str(len(log)), "kind": "declare", "seat": "1"})
    assert refused.status_code == 403


def test_japanese_pages_say_everything_in_japanese(app: Flask) -> None:
    client = app.test_client()
    client.set_cookie("lang", "ja")
    url = seat_table(client)
    page = soup(client.get(url))
    assert page.html["lang"] == "ja"
    assert page.select_one("#prompt").get_text(strip=True) == "Akiのカード"
    assert [words(label) for label in page.select("label.colour-btn")] == ["● 赤", "● 青", "● 緑", "○ 白", "● 黒"]
    assert "12枚ずつ配ります" in words(page.select_one("#setup"))
    lay(client, url, "R5", "KING", "QUEEN", "B9")
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Benが選ぶ番"
    result = words(page.select_one("#result"))
    assert "赤の5.5" in result and "Akiをまねる" in result
    assert "青の9" in result and "青の9.0" not in result, "an ordinary card's value has no decimal"
    assert "§3(4) Benのキングは右隣のAkiと同じ色で+0.5:赤の5から赤の5.5です。" in result
    assert "オーブ" in words(page.select_one("#taken"))
    judge = soup(client.get("/judge/kings-trick", query_string={"players": "4", "cards": "R5.KING.QUEEN.B9"}))
    assert "誰が選ぶか" in words(judge) or "強い" in words(judge.select_one("h1"))
    assert "プレイヤーBのキング" in words(judge.select_one("#result"))


# --------------------------------------------------------------------------- the quick judge


def test_the_quick_judge_takes_a_trick_in_taps_and_explains_it(client: FlaskClient) -> None:
    page = soup(client.get("/judge/kings-trick"))
    assert page.select_one("#prompt").get_text(strip=True) == "How many players?"
    page = soup(client.get("/judge/kings-trick", query_string={"players": "5"}))
    assert page.select_one("form.picker .specials") is None  # five players: no KING, QUEEN, JESTER
    assert page.select_one("#prompt").get_text(strip=True) == "Player A's card"
    page = soup(client.get("/judge/kings-trick", query_string={"players": "5", "cards": "R5.K7.R6.B9", "card": "K8"}))
    result = page.select_one("#result")
    assert words(result.select_one(".verdict")) == "Player C played the strongest card"
    rows = [[words(td) for td in tr.select("th, td")] for tr in result.select("#places tbody tr")]
    # The rulebook's example, its misprint corrected: red 6 > red 5 > black 8 > black 7 > blue 9.
    assert [r[1] for r in rows] == ["Player C", "Player A", "Player E", "Player B", "Player D"]
    assert [r[4] for r in rows] == ["1", "2", "the rest (2)", "–", "–"]
    assert "§3(3)③ The next strongest colour is black: Player B's black 7 was the first card of a new colour." in [
        words(li) for li in result.select(".rulings li")]
    back = soup(client.get("/judge/kings-trick", query_string={"players": "5", "cards": "R5.K7.R6.B9.K8", "back": "1"}))
    assert back.select_one("#result") is None and back.select_one("#prompt").get_text(strip=True) == "Player E's card"
    assert back.select_one("form.picker button[value=B9]").has_attr("disabled")


def test_the_quick_judge_values_king_queen_and_jester(client: FlaskClient) -> None:
    page = soup(client.get("/judge/kings-trick", query_string={"players": "6", "cards": "KING.QUEEN.K5.JESTER.B6.G1"}))
    rows = {words(tr.select_one("th")): words(tr.select_one("td.value")) for tr in page.select("#places tbody tr")}
    # The leader's right neighbour is the last to play (green 1): KING green 1.5, QUEEN green 1.1.
    assert rows["Player A"] == "green 1.5 copies Player F"
    assert rows["Player B"] == "green 1.1 copies Player A"
    assert rows["Player D"] == "black 0.3"


def test_a_six_player_team_game_gives_each_partner_the_team_total(client: FlaskClient) -> None:
    setup = setup_of(NAMES6, 0, {"team_play": True})
    log, state = plan(setup, 3, declare=1.0)
    assert state.is_over
    url = seat_table(client, NAMES6, options={"team_play": "on"})
    enter_all(client, url, log)
    page = soup(client.get(url))
    team = kt.team_points(state.points, state.setup.teams)
    assert scoreboard_totals(page) == list(team)
    assert [words(li) for li in page.select("#final .team-points li")] == [
        f"{NAMES6[a]} & {NAMES6[b]}: {team[a]} points" for a, b in ((0, 3), (1, 4), (2, 5))]


def test_nobody_scores_when_the_table_says_so_and_the_tie_stays(client: FlaskClient) -> None:
    setup = setup_of(NAMES5, 0, {"no_agari_tie": "none"})
    log, state = plan(setup, 190, declare=0.0)  # a deal where two players stay level through crystals
    assert state.ended_by == "no_agari" and state.scorers == ()
    url = seat_table(client, NAMES5, options={"no_agari_tie": "none"})
    enter_all(client, url, log)
    page = soup(client.get(url))
    assert words(page.select_one("#final .verdict")) == "Nobody declared agari, and nobody scores."
    assert page.select_one("#final .scored") is None
    assert any("nobody scores" in words(li) for li in page.select("#result .rulings li"))
    assert scoreboard_totals(page) == [0] * 5
