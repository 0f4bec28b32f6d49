"""The Take & Share table through Flask's test client, reading the HTML a person would see.

Seats are clockwise: Aki 0, Ben 1, Cho 2, Dan 3. The made-up tricks below need no dealt
hands: the page knows only what is entered, as at a real table.
"""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from companion.rules import take_and_share as tns
from tests.conftest import soup
from tests.games.take_and_share.table import (
    NAMES3,
    NAMES4,
    asked_card,
    enter,
    form_fields,
    new_state,
    play_through,
    received_counts,
    scoreboard_totals,
    seat_table,
    tap_card,
    tap_name,
    whole_game,
)

SHARE = ("LA", "X2", "C3", "H4")
TRICK1 = ("S5", "S9", "S2", "S7")   # Aki leads; all spades: Ben's 9 wins
TRICK2 = ("H9", "H3", "D3", "H6")   # Ben leads; Dan shows out of hearts: lowest, Cho's 3 before Dan's


def words(node) -> str:  # type: ignore[no-untyped-def]
    return " ".join(node.get_text(" ").split())


def prompt(client: FlaskClient, url: str) -> str:
    return words(soup(client.get(url)).select_one("#prompt"))


def panel(client: FlaskClient, url: str) -> str:
    return words(soup(client.get(url)).select_one("#panel"))


def lay(client: FlaskClient, url: str, *codes: str) -> None:
    for code in codes:
        response = tap_card(client, url, code)
        assert response.status_code == 303, (code, words(soup(response).select_one(".error")))


def hand_out(client: FlaskClient, url: str, *seats: int) -> list[str]:
    """Tap a name for each share card in the order the page asks; the cards asked about."""
    asked = []
    for seat in seats:
        asked.append(asked_card(client, url))
        response = tap_name(client, url, seat)
        assert response.status_code == 303, words(soup(response).select_one(".error"))
    return asked


def refused(response) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == 422, response.status_code
    return words(soup(response).select_one(".error"))


def started(client: FlaskClient, names=NAMES4, **kw) -> str:  # type: ignore[no-untyped-def]
    url = seat_table(client, names, **kw)
    lay(client, url, *SHARE[: len(names)])
    return url


# --------------------------------------------------------------------------- set-up


def test_home_offers_take_and_share_for_three_or_four(client: FlaskClient) -> None:
    tile = soup(client.get("/")).select_one(f"a.game-tile[href='/seat/{tns.SLUG}']")
    assert tile is not None
    assert "Take & Share" in words(tile) and "3–4 players" in words(tile)


@pytest.mark.parametrize("count", [2, 5])
def test_other_player_counts_are_refused_with_the_rule(client: FlaskClient, count: int) -> None:
    names = ["A", "B", "C", "D", "E"][:count]
    response = client.post("/tables", data={"player": names, "game": tns.SLUG})
    assert f"Take & Share is for 3 or 4 players; got {count}." in refused(response)


def test_the_new_game_form_offers_the_long_game_target_and_says_what_to_deal(client: FlaskClient) -> None:
    response = client.post("/tables", data={"player": list(NAMES4), "game": tns.SLUG})
    page = soup(client.get(response.location))
    assert [i["value"] for i in page.select("input[name=first_leader]")] == ["0", "1", "2", "3"]
    targets = page.select("input[name=long_game_target]")
    assert targets[0]["value"] == "printed" and targets[0].has_attr("checked")
    assert "As printed: 20 points with 4 players, 30 with 3" in words(page.select_one("#option-long_game_target"))
    assert "§Long game" in words(page.select_one("fieldset.options"))
    setup = words(page.select_one("#tns-setup"))
    assert "60 cards, A to 10 of each of the six suits (the A counts 1): deal 14 to each player" in setup
    assert "lay the 4 left face up as the share cards" in setup
    three = soup(client.get(client.post("/tables", data={"player": list(NAMES3), "game": tns.SLUG}).location))
    assert "48 cards, 3 to 10 of each of the six suits (the A counts 1): deal 15 to each player" in words(
        three.select_one("#tns-setup"))


def test_a_house_target_is_kept_and_shown_under_the_scoreboard(client: FlaskClient) -> None:
    url = seat_table(client, first=2, target="25")
    page = soup(client.get(url))
    line = words(page.select_one(".rules-in-force"))
    assert "Game 1: house rule: the long game ends with the game in which a total passes 25 points." in line
    assert "§Long game" in line
    assert "the game in which a total passes 25 points is the last" in words(page.select_one(".evening"))
    printed = soup(client.get(seat_table(client, NAMES3)))
    assert "as printed: the long game ends with the game in which a total passes 30 points." in words(
        printed.select_one(".rules-in-force"))


# --------------------------------------------------------------------------- the share cards first


def test_the_share_cards_come_first_two_taps_each(client: FlaskClient) -> None:
    url = seat_table(client, first=2)
    page = soup(client.get(url))
    assert words(page.select_one("h1.status")) == "Take & Share · Game 1 · the share cards"
    assert words(page.select_one("#prompt")) == "Share card 1 of 4"
    fields = form_fields(page)
    fields.pop("csrf_token")
    assert fields == {"seq": "0", "kind": "share"}
    assert len(page.select("form.picker label.suit-btn")) == 6
    spades = page.select(".numbers-S button[name=card]")
    assert [b["value"] for b in spades] == ["SA", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10"]
    assert spades[0].get_text(strip=True) == "♠A" and spades[0]["aria-label"] == "♠ spade A"
    assert len(page.select("form.picker button[name=card]")) == 60
    setup = words(page.select_one("#setup"))
    assert "§Cards used 60 cards, A to 10" in setup and "§Setting up Cho leads the first trick." in setup
    lay(client, url, "LA", "X2")
    page = soup(client.get(url))
    assert words(page.select_one("#prompt")) == "Share card 3 of 4"
    assert [t.get_text(strip=True) for t in page.select("#share .tile")] == ["❦A", "✚2", "…", "…"]
    assert page.select_one("button[value=LA]").has_attr("disabled")
    lay(client, url, "C3", "H4")
    page = soup(client.get(url))
    assert words(page.select_one("#prompt")) == "Cho's card"
    assert [t.get_text(strip=True) for t in page.select("#stake .tile")] == ["❦A", "✚2", "♣3", "♥4"]
    assert form_fields(page)["kind"] == "play" and form_fields(page)["seat"] == "2"
    assert "§Setting up The share cards ❦ leaf A, ✚ cross 2, ♣ club 3, ♥ heart 4 lie face up; Cho leads" in panel(client, url)


def test_a_card_before_the_share_is_in_is_refused_with_the_clause(client: FlaskClient) -> None:
    url = seat_table(client)
    lay(client, url, "LA", "X2")
    fields = form_fields(soup(client.get(url)))
    response = client.post(f"{url}/entries", data={**fields, "kind": "play", "seat": "0", "card": "S5"},
                           headers={"HX-Request": "true"})
    error = refused(response)
    assert error == "§Setting up First enter the share cards dealt face up: 2 of 4 so far."
    assert soup(response).select_one("form.picker") is not None


def test_used_and_out_of_deck_cards_are_refused_and_not_offered(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3)
    page = soup(client.get(url))
    assert len(page.select("form.picker button[name=card]")) == 48
    assert page.select_one("button[value=LA]") is None and page.select_one("button[value=L2]") is None
    assert "§Cards used ❦ leaf A is not used with 3 players: each suit runs from 3 to 10." == refused(
        tap_card(client, url, "LA"))
    lay(client, url, "L3")
    assert refused(tap_card(client, url, "L3")) == "❦ leaf 3 has already been entered in this game."
    assert "there is no suit “Z”" in refused(tap_card(client, url, "Z9"))
    assert form_fields(soup(client.get(url)))["seq"] == "1"


# --------------------------------------------------------------------------- tricks and the share


def test_all_the_lead_suit_the_highest_wins_with_its_clause(client: FlaskClient) -> None:
    url = started(client)
    lay(client, url, *TRICK1[:2])
    page = soup(client.get(url))
    assert words(page.select_one("#mode")) == "§Resolving a trick A) All ♠ spade so far: the highest wins."
    assert [words(li.select_one(".who")) for li in page.select("#trick li")] == ["Aki leads", "Ben", "Cho", "Dan"]
    assert "next" in page.select("#trick li")[2]["class"]
    lay(client, url, *TRICK1[2:])
    page = soup(client.get(url))
    result = page.select_one("#result")
    assert words(result.select_one("h2")) == "Trick 1 · all the lead suit: highest wins"
    assert words(result.select_one(".verdict")) == "Ben wins the trick · Ben leads next"
    assert words(result.select_one(".play.won")) == "Ben ♠9 Correct"  # a link to correct it
    rulings = [words(li) for li in result.select(".rulings li")]
    assert ("§Resolving a trick A) Every card is ♠ spade, the lead suit: the highest number wins, "
            "so Ben takes the trick with ♠ spade 9.") in rulings
    assert ("§Resolving the share Ben takes the share cards ❦ leaf A, ✚ cross 2, ♣ club 3, ♥ heart 4 and hands one "
            "to each player, themself included; the cards of this trick become the next share.") in rulings
    for badge in result.select("a.clause"):
        assert badge["href"].startswith(f"/rules/{tns.SLUG}#")
    latest = words(page.select_one("#latest"))
    assert latest == "Trick 1: Ben wins with ♠ spade 9, the highest (all ♠ spade). Why"
    assert "Trick 1 of 14 · the share" in words(page.select_one("h1.status"))


def test_the_winner_hands_out_the_share_one_tap_per_card_but_the_last(client: FlaskClient) -> None:
    url = started(client)
    lay(client, url, *TRICK1)
    page = soup(client.get(url))
    assert words(page.select_one("#prompt")) == "Ben hands out the share: who got ❦ leaf A?"
    assert [t.get_text(strip=True) for t in page.select("#share-out .tile")] == ["❦A", "✚2", "♣3", "♥4"]
    names = [words(b) for b in page.select("form.give-form button[name=seat]")]
    assert names == ["Aki", "Ben (the winner)", "Cho", "Dan"]
    assert page.select_one("form.picker button[name=card]") is None, "no card keys while the share goes out"
    assert hand_out(client, url, 2) == ["LA"]
    page = soup(client.get(url))
    assert words(page.select_one("#prompt")) == "Ben hands out the share: who got ✚ cross 2?"
    assert [words(b) for b in page.select("form.give-form button[name=seat]")] == ["Aki", "Ben (the winner)", "Dan"]
    assert words(page.select("#share-out li")[0]) == "❦A Correct → Cho"  # the hand-out, a link to correct it
    assert received_counts(page) == [0, 0, 1, 0]
    assert hand_out(client, url, 1, 3) == ["X2", "C3"]
    # The last card, ♥4, can only go to Aki, the one player left: nobody is asked.
    page = soup(client.get(url))
    assert words(page.select_one("#prompt")) == "Ben's card"
    assert [t.get_text(strip=True) for t in page.select("#stake .tile")] == ["♠5", "♠9", "♠2", "♠7"]
    assert [words(li.select_one(".who")) for li in page.select("#trick li")] == ["Ben leads", "Cho", "Dan", "Aki"]
    assert received_counts(page) == [1, 1, 1, 1]
    rulings = [words(li) for li in page.select("#result .rulings li")]
    assert ("§Resolving the share Ben has handed out the share after trick 1: each player received one card and "
            "keeps it face down.") in rulings
    assert "§Resolving the share The cards of trick 1 are the new share: ♠ spade 5, ♠ spade 9, ♠ spade 2, ♠ spade 7." in rulings


def ahead(page_html, selector: str = "form.picker") -> list[dict]:  # type: ignore[no-untyped-def]
    """What the picker takes next while the phone waits for the connection (data-outbox-ahead)."""
    form = page_html.select_one(selector)
    assert form is not None
    return json.loads(form.get("data-outbox-ahead", "[]"))


def test_offline_the_picker_knows_the_rest_of_the_share_and_the_first_trick(client: FlaskClient) -> None:
    url = seat_table(client, first=2)
    lay(client, url, "LA")
    page = soup(client.get(url))
    form = page.select_one("form.picker")
    assert form["data-outbox-once"] == "card"
    assert [(a["kind"], a["fields"], a["prompt"]) for a in ahead(page)] == [
        ("share", {}, "Share card 3 of 4"), ("share", {}, "Share card 4 of 4"),
        ("play", {"seat": 2}, "Cho's card"), ("play", {"seat": 3}, "Dan's card"),
        ("play", {"seat": 0}, "Aki's card"), ("play", {"seat": 1}, "Ben's card")]


def test_offline_the_picker_knows_the_rest_of_the_trick_but_not_its_winner(client: FlaskClient) -> None:
    url = started(client)
    lay(client, url, "S5")
    page = soup(client.get(url))
    assert [(a["kind"], a["fields"]) for a in ahead(page)] == [("play", {"seat": 2}), ("play", {"seat": 3})]
    lay(client, url, "S9", "S2")
    assert ahead(soup(client.get(url))) == []


def test_offline_the_hand_out_goes_on_card_by_card_never_offering_a_player_twice(client: FlaskClient) -> None:
    url = started(client)
    lay(client, url, *TRICK1)
    page = soup(client.get(url))
    form = page.select_one("form.give-form")
    assert form["data-outbox-once"] == "seat"
    # ❦A is asked now; ✚2 and ♣3 next; ♥4, the last, is nobody's choice.
    assert [(a["kind"], a["fields"], a["prompt"]) for a in ahead(page, "form.give-form")] == [
        ("give", {"card": "X2"}, "Ben hands out the share: who got ✚ cross 2?"),
        ("give", {"card": "C3"}, "Ben hands out the share: who got ♣ club 3?")]
    hand_out(client, url, 2, 1)
    assert ahead(soup(client.get(url)), "form.give-form") == []


def test_clause_badges_name_the_clause_not_its_heading(client: FlaskClient) -> None:
    url = started(client)
    lay(client, url, *TRICK2[:3])
    page = soup(client.get(url))
    assert words(page.select_one("#mode .clause")) == "§Resolving a trick B)"
    client.set_cookie("lang", "ja")
    assert words(soup(client.get(url)).select_one("#mode .clause")) == "§トリックの解決 B)"


def test_received_cards_stay_secret_until_the_end(client: FlaskClient) -> None:
    url = started(client)
    lay(client, url, *TRICK1)
    hand_out(client, url, 2, 1, 3)
    text = panel(client, url)
    assert "→" not in text and "received ❦ leaf A" not in text
    assert "Received cards stay secret until the game ends" in text
    history = words(soup(client.get(url + "/history")))
    assert "Cho received a share card, face down until the game ends" in history
    assert "Cho received ❦ leaf A" not in history
    correct = words(soup(client.get(url + "/correct/8")).select_one("#correct"))
    assert "Cho received ❦ leaf A" in correct, "the scorer correcting a hand-out sees the card"


def test_wrong_hand_outs_are_refused_with_the_clause(client: FlaskClient) -> None:
    url = started(client)
    lay(client, url, *TRICK1)
    hand_out(client, url, 2)
    fields = form_fields(soup(client.get(url)), "form.give-form")
    assert refused(client.post(f"{url}/entries", data={**fields, "seat": "2"})) == (
        "§Resolving the share Cho has already received a card of this share (❦ leaf A): each player receives exactly one.")
    assert refused(client.post(f"{url}/entries", data={**fields, "card": "S9", "seat": "0"})) == (
        "§Resolving the share ♠ spade 9 is not one of the share cards being handed out: "
        "❦ leaf A, ✚ cross 2, ♣ club 3, ♥ heart 4.")
    assert refused(client.post(f"{url}/entries", data={**fields, "kind": "play", "seat": "1", "card": "H9"})) == (
        "§Resolving the share First Ben hands out the share cards, one to each player; then the next trick starts.")


def test_another_suit_the_lowest_wins_the_earlier_on_equal_and_a_void_is_shown(client: FlaskClient) -> None:
    url = started(client)
    lay(client, url, *TRICK1)
    hand_out(client, url, 2, 1, 3)
    lay(client, url, *TRICK2[:3])
    page = soup(client.get(url))
    assert words(page.select_one("#mode")) == (
        "§Resolving a trick B) Another suit is in: the lowest wins, the earlier on a tie.")
    dan = page.select("#trick li")[2]
    assert words(dan.select_one(".void")) == "void ♥"
    lay(client, url, TRICK2[3])
    result = soup(client.get(url)).select_one("#result")
    assert words(result.select_one("h2")) == "Trick 2 · another suit: lowest wins"
    assert words(result.select_one(".verdict")) == "Cho wins the trick · Cho leads next"
    rulings = [words(li) for li in result.select(".rulings li")]
    assert "§Playing a trick 2) Dan did not follow ♥ heart with ♦ diamond 3: they are shown to hold no ♥ heart." in rulings
    assert ("§Resolving a trick B) Not every card is ♥ heart, the lead suit: the lowest number of any suit wins, "
            "so Cho takes the trick with ♥ heart 3.") in rulings
    assert ("§Resolving a trick B) ♥ heart 3, ♦ diamond 3 share the lowest number, 3: the one played first wins, "
            "Cho's.") in rulings


def test_a_later_card_proves_a_revoke_and_the_table_may_let_it_stand(client: FlaskClient) -> None:
    url = started(client)
    lay(client, url, *TRICK1)
    hand_out(client, url, 2, 1, 3)
    lay(client, url, *TRICK2)
    hand_out(client, url, 0, 1, 2)
    lay(client, url, "H10", "H2")  # Cho leads hearts; Dan, shown void in hearts, plays one
    page = soup(client.get(url))
    assert "Proven revokes: 1" in words(page.select_one("#latest-finding"))
    finding = page.select_one("#revokes li.finding")
    assert words(finding).startswith(
        "§Playing a trick 2) Trick 2: Dan played ♦ diamond 3 on the lead ♥ heart 9 while holding ♥ heart: ♥ heart 2, played in "
        "trick 3.")
    assert "The rulebook sets no penalty: the table decides." in words(page.select_one("#revokes"))
    lay(client, url, "H5", "H8")
    result = soup(client.get(url)).select_one("#result")
    proof = [words(li) for li in result.select("li.finding")]
    assert proof == ["§Playing a trick 2) Proven revoke: in trick 2 Dan played ♦ diamond 3 on the lead ♥ heart 9, as if "
                     "holding no ♥ heart; in trick 3 they played ♥ heart 2."]
    fields = form_fields(soup(client.get(url)), "#revokes form")
    response = client.post(f"{url}/entries", data=fields)
    assert response.status_code == 303
    page = soup(client.get(url))
    assert "accepted by the table" in words(page.select_one("#revokes"))
    assert page.select_one("#latest-finding") is None
    assert "The table lets Dan's play in trick 2 stand" in words(soup(client.get(url + "/history")))


# --------------------------------------------------------------------------- undo, correction, reload


def test_undo_takes_back_a_hand_out_one_card_at_a_time(client: FlaskClient) -> None:
    url = started(client)
    lay(client, url, *TRICK1)
    hand_out(client, url, 2, 1)
    fields = form_fields(soup(client.get(url)), "form.give-form")
    response = client.post(f"{url}/undo", data={"seq": fields["seq"]})
    assert response.status_code == 303
    page = soup(client.get(url))
    assert words(page.select_one("#prompt")) == "Ben hands out the share: who got ✚ cross 2?"
    assert received_counts(page) == [0, 0, 1, 0]


def test_a_played_card_and_a_hand_out_can_be_corrected(client: FlaskClient) -> None:
    url = started(client)
    lay(client, url, *TRICK1)
    hand_out(client, url, 2)
    # Entry 5 (seq 4) is Aki's ♠5: it was really ♠3; Ben still wins.
    page = soup(client.get(url + "/correct/4"))
    assert page.select_one("#correct input[name=seat]")["value"] == "0"
    assert not page.select_one("#correct button[value=S5]").has_attr("disabled")
    assert page.select_one("#correct button[value=S9]").has_attr("disabled")
    response = client.post(url + "/correct/4", data={"seq": "9", "seat": "0", "card": "S3"})
    assert response.status_code == 303, words(soup(response).select_one(".error"))
    page = soup(client.get(response.location))
    assert page.select_one("#latest-correction") is not None
    assert [t.get_text(strip=True) for t in page.select("#result .play .tile")] == ["♠3", "♠9", "♠2", "♠7"]
    # The hand-out (seq 8): ❦A went to Dan, not Cho.
    page = soup(client.get(url + "/correct/8"))
    assert "Cho received ❦ leaf A" in words(page.select_one("#correct"))
    assert [words(b) for b in page.select("#correct button[name=seat]")] == list(NAMES4)
    response = client.post(url + "/correct/8", data={"seq": "10", "card": "LA", "seat": "3"})
    assert response.status_code == 303, words(soup(response).select_one(".error"))
    assert received_counts(soup(client.get(url))) == [0, 0, 0, 1]


def test_a_correction_that_breaks_a_later_entry_is_refused(client: FlaskClient) -> None:
    url = started(client)
    lay(client, url, *TRICK1)
    hand_out(client, url, 2, 1)
    # Giving ❦A to Ben too would leave Ben with two cards of this share.
    response = client.post(url + "/correct/8", data={"seq": "10", "card": "LA", "seat": "1"})
    assert response.status_code == 422
    assert "Ben has already received a card of this share" in words(soup(response).select_one(".error"))


def target_passing_seed(players: int, target: int) -> int:
    """A seed whose whole game gives some player more than `target` points."""
    for seed in range(1, 200):
        state = play_through(list(whole_game(players, seed)), new_state(NAMES4[:players]))
        if max(tns.final_score(state).points) > target:
            return seed
    raise AssertionError("no such seed")


def test_a_whole_game_ends_with_the_suit_majorities_and_the_long_game_goes_on(client: FlaskClient) -> None:
    seed = 7
    url = seat_table(client, first=1)
    entries = list(whole_game(4, seed, first=1))
    assert len(entries) == 4 + 14 * 4 - 1 + 14 * 3, "the last card of each hand-out, and of the game, are not entered"
    for i, entry in enumerate(entries):
        response = enter(client, url, entry, htmx=i % 3 == 0)
        assert response.status_code in (200, 303), (i, entry, words(soup(response).select_one(".error")))
    state = play_through(entries, new_state(first=1))
    score = tns.final_score(state)
    page = soup(client.get(url))
    assert page.select_one("#prompt") is None and page.select_one("form.picker") is None
    top = score.winners
    verdict = words(page.select_one("#final .verdict"))
    if len(top) == 1:
        assert verdict == f"{NAMES4[top[0]]} wins this game with {score.points[top[0]]} points."
    else:
        assert verdict.startswith("Shared win:")
    table = page.select_one("#result table#majorities")
    for s in tns.SUITS:
        cells = table.select(f"tr.suit-{s} td")
        assert [int(c.contents[0].strip()) for c in cells] == list(score.sums[s])
        assert [int(words(c.select_one(".pts"))[1:]) if c.select_one(".pts") else 0 for c in cells] == list(score.by_suit[s])
    assert [int(c.get_text()) for c in table.select("tfoot td")] == list(score.points)
    hauls = page.select("#hauls li")
    assert [words(h).split(" · ")[0] for h in hauls] == [f"{name} 14 cards" for name in NAMES4]
    first = state.received[0]
    spades = sorted(c.number for c in first if c.suit == "S")
    if spades:
        assert "♠ " + " ".join(tns.number_text(n) for n in spades) in words(hauls[0]).replace("\u202f", " ")
    rulings = [words(li) for li in page.select("#result .rulings li")]
    assert len(rulings) == len(score.rulings) and all(r.startswith("§Scoring ") for r in rulings)
    last = page.select_one("#last-trick")
    assert "are not shared" in words(last)
    final = state.tricks[-1].plays[-1]
    assert (f"{NAMES4[final.seat]}'s last card is {tns.card_text(final.card.code, lambda s: s)}, the one card not "
            "yet seen: it is laid without an entry.") in words(last)
    assert scoreboard_totals(page) == list(score.points)
    # Next game: the left neighbour of the last first leader leads, the target stays.
    new = soup(client.get(url.rsplit("/g/", 1)[0] + "/new"))
    assert new.select_one("input[name=first_leader][checked]")["value"] == "2"
    assert new.select_one("input[name=long_game_target][checked]")["value"] == "printed"
    history = words(soup(client.get(url + "/history")))
    assert f"{NAMES4[entries[-1].seat]} received {tns.card_text(entries[-1].card, lambda s: s)}" in history


def test_the_game_in_which_a_total_passes_the_target_is_the_last(client: FlaskClient) -> None:
    seed = target_passing_seed(3, 10)
    url = seat_table(client, NAMES3, target="10")
    for entry in whole_game(3, seed):
        response = enter(client, url, entry)
        assert response.status_code == 303
    page = soup(client.get(url))
    note = words(page.select_one("#final .long-over"))
    assert note.startswith("§Long game The long game is over: a total has passed 10 points;")
    assert "The long game is over" in words(page.select_one("#scoreboard .evening"))


# --------------------------------------------------------------------------- viewers, languages, the judge


def test_a_viewer_is_told_what_is_awaited_and_cannot_enter(client: FlaskClient) -> None:
    url = seat_table(client)
    share = soup(client.get(url.rsplit("/g/", 1)[0] + "/share", base_url="http://192.168.7.21:5000"))
    viewer = share.select_one("#qr-viewer a.link")["href"].split("192.168.7.21:5000", 1)[1].rstrip("/") + "/g/1"
    assert prompt(client, viewer) == "Waiting for the share cards"
    lay(client, url, *SHARE)
    assert prompt(client, viewer) == "Waiting for Aki's card"
    lay(client, url, *TRICK1)
    page = soup(client.get(viewer))
    assert words(page.select_one("#prompt")) == "Waiting for Ben to hand out the share"
    assert page.select_one("form.picker") is None and page.select_one("form.give-form") is None
    response = client.post(viewer + "/entries", data={"seq": "8", "kind": "give", "seat": "0", "card": "LA"})
    assert response.status_code == 403


def test_the_table_in_japanese(client: FlaskClient) -> None:
    client.set_cookie("lang", "ja")
    url = seat_table(client)
    page = soup(client.get(url))
    assert words(page.select_one("#prompt")) == "シェアカード 1枚目（全4枚）"
    assert "最初のトリックはAkiがリードします。" in words(page.select_one("#setup"))
    lay(client, url, *SHARE, *TRICK1)
    page = soup(client.get(url))
    assert words(page.select_one("#prompt")) == "Benがシェアカードを配ります：❦リーフAを受け取ったのは？"
    assert "第1トリック（全14）" in words(page.select_one("h1.status"))
    assert "全員がリードのスート：最も高い数字が勝ち" in words(page.select_one("#result h2"))
    hand_out(client, url, 0, 1, 2)
    page = soup(client.get(url))
    assert words(page.select_one("#prompt")) == "Benのカード"
    assert "受け取ったカード（伏せたまま）" in words(page.select_one("#received"))


def test_the_quick_judge_takes_a_trick_and_explains_it(client: FlaskClient) -> None:
    page = soup(client.get(f"/judge/{tns.SLUG}"))
    assert words(page.select_one("#prompt")) == "How many players?"
    page = soup(client.get(f"/judge/{tns.SLUG}", query_string={"players": "4", "cards": "H9.D3"}))
    assert words(page.select_one("#prompt")) == "Player C's card"
    assert "Another suit is in" in words(page.select_one("#mode"))
    assert page.select_one("button[value=H9]").has_attr("disabled")
    page = soup(client.get(f"/judge/{tns.SLUG}", query_string={"players": "3", "cards": "H9.H3", "card": "D3"}))
    result = page.select_one("#result")
    assert words(result.select_one("h2")) == "Ruling · another suit: lowest wins"
    assert words(result.select_one(".verdict")) == "Player B wins the trick"
    rulings = [words(li) for li in result.select(".rulings li")]
    assert "§Resolving a trick B) ♥ heart 3, ♦ diamond 3 share the lowest number, 3: the one played first wins, Player B's." in rulings
    page = soup(client.get(f"/judge/{tns.SLUG}", query_string={"players": "3", "cards": "H9.H3", "card": "H5"}))
    assert words(page.select_one("#result .verdict")) == "Player A wins the trick"
    refused_card = soup(client.get(f"/judge/{tns.SLUG}", query_string={"players": "3", "cards": "H9", "card": "HA"}))
    assert [words(t) for t in refused_card.select("#judge-cards .tile")][:2] == ["♥9", "…"]


def test_the_rules_page_has_every_clause_the_game_cites(client: FlaskClient) -> None:
    page = soup(client.get(f"/rules/{tns.SLUG}"))
    for anchor in ("setup", "steps-2", "resolution-a", "resolution-b", "share", "end", "score", "long", "rulings"):
        assert page.select_one(f"#{anchor}") is not None, anchor

