"""たてよこ (Tateyoko): the pure engine against the rulebook and RULINGS.md.

Rulebook: shared/rules/002_53a106b024f6a4e1.txt, the game "03:たてよこ". Its clauses are its
headings, and the rules it lists for laying a card by their subject ("A:縦", "A:1直線").
Positions are (x, y): x to the right, y up, the starting card at 0,0. Seats are 0..n-1
clockwise; the example's Alice, Betty, Catherine, Dolly and Elsa are seats 0 to 4.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from companion.rules import base
from companion.rules import tateyoko as ty
from companion.rules.base import CardRef, Event, RuleError, Ruling, SeatRef, SeatsRef, SuitRef
from companion.rules.contract import Outcome
from tests.kit.rulings import keys, refused

EN = i18n.catalog("en")
ALICE, BETTY, CATHERINE, DOLLY, ELSA = range(5)
EXAMPLE_PLAYERS = ["Alice", "Betty", "Catherine", "Dolly", "Elsa"]


# --------------------------------------------------------------------------- helpers


def card(code: str) -> ty.Card:
    return ty.parse_card(code)


def new_game(players: int = 5, first: int = 0, start: str | None = "SQ", **options: Any) -> ty.State:
    setup: dict[str, Any] = {"players": [f"P{i}" for i in range(players)], "first_leader": first}
    if options:
        setup["options"] = options
    state = ty.initial(setup)
    return state if start is None else ty.apply(state, Event("start", {"card": start}))


def lay(seat: int, x: int, y: int, code: str) -> Event:
    return Event("lay", {"seat": seat, "x": x, "y": y, "card": code})


def done(seat: int) -> Event:
    return Event("done", {"seat": seat})


def pass_(seat: int) -> Event:
    return Event("pass", {"seat": seat})


def hand(seat: int, *codes: str) -> Event:
    return Event("hand", {"seat": seat, "cards": list(codes)})


def counts(seat: int, **per_suit: int) -> Event:
    return Event("hand", {"seat": seat, "counts": per_suit})


def run(state: ty.State, *events: Event) -> ty.State:
    for event in events:
        state = ty.apply(state, event)
    return state


def turn(state: ty.State, seat: int, *cards: tuple[int, int, str]) -> ty.State:
    """One whole turn: the cards laid in order, then done."""
    return run(state, *(lay(seat, x, y, code) for x, y, code in cards), done(seat))


def passes(state: ty.State, count: int) -> ty.State:
    for _ in range(count):
        state = ty.apply(state, pass_(state.expected_seat))
    return state


def at(state: ty.State) -> dict[tuple[int, int], str]:
    return {pos: c.code for pos, c in state.grid.items()}


def text(r: Ruling, names: list[str] | None = None) -> str:
    return i18n.render(r, ty, EN, names)


def refusal(state: ty.State, event: Event) -> Ruling:
    with pytest.raises(RuleError) as info:
        ty.apply(state, event)
    return info.value.ruling


def grid_json(state: ty.State) -> dict[str, str]:
    return {ty.position_text(pos): c.code for pos, c in state.grid.items()}


# --------------------------------------------------------------------------- the cards


def test_the_deck_is_78_cards_six_suits_of_a_to_k_without_jokers():
    assert len(ty.DECK) == ty.DECK_SIZE == 78
    assert len({c.code for c in ty.DECK}) == 78
    assert ty.SUITS == ("L", "X", "C", "H", "S", "D")
    for s in ty.SUITS:
        assert [c.rank_text for c in ty.DECK if c.suit == s] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                                "J", "Q", "K"]
    for c in ty.DECK:
        assert ty.parse_card(c.code) == c


@pytest.mark.parametrize("written, code", [("SQ", "SQ"), ("ha", "HA"), (" c10 ", "C10"), ("XT", "X10"), ("d2", "D2"),
                                           ("LK", "LK"), ("Sj", "SJ")])
def test_card_codes_read_in_any_case_and_ten_as_10_or_t(written, code):
    assert ty.parse_card(written).code == code


@pytest.mark.parametrize("written, key", [
    ("", "ty.card_malformed"), ("S", "ty.card_malformed"), ("SQQ", "ty.card_malformed"), (None, "ty.card_malformed"),
    (12, "ty.card_malformed"), ("ZQ", "ty.card_unknown_suit"), ("S1", "ty.card_unknown_rank"),
    ("S11", "ty.card_unknown_rank"), ("S0", "ty.card_unknown_rank"), ("SB", "ty.card_unknown_rank"),
    ("JK", "ty.card_unknown_suit"),
])
def test_card_parsing_refuses_what_is_not_a_tennos_card(written, key):
    refused(key, ty.parse_card, written)


def test_a_card_reads_as_its_suit_mark_name_and_rank():
    assert ty.card_text("SQ", EN.gettext) == "♠ spade Q"
    assert ty.card_text("X10", EN.gettext) == "✚ cross 10"
    assert ty.card_text("LA", EN.gettext) == "❦ leaf A"
    assert ty.suit_text("D", EN.gettext) == "♦ diamond"
    assert ty.card_parts("H7") == (("H", "7"),)


def test_ranks_one_apart_run_a_to_k_and_k_wraps_to_a():
    assert ty.one_apart(1, 2) and ty.one_apart(2, 1)
    assert ty.one_apart(12, 13) and ty.one_apart(13, 12)
    assert ty.one_apart(13, 1) and ty.one_apart(1, 13)  # A:横: Kの次は再びA
    assert not ty.one_apart(12, 1) and not ty.one_apart(5, 5) and not ty.one_apart(2, 13)


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize("players, dealt, deck", [(3, 15, 32), (4, 12, 29), (5, 10, 27), (6, 8, 29), (7, 8, 21)])
def test_each_player_gets_the_printed_deal_and_the_deck_keeps_the_rest_less_the_starting_card(players, dealt, deck):
    state = ty.initial({"players": [f"P{i}" for i in range(players)], "first_leader": 0})
    assert state.hand_sizes == (dealt,) * players
    assert state.deck == deck == 78 - players * dealt - 1


@pytest.mark.parametrize("players", [1, 2, 8])
def test_a_game_seats_three_to_seven_players(players):
    error = refused("ty.player_count", ty.initial, {"players": [f"P{i}" for i in range(players)]})
    assert error.ruling.clause == "人数" and error.ruling.params["count"] == players


def test_the_start_player_must_sit_at_the_table():
    refused("setup.first_leader", ty.initial, {"players": ["A", "B", "C"], "first_leader": 3})
    assert ty.start_choices(["A", "B", "C", "D"]) == (0, 1, 2, 3)


def test_a_new_game_waits_for_the_starting_card_then_the_start_player_begins():
    state = new_game(first=2, start=None)
    assert state.phase == "start" and state.expected_seat is None and state.start is None
    refused("ty.start_first", ty.apply, state, lay(2, 1, 0, "SK"))
    state = ty.apply(state, Event("start", {"card": "sq"}))
    assert state.phase == "turn" and state.expected_seat == 2
    assert at(state) == {(0, 0): "SQ"}
    assert keys(ty.rulings(state)) == [("ty.start_card", "準備")]
    refused("ty.start_already", ty.apply, state, Event("start", {"card": "HQ"}))


def test_the_starting_card_may_come_with_the_setup():
    state = ty.initial({"players": ["A", "B", "C"], "first_leader": 1, "start_card": "HA"})
    assert state.phase == "turn" and at(state) == {(0, 0): "HA"} and state.expected_seat == 1
    refused("ty.card_malformed", ty.initial, {"players": ["A", "B", "C"], "start_card": "?"})


def test_the_match_limit_is_minus_20_by_default_and_a_table_option():
    assert ty.OPTIONS == (ty.LIMIT, ty.SCORES_ONLY)
    assert new_game().setup.limit == -20 and not new_game().setup.scores_only
    assert new_game(match_limit=-30).setup.limit == -30
    refused("option.out_of_range", new_game, match_limit=5)
    refused("input.not_integer", new_game, match_limit="-20")
    refused("input.not_bool", new_game, scores_only="yes")


# --------------------------------------------------------------------------- the rulebook's example


def example(upto: str) -> ty.State:
    """The example of A, played up to and including `upto`."""
    state = ty.apply(ty.initial({"players": EXAMPLE_PLAYERS, "first_leader": ALICE}), Event("start", {"card": "SQ"}))
    state = turn(state, ALICE, (0, 1, "HQ"))  # ハートのQをスペードのQの上側に
    if upto == "alice":
        return state
    state = turn(state, BETTY, (-1, 0, "SK"))  # スペードのKをスペードのQの左側に
    if upto == "betty":
        return state
    state = turn(state, CATHERINE, (1, 1, "HK"))  # ハートのKをハートのQの「右側」に
    if upto == "catherine":
        return state
    state = turn(state, DOLLY, (2, 1, "HA"), (2, 0, "LA"), (2, -1, "CA"))  # 続けて下方向に
    if upto == "dolly":
        return state
    return turn(state, ELSA, (3, -1, "C2"))  # クラブの2をクラブのAの右側に


def test_example_the_spade_q_starts_in_the_middle():
    state = ty.apply(ty.initial({"players": EXAMPLE_PLAYERS}), Event("start", {"card": "SQ"}))
    assert at(state) == {(0, 0): "SQ"}
    assert text(ty.rulings(state)[0], EXAMPLE_PLAYERS) == "♠ spade Q is turned up as the starting card, at 0,0; Alice starts."


def test_example_alice_lays_the_heart_q_above_the_spade_q_same_rank():
    start = ty.apply(ty.initial({"players": EXAMPLE_PLAYERS}), Event("start", {"card": "SQ"}))
    assert ty.state_spots(start, "HQ") == ((0, -1), (0, 1))
    state = ty.apply(start, lay(ALICE, 0, 1, "HQ"))
    assert keys(ty.rulings(state)) == [("ty.laid", "A:プレー"), ("ty.fits_below", "A:縦")]
    assert text(ty.rulings(state)[1]) == "♥ heart Q has the same rank as ♠ spade Q below it."
    state = ty.apply(state, done(ALICE))
    assert state.expected_seat == BETTY and state.hand_sizes == (9, 10, 10, 10, 10)


def test_example_betty_lays_the_spade_k_left_of_the_spade_q_one_rank_apart():
    state = example("betty")
    assert at(state)[(-1, 0)] == "SK"
    assert state.turns[-1].cards[0].card == card("SK")


def test_example_catherine_lays_the_heart_k_right_of_the_heart_q():
    before = example("betty")
    after = ty.apply(before, lay(CATHERINE, 1, 1, "HK"))
    assert keys(ty.rulings(after)) == [("ty.laid", "A:プレー"), ("ty.fits_left", "A:横")]
    # The text stresses 「右側」: the heart K would also fit left of the heart Q (above the spade
    # K, a K as well), or below the spade K.
    assert ty.state_spots(before, "HK") == ((-1, -1), (-1, 1), (1, 1))


def test_example_dolly_lays_three_cards_the_heart_a_then_two_aces_downwards():
    before = example("catherine")
    state = ty.apply(before, lay(DOLLY, 2, 1, "HA"))  # K and A one apart
    assert ty.rulings(state)[1] == Ruling("ty.fits_left", "A:横", {"card": CardRef("HA"), "other": CardRef("HK")})
    assert ty.state_spots(state, "LA") == ((2, 0), (2, 2))  # only next to the heart A, just played
    state = ty.apply(state, lay(DOLLY, 2, 0, "LA"))
    assert keys(ty.rulings(state))[0] == ("ty.laid", "A:追加")
    assert ty.state_spots(state, "CA") == ((2, -1),)  # the line now runs down
    state = run(state, lay(DOLLY, 2, -1, "CA"), done(DOLLY))
    assert at(state) == {(0, 0): "SQ", (0, 1): "HQ", (-1, 0): "SK", (1, 1): "HK", (2, 1): "HA", (2, 0): "LA",
                         (2, -1): "CA"}
    assert state.hand_sizes == (9, 9, 9, 7, 10) and state.expected_seat == ELSA
    assert state.newest == ((2, 1), (2, 0), (2, -1))


def test_example_elsa_cannot_lay_the_spade_j_anywhere():
    state = example("dolly")
    assert ty.state_spots(state, "SJ") == ()
    # Right of the spade Q it would fit the Q, but the heart K above it is another rank.
    r = refusal(state, lay(ELSA, 1, 0, "SJ"))
    assert (r.key, r.clause) == ("ty.vertical_above", "A:すべて")
    assert r.params["other"] == CardRef("HK")
    assert text(r) == ("♠ spade J cannot go at 1,0: ♥ heart K above it has another rank "
                       "(cards above and below each other have the same rank).")
    # Left of the spade K: the same suit, but two ranks away.
    r = refusal(state, lay(ELSA, -2, 0, "SJ"))
    assert (r.key, r.clause, r.params["other"]) == ("ty.horizontal_rank_right", "A:横", CardRef("SK"))
    answer = ty.judge({"ask": "spots", "grid": grid_json(state), "card": "SJ"})
    assert answer["spots"] == [] and keys(answer["rulings"]) == [("ty.spots_none", "A:すべて")]


def test_example_elsa_lays_the_club_2_right_of_the_club_a():
    before = example("dolly")
    assert ty.state_spots(before, "C2") == ((1, -1), (3, -1))
    state = example("elsa")
    assert at(state)[(3, -1)] == "C2" and state.hand_sizes == (9, 9, 9, 7, 9) and state.expected_seat == ALICE


# --------------------------------------------------------------------------- where a card may go


def test_a_vertical_neighbour_of_another_rank_is_refused_naming_it():
    state = new_game()
    r = refusal(state, lay(0, 0, 1, "HJ"))
    assert (r.key, r.clause) == ("ty.vertical_below", "A:縦")
    assert r.params == {"card": CardRef("HJ"), "x": 0, "y": 1, "other": CardRef("SQ")}
    r = refusal(state, lay(0, 0, -1, "LK"))
    assert (r.key, r.params["other"]) == ("ty.vertical_above", CardRef("SQ"))


def test_a_horizontal_neighbour_of_another_suit_is_refused_naming_it():
    state = new_game()
    r = refusal(state, lay(0, 1, 0, "HK"))
    assert (r.key, r.clause, r.params["other"]) == ("ty.horizontal_suit_left", "A:横", CardRef("SQ"))
    r = refusal(state, lay(0, -1, 0, "HJ"))
    assert r.key == "ty.horizontal_suit_right"
    assert "another suit" in text(r)


def test_a_horizontal_neighbour_not_one_rank_away_is_refused():
    state = new_game()
    for code in ("S10", "S2", "SA", "S9"):
        r = refusal(state, lay(0, 1, 0, code))
        assert (r.key, r.clause) == ("ty.horizontal_rank_left", "A:横")


@pytest.mark.parametrize("x", [1, -1])
def test_horizontal_neighbours_may_be_one_rank_up_or_down(x):
    for code in ("SJ", "SK"):
        state = ty.apply(new_game(), lay(0, x, 0, code))
        assert at(state)[(x, 0)] == code


def test_the_wrap_k_a_both_ways():
    king = new_game(start="DK")
    assert ty.state_spots(king, "DA") == ((-1, 0), (1, 0))  # A after K
    ace = new_game(start="DA")
    assert ty.state_spots(ace, "DK") == ((-1, 0), (1, 0))  # K before A
    assert ty.state_spots(ace, "D2") == ((-1, 0), (1, 0))
    assert ty.state_spots(king, "D2") == () and ty.state_spots(new_game(start="DQ"), "DA") == ()
    state = turn(ace, 0, (1, 0, "DK"), (2, 0, "DQ"))
    assert at(state) == {(0, 0): "DA", (1, 0): "DK", (2, 0): "DQ"}


def test_a_card_must_fit_every_neighbour_citing_every_neighbour_when_it_fits_one():
    # HQ above SQ; SK left of SQ; a card at -1,1 has SK below and HQ on its right.
    state = turn(turn(new_game(), 0, (0, 1, "HQ")), 1, (-1, 0, "SK"))
    assert (-1, 1) in ty.state_spots(state, "HK")  # the heart K fits both SK below and HQ right
    r = refusal(state, lay(2, -1, 1, "HJ"))  # fits HQ on its right, not SK below
    assert (r.key, r.clause) == ("ty.vertical_below", "A:すべて")
    r = refusal(state, lay(2, -1, 1, "LK"))  # fits SK below, not HQ on its right
    assert (r.key, r.clause) == ("ty.horizontal_suit_right", "A:すべて")
    r = refusal(state, lay(2, -1, 1, "C5"))  # fits neither: the first rule broken
    assert (r.key, r.clause) == ("ty.vertical_below", "A:縦")
    state = ty.apply(state, lay(2, -1, 1, "HK"))
    assert keys(ty.rulings(state))[1:] == [("ty.fits_below", "A:縦"), ("ty.fits_right", "A:横")]


def test_a_card_that_touches_no_card_is_refused():
    r = refusal(new_game(), lay(0, 2, 0, "SK"))
    assert (r.key, r.clause) == ("ty.not_adjacent", "A:隣接")
    r = refusal(new_game(), lay(0, 1, 1, "HQ"))  # a diagonal is not next to
    assert r.key == "ty.not_adjacent"


def test_a_spot_already_taken_is_refused():
    r = refusal(new_game(), lay(0, 0, 0, "HQ"))
    assert (r.key, r.clause, r.params["other"]) == ("ty.occupied", "A:隣接", CardRef("SQ"))


def test_a_card_already_in_the_layout_is_refused():
    state = ty.apply(new_game(), lay(0, 0, 1, "HQ"))
    r = refusal(state, lay(0, 0, 2, "HQ"))
    assert (r.key, r.params) == ("ty.card_on_layout", {"card": CardRef("HQ"), "x": 0, "y": 1})


@pytest.mark.parametrize("direction, cards, positions", [
    ("right", ["SK", "SA", "S2"], [(1, 0), (2, 0), (3, 0)]),
    ("left", ["SJ", "S10", "S9"], [(-1, 0), (-2, 0), (-3, 0)]),
    ("up", ["HQ", "LQ", "CQ"], [(0, 1), (0, 2), (0, 3)]),
    ("down", ["HQ", "LQ", "CQ"], [(0, -1), (0, -2), (0, -3)]),
])
def test_a_turn_lays_several_cards_in_a_line_in_each_direction(direction, cards, positions):
    state = new_game()
    for i, (code, (x, y)) in enumerate(zip(cards, positions)):
        state = ty.apply(state, lay(0, x, y, code))
        assert state.expected_seat == 0 and len(state.current) == i + 1
    state = ty.apply(state, done(0))
    assert [at(state)[p] for p in positions] == cards
    assert state.expected_seat == 1 and state.hand_sizes[0] == 10 - 3
    assert len(state.turns) == 1 and [laid.card.code for laid in state.turns[0].cards] == cards
    assert keys(ty.rulings(state)) == [("ty.turn_done", "A:追加"), ("ty.next_turn", "進行")]


def test_a_bent_line_is_refused():
    state = run(new_game(), lay(0, 1, 0, "SK"), lay(0, 2, 0, "SA"))
    r = refusal(state, lay(0, 2, 1, "HA"))  # next to the ace just played, but turning up
    assert (r.key, r.clause) == ("ty.not_in_line", "A:1直線")
    assert r.params["first"] == CardRef("SK") and r.params["previous"] == CardRef("SA")
    # The same card starting a turn of its own is fine.
    assert at(run(state, done(0), lay(1, 2, 1, "HA")))[(2, 1)] == "HA"


def test_a_turn_bending_after_its_second_card_is_refused_even_where_the_card_fits():
    state = run(new_game(), lay(0, 0, 1, "HQ"), lay(0, 0, 2, "LQ"))
    r = refusal(state, lay(0, 1, 2, "LK"))  # fits LQ on its left, but the line runs up
    assert r.key == "ty.not_in_line"
    assert ty.state_spots(state, "CQ") == ((0, 3),)


def test_a_later_card_must_touch_the_card_just_played():
    state = ty.apply(new_game(), lay(0, 1, 0, "SK"))
    r = refusal(state, lay(0, -1, 0, "SJ"))  # next to the layout, not to the king just played
    assert (r.key, r.clause) == ("ty.not_next_to_previous", "A:直前")
    assert r.params["previous"] == CardRef("SK") and (r.params["px"], r.params["py"]) == (1, 0)


def test_a_line_cannot_go_back_past_its_first_card():
    state = run(new_game(start="S5"), lay(0, 1, 0, "S6"), lay(0, 2, 0, "S7"))
    r = refusal(state, lay(0, -1, 0, "S4"))
    assert r.key == "ty.not_next_to_previous"
    r = refusal(state, lay(0, 1, 0, "S8"))
    assert r.key == "ty.occupied"


def test_the_second_card_may_go_any_way_from_the_first():
    state = ty.apply(new_game(), lay(0, 1, 0, "SK"))
    assert ty.state_spots(state, "HK") == ((1, -1), (1, 1))
    assert ty.state_spots(state, "SA") == ((2, 0),)


def test_the_checks_come_in_the_judges_order():
    state = run(new_game(), lay(0, 1, 0, "SK"), lay(0, 2, 0, "SA"))
    assert refusal(state, lay(0, 0, 0, "HK")).key == "ty.occupied"
    assert refusal(state, lay(0, 0, 1, "HK")).key == "ty.not_next_to_previous"
    assert refusal(state, lay(0, 2, 1, "LK")).key == "ty.not_in_line"  # also the wrong rank
    assert refusal(state, lay(0, 3, 0, "H2")).key == "ty.horizontal_suit_left"


# --------------------------------------------------------------------------- turns, passes, the deck


def test_play_goes_clockwise_from_the_start_player_and_refuses_other_seats():
    state = new_game(players=4, first=3)
    r = refusal(state, lay(0, 0, 1, "HQ"))
    assert (r.key, r.clause, r.params) == ("ty.not_your_turn", "進行", {"seat": SeatRef(3)})
    state = turn(state, 3, (0, 1, "HQ"))
    assert state.expected_seat == 0
    state = ty.apply(state, pass_(0))
    assert state.expected_seat == 1


def test_a_turn_with_cards_ends_only_with_done_and_cannot_become_a_pass():
    state = ty.apply(new_game(), lay(0, 0, 1, "HQ"))
    r = refusal(state, pass_(0))
    assert (r.key, r.clause) == ("ty.pass_after_lay", "進行")
    assert refusal(state, lay(1, 0, -1, "LQ")).key == "ty.not_your_turn"
    assert refusal(new_game(), done(0)).key == "ty.done_without_cards"


def test_a_pass_draws_a_card_while_the_deck_lasts_then_draws_nothing():
    state = new_game(players=7)  # 21 cards in the deck
    assert state.deck == 21
    state = ty.apply(state, pass_(0))
    assert state.deck == 20 and state.hand_sizes[0] == 9 and state.drawn[0] == 1
    assert keys(ty.rulings(state)) == [("ty.pass_draw", "B:パス"), ("ty.passes_in_row", "終了"),
                                       ("ty.next_turn", "進行")]
    state = passes(state, 5)
    for y, code in ((1, "HQ"), (2, "LQ"), (3, "CQ")):  # seat 6 lays a card each round: no end
        state = turn(state, 6, (0, y, code))
        state = passes(state, 6 if y < 3 else 3)
    assert state.deck == 0 and state.passes == 3 and state.drawn == (4, 4, 4, 3, 3, 3, 0)
    assert state.hand_sizes == (12, 12, 12, 11, 11, 11, 5)
    state = ty.apply(state, pass_(3))
    assert state.deck == 0 and state.hand_sizes[3] == 11 and state.drawn[3] == 3
    assert keys(ty.rulings(state))[0] == ("ty.pass_no_draw", "B:パス")


def test_hand_sizes_are_dealt_minus_laid_plus_drawn():
    state = new_game(players=3)
    state = turn(state, 0, (1, 0, "SK"), (2, 0, "SA"))
    state = run(state, pass_(1), pass_(2))
    state = turn(state, 0, (0, 1, "HQ"))
    state = ty.apply(state, pass_(1))
    state = turn(state, 2, (0, 2, "LQ"))
    assert state.hand_sizes == (15 - 3, 15 + 2, 15 + 1 - 1)
    assert state.drawn == (0, 2, 1) and [state.laid_by(s) for s in range(3)] == [3, 0, 1]
    assert state.deck == 32 - 3


def test_everyone_passing_in_a_row_ends_the_game_and_a_lay_restarts_the_count():
    state = passes(new_game(players=3), 2)
    state = turn(state, 2, (0, 1, "HQ"))
    assert state.passes == 0
    state = passes(state, 2)
    assert state.phase == "turn"
    state = passes(state, 1)
    assert state.ended == "passes" and state.phase == "hands" and state.went_out is None
    assert keys(ty.rulings(state)) == [("ty.pass_draw", "B:パス"), ("ty.all_passed", "終了"),
                                       ("ty.enter_hands", "得点計算")]
    assert state.awaited_hands == (0, 1, 2)
    r = refusal(state, pass_(state.seat))
    assert (r.key, r.params) == ("ty.hands_now", {"seats": SeatsRef((0, 1, 2))})


def out_game() -> ty.State:
    """7 players; seat 0 lays S6 to SK in one line from the starting S5 and is out (8 cards)."""
    state = new_game(players=7, start="S5")
    codes = ["S6", "S7", "S8", "S9", "S10", "SJ", "SQ"]
    state = run(state, *(lay(0, i + 1, 0, code) for i, code in enumerate(codes)))
    assert state.phase == "turn" and state.hand_sizes[0] == 1
    return ty.apply(state, lay(0, 8, 0, "SK"))


def test_laying_the_last_card_ends_the_game_at_once():
    state = out_game()
    assert state.ended == "out" and state.went_out == 0 and state.phase == "hands"
    assert state.hand_sizes[0] == 0 and len(state.turns) == 1 and not state.current
    assert keys(ty.rulings(state))[-2:] == [("ty.went_out", "終了"), ("ty.enter_hands", "得点計算")]
    assert state.awaited_hands == (1, 2, 3, 4, 5, 6)
    assert refusal(state, done(0)).key == "ty.hands_now"
    assert refusal(state, hand(0)).key == "ty.hand_went_out"
    assert ty.outcome(state).points == (5, 0, 0, 0, 0, 0, 0) and not ty.outcome(state).over


# --------------------------------------------------------------------------- the hands and the score


def test_the_rulebooks_scoring_example_loses_4_times_3_is_12():
    answer = ty.judge({"ask": "score", "hands": [["S3", "S5", "S9", "SK", "H6", "HQ", "X7"], [], ["D2"]]})
    assert answer["points"] == [-12, 5, -1] and answer["winners"] == [1]
    r = answer["rulings"][0]
    assert (r.key, r.clause, r.params["largest"], r.params["suits"], r.params["points"]) == (
        "ty.hand_points", "得点計算", 4, 3, -12)
    assert text(r) == "Player A holds 4 of the most common suit and 3 suits: -12."
    assert ty.Hand(0, ty.counts_of([card(c) for c in ("S3", "S5", "S9", "SK", "H6", "HQ", "X7")])).points == -12


def test_hands_at_the_end_are_checked_against_the_size_kept_then_scored():
    state = out_game()  # each other player holds 8 cards
    r = refusal(state, counts(1, S=3, H=4))
    assert (r.key, r.params["expected"], r.params["count"]) == ("ty.hand_size", 8, 7)
    assert text(r, None) == "Player B should hold 8 cards (dealt 8, laid 0, drew 0), not 7."
    state = ty.apply(state, counts(1, H=4, L=2, D=2))
    assert state.hands[1].points == -4 * 3 and keys(ty.rulings(state)) == [("ty.hand_points", "得点計算")]
    assert refusal(state, counts(1, H=8)).key == "ty.hand_already"
    state = ty.apply(state, hand(2, "LA", "L2", "L3", "L4", "L5", "L6", "L7", "L8"))
    assert state.hands[2].points == -8
    r = refusal(state, counts(3, L=6, X=2))  # hands 1 and 2 hold 10 leaves: 3 are left
    assert (r.key, r.params["room"], r.params["suit"]) == ("ty.suit_overflow", 3, SuitRef("L"))
    r = refusal(state, hand(3, "L9", "L10", "LJ", "LQ", "LK", "L2", "X2", "X3"))
    assert (r.key, r.params["other"]) == ("ty.hand_card_twice", SeatRef(2))
    r = refusal(state, hand(3, "S6", "X2", "X3", "X4", "X5", "X6", "X7", "X8"))
    assert r.key == "ty.hand_card_on_layout"
    for seat in (3, 4, 5):
        state = ty.apply(state, counts(seat, X=4, C=4) if seat == 3 else counts(seat, D=1, C=2, H=1, S=0, X=4))
    assert not state.is_over and state.expected_seat == 6
    state = ty.apply(state, hand(6, "C9", "CK", "H2", "H3", "D3", "D4", "S2", "S3"))
    assert state.is_over and state.phase == "over"
    assert state.points == (5, -12, -8, -8, -16, -16, -8)
    assert state.winners == (0,)
    assert keys(ty.rulings(state))[-1] == ("ty.game_best", "得点計算")
    outcome = ty.outcome(state)
    assert outcome == Outcome((5, -12, -8, -8, -16, -16, -8), True, (1, 5, 2, 2, 6, 6, 2),
                              facts={"limit": -20, "went_out": 0, "ended": "out", "start_player": 0})
    assert refusal(state, counts(1)).key == "ty.game_over"


def test_hands_are_entered_only_once_the_game_is_over():
    assert refusal(new_game(), counts(0, S=10)).key == "ty.hand_too_early"


@pytest.mark.parametrize("payload, key", [
    ({"seat": 1}, "ty.hand_counts_or_cards"),
    ({"seat": 1, "counts": {}, "cards": []}, "ty.hand_counts_or_cards"),
    ({"seat": 1, "counts": [8]}, "ty.counts_malformed"),
    ({"seat": 1, "counts": {"Z": 8}}, "ty.suit_unknown"),
    ({"seat": 1, "counts": {"S": -1}}, "ty.count_range"),
    ({"seat": 1, "counts": {"S": 14}}, "ty.count_range"),
    ({"seat": 1, "counts": {"S": True}}, "ty.count_range"),
    ({"seat": 1, "counts": {"S": "8"}}, "ty.count_range"),
    ({"seat": 1, "cards": "H2.H3"}, "input.not_list"),
    ({"seat": 1, "cards": ["H2", "H2"]}, "ty.card_twice"),
    ({"seat": 9, "counts": {"S": 8}}, "ty.seat_unknown"),
    ({"seat": "1", "counts": {"S": 8}}, "input.not_integer"),
])
def test_a_malformed_hand_is_refused_by_name(payload, key):
    refused(key, ty.apply, out_game(), Event("hand", payload))


def test_after_everyone_passes_every_hand_is_entered_and_the_fewest_suits_do_best():
    state = passes(new_game(players=3, start="DA"), 3)  # each holds 16 now
    state = ty.apply(state, counts(0, D=12, S=4))
    state = ty.apply(state, counts(2, L=13, X=3))
    state = ty.apply(state, counts(1, H=13, C=3))
    assert state.is_over and state.points == (-24, -26, -26) and state.winners == (0,)
    assert ty.outcome(state).places == (1, 2, 2)


def test_with_scores_only_just_the_hands_are_entered():
    state = ty.initial({"players": ["A", "B", "C", "D"], "first_leader": 1, "options": {"scores_only": True}})
    assert state.phase == "hands" and state.awaited_hands == (0, 1, 2, 3) and state.expected_seat == 0
    assert refusal(state, Event("start", {"card": "SQ"})).key == "ty.scores_only"
    assert refusal(state, lay(1, 0, 1, "HQ")).key == "ty.scores_only"
    state = ty.apply(state, counts(2))
    assert state.points == (0, 0, 5, 0)
    r = refusal(state, hand(0))
    assert (r.key, r.params) == ("ty.second_empty", {"seat": SeatRef(0), "other": SeatRef(2)})
    state = run(state, hand(0, "S3", "S5", "S9", "SK", "H6", "HQ", "X7"), counts(1, D=13))
    assert refusal(state, counts(0, D=1)).key == "ty.hand_already"
    state = ty.apply(state, counts(3, L=13, C=13))
    assert refusal(state, counts(3, D=1)).key == "ty.game_over"
    assert state.is_over and state.points == (-12, -13, 5, -26)
    assert state.went_out == 2 and state.ended == "out"
    r = refusal(ty.apply(ty.initial({"players": ["A", "B", "C"], "options": {"scores_only": True}}), counts(0, D=13)),
                counts(1, D=1))
    assert r.key == "ty.suit_overflow"


def test_scores_only_with_nobody_out_means_everyone_passed():
    state = ty.initial({"players": ["A", "B", "C"], "options": {"scores_only": True}})
    state = run(state, counts(0, D=3), counts(1, S=1, H=1), counts(2, L=2, X=2, C=1))
    assert state.ended == "passes" and state.went_out is None and state.points == (-3, -2, -6)


# --------------------------------------------------------------------------- undo and replay


def test_replay_of_a_log_with_undos_equals_the_state_built_step_by_step():
    setup = {"players": ["A", "B", "C"], "first_leader": 0}
    log = [Event("start", {"card": "SQ"}), lay(0, 0, 1, "HQ"), Event(base.UNDO), lay(0, 1, 0, "SK"),
           lay(0, 2, 0, "SA"), Event(base.UNDO), done(0), pass_(1), Event(base.UNDO), pass_(1)]
    done_ = base.replay(ty.initial, ty.apply, setup, log)
    expected = run(ty.initial(setup), Event("start", {"card": "SQ"}), lay(0, 1, 0, "SK"), done(0), pass_(1))
    assert done_.state == expected
    assert at(done_.state) == {(0, 0): "SQ", (1, 0): "SK"} and done_.state.deck == 31
    assert done_.state.expected_seat == 2


def test_the_log_survives_json():
    setup = {"players": ["A", "B", "C"], "first_leader": 0, "options": {"match_limit": -30}}
    log = [Event("start", {"card": "SQ"}), lay(0, 0, 1, "HQ"), done(0)]
    again = [Event(e.kind, json.loads(json.dumps(dict(e.payload)))) for e in log]
    assert base.replay(ty.initial, ty.apply, json.loads(json.dumps(setup)), again).state == \
        base.replay(ty.initial, ty.apply, setup, log).state


def test_an_unknown_entry_is_refused():
    assert refusal(new_game(), Event("play", {"seat": 0})).key == "input.unknown_event"
    assert refusal(new_game(), Event("accept", {"seat": 0})).key == "input.unknown_event"
    assert ty.audit(new_game()) == ()


@pytest.mark.parametrize("payload, key", [
    ({"seat": 0, "x": "1", "y": 0, "card": "SK"}, "input.not_integer"),
    ({"seat": 0, "x": 1, "card": "SK"}, "input.not_integer"),
    ({"seat": 0, "x": 1, "y": True, "card": "SK"}, "input.not_integer"),
    ({"seat": 0, "x": 1, "y": 0}, "ty.card_malformed"),
    ({"seat": 0, "x": 10**12, "y": 0, "card": "SK"}, "ty.not_adjacent"),
    ({"x": 1, "y": 0, "card": "SK"}, "input.not_integer"),
])
def test_a_malformed_lay_is_refused_by_name(payload, key):
    refused(key, ty.apply, new_game(), Event("lay", payload))


# --------------------------------------------------------------------------- the match


def outcome(*points: int, limit: int = -20) -> Outcome:
    return Outcome(tuple(points), True, (), facts={"limit": limit})


def test_the_match_lasts_as_many_games_as_players():
    games = [outcome(5, -3, -4), outcome(-2, 5, -6), outcome(-1, -1, 5)]
    assert not ty.evening(games[:2], 3).over
    evening = ty.evening(games, 3)
    assert evening.over and evening.totals == (2, 1, -5) and evening.leaders == (0,)
    assert evening.note is not None and (evening.note.key, evening.note.clause) == ("ty.match_over_games",
                                                                                    "ゲームを繰り返す場合")


def test_the_match_ends_once_a_total_is_below_the_limit_and_the_limit_itself_plays_on():
    at_limit = ty.evening([outcome(5, -20, -4, -1)], 4)
    assert not at_limit.over and at_limit.note.key == "ty.match_on"
    below = ty.evening([outcome(5, -20, -4, -1), outcome(-1, -1, 5, -2)], 4)
    assert below.over and below.totals == (4, -21, 1, -3) and below.leaders == (0,)
    assert below.note.key == "ty.match_over_limit" and below.note.params["below"] == SeatsRef((1,))
    assert "below -20" in text(below.note)


def test_the_match_uses_the_limit_the_table_chose():
    assert ty.evening([outcome(5, -12, -4, limit=-10)], 3).over
    assert not ty.evening([outcome(5, -12, -4, limit=-20)], 3).over
    assert not ty.evening([], 3).over


def test_a_game_still_being_entered_counts_in_the_totals_but_not_in_the_end():
    unfinished = Outcome((5, 0, -30), False, (), facts={"limit": -20})
    evening = ty.evening([outcome(-1, 5, -3), unfinished], 3)
    assert not evening.over and evening.totals == (4, 5, -33)


def test_the_next_game_starts_left_of_the_last_start_player_with_the_same_options():
    state = new_game(players=4, first=3, match_limit=-40)
    assert ty.next_setup(state) == {"first_leader": 0, "options": {"match_limit": -40, "scores_only": False}}
    nxt = ty.initial({"players": ["a", "b", "c", "d"], **ty.next_setup(state)})
    assert nxt.phase == "start" and nxt.seat == 0


# --------------------------------------------------------------------------- the judge


def test_judge_place_answers_a_legal_three_card_turn():
    state = example("catherine")
    answer = ty.judge({"ask": "place", "grid": grid_json(state),
                       "cards": [["2,1", "HA"], ["2,0", "LA"], ["2,-1", "CA"]]})
    assert (answer["legal"], answer["card"], answer["reason"]) == (True, None, None)
    assert keys(answer["rulings"]) == [("ty.may_go", "A:プレー"), ("ty.fits_left", "A:横"),
                                       ("ty.may_go", "A:追加"), ("ty.fits_above", "A:縦"),
                                       ("ty.may_go", "A:追加"), ("ty.fits_above", "A:縦"),
                                       ("ty.line_ok", "A:1直線")]


@pytest.mark.parametrize("cards, index, reason", [
    ([["0,0", "HA"]], 0, "occupied"),
    ([["5,5", "HA"]], 0, "not_adjacent"),
    ([["2,1", "HA"], ["3,0", "LA"]], 1, "not_next_to_previous"),
    ([["2,1", "HA"], ["2,0", "LA"], ["3,0", "L2"]], 2, "not_in_line"),
    ([["2,1", "HA"], ["2,0", "LA"], ["2,-1", "C2"]], 2, "vertical"),
    ([["2,1", "HA"], ["3,1", "S2"]], 1, "horizontal"),
    ([["2,1", "HA"], ["2,1", "S2"]], 1, "occupied"),
    ([["1,0", "SJ"]], 0, "vertical"),
])
def test_judge_place_reports_the_first_bad_card_and_its_first_broken_rule(cards, index, reason):
    answer = ty.judge({"ask": "place", "grid": grid_json(example("catherine")), "cards": cards})
    assert (answer["legal"], answer["card"], answer["reason"]) == (False, index, reason)
    assert answer["rulings"][-1].clause in ty.clauses.ALL
    assert [r.key for r in answer["rulings"]].count("ty.may_go") == index


def test_judge_spots_lists_free_spots_by_x_then_y():
    answer = ty.judge({"ask": "spots", "grid": {"0,0": "SQ"}, "card": "SK"})
    assert answer["spots"] == ["-1,0", "1,0"]
    assert text(answer["rulings"][0]) == "♠ spade K may go at 2 spots: -1,0; 1,0."
    answer = ty.judge({"ask": "spots", "grid": {"0,0": "SQ", "0,1": "HQ"}, "card": "LQ"})
    assert answer["spots"] == ["0,-1", "0,2"]


def test_judge_score_and_match():
    answer = ty.judge({"ask": "score", "hands": [["S3", "HA"], ["D4"], ["X2", "X3"]]})
    assert answer["points"] == [-2, -1, -2] and answer["winners"] == [1]
    answer = ty.judge({"ask": "match", "games": [[5, -12, -4], [-2, 5, -9]]})
    assert answer["totals"] == [3, -7, -13] and answer["over"] is False and answer["winners"] == [0]
    answer = ty.judge({"ask": "match", "games": [[5, -8, -4], [-2, 5, -9]], "limit": -10})
    assert answer["over"] is True and keys(answer["rulings"]) == [("ty.match_over_limit", "ゲームを繰り返す場合")]
    answer = ty.judge({"ask": "match", "games": [[5, -12, -4], [-2, 5, -9], [-1, -1, 5]], "limit": None})
    assert answer["over"] is True and answer["totals"] == [2, -8, -8] and answer["winners"] == [0]
    answer = ty.judge({"ask": "match", "games": [[5, -10, -10]], "limit": -10})
    assert answer["over"] is False


BAD = [
    ({"ask": "place", "cards": [["1,0", "SK"]]}, "input.missing"),
    ({"ask": "place", "grid": [], "cards": [["1,0", "SK"]]}, "ty.grid_malformed"),
    ({"ask": "place", "grid": {}, "cards": [["1,0", "SK"]]}, "ty.grid_no_start"),
    ({"ask": "place", "grid": {"1,0": "SQ"}, "cards": [["2,0", "SK"]]}, "ty.grid_no_start"),
    ({"ask": "place", "grid": {"0,0": "SQ", "0,1": "HK"}, "cards": [["1,0", "SK"]]}, "ty.grid_vertical"),
    ({"ask": "place", "grid": {"0,0": "SQ", "1,0": "S10"}, "cards": [["-1,0", "SK"]]}, "ty.grid_horizontal"),
    ({"ask": "place", "grid": {"0,0": "SQ", "2,0": "SA"}, "cards": [["-1,0", "SK"]]}, "ty.grid_disconnected"),
    ({"ask": "place", "grid": {"0,0": "SQ", "1,0": "SQ"}, "cards": [["-1,0", "SK"]]}, "ty.card_twice"),
    ({"ask": "place", "grid": {"0,0": "SQ", "0, 0": "HQ"}, "cards": [["-1,0", "SK"]]}, "ty.position_twice"),
    ({"ask": "place", "grid": {"0;0": "SQ"}, "cards": [["-1,0", "SK"]]}, "ty.position_malformed"),
    ({"ask": "place", "grid": {"0,0": "SQ"}, "cards": [["-1,0", "SQ"]]}, "ty.card_twice"),
    ({"ask": "place", "grid": {"0,0": "SQ"}, "cards": [["-1,0", "SK"], ["-2,0", "SK"]]}, "ty.card_twice"),
    ({"ask": "place", "grid": {"0,0": "SQ"}, "cards": []}, "ty.no_cards"),
    ({"ask": "place", "grid": {"0,0": "SQ"}, "cards": "SK"}, "input.not_list"),
    ({"ask": "place", "grid": {"0,0": "SQ"}, "cards": [["-1,0"]]}, "ty.cards_item_malformed"),
    ({"ask": "place", "grid": {"0,0": "SQ"}, "cards": [{"at": "-1,0"}]}, "ty.cards_item_malformed"),
    ({"ask": "place", "grid": {"0,0": "SQ"}, "cards": [[[-1, 0], "SK"]]}, "ty.position_malformed"),
    ({"ask": "place", "grid": {"0,0": "SQ"}, "cards": [["1000,0", "SK"]]}, "ty.position_malformed"),
    ({"ask": "place", "grid": {"0,0": "S1"}, "cards": [["-1,0", "SK"]]}, "ty.card_unknown_rank"),
    ({"ask": "spots", "grid": {"0,0": "SQ"}}, "input.missing"),
    ({"ask": "spots", "grid": {"0,0": "SQ"}, "card": "SQ"}, "ty.card_twice"),
    ({"ask": "spots", "grid": {"0,0": "SQ"}, "card": 5}, "ty.card_malformed"),
    ({"ask": "score", "hands": [["SA"], ["SK"]]}, "ty.player_count"),
    ({"ask": "score", "hands": [["SA"], [], []]}, "ty.second_empty"),
    ({"ask": "score", "hands": [["SA"], ["SA"], ["D2"]]}, "ty.card_twice"),
    ({"ask": "score", "hands": [["SA"], "SK", ["D2"]]}, "input.not_list"),
    ({"ask": "score", "hands": [[c.code for c in ty.DECK[:40]], [c.code for c in ty.DECK[40:]], []]},
     "ty.too_many_cards"),
    ({"ask": "match"}, "input.missing"),
    ({"ask": "match", "games": []}, "ty.match_no_games"),
    ({"ask": "match", "games": [[5, -1]]}, "ty.player_count"),
    ({"ask": "match", "games": [[5, -1, -2], [5, -1]]}, "ty.match_seats"),
    ({"ask": "match", "games": [[5, -1, True]]}, "ty.match_points_malformed"),
    ({"ask": "match", "games": [[5, -1, 1.5]]}, "ty.match_points_malformed"),
    ({"ask": "match", "games": [5, -1, -2]}, "ty.match_points_malformed"),
    ({"ask": "match", "games": [[5, 5, -2]]}, "ty.two_out"),
    ({"ask": "match", "games": [[5, 0, -2]]}, "ty.points_impossible"),
    ({"ask": "match", "games": [[5, -67, -2]]}, "ty.points_impossible"),
    ({"ask": "match", "games": [[5, -3, -2]], "limit": 3}, "option.out_of_range"),
    ({"ask": "match", "games": [[5, -3, -2]], "limit": "x"}, "input.not_integer"),
    ({"ask": "match", "games": [[5, -30, -2], [5, -3, -2]]}, "ty.match_after_end"),
    ({"ask": "match", "games": [[5, -3, -2]] * 4}, "ty.match_after_end"),
    ({"ask": "trick"}, "input.unknown_ask"),
    ([], "input.not_object"),
]


@pytest.mark.parametrize("request_, key", BAD)
def test_judge_refuses_bad_requests_with_the_right_key(request_, key):
    error = refused(key, ty.judge, request_)
    assert text(error.ruling) != key


def test_judge_answers_render_as_json_with_clause_and_text():
    ok, answer = i18n.judge(ty, {"ask": "spots", "grid": {"0,0": "SQ"}, "card": "SK"}, EN)
    assert ok and answer == {"spots": ["-1,0", "1,0"], "rulings": [
        {"clause": "A:すべて", "text": "♠ spade K may go at 2 spots: -1,0; 1,0."}]}
    ok, answer = i18n.judge(ty, {"ask": "place", "grid": {"0,0": "SQ"}, "cards": [["0,1", "HJ"]]}, EN)
    assert ok and (answer["legal"], answer["card"], answer["reason"]) == (False, 0, "vertical")
    json.dumps(answer)
    ok, answer = i18n.judge(ty, {"ask": "place", "grid": {"0,0": "SQ"}}, EN)
    assert not ok and answer["error"] == "The field “cards” is missing."


# --------------------------------------------------------------------------- the page's forms


def test_form_payloads_are_what_apply_reads():
    assert ty.form_payload("start", {"card": ["SQ"]}) == {"card": "SQ"}
    assert ty.form_payload("lay", {"seat": ["1"], "spot": ["-2,3"], "card": ["HA"]}) == {
        "seat": 1, "x": -2, "y": 3, "card": "HA"}
    assert ty.form_payload("lay", {"seat": ["1"], "x": ["4"], "y": ["-1"], "card": ["HA"]}) == {
        "seat": 1, "x": 4, "y": -1, "card": "HA"}
    assert ty.form_payload("done", {"seat": ["2"]}) == {"seat": 2}
    assert ty.form_payload("pass", {"seat": ["x"]}) == {"seat": "x"}
    assert ty.form_payload("hand", {"seat": ["0"], "count_S": ["4"], "count_H": [""], "count_X": ["a"]}) == {
        "seat": 0, "counts": {"L": 0, "X": "a", "C": 0, "H": 0, "S": 4, "D": 0}}
    assert ty.form_payload("hand", {"seat": ["0"], "cards": ["S3.s5, H6"]}) == {"seat": 0, "cards": ["S3", "s5", "H6"]}
    state = out_game()
    assert ty.apply(state, Event("hand", ty.form_payload("hand", {"seat": ["1"], "count_S": ["0"], "count_H": ["8"]})))
    refused("ty.count_range", ty.apply, state, Event("hand", ty.form_payload("hand", {"seat": ["1"], "count_X": ["a"]})))
    refused("input.not_integer", ty.apply, new_game(), Event("lay", ty.form_payload("lay", {"seat": ["0"], "spot": ["a,1"],
                                                                                               "card": ["SK"]})))


def test_quick_judge_builds_a_layout_tap_by_tap_then_asks_where_a_card_goes():
    request, shown = ty.quick_judge_request({"card": ["SQ"]})  # the first card lands at 0,0
    assert request is None and shown["layout_text"] == "0,0:SQ"
    request, shown = ty.quick_judge_request({"layout": ["0,0:SQ"], "spot": ["0,1"], "card": ["HQ"]})
    assert request is None and shown["layout_text"] == "0,0:SQ.0,1:HQ"
    request, shown = ty.quick_judge_request({"layout": ["0,0:SQ"], "spot": ["0,1"], "card": ["HJ"]})
    assert shown["layout_text"] == "0,0:SQ"  # a card no legal play puts there is dropped
    request, shown = ty.quick_judge_request({"layout": ["0,0:SQ.0,1:HQ"], "card": ["SK"]})
    assert request == {"ask": "spots", "grid": {"0,0": "SQ", "0,1": "HQ"}, "card": "SK"}
    assert shown["question"] == "SK"
    assert ty.judge(request)["spots"] == ["-1,0", "1,0"]
    request, shown = ty.quick_judge_request({"layout": ["0,0:SQ.0,1:HQ"], "back": [""]})
    assert request is None and shown["layout_text"] == "0,0:SQ"


def test_quick_judge_asks_whether_a_turn_is_legal():
    fields = {"layout": ["0,0:SQ.0,1:HQ"], "spot": ["1,0"], "card": ["HK"], "to": ["turn"]}
    request, shown = ty.quick_judge_request(fields)
    assert request == {"ask": "place", "grid": {"0,0": "SQ", "0,1": "HQ"}, "cards": [["1,0", "HK"]]}
    assert shown["turn_text"] == "1,0:HK"
    answer = ty.judge(request)
    assert (answer["legal"], answer["reason"]) == (False, "horizontal")
    request, shown = ty.quick_judge_request({"layout": ["0,0:SQ.0,1:HQ"], "turn": ["-1,0:SK"], "spot": ["-2,0"],
                                             "card": ["SA"], "to": ["turn"]})
    assert request["cards"] == [["-1,0", "SK"], ["-2,0", "SA"]] and ty.judge(request)["legal"] is True
    request, shown = ty.quick_judge_request({"layout": ["0,0:SQ"], "turn": ["-1,0:SK.x"], "back": [""]})
    assert request is None and shown["turn_text"] == "" and shown["layout_text"] == "0,0:SQ"
    request, _ = ty.quick_judge_request({"layout": ["junk.0,0:SQ"], "turn": ["9,9:SK.-1,0:SQ"]})
    assert request == {"ask": "place", "grid": {"0,0": "SQ"}, "cards": [["9,9", "SK"]]}


# --------------------------------------------------------------------------- words and the rulebook


def test_every_message_renders_and_every_cited_clause_is_in_the_rulebook():
    book = json.loads((Path(ty.clauses.__file__).parent / "rulebook.json").read_text(encoding="utf-8"))
    labels = {s["label"] for s in book["sections"]}
    assert labels == set(ty.clauses.ALL)
    assert all(r["label"] == "RULINGS" and r["about"] in labels for r in book["rulings"])
    assert book["slug"] == ty.SLUG
    assert all(key.startswith("ty.") for key in ty.MESSAGES)
    cited = {o.clause for o in ty.OPTIONS}
    for r in (example("elsa").latest + ty.rulings(out_game()) +
              tuple(ty.judge({"ask": "match", "games": [[5, -1, -1]]})["rulings"])):
        cited.add(r.clause)
        assert "%(" not in text(r)
    assert cited <= labels | {"RULINGS"}


def test_the_words_for_shared_pages():
    assert ty.SLUG == "tateyoko" and ty.NAME == "Tateyoko" and ty.PLAYER_COUNTS == (3, 4, 5, 6, 7)
    assert ty.WORDS.findings_title == "" and ty.WORDS.judge_question


def test_playable_offers_every_card_that_fits_somewhere_with_its_spots_and_nothing_outside_a_turn():
    """What the scorer's picker offers: exactly the cards with a legal spot, with those spots."""
    from tests.games.tateyoko import driver

    run = driver.play(5, players=4, scores_only=False, undo_rate=0.0)
    setup, log = run.table.setup, run.log
    state = ty.initial(setup)
    assert ty.playable(state) == {}  # the starting card comes first
    checked = 0
    for event in log:
        state = ty.apply(state, event)
        offered = ty.playable(state)
        if state.phase != "turn":
            assert offered == {}
            continue
        expected = {c.code: ty.state_spots(state, c) for c in ty.DECK if ty.state_spots(state, c)}
        assert offered == expected
        checked += 1
    assert checked > 10


def test_a_spot_is_named_by_the_cards_beside_it_vertical_ones_first():
    grid = {(0, 0): ty.parse_card("SQ"), (0, 1): ty.parse_card("HQ"), (1, 1): ty.parse_card("HK")}
    assert ty.beside(grid, (1, 0)) == (("above", ty.parse_card("HK")), ("left", ty.parse_card("SQ")))
    assert ty.beside(grid, (-1, 1)) == (("right", ty.parse_card("HQ")),)
