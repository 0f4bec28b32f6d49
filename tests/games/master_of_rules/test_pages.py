"""The Master of Rules table through Flask's test client, reading the HTML a person would see."""

from __future__ import annotations

import json

from flask import Flask
from flask.testing import FlaskClient

from companion.rules import master_of_rules as mor
from tests.conftest import soup, text
from tests.games.master_of_rules.table import (
    SCORING_ROUNDS,
    Round,
    cells,
    enter,
    new_state,
    offered,
    picker,
    play_round,
    post,
    round_entries,
    scoreboard_totals,
    seat_table,
    whole_game,
    words,
)

FIVE = ("Aki", "Ben", "Cho", "Dan", "Eve")
VERDICT_ROUND = Round(("R3", "B1", "B3"), (mor.TRIO, mor.BEST_OF_THE_BEST, mor.SUPPORT_RIGHT), ("B2", "G1"),
                      dummy_rule=mor.LIMIT_23)
"""Aki's TRIO hits (three blues); Ben's B1 is not the highest blue; Cho supports Ben, who missed."""


def prompt(client: FlaskClient, url: str) -> str:
    return soup(client.get(url)).select_one("#prompt").get_text(strip=True)


def lap_one(client: FlaskClient, url: str, r: Round, state: mor.State) -> mor.State:
    """Enter the round's entries up to (not including) the first dummy card or lap 2."""
    for kind, fields, after in round_entries(state, r):
        assert enter(client, url, kind, fields).status_code == 303
        state = after
        if state.expected is None or state.expected.is_dummy or state.lap == 2:
            return state
    return state


# --------------------------------------------------------------------------- set-up


def test_the_new_game_form_takes_the_first_start_player(client: FlaskClient) -> None:
    response = client.post("/tables", data={"player": ["Aki", "Ben", "Cho"], "game": mor.SLUG})
    page = soup(client.get(response.location))
    assert page.select_one(f"input[name=game][value={mor.SLUG}]").has_attr("checked")
    assert [i["value"] for i in page.select("input[name=first_leader]")] == ["0", "1", "2"]
    assert "The player chosen above is the first start player" in words(page.select_one("form"))


def test_set_up_says_what_to_deal_how_many_rounds_which_dummies_and_who_starts(client: FlaskClient) -> None:
    url = seat_table(client, first=1)
    page = soup(client.get(url))
    setup = words(page.select_one("#setup"))
    assert "Deal 4 number cards and 3 rule cards to each player" in setup
    assert "Lay 3 number cards and 3 rule cards face up as the refill row" in setup
    assert "12 rounds: the start player card goes round the table 4 times" in setup
    assert "Dummy cards in play: dummy 1 (its 3-player side) and dummy 2" in setup
    assert "Ben is the first start player" in setup
    assert "Round 1 of 12" in page.select_one(".status").get_text()
    assert page.select_one("#prompt").get_text(strip=True) == "Ben: a number or a rule card"
    assert [r.select_one(".who").get_text(" ", strip=True) for r in page.select(".round .row")] == [
        "Ben start player", "Cho", "Aki", "Dummy 1 after lap 1", "Dummy 2 after lap 2"]


def test_set_up_for_four_and_five_players(client: FlaskClient) -> None:
    four = words(soup(client.get(seat_table(client, FIVE[:4]))).select_one("#setup"))
    assert "12 rounds: the start player card goes round the table 3 times" in four
    assert "Dummy card in play: dummy 1 (its 4-player side)" in four
    five = words(soup(client.get(seat_table(client, FIVE, first=4))).select_one("#setup"))
    assert "10 rounds: the start player card goes round the table 2 times" in five
    assert "No dummy cards with five players" in five
    assert "Eve is the first start player" in five


def test_set_up_disappears_once_the_first_card_is_in(client: FlaskClient) -> None:
    url = seat_table(client)
    enter(client, url, "number", {"seat": "0", "card": "B7"})
    assert soup(client.get(url)).select_one("#setup") is None


# --------------------------------------------------------------------------- entering cards


def test_lap_one_offers_both_pickers_and_a_number_card_is_two_taps(client: FlaskClient) -> None:
    url = seat_table(client)
    page = soup(client.get(url))
    assert offered(page) == ["rule", "number"]  # the rule keys first, in one row
    numbers = picker(page, "number")
    assert [label["for"] for label in numbers.select("label.colour-btn")] == [f"colour-{c}" for c in mor.COLOURS]
    blues = numbers.select(".nums-B button[name=card]")
    assert [b["value"] for b in blues] == [f"B{v}" for v in range(1, 10)]
    assert blues[6].get_text(strip=True) == "■7" and blues[6]["aria-label"] == "■ blue 7"
    rules = picker(page, "rule")
    assert [b.get_text(strip=True) for b in rules.select(".rule-keys button")] == [
        "TRIO", "ONLY ONE", "LIMIT 23", "BEST of the BEST", "SUPPORT RIGHT"]
    assert rules.select_one(".reveal-box") is None  # nothing played yet: nothing to reveal


def test_a_number_card_on_the_table_is_not_offered_and_refused_if_posted(client: FlaskClient) -> None:
    url = seat_table(client)
    assert enter(client, url, "number", {"seat": "0", "card": "B7"}).status_code == 303
    page = soup(client.get(url))
    assert picker(page, "number").select_one("button[value=B7]").has_attr("disabled")
    assert page.select_one(".round .row:nth-of-type(1) .ntile")["title"] == "■ blue 7"
    response = post(client, url, "number", {"seat": "1", "card": "B7"})
    assert response.status_code == 422
    assert "■ blue 7 is already on the table this round" in soup(response).select_one(".error").get_text()
    assert picker(soup(response), "number") is not None  # the page stays usable


def test_lap_two_offers_only_the_kind_not_laid_in_lap_one(client: FlaskClient) -> None:
    url = seat_table(client)
    r = Round(("B7", "R2", "G5"), (mor.TRIO, mor.ONLY_ONE, mor.LIMIT_23), ("Y1", "P4"), rule_first=frozenset({1}))
    state = lap_one(client, url, r, new_state())
    for kind, fields, after in round_entries(state, r):
        assert enter(client, url, kind, fields).status_code == 303
        if after.lap == 2 and not after.expected.is_dummy:
            break
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Aki: a rule card"
    assert offered(page) == ["rule"]
    assert "Lap 2 of 2" in page.select_one(".lap").get_text()
    refused = post(client, url, "number", {"seat": "0", "card": "B9"})
    assert refused.status_code == 422
    assert ("Aki laid a number card in the first lap, so the second card must be a rule card."
            in soup(refused).select_one(".error").get_text())
    assert enter(client, url, "rule", {"seat": "0", "rule": mor.TRIO}).status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Ben: a number card"  # Ben laid a rule first
    assert offered(page) == ["number"]


def ahead(page) -> list[tuple[str, int, str]]:  # type: ignore[no-untyped-def]
    """What the phone takes next while entries wait for the connection, per picker form:
    (kind, seat, prompt) in order."""
    out = []
    for form in page.select("form.picker[data-outbox]"):
        out += [(e["kind"], e["fields"]["seat"], e["prompt"]) for e in json.loads(form.get("data-outbox-ahead", "[]"))]
    return out


def test_while_offline_lap_two_is_taken_ahead_while_the_next_players_need_the_same_kind(client: FlaskClient) -> None:
    url = seat_table(client)
    r = Round(("B7", "R2", "G5"), (mor.TRIO, mor.ONLY_ONE, mor.LIMIT_23), ("Y1", "P4"), rule_first=frozenset({2}))
    page = soup(client.get(url))
    assert ahead(page) == []  # lap 1: each player chooses which kind to lay
    assert [f.get("data-outbox-once") for f in page.select("form.picker")] == ["rule", "card"]
    state = lap_one(client, url, r, new_state())
    for kind, fields, after in round_entries(state, r):
        assert enter(client, url, kind, fields).status_code == 303
        if after.lap == 2 and not after.expected.is_dummy:
            break
    # Aki and Ben laid number cards in lap 1, Cho a rule card: Aki's rule card, then Ben's
    assert prompt(client, url) == "Aki: a rule card"
    assert ahead(soup(client.get(url))) == [("rule", 1, "Ben: a rule card")]
    assert enter(client, url, "rule", {"seat": "0", "rule": mor.TRIO}).status_code == 303
    assert ahead(soup(client.get(url))) == []  # Cho's number card comes on another form


def test_a_rule_already_played_is_refused_unless_the_player_reveals(client: FlaskClient) -> None:
    url = seat_table(client)
    assert enter(client, url, "rule", {"seat": "0", "rule": mor.TRIO}).status_code == 303
    page = soup(client.get(url))
    rules = picker(page, "rule")
    assert rules.select_one(".rule-keys button[value=TRIO]").has_attr("disabled")
    assert not rules.select_one(".rule-keys button[value=LIMIT_23]").has_attr("disabled")
    toggle = rules.select_one("label.reveal-toggle")
    assert toggle["for"] == rules.select_one("input.reveal-box[type=checkbox][name=reveal]")["id"]
    assert "No other rule card I may play: I show mine" in toggle.get_text()
    assert [b["value"] for b in rules.select(".reveal-keys button")] == ["TRIO"]
    refused = post(client, url, "rule", {"seat": "1", "rule": mor.TRIO})
    assert refused.status_code == 422
    assert "Aki has already played TRIO this round" in soup(refused).select_one(".error").get_text()
    needless = post(client, url, "rule", {"seat": "1", "rule": mor.LIMIT_23, "reveal": "on"})
    assert needless.status_code == 422
    assert "can be played without revealing" in soup(needless).select_one(".error").get_text()
    assert enter(client, url, "rule", {"seat": "1", "rule": mor.TRIO, "reveal": "on"}).status_code == 303
    page = soup(client.get(url))
    assert page.select_one(".round .row:nth-of-type(2) .revealed") is not None
    assert ("Ben revealed their rule cards, none of which could be played, and laid TRIO, already played this round."
            in words(page.select_one(".rulings.reveals")))
    history = words(soup(client.get(f"{url}/history")).select_one("ol.history"))
    assert "Ben: rule card TRIO after showing their rule cards: none could be played" in history


def test_a_dummys_rule_card_restricts_the_players_too(client: FlaskClient) -> None:
    url = seat_table(client)
    r = Round(("B7", "R2", "G5"), (mor.TRIO, mor.ONLY_ONE, mor.LIMIT_23), ("Y1", "P4"), dummy_rule=mor.TRIO)
    state = lap_one(client, url, r, new_state())
    for kind, fields, after in round_entries(state, r):
        assert enter(client, url, kind, fields).status_code == 303
        if after.lap == 2:
            break
    refused = post(client, url, "rule", {"seat": "0", "rule": mor.TRIO})
    assert refused.status_code == 422
    assert "Dummy 1 has TRIO this round" in soup(refused).select_one(".error").get_text()
    assert picker(soup(client.get(url)), "rule").select_one(".rule-keys button[value=TRIO]").has_attr("disabled")


def test_three_players_the_page_prompts_for_both_dummies(client: FlaskClient) -> None:
    url = seat_table(client)
    r = Round(("B7", "R2", "G5"), (mor.TRIO, mor.ONLY_ONE, mor.LIMIT_23), ("Y1", "P4"), dummy_rule=mor.SUPPORT_RIGHT)
    entries = list(round_entries(new_state(), r))
    for kind, fields, _ in entries[:3]:
        enter(client, url, kind, fields)
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == (
        "Dummy 1: the top number and rule cards")
    assert offered(page) == ["dummy_rule", "dummy_number"]
    assert picker(page, "dummy_number").select_one("input[name=dummy]")["value"] == "1"
    assert "next" in page.select(".round .row")[3]["class"]
    refused = post(client, url, "number", {"seat": "0", "card": "B9"})
    assert refused.status_code == 422
    assert "First turn dummy 1's card from the top of the deck." in soup(refused).select_one(".error").get_text()
    enter(client, url, "dummy_number", {"dummy": "1", "card": "Y1"})
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Dummy 1: the top rule card"
    assert offered(page) == ["dummy_rule"]
    for kind, fields, _ in entries[4:8]:
        enter(client, url, kind, fields)
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Dummy 2: the top number card"
    assert offered(page) == ["dummy_number"]
    assert picker(page, "dummy_number").select_one("button[value=Y1]").has_attr("disabled")
    enter(client, url, "dummy_number", {"dummy": "2", "card": "P4"})
    assert soup(client.get(url)).select_one("#result h2").get_text(strip=True) == "Round 1 judged"


def test_four_players_one_dummy_number_card_after_lap_one_only(client: FlaskClient) -> None:
    url = seat_table(client, FIVE[:4])
    r = Round(("B7", "R2", "G5", "Y9"), (mor.TRIO, mor.ONLY_ONE, mor.LIMIT_23, mor.SUPPORT_RIGHT), ("P4",))
    entries = list(round_entries(new_state(FIVE[:4]), r))
    assert [k for k, _, _ in entries].count("dummy_number") == 1
    for kind, fields, _ in entries[:4]:
        enter(client, url, kind, fields)
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Dummy 1: the top number card"
    assert offered(page) == ["dummy_number"]
    assert len(page.select(".round .row.dummy")) == 1
    for kind, fields, _ in entries[4:]:
        assert enter(client, url, kind, fields).status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#result h2").get_text(strip=True) == "Round 1 judged"
    assert page.select_one("#prompt").get_text(strip=True) == "Ben: a number or a rule card"


# --------------------------------------------------------------------------- judging and scoring


def test_a_judged_round_shows_every_verdict_with_its_reason_and_clause(client: FlaskClient) -> None:
    url = seat_table(client)
    play_round(client, url, new_state(), VERDICT_ROUND)
    page = soup(client.get(url))
    result = page.select_one("#result")
    # The round just judged is one compact line above the next round's prompt, its "why"
    # opening the full verdicts, which follow the picker (#11: the prompt first).
    latest = page.select_one("#latest")
    assert words(latest).startswith("Round 1: Aki achieved their rule.")
    assert latest.select_one("a.why")["href"] == "#result"
    assert str(page).index('id="latest"') < str(page).index('id="prompt"') < str(page).index('id="result"')
    assert words(result.select_one(".five")) == "●3 Correct ■1 Correct ■3 Correct ■2 Correct ▲1 Correct = 10"  # each a link to correct it
    verdicts = result.select(".verdicts li")
    assert [v["class"] for v in verdicts] == [["hit"], ["miss"], ["miss"]]
    assert [words(v.select_one(".line")) for v in verdicts] == [
        "Aki ●3 Correct TRIO Correct ✓ achieved", "Ben ■1 Correct BEST of the BEST Correct ✗ missed",
        "Cho ■3 Correct SUPPORT RIGHT Correct ✗ missed"]
    assert [words(v.select_one(".why")) for v in verdicts] == [
        "§TRIO Aki achieves TRIO: 3 ■ blue cards, ■ blue 1, ■ blue 2, ■ blue 3.",
        "§BEST of the BEST Ben misses BEST of the BEST: ■ blue 3 is higher than ■ blue 1 in ■ blue.",
        "§SUPPORT RIGHT Cho misses SUPPORT RIGHT: Ben, on their right, missed BEST of the BEST.",
    ]
    others = [words(li) for li in result.select(".rulings li")]
    assert "our ruling Dummy 1's LIMIT 23 only kept others from playing it; a dummy scores nothing." in others
    assert "§4. Preparing the next round Ben is the start player of round 2." in others
    assert page.select_one("#prompt").get_text(strip=True) == "Ben: a number or a rule card"
    assert cells(page, "TRIO") == ["1", "0", "0"]
    assert cells(page, "Total") == ["1", "0", "0"]
    assert scoreboard_totals(page) == [1, 0, 0]


def test_the_last_card_of_a_round_answers_htmx_with_the_verdicts(client: FlaskClient) -> None:
    url = seat_table(client)
    entries = list(round_entries(new_state(), VERDICT_ROUND))
    for kind, fields, _ in entries[:-1]:
        enter(client, url, kind, fields)
    kind, fields, _ = entries[-1]
    response = enter(client, url, kind, fields, htmx=True)
    assert response.status_code == 200
    fragment = soup(response)
    assert fragment.select_one("html") is None and fragment.select_one("#panel") is not None
    assert len(fragment.select("#result .verdicts li")) == 3


def test_score_table_counts_rules_bonuses_and_splits_equal_points_by_tie_break(client: FlaskClient) -> None:
    url = seat_table(client)
    state = new_state()
    for r in SCORING_ROUNDS:
        state = play_round(client, url, state, r)
    page = soup(client.get(url))
    assert [th.get_text(strip=True) for th in page.select("#score tbody th")][:5] == [
        "TRIO", "ONLY ONE", "BEST of the BEST", "LIMIT 23", "SUPPORT RIGHT"]
    assert cells(page, "TRIO") == ["1", "3", "0"]
    assert cells(page, "BEST of the BEST") == ["1", "0", "3"]
    assert cells(page, "LIMIT 23") == ["1", "2", "2"]
    assert cells(page, "Rule cards, 1 point each") == ["5", "5", "5"]
    assert cells(page, "+2 per rule achieved 3 or more times") == ["0", "+2", "+2"]
    assert cells(page, "+2 for all five rules") == ["+2", "0", "0"]
    assert cells(page, "Total") == ["7", "7", "7"]
    assert cells(page, "Place") == ["2", "1", "3"]
    assert [td.has_attr("class") for td in page.select("#score tr.rule")[0].select("td")] == [False, True, False]
    ties = [words(li) for li in page.select("#score .tie-breaks li")]
    assert ties == [
        "§6. Scoring and deciding the winner Ben and Aki have 7 points each; Ben ranks higher with more TRIO (3 to 1).",
        "§6. Scoring and deciding the winner Aki and Cho have 7 points each; Aki ranks higher with more TRIO (1 to 0).",
    ]
    assert "more TRIO places higher, then more ONLY ONE, BEST of the BEST, LIMIT 23 and SUPPORT RIGHT" in words(
        page.select_one("#score"))
    assert list(state.points) == [7, 7, 7] and scoreboard_totals(page) == [7, 7, 7]


def test_the_game_ends_after_the_last_round_with_the_final_ranking(client: FlaskClient) -> None:
    url = seat_table(client)
    state = new_state()
    rounds = whole_game(state)
    for r in rounds[:-1]:
        state = play_round(client, url, state, r)
    page = soup(client.get(url))
    assert "Round 12 is the final round: no refill row, and nobody refills after laying a card." in words(page.select_one("#result"))
    assert "Final round: no refill row, and nobody refills." in words(page.select_one(".refill"))
    assert "final round" in page.select_one(".status").get_text()
    state = play_round(client, url, state, rounds[-1])
    assert state.is_over
    page = soup(client.get(url))
    assert page.select_one("form.picker") is None and page.select_one("#prompt") is None
    final = page.select_one("#final")
    assert words(final.select_one(".verdict")) == "Aki wins this game with 16 points."
    assert [words(li) for li in final.select(".ranking li")] == ["Aki 16 points", "Ben 16 points", "Cho 14 points"]
    assert ("§6. Scoring and deciding the winner Aki and Ben have 16 points each; Aki ranks higher with more TRIO (8 to 3)."
            in [words(li) for li in final.select(".rulings li")])
    assert "All 12 rounds have been played: the game is over." in words(page.select_one("#result"))
    assert page.select_one("#score h2").get_text(" ", strip=True).startswith("Final score")
    assert cells(page, "Place") == ["1", "2", "3"]
    assert scoreboard_totals(page) == [16, 16, 14]
    refused = client.post(f"{url}/entries", data={"seq": "999", "kind": "number", "seat": "0", "card": "B1"})
    assert refused.status_code in (409, 422)
    # The rulebook plays one game: the next starts a series of its own, one seat to the left.
    new = soup(client.get(final.select_one("a.primary")["href"]))
    assert new.select_one("input[name=first_leader][checked]")["value"] == "1"
    table_url = url.split("/g/")[0]
    second = client.post(f"{table_url}/games", data={"game": mor.SLUG, "first_leader": "1"}).location
    play_round(client, second, new_state(first=1), SCORING_ROUNDS[0])
    page = soup(client.get(second))
    assert len(page.select("#scoreboard .series")) == 2 and len(page.select("#scoreboard tbody tr")) == 2
    assert scoreboard_totals(page) == [16, 16, 14, 1, 1, 1]


def test_the_dummy_rule_and_a_reveal_appear_in_the_judged_round(client: FlaskClient) -> None:
    url = seat_table(client)
    r = Round(("B1", "B2", "B3"), (mor.TRIO, mor.TRIO, mor.LIMIT_23), ("R1", "G1"), dummy_rule=mor.ONLY_ONE)
    play_round(client, url, new_state(), r)
    result = soup(client.get(url)).select_one("#result")
    lines = [words(li) for li in result.select(".rulings li")]
    assert ("§1. Laying cards Ben revealed their rule cards, none of which could be played, and laid TRIO, "
            "already played this round.") in lines
    assert [v["class"] for v in result.select(".verdicts li")] == [["hit"], ["hit"], ["hit"]]


# --------------------------------------------------------------------------- undo, history, reload, viewers


def test_undo_of_the_last_card_takes_back_the_verdicts_and_history_keeps_everything(client: FlaskClient) -> None:
    url = seat_table(client)
    entries = list(round_entries(new_state(), VERDICT_ROUND))
    play_round(client, url, new_state(), VERDICT_ROUND)
    assert soup(client.get(url)).select_one("#result") is not None
    page = soup(client.get(url))
    undo = page.select_one("button.undo").find_parent("form")
    assert client.post(undo["action"], data={i["name"]: i["value"] for i in undo.select("input")}).status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#result") is None
    assert page.select_one("#prompt").get_text(strip=True) == "Dummy 2: the top number card"
    assert cells(page, "Total") == ["0", "0", "0"]
    history = soup(client.get(f"{url}/history"))
    items = history.select("ol.history > li")
    assert len(items) == len(entries) + 1
    assert len(history.select("li.undone")) == 1
    assert "Dummy 2: number card ▲ green 1" in words(items[1])  # newest first: the undo, then this
    assert "taken back" in words(items[1])
    assert "Dummy 1: rule card LIMIT 23" in words(history)
    assert "Aki: number card ● red 3" in words(history)


def test_a_viewer_sees_the_round_and_the_score_but_no_form(client: FlaskClient) -> None:
    url = seat_table(client)
    play_round(client, url, new_state(), VERDICT_ROUND)
    share = soup(client.get(url.split("/g/")[0] + "/share", base_url="http://192.168.7.21:5000"))  # as the LAN serves it
    viewer = share.select_one("#qr-viewer a.link")["href"].split("://", 1)[-1]
    viewer = "/" + viewer.split("/", 1)[1]
    page = client.get(viewer.rstrip("/") + "/g/1")
    assert page.status_code == 200
    html = soup(page)
    assert html.select("form") == []
    assert html.select_one("button.undo") is None
    assert "You are watching" in text(page)
    assert len(html.select("#result .verdicts li")) == 3 and html.select_one("#score") is not None
    refused = client.post(viewer.rstrip("/") + "/g/1/entries", data={"seq": "10", "kind": "number", "seat": "1", "card": "B9"})
    assert refused.status_code == 403


def test_the_page_speaks_japanese(client: FlaskClient) -> None:
    url = seat_table(client)
    play_round(client, url, new_state(), VERDICT_ROUND)
    client.set_cookie("lang", "ja")
    page = soup(client.get(url))
    assert page.html["lang"] == "ja"
    assert "TRIO" in page.select_one("#result .verdicts li .line").get_text()
    assert page.select_one("#score tfoot th").get_text(strip=True) == "合計"
    assert page.select_one(".nums-B button[value=B7]")["aria-label"] == "■青7"


# --------------------------------------------------------------------------- the judge


ROUND_ASK = {"ask": "round", "players": 3, "numbers": ["R3", "B1", "B3"],
             "rules": ["TRIO", "BEST_OF_THE_BEST", "SUPPORT_RIGHT"], "dummy_numbers": ["B2", "G1"]}
SCORE_ASK = {"ask": "score", "achieved": [
    {"TRIO": 1, "ONLY_ONE": 1, "LIMIT_23": 1, "BEST_OF_THE_BEST": 1, "SUPPORT_RIGHT": 1},
    {"LIMIT_23": 2, "TRIO": 3}, {"BEST_OF_THE_BEST": 3, "LIMIT_23": 2}]}


def test_api_judges_a_round_with_a_reason_per_player(client: FlaskClient) -> None:
    response = client.post(f"/api/judge/{mor.SLUG}", json=ROUND_ASK, headers={"Accept-Language": "en"})
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["achieved"] == [True, False, False]
    assert [r["clause"] for r in answer["rulings"]] == ["TRIO", "BEST of the BEST", "SUPPORT RIGHT"]
    assert answer["rulings"][0]["text"] == "Player A achieves TRIO: 3 ■ blue cards, ■ blue 1, ■ blue 2, ■ blue 3."
    assert answer["rulings"][2]["text"] == "Player C misses SUPPORT RIGHT: Player B, on their right, missed BEST of the BEST."


def test_api_scores_with_bonuses_and_tie_break_ranks(client: FlaskClient) -> None:
    answer = client.post(f"/api/judge/{mor.SLUG}", json=SCORE_ASK).get_json()
    assert answer["points"] == [7, 7, 7]
    assert answer["rank"] == [2, 1, 3]
    assert answer["breakdown"] == [{"base": 5, "set_bonus": 0, "all_five_bonus": 2},
                                   {"base": 5, "set_bonus": 2, "all_five_bonus": 0},
                                   {"base": 5, "set_bonus": 2, "all_five_bonus": 0}]
    assert "Player B ranks higher with more TRIO (3 to 1)" in answer["rulings"][3]["text"]


def test_api_refuses_what_it_cannot_judge_with_422_and_a_reason(client: FlaskClient) -> None:
    cases = [
        ({**ROUND_ASK, "dummy_numbers": []}, "With 3 players the dummies have 2 number cards; got 0."),
        ({**ROUND_ASK, "numbers": ["R3", "B1", "B2"]}, "appears twice"),
        ({**ROUND_ASK, "numbers": ["X3", "B1", "B3"]}, "there is no colour “X”"),
        ({**ROUND_ASK, "rules": ["TRIO", "QUARTET", "TRIO"]}, "“QUARTET” is not a rule card"),
        ({**ROUND_ASK, "players": 6}, "Master of Rules is for 3 to 5 players; got 6."),
        ({**ROUND_ASK, "rules": ["TRIO"]}, "Give one entry in “rules” per player: 3 players, got 1."),
        ({"ask": "deal"}, "Unknown question “deal”"),
        ({"ask": "score", "achieved": [{"TRIO": 13}, {}, {}]}, "a whole number from 0 to 12"),
        ({"ask": "score", "achieved": [{"TRIO": 6}, {"TRIO": 7}, {}]}, "only 12 TRIO cards"),
    ]
    for body, reason in cases:
        response = client.post(f"/api/judge/{mor.SLUG}", json=body)
        assert response.status_code == 422, body
        assert reason in response.get_json()["error"], (body, response.get_json())
    broken = client.post(f"/api/judge/{mor.SLUG}", data="{", content_type="application/json")
    assert broken.status_code == 422 and "not valid JSON" in broken.get_json()["error"]


def tap_through(client: FlaskClient, players: int, numbers: list[str], rules: list[str], dummies: list[str]):  # type: ignore[no-untyped-def]
    """Tap the quick judge's keys in the order it asks: each player's number and rule, then the dummies."""
    page = client.get(f"/judge/{mor.SLUG}", query_string={"players": players})
    order: list[tuple[str, str]] = []
    for card, rule in zip(numbers, rules):
        order += [("card", card), ("rule", rule)]
    order += [("card", card) for card in dummies]
    for name, value in order:
        form = soup(page).select_one("form.picker")
        assert form.select_one(f"button[name={name}][value={value}]") is not None, (name, value)
        carried = {i["name"]: i["value"] for i in form.select("input[type=hidden]")}
        page = client.get(f"/judge/{mor.SLUG}", query_string={**carried, name: value})
    return page


def test_quick_judge_agrees_with_the_judge_api(client: FlaskClient) -> None:
    page = soup(tap_through(client, 3, ROUND_ASK["numbers"], ROUND_ASK["rules"], ROUND_ASK["dummy_numbers"]))
    assert page.select_one("#prompt").get_text(strip=True) == "All five number cards are in: the round is judged"
    assert page.select_one("form.picker") is None
    api = client.post(f"/api/judge/{mor.SLUG}", json=ROUND_ASK).get_json()
    shown = page.select("#result .verdicts li")
    assert [li["class"] == ["hit"] for li in shown] == api["achieved"]
    for li, ruling in zip(shown, api["rulings"]):
        assert ruling["text"] in words(li) and ruling["clause"] in words(li)
    assert words(page.select_one("#result .five")) == "●3 ■1 ■3 ■2 ▲1 = 10"


def test_quick_judge_asks_for_cards_in_order_and_takes_them_back(client: FlaskClient) -> None:
    page = soup(client.get(f"/judge/{mor.SLUG}"))
    assert [a.get_text(strip=True) for a in page.select(".player-count a")] == ["3 players", "4 players", "5 players"]
    assert page.select_one("form.picker") is None
    page = soup(client.get(f"/judge/{mor.SLUG}", query_string={"players": 4}))
    assert page.select_one("#prompt").get_text(strip=True) == "Player A's number card"
    assert len(page.select("#judge-cards .row.dummy")) == 1
    page = soup(client.get(f"/judge/{mor.SLUG}", query_string={"players": 4, "card": "B5"}))
    assert page.select_one("#prompt").get_text(strip=True) == "Player A's rule card"
    assert page.select_one("form.picker .rule-keys") is not None
    page = soup(client.get(f"/judge/{mor.SLUG}", query_string={"players": 4, "numbers": "B5", "rule": "TRIO"}))
    assert page.select_one("#prompt").get_text(strip=True) == "Player B's number card"
    assert page.select_one("button[value=B5]").has_attr("disabled")
    back = soup(client.get(page.select_one("a[href*=back]")["href"]))
    assert back.select_one("#prompt").get_text(strip=True) == "Player A's rule card"
    assert back.select_one("form.picker input[name=numbers]")["value"] == "B5"
    assert back.select_one("form.picker input[name=rules]")["value"] == ""


def test_quick_judge_five_players_needs_no_dummy(client: FlaskClient) -> None:
    numbers, rules = ["B1", "B2", "B3", "R4", "G5"], ["TRIO", "LIMIT_23", "ONLY_ONE", "SUPPORT_RIGHT", "BEST_OF_THE_BEST"]
    page = soup(tap_through(client, 5, numbers, rules, []))
    api = client.post(f"/api/judge/{mor.SLUG}", json={"ask": "round", "players": 5, "numbers": numbers,
                                                       "rules": rules}).get_json()
    assert [li["class"] == ["hit"] for li in page.select("#result .verdicts li")] == api["achieved"]


def test_the_dummys_rule_card_opens_the_dummys_entry_after_a_player_lays_the_same_rule(app: Flask, client: FlaskClient) -> None:
    """Seeded game 24: the dummy's SUPPORT RIGHT is entered, then P0 lays SUPPORT RIGHT too
    (revealed). Each tile opens its own entry: the dummy's is nobody's (seat "-")."""
    from companion import records, store
    from tests.games.master_of_rules import driver
    from tests.kit.pages import record

    setup, log = driver.random_game(24)
    assert [(e.kind, dict(e.payload)) for e in log[4:6]] == [
        ("dummy_rule", {"dummy": 1, "rule": "SUPPORT_RIGHT"}),
        ("rule", {"seat": 0, "rule": "SUPPORT_RIGHT", "reveal": True})]
    with app.app_context():
        table = records.import_table(store.connect(app.config["DATABASE"]), record(mor.SLUG, setup, log[:6]))
    page = soup(client.get(f"/t/{table.scorer_token}/g/1"))
    dummy = page.select("ol.round li.row.dummy a.correct-card")[-1]  # the rule card, after its number card
    player = page.select("ol.round li.row:not(.dummy)")[0].select("a.correct-card")[-1]
    assert dummy["href"] != player["href"]
    assert "rule card" in soup(client.get(dummy["href"])).select_one("h1").get_text(" ", strip=True)
    assert "dummy" in soup(client.get(dummy["href"])).select_one("h1").get_text(" ", strip=True).lower()
    assert soup(client.get(player["href"])).select_one("h1").get_text(" ", strip=True) == "Correct round 1, P0's rule card"
