"""ハイパーメイカー (Hyper Maker): the pure engine against the rulebook and RULINGS.md.

Rulebook: shared/rules/000_60253a44d81db5f2.txt. The card pictures of the four worked
examples (【事例】) in section 5 are lost; each is rebuilt here from the text around it.
Seats are 0..n-1 clockwise; the rulebook's players A, B, C, D are seats 0, 1, 2, 3.
"""

from __future__ import annotations

import json

import pytest

from companion import i18n
from companion.rules import base
from companion.rules import hyper_maker as hm
from companion.rules.contract import Outcome
from companion.rules.base import CardRef, CardsRef, Event, Ruling, SeatRef, SuitRef
from tests.kit.rulings import keys, refused, ruling

A, B, C, D, E = range(5)


# --------------------------------------------------------------------------- helpers


def card(code: str) -> hm.Card:
    return hm.parse_card(code)


def trick(*codes: str, leader: int = 0, players: int | None = None) -> list[hm.Play]:
    """Plays in the order laid, starting with `leader` and going clockwise."""
    n = players if players is not None else len(codes)
    return [hm.Play((leader + i) % n, card(code)) for i, code in enumerate(codes)]


def new_game(players: int = 4, first_leader: int = 0, **options) -> hm.State:
    setup = {"players": [f"P{i}" for i in range(players)], "first_leader": first_leader}
    if options:
        setup["options"] = options
    return hm.initial(setup)


def master(code: str) -> Event:
    return Event("master", {"card": code})


def play(seat: int, code: str) -> Event:
    return Event("play", {"seat": seat, "card": code})


def play_trick(state: hm.State, master_code: str, *codes: str) -> hm.State:
    """Turn the master card, then lay `codes` from the expected seat on, clockwise."""
    state = hm.apply(state, master(master_code))
    for code in codes:
        state = hm.apply(state, play(state.expected_seat, code))
    return state


# --------------------------------------------------------------------------- the cards


def test_deck_has_sixty_unique_cards_ten_per_suit_pair_values_summing_to_eleven():
    assert len(hm.DECK) == 60
    assert len(set(hm.DECK)) == 60
    assert len({c.code for c in hm.DECK}) == 60
    assert hm.PAIRS == ("RB", "RG", "RY", "BG", "BY", "GY")
    for pair in hm.PAIRS:
        cards = hm.cards_of_pair(pair)
        assert len(cards) == 10
        assert sorted(c.value_a for c in cards) == list(range(1, 11))
        assert sorted(c.value_b for c in cards) == list(range(1, 11))
    for c in hm.DECK:
        assert c.suit_a != c.suit_b
        assert c.value_a + c.value_b == 11
        assert hm.parse_card(c.code) == c


def test_deck_holds_the_three_cards_the_worked_examples_show_as_masters():
    # 5(4) 赤5/青6, 5(5)② 赤9/黄2, 5(5)④ 赤8/青3 (RULINGS: all fit k and 11-k).
    for code in ("R5B6", "R9Y2", "R8B3"):
        assert card(code) in hm.DECK


def test_card_code_reads_in_either_order_and_in_lowercase():
    assert card("B6R5") == card("R5B6")
    assert card("r5b6") == card("R5B6")
    assert card("b6r5") == card("R5B6")
    assert card(" R5B6 ") == card("R5B6")
    assert card("Y2R9").code == "R9Y2"
    assert card("R5B6").code == "R5B6"
    assert card("R1B10").value("B") == 10


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("R5B5", "hm.card_sum"),
        ("R1B1", "hm.card_sum"),
        ("R10B10", "hm.card_sum"),
        ("R5R6", "hm.card_same_suit"),
        ("b5B6", "hm.card_same_suit"),
        ("X5B6", "hm.card_unknown_suit"),
        ("R5W6", "hm.card_unknown_suit"),
        ("R0B11", "hm.card_value_range"),
        ("R11B0", "hm.card_value_range"),
        ("G0Y11", "hm.card_value_range"),
        ("hello", "hm.card_malformed"),
        ("", "hm.card_malformed"),
        ("R5B", "hm.card_malformed"),
        ("R5-B6", "hm.card_malformed"),
        ("R5B6G1", "hm.card_malformed"),
        ("R123B6", "hm.card_malformed"),
        ("赤5青6", "hm.card_malformed"),
        (56, "hm.card_malformed"),
        (None, "hm.card_malformed"),
        (["R5B6"], "hm.card_malformed"),
        ({"R": 5, "B": 6}, "hm.card_malformed"),
    ],
)
def test_card_parsing_refuses_cards_not_in_the_deck_with_the_right_key(text, key):
    error = refused(key, hm.parse_card, text)
    assert error.ruling.clause == "1"


def test_unknown_suit_error_names_the_suit_and_sum_error_names_the_total():
    assert refused("hm.card_unknown_suit", hm.parse_card, "x5B6").ruling.params["suit"] == "X"
    assert refused("hm.card_sum", hm.parse_card, "R5B5").ruling.params["total"] == 10


def test_a_card_follows_when_it_holds_either_master_suit():
    m = card("R5B6")
    assert hm.follows(card("R2G9"), m)
    assert hm.follows(card("B8Y3"), m)
    assert hm.follows(card("R1B10"), m)
    assert not hm.follows(card("G2Y9"), m)


# --------------------------------------------------------------------------- worked examples


def test_example_5_4_red_outnumbers_blue_so_red_follows_and_c_wins_six_with_red_nine():
    # 5(4)【事例】 master 赤5/青6; red 3 cards, blue 2; C's red 9 wins; C scores blue 6.
    result = hm.resolve(card("R5B6"), A, trick("R2G9", "B8Y3", "R9B2", "R7Y4"))
    assert result.counts == (("R", 3), ("B", 2))
    assert result.follow == "R"
    assert result.other_suit == "B"
    assert result.winner == C
    assert result.points == 6
    assert result.next_leader == C
    assert keys(result.rulings) == [
        ("hm.follow_by_count", "5(3)"),
        ("hm.highest_wins", "5(3)"),
        ("hm.points", "5(4)"),
        ("hm.winner_leads", "2"),
    ]
    follow = ruling(result.rulings, "hm.follow_by_count").params
    assert (follow["suit"], follow["count"], follow["other"], follow["other_count"]) == (
        SuitRef("R"), 3, SuitRef("B"), 2)
    wins = ruling(result.rulings, "hm.highest_wins").params
    assert (wins["seat"], wins["card"], wins["value"]) == (SeatRef(C), CardRef("R9B2"), 9)
    points = ruling(result.rulings, "hm.points").params
    assert (points["seat"], points["points"], points["suit"]) == (SeatRef(C), 6, SuitRef("B"))


def test_example_5_5_1_equal_counts_so_the_masters_higher_blue_follows_and_d_scores_five():
    # 5(5)①【事例】 master 赤5/青6; red 2, blue 2; blue 6 > red 5 so blue follows;
    # D's blue 7 wins; D scores red 5. C's red 8 beats the master's red but red does not follow.
    result = hm.resolve(card("R5B6"), A, trick("R3G8", "B2G9", "R8Y3", "B7Y4"))
    assert result.counts == (("R", 2), ("B", 2))
    assert result.follow == "B"
    assert result.winner == D
    assert result.points == 5
    assert result.next_leader == D
    assert keys(result.rulings) == [
        ("hm.follow_by_master_value", "5(5)①"),
        ("hm.highest_wins", "5(3)"),
        ("hm.points", "5(4)"),
        ("hm.winner_leads", "2"),
    ]
    params = ruling(result.rulings, "hm.follow_by_master_value").params
    assert (params["count"], params["suit"], params["value"], params["other"], params["other_value"]) == (
        2, SuitRef("B"), 6, SuitRef("R"), 5)
    assert ruling(result.rulings, "hm.highest_wins").params["card"] == CardRef("B7Y4")
    assert ruling(result.rulings, "hm.points").params["suit"] == SuitRef("R")


def test_example_5_5_2_master_nine_is_the_highest_red_so_nobody_wins_and_the_leader_leads_again():
    # 5(5)②【事例】 master 赤9/黄2; red 3, yellow 1 (blue is no master suit, however many:
    # here 3 cards hold blue); the highest red is the master's 9: no winner, no points.
    result = hm.resolve(card("R9Y2"), C, trick("R3B8", "R8G3", "B5Y6", "R1B10", leader=C))
    assert [p.seat for p in result.plays] == [C, D, A, B]
    assert result.counts == (("R", 3), ("Y", 1))
    assert result.follow == "R"
    assert result.winner is None
    assert result.points == 0
    assert result.next_leader == C
    assert keys(result.rulings) == [
        ("hm.follow_by_count", "5(3)"),
        ("hm.master_highest", "5(5)②"),
        ("hm.same_leader", "5(5)②"),
    ]
    assert ruling(result.rulings, "hm.master_highest").params == {"suit": SuitRef("R"), "value": 9}
    assert ruling(result.rulings, "hm.same_leader").params == {"seat": SeatRef(C)}


def test_example_5_5_4_three_red_eights_go_to_the_later_player_b_and_the_previous_leader_leads():
    # 5(5)④【事例】 master 赤8/青3; A and B also lay red 8s; B laid last of the three, so B
    # wins and scores blue 3; as printed, the previous leader (A) leads the next trick.
    result = hm.resolve(card("R8B3"), A, trick("R8G3", "R8Y3", "R2B9", "B1G10"))
    assert result.counts == (("R", 3), ("B", 2))
    assert result.follow == "R"
    assert result.winner == B
    assert result.points == 3
    assert result.next_leader == A
    assert keys(result.rulings) == [
        ("hm.follow_by_count", "5(3)"),
        ("hm.tie_later_wins", "5(5)④"),
        ("hm.points", "5(4)"),
        ("hm.tie_same_leader", "5(5)④"),
    ]
    assert ruling(result.rulings, "hm.tie_later_wins").params == {
        "seat": SeatRef(B), "suit": SuitRef("R"), "value": 8}
    assert ruling(result.rulings, "hm.tie_same_leader").params == {"seat": SeatRef(A)}


def test_example_5_5_4_with_the_house_rule_the_tie_winner_b_leads_next():
    result = hm.resolve(card("R8B3"), A, trick("R8G3", "R8Y3", "R2B9", "B1G10"), tie_winner_leads=True)
    assert (result.winner, result.points, result.next_leader) == (B, 3, B)
    assert keys(result.rulings)[-1] == ("hm.tie_winner_leads_option", "RULINGS")
    assert ("hm.tie_same_leader", "5(5)④") not in keys(result.rulings)


def test_the_house_rule_changes_nothing_when_there_is_no_tie():
    plain = hm.resolve(card("R5B6"), A, trick("R2G9", "B8Y3", "R9B2", "R7Y4"))
    house = hm.resolve(card("R5B6"), A, trick("R2G9", "B8Y3", "R9B2", "R7Y4"), tie_winner_leads=True)
    assert plain == house


# --------------------------------------------------------------------------- edge cases


def test_nobody_holding_a_master_suit_means_no_winner_and_the_trick_leaves_the_game():
    # 5(5)③: no follow at all; RULINGS: the same leader leads again.
    result = hm.resolve(card("R5B6"), B, trick("G1Y10", "G2Y9", "G3Y8", leader=B))
    assert result.counts == (("R", 0), ("B", 0))
    assert result.follow is None
    assert result.other_suit is None
    assert result.winner is None
    assert result.points == 0
    assert result.next_leader == B
    assert keys(result.rulings) == [
        ("hm.cannot_win", "5(2)"),
        ("hm.cannot_win", "5(2)"),
        ("hm.cannot_win", "5(2)"),
        ("hm.no_follow", "5(5)③"),
        ("hm.same_leader", "RULINGS"),
    ]
    assert ruling(result.rulings, "hm.no_follow").params == {"suit_a": SuitRef("R"), "suit_b": SuitRef("B")}


def test_a_player_tying_the_master_beats_it():
    # RULINGS: the master competes as if laid first; equal top values go to the later card.
    result = hm.resolve(card("R5B6"), A, trick("R2Y9", "R5G6", "B8Y3"))
    assert result.counts == (("R", 2), ("B", 1))
    assert result.follow == "R"
    assert result.winner == B
    assert result.points == 6
    # The master counts among the equal cards (as in 5(5)④'s example), so the tie rule leads.
    assert result.next_leader == A
    assert ("hm.tie_later_wins", "5(5)④") in keys(result.rulings)
    assert ("hm.master_highest", "5(5)②") not in keys(result.rulings)


def test_a_player_just_below_the_master_loses_to_it():
    result = hm.resolve(card("R5B6"), A, trick("R2Y9", "R4G7", "B8Y3"))
    assert (result.follow, result.winner, result.points, result.next_leader) == ("R", None, 0, A)


def test_of_two_equal_player_cards_the_later_one_wins():
    result = hm.resolve(card("R5B6"), A, trick("R9B2", "R3G8", "R9G2"))
    assert (result.follow, result.winner, result.points) == ("R", C, 6)
    assert ("hm.tie_later_wins", "5(5)④") in keys(result.rulings)


def test_a_card_holding_both_master_suits_counts_once_for_each():
    # 5(3): R3B8 counts for red and for blue; R4G7 for red only: red 2, blue 1.
    result = hm.resolve(card("R5B6"), A, trick("R3B8", "R4G7", "G1Y10"))
    assert result.counts == (("R", 2), ("B", 1))
    assert result.follow == "R"
    assert result.winner is None  # master's red 5 beats 3 and 4


def test_a_card_holding_both_master_suits_can_tip_the_count_and_win_in_either_suit():
    # R1B10 and R10B1 both hold red and blue: 2 each; blue follows on the master's 6 > 5.
    result = hm.resolve(card("R5B6"), A, trick("R1B10", "R10B1", "G1Y10"))
    assert result.counts == (("R", 2), ("B", 2))
    assert result.follow == "B"
    assert (result.winner, result.points) == (A, 5)
    # With red made the majority by one more red card, the other two-suit card wins instead.
    result = hm.resolve(card("R5B6"), A, trick("R1B10", "R10B1", "R2G9"))
    assert result.counts == (("R", 3), ("B", 2))
    assert (result.follow, result.winner, result.points) == ("R", B, 6)


def test_a_non_following_player_is_told_they_cannot_win():
    result = hm.resolve(card("R5B6"), A, trick("R9B2", "G10Y1", "R7Y4"))
    assert keys(result.rulings)[0] == ("hm.cannot_win", "5(2)")
    assert result.rulings[0].params == {
        "seat": SeatRef(B), "card": CardRef("G10Y1"), "suit_a": SuitRef("R"), "suit_b": SuitRef("B")}
    assert result.winner == A


@pytest.mark.parametrize("master_code", ["R5B6", "R9Y2", "G3Y8", "B1G10"])
def test_a_non_following_player_can_never_win(master_code):
    m = card(master_code)
    outsiders = [c for c in hm.DECK if not hm.follows(c, m)]
    weak = sorted((c for c in hm.DECK if hm.follows(c, m) and c != m),
                  key=lambda c: max(c.value(s) if c.has(s) else 0 for s in m.suits))
    assert len(outsiders) == 10  # one pair of the six holds neither master suit
    for outsider in outsiders:
        for others in (weak[:2], weak[-2:], weak[:1] + weak[-1:]):
            for position in range(3):
                cards = others[:position] + [outsider] + others[position:]
                result = hm.resolve(m, A, [hm.Play(i, c) for i, c in enumerate(cards)])
                assert result.follow is not None
                assert result.winner != position


def test_only_the_players_cards_are_counted_not_the_master():
    # Master R5B6 holds both its suits; if it counted it would change nothing, but a blue
    # majority among the players must win the count even though the master shows red.
    result = hm.resolve(card("R5B6"), A, trick("B8Y3", "B9G2", "R7Y4"))
    assert result.counts == (("R", 1), ("B", 2))
    assert result.follow == "B"
    assert (result.winner, result.points) == (B, 5)


# --------------------------------------------------------------------------- game flow


def test_a_new_game_waits_for_the_master_card_with_the_first_leader_set():
    state = new_game(4, first_leader=2)
    assert state.expects_master
    assert state.expected_seat is None
    assert state.leader == 2
    assert state.scores == (0, 0, 0, 0)
    assert state.trick_number == 1
    assert not state.is_over


@pytest.mark.parametrize("players", [2, 6])
def test_a_game_needs_three_to_five_players(players):
    error = refused("hm.player_count", hm.initial, {"players": [f"P{i}" for i in range(players)]})
    assert error.ruling.clause == "4(1)"


def test_the_first_leader_must_sit_at_the_table():
    refused("setup.first_leader", hm.initial, {"players": ["a", "b", "c"], "first_leader": 3})
    refused("input.not_integer", hm.initial, {"players": ["a", "b", "c"], "first_leader": "1"})


def test_the_master_card_must_come_before_any_play():
    state = new_game(3)
    error = refused("hm.master_first", hm.apply, state, play(0, "R2G9"))
    assert error.ruling.clause == "5(1)"


def test_a_second_master_card_in_one_trick_is_refused():
    state = hm.apply(new_game(3), master("R5B6"))
    refused("hm.master_already", hm.apply, state, master("R9Y2"))


def test_a_play_from_the_wrong_seat_is_refused():
    state = hm.apply(new_game(4, first_leader=1), master("R5B6"))
    assert state.expected_seat == 1
    error = refused("hm.not_your_turn", hm.apply, state, play(0, "R2G9"))
    assert error.ruling.params["seat"] == SeatRef(1)
    state = hm.apply(state, play(1, "R2G9"))
    assert state.expected_seat == 2
    refused("hm.not_your_turn", hm.apply, state, play(1, "B8Y3"))
    refused("hm.not_your_turn", hm.apply, state, play(3, "B8Y3"))


def test_play_passes_clockwise_and_wraps_round_from_the_leader():
    state = hm.apply(new_game(4, first_leader=2), master("R5B6"))
    seats = []
    for code in ("R2G9", "B8Y3", "R9B2", "R7Y4"):
        seats.append(state.expected_seat)
        state = hm.apply(state, play(state.expected_seat, code))
    assert seats == [2, 3, 0, 1]


def test_a_seat_must_be_a_whole_number():
    state = hm.apply(new_game(3), master("R5B6"))
    refused("input.not_integer", hm.apply, state, Event("play", {"seat": "0", "card": "R2G9"}))
    refused("input.not_integer", hm.apply, state, Event("play", {"seat": True, "card": "R2G9"}))


def test_an_unknown_entry_is_refused():
    refused("input.unknown_event", hm.apply, new_game(3), Event("bid", {}))


def test_a_card_already_played_in_the_trick_is_refused():
    state = hm.apply(new_game(3), master("R5B6"))
    state = hm.apply(state, play(0, "R2G9"))
    error = refused("hm.card_used", hm.apply, state, play(1, "G9R2"))
    assert error.ruling.params["card"] == CardRef("R2G9")


def test_the_master_card_cannot_also_be_played():
    state = hm.apply(new_game(3), master("R5B6"))
    refused("hm.card_used", hm.apply, state, play(0, "B6R5"))


def test_a_card_used_in_an_earlier_trick_cannot_come_back_as_play_or_master():
    state = play_trick(new_game(3), "R5B6", "R2G9", "B8Y3", "R9B2")
    assert len(state.tricks) == 1
    refused("hm.card_used", hm.apply, state, master("R5B6"))
    refused("hm.card_used", hm.apply, state, master("R9B2"))
    state = hm.apply(state, master("G3Y8"))
    refused("hm.card_used", hm.apply, state, play(state.expected_seat, "R5B6"))
    refused("hm.card_used", hm.apply, state, play(state.expected_seat, "B8Y3"))


def test_a_finished_trick_is_recorded_and_the_winner_leads_the_next():
    state = play_trick(new_game(4), "R5B6", "R2G9", "B8Y3", "R9B2", "R7Y4")
    assert len(state.tricks) == 1
    done = state.tricks[0]
    assert (done.number, done.leader, done.winner, done.points, done.next_leader) == (1, A, C, 6, C)
    assert state.scores == (0, 0, 6, 0)
    assert state.leader == C
    assert state.expects_master
    assert state.plays == ()
    assert state.trick_number == 2
    assert hm.rulings(state) == done.rulings


def test_scores_accumulate_over_tricks():
    state = new_game(3)
    # Trick 1, A leads: red 2, blue 2, master blue 6 > red 5: blue follows; B's blue 8 wins 5.
    state = play_trick(state, "R5B6", "R9B2", "B8Y3", "R7Y4")
    assert (state.tricks[-1].winner, state.tricks[-1].points) == (B, 5)
    assert state.leader == B
    # Trick 2, B leads: green 3, yellow 1: green follows; B's green 10 wins yellow 7.
    state = play_trick(state, "G4Y7", "B1G10", "G3Y8", "R2G9")
    assert [p.seat for p in state.tricks[-1].plays] == [B, C, A]
    assert (state.tricks[-1].follow, state.tricks[-1].winner, state.tricks[-1].points) == ("G", B, 7)
    assert state.scores == (0, 12, 0)
    # Trick 3, B leads: C wins with red 10, scores blue 8.
    state = play_trick(state, "R3B8", "R4G7", "R10B1", "G5Y6")
    assert (state.tricks[-1].winner, state.tricks[-1].points) == (C, 8)
    assert state.scores == (0, 12, 8)
    assert hm.scores(state) == state.scores
    assert state.leaders == (B,)


def test_a_trick_nobody_wins_scores_nothing_and_the_same_leader_leads():
    state = play_trick(new_game(4, first_leader=C), "R9Y2", "R3B8", "R8G3", "B5Y6", "R1B10")
    assert state.tricks[-1].winner is None
    assert state.scores == (0, 0, 0, 0)
    assert state.leader == C


def test_a_tie_in_play_keeps_the_leader_by_default_and_passes_the_lead_under_the_house_rule():
    codes = ("R8B3", "R8G3", "R8Y3", "R2B9", "B1G10")
    state = play_trick(new_game(4), *codes)
    assert (state.tricks[-1].winner, state.scores, state.leader) == (B, (0, 3, 0, 0), A)
    state = play_trick(new_game(4, tie_winner_leads=True), *codes)
    assert (state.tricks[-1].winner, state.scores, state.leader) == (B, (0, 3, 0, 0), B)


@pytest.mark.parametrize(("players", "tricks"), [(3, 15), (4, 12), (5, 10)])
def test_the_game_is_over_after_the_deal_size_and_refuses_more(players, tricks):
    assert hm.DEAL_SIZE[players] == tricks
    state = new_game(players)
    assert state.setup.deal_size == tricks
    deck = iter(hm.DECK)
    for number in range(1, tricks + 1):
        assert not state.is_over
        assert state.trick_number == number
        state = play_trick(state, next(deck).code, *(next(deck).code for _ in range(players)))
        assert len(state.tricks) == number
    assert state.is_over
    assert state.used == frozenset(hm.DECK)  # every card dealt and used
    assert state.expected_seat is None
    assert not state.expects_master
    assert state.trick_number == tricks
    error = refused("hm.game_over", hm.apply, state, master("R5B6"))
    assert error.ruling.clause == "4(1)"
    refused("hm.game_over", hm.apply, state, play(state.leader, "R5B6"))
    refused("hm.game_over", hm.apply, state, Event("bid", {}))


def test_the_next_game_starts_one_seat_clockwise_and_a_match_is_one_game_per_player():
    assert hm.next_setup(new_game(4, first_leader=1))["first_leader"] == 2
    assert hm.next_setup(new_game(4, first_leader=3))["first_leader"] == 0
    for n in (3, 4, 5):
        game = Outcome((1,) * n, True, (1,) * n)
        assert [hm.evening([game] * played, n).over for played in (n - 1, n)] == [False, True]


# --------------------------------------------------------------------------- revokes


def test_showing_out_then_playing_a_master_suit_later_proves_a_revoke():
    state = new_game(3)
    # Trick 1: A shows out of red and blue (plays green/yellow) on master R5B6.
    state = play_trick(state, "R5B6", "G2Y9", "R1B10", "R2G9")
    assert state.tricks[0].winner is None and state.leader == A
    assert state.voids(A) == frozenset({"R", "B"})
    assert state.show_outs == (hm.ShowOut(A, 1, card("G2Y9"), card("R5B6")),)
    assert state.revokes == ()
    # Trick 2: A plays a card holding blue: a revoke of trick 1, proven in trick 2.
    state = hm.apply(state, master("G3Y8"))
    state = hm.apply(state, play(A, "B4Y7"))
    assert len(state.revokes) == 1
    revoke = state.revokes[0]
    assert (revoke.seat, revoke.shown_out.trick, revoke.trick, revoke.suit, revoke.card) == (
        A, 1, 2, "B", card("B4Y7"))
    assert revoke.ruling.key == "hm.revoke"
    assert revoke.ruling.clause == "5(2)"
    assert revoke.ruling.params["trick"] == 1
    assert revoke.ruling.params["later_trick"] == 2
    assert revoke.ruling.params["played"] == CardRef("G2Y9")
    assert revoke.ruling.params["master"] == CardRef("R5B6")
    assert revoke.ruling.params["card"] == CardRef("B4Y7")
    # The revoke is shown among the game's rulings once the trick ends.
    state = hm.apply(state, play(B, "G4Y7"))
    state = hm.apply(state, play(C, "G5Y6"))
    assert revoke.ruling in hm.rulings(state)
    # No result is changed: scores follow the trick as played.
    assert state.tricks[1].follow == "Y"


def test_a_later_card_holding_neither_shown_out_suit_proves_nothing():
    state = play_trick(new_game(3), "R5B6", "G2Y9", "R1B10", "R2G9")
    state = play_trick(state, "R3Y8", "G3Y8", "B4G7", "R4G7")
    assert state.revokes == ()
    assert len(state.show_outs) == 2  # B showed out of red and yellow in trick 2
    assert state.voids(B) == frozenset({"R", "Y"})


def test_a_single_show_out_is_proven_once_however_many_later_cards_contradict_it():
    state = play_trick(new_game(3), "R5B6", "G2Y9", "R1B10", "R2G9")      # A out of R, B
    state = play_trick(state, "G3Y8", "R8G3", "G4Y7", "G5Y6")             # A plays red
    assert [(r.seat, r.shown_out.trick, r.trick) for r in state.revokes] == [(A, 1, 2)]
    assert state.leader == C
    state = hm.apply(state, master("G6Y5"))
    state = hm.apply(state, play(C, "B1G10"))
    state = hm.apply(state, play(A, "R4B7"))                              # red and blue again
    state = hm.apply(state, play(B, "B2G9"))
    assert [(r.seat, r.shown_out.trick, r.trick) for r in state.revokes] == [(A, 1, 2)]
    # Trick 3's show-out (A out of green and yellow) is a new one, not yet contradicted.
    assert [(so.seat, so.trick) for so in state.show_outs] == [(A, 1), (A, 3)]


def test_two_separate_show_outs_are_two_offences():
    state = play_trick(new_game(3), "R5B6", "G2Y9", "R1B10", "R2G9")      # A out of R, B
    assert state.leader == A
    state = play_trick(state, "R3B8", "G1Y10", "R7G4", "R6Y5")             # A out of R, B again
    assert [so.trick for so in state.show_outs if so.seat == A] == [1, 2]
    assert state.revokes == ()
    assert state.tricks[1].winner == B
    state = hm.apply(state, master("B5Y6"))
    state = hm.apply(state, play(B, "B7Y4"))
    state = hm.apply(state, play(C, "B6Y5"))
    state = hm.apply(state, play(A, "R8G3"))  # holds red: contradicts both show-outs
    assert sorted((r.seat, r.shown_out.trick, r.trick, r.suit) for r in state.revokes) == [
        (A, 1, 3, "R"), (A, 2, 3, "R")]


def test_a_revoke_is_only_proven_for_the_player_who_showed_out():
    state = play_trick(new_game(3), "R5B6", "G2Y9", "R1B10", "R2G9")
    state = play_trick(state, "G3Y8", "G4Y7", "R3B8", "R4G7")  # B and C play red: not shown out
    assert state.revokes == ()


# --------------------------------------------------------------------------- replay and undo


SETUP4 = {"players": ["a", "b", "c", "d"]}


def _game_log() -> list[Event]:
    return [master("R5B6"), play(0, "R2G9"), play(1, "B8Y3"), play(2, "R9B2"), play(3, "R7Y4"),
            master("G4Y7"), play(2, "B1G10")]


def test_replay_of_a_log_equals_the_state_built_step_by_step():
    log = _game_log()
    state = hm.initial(SETUP4)
    for event in log:
        state = hm.apply(state, event)
    replayed = base.replay(hm.initial, hm.apply, SETUP4, log)
    assert replayed.state == state
    assert replayed.state.scores == (0, 0, 6, 0)
    assert replayed.undone == {}
    assert replayed.effective == tuple(range(len(log)))


def test_undo_retracts_the_latest_entry_still_in_force():
    log = [master("R5B6"), play(0, "R2G9"), Event(base.UNDO)]
    replayed = base.replay(hm.initial, hm.apply, SETUP4, log)
    assert replayed.state == hm.apply(hm.initial(SETUP4), master("R5B6"))
    assert replayed.undone == {1: 2}
    assert replayed.effective == (0,)


def test_undo_then_reentry_counts_only_the_new_entry():
    log = [master("R5B6"), play(0, "R2G9"), Event(base.UNDO), play(0, "R3G8")]
    replayed = base.replay(hm.initial, hm.apply, SETUP4, log)
    assert replayed.state.plays == (hm.Play(0, card("R3G8")),)
    assert card("R2G9") not in replayed.state.used
    assert replayed.undone == {1: 2}
    assert replayed.effective == (0, 3)


def test_successive_undos_walk_back_through_earlier_entries():
    log = [master("R5B6"), play(0, "R2G9"), play(1, "B8Y3"), Event(base.UNDO), Event(base.UNDO),
           play(0, "R9B2"), Event(base.UNDO), Event(base.UNDO), master("R9Y2")]
    replayed = base.replay(hm.initial, hm.apply, SETUP4, log)
    assert replayed.undone == {2: 3, 1: 4, 5: 6, 0: 7}
    assert replayed.effective == (8,)
    assert replayed.state.master == card("R9Y2")
    assert replayed.state.used == frozenset({card("R9Y2")})


def test_undo_of_the_last_card_of_a_trick_takes_back_the_result_and_the_score():
    log = _game_log()[:5]
    before = base.replay(hm.initial, hm.apply, SETUP4, log[:4]).state
    after = base.replay(hm.initial, hm.apply, SETUP4, log).state
    assert after.scores == (0, 0, 6, 0)
    undone = base.replay(hm.initial, hm.apply, SETUP4, log + [Event(base.UNDO)])
    assert undone.state == before
    assert undone.state.scores == (0, 0, 0, 0)
    assert undone.state.tricks == ()
    assert undone.state.leader == 0
    assert undone.state.expected_seat == 3


def test_undo_with_nothing_to_take_back_is_refused():
    error = refused("undo.nothing", base.replay, hm.initial, hm.apply, SETUP4, [Event(base.UNDO)])
    assert error.ruling.clause == "RULINGS"
    refused("undo.nothing", base.replay, hm.initial, hm.apply, SETUP4,
            [master("R5B6"), Event(base.UNDO), Event(base.UNDO)])


def test_replay_refuses_a_log_with_a_forbidden_entry():
    refused("hm.card_used", base.replay, hm.initial, hm.apply, SETUP4,
            [master("R5B6"), play(0, "R2G9"), play(1, "R2G9")])


def test_an_undone_entry_frees_its_card_again():
    log = [master("R5B6"), play(0, "R2G9"), Event(base.UNDO), play(0, "R2G9")]
    replayed = base.replay(hm.initial, hm.apply, SETUP4, log)
    assert replayed.state.plays == (hm.Play(0, card("R2G9")),)


# --------------------------------------------------------------------------- judge


ISSUE_REQUEST = {"ask": "trick", "master": "R5B6", "plays": ["R2G9", "B8Y3", "R9B2", "R7Y4"]}


def test_judge_answers_the_issue_request():
    answer = hm.judge(ISSUE_REQUEST)
    assert answer["follow_suit"] == "R"
    assert answer["winner"] == 2
    assert answer["points"] == 6
    assert answer["next_leader"] == 2
    assert answer["counts"] == {"R": 3, "B": 2}
    assert all(isinstance(r, Ruling) for r in answer["rulings"])
    assert keys(answer["rulings"]) == [
        ("hm.follow_by_count", "5(3)"), ("hm.highest_wins", "5(3)"), ("hm.points", "5(4)"), ("hm.winner_leads", "2")]
    assert "illegal" not in answer


def test_judge_answers_every_worked_example():
    cases = [
        ({"master": "R5B6", "plays": ["R3G8", "B2G9", "R8Y3", "B7Y4"]}, ("B", 3, 5, 3)),
        ({"master": "R9Y2", "plays": ["R3B8", "R8G3", "B5Y6", "R1B10"]}, ("R", None, 0, 0)),
        ({"master": "R8B3", "plays": ["R8G3", "R8Y3", "R2B9", "B1G10"]}, ("R", 1, 3, 0)),
        ({"master": "R8B3", "plays": ["R8G3", "R8Y3", "R2B9", "B1G10"], "tie_winner_leads": True}, ("R", 1, 3, 1)),
        ({"master": "R5B6", "plays": ["G1Y10", "G2Y9", "G3Y8"]}, (None, None, 0, 0)),
    ]
    for request, expected in cases:
        answer = hm.judge({"ask": "trick", **request})
        assert (answer["follow_suit"], answer["winner"], answer["points"], answer["next_leader"]) == expected, request


def test_judge_lists_plays_that_failed_to_follow_when_hands_are_given():
    request = {
        "ask": "trick", "master": "R5B6", "plays": ["G2Y9", "B8Y3", "G3Y8", "R7Y4"],
        "hands": [["G2Y9", "R1B10", "B2G9"], ["B8Y3"], ["G3Y8", "G4Y7"], ["R7Y4", "G5Y6"]],
    }
    answer = hm.judge(request)
    assert len(answer["illegal"]) == 1
    entry = answer["illegal"][0]
    assert entry["player"] == 0
    assert entry["card"] == "G2Y9"
    assert entry["could_follow_with"] == ["R1B10", "B2G9"]
    assert entry["ruling"].key == "hm.illegal_play"
    assert entry["ruling"].clause == "5(2)"
    assert entry["ruling"].params["cards"] == CardsRef(("R1B10", "B2G9"))
    # Player C showed out too, but held no red or blue: that play was legal.
    assert answer["winner"] == 1


def test_judge_finds_no_illegal_play_when_everyone_followed_or_could_not():
    request = {**ISSUE_REQUEST, "hands": [["R2G9", "G1Y10"], ["B8Y3"], ["R9B2"], ["R7Y4"]]}
    assert hm.judge(request)["illegal"] == []


@pytest.mark.parametrize(
    ("request_", "key"),
    [
        ({**ISSUE_REQUEST, "ask": "bid"}, "input.unknown_ask"),
        ({k: v for k, v in ISSUE_REQUEST.items() if k != "ask"}, "input.unknown_ask"),
        ({k: v for k, v in ISSUE_REQUEST.items() if k != "master"}, "input.missing"),
        ({k: v for k, v in ISSUE_REQUEST.items() if k != "plays"}, "input.missing"),
        ({**ISSUE_REQUEST, "plays": "R2G9 B8Y3 R9B2"}, "input.not_list"),
        ({**ISSUE_REQUEST, "plays": ["R2G9", "B8Y3"]}, "hm.play_count"),
        ({**ISSUE_REQUEST, "plays": ["R2G9", "B8Y3", "R9B2", "R7Y4", "G1Y10", "G2Y9"]}, "hm.play_count"),
        ({**ISSUE_REQUEST, "plays": ["R2G9", "B8Y3", "G9R2"]}, "hm.card_twice"),
        ({**ISSUE_REQUEST, "plays": ["R2G9", "B6R5", "R9B2"]}, "hm.master_in_plays"),
        ({**ISSUE_REQUEST, "plays": ["R2G9", "B8Y4", "R9B2"]}, "hm.card_sum"),
        ({**ISSUE_REQUEST, "master": "R5B5"}, "hm.card_sum"),
        ({**ISSUE_REQUEST, "master": "R5X6"}, "hm.card_unknown_suit"),
        ({**ISSUE_REQUEST, "tie_winner_leads": "yes"}, "input.not_bool"),
        ({**ISSUE_REQUEST, "hands": [["R2G9"], ["B8Y3"], ["R9B2"]]}, "hm.hands_count"),
        ({**ISSUE_REQUEST, "hands": "R2G9"}, "input.not_list"),
        ({**ISSUE_REQUEST, "hands": [["R2G9"], ["B8Y3"], ["R9B2"], ["G1Y10"]]}, "hm.play_not_in_hand"),
        ({**ISSUE_REQUEST, "hands": [["R2G9"], ["B8Y3", "R2G9"], ["R9B2"], ["R7Y4"]]}, "hm.card_twice"),
        ({**ISSUE_REQUEST, "hands": [["R2G9", "R5B6"], ["B8Y3"], ["R9B2"], ["R7Y4"]]}, "hm.card_twice"),
        (["trick"], "input.not_object"),
    ],
)
def test_judge_refuses_bad_requests_with_the_right_key(request_, key):
    refused(key, hm.judge, request_)


def test_judge_names_the_play_missing_from_its_hand():
    error = refused("hm.play_not_in_hand", hm.judge,
                    {**ISSUE_REQUEST, "hands": [["R2G9"], ["B8Y3"], ["R9B2"], ["G1Y10"]]})
    assert error.ruling.params == {"seat": SeatRef(3), "card": CardRef("R7Y4")}


# --------------------------------------------------------------------------- judge as text


EN = i18n.catalog("en")


def test_judge_text_answers_in_english_with_rulings_as_clause_and_text():
    ok, answer = i18n.judge_text(hm.SLUG, json.dumps(ISSUE_REQUEST), EN)
    assert ok is True
    assert (answer["follow_suit"], answer["winner"], answer["points"], answer["next_leader"]) == ("R", 2, 6, 2)
    assert answer["counts"] == {"R": 3, "B": 2}
    assert all(set(r) == {"clause", "text"} for r in answer["rulings"])
    assert [r["clause"] for r in answer["rulings"]] == ["5(3)", "5(3)", "5(4)", "2"]
    assert answer["rulings"][0]["text"] == "● red follows: 3 cards hold it against 2 holding ■ blue."
    assert answer["rulings"][1]["text"] == "Player C wins with ● red 9 / ■ blue 2, the highest ● red (9)."
    assert answer["rulings"][2]["text"] == (
        "Player C scores 6: the master card's ■ blue value, the suit that did not follow.")
    assert answer["rulings"][3]["text"] == "Player C, the winner, leads next."
    json.dumps(answer)  # plain JSON data throughout


def test_judge_text_renders_illegal_plays_with_their_clause():
    request = {
        "ask": "trick", "master": "R5B6", "plays": ["G2Y9", "B8Y3", "R9B2", "R7Y4"],
        "hands": [["G2Y9", "R1B10"], ["B8Y3"], ["R9B2"], ["R7Y4"]],
    }
    ok, answer = i18n.judge_text(hm.SLUG, json.dumps(request), EN)
    assert ok
    (entry,) = answer["illegal"]
    assert entry["player"] == 0
    assert entry["card"] == "G2Y9"
    assert entry["could_follow_with"] == ["R1B10"]
    assert entry["clause"] == "5(2)"
    assert entry["text"] == (
        "Player A played ▲ green 2 / ★ yellow 9 while holding ● red 1 / ■ blue 10, "
        "which hold ● red or ■ blue: they had to follow.")
    json.dumps(answer)


def test_judge_text_turns_rule_errors_into_an_error_message():
    ok, answer = i18n.judge_text(hm.SLUG, json.dumps({**ISSUE_REQUEST, "plays": ["R2G9", "B8Y3"]}), EN)
    assert ok is False
    assert answer == {"error": "A trick has one card per player, 3 to 5 cards; got 2."}
    ok, answer = i18n.judge_text(hm.SLUG, json.dumps({**ISSUE_REQUEST, "master": "R5B5"}), EN)
    assert (ok, answer) == (False, {"error": "“R5B5” does not exist: the two values on a card add up to 11, not 10."})
    ok, answer = i18n.judge_text(hm.SLUG, json.dumps({**ISSUE_REQUEST, "ask": "bid"}), EN)
    assert (ok, answer) == (False, {"error": "Unknown question “bid”; this game answers: trick."})
    ok, answer = i18n.judge_text(hm.SLUG, json.dumps({**ISSUE_REQUEST, "plays": ["R2G9", "R5B6", "B8Y3"]}), EN)
    assert (ok, answer) == (False, {"error": "● red 5 / ■ blue 6 is the master card; it cannot also be played."})


@pytest.mark.parametrize("text", ["{", "", "not json", '{"ask": "trick",}'])
def test_judge_text_answers_invalid_json_with_an_error_not_an_exception(text):
    ok, answer = i18n.judge_text(hm.SLUG, text, EN)
    assert ok is False
    assert set(answer) == {"error"}
    assert answer["error"].startswith("The request is not valid JSON: ")


@pytest.mark.parametrize("text", ["[]", "42", '"trick"', "null"])
def test_judge_text_refuses_json_that_is_not_an_object(text):
    assert i18n.judge_text(hm.SLUG, text, EN) == (False, {"error": "The request must be a JSON object."})


def test_judge_text_refuses_an_unknown_game():
    assert i18n.judge_text("no-such-game", json.dumps(ISSUE_REQUEST), EN) == (
        False, {"error": "Unknown game “no-such-game”."})
