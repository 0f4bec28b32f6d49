"""最善 (Saizen): the pure engine against the rulebook and RULINGS.md.

Rulebook: shared/rules/004_413d75e84e137ef7.txt. It prints no dealt example; each case the
text describes (the rows of the rule-card table in 2.3, the combinations 2.3.1-2.3.5, the
joker rule 2.4) is played out here as a trick or a game. Seats are 0..n-1 clockwise; in
the judge, players are numbered in play order from the leader (0).
"""

from __future__ import annotations

from typing import Any

import pytest

from companion import i18n
from companion.rules import saizen as sz
from companion.rules.base import CardRef, CardsRef, Event, SeatRef, SeatsRef, SuitRef, replay
from companion.rules.contract import Outcome
from tests.kit.rulings import keys, refused, ruling

EN = i18n.catalog("en")


# --------------------------------------------------------------------------- helpers


def faces(**suits: dict[str, bool]) -> dict[str, dict[str, bool]]:
    """A judge request's rule cards: every row on its first-named face, but for `suits`."""
    cards = {suit: dict(sz.DEFAULT_FACES) for suit in sz.SUITS}
    for suit, rows in suits.items():
        cards[suit].update(rows)
    return cards


def trick(plays: list[str], rules: dict[str, Any] | None = None, **more: Any) -> dict[str, Any]:
    return sz.judge({"ask": "trick", "rules": rules or faces(), "plays": plays, **more})


def card(code: str) -> sz.Card:
    return sz.parse_card(code)


def cards(*codes: str) -> list[sz.Card]:
    return [card(c) for c in codes]


def rule(**rows: bool) -> sz.RuleCard:
    return sz.RuleCard(**{**sz.DEFAULT_FACES, **rows})


def new_game(players: int = 4, start: int = 0, **options: Any) -> sz.State:
    return sz.initial({"players": [f"P{i}" for i in range(players)], "first_leader": start, "options": options})


def pass_all(state: sz.State) -> sz.State:
    """The chip lap with everybody passing."""
    while state.awaiting == "chip":
        state = sz.apply(state, Event("pass", {"seat": state.expected_seat}))
    return state


def lay(state: sz.State, *codes: str) -> sz.State:
    """Each card laid by the seat whose turn it is."""
    for code in codes:
        state = sz.apply(state, Event("play", {"seat": state.expected_seat, "card": code}))
    return state


def name(state: sz.State, suit: str) -> sz.State:
    return sz.apply(state, Event("name", {"seat": state.expected_seat, "suit": suit}))


SIX_ROUND_ONE = [
    # (lead by seat 0, then seats 1..5): seat 0 wins every heart trick
    ["H13", "H1", "H2", "D1", "D2", "D3"],
    ["H12", "D4", "H4", "D6", "D7", "D8"],
    ["H11", "D9", "D10", "D11", "D12", "D13"],
    ["H10", "C1", "C2", "C3", "C4", "C5"],
    ["H9", "C6", "C7", "C8", "C9", "C10"],
    ["H8", "C11", "C12", "C13", "S7", "S8"],
    ["H7", "S9", "S10", "S11", "S12", "S13"],
    # trick 8 (spades play off): seat 4's D5 ties seat 0's S5 with its last card
    ["S5", "S2", "S3", "S4", "D5", "S6"],
]
"""Six players, start 0, no jokers: sets of 9, 9, 9, 9, 8, 8 cards (2.1, RULINGS)."""


def six_player_round_one(last_trick: list[str] | None = None, **options: Any) -> sz.State:
    state = pass_all(new_game(6, 0, S_playoff=True, **options))
    for codes in SIX_ROUND_ONE[:-1] + [last_trick or SIX_ROUND_ONE[-1]]:
        state = lay(state, *codes)
    return state


# --------------------------------------------------------------------------- the cards


def test_the_deck_is_52_cards_and_codes_read_in_both_spellings():
    assert len(sz.DECK) == 52 and len(set(sz.DECK)) == 52
    assert card("SA") == card("S1") == card("s1") and card("SA").rank == 1
    assert card("H10").rank == 10 and card("DJ") == card("D11") and card("DQ") == card("D12")
    assert card("CK") == card("C13") and card("CK").code == "CK"
    assert card("JK").is_joker and card("jk").code == "JK"


@pytest.mark.parametrize("text", ["S14", "S0", "X5", "S", "", "SAA", "JOKER", "10S", None, 5, ["SA"]])
def test_cards_not_in_the_deck_are_refused(text):
    refused("sz.card_malformed", sz.parse_card, text)


def test_cards_and_suits_read_as_words():
    assert sz.card_text("H10", EN.gettext) == "♥ heart 10"
    assert sz.card_text("SA", EN.gettext) == "♠ spade A"
    assert sz.card_text("JK", EN.gettext) == "Joker"
    assert sz.suit_text("C", EN.gettext) == "♣ club"


# --------------------------------------------------------------------------- 2.1 the deal


@pytest.mark.parametrize("players,jokers,start,sizes", [
    (2, 0, 0, [26, 26]),
    (3, 0, 1, [17, 18, 17]),
    (4, 0, 2, [13, 13, 13, 13]),
    (5, 1, 2, [10, 10, 11, 11, 11]),
    (6, 0, 0, [9, 9, 9, 9, 8, 8]),
    (6, 2, 4, [9, 9, 9, 9, 9, 9]),
    (4, 2, 3, [14, 13, 13, 14]),
])
def test_deal_one_at_a_time_from_the_start_player_gives_the_first_seats_one_more(players, jokers, start, sizes):
    answer = sz.judge({"ask": "deal", "players": players, "jokers": jokers, "start": start})
    assert answer["hand_sizes"] == sizes and sum(sizes) == 52 + jokers
    assert keys(answer["rulings"])[0] == ("sz.deal" if len(set(sizes)) > 1 else "sz.deal_even", "2.1")


def test_hand_sets_pass_to_the_right_so_seat_i_holds_set_i_plus_r():
    answer = sz.judge({"ask": "deal", "players": 4, "jokers": 0, "start": 0})
    assert answer["sets"] == [[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1]]
    # the set seat 1 held in round 1 is with seat 0, its right-hand neighbour, in round 2
    assert answer["sets"][1][0] == answer["sets"][0][1]


# --------------------------------------------------------------------------- 2.2 and the 大/小 row


def test_the_strongest_number_following_the_lead_wins_under_大():
    answer = trick(["S5", "S9", "HK"])
    assert answer["winner"] == 1 and answer["lead_suit"] == "S" and answer["playoff"] == []
    assert ruling(answer["rulings"], "sz.highest_wins").params == {
        "seat": SeatRef(1), "card": CardRef("S9"), "suit": SuitRef("S"), "face": sz.face_ref("大")}


def test_a_ruling_names_the_rule_faces_in_words_in_english_and_as_printed_in_japanese():
    ja = i18n.catalog("ja")
    answer = trick(["S5", "S9", "HK"], faces(S={"playoff": True}))
    applies, won = ruling(answer["rulings"], "sz.rule_applies"), ruling(answer["rulings"], "sz.highest_wins")
    assert i18n.render(applies, sz, EN) == (
        "♠ spade was led: its rule card reads High · Later · Play-off · MUST · Must win.")
    assert "大・後・決勝・MUST・必勝" in i18n.render(applies, sz, ja)
    assert i18n.render(won, sz, EN).endswith("the highest ♠ spade (High).")
    assert i18n.render(won, sz, ja).endswith("の勝ちです（大）。")


def test_under_小_the_lowest_number_wins_and_the_ace_is_strongest():
    answer = trick(["S5", "SA", "S2", "HA"], faces(S={"high": False}))
    assert answer["winner"] == 1
    assert ruling(answer["rulings"], "sz.lowest_wins").clause == "2.2"


def test_a_card_off_the_lead_suit_never_wins_however_strong():
    assert trick(["D2", "SK", "HK", "CK"])["winner"] == 0


def test_each_suit_uses_its_own_card():
    rules = faces(H={"high": False})
    assert trick(["S5", "S9"], rules)["winner"] == 1
    assert trick(["H5", "H9"], rules)["winner"] == 0


# --------------------------------------------------------------------------- the 後/先 row (2.3, 2.3.3, 2.4)


def test_後_makes_the_later_of_two_jokers_win():
    answer = trick(["S5", "JK", "SK", "JK"])
    assert answer["winner"] == 3
    assert ruling(answer["rulings"], "sz.later_joker_wins").clause == "2.4"


def test_先_makes_the_earlier_of_two_jokers_win():
    answer = trick(["S5", "JK", "SK", "JK"], faces(S={"later": False}))
    assert answer["winner"] == 1
    assert ruling(answer["rulings"], "sz.earlier_joker_wins").params["face"] == sz.face_ref("先")


def test_後先_loses_its_meaning_under_決勝_two_jokers_play_off():
    answer = trick(["S5", "JK", "SK", "JK"], faces(S={"playoff": True, "later": False}),
                   playoff=[["H2", "H9"]])
    assert answer["playoff"] == [[1, 3]] and answer["winner"] == 3
    assert keys(answer["rulings"])[1] == ("sz.jokers_play_off", "2.4")


# --------------------------------------------------------------------------- the 無視/決勝 row


def test_無視_ignores_equal_numbers():
    answer = trick(["S5", "H5", "S9"])
    assert answer["winner"] == 2 and answer["pending"] is None
    assert ruling(answer["rulings"], "sz.equal_ignored").clause == "2.3"


def test_決勝_equal_numbers_in_any_suits_play_off_and_the_playoff_decides_the_trick():
    rules = faces(S={"playoff": True})
    waiting = trick(["S5", "H5", "SK", "D9"], rules)
    assert waiting["winner"] is None and waiting["pending"] == [0, 1] and waiting["playoff"] == [[0, 1]]
    answer = trick(["S5", "H5", "SK", "D9"], rules, playoff=[["C2", "C3"]])
    assert answer["winner"] == 1 and answer["pending"] is None
    assert keys(answer["rulings"])[1:] == [("sz.playoff_starts", "2.3"), ("sz.playoff_win", "2.3")]
    assert ruling(answer["rulings"], "sz.playoff_starts").params == {
        "seats": SeatsRef((0, 1)), "number": "5", "cards": CardsRef(("S5", "H5"))}


def test_with_several_equal_numbers_only_the_strongest_plays_off():
    rules = faces(S={"playoff": True})
    answer = trick(["S5", "H5", "S9", "D9", "C9"], rules)
    assert answer["pending"] == [2, 3, 4]
    assert ruling(answer["rulings"], "sz.playoff_strongest_only").params == {"number": "9"}
    low = trick(["S5", "H5", "S9", "D9"], faces(S={"playoff": True, "high": False}))
    assert low["pending"] == [0, 1]


def test_playoff_cards_compare_by_number_alone_with_no_suit_to_follow():
    answer = trick(["S5", "H5", "C7"], faces(S={"playoff": True}), playoff=[["H2", "DK"]])
    assert answer["winner"] == 1
    assert ruling(answer["rulings"], "sz.playoff_win").params["card"] == CardRef("DK")


def test_playoff_follows_the_trick_小():
    answer = trick(["S5", "H5", "C7"], faces(S={"playoff": True, "high": False}), playoff=[["H2", "DK"]])
    assert answer["winner"] == 0


def test_playoff_goes_on_while_the_same_numbers_come_again_2_3_3():
    rules = faces(S={"playoff": True})
    plays = ["S5", "H5", "D5", "C2"]
    answer = trick(plays, rules, playoff=[["S7", "H7", "D3"], ["SK", "HK"], ["S8", "H9"]])
    assert answer["playoff"] == [[0, 1, 2], [0, 1], [0, 1]] and answer["winner"] == 1
    assert [r.clause for r in answer["rulings"] if r.key == "sz.playoff_again"] == ["2.3.3", "2.3.3"]
    pending = trick(plays, rules, playoff=[["S7", "H7", "D3"], ["SK", "HK"]])
    assert pending["winner"] is None and pending["pending"] == [0, 1]


def test_a_lower_pair_in_a_playoff_stage_beats_a_stronger_single():
    # RULINGS (2.3.3): the 決勝 rule applies in full in every stage
    answer = trick(["S5", "H5", "D5"], faces(S={"playoff": True}), playoff=[["S2", "H2", "DK"]])
    assert answer["pending"] == [0, 1] and answer["winner"] is None


# --------------------------------------------------------------------------- 2.3.2 empty hands in a play-off


def test_a_player_with_no_card_left_loses_the_playoff():
    answer = trick(["S5", "H5", "C7"], faces(S={"playoff": True}), playoff=[["S2", None]])
    assert answer["winner"] == 0
    assert keys(answer["rulings"])[-2:] == [("sz.playoff_no_card", "2.3.2"), ("sz.playoff_last_standing", "2.3.2")]


def test_a_playoff_in_which_every_hand_runs_out_has_no_winner():
    answer = trick(["S5", "H5", "C7"], faces(S={"playoff": True}), playoff=[[None, None]])
    assert answer["winner"] is None and answer["pending"] is None
    assert keys(answer["rulings"])[-1] == ("sz.playoff_nobody", "2.3.2")


def test_with_hands_given_an_empty_hand_is_known_and_a_lone_survivor_wins_without_a_stage():
    hands = [["S5", "S2"], ["H5"], ["C7", "C8"]]
    answer = trick(["S5", "H5", "C7"], faces(S={"playoff": True}), hands=hands)
    assert answer["winner"] == 0 and answer["playoff"] == [] and answer["legal"] == [True, True, True]
    refused("sz.playoff_too_many", trick, ["S5", "H5", "C7"], faces(S={"playoff": True}), hands=hands,
            playoff=[["S2", None], ["S3", None]])
    nobody = trick(["S5", "H5", "C7"], faces(S={"playoff": True}), hands=[["S5"], ["H5"], ["C7", "C8"]])
    assert nobody["winner"] is None and nobody["pending"] is None


def test_with_hands_given_the_stage_of_a_lone_survivor_may_be_given_with_null_for_the_empty_hand():
    """Issue 28: the contract lets a stage list null for a player with no card left; with
    hands given, that stage was refused ("decided after 0 stages; got 1")."""
    hands = [["S5"], ["H5", "D2"], ["C7", "C8"]]
    answer = trick(["S5", "H5", "C7"], faces(S={"playoff": True}), hands=hands, playoff=[[None, "D2"]])
    assert answer["winner"] == 1 and answer["playoff"] == [[0, 1]] and answer["pending"] is None
    assert keys(answer["rulings"])[-2:] == [("sz.playoff_no_card", "2.3.2"), ("sz.playoff_last_standing", "2.3.2")]
    assert answer["playoff_legal"] == [[True, True]]
    without = trick(["S5", "H5", "C7"], faces(S={"playoff": True}), hands=hands)
    assert without["winner"] == 1 and without["playoff"] == []
    refused("sz.playoff_null_with_cards", trick, ["S5", "H5", "C7"], faces(S={"playoff": True}), hands=hands,
            playoff=[[None, None]])
    refused("sz.playoff_card_without_cards", trick, ["S5", "H5", "C7"], faces(S={"playoff": True}), hands=hands,
            playoff=[["S2", "D2"]])


def test_an_empty_hand_in_a_later_stage_of_a_playoff():
    hands = [["S5", "S7", "S8"], ["H5", "H7"], ["C9"]]
    answer = trick(["S5", "H5", "C9"], faces(S={"playoff": True}), hands=hands, playoff=[["S7", "H7"]])
    assert answer["winner"] == 0 and answer["playoff"] == [[0, 1]]
    assert keys(answer["rulings"])[-1] == ("sz.playoff_last_standing", "2.3.2")


# --------------------------------------------------------------------------- 2.4 jokers


def test_a_joker_is_strongest_under_大_and_under_小():
    assert trick(["SK", "JK", "SQ"])["winner"] == 1
    assert trick(["SA", "JK", "S2"], faces(S={"high": False}))["winner"] == 1
    assert ruling(trick(["SK", "JK"])["rulings"], "sz.joker_wins").clause == "2.4"


def test_a_joker_follows_every_suit_so_it_keeps_MUST():
    answer = trick(["S5", "JK"], hands=[["S5"], ["JK", "S9"]])
    assert answer["legal"] == [True, True]


def test_a_lone_joker_loses_to_any_playoff():
    answer = trick(["S5", "JK", "H5"], faces(S={"playoff": True}), playoff=[["S2", "H3"]])
    assert answer["winner"] == 2
    assert ruling(answer["rulings"], "sz.lone_joker_loses").params == {"seat": SeatRef(1)}


def test_the_jokers_playoff_is_the_strongest_playoff():
    answer = trick(["SK", "HK", "JK", "JK"], faces(S={"playoff": True}))
    assert answer["pending"] == [2, 3]


def test_a_joker_is_highest_in_a_playoff_stage_and_two_jokers_there_play_off_again():
    rules = faces(S={"playoff": True})
    assert trick(["S5", "H5"], rules, playoff=[["SK", "JK"]])["winner"] == 1
    assert trick(["S5", "H5", "C5"], rules, playoff=[["JK", "SK", "JK"]])["pending"] == [0, 2]


def test_joker_lead_names_the_suit():
    answer = trick(["JK", "H9", "S9"], lead_suit="H")
    assert answer["lead_suit"] == "H" and answer["winner"] == 0
    assert keys(answer["rulings"])[0] == ("sz.joker_names", "RULINGS")
    assert trick(["JK", "H9", "S9"], faces(H={"playoff": True}), lead_suit="H")["pending"] == [1, 2]


def test_a_joker_lead_needs_its_suit_and_a_lead_suit_must_fit_the_lead_card():
    refused("sz.joker_lead_needs_suit", trick, ["JK", "H9"])
    refused("sz.lead_suit_contradicts", trick, ["S5", "H9"], lead_suit="H")
    refused("sz.suit_unknown", trick, ["JK", "H9"], lead_suit="X")
    assert trick(["S5", "H9"], lead_suit="S")["winner"] == 0


# --------------------------------------------------------------------------- MUST/MAY and 必勝/自由 rows


def test_MUST_follow_flags_a_card_off_suit_while_holding_the_lead_suit():
    answer = trick(["S5", "H2"], hands=[["S5"], ["H2", "S3"]])
    assert answer["legal"] == [True, False]
    assert ruling(answer["rulings"], "sz.breaks_must_follow").params == {
        "seat": SeatRef(1), "card": CardRef("H2"), "suit": SuitRef("S"), "held": CardRef("S3")}


def test_a_player_void_in_the_lead_suit_may_play_anything_and_need_not_play_a_joker():
    free = faces(S={"must_win": False})
    assert trick(["S5", "H2"], free, hands=[["S5"], ["H2", "JK"]])["legal"] == [True, True]
    # but under 必勝 the joker wins, so it must be played
    answer = trick(["S5", "H2"], hands=[["S5"], ["H2", "JK"]])
    assert answer["legal"] == [True, False] and keys(answer["rulings"])[-1] == ("sz.misses_win_now", "2.3.1")


def test_house_rule_a_void_player_must_play_a_joker_under_MUST():
    answer = trick(["S5", "H2"], faces(S={"must_win": False}), hands=[["S5"], ["H2", "JK"]],
                   options={"joker_obliges": True})
    assert answer["legal"] == [True, False]
    assert keys(answer["rulings"])[-1] == ("sz.breaks_must_follow_joker", "2.3")


def test_MAY_follow_lets_a_player_keep_the_lead_suit():
    answer = trick(["S5", "H2"], faces(S={"must_follow": False, "must_win": False}), hands=[["S5"], ["H2", "S3"]])
    assert answer["legal"] == [True, True]


def test_必勝_a_player_who_can_win_must_win():
    answer = trick(["S5", "S2"], hands=[["S5"], ["S2", "S9"]])
    assert answer["legal"] == [True, False]
    assert ruling(answer["rulings"], "sz.misses_win_now").params == {
        "seat": SeatRef(1), "card": CardRef("S2"), "held": CardRef("S9")}


def test_自由_a_player_may_lose_on_purpose():
    assert trick(["S5", "S2"], faces(S={"must_win": False}), hands=[["S5"], ["S2", "S9"]])["legal"] == [True, True]


def test_必勝_is_judged_on_the_cards_down_when_the_card_is_played():
    # seat 1 cannot beat S9 and plays freely; seat 2's SK later wins: no slip for seat 1
    answer = trick(["S9", "S2", "SK"], hands=[["S9"], ["S2", "S8"], ["SK"]])
    assert answer["legal"] == [True, True, True]


def test_the_leader_is_free_under_必勝():
    assert trick(["S2", "S3"], hands=[["S2", "SK"], ["S3"]])["legal"] == [True, True]


def test_2_3_1_no_penalty_a_必勝_slip_never_changes_the_result():
    answer = trick(["S5", "S2", "S7"], hands=[["S5"], ["S2", "SK"], ["S7"]])
    assert answer["winner"] == 2 and answer["legal"] == [True, False, True]
    assert ruling(answer["rulings"], "sz.misses_win_now").clause == "2.3.1"


def test_2_3_1_a_player_who_played_freely_can_still_win_the_trick_under_決勝_and_必勝():
    # seat 2 can neither beat S9 nor pair a number down, so plays H3 freely; seat 3's only
    # card pairs it, and seat 3, out of cards, loses the play-off: seat 2 wins after all
    rules = faces(S={"playoff": True})
    hands = [["S5"], ["S9"], ["H3", "H4"], ["D3"]]
    answer = trick(["S5", "S9", "H3", "D3"], rules, hands=hands)
    assert answer["legal"] == [True, True, True, True]
    assert answer["winner"] == 2 and answer["playoff"] == []
    without_hands = trick(["S5", "S9", "H3", "D3"], rules, playoff=[["H4", None]])
    assert without_hands["winner"] == 2 and without_hands["playoff"] == [[2, 3]]


def test_2_3_5_MAY_and_必勝_a_winning_card_cannot_be_kept():
    answer = trick(["S5", "H2"], faces(S={"must_follow": False}), hands=[["S5"], ["H2", "SK"]])
    assert answer["legal"] == [True, False]
    assert ruling(answer["rulings"], "sz.misses_win_now").clause == "2.3.5"


def test_2_3_5_under_MUST_the_same_play_breaks_both_rows():
    answer = trick(["S5", "H2"], hands=[["S5"], ["H2", "SK"]])
    assert [r.key for r in answer["rulings"][-2:]] == ["sz.breaks_must_follow", "sz.misses_win_now"]


# --------------------------------------------------------------------------- 2.3.4 決勝 and 必勝


PO = {"playoff": True}
PO_MAY = {"playoff": True, "must_follow": False}


def test_2_3_4_with_no_pair_down_win_without_a_playoff_first():
    answer = trick(["S5", "S9", "H5"], faces(S=PO_MAY), hands=[["S5"], ["S9"], ["H5", "SK"]])
    assert answer["legal"] == [True, True, False]
    assert keys(answer["rulings"])[-1] == ("sz.misses_win_now", "2.3.4")


def test_2_3_4_a_card_that_would_win_but_makes_a_pair_is_not_a_win_without_playoff():
    assert sz.tier(card("S9"), cards("S5", "D9"), "S", rule(playoff=True)) == sz.tricks.JOIN
    assert sz.tier(card("SK"), cards("S5", "D9"), "S", rule(playoff=True)) == sz.tricks.WIN_NOW


def test_2_3_4_with_no_winner_in_hand_join_a_number_already_down():
    answer = trick(["S5", "S9", "S7"], faces(S=PO_MAY), hands=[["S5"], ["S9"], ["S7", "H9"]])
    assert answer["legal"] == [True, True, False]
    assert ruling(answer["rulings"], "sz.misses_join").params["held"] == CardRef("H9")


def test_2_3_4_with_a_pair_down_make_a_stronger_pair():
    answer = trick(["S5", "H5", "S9", "C5"], faces(S=PO), hands=[["S5"], ["H5"], ["S9"], ["C5", "D9"]])
    assert answer["legal"] == [True, True, True, False]
    assert ruling(answer["rulings"], "sz.misses_stronger_pair").params["held"] == CardRef("D9")


def test_2_3_4_with_a_pair_down_and_no_stronger_pair_join_the_expected_playoff():
    hands = [["S9"], ["H9"], ["S5"], ["D5", "C9"]]
    answer = trick(["S9", "H9", "S5", "D5"], faces(S=PO), hands=hands)
    assert answer["legal"] == [True, True, True, False]
    assert ruling(answer["rulings"], "sz.misses_join").params["held"] == CardRef("C9")


def test_2_3_4_with_a_pair_down_a_lone_strong_card_is_free_choice():
    hands = [["S9"], ["H9"], ["SK", "S2"]]
    assert trick(["S9", "H9", "S2"], faces(S=PO), hands=hands)["legal"] == [True, True, True]
    answer = trick(["S9", "H9", "SK"], faces(S=PO), playoff=[["S2", "H3"]])
    assert answer["winner"] == 1  # 2.3.4: however strong a single card, the play-off decides


def test_2_3_4_under_MUST_the_duty_to_join_is_among_the_cards_that_follow():
    # holding spades, H9 is not a legal follow: 必勝 chooses among the legal follows
    hands = [["S5"], ["S9"], ["S7", "H9"]]
    answer = trick(["S5", "S9", "S7"], faces(S=PO), hands=hands)
    assert answer["legal"] == [True, True, True]


def test_必勝_binds_in_playoff_stages_played_in_turn():
    hands = [["S5", "S2", "SK"], ["H5", "H9"]]
    answer = trick(["S5", "H5"], faces(S=PO), hands=hands, playoff=[["S2", "H9"]])
    assert answer["playoff_legal"] == [[True, True]]
    slip = trick(["H5", "S5"], faces(H=PO), hands=[["H5", "H9"], ["S5", "S2", "SK"]], playoff=[["H9", "S2"]])
    assert slip["playoff_legal"] == [[True, False]] and slip["winner"] == 0
    assert ruling(slip["rulings"], "sz.misses_win_now").clause == "2.3.4"


def test_played_together_a_playoff_card_cannot_slip():
    answer = trick(["H5", "S5"], faces(H=PO), hands=[["H5", "H9"], ["S5", "S2", "SK"]], playoff=[["H9", "S2"]],
                   options={"playoff_reveal": "together"})
    assert answer["playoff_legal"] == [[True, True]]


def test_two_jokers_under_後_a_second_joker_wins_now_and_under_先_it_does_not():
    assert sz.tier(card("JK"), cards("S5", "JK"), "S", rule()) == sz.tricks.WIN_NOW
    assert sz.tier(card("JK"), cards("S5", "JK"), "S", rule(later=False)) == sz.tricks.FREE
    assert sz.tier(card("JK"), cards("S5", "JK"), "S", rule(playoff=True)) == sz.tricks.JOIN


# --------------------------------------------------------------------------- the judge's refusals


@pytest.mark.parametrize("request_,key", [
    ({"plays": ["S5", "S5"]}, "sz.card_twice"),
    ({"plays": ["S5", "JK", "JK", "JK"]}, "sz.jokers_too_many"),
    ({"plays": ["S5", "S14"]}, "sz.card_malformed"),
    ({"plays": ["S5"]}, "sz.play_count"),
    ({"plays": ["S5"] * 7}, "sz.play_count"),
    ({"plays": "S5 S6"}, "input.not_list"),
    ({"plays": ["S5", "H5"], "playoff": [["S2", "H3"]]}, "sz.playoff_not_needed"),
    ({"plays": ["S5", "H5"], "rules": faces(S=PO), "playoff": [["S2"]]}, "sz.playoff_stage_size"),
    ({"plays": ["S5", "H5"], "rules": faces(S=PO), "playoff": [["S2", "H3"], ["S3", "H4"]]}, "sz.playoff_too_many"),
    ({"plays": ["S5", "H5"], "rules": faces(S=PO), "playoff": [["S5", "H3"]]}, "sz.card_twice"),
    ({"plays": ["S5", "H5"], "rules": faces(S=PO), "playoff": "S2"}, "input.not_list"),
    ({"plays": ["S5", "H5"], "hands": [["S5"], ["H6"]]}, "sz.play_not_in_hand"),
    ({"plays": ["S5", "H5"], "hands": [["S5", "H6"], ["H6", "H5"]]}, "sz.card_twice"),
    ({"plays": ["S5", "H5"], "hands": [["S5"]]}, "sz.hands_count"),
    ({"plays": ["S5", "H5", "D5"], "rules": faces(S=PO), "hands": [["S5", "S2"], ["H5", "H3"], ["D5"]],
      "playoff": [["S2", "H3", "D2"]]}, "sz.playoff_card_without_cards"),
    ({"plays": ["S5", "H5", "C7"], "rules": faces(S=PO), "hands": [["S5", "S2"], ["H5"], ["C7"]],
      "playoff": [["S2", None], ["S3", None]]}, "sz.playoff_too_many"),
    ({"plays": ["S5", "H5"], "rules": faces(S=PO), "hands": [["S5", "S2"], ["H5", "H3"]], "playoff": [["S2", None]]},
     "sz.playoff_null_with_cards"),
    ({"plays": ["S5", "H5"], "players": 3, "rules": faces(S=PO), "playoff": [["S2", "H3"]]},
     "sz.playoff_before_all_played"),
    ({"plays": ["S5", "H5", "D5"], "players": 2}, "sz.players_vs_plays"),
    ({"plays": ["S5", "H5"], "players": True}, "input.not_integer"),
    ({"plays": ["S5", "H5"], "options": {"jokers": 1}}, "option.unknown"),
    ({"plays": ["S5", "H5"], "options": {"playoff_reveal": "never"}}, "option.not_a_choice"),
])
def test_the_judge_refuses_impossible_tricks(request_, key):
    refused(key, sz.judge, {"ask": "trick", "rules": faces(), **request_})


@pytest.mark.parametrize("rules,key", [
    ({s: dict(sz.DEFAULT_FACES) for s in "SHD"}, "sz.rules_missing_suit"),
    ({**faces(), "X": dict(sz.DEFAULT_FACES)}, "sz.rules_unknown_suit"),
    (faces() | {"S": {"high": True}}, "sz.rules_missing_row"),
    (faces() | {"S": {**sz.DEFAULT_FACES, "loud": True}}, "sz.rules_unknown_row"),
    (faces() | {"S": {**sz.DEFAULT_FACES, "high": 1}}, "input.not_bool"),
    ([1, 2], "sz.rules_malformed"),
    (faces() | {"S": "high"}, "sz.rules_malformed"),
])
def test_the_judge_refuses_a_rules_object_missing_a_suit_or_a_key(rules, key):
    refused(key, sz.judge, {"ask": "trick", "rules": rules, "plays": ["S5", "H5"]})


def test_the_judge_needs_rules_and_plays():
    refused("input.missing", sz.judge, {"ask": "trick", "plays": ["S5", "H5"]})
    refused("input.missing", sz.judge, {"ask": "trick", "rules": faces()})
    refused("input.unknown_ask", sz.judge, {"ask": "who"})


def test_a_partial_trick_says_who_is_winning_so_far():
    answer = trick(["S5", "S9"], players=4)
    assert answer["complete"] is False and answer["winner"] == 1
    assert keys(answer["rulings"])[-1] == ("sz.winning_now", "2.2")
    looming = trick(["S5", "H5"], faces(S=PO), players=3)
    assert looming["winner"] is None and looming["pending"] == [0, 1]


# --------------------------------------------------------------------------- score


def test_score_adds_tricks_over_the_rounds_and_equal_totals_share_a_place():
    answer = sz.judge({"ask": "score", "tricks": [[3, 4, 5, 1], [5, 4, 2, 2], [1, 1, 2, 3]]})
    assert answer["totals"] == [9, 9, 9, 6] and answer["rank"] == [1, 1, 1, 4]
    assert keys(answer["rulings"]) == [("sz.score", "2.2"), ("sz.game_won", "2.2")]
    one = sz.judge({"ask": "score", "tricks": [[2, 0]]})
    assert one["totals"] == [2, 0] and one["rank"] == [1, 2]


@pytest.mark.parametrize("tricks,key", [
    ([[9, 9, 0, 0]], "sz.round_too_many_tricks"),   # 4 players: hands of 13
    ([[1, 2], [1, 2, 3]], "sz.rounds_differ"),
    ([[1, 2]] * 4, "sz.rounds_count"),
    ([], "sz.rounds_count"),
    ([[1]], "sz.player_count"),
    ([[1, -1]], "sz.tricks_negative"),
    ([[1, True]], "input.not_integer"),
    ([[1, 1.5]], "input.not_integer"),
    ([5], "input.not_list"),
])
def test_score_refuses_what_the_hands_make_impossible(tricks, key):
    refused(key, sz.judge, {"ask": "score", "tricks": tricks})


def test_score_limit_follows_the_smallest_hand_with_jokers():
    # 3 players: 17/17/18 without jokers, 18/18/18 with two
    refused("sz.round_too_many_tricks", sz.judge, {"ask": "score", "tricks": [[18, 0, 0]]})
    assert sz.judge({"ask": "score", "tricks": [[18, 0, 0]], "jokers": 2})["totals"] == [18, 0, 0]


@pytest.mark.parametrize("request_,key", [
    ({"players": 7}, "sz.player_count"),
    ({"players": "4"}, "input.not_integer"),
    ({"players": 4, "jokers": 3}, "sz.jokers_count"),
    ({"players": 4, "start": 4}, "setup.first_leader"),
])
def test_deal_refuses_what_no_table_deals(request_, key):
    refused(key, sz.judge, {"ask": "deal", **request_})


# --------------------------------------------------------------------------- a game: setup and chips


def test_a_new_game_starts_with_the_chip_lap_from_the_start_player():
    state = new_game(4, 2)
    assert state.awaiting == "chip" and state.expected_seat == 2 and state.round_number == 1
    assert keys(sz.rulings(state)) == [("sz.chip_lap", "2.2")]
    assert [state.rule(s).faces for s in sz.SUITS] == ["大・後・無視・MUST・必勝"] * 4
    assert [state.hand_size(s) for s in range(4)] == [13] * 4


def test_the_table_enters_the_starting_faces_each_on_its_first_named_face_by_default():
    state = new_game(3, 0, S_high=False, H_playoff=True, D_must_follow=False, C_must_win=False, C_later=False)
    assert state.rule("S").faces == "小・後・無視・MUST・必勝"
    assert state.rule("H").faces == "大・後・決勝・MUST・必勝"
    assert state.rule("D").faces == "大・後・無視・MAY・必勝"
    assert state.rule("C").faces == "大・先・無視・MUST・自由"


def test_setup_refuses_player_counts_and_options_the_game_has_not():
    refused("sz.player_count", sz.initial, {"players": ["A"], "first_leader": 0})
    refused("sz.player_count", sz.initial, {"players": list("ABCDEFG"), "first_leader": 0})
    refused("option.out_of_range", new_game, 3, 0, jokers=3)
    refused("input.not_bool", new_game, 3, 0, S_high="yes")
    refused("setup.first_leader", sz.initial, {"players": ["A", "B"], "first_leader": 2})


def test_the_chip_lap_goes_clockwise_each_flipping_one_row_or_passing():
    state = new_game(3, 1)
    state = sz.apply(state, Event("flip", {"seat": 1, "suit": "S", "row": "high"}))
    assert ruling(sz.rulings(state), "sz.flip").params == {
        "seat": SeatRef(1), "suit": SuitRef("S"), "was": sz.face_ref("大"), "now": sz.face_ref("小")}
    refused("sz.not_your_turn", sz.apply, state, Event("pass", {"seat": 1}))
    state = sz.apply(state, Event("pass", {"seat": 2}))
    state = sz.apply(state, Event("flip", {"seat": 0, "suit": "H", "row": "playoff"}))
    assert state.awaiting == "card" and state.expected_seat == 1
    assert keys(sz.rulings(state))[-1] == ("sz.chips_over", "2.2")
    assert state.rule("S").high is False and state.rule("H").playoff is True
    assert state.flipped == {("S", "high"), ("H", "playoff")}


def test_a_row_flips_only_once_in_the_game():
    state = sz.apply(new_game(2, 0), Event("flip", {"seat": 0, "suit": "S", "row": "high"}))
    refused("sz.row_flipped", sz.apply, state, Event("flip", {"seat": 1, "suit": "S", "row": "high"}))
    refused("sz.row_unknown", sz.apply, state, Event("flip", {"seat": 1, "suit": "S", "row": "size"}))
    refused("sz.suit_unknown", sz.apply, state, Event("flip", {"seat": 1, "suit": "Z", "row": "high"}))


def test_cards_wait_for_the_chip_lap_and_chips_wait_for_the_next_round():
    state = new_game(2, 0)
    refused("sz.chips_first", sz.apply, state, Event("play", {"seat": 0, "card": "S5"}))
    state = pass_all(state)
    refused("sz.chips_done", sz.apply, state, Event("pass", {"seat": 0}))


def test_a_flipped_row_changes_how_the_suit_is_decided():
    state = sz.apply(new_game(2, 0), Event("flip", {"seat": 0, "suit": "S", "row": "high"}))
    state = pass_all(state)
    state = lay(state, "S5", "S9")
    assert state.last_trick is not None and state.last_trick.winner == 0
    assert ruling(sz.rulings(state), "sz.lowest_wins").params["face"] == sz.face_ref("小")


# --------------------------------------------------------------------------- a game: tricks


def test_play_goes_clockwise_from_the_start_player_and_the_winner_leads_next():
    state = pass_all(new_game(4, 2))
    assert state.expected_seat == 2
    state = lay(state, "S5", "S9")
    assert state.expected_seat == 0 and state.winning_now == (3, ())
    assert keys(sz.rulings(state)) == [("sz.winning_now", "2.2")]
    refused("sz.not_your_turn", sz.apply, state, Event("play", {"seat": 1, "card": "S2"}))
    state = lay(state, "SK", "S2")
    assert state.last_trick is not None and state.last_trick.winner == 0
    assert state.expected_seat == 0 and state.tricks_won(0) == (1, 0, 0, 0)
    assert keys(sz.rulings(state))[-1] == ("sz.winner_leads", "2.2")


def test_each_card_is_one_entry_and_a_card_twice_in_a_round_is_refused():
    state = pass_all(new_game(3, 0))
    state = lay(state, "S5")
    refused("sz.card_used", sz.apply, state, Event("play", {"seat": 1, "card": "S5"}))
    refused("sz.card_malformed", sz.apply, state, Event("play", {"seat": 1, "card": "S0"}))
    refused("sz.no_jokers", sz.apply, state, Event("play", {"seat": 1, "card": "JK"}))
    refused("input.not_integer", sz.apply, state, Event("play", {"seat": "1", "card": "S6"}))
    refused("sz.no_such_seat", sz.apply, state, Event("play", {"seat": 7, "card": "S6"}))
    refused("input.unknown_event", sz.apply, state, Event("bid", {"seat": 1}))


def test_joker_lead_names_the_suit_in_its_own_entry_and_its_card_applies():
    state = pass_all(new_game(3, 0, jokers=2, H_playoff=True))
    state = lay(state, "JK")
    assert state.awaiting == "suit" and state.expected_seat == 0
    assert keys(sz.rulings(state)) == [("sz.joker_lead", "RULINGS")]
    refused("sz.name_first", sz.apply, state, Event("play", {"seat": 1, "card": "H5"}))
    refused("sz.not_your_turn", sz.apply, state, Event("name", {"seat": 1, "suit": "H"}))
    state = name(state, "H")
    assert state.awaiting == "card" and state.expected_seat == 1 and state.current.lead_suit == "H"
    said = ruling(sz.rulings(state), "sz.joker_names")
    assert said.params["faces"] == state.rule(said.params["suit"].code).faces_ref
    assert "大・後・決勝・MUST・必勝" in i18n.render(said, sz, i18n.catalog("ja"))
    refused("sz.name_not_awaited", sz.apply, state, Event("name", {"seat": 1, "suit": "S"}))
    state = lay(state, "H5", "JK")
    # 決勝 on hearts: the two jokers play off
    assert state.stage == 1 and state.expected_seat == 0
    refused("sz.jokers_used", sz.apply, state, Event("play", {"seat": 0, "card": "JK"}))


def test_a_playoff_asks_the_players_in_it_stage_after_stage_each_card_one_entry():
    state = pass_all(new_game(4, 0, S_playoff=True))
    state = lay(state, "S5", "H5", "D5", "SK")
    assert state.stage == 1 and state.expected_seat == 0
    assert keys(sz.rulings(state))[-1] == ("sz.playoff_awaits", "2.3")
    assert ruling(sz.rulings(state), "sz.playoff_awaits").params == {"stage": 1, "seats": SeatsRef((0, 1, 2))}
    state = lay(state, "S7", "H7")
    assert state.winning_now == (None, (0, 1))
    state = lay(state, "D2")
    assert state.stage == 2 and state.expected_seat == 0
    assert ruling(sz.rulings(state), "sz.playoff_again").params["seats"] == SeatsRef((0, 1))
    state = lay(state, "S9", "H8")
    assert state.current is None and state.last_trick.winner == 0 and state.expected_seat == 0
    assert state.last_trick.verdict.stages == ((0, 1, 2), (0, 1))


def test_a_lone_player_left_in_a_playoff_wins_without_another_card():
    state = six_player_round_one()
    last = state.tricks[7]
    assert last.winner == 0 and last.verdict.stages == () and last.verdict.decided
    assert ruling(sz.rulings(state), "sz.playoff_no_card").params == {"seat": SeatRef(4)}
    assert ("sz.playoff_last_standing", "2.3.2") in keys(sz.rulings(state))


def test_a_playoff_card_after_a_lone_player_won_is_refused_as_decided_not_as_a_chip_lap():
    """Issue 28: a record giving the lone remaining player's play-off card was refused with
    "First the chip lap: ... moves a chip or passes", which did not say the round was over."""
    state = six_player_round_one()
    assert state.awaiting == "chip" and state.round_number == 2
    said = refused("sz.playoff_already_decided", sz.apply, state, Event("play", {"seat": 0, "card": "S1"})).ruling
    assert said.clause == "2.3.2"
    assert said.params["reason"].key == "sz.playoff_last_standing"
    assert (said.params["trick"], said.params["round"], said.params["next"]) == (8, 1, 2)
    text = i18n.render(said, sz, EN, ["Aki", "Ben", "Cid", "Dan", "Eri", "Fumi"])
    assert text.startswith("The play-off of trick 8 was already decided: Aki is the only one")
    assert "Round 1 is over; round 2 begins with the chip lap: Aki moves a chip or passes." in text
    # After a round that ended without a play-off, the refusal says the round is over.
    plain = pass_all(new_game(6, 0, S_playoff=False))
    for codes in SIX_ROUND_ONE:
        plain = lay(plain, *codes)
    assert plain.awaiting == "chip" and plain.tricks[-1].verdict.stages == ()
    refused("sz.round_already_over", sz.apply, plain, Event("play", {"seat": 0, "card": "S1"}))
    # Once the chip lap has begun, a card is simply early.
    begun = sz.apply(state, Event("pass", {"seat": 0}))
    refused("sz.chips_first", sz.apply, begun, Event("play", {"seat": 1, "card": "S1"}))


def test_a_trick_with_no_winner_scores_for_nobody_and_its_leader_leads_again():
    # trick 8: seats 4 and 5 pair their sixes with their last cards: nobody is left to win
    state = six_player_round_one(["S5", "S2", "S3", "S4", "H6", "S6"])
    last = state.tricks[7]
    assert last.winner is None and last.next_leader == 0
    said = keys(sz.rulings(state))
    assert ("sz.playoff_nobody", "2.3.2") in said and ("sz.no_winner_leads", "RULINGS") in said
    assert ("sz.round_leader_no_winner", "RULINGS") in said
    assert state.tricks_won(0) == (7, 0, 0, 0, 0, 0) and state.expected_seat == 0


def test_a_round_ends_after_the_trick_in_which_a_hand_runs_out():
    state = six_player_round_one()
    said = keys(sz.rulings(state))
    assert ("sz.round_over", "2.2") in said and ("sz.sets_pass", "2.2") in said
    assert ruling(sz.rulings(state), "sz.round_over").params == {"round": 1, "seats": SeatsRef((4, 5)), "tricks": 8}
    assert state.tricks_won(0) == (8, 0, 0, 0, 0, 0)
    # round 2: the winner of the last trick leads and starts the chip lap; seat i holds set i+1
    assert state.round_number == 2 and state.awaiting == "chip" and state.expected_seat == 0
    assert [state.holds(s) for s in range(6)] == [1, 2, 3, 4, 5, 0]
    assert [state.hand_size(s) for s in range(6)] == [9, 9, 9, 8, 8, 9]
    assert [state.cards_left(s) for s in range(6)] == [9, 9, 9, 8, 8, 9]


def test_option_the_start_player_leads_every_round():
    state = six_player_round_one(round_leader="start_player")
    assert state.expected_seat == 0 and ("sz.round_leader_start", "RULINGS") in keys(sz.rulings(state))
    later = pass_all(new_game(6, 3, S_playoff=True, round_leader="start_player"))
    assert later.round_leader == 3


def test_cards_come_back_each_round_but_only_from_the_set_that_holds_them():
    state = pass_all(six_player_round_one())
    # seat 0 now holds set 1, which played H1, D4, D9, C1, C6, C11, S9, S2 in round 1
    refused("sz.card_in_other_set", sz.apply, state, Event("play", {"seat": 0, "card": "H13"}))
    state = lay(state, "H1")
    # seat 1 holds set 2 (H2, D5, D10, C2, C7, C12, S10, S3): a spade comes from it
    refused("sz.card_in_other_set", sz.apply, state, Event("play", {"seat": 1, "card": "S2"}))
    state = lay(state, "H2", "S11")
    # seat 3 holds set 4: 8 cards, all played in round 1; it holds nothing else
    error = refused("sz.set_full", sz.apply, state, Event("play", {"seat": 3, "card": "H6"}))
    assert error.ruling.params["size"] == 8 and error.ruling.params["dealt"] == SeatRef(4)
    state = lay(state, "D5")
    assert state.cards_left(3) == 7


def test_three_rounds_then_the_game_is_over():
    from tests.games.saizen.driver import play_out, new_game as table

    game = play_out(table(11, players=2))
    state = game.state
    assert state.is_over and state.awaiting == "over" and state.expected_seat is None
    assert len({t.round for t in state.tricks}) == 3
    assert state.totals == tuple(sum(state.tricks_won(r)[s] for r in range(3)) for s in range(2))
    refused("sz.game_over", sz.apply, state, Event("pass", {"seat": 0}))
    assert ("sz.game_won", "2.2") in keys(sz.rulings(state))
    outcome = sz.outcome(state)
    assert outcome.over and outcome.points == state.totals


# --------------------------------------------------------------------------- flags and the audit


def test_a_card_played_later_in_the_round_proves_a_MUST_follow_break_and_a_必勝_slip():
    state = pass_all(new_game(3, 0))
    state = lay(state, "S5", "S2", "SK")     # seat 2 wins with SK
    state = lay(state, "S3", "H2", "S4")     # seat 0 lays H2 on spades; seat 1 wins with S4
    assert sz.audit(state) == ()             # nothing yet shows a spade left in seat 0's hand
    state = lay(state, "D2", "D3", "S6")     # seat 0's S6: it held S6 at trick 2
    findings = sz.audit(state)
    assert [(f.ref["trick"], f.ref["seat"], f.ref["row"], f.ruling.key) for f in findings] == [
        (2, 0, 4, "sz.must_follow_broken"), (2, 0, 5, "sz.slip_win_now")]
    assert findings[0].ruling.params["held"] == CardRef("S6")
    assert (findings[0].ruling.params["proof_round"], findings[0].ruling.params["proof_trick"]) == (1, 3)


def test_a_break_the_sets_already_prove_is_flagged_as_the_card_is_played():
    state = pass_all(six_player_round_one())
    state = lay(state, "S9")                  # seat 0 holds set 1
    state = lay(state, "D10")                 # seat 1 holds set 2, proven to hold S3 and S10
    flags = state.current.flags
    assert keys(flags) == [("sz.must_follow_broken", "2.3"), ("sz.slip_win_now", "2.3.4")]
    assert flags[0].params == {"round": 2, "trick": 1, "seat": SeatRef(1), "card": CardRef("D10"),
                               "suit": SuitRef("S"), "held": CardRef("S3"), "proof_round": 1, "proof_trick": 8}
    assert (flags[1].params["held"], flags[1].params["proof_trick"]) == (CardRef("S10"), 7)
    assert keys(sz.rulings(state)) == [("sz.winning_now", "2.2")] + keys(flags)
    assert [f.ref for f in sz.audit(state)] == [
        {"round": 2, "trick": 1, "stage": 0, "seat": 1, "row": 4}, {"round": 2, "trick": 1, "stage": 0, "seat": 1, "row": 5}]


def test_a_card_played_in_round_2_proves_a_round_1_MUST_follow_break():
    state = six_player_round_one()
    assert sz.audit(state) == ()
    state = pass_all(state)
    state = lay(state, "H3")  # seat 0 holds set 1: set 1 held H3 all along
    findings = sz.audit(state)
    assert [f.ref for f in findings] == [
        {"round": 1, "trick": t, "stage": 0, "seat": 1, "row": 4} for t in range(2, 8)]
    first = findings[0].ruling
    assert first.key == "sz.must_follow_broken" and first.clause == "2.3"
    assert first.params == {"round": 1, "trick": 2, "seat": SeatRef(1), "card": CardRef("D4"), "suit": SuitRef("H"),
                            "held": CardRef("H3"), "proof_round": 2, "proof_trick": 1}
    assert not any(f.accepted for f in findings)
    # the results stand: seat 0 still won all eight tricks of round 1
    assert state.tricks_won(0) == (8, 0, 0, 0, 0, 0)


def test_the_table_can_let_a_finding_stand_once():
    state = pass_all(six_player_round_one())
    state = lay(state, "H3")
    ref = {"round": 1, "trick": 3, "stage": 0, "seat": 1, "row": 4}
    state = sz.apply(state, Event("accept", ref))
    assert [f.accepted for f in sz.audit(state)] == [False, True, False, False, False, False]
    assert keys(sz.rulings(state)) == [("sz.accepted", "RULINGS")]
    refused("sz.accept_twice", sz.apply, state, Event("accept", ref))
    refused("sz.accept_unknown", sz.apply, state, Event("accept", {**ref, "seat": 2}))
    refused("input.not_integer", sz.apply, state, Event("accept", {**ref, "row": "4"}))


def test_必勝_slips_are_shown_and_change_nothing():
    state = pass_all(new_game(2, 0))
    state = lay(state, "S5", "S2")           # seat 0 wins
    state = lay(state, "H2", "SK")           # seat 1's SK: it could have won trick 1
    findings = sz.audit(state)
    assert [(f.ref["trick"], f.ref["seat"], f.ref["row"], f.ruling.key) for f in findings] == [
        (1, 1, 5, "sz.slip_win_now")]
    assert findings[0].ruling.clause == "2.3.1"
    assert state.tricks_won(0) == (2, 0)


def test_必勝_in_a_playoff_stage_is_audited_across_the_round():
    state = pass_all(new_game(2, 0, S_playoff=True))
    state = lay(state, "S5", "H5", "S3", "H2")     # stage 1: seat 0's S3 beats H2
    assert state.last_trick.winner == 0
    state = lay(state, "D4", "H9")                  # seat 1's H9 would have won stage 1
    findings = sz.audit(state)
    assert [(f.ruling.key, f.ref["stage"], f.ref["seat"], f.ref["row"]) for f in findings] == [
        ("sz.playoff_slip_win_now", 1, 1, 5)]
    assert findings[0].ruling.clause == "2.3.4"


# --------------------------------------------------------------------------- undo, options, outcome


def test_undo_takes_back_a_chip_a_card_and_a_named_suit_one_at_a_time():
    setup = {"players": ["A", "B", "C"], "first_leader": 0, "options": {"jokers": 1}}
    log = [Event("flip", {"seat": 0, "suit": "S", "row": "high"}), Event("pass", {"seat": 1}),
           Event("pass", {"seat": 2}), Event("play", {"seat": 0, "card": "JK"}), Event("name", {"seat": 0, "suit": "H"})]
    done = replay(sz.initial, sz.apply, setup, log)
    assert done.state.awaiting == "card"
    once = replay(sz.initial, sz.apply, setup, log + [Event("undo")])
    assert once.state.awaiting == "suit"
    back = replay(sz.initial, sz.apply, setup, log + [Event("undo")] * 5)
    assert back.state == sz.initial(setup)
    assert back.state.rule("S").high is True


def test_every_option_defaults_to_the_first_named_face_and_the_rulings_default():
    defaults = {o.name: o.default for o in sz.OPTIONS}
    assert defaults["round_leader"] == "last_winner" and defaults["jokers"] == 0
    assert defaults["joker_obliges"] is False and defaults["playoff_reveal"] == "in_turn"
    for suit in sz.SUITS:
        assert [defaults[f"{suit}_{row}"] for row in sz.ROWS] == [True, True, False, True, True]
    assert len(sz.OPTIONS) == 24


def test_outcome_places_share_on_equal_totals_and_the_evening_is_one_game():
    outcome = Outcome((5, 7, 7), True, (3, 1, 1))
    evening = sz.evening([outcome], 3)
    assert evening.over and evening.leaders == (1, 2) and evening.totals == (5, 7, 7)
    assert evening.note is not None and evening.note.key == "sz.evening_over"
    assert not sz.evening([], 3).over
    assert sz.evening([], 3).note.key == "sz.evening_one_game"


def test_next_game_moves_the_start_player_one_seat_and_keeps_the_options():
    state = new_game(4, 3, jokers=1, S_high=False)
    following = sz.next_setup(state)
    assert following["first_leader"] == 0
    assert following["options"]["jokers"] == 1 and following["options"]["S_high"] is False
    assert sz.start_choices(["A", "B"]) == (0, 1)


# --------------------------------------------------------------------------- forms and the quick judge


def test_form_payload_shapes_every_entry():
    assert sz.form_payload("play", {"seat": ["2"], "card": ["H10"]}) == {"seat": 2, "card": "H10"}
    assert sz.form_payload("flip", {"seat": ["0"], "suit": ["S"], "row": ["high"]}) == {
        "seat": 0, "suit": "S", "row": "high"}
    assert sz.form_payload("pass", {"seat": ["1"]}) == {"seat": 1}
    assert sz.form_payload("name", {"seat": ["1"], "suit": ["D"]}) == {"seat": 1, "suit": "D"}
    assert sz.form_payload("accept", {k: ["1"] for k in ("round", "trick", "stage", "seat", "row")}) == {
        "round": 1, "trick": 1, "stage": 1, "seat": 1, "row": 1}
    assert sz.form_payload("play", {"seat": ["x"]}) == {"seat": "x", "card": ""}


def test_quick_judge_asks_once_two_cards_are_in():
    request, shown = sz.quick_judge_request({"cards": ["S5"]})
    assert request is None and shown["cards"] == ("S5",)
    request, shown = sz.quick_judge_request({"cards": ["S5"], "card": ["S9"]})
    assert request == {"ask": "trick", "rules": faces(), "plays": ["S5", "S9"], "lead_suit": "S"}
    assert sz.judge(request)["winner"] == 1
    request, shown = sz.quick_judge_request({"cards": ["S5.S9"], "back": [""]})
    assert request is None and shown["cards"] == ("S5",)


def test_quick_judge_asks_a_joker_lead_for_its_suit_and_takes_two_jokers():
    request, shown = sz.quick_judge_request({"cards": ["JK.H5"], "card": ["JK"]})
    assert request is None and shown["needs_suit"]
    request, shown = sz.quick_judge_request({"cards": ["JK.H5"], "card": ["JK"], "lead_suit": ["H"]})
    assert request is not None and request["plays"] == ["JK", "H5", "JK"] and request["lead_suit"] == "H"
    assert sz.judge(request)["winner"] == 2


def test_quick_judge_with_the_table_size_takes_playoff_taps_stage_by_stage():
    fields = {"cards": ["S5.H5.SK.S2.H2"], "card": ["S3"], "players": ["3"], "S_playoff": ["1"]}
    request, shown = sz.quick_judge_request(fields)
    assert request is not None and request["playoff"] == [["S2", "H2"]] and shown["partial_stage"] == ("S3",)
    answer = sz.judge(request)
    assert answer["pending"] == [0, 1]
    request, shown = sz.quick_judge_request({**fields, "cards": ["S5.H5.SK.S2.H2.S3"], "card": ["-"]})
    assert request["playoff"] == [["S2", "H2"], ["S3", None]] and shown["full"]
    assert sz.judge(request)["winner"] == 0


# --------------------------------------------------------------------------- words


def test_every_message_key_has_the_game_prefix_and_every_ruling_renders():
    assert all(key.startswith("sz.") for key in sz.MESSAGES)
    samples = [
        trick(["S5", "H5", "D5", "C2"], faces(S=PO), playoff=[["S7", "H7", "D3"], ["SK", "HK"], ["S8", "H9"]]),
        trick(["JK", "S5", "JK"], lead_suit="D"),
        trick(["S5", "H2", "S2"], hands=[["S5"], ["H2", "SK"], ["S2", "SQ"]]),
        sz.judge({"ask": "deal", "players": 4}), sz.judge({"ask": "score", "tricks": [[1, 2]]}),
    ]
    for answer in samples:
        for r in answer["rulings"]:
            text = i18n.render(r, sz, EN)
            assert text != r.key and "%(" not in text


def test_a_hand_set_fully_proven_names_the_cards_left_and_the_card_played_is_among_them():
    from tests.games.saizen import driver

    seen = 0
    for seed in range(6):
        setup, log = driver.random_game(seed)
        states = [sz.initial(setup)]
        for event in log:
            if event.kind == "undo":
                states.pop()
                continue
            state = states[-1]
            if event.kind == "play":
                hand = state.known_hand(event.payload["seat"])
                if state.round == 0 and state.setup.jokers == 0:
                    assert hand is None  # nothing is proven before the first round's cards
                if hand is not None:
                    seen += 1
                    assert len(hand) == state.cards_left(event.payload["seat"])
                    assert sz.parse_card(event.payload["card"]) in hand
            states.append(sz.apply(state, event))
    assert seen > 100
