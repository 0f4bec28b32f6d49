"""The Saizen table through Flask's test client, reading the HTML a person would see.

Seats are clockwise: Aki 0, Ben 1, Cho 2, Dan 3 (Eve 4, Fay 5). Each round starts with the
chip lap from its first leader; a card is two taps (suit, then number), a joker one; the
lead suit's rule card decides the trick; under 決勝 the play-off asks its players stage after
stage. The engine never knows a hand: what the sets prove is all it checks.
"""

from __future__ import annotations

import json
import re

from flask import Flask
from flask.testing import FlaskClient

from companion import i18n
from companion.rules import saizen as sz
from tests.conftest import soup
from tests.games.saizen.table import (
    NAMES2,
    NAMES3,
    NAMES4,
    enter,
    flip,
    form_fields,
    name_suit,
    pass_chip,
    plan,
    replayed,
    scoreboard_totals,
    seat_planned,
    seat_table,
    tap,
    undo,
)

EN = i18n.catalog("en")


def words(node) -> str:  # type: ignore[no-untyped-def]
    return " ".join(node.get_text(" ").split())


def prompt(client: FlaskClient, url: str) -> str:
    return soup(client.get(url)).select_one("#prompt").get_text(strip=True)


def ok(response) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == 303, words(soup(response).select_one(".error"))


def lay(client: FlaskClient, url: str, *codes: str) -> None:
    """Tap each card on the picker the page shows."""
    for code in codes:
        ok(tap(client, url, code))


def pass_lap(client: FlaskClient, url: str, players: int) -> None:
    for _ in range(players):
        ok(pass_chip(client, url))


def enter_all(client: FlaskClient, url: str, log) -> None:  # type: ignore[no-untyped-def]
    for i, event in enumerate(log):
        response = enter(client, url, event)
        assert response.status_code == 303, (i, event, words(soup(response).select_one(".error")))


def refusal(response) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """The refusal's clause badge and its words."""
    error = soup(response).select_one(".error")
    badge = error.select_one(".clause")
    return (badge.get_text(strip=True) if badge else ""), words(error)


def said(setup, log, ruling) -> str:  # type: ignore[no-untyped-def]
    return i18n.render(ruling, sz, EN, setup["players"])


# --------------------------------------------------------------------------- set-up


def test_the_new_game_form_has_a_toggle_per_row_of_each_suit_and_says_the_deal(client: FlaskClient) -> None:
    response = client.post("/tables", data={"player": list(NAMES4), "game": sz.SLUG})
    page = soup(client.get(response.location))
    assert page.select_one("link[href^='/static/games/saizen.'][href$='.css']") is not None
    toggles = page.select("#sz-faces input[type=checkbox]")
    assert [t["name"] for t in toggles] == [f"{s}_{r}" for r in sz.ROWS for s in sz.SUITS]
    # every row starts on its first-named face: 大, 後, 無視 (決勝 unticked), MUST, 必勝
    assert [t.has_attr("checked") for t in toggles[:4]] == [True] * 4
    assert [t.has_attr("checked") for t in toggles[8:12]] == [False] * 4
    rows = [tr.select_one("th").get_text().strip() for tr in page.select("#sz-faces tbody tr")]
    assert rows == ["High/Low", "Later/Earlier", "Ignore/Play-off", "MUST/MAY", "Must win/Free"]
    first = page.select_one("#sz-faces td label")
    assert words(first.select_one(".on")) == "High 大" and words(first.select_one(".off")) == "Low 小"
    assert words(first.select_one(".sr-only")) == "♠ spades · 大: high numbers win"
    deal = [words(li) for li in page.select("#sz-setup li")]
    assert deal == ["No jokers: 13 cards each.", "1 joker: the start player gets 14 cards, the others 13.",
                    "2 jokers: the first 2 players clockwise from the start player get 14 cards, the others 13."]
    for name in ("jokers", "round_leader", "joker_obliges", "playoff_reveal"):
        assert page.select_one(f"#option-{name}") is not None, name
    assert [i["value"] for i in page.select("input[name=first_leader]")] == ["0", "1", "2", "3"]


def test_one_and_seven_players_are_refused_with_the_rule(client: FlaskClient) -> None:
    for names in (["A"], ["A", "B", "C", "D", "E", "F", "G"]):
        response = client.post("/tables", data={"player": names, "game": sz.SLUG})
        if response.status_code == 303:  # the table is seated; the game itself refuses the count
            refused = client.post(response.location.split("/new")[0] + "/games", data={"game": sz.SLUG, "first_leader": "0"})
            assert refused.status_code == 422
            assert f"Saizen is for 2 to 6 players; got {len(names)}." in words(soup(refused).select_one(".error"))
        else:
            assert response.status_code == 422


def test_the_game_page_says_the_hand_sizes_the_start_player_and_the_faces_chosen(client: FlaskClient) -> None:
    url = seat_table(client, NAMES4, first=2, jokers=1, S_high=False, H_playoff=True, round_leader="start_player")
    page = soup(client.get(url))
    assert words(page.select_one("h1.status")) == "Saizen · Game 1 · Round 1 of 3"
    assert page.select_one("#prompt").get_text(strip=True) == "Cho: move a chip or pass?"
    setup = [words(p) for p in page.select("#setup p")]
    assert setup == [
        "§2.1 Cho is the start player: deal one card at a time clockwise from them until the deck is out.",
        "our ruling Hand sizes: Aki 13, Ben 13, Cho 14, Dan 13 (1 joker in the deck)",
        "§2.2 Cho leads the first trick. Before it, starting with them and going clockwise, each player may move one chip or pass."]
    # the chip picker is the four cards as they lie: ♠ starts on 小, ♥ on 決勝
    assert words(page.select_one("form#flip-S button[value=high]")) == "♠ spade: Low → High"
    assert words(page.select_one("form#flip-H button[value=playoff]")) == "♥ heart: Play-off → Ignore"
    assert words(page.select_one("form#flip-D button[value=playoff]")) == "♦ diamond: Ignore → Play-off"
    assert [words(li) for li in page.select("#lap li")] == ["Cho leads …", "Dan …", "Aki …", "Ben …"]
    rules = words(page.select_one(".rules-in-force"))
    assert rules == ("Game 1: 1 joker; the start player leads every round; play-off cards one at a time; "
                     "rule cards at the start on their first-named faces, except: ♠Low, ♥Play-off our ruling")
    assert [words(tr) for tr in page.select("#hands tbody tr")][2] == "Cho 14 of 14 left own set 0 – – 0"


# --------------------------------------------------------------------------- chips


def test_the_chip_lap_flips_rows_once_and_the_cards_in_force_mark_them(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3)
    ok(flip(client, url, "S", "high"))
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Ben: move a chip or pass?"
    assert [words(li) for li in page.select("#lap li")] == ["Aki leads ♠ ♠ spade High → Low", "Ben …", "Cho …"]
    flipped = page.select_one("form#flip-S button.flipped")
    assert flipped.has_attr("disabled") and words(flipped) == "♠ spade: Low ● (flipped by a chip)"
    # the same row again is refused with the clause (a chip moves once)
    again = client.post(f"{url}/entries", data={**form_fields(page, "form#flip-S"), "row": "high"})
    assert again.status_code == 422
    assert refusal(again) == ("§2.2", "§2.2 That row of ♠ spade has already been flipped (it shows Low); a chip moves only once.")
    ok(pass_chip(client, url))
    response = flip(client, url, "D", "playoff", htmx=True)
    fragment = soup(response)
    assert fragment.select_one("#panel") is not None and fragment.select_one("html") is None
    assert fragment.select_one("#prompt").get_text(strip=True) == "Aki's card"
    table = fragment.select_one("#rule-cards table")
    cells = {(tr.select_one("th").get_text().strip(), i): words(td)
             for tr in table.select("tbody tr") for i, td in enumerate(tr.select("td"))}
    assert cells[("High/Low", 0)] == "Low 小 ● (flipped by a chip)" and cells[("High/Low", 1)] == "High 大"
    assert cells[("Ignore/Play-off", 2)] == "Play-off 決勝 ● (flipped by a chip)"
    assert len(table.select("td.flipped")) == 2
    assert "● a chip has flipped this row for the rest of the game." in words(fragment.select_one("#rule-cards"))
    history = [words(li) for li in soup(client.get(f"{url}/history")).select("ol.history li")][::-1]
    assert history[0].startswith("Aki moves a chip: ♠ spade High → Low")
    assert history[1].startswith("Ben passes: no chip")
    assert history[2].startswith("Cho moves a chip: ♦ diamond Ignore → Play-off")


def test_cards_wait_for_the_chip_lap(client: FlaskClient) -> None:
    url = seat_table(client, NAMES2)
    page = soup(client.get(url))
    assert page.select_one("form.picker button[name=card]") is None
    early = client.post(f"{url}/entries", data={**form_fields(page, "form#pass"), "kind": "play", "card": "S5"})
    assert refusal(early) == ("§2.2", "§2.2 First the chip lap: Aki moves a chip or passes.")


# --------------------------------------------------------------------------- a trick


def test_a_card_is_two_taps_and_the_joker_one(client: FlaskClient) -> None:
    url = seat_table(client, NAMES4, jokers=2)
    pass_lap(client, url, 4)
    picker = soup(client.get(url)).select_one("form.picker")
    assert [words(label) for label in picker.select("label.suit-btn")] == ["♠ spade", "♥ heart", "♦ diamond", "♣ club"]
    hearts = picker.select(".ranks-H button[name=card]")
    assert [b["value"] for b in hearts] == ["HA"] + [f"H{v}" for v in range(2, 11)] + ["HJ", "HQ", "HK"]
    assert hearts[9]["aria-label"] == "♥ heart 10" and hearts[9].get_text(strip=True) == "♥10"
    assert [words(b) for b in picker.select(".jokers button")] == ["Joker"]
    assert len(picker.select("button[name=card]")) == 53
    without = seat_table(client, NAMES4)
    pass_lap(client, without, 4)
    assert soup(client.get(without)).select_one("form.picker .jokers") is None


def test_a_trick_says_who_is_winning_as_the_cards_come_and_explains_the_result(client: FlaskClient) -> None:
    url = seat_table(client, NAMES4)
    pass_lap(client, url, 4)
    page = soup(client.get(url))
    assert words(page.select_one("h1.status")) == "Saizen · Game 1 · Round 1 of 3 · Trick 1"
    assert page.select_one("#lead") is None  # no card led yet
    lay(client, url, "S5")
    page = soup(client.get(url))
    assert words(page.select_one("#lead")) == "§2.3 ♠ led: High · Later · Ignore · MUST · Must win"
    assert words(page.select_one("#live")) == "§2.2 Aki is winning so far, with ♠ spade 5."
    assert page.select_one("form.picker button[value=S5]").has_attr("disabled")
    assert page.select_one("#rule-cards th.lead").get_text(" ", strip=True).startswith("♠")
    lay(client, url, "SK", "HA")
    page = soup(client.get(url))
    assert words(page.select_one("#live")) == "§2.2 Ben is winning so far, with ♠ spade K."
    # each card down is tapped to correct its entry (the scorer's page)
    assert [words(r) for r in page.select("#trick .row")] == [
        "Aki leads ♠5 ♠ spade 5 Correct", "Ben ♠K ♠ spade K Correct", "Cho ♥A ♥ heart A Correct", "Dan …"]
    link = page.select("#trick a.correct-card")[1]["href"]
    correction = soup(client.get(link))
    assert correction.select_one("#correct input[name=seat]")["value"] == "1"
    assert "Ben: ♠ spade K" in words(correction.select_one("#correct p"))
    response = tap(client, url, "S9", htmx=True)
    fragment = soup(response)
    result = fragment.select_one("#result")
    assert words(result.select_one("h2")) == "Round 1, trick 1 · ♠ spade led"
    assert words(result.select_one(".verdict")) == "Ben wins the trick."
    assert words(result.select_one(".row.won")) == "Ben wins ♠K ♠ spade K Correct"  # a link to correct it
    assert [words(li) for li in result.select(".rulings li")] == [
        "§2.3 ♠ spade was led: its rule card reads High · Later · Ignore · MUST · Must win.",
        "§2.2 Ben wins with ♠ spade K, the highest ♠ spade (High).",
        "§2.2 Ben, the winner, leads next."]
    assert words(fragment.select_one("#latest")) == "Trick 1: Ben wins. Why"
    assert fragment.select_one("#prompt").get_text(strip=True) == "Ben's card"
    assert [words(td) for td in fragment.select("#hands tbody tr")[1].select("td")] == [
        "12 of 13 left own set", "1", "–", "–", "1"]


def test_a_flipped_row_changes_the_result_小(client: FlaskClient) -> None:
    url = seat_table(client, NAMES2)
    ok(flip(client, url, "S", "high"))
    ok(pass_chip(client, url))
    lay(client, url, "S5", "S9")
    said_ = [words(li) for li in soup(client.get(url)).select("#result .rulings li")]
    assert said_[:2] == ["§2.3 ♠ spade was led: its rule card reads Low · Later · Ignore · MUST · Must win.",
                         "§2.2 Aki wins with ♠ spade 5, the lowest ♠ spade (Low)."]


def test_refusals_are_shown_with_their_clause(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3)
    pass_lap(client, url, 3)
    lay(client, url, "D7")
    again = tap(client, url, "D7", htmx=True)
    assert again.status_code == 422
    assert refusal(again) == ("§2.2", "§2.2 ♦ diamond 7 has already been played this round.")
    assert soup(again).select_one("form.picker") is not None
    joker = tap(client, url, "JK")
    assert refusal(joker) == ("§2.4", "§2.4 This game is played without jokers.")
    nonsense = tap(client, url, "Z7")
    assert "“Z7” is not a card" in words(soup(nonsense).select_one(".error"))
    assert form_fields(soup(client.get(url)))["seq"] == "4"


def test_a_joker_lead_asks_for_the_suit_it_names(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3, jokers=1, H_playoff=True)
    pass_lap(client, url, 3)
    lay(client, url, "JK")
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Aki led a joker: which suit?"
    keys = page.select("form#name-suit button[name=suit]")
    assert [k["value"] for k in keys] == ["S", "H", "D", "C"]
    assert words(keys[1]) == "♥ heart High · Later · Play-off · MUST · Must win"
    assert page.select_one("form.picker button[name=card]") is None
    ok(name_suit(client, url, "H"))
    page = soup(client.get(url))
    assert words(page.select_one("#lead")) == "§2.3 Joker led, naming ♥: High · Later · Play-off · MUST · Must win"
    assert page.select_one("#prompt").get_text(strip=True) == "Ben's card"
    assert page.select_one("form.picker button[value=JK]").has_attr("disabled")  # the only joker is down
    lay(client, url, "H5", "S6")
    result = soup(client.get(url)).select_one("#result")
    assert "§2.4 Aki wins with the joker, the strongest card." in [words(li) for li in result.select(".rulings li")]
    history = [words(li) for li in soup(client.get(f"{url}/history")).select("ol.history li")][::-1]
    assert history[4].startswith("Aki's joker lead names ♥ heart")


def test_a_playoff_asks_its_players_stage_after_stage(client: FlaskClient) -> None:
    url = seat_table(client, NAMES4, S_playoff=True)
    pass_lap(client, url, 4)
    lay(client, url, "S5", "H5")
    assert words(soup(client.get(url)).select_one("#live")) == "§2.3 Equal numbers are down: Aki, Ben would play off."
    lay(client, url, "D5", "SK")
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Play-off: Aki's card"
    assert words(page.select_one("#playoff")) == (
        "§2.3 Play-off stage 1: Aki, Ben, Cho each play one more card; numbers alone count.")
    assert "out" in page.select("#trick .row")[3]["class"]
    assert words(page.select("#trick .row")[0]) == "Aki leads ♠5 ♠ spade 5 Correct › play-off stage 1: …"
    assert page.select_one("#latest") is None
    lay(client, url, "S7", "H7")
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Play-off: Cho's card"
    assert words(page.select_one("#live")) == "§2.3 Equal numbers are down: Aki, Ben would play off."
    lay(client, url, "D2")
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Play-off: Aki's card"
    assert words(page.select_one("#playoff")).startswith("§2.3 Play-off stage 2: Aki, Ben each play")
    lay(client, url, "S9", "H8")
    page = soup(client.get(url))
    result = page.select_one("#result")
    assert words(result.select_one(".row.won")) == (
        "Aki leads wins ♠5 ♠ spade 5 Correct › play-off stage 1: ♠7 ♠ spade 7 Correct › play-off stage 2: ♠9 ♠ spade 9 Correct")
    assert [words(li) for li in result.select(".rulings li")][1:4] == [
        "§2.3 決勝: Aki, Ben, Cho played the number 5 (♠ spade 5, ♥ heart 5, ♦ diamond 5) and play off for the trick.",
        "§2.3.3 Play-off stage 1: Aki, Ben played the number 7 again and play off once more.",
        "§2.3 Aki wins the play-off with ♠ spade 9 in stage 2 (High)."]
    # Ben held ♥8 in stage 1 and joined with ♥7 instead: a 必勝 slip, shown, nothing changed
    findings = page.select("#revokes li")
    assert len(findings) == 1 and words(findings[0]).startswith(
        "§2.3.4 Round 1, trick 1, play-off stage 1: 必勝 slip, no penalty: Ben played ♥ heart 7 while holding ♥ heart 8")
    assert words(page.select_one("#latest-finding")) == "Proven MUST-follow breaks and 必勝 slips: 1 Why"
    assert scoreboard_totals(page) == [1, 0, 0, 0]
    ok(client.post(f"{url}/entries", data={**form_fields(page, "#revokes form"), "kind": "accept"}))
    page = soup(client.get(url))
    assert "accepted by the table" in words(page.select_one("#revokes"))
    assert page.select_one("#latest-finding") is None
    history = [words(li) for li in soup(client.get(f"{url}/history")).select("ol.history li")]
    assert history[0].startswith("The table lets the finding against Ben stand (round 1, trick 1)")


def test_a_playoff_with_no_card_left_has_no_winner_and_the_round_ends(client: FlaskClient) -> None:
    # Two players, 26 cards each, 決勝 on every suit. Aki lays ♠ and ♥, Ben ♦ and ♣ (void in
    # the lead suit, never winning): Aki leads all 26 tricks, and only the last pairs numbers.
    url = seat_table(client, NAMES2, S_playoff=True, H_playoff=True, D_playoff=True, C_playoff=True)
    pass_lap(client, url, 2)
    akis = [f"S{n}" for n in range(1, 14)] + [f"H{n}" for n in range(1, 14)]
    bens = [f"D{n}" for n in range(2, 14)] + ["D1"] + [f"C{n}" for n in range(2, 13)] + ["C1", "C13"]
    for aki, ben in zip(akis[:-1], bens[:-1]):
        lay(client, url, aki, ben)
    page = soup(client.get(url))
    assert words(page.select_one("#latest")) == "Trick 25: Aki wins. Why"
    assert [words(td) for td in page.select("#hands tbody tr")[1].select("td")][0] == "1 of 26 left own set"
    lay(client, url, "H13", "C13")
    page = soup(client.get(url))
    result = page.select_one("#result")
    assert words(result.select_one(".verdict")) == "Nobody wins the trick."
    assert [words(li) for li in result.select(".rulings li")][1:] == [
        "§2.3 決勝: Aki, Ben played the number K (♥ heart K, ♣ club K) and play off for the trick.",
        "§2.3.2 Aki has no card left for the play-off and loses the trick.",
        "§2.3.2 Ben has no card left for the play-off and loses the trick.",
        "§2.3.2 Nobody in the play-off has a card left: the trick has no winner.",
        "our ruling Nobody scores this trick; its leader Aki leads again."]
    section = page.select_one("#round-end")
    assert words(section.select_one("p")) == "§2.2 Aki, Ben ran out of cards: round 1 ends after 26 tricks."
    assert words(section.select("p")[-1]) == "our ruling Nobody won the last trick, so its leader Aki leads the next round."
    assert [words(li) for li in section.select(".sets li")] == [
        "Aki now holds the set first dealt to Ben: 26 cards.", "Ben now holds the set first dealt to Aki: 26 cards."]
    assert scoreboard_totals(page) == [25, 0]
    # round 2: Aki holds Ben's set, proven to hold ♦ and ♣ only: a spade is refused
    pass_lap(client, url, 2)
    refused = tap(client, url, "S2")
    assert refusal(refused) == ("", "Aki holds the hand set first dealt to Ben, but ♠ spade 2 is proven to be in the "
                                    "set first dealt to Aki.")


# --------------------------------------------------------------------------- flags, rounds, the end


def test_a_break_the_sets_already_prove_is_flagged_as_the_card_is_played(client: FlaskClient) -> None:
    setup, log = plan(16)
    state = sz.initial(setup)
    for k, event in enumerate(log):
        state = sz.apply(state, event)
        if state.current is not None and state.current.flags:
            entered = log[: k + 1]
            break
    url = seat_planned(client, setup)
    enter_all(client, url, entered)
    page = soup(client.get(url))
    flags = [words(li) for li in page.select("#flags li")]
    expected = [f"§{r.clause} {said(setup, log, r)}" for r in state.current.flags]
    assert flags == expected and flags
    assert any(expected[0][len(f"§{state.current.flags[0].clause} "):] in words(li) for li in page.select("#revokes li"))


def test_a_round_ends_after_the_trick_in_which_a_hand_runs_out_and_the_sets_pass(client: FlaskClient) -> None:
    setup, log = plan(7)
    end = next(k for k in range(len(log)) if replayed(setup, log[: k + 1]).round == 1)
    state = replayed(setup, log[: end + 1])
    url = seat_planned(client, setup)
    enter_all(client, url, log[: end + 1])
    page = soup(client.get(url))
    names = setup["players"]
    assert words(page.select_one("h1.status")) == "Saizen · Game 1 · Round 2 of 3"
    assert words(page.select_one("#latest")) == "Round 1 is over. Why"
    section = page.select_one("#round-end")
    text = words(section)
    last = [t for t in state.tricks if t.round == 0]
    assert f"round 1 ends after {len(last)} tricks." in text
    rows = [[words(c) for c in tr.select("th, td")] for tr in section.select("tbody tr")]
    won = state.tricks_won(0)
    assert rows == [[names[s], str(won[s]), str(won[s])] for s in range(4)]
    sets = [words(li) for li in section.select(".sets li")]
    assert sets == [f"{names[s]} now holds the set first dealt to {names[(s + 1) % 4]}: "
                    f"{state.setup.set_sizes[(s + 1) % 4]} cards." for s in range(4)]
    assert "passes to the right (the previous player) for round 2." in text
    leader = names[state.round_leader]
    assert page.select_one("#prompt").get_text(strip=True) == f"{leader}: move a chip or pass?"
    assert words(page.select("#lap li")[0]).startswith(f"{leader} leads")
    assert words(page.select("#hands tbody tr")[0].select_one("td.hand")) == (
        f"{state.setup.set_sizes[1]} of {state.setup.set_sizes[1]} left {names[1]}'s set")


def test_three_rounds_then_the_result_with_places_and_the_scoreboard(client: FlaskClient) -> None:
    setup, log = plan(16)
    state = replayed(setup, log)
    assert state.is_over
    url = seat_planned(client, setup)
    enter_all(client, url, log)
    page = soup(client.get(url))
    names = setup["players"]
    assert page.select_one("#prompt") is None and page.select_one("#panel form.picker") is None
    totals = list(state.totals)
    best = max(totals)
    winners = ", ".join(names[s] for s in range(4) if totals[s] == best)
    assert words(page.select_one("#final .verdict")) == f"{winners} won the most tricks: {best}."
    assert words(page.select_one("#latest")) == f"{winners} won the most tricks: {best}. Why"
    rows = [[words(c) for c in tr.select("td, th")] for tr in page.select("#final #places tbody tr")]
    places = sz.outcome(state).places
    assert sorted(rows, key=lambda r: names.index(r[1])) == [
        [{1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}[places[s]], names[s],
         *[str(state.tricks_won(r)[s]) for r in range(3)], str(totals[s])] for s in range(4)]
    assert scoreboard_totals(page) == totals
    said_ = [words(li) for li in page.select("#result .rulings li")]
    assert any(s.startswith("§2.2") and "won the most tricks" in s for s in said_)
    assert page.select_one("#final a.primary") is not None  # the next game


# --------------------------------------------------------------------------- undo, correction, history


def test_undo_takes_back_a_card_and_a_chip(client: FlaskClient) -> None:
    url = seat_table(client, NAMES2)
    ok(flip(client, url, "C", "must_win"))
    ok(pass_chip(client, url))
    lay(client, url, "C4")
    ok(undo(client, url))
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Aki's card"
    assert not page.select_one("form.picker button[value=C4]").has_attr("disabled")
    ok(undo(client, url))
    ok(undo(client, url))
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Aki: move a chip or pass?"
    assert not page.select_one("form#flip-C button[value=must_win]").has_attr("disabled")
    history = soup(client.get(f"{url}/history"))
    assert len(history.select("ol.history li")) == 6 and len(history.select("li.undone")) == 3


def test_corrections_offer_the_right_keys_and_replay_the_game(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3, jokers=1)
    ok(flip(client, url, "S", "high"))
    ok(pass_chip(client, url))
    ok(pass_chip(client, url))
    lay(client, url, "JK")
    ok(name_suit(client, url, "H"))
    lay(client, url, "H5", "H9")
    links = [a["href"] for a in soup(client.get(f"{url}/history")).select("a.correct")][::-1]  # newest first
    assert len(links) == 7
    # a chip: another suit and row
    page = soup(client.get(links[0]))
    assert [i["value"] for i in page.select("#correct input[name=suit]")] == ["S", "H", "D", "C"]
    assert page.select_one("#correct input[name=suit][value=S]").has_attr("checked")
    assert [b.get_text().strip() for b in page.select("#correct button[name=row]")] == ["High/Low", "Later/Earlier", "Ignore/Play-off", "MUST/MAY", "Must win/Free"]
    # a pass has nothing to choose
    assert "This entry has nothing to choose" in words(soup(client.get(links[1])).select_one("#correct"))
    # the named suit: four keys
    page = soup(client.get(links[4]))
    assert [b["value"] for b in page.select("#correct button[name=suit]")] == ["S", "H", "D", "C"]
    # a card: the keys of play; correcting Cho's ♥9 to ♥2 leaves the joker winning
    page = soup(client.get(links[6]))
    assert page.select_one("#correct input[name=seat]")["value"] == "2"
    assert page.select_one("#correct button[value=JK]") is not None
    fields = {i["name"]: i["value"] for i in page.select("#correct form input[type=hidden]")}
    ok(client.post(links[6], data={**fields, "card": "H2"}))
    assert "Aki wins with the joker" in words(soup(client.get(url)).select_one("#result"))
    # correcting the lead's suit to spades: ♠ now reads 小 (flipped), the joker still wins
    page = soup(client.get(links[4]))
    fields = {i["name"]: i["value"] for i in page.select("#correct form input[type=hidden]")}
    ok(client.post(links[4], data={**fields, "suit": "S"}))
    result = words(soup(client.get(url)).select_one("#result"))
    assert "♠ spade was led: its rule card reads Low · Later · Ignore · MUST · Must win." in result
    # Ben's ♥5 corrected to ♥2 would make Cho's corrected ♥2 impossible: refused, naming it
    page = soup(client.get(links[5]))
    fields = {i["name"]: i["value"] for i in page.select("#correct form input[type=hidden]")}
    refused = client.post(links[5], data={**fields, "card": "H2"})
    assert refused.status_code == 422
    assert words(soup(refused).select_one(".error")) == (
        "This correction would make round 1, trick 1, Cho's card impossible: ♥ heart 2 has already been played this round. Nothing was changed.")


# --------------------------------------------------------------------------- reload, viewer, languages


def test_a_viewer_is_told_what_is_awaited_and_gets_no_form(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3, jokers=1, S_playoff=True)
    share = soup(client.get(url.split("/g/")[0] + "/share", base_url="http://192.168.7.21:5000"))
    viewer = re.sub(r"^https?://[^/]+", "", share.select_one("#qr-viewer a.link")["href"]).rstrip("/") + "/g/1"
    assert prompt(client, viewer) == "Waiting for Aki: a chip or a pass"
    page = soup(client.get(viewer))
    assert page.select_one("#panel form") is None and page.select_one("#rule-cards") is not None
    pass_lap(client, url, 3)
    assert prompt(client, viewer) == "Waiting for Aki's card"
    lay(client, url, "JK")
    assert prompt(client, viewer) == "Waiting for Aki to name the joker's suit"
    ok(name_suit(client, url, "S"))
    lay(client, url, "S4", "H4")
    assert prompt(client, viewer) == "Waiting for Ben's play-off card"
    page = soup(client.get(viewer))
    assert page.select_one("#panel form") is None and "You are watching" in words(page)
    assert page.select("#trick a.correct-card") == [] and len(page.select("#trick .tile")) >= 3
    refused = client.post(f"{viewer}/entries", data={"seq": "7", "kind": "play", "seat": "1", "card": "S9"})
    assert refused.status_code == 403


def test_japanese_pages_say_everything_in_japanese(app: Flask) -> None:
    client = app.test_client()
    client.set_cookie("lang", "ja")
    url = seat_table(client, NAMES4, S_playoff=True)
    page = soup(client.get(url))
    assert page.html["lang"] == "ja"
    assert page.select_one("#prompt").get_text(strip=True) == "Aki：チップを動かす？パス？"
    assert words(page.select_one("h1.status")) == "最善 · 第1ゲーム · 第1ラウンド（全3ラウンド）"
    assert "手札の枚数： Aki 13枚、Ben 13枚、Cho 13枚、Dan 13枚" in words(page.select_one("#setup"))
    pass_lap(client, url, 4)
    assert prompt(client, url) == "Akiのカード"
    assert [words(label) for label in soup(client.get(url)).select("label.suit-btn")] == [
        "♠ スペード", "♥ ハート", "♦ ダイヤ", "♣ クラブ"]
    lay(client, url, "S5", "H5", "D9", "C2")
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "決勝戦：Akiのカード"
    assert words(page.select_one("#playoff")) == "§2.3 決勝戦1回目：Aki、Benがもう1枚ずつ出します。数字だけで比べます。"
    lay(client, url, "SK", "H2")
    result = words(soup(client.get(url)).select_one("#result"))
    assert "Akiがトリックに勝ちました。" in result
    assert "リードスートは♠スペードです。ルールカードは大・後・決勝・MUST・必勝です。" in result
    judge = soup(client.get("/judge/saizen", query_string={"players": "3", "cards": "S5.SQ.H7"}))
    assert words(judge.select_one("#result .verdict")) == "プレイヤーBがトリックの勝者"


# --------------------------------------------------------------------------- taps and the offline outbox


def open_suit(page) -> str | None:  # type: ignore[no-untyped-def]
    """The suit whose numbers the play picker shows from the start, if any."""
    checked = page.select("form.picker input.suit-radio[checked]")
    assert len(checked) <= 1
    return checked[0]["value"] if checked else None


def ahead_seats(page) -> list[str]:  # type: ignore[no-untyped-def]
    """The seats the phone may take next while entries wait for the connection, in order."""
    raw = page.select_one("form.picker")["data-outbox-ahead"] if page.select_one("form.picker[data-outbox-ahead]") else "[]"
    return [str(entry["fields"]["seat"]) for entry in json.loads(raw)]


def test_a_card_that_follows_is_one_tap_the_lead_suit_s_numbers_show_from_the_start(client: FlaskClient) -> None:
    url = seat_table(client, NAMES4, S_playoff=True)
    pass_lap(client, url, 4)
    page = soup(client.get(url))
    assert open_suit(page) is None  # the leader picks any suit: two taps
    assert page.select_one("form.picker").get("data-outbox-once") == "card"
    lay(client, url, "S5")
    page = soup(client.get(url))
    assert open_suit(page) == "S" and page.select_one("form.picker .ranks-S button[value=S9]") is not None
    lay(client, url, "H5", "D9", "C2")  # ♠5 and ♥5 play off: numbers alone count, no suit opens
    assert prompt(client, url) == "Play-off: Aki's card"
    assert open_suit(soup(client.get(url))) is None


def test_once_every_card_of_a_hand_set_is_known_its_cards_left_are_one_tap_each(client: FlaskClient) -> None:
    setup, log = plan(3, players=3)
    url = seat_planned(client, setup)
    state = sz.initial(setup)
    seen = 0
    for event in log:
        if event.kind == "play":
            page = soup(client.get(url))
            hand = state.known_hand(event.payload["seat"])
            keys = [b["value"] for b in page.select("form.picker .hand-keys button[name=card]")]
            if hand is None:
                assert keys == [] and page.select_one("form.picker.by-hand") is None
            else:
                assert keys == [c.code for c in hand] and event.payload["card"] in keys
                assert words(page.select_one(".hand-note")) == f"Every card of {setup['players'][event.payload['seat']]}'s hand is known:"
                # the deck's keys stay in the form, for the cards taken ahead while offline
                assert len(page.select("form.picker.by-hand .keys button[name=card]")) == 52 + (setup["options"]["jokers"] > 0)
                seen += 1
        ok(enter(client, url, event))
        state = sz.apply(state, event)
        if seen >= 3:
            break
    assert seen == 3 and state.round > 0


def test_while_offline_the_phone_takes_the_rest_of_the_main_trick_in_its_order(client: FlaskClient) -> None:
    url = seat_table(client, NAMES4, first=1, S_playoff=True)
    pass_lap(client, url, 4)
    page = soup(client.get(url))
    assert ahead_seats(page) == ["2", "3", "0"]  # no jokers: the lead is a card, then Cho, Dan, Aki
    lay(client, url, "S5", "H5")
    assert ahead_seats(soup(client.get(url))) == ["0"]
    lay(client, url, "D9")
    assert ahead_seats(soup(client.get(url))) == []  # after the last card a play-off may follow
    lay(client, url, "C2")
    assert ahead_seats(soup(client.get(url))) == []  # a play-off stage: not taken ahead
    # with jokers a lead may be a joker, which asks for its suit next: nothing ahead of it
    url = seat_table(client, NAMES3, jokers=1)
    pass_lap(client, url, 3)
    assert ahead_seats(soup(client.get(url))) == []
    lay(client, url, "D2")
    assert ahead_seats(soup(client.get(url))) == ["2"]


# --------------------------------------------------------------------------- the quick judge


def test_the_quick_judge_takes_a_trick_in_taps_and_explains_it(client: FlaskClient) -> None:
    page = soup(client.get("/judge/saizen"))
    assert page.select_one("#prompt").get_text(strip=True) == "How many players?"
    page = soup(client.get("/judge/saizen", query_string={"players": "3"}))
    assert page.select_one("#prompt").get_text(strip=True) == "Player A's card"
    assert len(page.select("form.picker button[name=card]")) == 53
    page = soup(client.get("/judge/saizen", query_string={"players": "3", "cards": "S5.SQ"}))
    assert words(page.select_one("#result .verdict")) == "So far: Player B is winning."
    assert page.select_one("form.picker button[value=SQ]").has_attr("disabled")
    page = soup(client.get("/judge/saizen", query_string={"players": "3", "cards": "S5.SQ", "card": "H7"}))
    result = page.select_one("#result")
    assert words(result.select_one(".verdict")) == "Player B wins the trick"
    assert [words(li) for li in result.select(".rulings li")] == [
        "§2.3 ♠ spade was led: its rule card reads High · Later · Ignore · MUST · Must win.",
        "§2.2 Player B wins with ♠ spade Q, the highest ♠ spade (High)."]
    assert page.select_one("form.picker") is None
    back = soup(client.get("/judge/saizen", query_string={"players": "3", "cards": "S5.SQ.H7", "back": "1"}))
    assert back.select_one("#prompt").get_text(strip=True) == "Player C's card"


def test_the_quick_judge_turns_faces_asks_a_joker_leads_suit_and_plays_off(client: FlaskClient) -> None:
    page = soup(client.get("/judge/saizen", query_string={"players": "3", "cards": "JK"}))
    assert page.select_one("#prompt").get_text(strip=True) == "Player A led a joker: which suit does it name?"
    form = page.select_one("form.name-form")
    assert {i["name"]: i["value"] for i in form.select("input[type=hidden]")} == {"players": "3", "cards": "JK"}
    # 決勝 on hearts, turned on the faces form (a ticked box, then its hidden "0")
    toggles = soup(client.get("/judge/saizen", query_string={"players": "3"})).select("#judge-faces input[name=H_playoff]")
    assert [t.get("type") for t in toggles] == ["checkbox", "hidden"]
    fields = {"players": "3", "cards": "JK.H5.S5", "lead_suit": "H", "H_playoff": "1"}
    page = soup(client.get("/judge/saizen", query_string=fields))
    assert page.select_one("#prompt").get_text(strip=True) == "Play-off stage 1: Player B's card"
    assert words(page.select_one("#result .verdict")) == "Play-off: Player B, Player C play on."
    said_ = [words(li) for li in page.select("#result .rulings li")]
    assert said_[:3] == [
        "our ruling Player A's joker lead names ♥ heart: its card applies, High · Later · Play-off · MUST · Must win.",
        "§2.3 ♥ heart was led: its rule card reads High · Later · Play-off · MUST · Must win.",
        "§2.3 決勝: Player B, Player C played the number 5 (♥ heart 5, ♠ spade 5) and play off for the trick."]
    assert "§2.4 Player A's lone joker cannot win against a play-off." in said_
    hidden = {i["name"]: i["value"] for i in page.select("form.picker input[type=hidden]")}
    assert hidden == {"players": "3", "cards": "JK.H5.S5", "lead_suit": "H", "H_playoff": "1"}
    assert page.select_one("form.picker button[value='-']") is not None
    # Player B has no card left; Player C plays: C wins
    page = soup(client.get("/judge/saizen", query_string={**fields, "cards": "JK.H5.S5.-", "card": "D2"}))
    assert words(page.select_one("#result .verdict")) == "Player C wins the trick"
    assert words(page.select("#judge-cards .row")[1]) == "Player B ♥5 ♥ heart 5 › play-off stage 1: no card"
    assert "§2.3.2 Player B has no card left for the play-off and loses the trick." in [
        words(li) for li in page.select("#result .rulings li")]
    assert page.select_one("#prompt").get_text(strip=True) == "Every card is in: the trick is judged"
