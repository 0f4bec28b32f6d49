"""The Black Junky table through Flask's test client, reading the HTML a person would see.

Seats are clockwise: Aki 0, Ben 1, Cho 2. Each round the page asks for every player's cards
in seat order (ticked two taps each, then laid), then the deck's cross (one tap: its rank).
"""

from __future__ import annotations

import json
import re

from flask.testing import FlaskClient

from companion.rules import black_junky as bj
from tests.conftest import soup, text
from tests.games.black_junky.driver import judge_fields
from tests.games.black_junky.table import (
    NAMES3,
    Round,
    enter_round,
    form_fields,
    lay,
    plan_game,
    seat_table,
    totals_shown,
    turn,
    wins_shown,
    words,
)


def prompt(client: FlaskClient, url: str) -> str:
    return soup(client.get(url)).select_one("#prompt").get_text(strip=True)


def error_of(response) -> str:  # type: ignore[no-untyped-def]
    return words(soup(response).select_one(".error"))


def plain(node) -> str:  # type: ignore[no-untyped-def]
    """The node's words as read, without a space where one element meets the next."""
    return " ".join(node.get_text().split())


def enabled_keys(page, selector: str = "form#reveal") -> set[str]:  # type: ignore[no-untyped-def]
    form = page.select_one(selector)
    return {i["value"] for i in form.select("input[name=cards], button[name=card]") if not i.has_attr("disabled")}


def play_rounds(client: FlaskClient, url: str, rounds: list[Round]) -> None:
    for r in rounds:
        enter_round(client, url, r)


# --------------------------------------------------------------------------- set-up


def test_home_offers_black_junky_for_two_to_eight(client: FlaskClient) -> None:
    tile = soup(client.get("/")).select_one(f"a.game-tile[href='/seat/{bj.SLUG}']")
    assert tile is not None
    assert "2–8 players" in words(tile)


def test_nine_players_are_refused_with_the_rule(client: FlaskClient) -> None:
    response = client.post("/tables", data={"player": [f"P{i}" for i in range(9)], "game": bj.SLUG})
    assert response.status_code == 422
    assert error_of(response) == "No game here seats 9 players."


def test_the_new_game_form_says_how_many_cards_and_asks_nobody_to_lead(client: FlaskClient) -> None:
    for names, each, aside in ((NAMES3, 21, "2 cards left over are set aside unseen."),
                               (("A", "B", "C", "D"), 16, "1 card left over is set aside unseen."),
                               (("A", "B", "C", "D", "E"), 13, "No card is left over.")):
        response = client.post("/tables", data={"player": list(names), "game": bj.SLUG})
        page = soup(client.get(response.location))
        assert page.select_one("input[name=first_leader]") is None
        setup = words(page.select_one("#bj-setup"))
        assert "Take out the 13 crosses: shuffled face down, they are the deck." in setup
        assert f"Deal the other 65 cards evenly: {each} to each player." in setup
        assert aside in setup
        assert "Nobody leads: everyone lays their cards at once." in setup
        # The house rules, at their defaults: hearts and diamonds red, over 21 busts, no variant, 13 crosses.
        red = {i["value"] for i in page.select("input[name=red_suits][checked]")}
        assert red == {"H", "D"}
        assert page.select_one("input[name=bust_21][checked]") is None
        assert page.select_one("input[name=black_measure][checked]")["value"] == "off"
        assert page.select_one("input[name=crosses]")["value"] == "13"


def test_set_up_with_options_shows_them_before_round_one_and_under_the_scoreboard(client: FlaskClient) -> None:
    url = seat_table(client, red_suits=["X", "H", "D"], bust_21=True, black_measure="black_sum", crosses=5)
    page = soup(client.get(url))
    assert "Round 1 of 5" in words(page.select_one("h1.status"))
    setup = plain(page.select_one("#setup"))
    assert "Deal the other 65 cards evenly: 21 to each player." in setup
    assert "This table plays 5 crosses: put the other 8 away unseen." in setup
    assert "Red, subtracting: ✚ cross, ♥ heart, ♦ diamond" in setup
    assert "21 or more busts (house rule)." in setup
    assert "the highest sum of black cards kept wins" in setup
    assert page.select_one("#setup a.clause[href$='#setup']") is not None
    line = plain(page.select_one(".rules-in-force"))
    assert line == "Game 1: red ✚ cross, ♥ heart, ♦ diamond · 21 busts · 5 crosses · variant: sum of black cards"
    assert "Black cards’ sum" in words(page.select_one("#wins thead"))


def test_a_bad_option_is_refused_on_the_form(client: FlaskClient) -> None:
    response = client.post("/tables", data={"player": list(NAMES3), "game": bj.SLUG})
    table = response.location.split("/new")[0]
    refused = client.post(f"{table}/games", data={"game": bj.SLUG, "red_suits": ["H"], "crosses": "14"})
    assert refused.status_code == 422
    assert "14" in error_of(refused)


# --------------------------------------------------------------------------- a round


def test_each_players_cards_are_ticked_then_laid_in_seat_order(client: FlaskClient) -> None:
    url = seat_table(client)
    page = soup(client.get(url))
    assert prompt(client, url) == "Aki's cards"
    keys = enabled_keys(page)
    assert len(keys) == 65 and not any(k.startswith("X") for k in keys), "the crosses are the deck, never in a hand"
    assert words(page.select_one("#table-cards li.next")).startswith("Aki 21 in hand")
    assert "Lay the cards ticked" in words(page.select_one("form#reveal"))
    # Offline, the picker takes the rest of the round's reveals in seat order, each waiting
    # reveal's cards withheld from the next (see _picker.html).
    form = page.select_one("form#reveal")
    assert [(a["fields"], a["prompt"]) for a in json.loads(form["data-outbox-ahead"])] == [
        ({"seat": 1}, "Ben's cards"), ({"seat": 2}, "Cho's cards")]
    assert form["data-outbox-once"] == "cards"
    assert lay(client, url, ["SA", "C5"]).status_code == 303
    page = soup(client.get(url))
    assert prompt(client, url) == "Ben's cards"
    aki = page.select("#table-cards li")[0]
    assert words(aki) == "Aki 19 in hand ♠A ♣5 Correct"  # the scorer taps the cards to correct them
    assert not {"SA", "C5"} & enabled_keys(page), "cards already laid are not offered"
    assert page.select_one("#setup") is None, "the set-up note goes once the first cards are in"


def test_the_deck_is_one_tap_and_the_round_is_decided_with_totals_and_rulings(client: FlaskClient) -> None:
    url = seat_table(client)
    for cards in (["SA", "CA"], ["SK", "CQ"], ["H5"]):
        lay(client, url, cards)
    page = soup(client.get(url))
    assert prompt(client, url) == "The deck’s cross: turn it and tap its rank"
    keys = page.select("form#deck button[name=card]")
    assert [k["value"] for k in keys] == [c.code for c in bj.CROSSES]
    assert turn(client, url, "X9").status_code == 303
    page = soup(client.get(url))
    assert words(page.select_one("#latest")) == "Round 1: Aki wins with 21. Why"
    assert prompt(client, url) == "Aki's cards"
    result = page.select_one("#result")
    assert "Round 1 deck ✚9" in words(result.select_one("h2"))
    rows = result.select("#totals tbody tr")
    assert [r.get("class") for r in rows] == [["won"], ["bust"], []]
    assert totals_shown(page) == ["21", "29", "4"]
    assert "11 + 1 + 9" in words(rows[0]) and "✓ wins" in words(rows[0])
    assert "✗ bust" in words(rows[1])
    assert "−5 + 9" in words(rows[2])
    rulings = [words(li) for li in result.select(".rulings li")]
    assert rulings == [
        "§The game Aki: ♠ spade A, ♣ club A with the deck's ✚ cross 9: 11 + 1 + 9 = 21.",
        "our ruling Aki makes exactly 21, which does not bust: only totals over 21 do (the printed “21 or more” is read as a misprint).",
        "§The game Ben: ♠ spade K, ♣ club Q with the deck's ✚ cross 9: 10 + 10 + 9 = 29.",
        "§The game Ben busts: even the smallest total the cards make, 29, is over 21.",
        "§The game Cho: ♥ heart 5 with the deck's ✚ cross 9: −5 + 9 = 4.",
        "§The game Aki wins the round with 21, the closest to 21 without busting.",
    ]
    assert wins_shown(page) == [1, 0, 0]
    assert [words(td) for td in page.select("#rounds tbody tr td")] == ["✚9", "Aki (21)"]
    assert "X9" not in enabled_keys(page, "form#reveal") and "SA" not in enabled_keys(page)


def test_when_21_busts_the_aces_fall_back_and_red_aces_count_minus_eleven(client: FlaskClient) -> None:
    url = seat_table(client, bust_21=True)
    play_rounds(client, url, [Round([("SA", "CA"), ("HA", "SK", "CK"), ("DA",)], "X9")])
    page = soup(client.get(url))
    assert totals_shown(page) == ["11", "18", "8"]
    rulings = [words(li) for li in page.select("#result .rulings li")]
    assert "§The game Aki: ♠ spade A, ♣ club A with the deck's ✚ cross 9: 1 + 1 + 9 = 11." in rulings
    assert "§The game Ben: ♥ heart A, ♠ spade K, ♣ club K with the deck's ✚ cross 9: −11 + 10 + 10 + 9 = 18." in rulings
    assert "§The game Cho: ♦ diamond A with the deck's ✚ cross 9: −1 + 9 = 8." in rulings
    assert words(page.select_one("#latest")) == "Round 1: Ben wins with 18. Why"


def test_everyone_busts_nobody_wins_and_ties_share(client: FlaskClient) -> None:
    url = seat_table(client)
    play_rounds(client, url, [Round([("SK", "CK"), ("LK", "LQ"), ("SQ", "CQ")], "X5"),
                              Round([("S7",), ("C7",), ("L7",)], "X10")])
    page = soup(client.get(url))
    assert words(page.select_one("#latest")) == "Round 2: Aki, Ben, Cho share the win with 17. Why"
    assert "§The game Aki, Ben, Cho make 17, the closest to 21 without busting: they all win the round." in \
        [words(li) for li in page.select("#result .rulings li")]
    assert wins_shown(page) == [1, 1, 1]
    rounds = [words(tr) for tr in page.select("#rounds tbody tr")]
    assert rounds == ["2 ✚10 Aki, Ben, Cho (17)", "1 ✚5 nobody: all bust"]


def test_a_negative_total_can_win(client: FlaskClient) -> None:
    url = seat_table(client)
    play_rounds(client, url, [Round([("HK", "DK"), ("HQ", "D9"), ("SK", "CK")], "X3")])
    page = soup(client.get(url))
    assert totals_shown(page) == ["-17", "-16", "23"]
    rulings = [words(li) for li in page.select("#result .rulings li")]
    assert "our ruling The winning total, -16, is below zero: the highest total that did not bust wins all the same." in rulings
    assert words(page.select_one("#latest")) == "Round 1: Ben wins with -16. Why"


# --------------------------------------------------------------------------- refusals


def test_impossible_cards_are_refused_with_their_clause(client: FlaskClient) -> None:
    url = seat_table(client)
    lay(client, url, ["SA"])
    used = lay(client, url, ["SA"])
    assert used.status_code == 422
    assert error_of(used) == "§Preparation ♠ spade A has already been played in this game."
    cross = lay(client, url, ["X7"])
    assert cross.status_code == 422
    assert error_of(cross) == "§Preparation ✚ cross 7 is a cross: the 13 crosses are the deck, and no player holds one."
    nothing = lay(client, url, [])
    assert nothing.status_code == 422
    assert error_of(nothing) == "§The game Ben still holds 21 cards and must lay at least one."
    assert prompt(client, url) == "Ben's cards", "nothing was stored"


def test_more_cards_than_a_player_holds_are_refused(client: FlaskClient) -> None:
    # Two players hold 32 each: Aki lays 31 in round 1, then only 1 is left.
    url = seat_table(client, ("Aki", "Ben"))
    hands, _deck, _aside = bj.deal(__import__("random").Random(5), 2)
    aki, ben = [c.code for c in hands[0]], [c.code for c in hands[1]]
    play_rounds(client, url, [Round([tuple(aki[:31]), (ben[0],)], "X2")])
    page = soup(client.get(url))
    assert words(page.select("#table-cards li")[0]).startswith("Aki 1 in hand")
    assert words(page.select_one("form#reveal button.lay")) == "Lay the cards ticked"
    refused = lay(client, url, aki[31:] + [ben[1]])
    assert refused.status_code == 422
    assert error_of(refused) == "§Preparation Aki has only 1 card left in hand, but 2 were entered."


def test_a_used_cross_is_refused_and_not_offered(client: FlaskClient) -> None:
    url = seat_table(client)
    play_rounds(client, url, [Round([("S2",), ("S3",), ("S4",)], "X9")])
    for cards in (("S5",), ("S6",), ("S7",)):
        lay(client, url, cards)
    page = soup(client.get(url))
    assert "X9" not in enabled_keys(page, "form#deck") and len(enabled_keys(page, "form#deck")) == 12
    again = turn(client, url, "X9")
    assert again.status_code == 422
    assert error_of(again) == "§Preparation ✚ cross 9 has already been turned from the deck in this game."
    not_cross = turn(client, url, "H9")
    assert "is not a cross" in error_of(not_cross)


def test_a_player_without_cards_is_not_asked_and_sits_out(client: FlaskClient) -> None:
    """Issue 28: no "No cards left" tap every round for a player the app knows has none."""
    url = seat_table(client)
    game = plan_game(seed=4, empty_seats=[1], rounds=2)
    enter_round(client, url, game.rounds[0])
    assert game.rounds[1].plays[1] == ()
    page = soup(client.get(url))
    assert words(page.select("#table-cards li")[1]) == "Ben 0 in hand sits out our ruling"
    lay(client, url, game.rounds[1].plays[0])
    assert prompt(client, url) == "Cho's cards", "Ben is skipped"
    page = soup(client.get(url))
    assert "No cards left" not in words(page.select_one("#panel"))
    lay(client, url, game.rounds[1].plays[2])
    assert prompt(client, url) == "The deck’s cross: turn it and tap its rank"
    turn(client, url, game.rounds[1].deck)
    page = soup(client.get(url))
    ben = page.select("#totals tbody tr")[1]
    assert words(ben) == "Ben no cards left: sits out"
    assert "our ruling Ben has no cards left and sits out this round." in \
        [words(li) for li in page.select("#result .rulings li")]


def test_a_viewer_sees_the_round_but_no_form_and_is_told_what_is_awaited(client: FlaskClient) -> None:
    url = seat_table(client)
    lay(client, url, ["S9"])
    share = soup(client.get(url.split("/g/")[0] + "/share", base_url="http://192.168.7.21:5000"))
    viewer = share.select_one("#qr-viewer a.link")["href"].split("192.168.7.21:5000", 1)[1].rstrip("/")
    page = soup(client.get(viewer + "/g/1"))
    assert page.select_one("#prompt").get_text(strip=True) == "Waiting for Ben's cards"
    assert page.select("form.picker") == []
    assert words(page.select("#table-cards li")[0]) == "Aki 20 in hand ♠9"
    lay(client, url, ["S8"])
    lay(client, url, ["S7"])
    assert soup(client.get(viewer + "/g/1")).select_one("#prompt").get_text(strip=True) == "Waiting for the deck’s cross"
    refused = client.post(viewer + "/g/1/entries", data={"kind": "deck", "card": "X2", "seq": "3"})
    assert refused.status_code == 403


# --------------------------------------------------------------------------- the game


def test_a_whole_game_of_thirteen_rounds_then_the_result_and_the_scoreboard(client: FlaskClient) -> None:
    url = seat_table(client)
    game = plan_game(seed=7)
    assert len(game.rounds) == 13
    play_rounds(client, url, game.rounds[:12])
    page = soup(client.get(url))
    assert "Round 13 of 13" in words(page.select_one("h1.status"))
    enter_round(client, url, game.rounds[12])
    state = game.state()
    assert state.is_over
    page = soup(client.get(url))
    cross = bj.card_text(game.rounds[12].deck, lambda s: s)
    assert f"§The game {cross} is the deck's last cross: it is turned without an entry." in [
        words(li) for li in page.select("#result .rulings li")]
    assert page.select_one("#prompt") is None and page.select("form.picker") == []
    over = page.select_one("#final")
    top = state.leaders
    names = [NAMES3[s] for s in top]
    if len(top) == 1:
        assert words(over.select_one(".verdict")) == f"{names[0]} wins the game with {state.wins[top[0]]} round win{'' if state.wins[top[0]] == 1 else 's'}."
    else:
        assert words(over.select_one(".verdict")) == f"Shared win: {', '.join(names)} with {state.wins[top[0]]} round win{'' if state.wins[top[0]] == 1 else 's'} each."
    assert over.select_one("a.button.primary").get_text(strip=True) == "Next game"
    assert over.select_one(".rulings li a.clause[href$='#result']") is not None
    assert wins_shown(page) == list(state.wins)
    assert len(page.select("#rounds tbody tr")) == 13
    assert [int(td.get_text(strip=True)) for td in page.select("#scoreboard tfoot td")] == list(state.wins)
    # The next game keeps the house rules; nobody is asked to lead.
    nxt = soup(client.get(url.split("/g/")[0] + "/new"))
    assert nxt.select_one("input[name=first_leader]") is None
    assert nxt.select_one(f"input[name=game][value={bj.SLUG}][checked]") is not None


def test_the_variant_shows_each_players_kept_black_cards_and_its_result(client: FlaskClient) -> None:
    url = seat_table(client, black_measure="black_count", crosses=3)
    game = plan_game(seed=11, options={"black_measure": "black_count", "crosses": 3})
    play_rounds(client, url, game.rounds)
    state = game.state()
    assert state.is_over
    page = soup(client.get(url))
    kept = page.select("#kept tbody tr")
    assert len(kept) == 3
    for seat, row in enumerate(kept):
        black = [c for c in state.kept[seat] if c.suit not in ("H", "D")]
        assert len(row.select(".tile")) == len(black)
        assert row.select_one("td.num").get_text(strip=True) == str(len(black))
    rulings = [words(li) for li in page.select("#final .rulings li")]
    assert any(r.startswith("§Variant Variant, most black cards:") for r in rulings)
    assert [int(td.get_text(strip=True)) for td in page.select("#scoreboard tfoot td")] == list(state.variant_points or ())
    assert "Variant: the winners of a round keep" in words(page.select_one("#wins"))


def test_the_game_ends_early_when_nobody_has_cards_left(client: FlaskClient) -> None:
    url = seat_table(client, ("Aki", "Ben"))
    hands, _deck, _aside = bj.deal(__import__("random").Random(9), 2)
    play_rounds(client, url, [Round([tuple(c.code for c in hands[0]), tuple(c.code for c in hands[1])], "X4")])
    page = soup(client.get(url))
    assert page.select_one("#prompt") is None
    assert "our ruling Nobody has cards left after round 1: the game ends, and the crosses still in the deck are not turned." \
        in [words(li) for li in page.select("#final .rulings li")]


def test_undo_takes_back_the_deck_and_history_keeps_everything(client: FlaskClient) -> None:
    url = seat_table(client)
    play_rounds(client, url, [Round([("S2",), ("S3",), ("S4",)], "X9")])
    fields = form_fields(soup(client.get(url)), "form[action$='/undo']")
    assert client.post(url + "/undo", data=fields).status_code == 303
    page = soup(client.get(url))
    assert prompt(client, url) == "The deck’s cross: turn it and tap its rank"
    assert page.select_one("#result") is None and wins_shown(page) == [0, 0, 0]
    turn(client, url, "X8")
    history = soup(client.get(url + "/history"))
    lines = [words(li.select_one("span")) for li in history.select("ol.history > li")][::-1]  # newest first
    assert lines == ["Aki: ♠ spade 2", "Ben: ♠ spade 3", "Cho: ♠ spade 4", "Deck’s cross: ✚ cross 9", "↶ Undo",
                     "Deck’s cross: ✚ cross 8"]
    assert history.select("ol.history > li")[-4].get("class") == ["entry", "undone"]


def test_a_correction_of_a_players_cards_decides_the_round_again(client: FlaskClient) -> None:
    url = seat_table(client)
    play_rounds(client, url, [Round([("S2",), ("S3",), ("S4",)], "X9")])
    assert words(soup(client.get(url)).select_one("#latest")) == "Round 1: Cho wins with 13. Why"
    page = soup(client.get(url + "/correct/0"))
    form = page.select_one("#correct form")
    assert len(form.select("input[name=cards]:not([disabled])")) == 65 - 2, "own card offered, the others' not"
    fields = {i["name"]: i["value"] for i in form.select("input[type=hidden]")}
    response = client.post(url + "/correct/0", data={**fields, "cards": ["S10", "S2"]})
    assert response.status_code == 303
    page = soup(client.get(response.location))
    said = words(page.select_one("#latest-correction"))
    assert said.startswith("Round 1, Aki's cards: ♠ spade 2 → ♠ spade 10, ♠ spade 2.")
    assert said.endswith("Points: Aki +1, Cho −1. Why")
    assert totals_shown(page) == ["21", "12", "13"]
    deck = soup(client.get(url + "/correct/3"))
    assert len(deck.select("#correct button[name=card]:not([disabled])")) == 13
    fields = {i["name"]: i["value"] for i in soup(client.get(url + "/correct/0")).select("#correct form input[type=hidden]")}
    refused = client.post(url + "/correct/0", data={**fields, "cards": ["S3"]})
    assert refused.status_code == 422
    assert "♠ spade 3 has already been played in this game." in words(soup(refused).select_one(".error"))


def test_an_entry_answers_htmx_with_the_panel(client: FlaskClient) -> None:
    url = seat_table(client)
    for cards in (["S2"], ["S3"], ["S4"]):
        lay(client, url, cards, htmx=True)
    response = turn(client, url, "X9", htmx=True)
    assert response.status_code == 200
    panel = soup(response)
    assert panel.select_one("#panel #result") is not None
    assert panel.select_one("#prompt").get_text(strip=True) == "Aki's cards"


def test_the_page_speaks_japanese(client: FlaskClient) -> None:
    url = seat_table(client)
    play_rounds(client, url, [Round([("SA", "CA"), ("SK", "CQ"), ("H5",)], "X9")])
    client.set_cookie("lang", "ja")
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Akiのカード"
    assert "第2ラウンド（全13）" in words(page.select_one("h1.status"))
    assert words(page.select_one("#latest")) == "第1ラウンド：21でAkiの勝ち。 理由"
    rulings = [words(li) for li in page.select("#result .rulings li")]
    assert rulings[0].startswith("§ゲーム ")
    assert "チェックしたカードを出す" in words(page.select_one("form#reveal"))
    assert "ここまでの勝ち数" in words(page.select_one("#wins h2"))
    client.set_cookie("lang", "en")


# --------------------------------------------------------------------------- the quick judge


def judge_tap(client: FlaskClient, page, code: str):  # type: ignore[no-untyped-def]
    """Tap a key of the quick judge's picker: the form's carried fields and the card."""
    form = page.select_one("form.picker")
    key = form.select_one(f"button[name=card][value={code}]")
    assert key is not None and not key.has_attr("disabled"), code
    fields = {i["name"]: i["value"] for i in form.select("input[type=hidden]")}
    return soup(client.get(form["action"], query_string={**fields, "card": code}))


def judge_link(client: FlaskClient, page, label: str):  # type: ignore[no-untyped-def]
    link = [a for a in page.select(".actions a.button") if label in a.get_text()][0]
    return soup(client.get(link["href"]))


def test_quick_judge_taps_a_round_and_agrees_with_the_api(client: FlaskClient) -> None:
    page = soup(client.get("/judge/" + bj.SLUG))
    assert page.select_one("#prompt").get_text(strip=True) == "Player A's cards"
    assert words(page.select_one("h1")) == "What does this hand make?"
    page = judge_tap(client, page, "X5")
    assert words(page.select_one("#judge-cards")) == "Player A … Deck ?", "a cross before any card is not taken"
    for code in ("SA", "CA"):
        page = judge_tap(client, page, code)
    assert page.select_one("#prompt").get_text(strip=True) == "Player A's cards, or the deck’s cross"
    page = judge_link(client, page, "Next player")
    assert page.select_one("#prompt").get_text(strip=True) == "Player B's cards"
    assert {"SA", "CA"} <= {b["value"] for b in page.select("form.picker button[name=card][disabled]")}
    for code in ("H9", "SK", "X9"):
        page = judge_tap(client, page, code)
    assert page.select_one("form.picker") is None
    answer = client.post("/api/judge/" + bj.SLUG, json={"ask": "round", "plays": [["SA", "CA"], ["H9", "SK"]],
                                                         "deck_card": "X9"}).get_json()
    assert answer["totals"] == [21, 10] and answer["winners"] == [0]
    result = page.select_one("#result")
    assert words(result.select_one(".verdict")) == "Player A wins the round."
    assert [words(li) for li in result.select(".rulings li")] == [
        f"§The game {r['text']}" if r["clause"] != "RULINGS" else f"our ruling {r['text']}" for r in answer["rulings"]]
    assert "11 + 1 + 9" in words(result.select_one("#totals"))


def test_quick_judge_one_hand_and_a_round_with_the_options(client: FlaskClient) -> None:
    base = "/judge/" + bj.SLUG
    page = soup(client.get(base, query_string={"cards": "SA.CA", "deck": "X9"}))
    assert words(page.select_one("#result .verdict")) == "Total: 21"
    assert "11 + 1 + 9" in words(page.select_one("#totals"))
    page = soup(client.get(base, query_string={"cards": "SA.CA", "deck": "X9", "bust_21": "on"}))
    assert words(page.select_one("#result .verdict")) == "Total: 11"
    page = soup(client.get(base, query_string={"cards": "SK.CQ_H5_LQ.L9", "deck": "X2", "red": "HDX"}))
    answer = client.post("/api/judge/" + bj.SLUG, json={"ask": "round", "plays": [["SK", "CQ"], ["H5"], ["LQ", "L9"]],
                                                         "deck_card": "X2", "red": ["X", "H", "D"]}).get_json()
    assert answer["winners"] == [0]
    assert words(page.select_one("#result .verdict")) == "Player A wins the round."
    for ruling in answer["rulings"]:
        assert ruling["text"] in text(client.get(base, query_string={"cards": "SK.CQ_H5_LQ.L9", "deck": "X2", "red": "HDX"}))
    assert "✚ cross, ♥ heart, ♦ diamond" in plain(page.select_one("#judge-options summary"))


def test_quick_judge_takes_back_taps_and_starts_over(client: FlaskClient) -> None:
    base = "/judge/" + bj.SLUG
    page = soup(client.get(base, query_string={"cards": "SA_H5", "deck": "X9"}))
    back = page.select_one(".actions a.button[href*='back=1']")["href"]
    page = soup(client.get(back))
    assert page.select_one("#result") is None
    assert page.select_one("#prompt").get_text(strip=True) == "Player B's cards, or the deck’s cross"
    back = page.select_one(".actions a.button[href*='back=1']")["href"]
    page = soup(client.get(back))
    assert words(page.select_one("#judge-cards")).startswith("Player A ♠A Player B …")
    start = [a for a in page.select(".actions a.button") if a.get_text(strip=True) == "Start over"][0]["href"]
    assert words(soup(client.get(start)).select_one("#judge-cards")) == "Player A … Deck ?"


def test_quick_judge_shows_every_ruling_of_the_seeded_requests(client: FlaskClient) -> None:
    for seed in range(1, 8):
        fields = judge_fields(seed)
        request, _ = bj.quick_judge_request({k: [v] for k, v in fields.items()})
        answer = client.post("/api/judge/" + bj.SLUG, json=request).get_json()
        page = " ".join(text(client.get("/judge/" + bj.SLUG, query_string=fields)).split())
        assert all(r["text"] in page for r in answer["rulings"]), seed


def test_export_and_import_bring_the_same_game_back(client: FlaskClient) -> None:
    import io
    import json

    url = seat_table(client, black_measure="black_sum")
    play_rounds(client, url, plan_game(seed=5, rounds=3, options={"black_measure": "black_sum"}).rounds)
    table = url.split("/g/")[0]
    record = client.get(table + "/export.json").get_json()
    response = client.post("/import", data={"record": (io.BytesIO(json.dumps(record).encode()), "r.json")})
    again = response.headers["Location"].rstrip("/")
    a, b = soup(client.get(url)), soup(client.get(again + "/g/1"))
    assert str(a.select_one("#wins")) == str(b.select_one("#wins"))
    assert re.sub(r"\s+", " ", words(a.select_one("#result"))) == re.sub(r"\s+", " ", words(b.select_one("#result")))
