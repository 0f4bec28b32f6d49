"""The Twin Shoot table through Flask's test client, reading the HTML a person would see.

Seats are clockwise: Aki 0, Ben 1, Cho 2, Dan 3 (teams Aki & Ben, Cho & Dan); Aki and
Cho are the right-side players.
"""

from __future__ import annotations

import io
import json
import re

import pytest
from flask.testing import FlaskClient

from companion import cli, rulebooks
from companion.rules import twin_shoot as ts
from tests.conftest import soup
from tests.games.twin_shoot.table import (
    NAMES4,
    NAMES6,
    apply_hand,
    engine_points,
    enter_hand,
    form_fields,
    new_state,
    open_bid,
    plan_hand,
    play,
    points_table,
    reveal,
    scoreboard_totals,
    seat_table,
    set_leader,
)

STEP = {1: "§The lead", 2: "§Duty to follow; order of play", 3: "§Suit follow and rank follow",
        4: "§Winner of the trick", 5: "§The next leader"}
"""トリックテイキングフェーズ 1-5 as an English page's clause badges name them."""


def words(node) -> str:  # type: ignore[no-untyped-def]
    return " ".join(node.get_text(" ").split())


def prompt(client: FlaskClient, url: str) -> str:
    return soup(client.get(url)).select_one("#prompt").get_text(strip=True)


def lay(client: FlaskClient, url: str, *codes: str) -> None:
    for code in codes:
        response = play(client, url, code)
        assert response.status_code == 303, (code, words(soup(response).select_one(".error")))


def play_hand(client: FlaskClient, url: str, state: ts.State, seed: int, **plan) -> ts.State:  # type: ignore[no-untyped-def]
    """Enter a whole made-up hand through the page; returns the engine's state after it."""
    hand = plan_hand(state, seed, **plan)
    enter_hand(client, url, hand)
    return apply_hand(state, hand)


# --------------------------------------------------------------------------- set-up


def test_home_offers_twin_shoot_for_four_or_six(client: FlaskClient) -> None:
    tile = soup(client.get("/")).select_one(f"a.game-tile[href='/seat/{ts.SLUG}']")
    assert tile is not None and "4 or 6 players" in words(tile)
    seating = soup(client.get(tile["href"], query_string={"seats": "6"}))
    assert len(seating.select("input[name=player]")) == 6


def test_five_players_are_refused_with_the_rule(client: FlaskClient) -> None:
    response = client.post("/tables", data={"player": ["A", "B", "C", "D", "E"], "game": ts.SLUG})
    assert response.status_code == 422
    assert "Twin Shoot is for 4 or 6 players; got 5." in words(soup(response).select_one(".error"))


def test_set_up_shows_teams_cards_to_remove_and_only_right_side_first_leaders(client: FlaskClient) -> None:
    response = client.post("/tables", data={"player": list(NAMES4), "game": ts.SLUG})
    page = soup(client.get(response.location))
    assert [i["value"] for i in page.select("input[name=first_leader]")] == ["0", "2"]
    assert page.select_one("input[name=first_leader][checked]")["value"] == "0"
    setup = words(page.select_one("#ts-setup"))
    assert [words(li) for li in page.select("#ts-setup .teams-list li")] == ["Aki right & Ben left", "Cho right & Dan left"]
    assert "Take out the 2 to 6 of every suit: 48 cards remain, 7 to A." in setup
    assert "12 to each player; everyone lays 2 bid cards face down" in setup


def test_six_players_remove_the_twos_and_may_start_with_any_right_side_player(client: FlaskClient) -> None:
    response = client.post("/tables", data={"player": list(NAMES6), "game": ts.SLUG})
    page = soup(client.get(response.location))
    assert [i["value"] for i in page.select("input[name=first_leader]")] == ["0", "2", "4"]
    assert "Take out the 2s: 72 cards remain, 3 to A." in words(page.select_one("#ts-setup"))
    assert words(page.select("#ts-setup .teams-list li")[2]) == "Eve right & Fay left"


def test_a_left_side_first_leader_is_refused_with_the_clause(client: FlaskClient) -> None:
    response = client.post("/tables", data={"player": list(NAMES4), "game": ts.SLUG})
    table_url = response.location.split("/new")[0]
    refused = client.post(f"{table_url}/games", data={"game": ts.SLUG, "first_leader": "1"})
    assert refused.status_code == 422
    assert "must be the right-side player of a team; Ben is the left-side partner of Aki" in words(
        soup(refused).select_one(".error"))
    assert [i["value"] for i in soup(refused).select("input[name=first_leader]")] == ["0", "2"]


def test_the_game_page_repeats_the_set_up_and_asks_the_opening_leader(client: FlaskClient) -> None:
    url = seat_table(client, first=2)
    page = soup(client.get(url))
    assert "Hand 1 · Trick 1 of 10" in words(page.select_one("h1.status"))
    setup = words(page.select_one("#hand-setup"))
    assert "48 cards remain" in setup and "Cho right & Dan left" in setup
    assert "Opening leader: Cho" in setup
    assert page.select_one("#prompt").get_text(strip=True) == "Cho's card"
    # Hand 1: no open bid, said with its clause.
    note = page.select_one("#open-bid-note")
    assert "No open bid in the first hand" in words(note) and "§Bid phase" in words(note)
    assert page.select_one("#open-bid") is None
    fields = form_fields(page)
    assert fields.pop("csrf_token") is not None
    assert fields == {"seq": "0", "kind": "play", "seat": "2"}


# --------------------------------------------------------------------------- the picker


def test_a_card_takes_two_taps_suit_then_rank_from_this_deck_only(client: FlaskClient) -> None:
    page = soup(client.get(seat_table(client)))
    assert len(page.select("form.picker label.suit-btn")) == 6
    assert len(page.select("form.picker input.suit-radio")) == 6
    hearts = page.select(".ranks-H button[name=card]")
    assert [b["value"] for b in hearts] == ["HA", "HK", "HQ", "HJ", "H10", "H9", "H8", "H7"]
    assert hearts[4].get_text(strip=True) == "♥10"
    assert hearts[4]["aria-label"] == "♥ heart 10"
    assert len(page.select("form.picker button[name=card]")) == 48
    assert page.select_one("button[value=H6]") is None


def test_while_offline_the_phone_takes_the_rest_of_the_trick_in_its_order(client: FlaskClient) -> None:
    url = seat_table(client)

    def ahead() -> list[tuple[int, str]]:
        form = soup(client.get(url)).select_one("form.picker")
        assert form["data-outbox-once"] == "card"
        return [(e["fields"]["seat"], e["prompt"]) for e in json.loads(form.get("data-outbox-ahead", "[]"))]

    # Aki leads: the partner Ben plays second, then the other team in play_order's direction
    order = ts.play_order(0, 4)
    assert ahead() == [(s, f"{NAMES4[s]}'s card") for s in order[1:]]
    lay(client, url, "HA")
    assert ahead() == [(s, f"{NAMES4[s]}'s card") for s in order[2:]]
    lay(client, url, "H9", "H8")
    assert ahead() == []  # the last card of the trick: the next leader is the winner, the table's answer


def test_six_players_get_twelve_ranks(client: FlaskClient) -> None:
    page = soup(client.get(seat_table(client, NAMES6)))
    assert [b["value"] for b in page.select(".ranks-D button")][-3:] == ["D5", "D4", "D3"]
    assert len(page.select("form.picker button[name=card]")) == 72


def test_used_and_out_of_deck_cards_are_refused_with_the_reason_and_not_offered(client: FlaskClient) -> None:
    url = seat_table(client)
    lay(client, url, "H9")
    page = soup(client.get(url))
    assert page.select_one("button[value=H9]").has_attr("disabled")
    again = play(client, url, "H9", htmx=True)
    assert again.status_code == 422
    assert words(soup(again).select_one(".error")) == "♥ heart 9 has already been played this hand, in trick 1."
    assert soup(again).select_one("form.picker") is not None
    outside = play(client, url, "H5")
    assert outside.status_code == 422
    assert "♥ heart 5 is not in the deck for 4 players: it holds 7 to A of each suit." in words(
        soup(outside).select_one(".error"))
    nonsense = play(client, url, "Z9")
    assert nonsense.status_code == 422
    assert "there is no suit “Z”" in words(soup(nonsense).select_one(".error"))
    assert form_fields(soup(client.get(url)))["seq"] == "1"


# --------------------------------------------------------------------------- tricks


def test_a_trick_becomes_rank_follow_live_and_the_winner_is_explained(client: FlaskClient) -> None:
    url = seat_table(client)
    page = soup(client.get(url))
    assert "Clockwise" in words(page.select_one("#order"))
    assert [words(r.select_one(".who")) for r in page.select(".trick .row")] == ["Aki leads", "Ben partner", "Cho", "Dan"]
    lay(client, url, "H9")
    page = soup(client.get(url))
    assert "No follow yet" in words(page.select_one("#follow"))
    lay(client, url, "C9")
    page = soup(client.get(url))
    follow = words(page.select_one("#follow"))
    assert "Rank follow 9 · set by Ben" in follow and STEP[3] in follow
    assert "rank follow. Everyone after must play a 9 if they can." in words(page.select_one("#live"))
    lay(client, url, "HA")  # a heart does not switch a rank follow: Cho is shown without 9s
    page = soup(client.get(url))
    assert "Rank follow" in words(page.select_one("#follow"))
    assert "void 9" in words(page.select(".trick .row")[2])
    response = play(client, url, "S9", htmx=True)
    fragment = soup(response)
    assert fragment.select_one("#panel") is not None and fragment.select_one("html") is None
    result = fragment.select_one("#result")
    assert "Trick 1 · rank follow" in words(result.select_one("h2"))
    assert words(result.select_one(".verdict")) == "Ben wins the trick · Ben leads next"
    assert "won" in result.select_one(".play.won").get("class") and "Ben" in words(result.select_one(".play.won"))
    rulings = result.select(".rulings li")
    assert [r.select_one(".clause").get_text(strip=True) for r in rulings] == [STEP[3], STEP[3], STEP[4]]
    assert ("Rank follow: Ben wins with ♣ club 9, the strongest suit among the 9 cards."
            in words(rulings[-1]))
    # Ben, a left-side player, leads: his partner Aki is on his right, so play runs counter-clockwise.
    assert "Counter-clockwise" in words(fragment.select_one("#order"))
    assert [words(r.select_one(".who")).split()[0] for r in fragment.select(".trick .row")] == ["Ben", "Aki", "Dan", "Cho"]
    assert fragment.select_one("#prompt").get_text(strip=True) == "Ben's card"
    assert [words(c) for c in fragment.select("#teams td.num:not(.total)")] == ["0", "1", "0", "0"]


def test_a_trick_becomes_suit_follow_live_does_not_switch_and_a_revoke_is_proven(client: FlaskClient) -> None:
    url = seat_table(client)
    lay(client, url, "H9", "C9", "HA", "S9")  # Ben wins and leads: Ben, Aki, Dan, Cho
    lay(client, url, "LK", "L7")
    follow = words(soup(client.get(url)).select_one("#follow"))
    assert "Suit follow ❦ leaf · set by Aki" in follow
    lay(client, url, "XK")  # a king does not switch the suit follow: Dan has no leaf
    page = soup(client.get(url))
    assert "Suit follow" in words(page.select_one("#follow"))
    assert "does not switch" in words(page.select_one("#live"))
    lay(client, url, "L8")
    result = soup(client.get(url)).select_one("#result")
    assert "Trick 2 · suit follow" in words(result)
    assert "Suit follow: Ben wins with ❦ leaf K, the highest ❦ leaf." in words(result)
    assert [c.get_text(strip=True) for c in result.select(".clause")] == [STEP[3], STEP[3], STEP[4]]
    # Trick 3: Ben leads, and Dan now plays a leaf: the show-out of trick 2 was a revoke.
    lay(client, url, "CA", "C7", "L9")
    page = soup(client.get(url))
    assert "void ❦" in words(page.select(".trick .row")[2])
    flags = page.select("#revokes li")
    assert len(flags) == 1
    assert ("Proven revoke: in trick 2 Dan played ✚ cross K on the lead ❦ leaf K, as if holding no ❦ leaf; "
            "in trick 3 they played ❦ leaf 9.") in words(flags[0])
    assert flags[0].select_one(".clause").get_text(strip=True) == STEP[3]
    assert "No result was changed" in words(page.select_one("#revokes"))


def test_with_no_follow_the_leader_wins(client: FlaskClient) -> None:
    url = seat_table(client)
    lay(client, url, "D7", "LA", "XA", "CA")
    result = soup(client.get(url)).select_one("#result")
    assert "Trick 1 · no follow" in words(result)
    assert "Aki wins the trick" in words(result.select_one(".verdict"))
    assert "Nobody followed the suit or rank of ♦ diamond 7: the leader, Aki, wins." in words(result)


# --------------------------------------------------------------------------- bids and the score


def test_bids_stay_hidden_until_turned_up_then_the_hand_is_scored_as_the_engine_does(client: FlaskClient) -> None:
    url = seat_table(client)
    state = new_state()
    hand = plan_hand(state, seed=5, exact={0: True, 1: True, 2: False})
    for code in hand.plays:
        assert play(client, url, code).status_code == 303
    page = soup(client.get(url))
    html = str(page.select_one("#panel"))
    assert page.select_one("#prompt").get_text(strip=True) == "Aki's bid cards"
    assert [words(page.select_one(f"#bid-{s}")) for s in range(4)] == ["hidden"] * 4
    # The only keys are the eight cards not played, the bid cards, one tap each: the first
    # picks (a radio), the second sends both (a submit); none is shown as anyone's bid.
    offered = [i["value"] for i in page.select("form#reveal .reveal-keys input[type=radio][name=cards]")]
    assert sorted(offered) == sorted(c for pair in hand.bids for c in pair)
    assert [b["value"] for b in page.select("form#reveal .reveal-keys button[type=submit][name=cards]")] == offered
    assert page.select_one("#teams .tile") is None and page.select_one("#hand-score") is None
    assert "All 10 tricks are played" in html
    # No card can be played now; a reveal needs two unused cards.
    assert page.select_one("form.picker button[name=card]") is None
    late = client.post(f"{url}/entries", data={"seq": form_fields(page, "form#reveal")["seq"], "kind": "play",
                                                "seat": "0", "card": offered[0]})
    assert late.status_code == 422
    assert "turn up the hidden bid cards before anything else" in words(soup(late).select_one(".error"))
    assert reveal(client, url, [hand.bids[0][0]]).status_code == 422
    wrong = reveal(client, url, [hand.plays[0], hand.bids[0][0]])
    assert wrong.status_code == 422 and "already been played" in words(soup(wrong).select_one(".error"))
    assert reveal(client, url, hand.bids[0]).status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Ben's bid cards"
    value = ts.bid_value([ts.parse_card(c) for c in hand.bids[0]])
    assert words(page.select_one("#bid-0")).endswith(f"= {value}")
    assert [words(page.select_one(f"#bid-{s}")) for s in (1, 2, 3)] == ["hidden"] * 3
    assert page.select_one("#bid-1 .tile") is None
    assert reveal(client, url, hand.bids[1]).status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Cho's bid cards"
    # Cho's reveal leaves one bid hidden, Dan's: the two cards left, turned up by the engine
    # without an entry (遊び方: the whole deck is dealt), and the hand is scored.
    assert reveal(client, url, hand.bids[2]).status_code == 303
    state = apply_hand(state, hand)
    page = soup(client.get(url))
    assert page.select_one("form#reveal") is None
    laid = "Dan's bid cards are the two cards not yet seen, " + ", ".join(
        ts.card_text(c, lambda t: t) for c in sorted(hand.bids[3], key=lambda c: [x.code for x in ts.deck(4)].index(c)))
    assert f"§How to play {laid}" in words(page.select_one("#hand-score .why"))
    assert points_table(page) == engine_points(state)
    assert points_table(page)["twin"] == [10, 0]
    rows = page.select("#bids tbody tr")
    assert [r["class"][0] for r in rows] == ["made" if m else "missed" for m in state.last_hand.made]
    assert [int(r.select("td.num")[0].get_text(strip=True)) for r in rows] == list(state.last_hand.bid_values)
    assert "Aki & Ben" in words(page.select_one("#points thead"))
    assert scoreboard_totals(page) == list(ts.scores(state))
    why = words(page.select_one("#hand-score .why"))
    assert "§Twin shoot bonus" in why and "Twin shoot: both Aki and Ben made their bids, 10 more points." in why
    # The next hand: the rotation hands the lead to the next team's right-side player.
    assert "Hand 2 · Trick 1 of 10" in words(page.select_one("h1.status"))
    assert page.select_one("#prompt").get_text(strip=True) == "Cho's card"
    assert "Opening leader: Cho (the rotation)" in words(page.select_one("#leader"))
    assert [words(page.select_one(f"#bid-{s}")) for s in range(4)] == ["hidden"] * 4


def open_bid_fixture(client: FlaskClient) -> tuple[str, ts.State]:
    """Hand 1 played, with one team alone in last place."""
    url = seat_table(client)
    state = play_hand(client, url, new_state(), seed=1)
    assert state.last_place_team is not None
    return url, state


@pytest.mark.parametrize("made", [True, False])
def test_the_team_alone_in_last_place_may_open_bid_for_30_either_way(client: FlaskClient, made: bool) -> None:
    url, state = open_bid_fixture(client)
    last = state.last_place_team
    other = 1 - last
    page = soup(client.get(url))
    note = words(page.select_one("#open-bid-note"))
    a, b = ts.team_seats(last)
    assert f"{NAMES4[a]} and {NAMES4[b]} are alone in last place: they may open their bids now" in note
    form = page.select_one("#open-bid form")
    assert form_fields(page, "#open-bid form")["team"] == str(last)
    assert [words(legend) for legend in form.select("legend")] == [
        f"{NAMES4[a]}'s bid cards", f"{NAMES4[b]}'s bid cards: the second sends the open bid"]
    # Two taps a card: the first teammate's two are ticked; the second teammate's first is
    # picked (a radio) and their second sends the bid (a submit of the same name).
    assert len(form.select("input[type=checkbox][name=first_cards]")) == 48
    assert len(form.select("input[type=radio][name=second_cards]")) == 48
    assert len(form.select("button[type=submit][name=second_cards]")) == 48
    assert form.select("button[type=submit]:not([name])") == []
    # It sits right under the prompt with the leader's choice, above the trick and its picker.
    order = [el.get("id") or el.name for el in page.select("#prompt, #leader-form, #open-bid, ol.trick, form.picker")]
    assert order == ["prompt", "leader-form", "open-bid", "ol", "form"]
    # The leading team may not open-bid.
    hand = plan_hand(state, seed=3, exact={a: made, b: True}, open_team=last)
    refused = client.post(f"{url}/entries", data={
        **form_fields(page, "#open-bid form"), "team": str(other),
        "first_cards": list(hand.bids[2 * other]), "second_cards": list(hand.bids[2 * other + 1])})
    assert refused.status_code == 422
    assert "Only the team alone in last place may open-bid" in words(soup(refused).select_one(".error"))
    # Three cards are not two bids.
    short = open_bid(client, url, hand.bids[a][:1], hand.bids[b])
    assert short.status_code == 422 and "A bid is exactly two cards; got 1." in words(soup(short).select_one(".error"))
    assert open_bid(client, url, hand.bids[a], hand.bids[b]).status_code == 303
    page = soup(client.get(url))
    # Both open bids are shown to everybody; the other team's stay hidden.
    for seat in (a, b):
        assert len(page.select(f"#bid-{seat} .tile")) == 2
    assert [words(page.select_one(f"#bid-{s}")) for s in ts.team_seats(other)] == ["hidden"] * 2
    assert "open bid" in words(page.select_one(f"#teams tbody.team-{last}"))
    assert page.select_one("#open-bid") is None
    # The open bid's cards cannot be played, and are not offered.
    assert page.select_one(f"form.picker button[value={hand.bids[a][0]}]").has_attr("disabled")
    as_play = play(client, url, hand.bids[a][0])
    assert as_play.status_code == 422
    assert f"is one of {NAMES4[a]}'s bid cards this hand" in words(soup(as_play).select_one(".error"))
    for code in hand.plays:
        assert play(client, url, code).status_code == 303
    # Only the first of the two hidden bids is asked for: the other is the two cards left,
    # turned up by the engine.
    for seat in hand.hidden_seats()[:-1]:
        assert form_fields(soup(client.get(url)), "form#reveal")["seat"] == str(seat)
        assert reveal(client, url, hand.bids[seat]).status_code == 303
    after = apply_hand(state, hand)
    page = soup(client.get(url))
    shown = points_table(page)
    assert shown == engine_points(after)
    if made:
        assert shown["overhead"][last] == 30 and shown["overhead"][other] == 0
        assert "Overhead twin shoot" in words(page.select_one("#hand-score .why"))
    else:
        assert shown["overhead"][last] == 0 and shown["overhead"][other] == 30
        assert "opened their bids and missed: every other team scores 30" in words(page.select_one("#hand-score .why"))
    assert [int(x) for x in re.findall(r"\((\d+)\)", words(page.select_one("#hands tbody tr:last-child")))] == list(after.totals)


def test_no_open_bid_when_the_last_place_is_shared(client: FlaskClient) -> None:
    url = seat_table(client, NAMES6)
    state = new_state(NAMES6)
    for seed in range(1, 40):
        hand = plan_hand(state, seed)
        after = apply_hand(state, hand)
        if after.last_place_team is None:
            break
    else:
        pytest.fail("no hand with a shared last place")
    enter_hand(client, url, hand)
    page = soup(client.get(url))
    assert "No open bid this hand: no team is alone in last place." in words(page.select_one("#open-bid-note"))
    assert page.select_one("#open-bid") is None


def test_the_open_bid_chance_lapses_with_the_first_card(client: FlaskClient) -> None:
    url, state = open_bid_fixture(client)
    lay(client, url, plan_hand(state, seed=4).plays[0])
    page = soup(client.get(url))
    assert page.select_one("#open-bid") is None and page.select_one("#hand-setup") is None
    fields = {"seq": form_fields(page)["seq"], "kind": "open_bid", "team": str(state.last_place_team),
              "first_cards": ["DA", "DK"], "second_cards": ["DQ", "DJ"]}
    late = client.post(f"{url}/entries", data=fields)
    assert late.status_code == 422
    assert "An open bid must be made before the first card of the hand." in words(soup(late).select_one(".error"))


# --------------------------------------------------------------------------- opening leaders


def test_the_opening_leader_can_be_changed_before_the_first_card_only(client: FlaskClient) -> None:
    url = seat_table(client)
    page = soup(client.get(url))
    # Hand 1: only the other right-side player is offered.
    assert [b["value"] for b in page.select("form.leader-form button[name=seat]")] == ["2"]
    left = set_leader(client, url, 1)
    assert left.status_code == 422
    assert "Ben is the left-side partner of Aki" in words(soup(left).select_one(".error"))
    assert set_leader(client, url, 2).status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Cho's card"
    assert "Opening leader: Cho (changed; the rotation names Aki)" in words(page.select_one("#leader"))
    lay(client, url, "H9")
    page = soup(client.get(url))
    assert page.select_one("form.leader-form") is None
    late = client.post(f"{url}/entries", data={"seq": form_fields(page)["seq"], "kind": "leader", "seat": "0"})
    assert late.status_code == 422
    assert "only be changed before the first card" in words(soup(late).select_one(".error"))


def test_the_rotation_moves_to_the_next_team_and_a_later_hand_may_be_opened_by_anyone(client: FlaskClient) -> None:
    url = seat_table(client, NAMES6, first=2)
    play_hand(client, url, new_state(NAMES6, first=2), seed=2)
    page = soup(client.get(url))
    assert "Opening leader: Eve (the rotation)" in words(page.select_one("#leader"))
    assert [b["value"] for b in page.select("form.leader-form button[name=seat]")] == ["0", "1", "2", "3", "5"]
    assert set_leader(client, url, 3).status_code == 303
    page = soup(client.get(url))
    assert "Opening leader: Dan (changed; the rotation names Eve)" in words(page.select_one("#leader"))
    # Dan, a left-side player, leads: his partner Cho plays second, counter-clockwise.
    assert [words(r.select_one(".who")).split()[0] for r in page.select(".trick .row")] == [
        "Dan", "Cho", "Ben", "Aki", "Fay", "Eve"]
    history = soup(client.get(f"{url}/history"))
    assert "Opening leader: Dan" in words(history.select("ol.history li")[0])  # newest first


def test_the_history_describes_every_kind_of_entry(client: FlaskClient) -> None:
    url, state = open_bid_fixture(client)
    last = state.last_place_team
    hand = plan_hand(state, seed=6, open_team=last)
    assert set_leader(client, url, 1).status_code == 303
    a, b = ts.team_seats(last)
    assert open_bid(client, url, hand.bids[a], hand.bids[b]).status_code == 303
    items = [words(li) for li in soup(client.get(f"{url}/history")).select("ol.history li")][::-1]
    assert len(items) == 40 + 3 + 2  # hand 1's last bid was turned up by the engine: no entry
    assert items[0].startswith("Aki: ")
    assert items[40].startswith("Aki's bid cards: ")
    assert items[43].startswith("Opening leader: Ben")
    assert items[44].startswith(f"Open bid: {NAMES4[a]} ") and f"; {NAMES4[b]} " in items[44]
    assert "♥ heart" in " ".join(items) or "❦ leaf" in " ".join(items)


# --------------------------------------------------------------------------- undo, reload, viewer, end


def test_undo_takes_back_a_card_and_history_keeps_it(client: FlaskClient) -> None:
    url = seat_table(client)
    lay(client, url, "H9", "C9")
    assert client.post(f"{url}/undo", data={"seq": "2"}).status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Ben's card"
    assert not page.select_one("button[value=C9]").has_attr("disabled")
    assert "No follow yet" in words(page.select_one("#follow"))
    history = soup(client.get(f"{url}/history"))
    assert len(history.select("ol.history li")) == 3 and len(history.select("li.undone")) == 1
    assert "Ben: ♣ club 9" in words(history.select("ol.history li")[1])


def test_undo_unscores_a_hand_and_hides_the_bid_again(client: FlaskClient) -> None:
    url = seat_table(client)
    play_hand(client, url, new_state(), seed=1)
    seq = int(form_fields(soup(client.get(url)))["seq"])
    assert client.post(f"{url}/undo", data={"seq": str(seq)}).status_code == 303
    page = soup(client.get(url))
    # Undo takes back Cho's reveal, the last entry: Cho's and Dan's bids are hidden again.
    assert page.select_one("#prompt").get_text(strip=True) == "Cho's bid cards"
    assert words(page.select_one("#bid-2")) == "hidden" and words(page.select_one("#bid-3")) == "hidden"
    assert page.select_one("#hand-score") is None
    assert scoreboard_totals(page) == [0, 0, 0, 0]


def test_a_viewer_sees_everything_but_no_form(client: FlaskClient) -> None:
    url = seat_table(client)
    share = soup(client.get(url.split("/g/")[0] + "/share", base_url="http://192.168.7.21:5000"))  # as the LAN serves it
    viewer = re.sub(r"^https?://[^/]+", "", share.select_one("#qr-viewer a.link")["href"]).rstrip("/")
    for page_url in (f"{viewer}/g/1",):
        page = soup(client.get(page_url))
        assert page.select_one("#panel form") is None
        assert "You are watching" in words(page)
        assert "Opening leader: Aki" in words(page.select_one("#leader"))
    lay(client, url, "H9")
    page = soup(client.get(f"{viewer}/g/1"))
    assert page.select_one("#prompt").get_text(strip=True) == "Waiting for Ben's card"  # a viewer is told what is awaited (#11)
    assert page.select_one("#panel form") is None
    refused = client.post(f"{viewer}/g/1/entries", data={"seq": "1", "kind": "play", "seat": "1", "card": "C9"})
    assert refused.status_code == 403
    assert form_fields(soup(client.get(url)))["seq"] == "1"


def test_a_whole_game_ends_at_100_with_the_winner_and_the_next_game_rotates(client: FlaskClient) -> None:
    url = seat_table(client)
    state = new_state()
    seed = 10
    while not state.is_over:
        state = play_hand(client, url, state, seed, exact={0: True, 1: True})
        seed += 1
    page = soup(client.get(url))
    over = page.select_one("section.over")
    assert over is not None and page.select_one("#panel form.picker") is None
    assert page.select_one("#panel form#reveal") is None
    top = state.winners
    assert top == (0,)
    assert words(over.select_one(".verdict")) == f"Aki & Ben win with {state.totals[0]} points."
    assert points_table(page) == engine_points(state)
    assert scoreboard_totals(page) == list(ts.scores(state))
    assert len(page.select("#hands tbody tr")) == len(state.history)
    new = soup(client.get(over.select_one("a.primary")["href"]))
    assert new.select_one("input[name=first_leader][checked]")["value"] == "2"
    assert "Game 1: Twin Shoot as printed" in words(new.select_one("#scoreboard"))


def test_japanese_pages_render(app) -> None:  # type: ignore[no-untyped-def]
    client = app.test_client()
    client.set_cookie("lang", "ja")
    url = seat_table(client)
    page = soup(client.get(url))
    assert page.html["lang"] == "ja"
    # Japanese pages name clauses as printed.
    assert page.select_one("#prompt") is not None
    assert "§トリックテイキングフェーズ 2" in words(page.select_one("#order"))


# --------------------------------------------------------------------------- the judge API

TRICK = {"ask": "trick", "players": 4, "plays": ["H9", "C9", "HA", "S9"]}
SCORE = {"ask": "score", "players": 4, "bids": [["XK", "H7"], ["SA", "DK"], ["L9", "C7"], ["DA", "D9"]],
         "tricks": [6, 1, 3, 0], "open_bid_team": 1}


def test_api_judges_a_trick_with_clauses(client: FlaskClient) -> None:
    response = client.post("/api/judge/twin-shoot", json=TRICK, headers={"Accept-Language": "en"})
    assert response.status_code == 200
    answer = response.get_json()
    assert (answer["follow"], answer["fixed_by"], answer["winner"]) == ("rank", 1, 1)
    assert [r["clause"] for r in answer["rulings"]] == [
        "トリックテイキングフェーズ 3", "トリックテイキングフェーズ 3", "トリックテイキングフェーズ 4", "トリックテイキングフェーズ 5"]
    assert answer["rulings"][2]["text"] == "Rank follow: Player B wins with ♣ club 9, the strongest suit among the 9 cards."


def test_api_lists_plays_that_broke_the_follow_duty(client: FlaskClient) -> None:
    request = {**TRICK, "hands": [["H9"], ["C9", "H8"], ["HA", "D9"], ["S9"]]}
    answer = client.post("/api/judge/twin-shoot", json=request).get_json()
    assert [(i["player"], i["card"], i["must_play_one_of"], i["clause"]) for i in answer["illegal"]] == [
        (2, "HA", ["D9"], "トリックテイキングフェーズ 3")]


def test_api_scores_a_hand_with_its_breakdown(client: FlaskClient) -> None:
    answer = client.post("/api/judge/twin-shoot", json=SCORE).get_json()
    assert answer["bids"] == [6, 1, 8, 0]
    assert answer["made"] == [True, True, False, True]
    assert answer["breakdown"] == [{"tricks": 7, "shoot": 20, "twin": 10, "overhead": 30},
                                   {"tricks": 3, "shoot": 10, "twin": 0, "overhead": 0}]
    assert answer["team_points"] == [67, 13]
    assert any(r["clause"] == "点数計算 4" for r in answer["rulings"])


def test_api_refuses_bad_requests_with_422_and_a_reason(client: FlaskClient) -> None:
    cases = {
        "not json": "is not valid JSON",
        json.dumps([1, 2]): "must be a JSON object",
        json.dumps({**TRICK, "ask": "bid"}): "Unknown question “bid”; this game answers: trick, score.",
        json.dumps({**TRICK, "players": 5}): "Twin Shoot is for 4 or 6 players; got 5.",
        json.dumps({"ask": "trick", "plays": ["H9"]}): "“players” is missing",
        json.dumps({**TRICK, "plays": ["H9", "C9", "HA"]}): "4 cards, got 3",
        json.dumps({**TRICK, "plays": ["H9", "C9", "HA", "H5"]}): "is not in the deck for 4 players",
        json.dumps({**TRICK, "plays": ["H9", "C9", "HA", "H9"]}): "appears twice",
        json.dumps({**TRICK, "plays": ["H9", "C9", "HA", "Z9"]}): "there is no suit “Z”",
        json.dumps({**SCORE, "tricks": [6, 1, 3, 1]}): "A hand has 10 tricks; these add up to 11.",
        json.dumps({**SCORE, "bids": [["XK"], ["SA", "DK"], ["L9", "C7"], ["DA", "D9"]]}): "A bid is exactly two cards; got 1.",
        json.dumps({**SCORE, "open_bid_team": 2}): "There is no team 2",
    }
    for body, reason in cases.items():
        response = client.post("/api/judge/twin-shoot", data=body, content_type="application/json")
        assert response.status_code == 422, body
        assert set(response.get_json()) == {"error"}
        assert reason in response.get_json()["error"], (body, response.get_json())


def test_cli_and_api_agree(client: FlaskClient) -> None:
    client.delete_cookie("lang")
    out = io.StringIO()
    lines = io.StringIO(json.dumps(TRICK) + "\n" + json.dumps(SCORE) + "\n")
    assert cli.judge_lines("twin-shoot", "ja", lines, out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    for request, answer in zip((TRICK, SCORE), answers):
        api = client.post("/api/judge/twin-shoot", json=request, headers={"Accept-Language": "ja"}).get_json()
        assert answer == api


# --------------------------------------------------------------------------- the referee desk


def tap_through(client: FlaskClient, players: int, cards: list[str]):  # type: ignore[no-untyped-def]
    """Tap each card on the quick judge's picker, as its GET form sends it."""
    page = client.get("/judge/twin-shoot", query_string={"players": players})
    for card in cards:
        fields = form_fields(soup(page))
        page = client.get("/judge/twin-shoot", query_string={**fields, "card": card})
    return page


def test_quick_judge_asks_the_player_count_then_judges_a_trick_like_the_api(client: FlaskClient) -> None:
    first = soup(client.get("/judge/twin-shoot"))
    assert first.select_one("#prompt").get_text(strip=True) == "How many players?"
    assert first.select_one("form.picker") is None
    page = soup(tap_through(client, 4, TRICK["plays"][:2]))
    assert "Rank follow 9 · set by Player B" in words(page.select_one("#follow"))
    assert page.select_one("button[value=H9]").has_attr("disabled")
    assert page.select_one("button[value=H5]") is None
    assert page.select_one("#result") is None
    page = soup(tap_through(client, 4, TRICK["plays"]))
    result = page.select_one("#result")
    assert words(result.select_one(".verdict")) == "Player B wins the trick"
    api = client.post("/api/judge/twin-shoot", json=TRICK).get_json()
    shown = [words(li) for li in result.select(".rulings li")]
    assert len(shown) == len(api["rulings"])
    for line, ruling in zip(shown, api["rulings"]):
        assert ruling["text"] in line and rulebooks.badge("twin-shoot", ruling["clause"], "en") in line
    back = soup(client.get(page.select_one("a[href*=back]")["href"]))
    assert form_fields(back) == {"players": "4", "cards": "H9.C9.HA"}


def test_quick_judge_for_six_players_offers_the_low_cards(client: FlaskClient) -> None:
    page = soup(tap_through(client, 6, ["H3", "H4"]))
    assert len(page.select("form.picker button[name=card]")) == 72
    assert "Suit follow" in words(page.select_one("#follow"))
    assert page.select_one("#prompt").get_text(strip=True) == "Player C's card"
