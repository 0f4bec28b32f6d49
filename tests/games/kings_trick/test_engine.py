"""王様トリック (King's Trick): the pure engine against the rulebook and RULINGS.md.

Rulebook: shared/rules/001_efc0a9cee1e73933.txt (clauses are its numbers, "3(3)④").
Seats are 0..n-1 clockwise; the rulebook's players A, B, C, D, E are seats 0..4, and in a
judge answer they are play indices (0 leads).
"""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from companion.rules import base
from companion.rules import kings_trick as kt
from companion.rules.kings_trick import sets as kt_sets
from companion.rules.base import CardRef, CardsRef, Event, SeatRef, SeatsRef, SuitRef
from companion.rules.contract import Outcome, option_defaults
from tests.kit.rulings import keys, refused, ruling

A, B, C, D, E = range(5)
PACKAGE = Path(kt.__file__).parent


# --------------------------------------------------------------------------- helpers


def cards(*codes: str) -> list[kt.Card]:
    return [kt.parse_card(code) for code in codes]


def resolve(*codes: str, **kwargs: Any) -> kt.TrickResult:
    return kt.resolve(cards(*codes), **kwargs)


def new_game(players: int = 4, first_leader: int = 0, **options: Any) -> kt.State:
    setup: dict[str, Any] = {"players": [f"P{i}" for i in range(players)], "first_leader": first_leader}
    if options:
        setup["options"] = options
    return kt.initial(setup)


def play(seat: int, code: str) -> Event:
    return Event("play", {"seat": seat, "card": code})


def pick(seat: int, code: str) -> Event:
    return Event("pick", {"seat": seat, "card": code})


def play_trick(state: kt.State, *codes: str) -> kt.State:
    """Lay `codes` from the expected seat on, clockwise."""
    for code in codes:
        state = kt.apply(state, play(state.expected_seat, code))
    return state


def draft(state: kt.State, *codes: str) -> kt.State:
    """Pick `codes` one at a time, each by whoever's pick it is."""
    for code in codes:
        state = kt.apply(state, pick(state.expected_seat, code))
    return state


def values(result: kt.TrickResult) -> list[str]:
    return [kt.value_text(v) for v in result.values]


def gettext_ja(message: str) -> str:
    return {"red": "赤", "black": "黒", "%(colour)s %(value)s": "%(colour)sの%(value)s", "KING": "キング",
            "orbs": "オーブ"}.get(message, message)


# --------------------------------------------------------------------------- the cards (1, 2)


def test_the_deck_has_five_colours_of_nine_and_king_queen_jester():
    assert len(kt.FULL_DECK) == 48 == len(set(kt.FULL_DECK))
    assert [c.code for c in kt.FULL_DECK[:9]] == [f"R{n}" for n in range(1, 10)]
    assert [c.code for c in kt.FULL_DECK[-3:]] == ["KING", "QUEEN", "JESTER"]
    for card in kt.FULL_DECK:
        assert kt.parse_card(card.code) == card


def test_each_number_shows_its_picture():
    # 1: each 1 an orb, each 2 a sword, each 3 a shield, 4 and 5 crystals, 6 to 9 potions.
    assert [kt.parse_card(f"G{n}").kind for n in range(1, 10)] == [
        "orb", "sword", "shield", "crystal", "crystal", "potion", "potion", "potion", "potion"]
    assert {kt.parse_card(c).kind for c in ("KING", "QUEEN", "JESTER")} == {"kqj"}
    assert kt.counts(cards("R1", "B1", "K2", "W4", "W5", "G9", "KING")) == {
        "orb": 2, "sword": 1, "shield": 0, "crystal": 2, "potion": 1, "kqj": 1}


def test_three_players_take_out_the_chosen_colour_white_by_default_and_deal_13():
    # 2(1)①②: 9 cards of one colour out; 39 cards, 13 each.
    assert len(kt.deck(3, "W")) == 39 and not any(c.colour == "W" for c in kt.deck(3, "W"))
    hands = kt.deal(random.Random(1), 3, "R")
    assert [len(h) for h in hands] == [13, 13, 13]
    assert not any(c.colour == "R" for h in hands for c in h)
    assert new_game(3).setup.removed == "W"
    assert new_game(3, removed_colour="K").setup.removed == "K"
    assert option_defaults(kt.OPTIONS)["removed_colour"] == "W"


def test_five_players_take_out_king_queen_jester_and_deal_9():
    # 2(3)①②
    assert len(kt.deck(5)) == 45 and not any(c.is_special for c in kt.deck(5))
    assert [len(h) for h in kt.deal(random.Random(2), 5)] == [9] * 5


@pytest.mark.parametrize(("players", "size"), [(4, 12), (6, 8)])
def test_four_and_six_players_deal_every_card(players, size):
    # 2(2)①, 2(4)①
    hands = kt.deal(random.Random(3), players)
    assert [len(h) for h in hands] == [size] * players
    assert sorted(c for h in hands for c in h) == sorted(kt.FULL_DECK)


def test_card_codes_read_in_any_case():
    assert kt.parse_card(" r5 ").code == "R5"
    assert kt.parse_card("king").code == "KING"
    assert kt.parse_card("Jester").code == "JESTER"
    assert kt.parse_card("k8") == kt.Card("K8")


@pytest.mark.parametrize(
    ("text", "key"),
    [("R0", "kt.card_value_range"), ("R10", "kt.card_value_range"), ("X5", "kt.card_unknown_colour"),
     ("Y5", "kt.card_unknown_colour"), ("K", "kt.card_malformed"), ("KIN", "kt.card_malformed"),
     ("", "kt.card_malformed"), ("R5B6", "kt.card_malformed"), ("赤5", "kt.card_malformed"),
     (5, "kt.card_malformed"), (None, "kt.card_malformed"), (["R5"], "kt.card_malformed"),
     ("R-1", "kt.card_malformed"), ("R123", "kt.card_malformed")],
)
def test_cards_that_do_not_exist_are_refused_by_name(text, key):
    assert refused(key, kt.parse_card, text).ruling.clause == "1"


def test_card_and_colour_words():
    assert kt.card_text("R5", str) == "red 5"
    assert kt.card_text("QUEEN", str) == "QUEEN"
    assert kt.card_text("K8", gettext_ja) == "黒の8"
    assert kt.card_text("king", gettext_ja) == "キング"
    assert kt.suit_text("W", str) == "white"
    assert kt.suit_text("orb", gettext_ja) == "オーブ"  # the kinds of picture are named too
    assert kt.kind_text("potion", str) == "potions"


def test_values_are_exact_tenths_shown_with_one_decimal_and_whole_values_without():
    assert [kt.value_text(t) for t in (65, 61, 50, 3, -1, 8, 95)] == ["6.5", "6.1", "5", "0.3", "-0.1", "0.8", "9.5"]
    assert [kt.value_text(t) for t in (10, 90, -10, 0)] == ["1", "9", "-1", "0"]
    assert [kt.value_number(t) for t in (65, 61, 3, -1)] == [6.5, 6.1, 0.3, -0.1]
    # Kept exact: a fraction of tenths gives the same value as the printed decimal.
    assert Fraction(61, 10) == Fraction(6) + Fraction(1, 2) - Fraction(2, 5)


# --------------------------------------------------------------------------- worked examples


def test_example_3_3_red_5_lead_ranks_r6_r5_k8_k7_b9_the_printed_black_9_being_black_8():
    # 3(3)③ (例): red 5 leads; black 7, red 6, blue 9, black 8. Printed: 赤6, 赤5, 黒9 (misprint
    # for 黒8, RULINGS), 黒7, 青9.
    result = resolve("R5", "K7", "R6", "B9", "K8")
    assert result.lead_colour == "R"
    assert result.colour_rank == ("R", "K", "B")
    assert [result.cards[i].code for i in result.order] == ["R6", "R5", "K8", "K7", "B9"]
    assert result.order == (2, 0, 4, 1, 3)
    assert keys(result.rulings)[:3] == [("kt.lead_colour", "3(3)①"), ("kt.colour_next", "3(3)③"),
                                        ("kt.colour_next", "RULINGS")]
    assert ruling(result.rulings, "kt.places").params["seats"] == SeatsRef((2, 0, 4, 1, 3))


def test_example_3_4_king_queen_jester_are_blue_6_5_blue_6_1_black_0_3_and_c_d_a_b_e():
    # 3(4) 例1: A KING, B QUEEN, C black 5, D JESTER, E blue 6.
    result = resolve("KING", "QUEEN", "K5", "JESTER", "B6")
    assert result.lead_colour == "K"  # 3(3)④: C's black 5 is the first coloured card
    assert result.colours == ("B", "B", "K", "K", "B")
    assert values(result) == ["6.5", "6.1", "5", "0.3", "6"]
    assert result.copied == (E, A, None, None, None)  # A's right neighbour is E, the last player
    assert kt.resolve(cards("KING", "QUEEN", "K5", "JESTER", "B6"), 3, 5).copied_seats == (2, 3, None, None, None)
    assert result.order == (C, D, A, B, E)
    assert result.colour_rank == ("K", "B")
    assert keys(result.rulings) == [
        ("kt.lead_after_special", "3(3)④"), ("kt.king_value", "3(4)"), ("kt.queen_value", "3(4)"),
        ("kt.jester_value", "3(4)"), ("kt.colour_next", "3(3)③"), ("kt.strongest", "3(3)①"),
        ("kt.places", "3(3)②"), ("kt.draft_first", "3(4)"), ("kt.draft_second", "3(4)"),
        ("kt.draft_third", "3(4)")]
    king = ruling(result.rulings, "kt.king_value")
    assert king.params == {"seat": SeatRef(A), "card": CardRef("KING"), "neighbour": SeatRef(E),
                           "base": "6", "value": "6.5", "colour": SuitRef("B")}
    queen = ruling(result.rulings, "kt.queen_value")
    assert (queen.params["neighbour"], queen.params["base"], queen.params["value"]) == (SeatRef(A), "6.5", "6.1")


def test_example_3_6_three_swords_with_king_queen_and_jester_score_16():
    # 3(6) ※ 例1: 4 points x 4.
    now = kt.score(cards("R2", "B2", "G2", "KING", "QUEEN", "JESTER"))
    assert now.sets == (("sword", 4),)
    assert (now.base, now.multiplier, now.points) == (4, 4, 16)
    assert keys(now.rulings) == [("kt.set", "3(6)②"), ("kt.multiplier", "3(6)")]


def test_example_4_4_most_orbs_holding_king_and_queen_scores_3():
    # 4(4) 例1: nobody declared; the player with most orbs holds K and Q: 1 x 3.
    result = kt.no_agari([cards("R1", "B1", "KING", "QUEEN"), cards("G1", "R9"), cards("W2", "W3")])
    assert result.scorers == (0,)
    assert result.points == (3, 0, 0)
    assert result.decided_by == "orb"
    assert keys(result.rulings) == [("kt.no_agari", "4(4)"), ("kt.no_agari_most", "4(4)"),
                                    ("kt.no_agari_scores", "4(4)")]


def test_example_3_6_a_player_who_passed_declares_once_points_rise_and_not_before():
    # 3(6) 例1 and 例2, RULINGS: "higher than when they passed". Three players, white out.
    state = new_game(3)
    state = play_trick(state, "R9", "B2", "G2")           # 1st seat 0, 2nd seat 1
    state = draft(state, "R9")                            # seat 1 takes B2, G2
    state = play_trick(state, "R8", "K2", "B1")           # seat 0 leads again
    state = draft(state, "B1")                            # seat 1 takes R8, K2: 3 swords
    assert state.phase == kt.AGARI and state.awaiting == (1,)
    assert ruling(state.notes, "kt.may_declare").params == {"seat": SeatRef(1), "points": 4}
    state = kt.apply(state, Event("pass", {"seat": 1}))
    assert state.passed_at == (None, 4, None) and state.phase == kt.PLAY and state.leader == 0
    state = play_trick(state, "R7", "R6", "G1")
    state = draft(state, "G1")                            # seat 1 takes R7, R6: still 4
    assert state.phase == kt.PLAY                         # 例2: not asked
    assert ruling(state.notes, "kt.not_risen").params == {"seat": SeatRef(1), "passed": 4, "points": 4}
    state = play_trick(state, "R5", "R4", "K1")
    state = draft(state, "K1")                            # seat 0: three orbs, 5 points
    assert state.awaiting == (0,)
    refused("kt.not_risen", kt.apply, state, Event("declare", {"seat": 1}))
    refused("kt.no_set", kt.apply, state, Event("declare", {"seat": 2}))
    refused("kt.not_asked", kt.apply, state, Event("pass", {"seat": 2}))
    state = kt.apply(state, Event("pass", {"seat": 0}))
    state = play_trick(state, "B9", "QUEEN", "B3")        # QUEEN copies blue 9: 8.6, 2nd
    assert kt.value_text(state.tricks[-1].values[1]) == "8.6"
    state = draft(state, "B3")                            # seat 1 takes B9 and the QUEEN: 4 x 2
    assert state.awaiting == (1,)                         # 例1: higher now, may declare
    assert "kt.not_risen" in [r.key for r in state.notes]  # seat 0 took a card but did not rise
    state = kt.apply(state, Event("declare", {"seat": 1}))
    assert state.is_over and state.ended_by == "agari"
    assert state.points == (0, 8, 0)
    assert keys(state.notes)[-3:] == [("kt.game_ends", "4(1)"), ("kt.agari_scores", "4(2)"), ("kt.next_start", "4(3)")]
    assert kt.next_setup(state) == {"first_leader": 1, "options": option_defaults(kt.OPTIONS)}


# --------------------------------------------------------------------------- a trick


def test_lead_colour_after_a_jester_lead_is_the_first_coloured_card_and_the_jester_is_its_0_3():
    result = resolve("JESTER", "G3", "R9", "G1")
    assert result.lead_colour == "G"
    assert values(result) == ["0.3", "3", "9", "1"]
    assert result.order == (1, 3, 0, 2)  # G3 > G1 > the JESTER's G0.3 > red 9
    assert ruling(result.rulings, "kt.lead_after_special").params["first"] == SeatRef(1)


def test_a_king_after_the_jester_is_the_lead_colour_0_8():
    result = resolve("B4", "JESTER", "KING", "R9")
    assert result.colours == ("B", "B", "B", "R")
    assert values(result) == ["4", "0.3", "0.8", "9"]
    assert result.order == (0, 2, 1, 3)


def test_a_king_leading_copies_the_last_player_of_the_trick():
    result = resolve("KING", "R2", "B7", "G7")
    assert result.lead_colour == "R"
    assert (result.colours[0], values(result)[0]) == ("G", "7.5")
    assert result.order == (1, 2, 0, 3)  # red 2; then blue 7; then green 7.5 > green 7


def test_a_queen_copying_a_king_uses_its_final_value():
    # RULINGS: a QUEEN after a KING that copied blue 6 is blue 6.1.
    result = resolve("B6", "KING", "QUEEN", "R1")
    assert values(result) == ["6", "6.5", "6.1", "1"]
    assert result.order == (1, 2, 0, 3)


def test_a_queen_below_the_card_she_copies():
    result = resolve("R5", "QUEEN", "R4")
    assert values(result) == ["5", "4.6", "4"]
    assert result.order == (0, 1, 2)


def test_third_and_fourth_colours_rank_in_the_order_first_played():
    # RULINGS: 3(3)③ applied again.
    result = resolve("W1", "B2", "K9", "B1", "G9", "R9")
    assert result.colour_rank == ("W", "B", "K", "G", "R")
    assert result.order == (0, 1, 3, 2, 4, 5)
    assert [r.clause for r in result.rulings if r.key == "kt.colour_next"] == ["3(3)③"] + ["RULINGS"] * 3


def test_a_colour_played_only_by_king_or_queen_copying_it_ranks_with_that_colour():
    result = resolve("R3", "B5", "KING", "R1")
    assert result.colours == ("R", "B", "B", "R")
    assert result.order == (0, 3, 2, 1)  # red 3, red 1, then blue 5.5, blue 5


def test_no_coloured_card_ranks_by_values_so_the_king_wins():
    # RULINGS default: 3 players, KING, QUEEN, JESTER only.
    for codes, expect in ((("KING", "QUEEN", "JESTER"), ["0.8", "0.4", "0.3"]),
                          (("QUEEN", "JESTER", "KING"), ["0.4", "0.3", "0.8"]),
                          (("JESTER", "QUEEN", "KING"), ["0.3", "-0.1", "0.4"])):
        result = resolve(*codes)
        assert result.lead_colour is None and result.colours == (None, None, None)
        assert values(result) == expect
        assert result.cards[result.order[0]].code == "KING"
        assert result.colour_rank == ()
        assert ("kt.no_colour_values", "RULINGS") in keys(result.rulings)
        assert ("kt.no_colour", "RULINGS") in keys(result.rulings)


def test_no_coloured_card_ranks_in_play_order_as_a_house_rule():
    result = resolve("JESTER", "QUEEN", "KING", no_colour="play_order")
    assert result.order == (0, 1, 2)
    assert ("kt.no_colour_play_order", "RULINGS") in keys(result.rulings)


@pytest.mark.parametrize(("players", "draft", "last_key"), [
    (3, (1, 2), "kt.draft_second_rest"), (4, (1, 2, 1), "kt.draft_third"),
    (5, (1, 2, 2), "kt.draft_third"), (6, (1, 2, 3), "kt.draft_third")])
def test_the_top_places_draft_1_then_2_then_the_rest(players, draft, last_key):
    # 3(4)
    codes = ["R9", "R8", "R7", "R6", "R5", "R4"][:players]
    result = resolve(*codes)
    assert result.draft == draft
    assert sum(draft) == players
    assert result.takers == tuple(range(len(draft)))
    assert [r.key for r in result.rulings][-len(draft):][-1] == last_key


# --------------------------------------------------------------------------- sets (3(6))


@pytest.mark.parametrize(("kind", "table"), [
    ("orb", {2: None, 3: 5, 4: 6, 5: 7}), ("sword", {2: None, 3: 4, 4: 5, 5: 6}),
    ("shield", {2: None, 3: 3, 4: 4, 5: 5}), ("crystal", {4: None, 5: 2, 6: 3, 7: 4, 10: 7}),
    ("potion", {9: None, 10: 1, 11: 2, 12: 3, 20: 11})])
def test_set_points_follow_3_6_with_the_potion_misprint_read_as_12(kind, table):
    for count, points in table.items():
        assert kt.set_points(kind, count) == points, (kind, count)


def test_the_best_set_counts_or_the_sum_as_a_house_rule():
    taken = cards("R1", "B1", "G1", "R3", "B3", "G3", "W3")
    best = kt.score(taken)
    assert best.sets == (("orb", 5), ("shield", 4)) and best.points == 5 and best.best == "orb"
    assert ("kt.best_set", "RULINGS") in keys(best.rulings)
    summed = kt.score(taken, sum_sets=True)
    assert summed.points == 9
    assert ("kt.sets_summed", "RULINGS") in keys(summed.rulings)


def test_king_queen_jester_alone_make_no_set():
    now = kt.score(cards("KING", "QUEEN", "R1", "B1"))
    assert not now.complete and now.points == 0 and now.multiplier == 3
    assert keys(now.rulings) == [("kt.no_set_yet", "3(6)")]


def test_points_after_a_pass_must_be_higher_not_equal():
    four = kt.score(cards("R2", "B2", "G2"))
    assert kt.may_declare(four, None) and kt.may_declare(four, 3)
    assert not kt.may_declare(four, 4)


# --------------------------------------------------------------------------- 4(4)


def test_no_agari_ties_on_orbs_go_to_swords_then_shields_then_crystals():
    result = kt.no_agari([cards("R1", "R2", "R3"), cards("B1", "B2", "B3", "B4"), cards("G5")])
    assert (result.scorers, result.decided_by) == ((1,), "crystal")
    assert [r.key for r in result.rulings].count("kt.no_agari_tied") == 3
    result = kt.no_agari([cards("R1", "R2"), cards("B1", "B2", "G2"), cards("G1")])
    assert (result.scorers, result.decided_by) == ((1,), "sword")


def test_nobody_holding_an_orb_is_a_tie_at_zero():
    result = kt.no_agari([cards("R2"), cards("B6"), cards("G2", "W2")])
    assert (result.scorers, result.decided_by, result.points) == ((2,), "sword", (0, 0, 1))


@pytest.mark.parametrize(("tie", "scorers", "decided"), [
    ("potions_share", (1,), "potion"), ("share", (0, 1), None), ("none", (), None)])
def test_a_tie_after_crystals_follows_the_option(tie, scorers, decided):
    piles = [cards("R1", "R4", "R6"), cards("B1", "B4", "B6", "B7", "KING"), cards("G2")]
    result = kt.no_agari(piles, tie)
    assert (result.scorers, result.decided_by) == (scorers, decided)
    assert result.points == tuple((2 if s == 1 else 1) if s in scorers else 0 for s in range(3))


def test_a_tie_on_potions_too_shares_under_the_default():
    result = kt.no_agari([cards("R1", "R6"), cards("B1", "B6"), cards("G2")])
    assert result.scorers == (0, 1) and result.decided_by is None
    assert ("kt.no_agari_share_after_potions", "RULINGS") in keys(result.rulings)


# --------------------------------------------------------------------------- a game


def test_a_trick_is_played_clockwise_from_the_leader_and_refuses_the_wrong_seat():
    state = new_game(4, first_leader=2)
    assert state.phase == kt.PLAY and state.expected_seat == 2
    refused("kt.not_your_turn", kt.apply, state, play(0, "R5"))
    state = kt.apply(state, play(2, "R5"))
    assert state.expected_seat == 3
    refused("kt.card_used", kt.apply, state, play(3, "R5"))
    refused("kt.card_malformed", kt.apply, state, play(3, "R5R"))
    refused("kt.no_such_seat", kt.apply, state, play(4, "R6"))
    refused("input.not_integer", kt.apply, state, Event("play", {"seat": "3", "card": "R6"}))
    refused("input.not_integer", kt.apply, state, Event("play", {"seat": True, "card": "R6"}))
    refused("input.unknown_event", kt.apply, state, Event("accept", {"seat": 0, "trick": 1}))


def test_cards_not_in_this_games_deck_are_refused():
    three = new_game(3, removed_colour="G")
    refused("kt.colour_removed", kt.apply, three, play(0, "G5"))
    assert kt.apply(three, play(0, "W5")).plays[0].card.code == "W5"
    five = new_game(5)
    error = refused("kt.specials_removed", kt.apply, five, play(0, "KING"))
    assert error.ruling.clause == "2(3)①"


def test_options_that_do_not_apply_to_the_count_are_recorded_and_ignored():
    four = new_game(4, removed_colour="R", team_play=True)
    assert four.setup.removed is None and four.setup.teams == ()
    assert kt.apply(four, play(0, "R5")).used == frozenset(cards("R5"))
    assert kt.next_setup(four)["options"]["removed_colour"] == "R"


def test_the_draft_asks_1st_then_2nd_twice_and_gives_3rd_the_rest():
    state = play_trick(new_game(4), "B5", "B9", "R9", "B1")  # B9 1st (seat 1), B5 2nd, B1 3rd
    assert state.phase == kt.DRAFT
    assert state.tricks[-1].takers == (1, 0, 3)
    assert state.expected_seat == 1 and state.picker == (0, 1)
    refused("kt.drafting_now", kt.apply, state, play(0, "G1"))
    refused("kt.not_your_pick", kt.apply, state, pick(0, "R9"))
    refused("kt.pick_not_in_trick", kt.apply, state, pick(1, "G1"))
    state = kt.apply(state, pick(1, "R9"))
    assert state.expected_seat == 0
    refused("kt.pick_not_in_trick", kt.apply, state, pick(0, "R9"))
    state = kt.apply(state, pick(0, "B1"))
    assert state.phase == kt.DRAFT and state.expected_seat == 0
    state = kt.apply(state, pick(0, "B9"))
    assert [[c.code for c in pile] for pile in state.taken] == [["B1", "B9"], ["R9"], [], ["B5"]]
    assert state.takes[-1] == (tuple(cards("R9")), tuple(cards("B1", "B9")), tuple(cards("B5")))
    assert ruling(state.notes, "kt.takes_rest").params == {"seat": SeatRef(3), "cards": CardsRef(("B5",))}
    # Nobody has a set: nobody is asked, and 1st place leads the next trick (3(6)).
    assert state.phase == kt.PLAY and state.leader == 1 and state.trick_number == 2
    assert keys(state.notes)[-1] == ("kt.next_leader", "3(6)")
    refused("kt.playing_now", kt.apply, state, pick(1, "G1"))
    refused("kt.playing_now", kt.apply, state, Event("declare", {"seat": 1}))


def test_a_declaration_ends_the_game_with_that_trick():
    # 4(1), 4(2); six players, the 3rd place takes three orbs.
    state = play_trick(new_game(6), "R9", "R8", "R7", "B1", "G1", "K1")
    state = draft(state, "R9", "R8", "R7")
    assert state.taken[2] == tuple(cards("B1", "G1", "K1"))
    assert state.awaiting == (2,) and state.expected_seat == 2
    refused("kt.agari_now", kt.apply, state, play(2, "W1"))
    refused("kt.no_set", kt.apply, state, Event("declare", {"seat": 0}))
    state = kt.apply(state, Event("declare", {"seat": 2}))
    assert state.is_over and state.points == (0, 0, 5, 0, 0, 0)
    refused("kt.game_over", kt.apply, state, play(3, "W1"))
    outcome = kt.outcome(state)
    assert outcome == Outcome((0, 0, 5, 0, 0, 0), True, (2, 2, 1, 2, 2, 2), (), outcome.facts)
    assert outcome.facts["scorers"] == [2] and outcome.facts["next_first_leader"] == 2


def test_with_teams_partners_opposite_add_their_points():
    # 5: seats i and i+3.
    state = play_trick(new_game(6, team_play=True), "R9", "R8", "R7", "B1", "G1", "K1")
    state = kt.apply(draft(state, "R9", "R8", "R7"), Event("declare", {"seat": 2}))
    outcome = kt.outcome(state)
    assert outcome.teams == ((0, 3), (1, 4), (2, 5))
    assert outcome.points == (0, 0, 5, 0, 0, 5) and outcome.places == (3, 3, 1, 3, 3, 1)
    assert outcome.facts["individual"] == [0, 0, 5, 0, 0, 0]
    evening = kt.evening([outcome], 6)
    assert evening.totals == (0, 0, 5, 0, 0, 5) and evening.leaders == (2, 5) and not evening.over


def three_player_double():
    """Three players: seat 0 collects three orbs, seat 1 three swords, both in trick 3."""
    state = new_game(3)
    state = draft(play_trick(state, "R9", "B2", "B1"), "B1")
    state = draft(play_trick(state, "R8", "G2", "G1"), "G1")
    return draft(play_trick(state, "R7", "K2", "K1"), "K1")


def test_several_declaring_in_one_trick_all_score():
    # 3(6): 同時に「アガリ」 — every player asked answers, in any order.
    state = three_player_double()
    assert state.awaiting == (0, 1)
    state = kt.apply(state, Event("declare", {"seat": 1}))
    assert not state.is_over and state.awaiting == (0,)
    refused("kt.already_answered", kt.apply, state, Event("pass", {"seat": 1}))
    state = kt.apply(state, Event("declare", {"seat": 0}))
    assert state.is_over and state.points == (5, 4, 0) and state.scorers == (1, 0)
    # Several scored: the one placed highest in the last trick starts the next game (RULINGS).
    assert keys(state.notes)[-1] == ("kt.next_start_placed", "RULINGS")
    assert kt.next_setup(state)["first_leader"] == 0


def test_one_declares_and_the_other_passes():
    state = three_player_double()
    state = kt.apply(kt.apply(state, Event("pass", {"seat": 0})), Event("declare", {"seat": 1}))
    assert state.is_over and state.points == (0, 4, 0)


def test_both_pass_and_1st_place_leads_next():
    state = three_player_double()
    state = kt.apply(kt.apply(state, Event("pass", {"seat": 1})), Event("pass", {"seat": 0}))
    assert state.phase == kt.PLAY and state.leader == 0 and state.passed_at == (5, 4, None)


def test_the_hands_run_out_without_agari_and_4_4_scores():
    state = new_game(5, first_leader=3, no_agari_tie="share")
    hands = [list(h) for h in kt.deal(random.Random(11), 5)]
    while not state.is_over:
        if state.phase == kt.PLAY:
            seat = state.expected_seat
            state = kt.apply(state, play(seat, hands[seat].pop(0).code))
        elif state.phase == kt.DRAFT:
            state = kt.apply(state, pick(state.expected_seat, state.pool[0].code))
        else:
            state = kt.apply(state, Event("pass", {"seat": state.expected_seat}))
    assert len(state.tricks) == 9 and state.ended_by == "no_agari"
    expected = kt.no_agari(state.taken, "share")
    assert state.points == expected.points and state.scorers == expected.scorers
    assert ("kt.no_agari", "4(4)") in keys(state.notes)
    assert sorted(c for pile in state.taken for c in pile) == sorted(kt.deck(5))


# --------------------------------------------------------------------------- the next game (4(3))


def finished_trick(*codes: str, leader: int = 0) -> kt.TrickResult:
    return kt.resolve(cards(*codes), leader, len(codes))


def test_the_next_start_player_is_the_one_who_scored():
    trick = finished_trick("R9", "R8", "R7", "R6")
    assert kt.next_start(trick, (3,))[0] == 3


def test_several_scorers_the_highest_drafting_place_else_clockwise_from_the_leader():
    trick = finished_trick("R9", "R8", "R7", "R6", "R5", leader=2)  # places: seats 2, 3, 4, 0, 1
    assert kt.next_start(trick, (0, 4))[0] == 4
    seat, note = kt.next_start(trick, (1, 0))  # neither drafted: clockwise from seat 2 is 0, then 1
    assert seat == 0 and note.key == "kt.next_start_clockwise" and note.params["leader"] == SeatRef(2)


def test_nobody_scored_the_last_tricks_1st_place_starts():
    seat, note = kt.next_start(finished_trick("R1", "R8", "R7"), ())
    assert seat == 1 and (note.key, note.clause) == ("kt.next_start_nobody", "RULINGS")


# --------------------------------------------------------------------------- the evening (4(3))


def outcomes(*games: tuple[int, ...], tie: str = "play_on") -> list[Outcome]:
    return [Outcome(points, True, (1,) * len(points), (), {"tie_at_20": tie}) for points in games]


def test_an_evening_is_four_games_and_the_highest_total_wins():
    evening = kt.evening(outcomes((5, 0, 0), (0, 4, 0), (0, 0, 6)), 3)
    assert not evening.over and evening.leaders == (2,)
    assert evening.note is not None and evening.note.key == "kt.evening_games"
    evening = kt.evening(outcomes((5, 0, 0), (0, 4, 0), (0, 0, 6), (3, 0, 0)), 3)
    assert evening.over and evening.leaders == (0,) and evening.totals == (8, 4, 6)
    assert (evening.note.key, evening.note.clause) == ("kt.evening_over", "4(3)")


def test_twenty_before_game_4_ends_the_evening_at_once():
    evening = kt.evening(outcomes((16, 0, 0, 0), (0, 12, 0, 0), (5, 10, 0, 0)), 4)
    assert evening.over and evening.leaders == (1,) and evening.totals == (21, 22, 0, 0)
    evening = kt.evening(outcomes((16, 0, 0, 0), (5, 0, 0, 0)), 4)
    assert evening.over and evening.leaders == (0,)
    assert (evening.note.key, evening.note.params["total"]) == ("kt.evening_over_target", 21)


def test_level_on_top_at_twenty_plays_on_or_shares():
    tied = ((16, 16, 0), (4, 4, 1))
    evening = kt.evening(outcomes(*tied), 3)
    assert not evening.over and evening.note.key == "kt.evening_tie_target"
    evening = kt.evening(outcomes(*tied, tie="share"), 3)
    assert evening.over and evening.leaders == (0, 1) and evening.note.key == "kt.evening_share_target"


def test_level_after_game_4_plays_further_games_until_one_is_highest():
    games = ((3, 3, 0), (0, 0, 2), (1, 1, 0), (1, 1, 1))
    evening = kt.evening(outcomes(*games, tie="share"), 3)
    assert not evening.over and evening.note.key == "kt.evening_tie"
    evening = kt.evening(outcomes(*games, (0, 1, 0)), 3)
    assert evening.over and evening.leaders == (1,)


def test_an_unfinished_game_counts_in_the_totals_but_not_for_the_end():
    running = Outcome((25, 0, 0), False, (1, 2, 2), (), {"tie_at_20": "play_on"})
    evening = kt.evening([running], 3)
    assert evening.totals == (25, 0, 0) and not evening.over


# --------------------------------------------------------------------------- the judge


def test_judge_trick_answers_the_king_queen_jester_example():
    answer = kt.judge({"ask": "trick", "plays": ["KING", "QUEEN", "K5", "JESTER", "B6"]})
    assert {k: v for k, v in answer.items() if k != "rulings"} == {
        "lead_colour": "K", "colours": ["B", "B", "K", "K", "B"], "values": [6.5, 6.1, 5.0, 0.3, 6.0],
        "order": [2, 3, 0, 1, 4], "colour_rank": ["K", "B"], "draft": [1, 2, 2], "takers": [2, 3, 0],
        "next_leader": 2}
    assert all(isinstance(r, base.Ruling) for r in answer["rulings"])
    json.dumps({k: v for k, v in answer.items() if k != "rulings"})
    # The example seats five players with K, Q and J, which 2(3)① takes out for five: told
    # the player count, the judge checks that count's deck.
    refused("kt.specials_removed", kt.judge, {"ask": "trick", "plays": ["KING", "QUEEN", "K5", "JESTER", "B6"],
                                              "players": 5})


def test_judge_trick_with_players_and_options():
    answer = kt.judge({"ask": "trick", "plays": ["QUEEN", "JESTER", "KING"], "players": 3,
                       "options": {"no_colour": "play_order"}})
    assert answer["lead_colour"] is None and answer["colours"] == [None, None, None]
    assert answer["order"] == [0, 1, 2] and answer["draft"] == [1, 2] and answer["next_leader"] == 0
    assert kt.judge({"ask": "trick", "plays": ["QUEEN", "JESTER", "KING"]})["next_leader"] == 2


@pytest.mark.parametrize(("request_", "key"), [
    ({"ask": "trick", "plays": ["R5", "R5", "B1"]}, "kt.card_twice"),
    ({"ask": "trick", "plays": ["R5", "r5", "B1"]}, "kt.card_twice"),
    ({"ask": "trick", "plays": ["R5", "Z1", "B1"]}, "kt.card_unknown_colour"),
    ({"ask": "trick", "plays": ["R5", "B1"]}, "kt.play_count"),
    ({"ask": "trick", "plays": ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]}, "kt.play_count"),
    ({"ask": "trick", "plays": ["R1", "R2", "R3", "R4", "KING"], "players": 5}, "kt.specials_removed"),
    ({"ask": "trick", "plays": ["R1", "R2", "R3"], "players": 4}, "kt.players_mismatch"),
    ({"ask": "trick", "plays": ["R1", "R2", "R3"], "players": 7}, "kt.player_count"),
    ({"ask": "trick", "plays": ["R1", "R2", "R3"], "players": "3"}, "input.not_integer"),
    ({"ask": "trick", "plays": ["R1", "R2", "R3"], "players": True}, "input.not_integer"),
    ({"ask": "trick", "plays": "R1 R2 R3"}, "input.not_list"),
    ({"ask": "trick"}, "input.missing"),
    ({"ask": "trick", "plays": ["R1", "R2", "R3"], "options": {"no_colour": "suits"}}, "option.not_a_choice"),
    ({"ask": "trick", "plays": ["R1", "R2", "R3"], "options": {"sum_sets": True}}, "option.unknown"),
    ({"ask": "trick", "plays": ["R1", "R2", "R3"], "options": []}, "input.not_object"),
    ({"ask": "score", "won": ["R1", "R1"]}, "kt.card_twice"),
    ({"ask": "score", "won": ["R1"], "passed_at": -1}, "kt.points_negative"),
    ({"ask": "score", "won": ["R1"], "passed_at": 2.5}, "input.not_integer"),
    ({"ask": "score", "won": ["R1"], "passed_at": False}, "input.not_integer"),
    ({"ask": "score", "won": ["R1"], "options": {"sum_sets": "yes"}}, "input.not_bool"),
    ({"ask": "score", "won": [["R1"]]}, "kt.card_malformed"),
    ({"ask": "no_agari", "won": [["R1"], ["B1"]]}, "kt.player_count"),
    ({"ask": "no_agari", "won": [["R1"], ["B1"], ["R1"]]}, "kt.card_twice"),
    ({"ask": "no_agari", "won": [["R1"], ["B1"], "G1"]}, "input.not_list"),
    ({"ask": "no_agari", "won": [[], [], [], [], ["QUEEN"]]}, "kt.specials_removed"),
    ({"ask": "no_agari", "won": [[], [], []], "options": {"no_agari_tie": "draw"}}, "option.not_a_choice"),
    ({"ask": "evening", "games": []}, "kt.games_empty"),
    ({"ask": "evening", "games": [[1, 2]]}, "kt.player_count"),
    ({"ask": "evening", "games": [[1, 2, 3], [1, 2]]}, "kt.games_uneven"),
    ({"ask": "evening", "games": [[1, -2, 3]]}, "kt.points_negative"),
    ({"ask": "evening", "games": [[1, "2", 3]]}, "input.not_integer"),
    ({"ask": "evening", "games": [[1, True, 3]]}, "input.not_integer"),
    ({"ask": "evening", "games": [5]}, "input.not_list"),
    ({"ask": "evening", "games": [[20, 0, 0], [1, 0, 0]]}, "kt.game_after_end"),
    ({"ask": "evening", "games": [[1, 0, 0, 0]], "teams": True}, "kt.teams_need_six"),
    ({"ask": "evening", "games": [[1, 0, 0]], "teams": "yes"}, "input.not_bool"),
    ({"ask": "evening", "games": [[1, 0, 0]], "options": {"tie_at_20": "draw"}}, "option.not_a_choice"),
    ({"ask": "deal"}, "input.unknown_ask"),
    ([], "input.not_object"),
])
def test_judge_refuses_malformed_requests_by_rule(request_, key):
    refused(key, kt.judge, request_)


def test_judge_score_answers_the_16_example_and_may_declare_after_a_pass():
    answer = kt.judge({"ask": "score", "won": ["R2", "B2", "G2", "KING", "QUEEN", "JESTER"]})
    assert {k: v for k, v in answer.items() if k != "rulings"} == {
        "counts": {"orb": 0, "sword": 3, "shield": 0, "crystal": 0, "potion": 0, "kqj": 3},
        "sets": {"sword": 4}, "base": 4, "multiplier": 4, "points": 16, "may_declare": True}
    answer = kt.judge({"ask": "score", "won": ["R2", "B2", "G2", "KING"], "passed_at": 8})
    assert answer["points"] == 8 and answer["may_declare"] is False
    assert keys(answer["rulings"])[-1] == ("kt.passed_not_risen", "3(6)")
    answer = kt.judge({"ask": "score", "won": ["R2", "B2", "G2", "KING"], "passed_at": 4})
    assert answer["may_declare"] is True and keys(answer["rulings"])[-1] == ("kt.passed_risen", "3(6)")


def test_judge_score_sums_sets_as_a_house_rule():
    won = ["R1", "B1", "G1", "R3", "B3", "G3"]
    assert kt.judge({"ask": "score", "won": won})["points"] == 5
    answer = kt.judge({"ask": "score", "won": won, "options": {"sum_sets": True}})
    assert answer["sets"] == {"orb": 5, "shield": 3} and answer["base"] == 8 and answer["points"] == 8
    assert kt.judge({"ask": "score", "won": []})["may_declare"] is False


def test_judge_no_agari_answers_the_kq_example():
    answer = kt.judge({"ask": "no_agari", "won": [["R1", "B1", "KING", "QUEEN"], ["G1"], []]})
    assert (answer["scorers"], answer["points"], answer["decided_by"]) == ([0], [3, 0, 0], "orb")
    answer = kt.judge({"ask": "no_agari", "won": [["R1"], ["G1"], []], "options": {"no_agari_tie": "none"}})
    assert (answer["scorers"], answer["points"], answer["decided_by"]) == ([], [0, 0, 0], None)


def test_judge_evening():
    answer = kt.judge({"ask": "evening", "games": [[5, 0, 0], [16, 4, 0]]})
    assert (answer["totals"], answer["over"], answer["winners"]) == ([21, 4, 0], True, [0])
    assert [r.clause for r in answer["rulings"]] == ["4(3)"]
    answer = kt.judge({"ask": "evening", "games": [[5, 0, 0], [3, 4, 0]]})
    assert (answer["over"], answer["winners"]) == (False, [])
    answer = kt.judge({"ask": "evening", "games": [[20, 20, 0]], "options": {"tie_at_20": "share"}})
    assert (answer["over"], answer["winners"]) == (True, [0, 1])
    answer = kt.judge({"ask": "evening", "games": [[20, 20, 0], [0, 1, 0]]})
    assert (answer["over"], answer["winners"]) == (True, [1])


def test_judge_evening_with_teams_adds_partners_and_names_teams():
    answer = kt.judge({"ask": "evening", "teams": True,
                       "games": [[4, 0, 0, 5, 0, 0], [0, 3, 0, 8, 0, 0]]})
    assert answer["totals"] == [17, 3, 0] and answer["over"] is False
    answer = kt.judge({"ask": "evening", "teams": True, "games": [[4, 0, 0, 16, 0, 0]]})
    assert (answer["totals"], answer["over"], answer["winners"]) == ([20, 0, 0], True, [0])


# --------------------------------------------------------------------------- forms and quick judge


def test_form_payload_reads_seats_as_numbers_and_a_card_in_one_or_two_taps():
    assert kt.form_payload("play", {"seat": ["2"], "card": ["R5"]}) == {"seat": 2, "card": "R5"}
    assert kt.form_payload("pick", {"seat": ["1"], "colour": ["K"], "value": ["8"]}) == {"seat": 1, "card": "K8"}
    assert kt.form_payload("declare", {"seat": ["3"]}) == {"seat": 3}
    assert kt.form_payload("pass", {"seat": ["x"]}) == {"seat": "x"}
    refused("input.not_integer", kt.apply, new_game(), Event("pass", kt.form_payload("pass", {"seat": ["x"]})))


def test_quick_judge_waits_for_the_player_count_and_every_card():
    request, shown = kt.quick_judge_request({})
    assert request is None and shown.players is None
    request, shown = kt.quick_judge_request({"players": ["3"], "cards": ["KING.QUEEN"], "colour": ["K"]})
    assert request is None and shown.colour == "K" and len(shown.cards) == 2
    request, shown = kt.quick_judge_request({"players": ["3"], "cards": ["KING.QUEEN"], "colour": ["K"], "value": ["5"]})
    assert request == {"ask": "trick", "players": 3, "plays": ["KING", "QUEEN", "K5"]}
    assert shown.full and shown.carried == {"players": "3", "cards": "KING.QUEEN.K5"}
    request, shown = kt.quick_judge_request({"players": ["3"], "cards": ["KING.QUEEN.K5"], "back": [""]})
    assert request is None and [c.code for c in shown.cards] == ["KING", "QUEEN"]


def test_quick_judge_drops_cards_the_count_does_not_hold():
    request, shown = kt.quick_judge_request({"players": ["5"], "cards": ["R1.KING.R2.R2.B3.x"], "card": ["G4"]})
    assert request is None and [c.code for c in shown.cards] == ["R1", "R2", "B3", "G4"]
    request, _ = kt.quick_judge_request({"players": ["5"], "cards": ["R1.R2.B3.G4"], "card": ["W9"]})
    assert request is not None and kt.judge(request)["order"] == [1, 0, 2, 3, 4]


# --------------------------------------------------------------------------- words and rulebook


def every_ruling_key_in_source() -> set[str]:
    found = set()
    for source in PACKAGE.glob("*.py"):
        found |= set(re.findall(r'"(kt\.[a-z_0-9]+)"', source.read_text(encoding="utf-8")))
    return found


def test_every_message_key_used_has_words_and_every_word_is_used():
    used = every_ruling_key_in_source() | {"kt.king_value_no_colour", "kt.queen_value_no_colour"}
    assert used - set(kt.MESSAGES) == set()
    assert set(kt.MESSAGES) - used == set()
    assert all(key.startswith("kt.") for key in kt.MESSAGES)


def test_every_clause_cited_is_a_label_of_the_rulebook():
    book = json.loads((PACKAGE / "rulebook.json").read_text(encoding="utf-8"))
    labels = [s["label"] for s in book["sections"]]
    assert len(labels) == len(set(labels)) and book["slug"] == kt.SLUG
    cited = set()
    for source in PACKAGE.glob("*.py"):
        cited |= set(re.findall(r'(?:Ruling|RuleError)\(\s*"[^"]+",\s*"([^"]*)"', source.read_text(encoding="utf-8")))
        cited |= set(re.findall(r'clause = "([^"]+)"', source.read_text(encoding="utf-8")))
    cited |= {o.clause for o in kt.OPTIONS} | set(kt_sets.SET_CLAUSE.values())
    assert {"3(3)④", "3(6)⑤", "4(4)"} <= cited
    assert cited - set(labels) - {"RULINGS", ""} == set()
    assert all(r["label"] == "RULINGS" and r["about"] in labels for r in book["rulings"])


def test_a_ruling_reads_as_a_sentence():
    result = resolve("KING", "QUEEN", "K5", "JESTER", "B6")
    names = ["A", "B", "C", "D", "E"]

    def show(value: Any) -> Any:
        if isinstance(value, SeatRef):
            return names[value.index]
        if isinstance(value, SuitRef):
            return kt.suit_text(value.code, str)
        if isinstance(value, CardRef):
            return kt.card_text(value.code, str)
        if isinstance(value, SeatsRef):
            return ", ".join(names[i] for i in value.indices)
        return value

    said = [kt.MESSAGES[r.key] % {k: show(v) for k, v in r.params.items()} for r in result.rulings]
    assert said[1] == "A's KING copies their right neighbour E: blue 6 plus 0.5 is blue 6.5."
    assert said[6] == "Strongest first: C, D, A, B, E."


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_last_card_of_the_game_is_laid_without_an_entry(players: int) -> None:
    """2: every card is dealt, so in the game's last trick the last player's one card is the
    one not yet seen: the engine lays it (issue 31: a choice left to one option)."""
    from tests.games.kings_trick.test_random import new_game as random_table, play_out

    game = random_table(players, 40 + players)
    game.declare_rate = 0.0
    play_out(game)
    state = game.state
    assert state.ended_by == "no_agari" and len(state.tricks) == kt.DEAL_SIZE[players]
    plays = [i for i, e in enumerate(game.log) if e.kind == "play"]
    before = base.replay(kt.initial, kt.apply, game.setup, game.log[:plays[-1] + 1]).state
    assert before.phase == kt.DRAFT and before.last_play_forced
    last = before.tricks[-1].plays[-1]
    assert before.notes[0].key == "kt.last_card" and before.notes[0].params["card"] == CardRef(last.card.code)
    # A log that named that card, as logs did before, replays to the same game.
    named = Event("play", {"seat": last.seat, "card": last.card.code})
    assert kt.apply(before, named) == before
    old = game.log[:plays[-1] + 1] + [named] + game.log[plays[-1] + 1:]
    assert base.replay(kt.initial, kt.apply, game.setup, old).state == state
