"""The Tateyoko table through Flask's test client, reading the HTML a person would see.

Positions are "x,y": x to the right, y up, the starting card at 0,0. The rulebook's example
(Alice to Elsa, seats 0 to 4) is played through the page as its taps: the card, then the spot.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.rules import tateyoko as ty
from tests.conftest import soup
from tests.games.tateyoko.table import (
    EXAMPLE,
    NAMES3,
    NAMES4,
    done,
    enter,
    form_fields,
    hand,
    highlighted,
    lay,
    lay_anyway,
    offered,
    ordered,
    pass_,
    plan,
    replayed,
    scoreboard_totals,
    seat_table,
    start,
    went_out,
    words,
)


def viewer_link(share) -> str:  # type: ignore[no-untyped-def]
    """The viewer's link on the invite page (a link, or a field to copy it from)."""
    field = share.select_one("#qr-viewer input.link")
    return str(field["value"] if field is not None else share.select_one("#qr-viewer a.link")["href"])


def prompt(client: FlaskClient, url: str) -> str:
    return soup(client.get(url)).select_one("#prompt").get_text(strip=True)


def ok(response) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == 303, words(soup(response).select_one(".error"))


def refusal(response) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """The refusal's clause badge and its words."""
    assert response.status_code == 422
    error = soup(response).select_one(".error")
    badge = error.select_one(".clause")
    return (badge.get_text(strip=True) if badge else ""), words(error)


def layout(page_html) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The layout the page draws: "x,y" -> card, read from each card's title ("♠ spade Q (0,0)")."""
    found = {}
    for cell in page_html.select("#layout .cell.card"):
        match = re.match(r"^(.*) \((-?\d+,-?\d+)\)$", cell["title"])
        assert match, cell
        found[match.group(2)] = match.group(1)
    return found


def newest(page_html) -> list[str]:  # type: ignore[no-untyped-def]
    return [re.search(r"\((-?\d+,-?\d+)\)$", c["title"]).group(1) for c in page_html.select("#layout .cell.card.new")]


def sizes(page_html) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Each player's row of the hands table: the cells after the name."""
    return {words(tr.select_one("th")).split(" start player")[0]: [words(td) for td in tr.select("td")]
            for tr in page_html.select("#hands tbody tr")}


def example(client: FlaskClient, upto: str) -> str:
    """The rulebook's example through the page, up to and including `upto`."""
    url = seat_table(client, EXAMPLE)
    ok(start(client, url, "SQ"))
    turns = [("alice", [("0,1", "HQ")]), ("betty", [("-1,0", "SK")]), ("catherine", [("1,1", "HK")]),
             ("dolly", [("2,1", "HA"), ("2,0", "LA"), ("2,-1", "CA")]), ("elsa", [("3,-1", "C2")])]
    for who, cards in turns:
        for spot, card in cards:
            ok(lay(client, url, spot, card))
        ok(done(client, url))
        if who == upto:
            break
    return url


# --------------------------------------------------------------------------- set-up


def test_the_new_game_form_says_the_deal_and_offers_the_options(client: FlaskClient) -> None:
    response = client.post("/tables", data={"player": list(NAMES4), "game": ty.SLUG})
    page = soup(client.get(response.location))
    setup = words(page.select_one("#ty-setup"))
    assert ("§Setup Deal 12 cards to each player; the other 30 are the deck. Turn its top card up in the "
            "middle: the starting card, at 0,0.") in setup
    assert "3 players: 15 cards each · 4 players: 12 · 5 players: 10 · 6 or 7 players: 8." in setup
    limit = page.select_one("input[name=match_limit]")
    assert limit["value"] == "-20" and limit["type"] == "number"
    assert page.select_one("input[name=scores_only]")["type"] == "checkbox"
    assert "A total equal to this number plays on" in words(page.select_one("#option-match_limit").parent)
    assert [i["value"] for i in page.select("input[name=first_leader]")] == ["0", "1", "2", "3"]
    seven = client.post("/tables", data={"player": ["A", "B", "C", "D", "E", "F", "G"], "game": ty.SLUG})
    assert "Deal 8 cards to each player; the other 22 are the deck." in words(
        soup(client.get(seven.location)).select_one("#ty-setup"))


def test_two_and_eight_players_are_refused_with_the_rule(client: FlaskClient) -> None:
    for names in (["A", "B"], ["A", "B", "C", "D", "E", "F", "G", "H"]):
        response = client.post("/tables", data={"player": names, "game": ty.SLUG})
        if response.status_code == 303:  # the table is seated; the game itself refuses the count
            table_url = response.location.split("/new")[0]
            response = client.post(f"{table_url}/games", data={"game": ty.SLUG, "first_leader": "0"})
        assert response.status_code == 422
        assert f"Tateyoko is for 3 to 7 players; got {len(names)}." in words(soup(response).select_one(".error"))


def test_the_game_starts_with_the_starting_card_two_taps(client: FlaskClient) -> None:
    url = seat_table(client, NAMES4, first=2, options={"match_limit": "-30"})
    page = soup(client.get(url))
    assert words(page.select_one("h1.status")) == "Tateyoko · Game 1 · the starting card"
    assert page.select_one("#prompt").get_text(strip=True) == "Turn up the starting card"
    keys = page.select_one("form#start")
    assert [words(label) for label in keys.select("label.suit-btn")] == [
        "❦ leaf", "✚ cross", "♣ club", "♥ heart", "♠ spade", "♦ diamond"]
    spades = keys.select(".ranks-S button[name=card]")
    assert [b["value"] for b in spades] == ["SA", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "SJ", "SQ", "SK"]
    assert spades[11]["aria-label"] == "♠ spade Q" and words(spades[11]) == "♠Q"
    assert len(keys.select("button[name=card]")) == 78
    assert form_fields(page, "form#start")["kind"] == "start"
    setup = words(page.select_one("#setup"))
    assert "§Setup Deal 12 cards to each player; the other 30 are the deck." in setup
    assert "§Play Cho is the start player; turns go clockwise." in setup
    assert words(page.select_one(".rules-in-force")) == (
        "Game 1: the match ends once a total is below -30; every card laid is entered and checked. §Playing several games")
    ok(start(client, url, "SQ"))
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Cho's turn"
    assert words(page.select_one("h1.status")) == "Tateyoko · Game 1 · Turn 1"
    assert layout(page) == {"0,0": "♠ spade Q"}
    assert words(page.select_one("#latest")) == "♠ spade Q is turned up as the starting card, at 0,0; Cho starts. Why"
    # The cards that fit around the starting card are offered, each with its spots among the
    # four around it; the starting card's key is struck out.
    assert page.select_one("form#lay .quick") is not None and page.select_one("form#lay .suits") is None  # 7 fit
    spots = {b["value"] for b in page.select("form#lay button[name=spot]")}
    assert spots == {"-1,0", "0,-1", "0,1", "1,0"}
    assert not_offered(page, "SQ")
    assert sizes(page)["Cho"] == ["12", "0", "0"]
    assert words(page.select_one("#deck")).startswith("§B: Pass Deck: 29 cards face down")


# --------------------------------------------------------------------------- the rulebook's example


def not_offered(page_html, card: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether `card` has no key to lay it: struck out among its suit's ranks, or left out of the
    short list of the few cards that fit."""
    key = page_html.select_one(f"form#lay [data-card={card}]")
    return key is None or key.has_attr("disabled")


def spot_list(page_html, card: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """The list of spots `card`'s key opens: each spot's value and the words on its key."""
    return [(b["value"], words(b)) for b in page_html.select(f"form#lay .spots[data-spots-of={card}] button")]


def test_the_example_alice_lays_the_heart_q_above_the_spade_q_in_three_taps(client: FlaskClient) -> None:
    url = seat_table(client, EXAMPLE)
    ok(start(client, url, "SQ"))
    page = soup(client.get(url))
    # Only the cards that fit somewhere are offered: the Qs above or below, the spade J and K beside.
    offered_cards = [k["data-card"] for k in page.select("form#lay [data-card]:not([disabled])")]
    assert offered_cards == ["LQ", "XQ", "CQ", "HQ", "SJ", "SK", "DQ"]
    assert not_offered(page, "SQ")
    assert not_offered(page, "H3")
    # The heart Q fits two spots: its key opens them, named by the card beside them, never x,y.
    assert page.select_one("form#lay label[data-card=HQ]")["aria-label"] == "♥ heart Q: fits 2 spots"
    assert spot_list(page, "HQ") == [("0,-1", "below ♠Q"), ("0,1", "above ♠Q")]
    assert not re.search(r"-?\d+,-?\d+", words(page.select_one("form#lay")))
    # Three taps: the suit, the heart Q, the spot.
    assert form_fields(page, "form#lay") | {"csrf_token": ""} == {
        "seq": "1", "kind": "lay", "seat": "0", "csrf_token": ""}
    response = lay(client, url, "0,1", "HQ", htmx=True)
    fragment = soup(response)
    assert fragment.select_one("#panel") is not None and fragment.select_one("html") is None
    assert fragment.select_one("#prompt").get_text(strip=True) == "Alice: the next card in line, or done"
    said = [words(li) for li in fragment.select("#result .rulings li")]
    assert said == ["§A: Play cards from your hand Alice lays ♥ heart Q.",
                    "§Vertical neighbours ♥ heart Q has the same rank as ♠ spade Q below it."]
    assert newest(fragment) == ["0,1"]
    # A further card goes next to the one just laid: the heart K left or right of the heart Q,
    # no Q any more (above the heart Q would need another Q, which fits: 0,2).
    assert offered(fragment, "HK") == ["-1,1", "1,1"]
    assert offered(fragment, "SK") == []
    assert offered(fragment, "CQ") == ["0,2"]
    # A card that fits one spot only is laid there by its key: two taps.
    key = fragment.select_one("form#lay button[name=at][data-card=CQ]")
    assert key["value"] == "CQ@0,2" and key["aria-label"] == "♣ club Q, above ♥Q"
    assert fragment.select_one("form#pass") is None
    ok(done(client, url))
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Betty's turn"
    assert sizes(page)["Alice"] == ["9", "1", "0"] and sizes(page)["Betty"] == ["10", "0", "0"]
    assert newest(page) == ["0,1"]


def test_the_example_catherine_may_lay_the_heart_k_in_three_spots(client: FlaskClient) -> None:
    url = example(client, "betty")
    assert highlighted(client, url, "HK") == ["-1,-1", "-1,1", "1,1"]
    assert highlighted(client, url, "SJ") == ["1,0"]
    words_of = dict(spot_list(soup(client.get(url)), "HK"))
    assert words_of == {"-1,-1": "below ♠K", "-1,1": "above ♠K · left of ♥Q", "1,1": "right of ♥Q"}


def test_the_example_dolly_lays_three_aces_in_a_line_downwards(client: FlaskClient) -> None:
    url = example(client, "catherine")
    ok(lay(client, url, "2,1", "HA"))  # K and A are one apart
    said = [words(li) for li in soup(client.get(url)).select("#result .rulings li")]
    assert said[1] == "§Horizontal neighbours ♥ heart A is the same suit as ♥ heart K on its left, one rank apart."
    assert highlighted(client, url, "LA") == ["2,0", "2,2"]
    ok(lay(client, url, "2,0", "LA"))
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Dolly: the next card in line, or done"
    assert "2 cards laid; the next goes in line." in words(page.select_one(".turn-actions"))
    # The line runs down: only 2,-1 is left, so every card offered fits there alone.
    assert {b["value"].split("@")[1] for b in page.select("form#lay button[name=at]")} == {"2,-1"}
    assert page.select("form#lay .spots") == []
    assert highlighted(client, url, "CA") == ["2,-1"]
    ok(lay(client, url, "2,-1", "CA"))
    ok(done(client, url))
    page = soup(client.get(url))
    assert newest(page) == ["2,1", "2,0", "2,-1"]
    assert layout(page) == {"0,0": "♠ spade Q", "0,1": "♥ heart Q", "-1,0": "♠ spade K", "1,1": "♥ heart K",
                            "2,1": "♥ heart A", "2,0": "❦ leaf A", "2,-1": "♣ club A"}
    assert sizes(page)["Dolly"] == ["7", "3", "0"]
    assert words(page.select_one("#latest")) == "Dolly ends the turn after laying 3 cards. Why"


def test_the_example_elsas_spade_j_fits_nowhere_is_struck_and_each_try_is_refused_naming_the_neighbour(
        client: FlaskClient) -> None:
    url = example(client, "dolly")
    page = soup(client.get(url))
    assert not_offered(page, "SJ") and offered(page, "SJ") == []
    # A form sent anyway (made by hand, or from a page left open) is refused by rule.
    # Right of the spade Q it would fit the Q, but the heart K above it is another rank.
    refused = lay_anyway(client, url, "1,0", "SJ", htmx=True)
    assert refusal(refused) == ("§Every neighbour", "§Every neighbour ♠ spade J cannot go at 1,0: ♥ heart K above it has "
                                "another rank (cards above and below each other have the same rank).")
    # Nothing is stored; the picker is the same as before the refusal.
    assert form_fields(soup(refused), "form#lay")["seq"] == form_fields(soup(client.get(url)), "form#pass")["seq"]
    assert [k["data-card"] for k in soup(refused).select("form#lay [data-card]:not([disabled])")] == \
        [k["data-card"] for k in page.select("form#lay [data-card]:not([disabled])")]
    # Left of the spade K: the same suit, two ranks away.
    assert refusal(lay_anyway(client, url, "-2,0", "SJ")) == (
        "§Horizontal neighbours", "§Horizontal neighbours ♠ spade J cannot go at -2,0: ♠ spade K on its right is not "
        "one rank away (cards side by side are one rank apart, K next to A).")
    assert highlighted(client, url, "C2") == ["1,-1", "3,-1"]
    ok(lay(client, url, "3,-1", "C2"))
    ok(done(client, url))
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Alice's turn"
    assert [row[0] for row in sizes(page).values()] == ["9", "9", "9", "7", "9"]


def test_a_turn_that_bends_or_leaves_the_last_card_is_refused_with_the_clause(client: FlaskClient) -> None:
    url = example(client, "catherine")
    ok(lay(client, url, "2,1", "HA"))
    ok(lay(client, url, "2,0", "LA"))
    # Only 2,-1 is offered; a form sent for another spot is refused by rule.
    fields = form_fields(soup(client.get(url)), "form#lay")
    assert refusal(client.post(f"{url}/entries", data={**fields, "card": "L2", "spot": "3,0"})) == (
        "§One straight line", "§One straight line ❦ leaf 2 cannot go at 3,0: the cards of a turn lie in one straight "
        "line from ♥ heart A, so the next one goes one step further the same way, beyond ❦ leaf A.")
    assert refusal(client.post(f"{url}/entries", data={**fields, "card": "L2", "spot": "3,1"}))[0] == \
        "§The card just played"
    assert refusal(client.post(f"{url}/entries", data={**fields, "kind": "pass"}))[1].startswith(
        "§Play Dolly has already laid 2 cards this turn")


def test_a_card_already_in_the_layout_is_not_offered_and_is_refused(client: FlaskClient) -> None:
    url = example(client, "alice")
    page = soup(client.get(url))
    assert not_offered(page, "HQ")
    assert offered(page, "SK") == ["-1,0", "1,0"]
    assert refusal(lay_anyway(client, url, "-1,0", "HQ")) == (
        "§Equipment", "§Equipment ♥ heart Q is already in the layout, at 0,1.")


def test_a_card_and_its_spot_in_one_value_is_read_and_a_bad_one_refused(client: FlaskClient) -> None:
    assert ty.form_payload("lay", {"seat": ["0"], "at": ["SK@-1,0"]}) == {"seat": 0, "x": -1, "y": 0, "card": "SK"}
    url = example(client, "alice")
    fields = form_fields(soup(client.get(url)), "form#lay")
    response = client.post(f"{url}/entries", data={**fields, "at": "SK@left"})
    assert response.status_code == 422


def test_when_no_card_continues_the_line_the_page_says_the_turn_is_done(client: FlaskClient) -> None:
    url = example(client, "catherine")
    ok(lay(client, url, "2,1", "HA"))
    ok(lay(client, url, "2,0", "LA"))
    ok(lay(client, url, "2,-1", "CA"))
    for card in ("XA", "DA", "SA"):  # every other ace below, in line: then nothing is left
        ok(lay(client, url, f"2,{-2 - ('XA', 'DA', 'SA').index(card)}", card))
    page = soup(client.get(url))
    assert page.select_one("form#lay") is None
    assert words(page.select_one("#none-fits")) == "No card continues this line: the turn is done."
    assert page.select_one("form#done button") is not None


# --------------------------------------------------------------------------- passing and the deck


def test_a_pass_draws_while_the_deck_lasts_and_everyone_passing_ends_the_game(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3)
    ok(start(client, url, "SQ"))
    page = soup(client.get(url))
    assert words(page.select_one(".turn-actions")) == "Aki passes §B: Pass A pass draws a card: 32 left in the deck."
    response = pass_(client, url, htmx=True)
    page = soup(response)
    assert page.select_one("#prompt").get_text(strip=True) == "Ben's turn"
    assert sizes(page)["Aki"] == ["16", "0", "1"]
    assert words(page.select_one("#deck")) == ("§B: Pass Deck: 31 cards face down; a pass draws one while any are "
                                              "left. Passes in a row: 1 of 3 (everyone passing ends the game).")
    said = [words(li) for li in page.select("#result .rulings li")]
    assert said == ["§B: Pass Aki passes and draws a card; 31 left in the deck.",
                    "§End of the game Passes in a row: 1 of 3.", "§Play Next: Ben."]
    ok(pass_(client, url))
    ok(pass_(client, url))
    page = soup(client.get(url))
    assert words(page.select_one("#latest")) == "All 3 players have passed in a row: the game is over. Why"
    assert page.select_one("#prompt").get_text(strip=True) == "Aki's hand"
    assert words(page.select_one("h1.status")) == "Tateyoko · Game 1 · the hands"
    assert "Enter the hands of Aki, Ben, Cho." in words(page.select_one("#result"))


def test_the_pass_says_when_the_deck_is_empty(client: FlaskClient) -> None:
    setup, log = plan(12, 7, pass_rate=0.5)
    names = ("Aki", "Ben", "Cho", "Dan", "Eve", "Fay", "Gin")
    url = seat_table(client, names, first=setup["first_leader"])
    ok(enter(client, url, log[0]))
    cut = next(i for i in range(1, len(log)) if replayed(setup, log[:i]).deck == 0 and log[i].kind == "pass")
    for event in log[1:cut]:
        ok(enter(client, url, event))
    state = replayed(setup, log[:cut])
    page = soup(client.get(url))
    assert "The deck is empty: a pass draws nothing." in words(page.select_one(".turn-actions"))
    ok(pass_(client, url))
    said = words(soup(client.get(url)).select_one("#result"))
    assert f"{names[state.seat]} passes; the deck is empty, so they draw nothing." in said


# --------------------------------------------------------------------------- the end


def test_a_whole_game_to_the_last_card_then_the_hands_checked_and_scored(client: FlaskClient) -> None:
    setup, log = plan(3, 3)
    final = replayed(setup, log)
    assert final.ended == "out"
    url = seat_table(client, NAMES3, first=setup["first_leader"])
    hands_from = next(i for i, e in enumerate(log) if e.kind == "hand")
    for event in log[:hands_from]:
        ok(enter(client, url, event))
    page = soup(client.get(url))
    out = NAMES3[final.went_out]
    assert words(page.select_one("#latest")) == f"{out} has laid their last card: the game is over. Why"
    awaited = replayed(setup, log[:hands_from]).awaited_hands
    first = awaited[0]
    assert page.select_one("#prompt").get_text(strip=True) == f"{NAMES3[first]}'s hand"
    held = replayed(setup, log[:hands_from]).hand_sizes[first]
    assert f"{NAMES3[first]} should hold {held} card" in words(page.select_one("#hand-entry"))
    # A count key per suit: 0 to 4 on the first screen, "5+" opening the rest up to the hand's size.
    rows = page.select("form#hand .count-row")
    assert [r["aria-label"] for r in rows] == ["leaf", "cross", "club", "heart", "spade", "diamond"]
    counts = [int(i["value"]) for i in rows[0].select("input[name=count_L]")]
    assert counts == list(range(min(held, 13) + 1))
    assert rows[0].select_one("input[name=count_L][value='0']").has_attr("checked")
    assert (rows[0].select_one(".high") is not None) == (held > 4)
    assert page.select_one("#layout") is not None and page.select_one("#layout button") is None
    # A hand of the wrong size is refused with the sizes kept.
    refused = hand(client, url, counts={"S": held + 1})
    badge, said = refusal(refused)
    assert badge == "" and said.startswith(f"{NAMES3[first]} should hold {held} cards (dealt 15, laid ")
    for event in log[hands_from:]:
        ok(enter(client, url, event))
    page = soup(client.get(url))
    assert page.select_one("#prompt") is None and page.select_one("#panel form.picker") is None
    assert words(page.select_one("#final .verdict")) == f"{out} went out and scores 5."
    assert scoreboard_totals(page) == list(final.points)
    rows = sizes(page)
    assert rows[out] == ["0", "went out", "5"]
    said = [words(li) for li in page.select("#result .rulings li")]
    assert f"§Scoring {out} has no cards left and scores 5." in said
    assert words(page.select_one("#next-start")) == (
        f"§Playing several games Next game: {NAMES3[ty.next_setup(final)['first_leader']]} is the start player "
        "(it moves to the left).")
    assert words(page.select_one("h1.status")).startswith("Tateyoko · Game 1 · ")
    # The next game keeps the options and moves the start player to the left.
    form = soup(client.get(page.select_one("#final a.primary")["href"]))
    assert form.select_one("input[name=first_leader][checked]")["value"] == str(ty.next_setup(final)["first_leader"])


def test_a_hand_may_be_given_as_its_cards_ticked(client: FlaskClient) -> None:
    setup, log = plan(5, 3)
    url = seat_table(client, NAMES3, first=setup["first_leader"])
    hands_from = next(i for i, e in enumerate(log) if e.kind == "hand")
    for event in log[:hands_from]:
        ok(enter(client, url, event))
    page = soup(client.get(url))
    picker = page.select_one("#hand-entry form#hand-cards")
    assert picker.select_one("input[type=checkbox][name=cards][value=SQ]") is not None
    assert all(box.has_attr("disabled") for box in picker.select("input[name=cards]")
               if box["value"] in {c.code for c in replayed(setup, log).grid.values()})
    state = replayed(setup, log[:hands_from])
    seat = state.awaited_hands[0]
    run = __import__("tests.games.tateyoko.driver", fromlist=["play"]).play(5, players=3, undo_rate=0.0)
    cards = run.table.hands[seat]
    ok(hand(client, url, cards=cards))
    history = [words(li) for li in soup(client.get(f"{url}/history")).select(".history li")]
    assert any(item.startswith(f"{NAMES3[seat]}'s hand: ") for item in history)
    # One value per card ticked reads as the hand (the engine's form reading, see forms.py).
    assert ty.form_payload("hand", {"seat": ["1"], "cards": ["SQ", "H2"]}) == {"seat": 1, "cards": ["SQ", "H2"]}
    assert ty.form_payload("hand", {"seat": ["1"], "cards": ["SQ.H2"]}) == {"seat": 1, "cards": ["SQ", "H2"]}


def test_scores_only_enters_just_the_hands_and_the_rulebooks_4_times_3(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3, options={"scores_only": "on"})
    page = soup(client.get(url))
    assert words(page.select_one("h1.status")) == "Tateyoko · Game 1 · scores only"
    assert page.select_one("#prompt").get_text(strip=True) == "Aki's hand"
    assert page.select_one("#layout") is None and page.select_one("form#start") is None
    assert "Scores only: play with the cards on the table" in words(page.select_one("#setup"))
    assert "scores only: just the hands at the end." in words(page.select_one(".rules-in-force"))
    ok(went_out(client, url))
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Ben's hand"
    assert page.select_one("form#went-out") is None  # only one player goes out
    # 得点計算's example: spades 3, 5, 9, K, hearts 6, Q, cross 7: 4 x 3 = 12.
    ok(hand(client, url, cards=["S3", "S5", "S9", "SK", "H6", "HQ", "X7"]))
    ok(hand(client, url, counts={"L": 2, "D": 2}))
    page = soup(client.get(url))
    assert scoreboard_totals(page) == [5, -12, -4]
    assert words(page.select_one("#final .verdict")) == "Aki went out and scores 5."
    said = [words(li) for li in page.select("#result .rulings li")]
    assert "§Scoring Ben holds 4 of the most common suit and 3 suits: -12." in said
    assert sizes(page)["Ben"] == ["✚ cross 1 ♥ heart 2 ♠ spade 4 Correct 4 × 3", "-12"]  # the hand's cards, a link to correct it


def test_the_match_ends_once_a_total_is_below_the_limit(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3, options={"scores_only": "on", "match_limit": "-10"})
    ok(went_out(client, url))
    ok(hand(client, url, counts={"S": 4, "H": 2, "X": 1}))
    ok(hand(client, url, counts={"L": 1}))
    page = soup(client.get(url))
    assert "the match ends once a total is below -10;" in words(page.select_one(".rules-in-force"))
    assert words(page.select_one("#final .match-over")) == (
        "§Playing several games After game 1 the total of Ben is below -10: the match is over, and Aki wins with 5.")
    assert page.select_one("#scoreboard .evening") is not None


def test_the_match_lasts_as_many_games_as_players(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3, options={"scores_only": "on"})
    for number in range(1, 4):
        ok(went_out(client, url))
        ok(hand(client, url, counts={"S": 1}))
        ok(hand(client, url, counts={"H": 1}))
        page = soup(client.get(url))
        if number < 3:
            assert page.select_one("#final .match-over") is None
            link = page.select_one("#final a.primary")["href"]
            form = soup(client.get(link))
            assert form.select_one("input[name=first_leader][checked]")["value"] == str(number % 3)
            assert form.select_one("input[name=scores_only]").has_attr("checked")
            started = client.post(link.replace("/new", "/games"), data={
                "game": ty.SLUG, "first_leader": str(number % 3), "scores_only": "on", "match_limit": "-20"})
            url = started.location
    assert scoreboard_totals(page) == [15, -3, -3]
    assert words(page.select_one("#final .match-over")) == (
        "§Playing several games All 3 games are played: Aki wins with 15.")


# --------------------------------------------------------------------------- undo, correction, history


def test_undo_takes_back_a_card_of_the_turn(client: FlaskClient) -> None:
    url = example(client, "catherine")
    ok(lay(client, url, "2,1", "HA"))
    ok(lay(client, url, "2,0", "LA"))
    assert client.post(f"{url}/undo", data={"seq": form_fields(soup(client.get(url)), "form#done")["seq"]}).status_code == 303
    page = soup(client.get(url))
    assert "2,0" not in layout(page) and newest(page) == ["2,1"]
    assert highlighted(client, url, "LA") == ["2,0", "2,2"]
    history = soup(client.get(f"{url}/history"))
    assert len(history.select("li.undone")) == 1


def test_the_history_describes_every_kind_of_entry_and_corrections_offer_the_right_keys(client: FlaskClient) -> None:
    url = example(client, "alice")
    ok(pass_(client, url))
    history = soup(client.get(f"{url}/history"))
    items = [words(li) for li in history.select("ol.history li")][::-1]  # newest first
    assert items[0].startswith("Starting card: ♠ spade Q")
    assert items[1].startswith("Alice lays ♥ heart Q at 0,1")
    assert items[2].startswith("Alice ends the turn")
    assert items[3].startswith("Betty passes")
    links = sorted((a["href"] for a in history.select("a.correct")), key=lambda h: int(h.rsplit("/", 1)[1]))
    page = soup(client.get(links[1]))
    hidden = {i["name"]: i["value"] for i in page.select("#correct form input[type=hidden]")}
    assert hidden["seat"] == "0" and (hidden["x"], hidden["y"]) == ("0", "1")
    assert page.select_one("#correct button[value=HQ]").get("disabled") is None
    assert page.select_one("#correct button[value=SQ]").has_attr("disabled")
    assert "This entry has nothing to choose" in words(soup(client.get(links[2])).select_one("#correct"))
    # The heart Q becomes the club Q: same rank, still fits; the game plays again from there.
    response = client.post(links[1], data={**hidden, "card": "CQ"})
    assert response.status_code == 303
    assert layout(soup(client.get(url)))["0,1"] == "♣ club Q"
    # A card that does not fit there is refused, naming the rule.
    page = soup(client.get(links[1]))
    hidden = {i["name"]: i["value"] for i in page.select("#correct form input[type=hidden]")}
    refused = client.post(links[1], data={**hidden, "card": "C9"})
    assert refused.status_code == 422
    assert "♣ club 9 cannot go at 0,1: ♠ spade Q below it has another rank" in words(soup(refused).select_one(".error"))


def test_a_hand_is_corrected_with_its_counts(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3, options={"scores_only": "on"})
    ok(went_out(client, url))
    ok(hand(client, url, counts={"S": 2}))
    links = sorted((a["href"] for a in soup(client.get(f"{url}/history")).select("a.correct")),
                   key=lambda h: int(h.rsplit("/", 1)[1]))
    page = soup(client.get(links[1]))
    assert {i["name"]: i["value"] for i in page.select("#correct input[type=number]")} == {
        "count_L": "0", "count_X": "0", "count_C": "0", "count_H": "0", "count_S": "2", "count_D": "0"}
    hidden = {i["name"]: i["value"] for i in page.select("#correct form input[type=hidden]")}
    response = client.post(links[1], data={**hidden, "count_S": "3", "count_H": "1"})
    assert response.status_code == 303
    assert sizes(soup(client.get(url)))["Ben"] == ["♥ heart 1 ♠ spade 3 3 × 2", "-6"]


# --------------------------------------------------------------------------- reload, viewer, languages


def test_a_viewer_is_told_what_is_awaited_sees_the_layout_and_gets_no_form(client: FlaskClient) -> None:
    url = seat_table(client, EXAMPLE)
    share = soup(client.get(url.split("/g/")[0] + "/share", base_url="http://192.168.7.21:5000"))
    viewer = re.sub(r"^https?://[^/]+", "", viewer_link(share)).rstrip("/") + "/g/1"
    assert prompt(client, viewer) == "Waiting for the starting card"
    ok(start(client, url, "SQ"))
    ok(lay(client, url, "0,1", "HQ"))
    page = soup(client.get(viewer))
    assert page.select_one("#prompt").get_text(strip=True) == "Waiting for Alice's turn"
    assert page.select_one("#panel form") is None and "You are watching" in words(page)
    assert page.select_one("#layout-wrap.fit") is not None and page.select_one("#layout button") is None
    assert layout(page) == {"0,0": "♠ spade Q", "0,1": "♥ heart Q"} and newest(page) == ["0,1"]
    assert soup(client.get(viewer, query_string={"card": "SK"})).select_one("#chosen") is None
    refused = client.post(f"{viewer}/entries", data={"seq": "2", "kind": "done", "seat": "0"})
    assert refused.status_code == 403


def test_japanese_pages_say_everything_in_japanese(app: Flask) -> None:
    client = app.test_client()
    client.set_cookie("lang", "ja")
    url = example(client, "dolly")
    page = soup(client.get(url))
    assert page.html["lang"] == "ja"
    assert page.select_one("#prompt").get_text(strip=True) == "Elsaの番"
    assert words(page.select_one("h1.status")) == "たてよこ · 第1ゲーム · 第5手番"
    assert page.select_one("form#lay .ranks-all")["aria-label"] == "置けるカード"  # few fit: listed at once
    refused = lay_anyway(client, url, "1,0", "SJ")
    badge, said = refusal(refused)
    assert badge == "§A:すべて" and "上の♥ハートKとランクが違います" in said
    page = soup(client.get(url))
    assert [words(b) for b in page.select("form#lay .spots[data-spots-of=C2] button")] == ["♣Aの左", "♣Aの右"]
    assert page.select_one("form#lay label[data-card=C2]")["aria-label"] == "♣クラブ2：2か所に置けます"
    assert "山札" in words(page.select_one("#hands"))
    judge = soup(client.get("/judge/tateyoko", query_string={"layout": "0,0:SQ", "card": "HQ"}))
    assert words(judge.select_one("h1")) == "このカード、どこに置ける？"


# --------------------------------------------------------------------------- the quick judge


def test_the_quick_judge_builds_a_layout_and_says_where_a_card_may_go(client: FlaskClient) -> None:
    page = soup(client.get("/judge/tateyoko"))
    assert page.select_one("#prompt").get_text(strip=True) == "The starting card"
    assert page.select_one("#layout") is None and len(page.select("form.picker button[name=card]")) == 78
    page = soup(client.get("/judge/tateyoko", query_string={"card": "SQ"}))
    assert page.select_one("#prompt").get_text(strip=True) == "Tap a card, or a spot and then a card"
    assert page.select_one("form.picker input[name=layout]")["value"] == "0,0:SQ"
    # Where can the heart Q go? Its spots are highlighted, and the ruling says so.
    page = soup(client.get("/judge/tateyoko", query_string={"layout": "0,0:SQ", "card": "HQ"}))
    assert ordered(page.select("#judge-layout a.spot.ok")) == ["0,-1", "0,1"]
    assert words(page.select_one("#result .verdict")) == "It may go at 0,-1, 0,1."
    assert [words(li) for li in page.select("#result .rulings li")] == [
        "§Every neighbour ♥ heart Q may go at 2 spots: 0,-1; 0,1."]
    # Can it go here? A spot tapped with the card asks about a turn.
    link = page.select_one("#judge-layout a.spot.ok").get("href")
    page = soup(client.get(link))
    assert words(page.select_one("#result .verdict")) == "Legal: the turn may be laid so."
    keep = page.select_one("a.button.primary")
    assert words(keep) == "Keep this turn in the layout"
    page = soup(client.get(keep["href"]))
    assert page.select_one("form.picker input[name=layout]")["value"] == "0,0:SQ.0,1:HQ"


def test_the_quick_judge_checks_a_turn_spot_first_and_names_the_rule_broken(client: FlaskClient) -> None:
    grid = "0,0:SQ.0,1:HQ.-1,0:SK.1,1:HK"
    page = soup(client.get("/judge/tateyoko", query_string={"layout": grid, "at": "1,0"}))
    assert page.select_one("#prompt").get_text(strip=True) == "Which card at 1,0?"
    assert page.select_one("#judge-layout .spot.chosen").get_text() == "1,0"
    fields = {i["name"]: i["value"] for i in page.select("form.picker input[type=hidden]")}
    assert fields == {"layout": grid, "spot": "1,0", "to": "turn"}
    page = soup(client.get("/judge/tateyoko", query_string={**fields, "card": "SJ"}))
    assert words(page.select_one("#result .verdict")) == "Not legal: card 1 of the turn breaks a rule."
    assert [words(li) for li in page.select("#result .rulings li")] == [
        "§Every neighbour ♠ spade J cannot go at 1,0: ♥ heart K above it has another rank (cards above and below "
        "each other have the same rank)."]
    assert page.select_one("#judge-layout .cell.card.bad") is not None
    assert page.select_one("#prompt").get_text(strip=True) == "Not legal: take back the last card, or start over"
    back = soup(client.get(page.select_one("a[href*='back=1']")["href"]))
    assert back.select_one("#result") is None and "turn" not in {i["name"] for i in back.select("form.picker input")}


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_quick_judge_shows_every_ruling_of_the_judge(client: FlaskClient, seed: int) -> None:
    from tests.games.tateyoko.driver import judge_fields

    fields = judge_fields(seed)
    request, shown = ty.quick_judge_request({k: [v] for k, v in fields.items()})
    assert request is not None
    answer = ty.judge(request)
    page = soup(client.get("/judge/tateyoko", query_string=fields))
    said = [words(li) for li in page.select("#result .rulings li")]
    assert len(said) == len(answer["rulings"])
    if request["ask"] == "spots":
        assert ordered(page.select("#judge-layout a.spot.ok")) == answer["spots"]


def test_an_event_log_entry_is_never_stored_twice(client: FlaskClient) -> None:
    url = example(client, "alice")
    fields = form_fields(soup(client.get(url)), "form#pass")
    assert client.post(f"{url}/entries", data=fields).status_code == 303
    assert client.post(f"{url}/entries", data=fields).status_code == 409


def test_the_scorer_taps_a_card_of_the_turn_to_correct_it_a_viewer_cannot(client: FlaskClient) -> None:
    url = example(client, "catherine")
    ok(lay(client, url, "2,1", "HA"))
    ok(lay(client, url, "2,0", "LA"))
    page = soup(client.get(url))
    # The turn's cards in full-size keys above the layout (drawn to the phone's width, maybe too small to tap).
    links = page.select("#newest a.correct-card")
    assert [words(a) for a in links] == ["♥A ♥ heart A Correct", "❦A ❦ leaf A Correct"]
    assert page.select("#layout a.correct-card") == []
    form = soup(client.get(links[1]["href"]))
    assert "Dolly lays ❦ leaf A at 2,0" in words(form.select_one("#correct"))
    hidden = {i["name"]: i["value"] for i in form.select("#correct form input[type=hidden]")}
    assert client.post(links[1]["href"], data={**hidden, "card": "XA"}).status_code == 303
    assert layout(soup(client.get(url)))["2,0"] == "✚ cross A"
    share = soup(client.get(url.split("/g/")[0] + "/share", base_url="http://192.168.7.21:5000"))
    viewer = re.sub(r"^https?://[^/]+", "", viewer_link(share)).rstrip("/") + "/g/1"
    assert soup(client.get(viewer)).select("a.correct-card") == []
