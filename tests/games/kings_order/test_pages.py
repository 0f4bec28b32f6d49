"""The King's Order table through Flask's test client, reading the HTML a person would see.

Seats are clockwise: Aki 0, Ben 1, Cho 2, Dan 3. A turn is entered step by step, one tap
each: the card played (the rank pad), an end card or the half kept, the discarded cards (a
rank tapped once per copy), the player chosen, how many cards they handed over.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from companion.rules import kings_order as ko
from companion.rules.base import Event
from tests.conftest import soup
from tests.games.kings_order.table import (
    NAMES3,
    NAMES4,
    enter,
    enter_all,
    form_fields,
    plan,
    players_rows,
    post,
    scoreboard_totals,
    seat_table,
    setup_of,
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


def rulings(page) -> list[str]:  # type: ignore[no-untyped-def]
    return [words(li) for li in page.select("#result .rulings li")]


def turn(client: FlaskClient, url: str, card: str, side: str | None, discarded: list[str] | None, target: int,
         count: int | None) -> None:
    """One whole turn through the page, each step on its own form (None: a step not asked)."""
    ok(post(client, url, "play", {"card": card}))
    if side is not None:
        ok(post(client, url, "keep", {"side": side}))
    if discarded is not None:
        ok(post(client, url, "discard", {"cards": discarded}))
    ok(post(client, url, "choose", {"seat": str(target)}))
    if count is not None:
        ok(post(client, url, "hand_over", {"count": str(count)}))


# --------------------------------------------------------------------------- set-up


def test_the_new_game_form_says_the_deal_and_offers_the_match_length(client: FlaskClient) -> None:
    response = client.post("/tables", data={"player": list(NAMES4), "game": ko.SLUG})
    page = soup(client.get(response.location))
    setup = words(page.select_one("#ko-setup"))
    assert "Shuffle the 78 cards and deal 13 to each player" in setup
    assert "With 4 players the other 26 cards stay out of the game, unseen." in setup
    assert "Suits play no part: each card is entered by its rank alone, one tap." in setup
    assert [i["value"] for i in page.select("input[name=rounds]")] == ["1", "3"]
    assert page.select_one("input[name=rounds][checked]")["value"] == "1"
    assert words(page.select_one("#option-rounds")).startswith("Rounds in the match One round Three rounds, totals added up")
    assert [i["value"] for i in page.select("input[name=first_leader]")] == ["0", "1", "2", "3"]
    six = client.post("/tables", data={"player": ["A", "B", "C", "D", "E", "F"], "game": ko.SLUG})
    assert "stay out" not in words(soup(client.get(six.location)).select_one("#ko-setup"))


def test_the_new_game_form_offers_counted_or_named_discards_for_kings_order_only(client: FlaskClient) -> None:
    response = client.post("/tables", data={"player": list(NAMES4), "game": ko.SLUG})
    page = soup(client.get(response.location))
    assert [i["value"] for i in page.select("input[name=discards]")] == ["counted", "named"]
    assert page.select_one("input[name=discards][checked]")["value"] == "counted"
    option = words(page.select_one("#option-discards"))
    assert option == ("Cards thrown away Counted: which side and how many (fewest taps) "
                      "Named one by one (the app checks each card)")
    hint = words(page.select_one("#option-discards").find_next_sibling("p"))
    assert hint == ("§Playing a card Counted: the table checks the thrown-away cards by eye, as the rules ask; the "
                    "app keeps the hand sizes, and its end-of-round check can use only the cards it was told.")
    client.set_cookie("lang", "ja")
    ja = soup(client.get(response.location))
    assert words(ja.select_one("#option-discards")) == (
        "捨てたカードの入力 枚数だけ：左右どちら側を何枚（タップ最少） 1枚ずつ入力（アプリが各カードを確認）")
    client.set_cookie("lang", "en")
    other = client.post("/tables", data={"player": list(NAMES4), "game": "hyper-maker"})
    assert soup(client.get(other.location)).select("input[name=discards]") == []


def test_two_and_seven_players_are_refused_with_the_rule(client: FlaskClient) -> None:
    for names in (["A", "B"], ["A", "B", "C", "D", "E", "F", "G"]):
        response = client.post("/tables", data={"player": names, "game": ko.SLUG})
        table_url = response.location.split("/new")[0] if response.status_code == 303 else None
        if table_url:  # the table is seated; the game itself refuses the count
            refused = client.post(f"{table_url}/games", data={"game": ko.SLUG, "first_leader": "0"})
            assert refused.status_code == 422
            text = words(soup(refused).select_one(".error"))
        else:
            assert response.status_code == 422
            text = words(soup(response).select_one(".error"))
        assert f"King's Order is for 3 to 6 players; got {len(names)}." in text


def test_the_game_page_says_the_deal_the_start_player_and_the_match(client: FlaskClient) -> None:
    url = seat_table(client, NAMES4, first=2, options={"rounds": "3"})
    page = soup(client.get(url))
    assert words(page.select_one("h1.status")) == "King's Order · Game 1 · Turn 1"
    assert page.select_one("#prompt").get_text(strip=True) == "Cho's card"
    assert words(page.select_one("#turn")) == "Cho holds 13 cards."
    setup = [words(p) for p in page.select("#setup p")]
    assert setup[0].startswith("§Setting up Shuffle the 78 cards and deal 13 to each player")
    assert setup[1] == "our ruling With 4 players the other 26 cards stay out of the game, unseen."
    assert setup[2] == ("§Rules of play Cho is the start player; turns go clockwise, and players without cards "
                        "are skipped.")
    assert setup[3] == "§Rules of play A match of three rounds, totals added up: each round is one game here."
    assert words(page.select_one(".rules-in-force")) == (
        "Game 1: a match of three rounds, totals added up; each round starts with the left neighbour of the last "
        "start player. §Rules of play Cards thrown away are counted, not named. §Playing a card")
    fields = form_fields(page, "form#whole-turn")
    assert fields.pop("csrf_token") is not None
    assert fields == {"seq": "0", "kind": "turn", "seat": "2"}
    keys = page.select("form#whole-turn .pad input[name=card]")
    assert [b["value"] for b in keys] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert [words(page.select_one(f"label[for={b['id']}]")) for b in keys] == [b["value"] for b in keys]
    assert [words(r)[:3] for r in page.select("#players tbody th")] == ["Aki", "Ben", "Cho", "Dan"]
    assert [row[1] for row in players_rows(page)] == ["13"] * 4
    assert page.select_one("#players tr.next th").get_text(strip=True) == "Cho"


# --------------------------------------------------------------------------- a whole turn in one form


def test_a_whole_turn_is_one_form_the_card_the_cards_thrown_away_and_the_player_with_the_count(
        client: FlaskClient) -> None:
    url = seat_table(client, NAMES3, options={"discards": "named"})
    page = soup(client.get(url))
    form = page.select_one("form#whole-turn")
    # The pad, then each half's copies keys (a rank once per copy), then a key per player and count.
    assert [i["value"] for i in form.select(".turn-pad input[name=card]")] == list(ko.PAD)
    assert len(form.select(".hi .copies.r-9 input[name=hi]")) == 6 and len(form.select(".lo input[name=lo]")) == 78
    targets = [(words(t.select_one(".who")), [b["value"] for b in t.select("button[name=to]")])
               for t in form.select(".target")]
    assert targets == [("Ben 13 cards", ["1:0", "1:1", "1:2", "1:3", "1:4", "1:5"]),
                       ("Cho 13 cards", ["2:0", "2:1", "2:2", "2:3", "2:4", "2:5"])]
    # Aki plays 9 from inside the hand, throws away 10 and J on its right, chooses Ben, who hands over one 9.
    ok(post(client, url, "turn", {"card": "9", "hi": ["10", "J"], "to": "1:1"}))
    state = ko.apply(ko.initial(setup_of(NAMES3)), Event("turn", {"seat": 0, "card": "9", "side": "left",
                                                                      "discarded": ["10", "J"], "target": 1,
                                                                      "count": 1}))
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Ben's card"
    assert [r[1] for r in players_rows(page)] == [str(n) for n in state.sizes] == ["10", "12", "13"]
    assert rulings(page)[1] == "§Playing a card Aki keeps the half left of 9 and discards 10, J."
    # Ben's end card: nothing ticked is an end card; Aki hands over nothing. Two taps.
    ok(post(client, url, "turn", {"card": "K", "to": "0:0"}))
    assert "§Playing a card Ben's K was at an end of the hand: nothing is discarded." in rulings(soup(client.get(url)))
    # Cho throws away the cards left of a 2 (the right half kept): none higher than it.
    ok(post(client, url, "turn", {"card": "2", "lo": ["A"], "to": "0:0"}))
    assert "§Playing a card Cho keeps the half right of 2 and discards A." in rulings(soup(client.get(url)))


def test_a_counted_turn_is_the_card_one_key_for_the_side_and_count_and_the_player(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3)  # the default: the cards thrown away are counted
    form = soup(client.get(url)).select_one("form#whole-turn")
    assert form.select("input[name=hi], input[name=lo]") == []  # no copies keys
    rows = form.select(".thrown .count-row")
    assert [words(r.select_one(".side-label")) for r in rows] == ["◂ left of it", "right of it ▸"]
    assert [i["value"] for i in rows[0].select("input[name=thrown]")] == [f"lo:{n}" for n in range(1, 12)]
    assert [i["value"] for i in rows[1].select("input[name=thrown]")] == [f"hi:{n}" for n in range(1, 12)]
    assert [i["aria-label"] for i in rows[1].select("input")][:2] == [
        "1 card thrown away, right of it", "2 cards thrown away, right of it"]
    # Aki plays 9 from inside the hand, throws away the 2 cards right of it, chooses Ben, who hands over one 9.
    ok(post(client, url, "turn", {"card": "9", "thrown": "hi:2", "to": "1:1"}))
    page = soup(client.get(url))
    assert [r[1] for r in players_rows(page)] == ["10", "12", "13"]
    assert rulings(page)[1] == "§Playing a card Aki keeps the half left of 9 and throws away 2 cards to its right."
    # Ben's end card: no count tapped; Cho throws away the one card left of a 2.
    ok(post(client, url, "turn", {"card": "K", "to": "0:0"}))
    ok(post(client, url, "turn", {"card": "2", "thrown": "lo:1", "to": "0:0"}))
    page = soup(client.get(url))
    assert [r[1] for r in players_rows(page)] == ["10", "11", "11"]
    history = [words(li) for li in soup(client.get(f"{url}/history")).select("ol.history li")][::-1]
    assert history[0].startswith("Aki plays 9 · the left half kept · 2 cards thrown away (right of 9) · Chose Ben")
    assert history[1].startswith("Ben plays K · an end card: nothing discarded · Chose Aki")
    assert history[2].startswith("Cho plays 2 · the right half kept · 1 card thrown away (left of 2) · Chose Aki")
    client.set_cookie("lang", "ja")
    history = [words(li) for li in soup(client.get(f"{url}/history")).select("ol.history li")][::-1]
    assert "9の右の2枚を捨てた" in history[0] and "2の左の1枚を捨てた" in history[2]
    assert "§ゲームのルール 1 Choは2の右半分を残し、左の1枚を捨てます。" in rulings(soup(client.get(url)))


def test_a_bad_count_thrown_away_is_refused_in_words_and_nothing_is_entered(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3)
    for thrown, said in (("hi:x", "“x” is not a number of cards thrown away."),
                         ("hi:12", "Aki held 13 cards: with one played and at least one kept, at most 11 can be "
                                   "discarded, not 12."),
                         ("hi:0", "9 was not at an end, so Aki discards the other half: at least one card."),
                         ("mid:3", "“mid”: say end (an end card), left or right (the half kept).")):
        refused = post(client, url, "turn", {"card": "9", "thrown": thrown, "to": "1:0"})
        assert refusal(refused) == ("§Playing a card", f"§Playing a card {said}")
        assert soup(refused).select_one("form#whole-turn") is not None  # the picker stays, as it was
    both = post(client, url, "turn", {"card": "9", "thrown": "hi:2", "hi": ["10"], "to": "1:0"})
    assert refusal(both)[1] == "§Playing a card Give the cards thrown away either by name or by count, not both."
    end = client.post(f"{url}/entries", data={**form_fields(soup(client.get(url)), "form#whole-turn"),
                                              "kind": "turn", "card": "K", "side": "end", "unnamed": "2",
                                              "to": "1:0"})
    assert refusal(end)[1] == "§Playing a card K was an end card: it discards nothing."
    client.set_cookie("lang", "ja")
    refused = post(client, url, "turn", {"card": "9", "thrown": "hi:x", "to": "1:0"})
    assert refusal(refused)[1].endswith("「x」は捨てたカードの枚数ではありません。")
    page = soup(client.get(url))
    assert [r[1] for r in players_rows(page)] == ["13", "13", "13"]
    assert form_fields(page, "form#whole-turn")["seq"] == "0"


def test_a_counted_discard_step_and_a_counted_turn_are_corrected_with_counts(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3)
    ok(post(client, url, "play", {"card": "7"}))
    ok(post(client, url, "keep", {"side": "left"}))
    page = soup(client.get(url))
    assert words(page.select_one("form#discard .hint")) == (
        "§Playing a card How many cards were thrown away, right of 7?")
    assert [b["value"] for b in page.select("form#discard button[name=count]")] == [str(n) for n in range(1, 12)]
    ok(post(client, url, "discard", {"count": "3"}))
    page = soup(client.get(url))
    assert words(page.select_one("#turn")) == (
        "Played: 7 Correct (13 in hand before) · the left half kept · 3 cards thrown away (right of 7)")
    ok(post(client, url, "choose", {"seat": "1"}))
    ok(post(client, url, "hand_over", {"count": "0"}))
    history = soup(client.get(f"{url}/history"))
    items = [words(li) for li in history.select("ol.history li")][::-1]
    assert items[2].startswith("3 cards thrown away")
    links = sorted((a["href"] for a in history.select("a.correct")), key=lambda h: int(h.rsplit("/", 1)[1]))
    correct = soup(client.get(links[2]))
    assert [b["value"] for b in correct.select("#correct button[name=count]")] == [str(n) for n in range(1, 12)]
    hidden = {i["name"]: i["value"] for i in correct.select("#correct form input[type=hidden]")}
    ok(client.post(links[2], data={**hidden, "count": "4"}))
    assert soup(client.get(url)).select("#players tbody tr")[0].select("td")[0].get_text(strip=True) == "8"
    # A whole counted turn: the card, the player, or the side and count, each one tap.
    ok(post(client, url, "turn", {"card": "9", "thrown": "hi:2", "to": "2:0"}))
    link = soup(client.get(url)).select_one("#turn a.correct-card")["href"]
    page = soup(client.get(link))
    hidden = {i["name"]: i["value"] for i in page.select("#correct form input[type=hidden]")}
    assert {k: v for k, v in hidden.items() if k not in ("seq", "csrf_token", "key")} == {
        "seat": "1", "played": "9", "side": "left", "unnamed": "2", "target": "2", "count": "0"}
    keys = [b["value"] for b in page.select("#correct .count-row button[name=thrown]")]
    assert keys == [f"lo:{n}" for n in range(1, 12)] + [f"hi:{n}" for n in range(1, 12)]
    ok(client.post(link, data={**hidden, "card": "8"}))  # the card: the count stays
    assert "§Playing a card Ben keeps the half left of 8 and throws away 2 cards to its right." in rulings(
        soup(client.get(url)))
    hidden = {i["name"]: i["value"] for i in soup(client.get(link)).select("#correct form input[type=hidden]")}
    ok(client.post(link, data={**hidden, "thrown": "lo:5"}))  # the side and count
    page = soup(client.get(url))
    assert "§Playing a card Ben keeps the half right of 8 and throws away 5 cards to its left." in rulings(page)
    assert [r[1] for r in players_rows(page)] == ["8", "7", "13"]


def test_a_whole_turn_is_corrected_in_one_tap_its_card_or_its_player_and_count(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3)
    ok(post(client, url, "turn", {"card": "9", "hi": ["10", "J"], "to": "1:0"}))
    link = soup(client.get(url)).select_one("#turn a.correct-card")["href"]  # the last turn's card, tapped
    page = soup(client.get(link))
    hidden = {i["name"]: i["value"] for i in page.select("#correct form input[type=hidden]")}
    assert {k: v for k, v in hidden.items() if k not in ("seq", "csrf_token", "key")} == {
        "seat": "0", "played": "9", "side": "left", "discarded": "J", "target": "1", "count": "0"}
    assert [b["value"] for b in page.select("#correct .pad button[name=card]")] == list(ko.PAD)
    assert [b["value"] for b in page.select("#correct .target button[name=to]")][:2] == ["1:0", "1:1"]
    discards = [i["value"] for i in page.select("#correct input[name=discarded]")]
    # The 9 was an 8: the rest of the turn stands.
    ok(client.post(link, data={**hidden, "discarded": discards, "card": "8"}))
    state = soup(client.get(url))
    assert rulings(state)[1] == "§Playing a card Aki keeps the half left of 8 and discards 10, J."
    # Cho was chosen, not Ben, and handed over nothing: the card played stays the 8.
    page = soup(client.get(link))
    hidden = {i["name"]: i["value"] for i in page.select("#correct form input[type=hidden]")}
    ok(client.post(link, data={**hidden, "discarded": discards, "to": "2:0"}))
    said = rulings(soup(client.get(url)))
    assert said[0] == "§Playing a card Aki plays 8." and "Aki chooses Cho" in said[2]


def test_the_turn_form_reads_its_fields_as_a_whole_turn() -> None:
    read = ko.form_payload
    assert read("turn", {"seat": ["0"], "card": ["9"], "hi": ["10", "J"], "to": ["1:2"]}) == {
        "seat": 0, "card": "9", "side": "left", "discarded": ["10", "J"], "target": 1, "count": 2}
    assert read("turn", {"seat": ["0"], "card": ["9"], "lo": ["3"], "to": ["2:0"]})["side"] == "right"
    assert read("turn", {"seat": ["0"], "card": ["K"], "to": ["2:"]}) == {
        "seat": 0, "card": "K", "side": "end", "discarded": [], "target": 2}
    # As the judge's API sends a turn: nothing is made up.
    assert read("turn", {"seat": ["0"], "card": ["K"], "target": ["2"]}) == {
        "seat": 0, "card": "K", "discarded": [], "target": 2}


def test_a_player_without_cards_is_chosen_alone_and_a_small_hand_is_asked_no_discards(client: FlaskClient) -> None:
    setup = setup_of(NAMES3)
    p = plan(setup, 3)
    states = [p.state(i) for i in range(len(p.log) + 1)]
    at = next(i for i, s in enumerate(states) if s.awaiting == "play" and 0 in s.sizes and s.sizes[s.turn_seat] <= 2)
    url = seat_table(client, NAMES3)
    enter_all(client, url, p.log[:at])
    state = states[at]
    form = soup(client.get(url)).select_one("form#whole-turn")
    assert form.select_one(".thrown") is None  # one or two cards: every card is at an end
    empty = state.sizes.index(0)
    assert [b["value"] for b in form.select(f".target button[value^='{empty}:']")] == [f"{empty}:"]


# --------------------------------------------------------------------------- a turn, step by step


def test_the_rulebook_example_turn_step_by_step(client: FlaskClient) -> None:
    """The rulebook's example, with a thirteenth card: Aki holds A,A,2,3,4,4,4,6,7,9,J,J,K
    and plays the 3, keeping A, A and 2; Ben, chosen, has a 3 at an end of his hand and two
    3s in all. The table names each card thrown away."""
    url = seat_table(client, NAMES3, options={"discards": "named"})
    ok(post(client, url, "play", {"card": "3"}))
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Aki's 3: an end card, or which half kept?"
    assert words(page.select_one("#turn")) == "Played: 3 Correct (13 in hand before)"  # the 3 is tapped to correct it
    assert [b["value"] for b in page.select("form#keep button[name=side]")] == ["end", "left", "right"]
    assert [words(b) for b in page.select("form#keep button")] == [
        "At an end nothing discarded", "Left half kept discarded: the cards right of 3",
        "Right half kept discarded: the cards left of 3"]
    assert rulings(page) == ["§Playing a card Aki plays 3."]
    assert words(page.select_one("#result h2")) == "Turn 1 so far"
    assert page.select_one("#latest") is None
    ok(post(client, url, "keep", {"side": "left"}))
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "The cards Aki discarded"
    # Keeping the left half throws away the cards right of the 3: none lower is offered.
    offered = {c["class"][1][2:]: len(c.select("input:not([disabled])")) for c in page.select("form#discard .copies")}
    assert offered == {"A": 0, "2": 0, "3": 5, "4": 6, "5": 6, "6": 6, "7": 6, "8": 6, "9": 6, "10": 6, "J": 6,
                       "Q": 6, "K": 6}
    assert "(at most 11)" in words(page.select_one("form#discard .chosen"))
    assert [i["aria-label"] for i in page.select("form#discard .copies.r-4 input")][:2] == ["4", "4, copy 2"]
    ok(post(client, url, "discard", {"cards": ["4", "4", "4", "6", "7", "9", "J", "J", "K"]}))
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Whom did Aki choose?"
    assert words(page.select_one("#turn")) == ("Played: 3 Correct (13 in hand before) · the left half kept · "
                                               "discarded: 4 4 4 6 7 9 J J K Correct")
    seats = page.select("form#choose button[name=seat]")
    assert [(b["value"], words(b)) for b in seats] == [("1", "Ben 13 in hand"), ("2", "Cho 13 in hand")]
    ok(post(client, url, "choose", {"seat": "1"}))
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "How many 3 cards did Ben hand over?"
    counts = page.select("form#hand-over button[name=count]")
    assert [b["value"] for b in counts] == ["0", "1", "2", "3", "4", "5"]
    assert words(counts[0]) == "0 none" and not any(b.has_attr("disabled") for b in counts)
    assert words(page.select_one("form#hand-over .hint")) == (
        "§Choosing another player Ben holds 13 cards: if either end of the hand is 3, every 3 in it goes over. "
        "5 of the 6 cards of rank 3 are unseen.")
    response = post(client, url, "hand_over", {"count": "2"}, htmx=True)
    fragment = soup(response)
    assert fragment.select_one("#panel") is not None and fragment.select_one("html") is None
    assert fragment.select_one("#prompt").get_text(strip=True) == "Ben's card"
    assert words(fragment.select_one("#latest")) == "Turn 1: Ben handed 2 × 3 to Aki. Why"
    assert words(fragment.select_one("#result h2")) == "Turn 1"
    assert rulings(fragment) == [
        "§Playing a card Aki plays 3.",
        "§Playing a card Aki keeps the half left of 3 and discards 4, 4, 4, 6, 7, 9, J, J, K.",
        "§Choosing another player Aki chooses Ben: any 3 at an end of their hand is handed over.",
        "§Choosing another player Ben has 3 at an end and hands over every 3, 2 cards, to Aki.",
        "§Score cards and the end of the turn Aki lays the 2 cards face down as score cards.",
        "§Rules of play Ben plays next.",
    ]
    assert players_rows(fragment) == [["Aki", "3", "3 ×2", "6"], ["Ben", "11", "–", "0"], ["Cho", "13", "–", "0"]]
    # Seven 3s cannot exist: one played, two handed over, three unseen: the pad still offers it.
    assert not fragment.select_one("form#whole-turn input[name=card][value='3']").has_attr("disabled")


def test_an_end_card_skips_the_discards_and_a_small_hand_skips_the_half(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3)
    turn(client, url, "3", "left", ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"], 1, 0)  # Aki keeps A, 2
    turn(client, url, "K", "end", None, 2, 1)  # Ben's K was at an end: no discards asked
    page = soup(client.get(url))
    assert "§Playing a card Ben's K was at an end of the hand: nothing is discarded." in rulings(page)
    assert words(page.select_one("#latest")) == "Turn 2: Cho handed 1 × K to Ben. Why"
    turn(client, url, "5", "end", None, 0, 0)
    # Aki holds two cards: whichever is played is at an end; the page asks for the player chosen next.
    ok(post(client, url, "play", {"card": "A"}))
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Whom did Aki choose?"
    assert rulings(page)[-1] == "our ruling Aki held 2 cards: A was at an end, so nothing is discarded."
    assert words(page.select_one("#turn")) == "Played: A Correct (2 in hand before) · an end card: nothing discarded"


def test_what_the_counts_forbid_is_refused_with_its_clause(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3)
    ok(post(client, url, "play", {"card": "9"}))
    # A step out of order names the one awaited.
    wrong = client.post(f"{url}/entries", data={**form_fields(soup(client.get(url)), "form#keep"), "kind": "play",
                                                "seat": "0", "card": "5"})
    assert refusal(wrong) == ("§Rules of play", "§Rules of play First enter whether Aki's 9 was an end card, or "
                                                "which half they kept.")
    ok(post(client, url, "keep", {"side": "left"}))
    lower = post(client, url, "discard", {"cards": ["10", "8"]})
    assert refusal(lower) == ("§Playing a card", "§Playing a card Keeping the left half throws away the cards "
                                                 "right of 9, none lower than it: 8 cannot be among them.")
    assert soup(lower).select_one("form#discard") is not None
    none = post(client, url, "discard", {})
    assert refusal(none)[1] == ("§Playing a card 9 was not at an end, so Aki discards the other half: at least "
                                "one card.")
    too_many = post(client, url, "discard", {"cards": ["9"] * 5 + ["10"] * 6 + ["J"]})
    assert refusal(too_many)[1] == ("§Playing a card Aki held 13 cards: with one played and at least one kept, at "
                                    "most 11 can be discarded, not 12.")
    seventh = post(client, url, "discard", {"cards": ["9"] * 6})
    assert refusal(seventh) == ("§Contents", "§Contents All 6 cards of rank 9 have already been seen in this round.")
    ok(post(client, url, "discard", {"cards": ["9"] * 4 + ["10"]}))
    itself = post(client, url, "choose", {"seat": "0"})
    assert refusal(itself)[1] == "§Choosing another player Aki chooses one of the other players."
    ok(post(client, url, "choose", {"seat": "2"}))
    # Five 9s are seen (the one played, four discarded): one is left unseen.
    page = soup(client.get(url))
    assert [b.has_attr("disabled") for b in page.select("form#hand-over button")] == [False, False] + [True] * 4
    two = post(client, url, "hand_over", {"count": "2"})
    assert refusal(two) == ("§Contents", "§Contents Only 1 of the 6 cards of rank 9 are unseen: 2 cannot be "
                                         "handed over.")
    stale = client.post(f"{url}/entries", data={"seq": "1", "kind": "hand_over", "count": "0"},
                        headers={"HX-Request": "true"})
    assert stale.status_code == 409
    assert form_fields(soup(stale), "form#hand-over")["seq"] == "4"


def test_a_small_hand_cannot_hand_over_more_than_it_holds(client: FlaskClient) -> None:
    setup = setup_of(NAMES3)
    p = plan(setup, 2, aim=0.8, whole=False)
    states = [p.state(i) for i in range(len(p.log) + 1)]
    at = next(i for i, s in enumerate(states) if s.awaiting == "hand_over" and s.sizes[s.current.target] < 5)
    url = seat_table(client, NAMES3)
    enter_all(client, url, p.log[:at])
    state = states[at]
    size = state.sizes[state.current.target]
    page = soup(client.get(url))
    disabled = [b.has_attr("disabled") for b in page.select("form#hand-over button")]
    most = min(size, state.unseen(state.current.rank))
    assert disabled == [n > most for n in range(6)]
    refused = post(client, url, "hand_over", {"count": str(size + 1)})
    assert refusal(refused)[1] == (f"§Choosing another player {NAMES3[state.current.target]} holds {size} card{'' if size == 1 else 's'}: "
                                   f"they cannot hand over {size + 1}.")


def test_players_without_cards_are_skipped_and_may_be_chosen(client: FlaskClient) -> None:
    setup = setup_of(NAMES4)
    p = plan(setup, 3, whole=False)
    states = [p.state(i) for i in range(len(p.log) + 1)]
    at = next(i for i, e in enumerate(p.log) if e.kind == "choose" and not states[i].sizes[e.payload["seat"]])
    url = seat_table(client, NAMES4)
    enter_all(client, url, p.log[:at])
    state, empty = states[at], int(p.log[at].payload["seat"])
    player = NAMES4[state.current.seat]
    page = soup(client.get(url))
    assert words(page.select_one(f"form#choose button[value='{empty}']")) == f"{NAMES4[empty]} no cards"
    ok(enter(client, url, p.log[at]))
    page = soup(client.get(url))
    said = rulings(page)
    assert f"our ruling {NAMES4[empty]} has no cards: nothing is handed over." in said
    after = states[at + 1]
    assert page.select_one("#prompt").get_text(strip=True) == f"{NAMES4[after.turn_seat]}'s card"
    assert words(page.select_one("#latest")) == (
        f"Turn {after.last_turn.number}: {player} chose {NAMES4[empty]}, who has no cards: nothing handed over. Why")
    skipped = [NAMES4[x] for x in range(4) if not after.sizes[x]]
    verb = "has no cards and is" if len(skipped) == 1 else "have no cards and are"
    assert f"our ruling {', '.join(skipped)} {verb} skipped." in said
    assert [r[1] for r in players_rows(page)] == [str(n) for n in after.sizes]


# --------------------------------------------------------------------------- the end


def test_a_whole_round_scores_numbers_majorities_tied_and_the_winner(client: FlaskClient) -> None:
    setup = setup_of(NAMES3)
    p = plan(setup, 2, aim=0.8)
    state = p.state()
    assert state.points == (20, 25, 30) and state.score.majority["K"] == (0, 1)
    url = seat_table(client, NAMES3)
    enter_all(client, url, p.log)
    page = soup(client.get(url))
    assert page.select_one("#prompt") is None and page.select_one("#panel form.picker:not(#show)") is None
    assert words(page.select_one("#latest")) == "Cho wins the round with 30 points. Why"
    assert page.select_one("#latest a")["href"] == "#final"
    over = page.select_one("#final")
    assert words(over.select_one(".verdict")) == "Cho wins the round with 30 points."
    said = [words(li) for li in over.select(".rulings li")]
    assert said[-1] == "§The winner Cho wins with 30 points."
    assert "§Points Aki, Ben tie for the most K (1 each): 13 points each." in said
    assert any(s.startswith("§Points Cho scores 30 for ") for s in said)
    rows = players_rows(page)
    assert [r[3] for r in rows] == ["20", "25", "30"] and [r[1] for r in rows].count("0") == 2
    assert words(page.select_one("#players h2")) == "Score cards: final §Points"
    assert "♛ K" in rows[0][2] and "♛ K" in rows[1][2]
    majorities = [words(li) for li in page.select("#majorities li")]
    assert majorities[2] == "K most, tied: Aki, Ben (1 each) · 13 points each"
    assert scoreboard_totals(page) == [20, 25, 30]
    # The score rulings are read once, in the game-over section; the result keeps the last turn's.
    assert not set(said) & set(rulings(page))
    assert rulings(page)[-1] == f"our ruling The cards left in {NAMES3[state.last_hand]}'s hand score nothing."
    assert page.select_one("#final a.primary").get_text(strip=True) == "Next game"


def test_the_last_hand_shown_completes_the_audit_and_a_finding_may_stand(client: FlaskClient) -> None:
    setup = setup_of(NAMES3)
    p = plan(setup, 2, withhold=3, aim=0.8)
    state = p.state()
    assert p.withheld is not None
    wrong = f"Turn {p.withheld}: "
    url = seat_table(client, NAMES3)
    enter_all(client, url, p.log)
    page = soup(client.get(url))
    # Before the last hand is shown, what left the hands already proves the withheld hand-over.
    found = [words(li) for li in page.select("#revokes li")]
    assert len(found) == 1 and found[0].startswith("§Choosing another player " + wrong)
    assert " nothing, yet " in found[0] and "was due" in found[0]
    assert words(page.select_one("#latest-finding")) == "Turns that cannot have been right: 1 Why"
    holder = NAMES3[state.last_hand]
    last = page.select_one("#last-hand")
    assert words(last.select_one("h2")) == f"Show {holder}'s last hand (optional)"
    assert f"our ruling {holder} still holds {state.sizes[state.last_hand]} cards, which score nothing." in words(last)
    wrong = post(client, url, "show", {"cards": p.last_hand[:-1]})
    assert refusal(wrong) == ("", f"{holder} holds {len(p.last_hand)} cards, not {len(p.last_hand) - 1}.")
    ok(post(client, url, "show", {"cards": p.last_hand}))
    page = soup(client.get(url))
    assert words(page.select_one("#result h2")) == "The last hand"
    assert rulings(page)[-1] == "our ruling 1 record cannot have been right: see the finding."
    assert words(page.select_one("#last-hand h2")) == "The last hand"
    assert page.select_one("form#show") is None
    found = page.select("#revokes li")
    assert "every" in words(found[0]) and "was due" in words(found[0])
    fields = {i["name"]: i["value"] for i in found[0].select("input[type=hidden]")}
    assert fields["kind"] == "accept" and fields["turn"] == str(p.withheld)
    ok(client.post(f"{url}/entries", data=fields))
    page = soup(client.get(url))
    assert "accepted by the table" in words(page.select_one("#revokes"))
    assert words(page.select_one("#result h2")) == "The table's decision"
    assert page.select_one("#latest-finding") is None
    assert scoreboard_totals(page) == list(state.points)


def test_a_clean_round_shown_fits_every_hand(client: FlaskClient) -> None:
    setup = setup_of(NAMES3)
    p = plan(setup, 15, aim=0.8)
    url = seat_table(client, NAMES3)
    enter_all(client, url, p.log)
    ok(post(client, url, "show", {"cards": p.last_hand}))
    page = soup(client.get(url))
    assert rulings(page)[-1] == "our ruling Every discard and every hand-over fits the hands rebuilt."
    assert page.select_one("#revokes") is None
    shown = words(page.select_one("#last-hand p"))
    assert shown.startswith(f"our ruling {NAMES3[p.state().last_hand]}'s last hand, shown:")


def test_a_match_of_three_rounds_adds_up_and_the_start_moves_left(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3, first=0, options={"rounds": "3"})
    totals = [0, 0, 0]
    first = 0
    for number, seed in enumerate((15, 28, 4), start=1):
        setup = setup_of(NAMES3, first, "3")
        p = plan(setup, seed, aim=0.8)
        state = p.state()
        assert prompt(client, url) == f"{NAMES3[first]}'s card"
        enter_all(client, url, p.log)
        totals = [t + q for t, q in zip(totals, state.points)]
        page = soup(client.get(url))
        assert scoreboard_totals(page) == totals
        note = words(page.select_one("#scoreboard .evening"))
        if number < 3:
            assert note.startswith(f"Round {number} of 3 played; the totals add up.")
            link = page.select_one("#final a.primary")["href"]
            form = soup(client.get(link))
            first = (first + 1) % 3
            assert form.select_one("input[name=first_leader][checked]")["value"] == str(first)
            assert form.select_one("input[name=rounds][checked]")["value"] == "3"
            started = client.post(link.replace("/new", "/games"), data={"game": ko.SLUG, "first_leader": str(first),
                                                                        "rounds": "3"})
            assert started.status_code == 303
            url = started.location
    best = max(totals)
    leaders = ", ".join(n for n, t in zip(NAMES3, totals) if t == best)
    assert note.startswith(f"All 3 rounds played. Highest total: {leaders}.")


# --------------------------------------------------------------------------- undo, correction, history


def test_undo_takes_back_one_step_at_a_time(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3)
    turn(client, url, "9", "left", ["10", "J"], 1, None)
    assert prompt(client, url) == "How many 9 cards did Ben hand over?"
    ok(client.post(f"{url}/undo", data={"seq": "4"}))
    assert prompt(client, url) == "Whom did Aki choose?"
    ok(client.post(f"{url}/undo", data={"seq": "5"}))
    assert prompt(client, url) == "The cards Aki discarded"
    history = soup(client.get(f"{url}/history"))
    assert len(history.select("ol.history li")) == 6 and len(history.select("li.undone")) == 2


def test_the_history_describes_every_kind_and_corrections_offer_the_right_keys(client: FlaskClient) -> None:
    setup = setup_of(NAMES3)
    p = plan(setup, 2, withhold=3, aim=0.8, whole=False)
    url = seat_table(client, NAMES3)
    enter_all(client, url, p.log)
    ok(post(client, url, "show", {"cards": p.last_hand}))
    page = soup(client.get(url))
    ok(client.post(f"{url}/entries", data={i["name"]: i["value"] for i in page.select("#revokes li input")}))
    history = soup(client.get(f"{url}/history"))
    items = [words(li) for li in history.select("ol.history li")][::-1]  # newest first
    log = p.log
    first = log[0].payload
    assert items[0].startswith(f"Aki plays {first['card']}")
    kinds = [e.kind for e in log]
    keep = kinds.index("keep")
    side = {"end": "an end card: nothing discarded", "left": "the left half kept", "right": "the right half kept"}
    assert items[keep].startswith(f"Played card: {side[log[keep].payload['side']]}")
    discard = kinds.index("discard")
    assert items[discard].startswith("Discarded: " + ", ".join(log[discard].payload["cards"]))
    choose = kinds.index("choose")
    assert items[choose].startswith(f"Chose {NAMES3[log[choose].payload['seat']]}")
    hand_over = kinds.index("hand_over")
    assert items[hand_over].startswith(f"Handed over: {log[hand_over].payload['count']}")
    assert items[len(log)].startswith("Last hand shown: " + ", ".join(p.last_hand))
    assert items[len(log) + 1].startswith(f"Turn {p.withheld}: ")
    assert "record let stand" in items[len(log) + 1]
    links = sorted((a["href"] for a in history.select("a.correct")), key=lambda h: int(h.rsplit("/", 1)[1]))
    # The card played: the rank pad, the seat carried.
    page = soup(client.get(links[0]))
    assert page.select_one("#correct input[name=seat]")["value"] == "0"
    assert len(page.select("#correct .pad button[name=card]")) == 13
    assert [b["value"] for b in soup(client.get(links[keep])).select("#correct button[name=side]")] == [
        "end", "left", "right"]
    # The discards: the copies keys, the cards as entered ticked.
    page = soup(client.get(links[discard]))
    ticked = [i["value"] for i in page.select("#correct .copies input[checked]")]
    assert sorted(ticked) == sorted(log[discard].payload["cards"])
    assert [b["value"] for b in soup(client.get(links[choose])).select("#correct button[name=seat]")] == ["0", "1", "2"]
    assert len(soup(client.get(links[hand_over])).select("#correct button[name=count]")) == 6
    page = soup(client.get(links[len(log)]))
    assert sorted(i["value"] for i in page.select("#correct .copies input[checked]")) == sorted(p.last_hand)
    page = soup(client.get(links[len(log) + 1]))
    assert "This entry has nothing to choose" in words(page.select_one("#correct"))


def test_the_cards_of_the_turn_so_far_are_tapped_to_correct_them(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3)
    ok(post(client, url, "play", {"card": "9"}))
    ok(post(client, url, "keep", {"side": "left"}))
    ok(post(client, url, "discard", {"cards": ["10", "J"]}))
    page = soup(client.get(url))
    links = [a["href"] for a in page.select("#turn a.correct-card")]
    assert [link.rsplit("/", 1)[1] for link in links] == ["0", "2"]
    correct = soup(client.get(links[1]))
    assert sorted(i["value"] for i in correct.select("#correct .copies input[checked]")) == ["10", "J"]
    hidden = {i["name"]: i["value"] for i in correct.select("#correct form input[type=hidden]")}
    response = client.post(links[1], data={**hidden, "cards": ["10", "Q"]})
    assert response.status_code == 303
    assert words(soup(client.get(url)).select_one("#turn")) == (
        "Played: 9 Correct (13 in hand before) · the left half kept · discarded: 10 Q Correct")


def test_correcting_a_hand_over_replays_the_round(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3)
    turn(client, url, "9", "left", ["10", "J"], 1, 1)
    turn(client, url, "5", "left", ["9", "9", "9"], 2, 0)
    links = sorted((a["href"] for a in soup(client.get(f"{url}/history")).select("a.correct")),
                   key=lambda h: int(h.rsplit("/", 1)[1]))
    page = soup(client.get(links[4]))
    fields = {i["name"]: i["value"] for i in page.select("#correct form input[type=hidden]")}
    response = client.post(links[4], data={**fields, "count": "2"})
    assert response.status_code == 303
    page = soup(client.get(response.location))
    assert words(page.select_one("#latest-correction")).startswith("Turn 1, the cards Ben handed over corrected.")
    assert words(page.select_one("#latest-correction")).endswith("Points: Aki +9. Why")
    assert players_rows(page)[0] == ["Aki", "10", "9 ×2", "18"]
    # Three 9s handed over would make a seventh 9 of Ben's discards.
    too_many = client.post(links[4], data={**fields, "seq": form_fields(page, "form#whole-turn")["seq"], "count": "3"})
    assert too_many.status_code == 422
    assert words(soup(too_many).select_one(".error")).endswith(
        " impossible: All 6 cards of rank 9 have already been seen in this round. Nothing was changed.")


# --------------------------------------------------------------------------- reload, viewer, languages


def test_a_viewer_is_told_what_is_awaited_and_gets_no_form(client: FlaskClient) -> None:
    url = seat_table(client, NAMES3)
    share = soup(client.get(url.split("/g/")[0] + "/share", base_url="http://192.168.7.21:5000"))
    viewer = re.sub(r"^https?://[^/]+", "", viewer_link(share)).rstrip("/") + "/g/1"
    seen = [prompt(client, viewer)]
    for kind, data in (("play", {"card": "9"}), ("keep", {"side": "left"}), ("discard", {"cards": ["10"]}),
                       ("choose", {"seat": "2"})):
        ok(post(client, url, kind, data))
        seen.append(prompt(client, viewer))
    assert seen == ["Waiting for Aki's card", "Waiting for Aki's half kept", "Waiting for the cards Aki discarded",
                    "Waiting for Aki's choice", "Waiting for Cho's hand-over"]
    page = soup(client.get(viewer))
    assert page.select_one("#panel form") is None and "You are watching" in words(page)
    assert page.select_one("#players") is not None and page.select_one("#result") is not None
    refused = client.post(f"{viewer}/entries", data={"seq": "4", "kind": "hand_over", "count": "0"})
    assert refused.status_code == 403


def test_japanese_pages_say_everything_in_japanese(app: Flask) -> None:
    client = app.test_client()
    client.set_cookie("lang", "ja")
    url = seat_table(client, NAMES3)
    page = soup(client.get(url))
    assert page.html["lang"] == "ja"
    assert page.select_one("#prompt").get_text(strip=True) == "Akiのカード"
    assert "13枚ずつ配ります" in words(page.select_one("#setup"))
    ok(post(client, url, "play", {"card": "3"}))
    assert prompt(client, url) == "Akiの3：端のカードか、どちらの半分を残したか？"
    ok(post(client, url, "keep", {"side": "left"}))
    assert prompt(client, url) == "Akiが捨てたカード"
    ok(post(client, url, "discard", {"cards": ["4", "4", "J"]}))
    assert prompt(client, url) == "Akiが選んだのは誰？"
    ok(post(client, url, "choose", {"seat": "1"}))
    assert prompt(client, url) == "Benが渡した3は何枚？"
    ok(post(client, url, "hand_over", {"count": "1"}))
    page = soup(client.get(url))
    assert words(page.select_one("#latest")) == "第1手番：BenがAkiに3を1枚渡しました。 理由"
    said = rulings(page)
    assert "§ゲームのルール 1 Akiは3の左半分を残し、4、4、Jを捨てます。" in said
    assert words(page.select_one("#players h2")).startswith("手札と得点カード")
    judge = soup(client.get("/judge/kings-order", query_string={"hand": "A.2.3.4.4.4.6.7.9.J.J.K", "played": "3",
                                                               "keep": "left", "to": "target", "target": "3.5.9"}))
    assert words(judge.select_one("h1")) == "この手番はどうなる？"
    assert words(judge.select_one("#result .verdict")) == "3を1枚渡します。"
    assert [words(d) for d in judge.select("#after dt")] == ["捨てたカード", "手番プレイヤーの残りの手札", "渡したカード",
                                                           "選ばれたプレイヤーの残りの手札"]


# --------------------------------------------------------------------------- the quick judge


def test_the_quick_judge_takes_the_rulebook_example_in_taps(client: FlaskClient) -> None:
    page = soup(client.get("/judge/kings-order"))
    assert page.select_one("#prompt").get_text(strip=True) == "The player's hand: tap each card"
    assert [b["value"] for b in page.select("form.picker button[name=card]")][:3] == ["A", "2", "3"]
    hand = "A.2.3.4.4.4.6.7.9.J.J"
    page = soup(client.get("/judge/kings-order", query_string={"hand": hand, "card": "K"}))
    assert page.select_one("#prompt").get_text(strip=True) == "More of the hand, or tap the card played"
    tiles = page.select("#judge-cards li:first-child .cards .tile")
    assert [t.get_text(strip=True) for t in tiles] == "A 2 3 4 4 4 6 7 9 J J K".split()
    three = page.select_one("#judge-cards a.tile[aria-label='Played: 3']")["href"]
    assert "at=2" in three and "to=target" not in three
    page = soup(client.get(three))
    assert page.select_one("#prompt").get_text(strip=True) == "Which half did the player keep?"
    left = page.select_one("#judge-keep a")["href"]
    page = soup(client.get(left))
    assert page.select_one("#prompt").get_text(strip=True) == "The chosen player's hand: tap each card (it may be empty)"
    result = page.select_one("#result")
    assert words(result.select_one(".verdict")) == "Nothing is handed over."
    after = [words(d) for d in result.select("#after dd")]
    assert after == ["4 4 4 6 7 9 J J K", "A 2", "none", "none"]
    said = [words(li) for li in result.select(".rulings li")]
    assert "our ruling The chosen player has no cards: no 3 is handed over." in said
    fields = {i["name"]: i["value"] for i in page.select("form.picker input[type=hidden]")}
    assert fields == {"hand": "A.2.3.4.4.4.6.7.9.J.J.K", "at": "2", "keep": "left", "to": "target"}
    page = soup(client.get("/judge/kings-order", query_string={**fields, "target": "3.5", "card": "9"}))
    result = page.select_one("#result")
    assert words(result.select_one(".verdict")) == "1 × 3 handed over."
    assert [words(d) for d in result.select("#after dd")] == ["4 4 4 6 7 9 J J K", "A 2", "3", "5 9"]
    said = [words(li) for li in result.select(".rulings li")]
    assert said == [
        "§Playing a card 3 is not at an end: the left half stays and 4, 4, 4, 6, 7, 9, J, J, K, right of it, are discarded.",
        "§Choosing another player The chosen player has 3 at an end: all 1 of them are handed over.",
    ]
    # Seven 4s cannot be tapped: the hand holds three, and the chosen hand three more.
    page = soup(client.get("/judge/kings-order", query_string={**fields, "target": "4.4", "card": "4"}))
    assert page.select_one("form.picker button[value='4']").has_attr("disabled")
    back = soup(client.get("/judge/kings-order", query_string={**fields, "target": "3.5.9", "back": "1"}))
    assert [t.get_text(strip=True) for t in back.select("#judge-cards li:nth-child(2) .tile")] == ["3", "5"]


def test_the_quick_judge_sends_an_end_card_straight_to_the_chosen_hand(client: FlaskClient) -> None:
    page = soup(client.get("/judge/kings-order", query_string={"hand": "2.5.9.9", "card": "K"}))
    king = page.select_one("#judge-cards a.tile[aria-label='Played: K']")["href"]
    assert "to=target" in king
    page = soup(client.get("/judge/kings-order", query_string={"hand": "2.5.9.9.K", "at": "4", "to": "target",
                                                               "target": "K.K", "card": "K"}))
    result = page.select_one("#result")
    assert words(result.select_one(".verdict")) == "3 × K handed over."
    assert [words(li) for li in result.select(".rulings li")] == [
        "§Playing a card K is at an end of the hand: it is played alone and nothing is discarded.",
        "§Choosing another player Both ends of the chosen player's hand are K: the whole hand, 3 cards, is handed over.",
    ]


def test_the_quick_judge_asks_for_the_half_when_a_card_inside_is_tapped(client: FlaskClient) -> None:
    """Issue 28: only the card at an end is an end card; a 7 inside 2 7 7 7 keeps a half."""
    page = soup(client.get("/judge/kings-order", query_string={"hand": "2.7.7", "card": "7"}))
    sevens = [a["href"] for a in page.select("#judge-cards a.tile[aria-label='Played: 7']")]
    assert len(sevens) == 3
    assert ["to=target" in href for href in sevens] == [False, False, True]
    page = soup(client.get(sevens[0]))
    assert page.select_one("#prompt").get_text(strip=True) == "Which half did the player keep?"
    assert [t.get_text(strip=True) for t in page.select("#judge-cards .tile.played")] == ["7"]
    right = page.select("#judge-keep a")[1]["href"]
    result = soup(client.get(right)).select_one("#result")
    assert [words(d) for d in result.select("#after dd")] == ["2", "7 7", "none", "none"]



def test_the_step_by_step_discard_keys_offer_only_the_ranks_the_kept_half_can_throw_away(
        client: FlaskClient) -> None:
    """ゲームのルール 1: a turn entered step by step (an older page, the API) asks for the
    discards on their own form; its copies keys offer the ranks on the thrown side only, each
    as many times as copies are unseen, read from the engine's own rule (Turn.throws)."""
    url = seat_table(client, NAMES3, options={"discards": "named"})
    ok(post(client, url, "play", {"card": "9"}))
    ok(post(client, url, "keep", {"side": "left"}))
    form = soup(client.get(url)).select_one("form#discard")
    offered = {r: len(form.select(f".copies.r-{r} input[name=cards]")) for r in ko.PAD}
    # The left half kept: the cards right of the 9 are thrown away, none lower; five 9s unseen.
    assert offered == {r: (5 if r == "9" else 6) if r in ("9", "10", "J", "Q", "K") else 0 for r in ko.PAD}
    assert [d.get("class") for d in form.select(".copies.off")] == [
        ["copies", f"r-{r}", "off"] for r in ("A", "2", "3", "4", "5", "6", "7", "8")]
