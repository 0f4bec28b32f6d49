"""キングスオーダー (King's Order): the pure engine against the rulebook and RULINGS.md.

Rulebook: shared/rules/002_53a106b024f6a4e1.txt, the game "04:キングスオーダー". Its one
worked example (a hand of A,2,3,4,4,4,6,7,9,J,J,K playing the 3) is tested both ways, in
the judge and at the table. Seats are 0..n-1 clockwise.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from companion.rules import base
from companion.rules import kings_order as ko
from companion.rules.base import CardRef, CardsRef, Event, RuleError, SeatRef, SeatsRef
from companion.rules.contract import Outcome
from companion.rules.kings_order import clauses
from tests.kit.rulings import keys, refused, ruling

P0, P1, P2, P3 = range(4)
EXAMPLE = ["A", "2", "3", "4", "4", "4", "6", "7", "9", "J", "J", "K"]
RULEBOOK = Path(ko.__file__).parent / "rulebook.json"
SOURCE = Path(__file__).resolve().parents[4] / "shared" / "rules" / "002_53a106b024f6a4e1.txt"


# --------------------------------------------------------------------------- helpers


def new_round(players: int = 3, first: int = 0, **options: Any) -> ko.State:
    setup: dict[str, Any] = {"players": [f"P{i}" for i in range(players)], "first_leader": first}
    if options:
        setup["options"] = options
    return ko.initial(setup)


def enter(state: ko.State, kind: str, **payload: Any) -> ko.State:
    return ko.apply(state, Event(kind, payload))


def turn(state: ko.State, seat: int, card: str, target: int, count: int | None = None,
         side: str | None = None, discarded: list[str] | None = None) -> ko.State:
    """One turn as a single "turn" entry (an end card unless a side is given)."""
    payload: dict[str, Any] = {"seat": seat, "card": card, "target": target, "side": side or "end"}
    if discarded is not None:
        payload["discarded"] = discarded
    if count is not None:
        payload["count"] = count
    return enter(state, "turn", **payload)


def ask_turn(hand: list[str], played: str | int, target: list[str], keep: str | None = None) -> dict[str, Any]:
    request: dict[str, Any] = {"ask": "turn", "hand": hand, "played": played, "target_hand": target}
    if keep is not None:
        request["keep"] = keep
    return ko.judge(request)


def short_round() -> list[tuple[str, dict[str, Any]]]:
    """A whole 3-player round in six turns, hands emptied by long discards.

    Turn 4: P0 plays K and chooses P1, who hands over nothing, though P1's last card,
    played in turn 5, was a K: their whole hand then was [K] and it was due.
    """
    return [
        ("turn", {"seat": P0, "card": "5", "side": "right", "target": P1, "count": 0,
                  "discarded": ["A", "A", "2", "2", "3", "3", "4", "4", "5", "5"]}),      # P0 keeps K, 9
        ("turn", {"seat": P1, "card": "6", "side": "right", "target": P2, "count": 0,
                  "discarded": ["A", "A", "2", "2", "3", "3", "4", "4", "5", "5", "6"]}),  # P1 keeps K
        ("turn", {"seat": P2, "card": "8", "side": "right", "target": P0, "count": 0,
                  "discarded": ["A", "A", "2", "2", "3", "3", "4", "4", "7", "7", "8"]}),  # P2 keeps Q
        ("turn", {"seat": P0, "card": "K", "target": P1, "count": 0}),                     # withheld!
        ("turn", {"seat": P1, "card": "K", "target": P0, "count": 0}),
        ("turn", {"seat": P2, "card": "Q", "target": P0, "count": 0}),
    ]


def clean_round() -> list[tuple[str, dict[str, Any]]]:
    """The short round with P1 handing the K over in turn 4: P1 is then out, and P2 ends it."""
    log = short_round()[:4]
    log[3] = ("turn", {"seat": P0, "card": "K", "target": P1, "count": 1})
    return [*log, ("turn", {"seat": P2, "card": "Q", "target": P0, "count": 0})]


def play_log(state: ko.State, log: list[tuple[str, dict[str, Any]]]) -> ko.State:
    for kind, payload in log:
        state = ko.apply(state, Event(kind, payload))
    return state


def shrink(state: ko.State, seat: int, target: int, keep_rank: str = "7") -> ko.State:
    """`seat` plays a 7 and keeps the left half, throwing ten cards away: two cards remain."""
    return turn(state, seat, keep_rank, target, count=0, side="left",
                discarded=["8", "8", "9", "9", "10", "10", "J", "J", "Q", "Q"])


# --------------------------------------------------------------------------- the cards


def test_deck_has_78_cards_six_suits_of_thirteen():
    assert len(ko.DECK) == 78 == len(set(ko.DECK))
    assert ko.COPIES == 6
    for rank in ko.RANKS:
        assert sum(1 for c in ko.DECK if c.rank == rank) == 6
    assert ko.PAD == ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@pytest.mark.parametrize(("text", "rank", "suit"), [
    ("A", 1, ""), ("7", 7, ""), ("10", 10, ""), ("j", 11, ""), ("Q", 12, ""), ("K", 13, ""),
    ("HQ", 12, "H"), ("x10", 10, "X"), (" LA ", 1, "L"), ("DK", 13, "D"), ("s2", 2, "S"), ("CJ", 11, "C"),
])
def test_a_rank_or_a_full_code_reads_as_a_card(text, rank, suit):
    card = ko.parse_card(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert ko.parse_card(card.code) == card


@pytest.mark.parametrize(("text", "key"), [
    ("1", "ko.card_unknown_rank"), ("11", "ko.card_unknown_rank"), ("0", "ko.card_unknown_rank"),
    ("H1", "ko.card_unknown_rank"), ("ZQ", "ko.card_unknown_suit"), ("AQ", "ko.card_unknown_suit"),
    ("", "ko.card_malformed"), ("joker", "ko.card_malformed"), ("HQQ", "ko.card_malformed"),
    ("Ｑ", "ko.card_malformed"), (7, "ko.card_malformed"), (None, "ko.card_malformed"),
    (["Q"], "ko.card_malformed"), (True, "ko.card_malformed"),
])
def test_card_parsing_refuses_what_is_not_in_the_deck(text, key):
    refused(key, ko.parse_card, text)


def test_card_text_is_the_rank_or_the_suit_and_rank():
    plain = lambda s: s  # noqa: E731
    assert ko.card_text("Q", plain) == "Q"
    assert ko.card_text("a", plain) == "A"
    assert ko.card_text("HQ", plain) == "♥ heart Q"
    assert ko.suit_text("X", plain) == "✚ cross"


# --------------------------------------------------------------------------- the setup


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_three_to_six_players_each_hold_thirteen_and_the_start_player_plays_first(players):
    state = new_round(players, first=players - 1)
    assert state.sizes == (13,) * players
    assert state.turn_seat == players - 1
    assert state.awaiting == "play"
    assert state.setup.rounds == 1
    assert not state.is_over


@pytest.mark.parametrize("players", [2, 7])
def test_other_player_counts_are_refused(players):
    error = refused("ko.player_count", new_round, players)
    assert error.ruling.clause == "人数"


def test_the_rounds_option_is_one_or_three():
    assert new_round(rounds="3").setup.rounds == 3
    assert ko.OPTIONS[0].default == "1"
    refused("option.not_a_choice", new_round, rounds="2")
    refused("option.not_a_choice", new_round, rounds=3)
    refused("option.unknown", new_round, jokers=True)
    refused("setup.first_leader", new_round, 3, 3)


def test_the_discards_option_is_counted_unless_the_table_names_each_card():
    assert new_round().setup.discards == "counted"
    assert new_round(discards="named").setup.discards == "named"
    option = ko.OPTIONS[1]
    assert (option.name, option.default, option.clause) == ("discards", "counted", "ゲームのルール 1")
    assert [c.value for c in option.choices] == ["counted", "named"]
    refused("option.not_a_choice", new_round, discards="guessed")


# --------------------------------------------------------------------------- the rulebook's example


def test_rulebook_example_playing_the_3_and_keeping_a_2():
    answer = ask_turn(EXAMPLE, "3", [], keep="left")
    assert answer["at_end"] is False
    assert answer["hand_after"] == ["A", "2"]
    assert answer["discarded"] == ["4", "4", "4", "6", "7", "9", "J", "J", "K"]
    assert keys(answer["rulings"])[0] == ("ko.j_kept_left", "ゲームのルール 1")


def test_rulebook_example_playing_the_3_and_keeping_4_to_k():
    answer = ask_turn(EXAMPLE, "3", [], keep="right")
    assert answer["at_end"] is False
    assert answer["hand_after"] == ["4", "4", "4", "6", "7", "9", "J", "J", "K"]
    assert answer["discarded"] == ["A", "2"]
    assert ruling(answer["rulings"], "ko.j_kept_right").params["cards"] == CardsRef(("A", "2"))


def test_rulebook_example_at_the_table_both_ways():
    start = new_round()
    left = play_log(start, [("play", {"seat": P0, "card": "3"}), ("keep", {"side": "left"}),
                            ("discard", {"cards": ["4", "4", "4", "6", "7", "9", "J", "J", "K"]})])
    assert left.sizes[P0] == 13 - 1 - 9
    assert left.awaiting == "choose"
    assert ruling(ko.rulings(left), "ko.kept_left").params["cards"] == CardsRef(
        ("4", "4", "4", "6", "7", "9", "J", "J", "K"))
    right = play_log(start, [("play", {"seat": P0, "card": "3"}), ("keep", {"side": "right"}),
                             ("discard", {"cards": ["2", "A"]})])
    assert right.sizes[P0] == 10
    assert right.current is not None and right.current.discarded == (ko.parse_card("A"), ko.parse_card("2"))
    # The other half cannot be thrown away with it.
    refused("ko.discard_wrong_side_right", play_log, start, [
        ("play", {"seat": P0, "card": "3"}), ("keep", {"side": "right"}), ("discard", {"cards": ["A", "4"]})])
    refused("ko.discard_wrong_side_left", play_log, start, [
        ("play", {"seat": P0, "card": "3"}), ("keep", {"side": "left"}), ("discard", {"cards": ["2", "4"]})])


# --------------------------------------------------------------------------- end cards (judge)


def test_the_lowest_card_is_an_end_card_and_discards_nothing():
    answer = ask_turn(EXAMPLE, "A", ["5"], keep="right")
    assert answer["at_end"] is True
    assert answer["discarded"] == []
    assert answer["hand_after"] == EXAMPLE[1:]
    assert keys(answer["rulings"])[0] == ("ko.j_end_card", "ゲームのルール 1")


def test_the_highest_card_is_an_end_card_without_keep():
    answer = ask_turn(EXAMPLE, "K", ["K", "K"])
    assert answer["at_end"] is True
    assert answer["hand_after"] == EXAMPLE[:-1]
    assert answer["handed_over"] == ["K", "K"]


def test_a_copy_of_an_end_rank_inside_the_hand_is_not_an_end_card():
    """Issue 28: the hand is given as held, so a full code inside it is played from inside,
    though a card of its rank is at an end: the half kept goes, the other is thrown away."""
    answer = ask_turn(["S2", "L7", "S7", "H7"], "L7", [], keep="right")
    assert answer["at_end"] is False
    assert answer["discarded"] == ["S2"] and answer["hand_after"] == ["S7", "H7"]
    assert keys(answer["rulings"])[0] == ("ko.j_kept_right", "ゲームのルール 1")
    refused("ko.keep_missing", ask_turn, ["C4", "H4", "S4", "6"], "H4", [])
    end = ask_turn(["C4", "H4", "S4", "6"], "C4", [])
    assert end["at_end"] is True and end["hand_after"] == ["H4", "S4", "6"]


def test_a_position_says_which_card_was_played():
    inside = ask_turn(["2", "7", "7", "7"], 1, [], keep="left")
    assert inside["at_end"] is False and inside["discarded"] == ["7", "7"] and inside["hand_after"] == ["2"]
    end = ask_turn(["2", "7", "7", "7"], 3, ["7"])
    assert end["at_end"] is True and end["hand_after"] == ["2", "7", "7"] and end["handed_over"] == ["7"]
    refused("ko.keep_missing", ask_turn, ["2", "7", "7", "7"], 2, [])
    refused("ko.played_position", ask_turn, ["2", "7"], 2, [])
    refused("ko.played_position", ask_turn, ["2", "7"], -1, [])


def test_a_rank_alone_is_the_end_copy_unless_a_half_is_kept():
    """A rank alone names every card of that rank: with no half kept, the one at an end;
    with a half kept, the player played one from inside."""
    end = ask_turn(["2", "7", "7", "7"], "7", [])
    assert end["at_end"] is True and end["discarded"] == [] and end["hand_after"] == ["2", "7", "7"]
    inside = ask_turn(["2", "7", "7", "7"], "7", [], keep="right")
    assert inside["at_end"] is False and inside["discarded"] == ["2"] and inside["hand_after"] == ["7", "7"]
    assert ruling(inside["rulings"], "ko.j_copy_inside").params["count"] == 2
    single = ask_turn(["S2", "L7", "S7", "H7"], "7", [], keep="right")
    assert single["discarded"] == ["S2"] and single["hand_after"] == ["S7", "H7"]


def test_a_middle_card_needs_the_half_kept():
    refused("ko.keep_missing", ask_turn, EXAMPLE, "7", [])
    refused("ko.keep_bad", ask_turn, EXAMPLE, "7", [], keep="middle")


def test_with_several_middle_copies_the_first_is_played_unless_a_full_code_says_which():
    answer = ask_turn(["2", "4", "4", "6"], "4", [], keep="left")
    assert answer["discarded"] == ["4", "6"] and answer["hand_after"] == ["2"]
    assert ruling(answer["rulings"], "ko.j_copy_inside").params["count"] == 2
    exact = ask_turn(["2", "H4", "S4", "6"], "S4", [], keep="left")
    assert exact["discarded"] == ["6"] and exact["hand_after"] == ["2", "H4"]
    assert "ko.j_copy_inside" not in [k for k, _ in keys(exact["rulings"])]


# --------------------------------------------------------------------------- the hand-over (judge)


def test_the_played_number_at_the_left_end_goes_every_copy():
    answer = ask_turn(EXAMPLE, "3", ["3", "3", "5", "K"], keep="left")
    assert answer["handed_over"] == ["3", "3"]
    assert answer["target_after"] == ["5", "K"]
    assert ruling(answer["rulings"], "ko.j_handed_over").params == {"card": CardRef("3"), "count": 2}


def test_the_played_number_at_the_right_end_goes_every_copy():
    answer = ask_turn(EXAMPLE, "9", ["2", "5", "9", "9"], keep="right")
    assert answer["handed_over"] == ["9", "9"]
    assert answer["target_after"] == ["2", "5"]


def test_the_played_number_in_the_middle_of_the_chosen_hand_stays():
    answer = ask_turn(EXAMPLE, "6", ["2", "6", "6", "9"], keep="left")
    assert answer["handed_over"] == []
    assert answer["target_after"] == ["2", "6", "6", "9"]
    assert keys(answer["rulings"])[-1] == ("ko.j_nothing_handed", "ゲームのルール 2")


def test_both_ends_matching_hands_over_the_whole_hand():
    answer = ask_turn(EXAMPLE, "4", ["H4", "S4"], keep="right")
    assert answer["handed_over"] == ["H4", "S4"]
    assert answer["target_after"] == []
    assert keys(answer["rulings"])[-1] == ("ko.j_whole_hand", "ゲームのルール 2")


def test_a_chosen_player_with_no_cards_hands_over_nothing():
    answer = ask_turn(EXAMPLE, "K", [])
    assert answer["handed_over"] == [] and answer["target_after"] == []
    assert keys(answer["rulings"])[-1] == ("ko.j_target_empty", "RULINGS")


# --------------------------------------------------------------------------- judge refusals


@pytest.mark.parametrize(("request_", "key"), [
    ({"ask": "turn", "hand": ["3", "2"], "played": "3", "target_hand": []}, "ko.judge_not_ascending"),
    ({"ask": "turn", "hand": ["2", "3"], "played": "3", "target_hand": ["9", "5"]}, "ko.judge_not_ascending"),
    ({"ask": "turn", "hand": ["2", "3"], "played": "7", "target_hand": []}, "ko.played_not_in_hand"),
    ({"ask": "turn", "hand": ["2", "H3"], "played": "S3", "target_hand": []}, "ko.played_not_in_hand"),
    ({"ask": "turn", "hand": ["2", "H3", "H3", "4"], "played": "2", "target_hand": []}, "ko.card_twice"),
    ({"ask": "turn", "hand": ["2", "H3"], "played": "2", "target_hand": ["H3"]}, "ko.card_twice"),
    ({"ask": "turn", "hand": ["3"] * 4, "played": "3", "target_hand": ["3"] * 3}, "ko.rank_too_many"),
    ({"ask": "turn", "hand": ["2", "3", "4"], "played": "3", "target_hand": []}, "ko.keep_missing"),
    ({"ask": "turn", "hand": [], "played": "3", "target_hand": ["3"]}, "ko.judge_empty_hand"),
    ({"ask": "turn", "hand": ["A"] * 2 + ["2"] * 6 + ["3"] * 6, "played": "A", "target_hand": []},
     "ko.judge_hand_too_big"),
    ({"ask": "turn", "hand": ["3"], "target_hand": []}, "input.missing"),
    ({"ask": "turn", "hand": ["3"], "played": "3"}, "input.missing"),
    ({"ask": "turn", "hand": "3", "played": "3", "target_hand": []}, "input.not_list"),
    ({"ask": "turn", "hand": [3], "played": "3", "target_hand": []}, "ko.card_malformed"),
    ({"ask": "turn", "hand": ["3"], "played": True, "target_hand": []}, "ko.card_malformed"),
    ({"ask": "score", "won": [[], []]}, "ko.seat_count"),
    ({"ask": "score", "won": [[]] * 7}, "ko.seat_count"),
    ({"ask": "score", "won": [[], [], "K"]}, "input.not_list"),
    ({"ask": "score", "won": [[], [], ["K", 13]]}, "ko.card_malformed"),
    ({"ask": "score", "won": [["HK"], [], ["HK"]]}, "ko.card_twice"),
    ({"ask": "score", "won": [["K"] * 4, [], ["K"] * 3]}, "ko.rank_too_many"),
    ({"ask": "score"}, "input.missing"),
    ({"ask": "bid"}, "input.unknown_ask"),
    (["turn"], "input.not_object"),
])
def test_the_judge_refuses_malformed_requests_by_name(request_, key):
    refused(key, ko.judge, request_)


# --------------------------------------------------------------------------- the score


def test_a_to_10_score_their_face_value_ace_one():
    answer = ko.judge({"ask": "score", "won": [["A", "A", "10"], ["5", "5", "5"], []]})
    assert answer["numbers"] == [12, 15, 0]
    assert answer["points"] == [12, 15, 0]
    assert answer["winners"] == [1]
    assert ruling(answer["rulings"], "ko.winner").params == {"seats": SeatsRef((1,)), "points": 15}


def test_the_most_jacks_queens_and_kings_score_eleven_twelve_thirteen():
    answer = ko.judge({"ask": "score", "won": [["J", "J", "Q"], ["J", "K", "K", "K"], ["2"], ["Q", "Q"]]})
    assert answer["majority"] == {"J": [0], "Q": [3], "K": [1]}
    assert answer["numbers"] == [0, 0, 2, 0]
    assert answer["points"] == [11, 13, 2, 12]
    assert [(r.params["seats"], r.params["card"], r.params["points"]) for r in answer["rulings"]
            if r.key == "ko.majority"] == [(SeatsRef((0,)), CardRef("J"), 11), (SeatsRef((3,)), CardRef("Q"), 12),
                                           (SeatsRef((1,)), CardRef("K"), 13)]


def test_tied_majorities_all_score_in_full():
    answer = ko.judge({"ask": "score", "won": [["J", "Q"], ["J", "Q", "Q"], ["J", "3"]]})
    assert answer["majority"]["J"] == [0, 1, 2]
    assert answer["majority"]["Q"] == [1]
    assert answer["points"] == [11, 11 + 12, 11 + 3]
    tied = ruling(answer["rulings"], "ko.majority_tied")
    assert tied.params == {"seats": SeatsRef((0, 1, 2)), "card": CardRef("J"), "count": 1, "points": 11}
    assert tied.clause == "ゲームの終了と得点計算 1"


def test_a_face_nobody_won_scores_for_nobody():
    answer = ko.judge({"ask": "score", "won": [["2"], ["3"], ["4"]]})
    assert answer["majority"] == {"J": [], "Q": [], "K": []}
    assert len([r for r in answer["rulings"] if r.key == "ko.majority_none"]) == 3


def test_equal_highest_totals_all_win():
    answer = ko.judge({"ask": "score", "won": [["K"], ["3", "10"], ["5"]]})
    assert answer["points"] == [13, 13, 5]
    assert answer["winners"] == [0, 1]
    assert keys(answer["rulings"])[-1] == ("ko.winners_tied", "ゲームの終了と得点計算 2")


# --------------------------------------------------------------------------- a turn at the table


def test_a_turn_step_by_step_then_the_left_neighbour():
    state = new_round(4, first=P2)
    assert state.turn_seat == P2
    state = enter(state, "play", seat=P2, card="7")
    assert (state.awaiting, state.sizes) == ("keep", (13, 13, 12, 13))
    state = enter(state, "keep", side="right")
    assert state.awaiting == "discard"
    state = enter(state, "discard", cards=["A", "5", "3"])
    assert state.sizes[P2] == 9
    state = enter(state, "choose", seat=P0)
    assert state.awaiting == "hand_over"
    state = enter(state, "hand_over", count=2)
    assert state.sizes == (11, 13, 9, 13)
    assert state.won[P2] == (7, 7)
    assert state.turn_seat == P3 and state.awaiting == "play"
    assert state.points == (0, 0, 14, 0)
    done = state.last_turn
    assert done is not None
    assert (done.number, done.seat, done.side, done.target, done.count) == (1, P2, "right", P0, 2)
    assert [c.code for c in done.discarded or ()] == ["A", "3", "5"]
    assert keys(ko.rulings(state)) == [
        ("ko.played", "ゲームのルール 1"), ("ko.kept_right", "ゲームのルール 1"), ("ko.chose", "ゲームのルール 2"),
        ("ko.handed_over", "ゲームのルール 2"), ("ko.score_cards", "ゲームのルール 3"), ("ko.next_turn", "ゲームのルール")]


def test_one_turn_entry_equals_the_steps():
    steps = play_log(new_round(), [("play", {"seat": P0, "card": "9"}), ("keep", {"side": "left"}),
                                   ("discard", {"cards": ["K", "10"]}), ("choose", {"seat": P2}),
                                   ("hand_over", {"count": 1})])
    whole = turn(new_round(), P0, "9", P2, count=1, side="left", discarded=["10", "K"])
    assert whole == steps


def test_an_end_card_skips_the_discard():
    state = play_log(new_round(), [("play", {"seat": P0, "card": "A"}), ("keep", {"side": "end"})])
    assert state.awaiting == "choose"
    assert ruling(ko.rulings(state), "ko.end_card").clause == "ゲームのルール 1"
    refused("ko.await_choose", enter, state, "discard", cards=["2"])
    refused("ko.end_discards", turn, new_round(), P0, "A", P1, count=0, side="end", discarded=["2"])


def test_with_two_cards_or_one_every_card_is_at_an_end():
    state = shrink(new_round(), P0, P1)
    assert state.sizes[P0] == 2
    state = shrink(shrink(state, P1, P2), P2, P0)
    state = enter(state, "play", seat=P0, card="3")
    assert state.awaiting == "choose"
    assert ruling(ko.rulings(state), "ko.only_ends").params["count"] == 2
    refused("ko.await_choose", enter, state, "keep", side="end")
    back = shrink(shrink(shrink(new_round(), P0, P1), P1, P2), P2, P0)
    refused("ko.no_middle", turn, back, P0, "3", P1, count=0, side="left", discarded=["4"])
    same = turn(back, P0, "3", P1, count=0, side="end", discarded=[])
    assert same.sizes[P0] == 1


def test_a_chosen_player_without_cards_hands_over_nothing_and_the_turn_ends():
    state = shrink(shrink(shrink(new_round(), P0, P1), P1, P2), P2, P0)
    state = turn(state, P0, "2", P1, count=0)
    state = turn(state, P1, "2", P2, count=0)
    state = turn(state, P2, "2", P0, count=0)
    state = turn(state, P0, "3", P1, count=0)      # P0 has no cards now
    assert state.sizes == (0, 1, 1)
    state = enter(state, "play", seat=P1, card="3")
    state = enter(state, "choose", seat=P0)
    assert state.current is None and state.last_turn is not None and state.last_turn.count == 0
    assert ("ko.target_empty", "RULINGS") in keys(ko.rulings(state))
    assert state.is_over and state.last_hand == P2


def test_a_player_without_cards_is_skipped():
    state = new_round(4)
    state = shrink(state, P0, P1)
    state = turn(state, P1, "K", P2, count=0)
    state = turn(state, P2, "K", P3, count=0)
    state = turn(state, P3, "K", P0, count=0)
    state = turn(state, P0, "2", P1, count=0)
    state = turn(state, P1, "K", P2, count=0)
    state = turn(state, P2, "K", P3, count=0)
    state = turn(state, P3, "6", P0, count=0)
    state = turn(state, P0, "3", P1, count=0)      # P0's last card
    state = turn(state, P1, "A", P2, count=0)
    state = turn(state, P2, "A", P3, count=0)
    state = turn(state, P3, "A", P1, count=0)
    assert state.sizes[P0] == 0
    assert state.turn_seat == P1
    assert ruling(ko.rulings(state), "ko.skipped").params == {"seats": SeatsRef((P0,))}
    error = refused("ko.seat_empty", enter, state, "play", seat=P0, card="5")
    assert error.ruling.params == {"seat": SeatRef(P0), "expected": SeatRef(P1)}


def test_out_of_turn_and_out_of_order_entries_are_refused():
    state = new_round()
    refused("ko.not_your_turn", enter, state, "play", seat=P1, card="5")
    refused("ko.seat_unknown", enter, state, "play", seat=7, card="5")
    refused("ko.await_play", enter, state, "choose", seat=P1)
    state = enter(state, "play", seat=P0, card="5")
    refused("ko.await_keep", enter, state, "play", seat=P0, card="6")
    refused("ko.await_keep", enter, state, "turn", seat=P0, card="6", target=P1)
    refused("ko.side_bad", enter, state, "keep", side="middle")
    state = enter(state, "keep", side="left")
    refused("ko.await_discard", enter, state, "hand_over", count=0)
    state = enter(state, "discard", cards=["6"])
    refused("ko.choose_self", enter, state, "choose", seat=P0)
    refused("ko.seat_unknown", enter, state, "choose", seat=-1)
    refused("input.not_integer", enter, state, "choose", seat="one")
    state = enter(state, "choose", seat=P1)
    error = refused("ko.await_hand_over", enter, state, "choose", seat=P2)
    assert error.ruling.params["target"] == SeatRef(P1)
    refused("input.unknown_event", enter, state, "pass")
    fresh = new_round()
    refused("input.missing", enter, fresh, "turn", seat=P0, card="5", target=P1)               # side
    refused("input.missing", enter, fresh, "turn", seat=P0, card="5", side="left", target=P1)  # discarded
    refused("input.missing", enter, fresh, "turn", seat=P0, card="5", side="end", count=0)     # target
    refused("input.missing", enter, fresh, "turn", seat=P0, card="5", side="end", target=P1)   # count
    refused("ko.hand_over_more_than_hand", enter, shrink(shrink(shrink(fresh, P0, P1), P1, P2), P2, P0),
            "turn", seat=P0, card="2", side="end", target=P1, count=3)


def test_a_discard_must_fit_the_hand():
    state = play_log(new_round(), [("play", {"seat": P0, "card": "7"}), ("keep", {"side": "left"})])
    refused("ko.discard_none", enter, state, "discard", cards=[])
    error = refused("ko.discard_too_many", enter, state, "discard", cards=["8"] * 5 + ["9"] * 6 + ["10"])
    assert error.ruling.params["most"] == 11
    refused("input.not_list", enter, state, "discard", cards="8")
    refused("ko.card_malformed", enter, state, "discard", cards=["8", "Z"])
    assert enter(state, "discard", cards=["8"] * 5 + ["9"] * 6).sizes[P0] == 1


# --------------------------------------------------------------------------- discards counted, not named


def test_a_counted_discard_lowers_the_hand_by_its_count_and_sees_no_card():
    state = enter(new_round(), "turn", seat=P0, card="7", side="left", thrown=3, target=P1, count=1)
    assert state.sizes == (9, 12, 13)
    done = state.last_turn
    assert done is not None and (done.discarded, done.unnamed, done.thrown) == ((), 3, 3)
    assert state.seen == tuple(2 if r == 7 else 0 for r in ko.RANKS)  # the 7 played and the 7 handed over
    assert state.used == frozenset()
    said = ruling(ko.rulings(state), "ko.kept_left_counted")
    assert said.clause == "ゲームのルール 1"
    assert said.params == {"seat": SeatRef(P0), "card": CardRef("7"), "count": 3}
    right = enter(new_round(), "turn", seat=P0, card="7", side="right", thrown=1, target=P1, count=0)
    assert ruling(ko.rulings(right), "ko.kept_right_counted").params["count"] == 1
    en = i18n.catalog("en")
    assert i18n.render(said, ko, en) == "Player A keeps the half left of 7 and throws away 3 cards to its right."
    assert i18n.render(ruling(ko.rulings(right), "ko.kept_right_counted"), ko, en) == (
        "Player A keeps the half right of 7 and throws away 1 card to its left.")
    assert i18n.render(said, ko, i18n.catalog("ja")).endswith("は7の左半分を残し、右の3枚を捨てます。")


def test_a_counted_turn_in_one_entry_equals_its_steps():
    steps = play_log(new_round(), [("play", {"seat": P0, "card": "9"}), ("keep", {"side": "right"}),
                                   ("discard", {"count": 4}), ("choose", {"seat": P2}), ("hand_over", {"count": 1})])
    whole = enter(new_round(), "turn", seat=P0, card="9", side="right", thrown=4, target=P2, count=1)
    assert whole == steps and whole.sizes == (8, 13, 12)


def test_a_counted_discard_must_fit_the_hand_and_is_never_also_named():
    state = play_log(new_round(), [("play", {"seat": P0, "card": "7"}), ("keep", {"side": "left"})])
    refused("ko.discard_none", enter, state, "discard", count=0)
    error = refused("ko.discard_too_many", enter, state, "discard", count=12)
    assert error.ruling.params["most"] == 11 and error.ruling.params["count"] == 12
    refused("ko.thrown_not_count", enter, state, "discard", count="three")
    refused("ko.thrown_not_count", enter, state, "discard", count=True)
    refused("ko.discard_both", enter, state, "discard", count=2, cards=["8", "9"])
    assert enter(state, "discard", count=11).sizes[P0] == 1
    fresh = new_round()
    both = dict(seat=P0, card="7", side="left", target=P1, count=0)
    refused("ko.discard_both", enter, fresh, "turn", **both, thrown=2, discarded=["8", "9"])
    refused("ko.discard_none", enter, fresh, "turn", **both, thrown=0)
    refused("ko.thrown_not_count", enter, fresh, "turn", **both, thrown="2")
    refused("ko.discard_too_many", enter, fresh, "turn", **both, thrown=12)
    end = dict(seat=P0, card="A", side="end", target=P1, count=0)
    refused("ko.end_discards", enter, fresh, "turn", **end, thrown=2)
    assert enter(fresh, "turn", **end, thrown=0).sizes[P0] == 12  # none thrown: an end card
    # Named cards and a zero count together are the named cards.
    assert enter(fresh, "turn", **both, thrown=0, discarded=["8"]).sizes[P0] == 11


def test_a_counted_discard_cannot_throw_more_cards_than_the_other_side_has_unseen():
    """内容物: six of each rank. Keeping the left half of a K throws away cards no lower than K:
    Ks only, five unseen once one is played; keeping the right half of an A, aces only, fewer
    still once aces have been seen. The message says how many are left to throw."""
    fresh = new_round()
    high = dict(seat=P0, card="K", side="left", target=P1, count=0)
    error = refused("ko.discard_unseen_left", enter, fresh, "turn", **high, thrown=6)
    assert (error.ruling.clause, error.ruling.params["count"], error.ruling.params["thrown"]) == (clauses.CONTENTS, 5, 6)
    assert enter(fresh, "turn", **high, thrown=5).sizes[P0] == 7
    low = dict(seat=P0, card="A", side="right", target=P1, count=0)
    error = refused("ko.discard_unseen_right", enter, fresh, "turn", **low, thrown=6)
    assert error.ruling.params["count"] == 5
    assert enter(fresh, "turn", **low, thrown=5).sizes[P0] == 7
    # In steps too, counting the aces seen before: two thrown away by name, one played.
    state = play_log(fresh, [("play", {"seat": P0, "card": "2"}), ("keep", {"side": "right"}),
                             ("discard", {"cards": ["A", "A"]}), ("choose", {"seat": P1}), ("hand_over", {"count": 0}),
                             ("play", {"seat": P1, "card": "A"}), ("keep", {"side": "right"})])
    error = refused("ko.discard_unseen_right", enter, state, "discard", count=4)
    assert error.ruling.params["count"] == 3
    assert enter(state, "discard", count=3).sizes[P1] == 9
    en, ja = i18n.catalog("en"), i18n.catalog("ja")
    assert i18n.render(error.ruling, ko, en) == ("Keeping the right half throws away cards no higher than A, and only 3 "
                                                 "such cards are still unseen this round: 4 cannot have been thrown away.")
    assert i18n.render(error.ruling, ko, ja) == (
        "右半分を残すと、Aより大きくないカードを捨てます。このラウンドでまだ見えていないそのカードは3枚だけなので、"
        "4枚は捨てられません。")


def counted(log: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, dict[str, Any]]]:
    """The same turns with every discard counted instead of named."""
    out = []
    for kind, payload in log:
        payload = dict(payload)
        if payload.get("discarded"):
            payload["thrown"] = len(payload.pop("discarded"))
        out.append((kind, payload))
    return out


def test_a_round_of_counted_turns_keeps_the_sizes_and_ends_at_the_same_turn():
    named = play_log(new_round(), short_round())
    state = new_round()
    for number, (kind, payload) in enumerate(counted(short_round()), start=1):
        state = ko.apply(state, Event(kind, payload))
        assert state.sizes == play_log(new_round(), short_round()[:number]).sizes
        assert state.is_over == (number == 6)
    assert (state.sizes, state.won, state.points, state.last_hand) == (
        named.sizes, named.won, named.points, named.last_hand)
    assert state.last_turn is not None and state.last_turn.number == 6
    assert [t.unnamed for t in state.turns] == [10, 11, 11, 0, 0, 0]
    assert sum(state.seen) == 6  # the six cards played; nothing thrown away was named
    assert ("ko.round_over", "ゲームの終了と得点計算") in keys(ko.rulings(state))
    # The withheld K of turn 4 is proven from what left P1 later, whatever was thrown away before.
    assert [(f.ref, f.ruling.key) for f in ko.audit(state)] == [({"turn": 4, "seat": P1}, "ko.audit_withheld")]
    shown = enter(state, "show", cards=["9"])
    assert keys(ko.rulings(shown))[-1] == ("ko.audit_found", "RULINGS")


def test_a_card_kept_from_a_counted_half_is_proven_when_it_leaves():
    state = enter(new_round(), "turn", seat=P0, card="7", side="left", thrown=2, target=P1, count=0)
    state = turn(state, P1, "5", P2, count=0)
    state = turn(state, P2, "6", P0, count=0)
    assert ko.audit(state) == ()
    state = turn(state, P0, "K", P1, count=0)  # right of the 7, so it had to be thrown away
    [finding] = ko.audit(state)
    assert (finding.ref, finding.ruling.key) == ({"turn": 1, "seat": P0}, "ko.audit_kept_left")
    assert finding.ruling.params["cards"] == CardsRef(("K",))


def test_a_withheld_copy_that_an_unnamed_card_could_excuse_is_not_reported():
    """P1 held 7, 7, 8, 8, 9, 9, 10, 10, J, J, Q, Q, K and gave nothing for P0's 7 (the 7 was at
    the left end: wrong). P1 then plays a Q keeping the K, throws the eleven cards left of it
    away, and plays the K. Named, the two 7s thrown away prove the hand-over wrong; counted,
    the eleven cards could have held a card lower than 7, so nothing is proven."""
    thrown = ["7", "7", "8", "8", "9", "9", "10", "10", "J", "J", "Q"]
    before = [("turn", {"seat": P0, "card": "7", "side": "end", "target": P1, "count": 0})]
    after = [("turn", {"seat": P2, "card": "A", "side": "end", "target": P0, "count": 0}),
             ("turn", {"seat": P0, "card": "2", "side": "end", "target": P2, "count": 0}),
             ("turn", {"seat": P1, "card": "K", "target": P2, "count": 0})]
    named = play_log(new_round(), [*before, ("turn", {"seat": P1, "card": "Q", "side": "right", "target": P2,
                                                      "count": 0, "discarded": thrown}), *after])
    assert named.sizes[P1] == 0
    assert [(f.ref, f.ruling.key) for f in ko.audit(named)] == [({"turn": 1, "seat": P1}, "ko.audit_withheld")]
    state = play_log(new_round(), [*before, ("turn", {"seat": P1, "card": "Q", "side": "right", "target": P2,
                                                      "count": 0, "thrown": 11}), *after])
    assert state.sizes == named.sizes and state.sizes[P1] == 0
    assert ko.audit(state) == ()


def test_the_turn_being_entered_counts_its_unnamed_cards_as_unknown():
    state = play_log(new_round(), [*counted([("turn", {"seat": P0, "card": "7", "side": "end", "target": P1,
                                                       "count": 0})]),
                                   ("play", {"seat": P1, "card": "Q"}), ("keep", {"side": "right"}),
                                   ("discard", {"count": 11})])
    assert state.current is not None and state.current.unnamed == 11 and state.sizes[P1] == 1
    assert ko.audit(state) == ()


def test_a_hand_over_must_fit_the_hand_and_the_unseen_copies():
    state = play_log(new_round(), [("play", {"seat": P0, "card": "7"}), ("keep", {"side": "left"}),
                                   ("discard", {"cards": ["7", "7", "7", "8"]}), ("choose", {"seat": P1})])
    assert state.unseen(7) == 2
    error = refused("ko.hand_over_unseen", enter, state, "hand_over", count=3)
    assert error.ruling.params["left"] == 2
    refused("ko.hand_over_negative", enter, state, "hand_over", count=-1)
    refused("input.not_integer", enter, state, "hand_over", count=True)
    small = shrink(new_round(), P0, P1)
    small = shrink(small, P1, P2, keep_rank="6")
    small = play_log(small, [("play", {"seat": P2, "card": "A"}), ("keep", {"side": "end"}),
                             ("choose", {"seat": P0})])
    error = refused("ko.hand_over_more_than_hand", enter, small, "hand_over", count=3)
    assert error.ruling.params["size"] == 2
    assert enter(small, "hand_over", count=2).sizes[P0] == 0


def test_no_seventh_copy_and_no_full_code_twice():
    state = turn(new_round(), P0, "7", P1, count=0, side="left", discarded=["7", "7", "7", "7", "7"])
    assert state.unseen(7) == 0
    error = refused("ko.rank_exhausted", turn, state, P1, "7", P2, count=0)
    assert error.ruling.params == {"card": CardRef("7"), "copies": 6}
    state = turn(new_round(), P0, "H9", P1, count=0, side="left", discarded=["10"])
    refused("ko.card_used", turn, state, P1, "H9", P2, count=0)
    assert turn(state, P1, "S9", P2, count=0).unseen(9) == 4


# --------------------------------------------------------------------------- the end of a round


def test_the_round_ends_when_all_hands_but_one_are_empty_and_is_scored():
    state = play_log(new_round(), short_round())
    assert state.is_over and state.awaiting is None and state.turn_seat is None
    assert state.last_hand == P0 and state.sizes == (1, 0, 0)
    found = keys(ko.rulings(state))
    assert ("ko.round_over", "ゲームの終了と得点計算") in found
    assert ("ko.last_hand_nothing", "RULINGS") in found
    assert found[-1] == ("ko.winners_tied", "ゲームの終了と得点計算 2")
    refused("ko.game_over", enter, state, "play", seat=P0, card="9")
    refused("ko.game_over", turn, state, P0, "9", P1, count=0)


def test_a_last_turn_that_empties_every_hand_ends_the_round():
    state = shrink(shrink(shrink(new_round(), P0, P1), P1, P2), P2, P0)
    state = turn(state, P0, "2", P1, count=0)
    state = turn(state, P1, "2", P2, count=0)
    state = turn(state, P2, "2", P0, count=0)
    state = turn(state, P0, "3", P2, count=0)      # P0 empty
    state = turn(state, P1, "4", P2, count=1)      # P1 empty; P2's last card was a 4
    assert state.is_over and state.holders == () and state.last_hand is None
    assert ("ko.round_over_empty", "RULINGS") in keys(ko.rulings(state))
    assert state.points == (0, 4, 0)
    refused("ko.show_nothing", enter, state, "show", cards=[])


def test_the_live_score_counts_the_cards_received():
    state = turn(new_round(), P0, "J", P1, count=2, side="left", discarded=["Q"])
    state = turn(state, P1, "Q", P2, count=1, side="right", discarded=["A"])
    state = turn(state, P2, "5", P0, count=1, side="right", discarded=["A"])
    assert state.won == ((11, 11), (12,), (5,))
    assert state.points == (11, 12, 5)
    assert state.score.majority == {"J": (P0,), "Q": (P1,), "K": ()}
    assert ko.scores(state) == state.points


# --------------------------------------------------------------------------- the last hand and the audit


def test_showing_the_last_hand_rebuilds_every_hand_and_proves_a_withheld_hand_over():
    state = play_log(new_round(), short_round()[:5])
    # P1 is out: their hand at turn 4 is known whole ([K]), so the finding is proven already.
    [finding] = ko.audit(state)
    assert finding.ref == {"turn": 4, "seat": P1}
    assert (finding.ruling.key, finding.ruling.clause) == ("ko.audit_withheld", "ゲームのルール 2")
    assert finding.ruling.params["hand"] == CardsRef(("K",))
    state = play_log(state, short_round()[5:])
    refused("ko.show_count", enter, state, "show", cards=["9", "10"])
    refused("ko.rank_exhausted", enter, state, "show", cards=["A"])
    shown = enter(state, "show", cards=["9"])
    assert shown.shown == (ko.parse_card("9"),)
    assert keys(ko.rulings(shown)) == [("ko.shown", "RULINGS"), ("ko.audit_found", "RULINGS")]
    assert [f.ref for f in ko.audit(shown)] == [{"turn": 4, "seat": P1}]
    refused("ko.show_twice", enter, shown, "show", cards=["9"])


def test_show_only_once_the_round_is_over():
    refused("ko.show_not_over", enter, new_round(), "show", cards=[])


def test_a_clean_round_shows_clean():
    state = play_log(new_round(), clean_round()[:4])
    assert state.sizes == (1, 0, 1)
    assert ruling(ko.rulings(state), "ko.whole_hand").params["target"] == SeatRef(P1)
    state = play_log(state, clean_round()[4:])
    assert state.is_over and ko.audit(state) == ()
    shown = enter(state, "show", cards=["9"])
    assert ko.audit(shown) == ()
    assert keys(ko.rulings(shown))[-1] == ("ko.audit_clean", "RULINGS")
    assert shown.points == (13, 0, 0)


def test_a_card_kept_from_the_half_to_throw_away_is_proven_when_it_leaves():
    state = turn(new_round(), P0, "7", P1, count=0, side="left", discarded=["8", "9"])
    state = turn(state, P1, "5", P2, count=0)
    state = turn(state, P2, "6", P0, count=0)
    assert ko.audit(state) == ()
    state = turn(state, P0, "K", P1, count=0)
    [finding] = ko.audit(state)
    assert finding.ref == {"turn": 1, "seat": P0}
    assert finding.ruling.key == "ko.audit_kept_left"
    assert finding.ruling.params["cards"] == CardsRef(("K",))
    state = turn(state, P1, "2", P2, count=0)
    state = turn(state, P2, "2", P0, count=0)
    state = turn(state, P0, "A", P1, count=0)      # lower than 7: fine
    assert [f.ref for f in ko.audit(state)] == [{"turn": 1, "seat": P0}]
    assert len(ko.audit(state)) == 1


def test_an_end_card_with_lower_and_higher_cards_kept_is_proven():
    state = turn(new_round(), P0, "7", P1, count=0, side="end")
    state = turn(state, P1, "K", P0, count=0)
    state = turn(state, P2, "K", P0, count=0)
    state = turn(state, P0, "3", P1, count=0)
    assert ko.audit(state) == ()
    state = turn(state, P1, "K", P0, count=0)
    state = turn(state, P2, "K", P0, count=0)
    state = turn(state, P0, "9", P1, count=0)
    [finding] = ko.audit(state)
    assert finding.ruling.key == "ko.audit_end"
    assert finding.ruling.params["low"] == CardRef("3") and finding.ruling.params["high"] == CardRef("9")


def test_a_copy_kept_back_after_a_hand_over_is_proven():
    state = turn(new_round(), P0, "7", P1, count=1, side="left", discarded=["8"])
    state = turn(state, P1, "7", P2, count=0, side="right", discarded=["A"])
    [finding] = ko.audit(state)
    assert finding.ref == {"turn": 1, "seat": P1}
    assert finding.ruling.key == "ko.audit_copy_kept"
    assert finding.ruling.params["copies"] == 1


def test_a_hand_over_of_a_middle_card_is_proven():
    state = turn(new_round(), P0, "7", P1, count=1, side="left", discarded=["8"])
    state = turn(state, P1, "3", P2, count=0, side="left", discarded=["9"])
    [finding] = ko.audit(state)
    assert finding.ruling.key == "ko.audit_not_at_end"
    assert finding.ruling.params["low"] == CardRef("3") and finding.ruling.params["high"] == CardRef("9")


def test_a_withheld_copy_is_proven_only_when_too_few_cards_could_surround_it():
    # P1 keeps 2 cards; P0's 7 gets nothing; P1 then plays a 7, one card unknown left:
    # one card cannot be both lower and higher, so the 7 was at an end.
    state = shrink(new_round(), P0, P2)
    state = shrink(state, P1, P2, keep_rank="8")
    state = turn(state, P2, "K", P0, count=0)
    state = turn(state, P0, "7", P1, count=0)
    assert state.sizes[P1] == 2
    state = turn(state, P1, "7", P2, count=0)
    [finding] = ko.audit(state)
    assert finding.ref == {"turn": 4, "seat": P1}
    assert finding.ruling.key == "ko.audit_withheld_partial"
    assert finding.ruling.params["unknown"] == 1
    # With three cards left, a lower and a higher one could have surrounded the 7: no proof.
    roomy = shrink(new_round(), P0, P2)
    roomy = turn(roomy, P1, "8", P2, count=0, side="left", discarded=["8", "9", "9", "10", "10", "J", "J", "Q", "K"])
    roomy = turn(roomy, P2, "K", P0, count=0)
    roomy = turn(roomy, P0, "7", P1, count=0)
    roomy = turn(roomy, P1, "7", P2, count=0)
    assert ko.audit(roomy) == ()


def test_accepting_a_finding_lets_it_stand_and_changes_nothing_else():
    state = play_log(new_round(), short_round())
    accepted = enter(state, "accept", turn=4, seat=P1)
    assert [f.accepted for f in ko.audit(accepted)] == [True]
    assert accepted.points == state.points and accepted.is_over
    assert keys(ko.rulings(accepted)) == [("ko.accepted", "RULINGS")]
    refused("ko.accept_twice", enter, accepted, "accept", turn=4, seat=P1)
    refused("ko.accept_unknown", enter, state, "accept", turn=3, seat=P1)
    refused("input.not_integer", enter, state, "accept", turn="4", seat=P1)


def test_undo_takes_back_one_step():
    setup = {"players": ["a", "b", "c"], "first_leader": 0}
    log = [Event("play", {"seat": 0, "card": "7"}), Event("keep", {"side": "end"}), Event(base.UNDO),
           Event("keep", {"side": "right"}), Event("discard", {"cards": ["2"]})]
    replayed = base.replay(ko.initial, ko.apply, setup, log)
    assert replayed.state.current is not None and replayed.state.current.side == "right"
    assert replayed.undone == {1: 2}


# --------------------------------------------------------------------------- outcome, rounds, evening


def test_outcome_gives_points_places_and_the_match_length():
    state = play_log(new_round(rounds="3"), clean_round())
    result = ko.outcome(state)
    assert result.over
    assert result.points == (13, 0, 0)
    assert result.places == (1, 2, 2)
    assert result.facts == {"rounds": 3, "won": [[13], [], []], "winners": [0]}
    tied = ko.outcome(play_log(new_round(), short_round()))
    assert tied.points == (0, 0, 0) and tied.places == (1, 1, 1)
    json.dumps(result.facts)


def test_one_round_is_the_whole_match():
    done = Outcome((5, 9, 2), True, (2, 1, 3), facts={"rounds": 1})
    evening = ko.evening([done], 3)
    assert evening.over and evening.leaders == (1,)
    assert evening.note is not None and evening.note.key == "ko.evening_over"
    assert evening.note.clause == "ゲームのルール"


def test_three_rounds_add_up_and_equal_totals_lead_together():
    rounds = [Outcome((5, 9, 2), True, (2, 1, 3), facts={"rounds": 3}),
              Outcome((10, 0, 2), True, (1, 3, 2), facts={"rounds": 3})]
    evening = ko.evening(rounds, 3)
    assert not evening.over and evening.totals == (15, 9, 4)
    assert evening.note is not None and evening.note.params == {"done": 2, "n": 3}
    evening = ko.evening([*rounds, Outcome((0, 6, 0), True, (2, 1, 2), facts={"rounds": 3})], 3)
    assert evening.over and evening.totals == (15, 15, 4) and evening.leaders == (0, 1)
    assert ko.evening([], 3).totals == (0, 0, 0)
    one = ko.evening([Outcome((1, 0, 0), False, (1, 2, 2), facts={"rounds": 1})], 3).note
    assert one is not None and (one.key, one.clause) == ("ko.evening_one_round", "ゲームのルール")  # when it ends


def test_the_next_round_starts_with_the_left_neighbour_and_keeps_the_length_and_the_discards():
    state = new_round(4, first=3, rounds="3", discards="named")
    assert ko.next_setup(state) == {"first_leader": 0, "options": {"rounds": "3", "discards": "named"}}
    assert ko.next_setup(new_round(3, first=0)) == {"first_leader": 1,
                                                    "options": {"rounds": "1", "discards": "counted"}}
    assert ko.start_choices(["a", "b", "c", "d", "e"]) == (0, 1, 2, 3, 4)


# --------------------------------------------------------------------------- forms and the quick judge


def test_form_payloads_are_what_apply_reads():
    assert ko.form_payload("play", {"seat": ["2"], "card": ["hq"]}) == {"seat": 2, "card": "hq"}
    assert ko.form_payload("keep", {"side": ["left"]}) == {"side": "left"}
    assert ko.form_payload("discard", {"cards": ["9.K.K"]}) == {"cards": ["9", "K", "K"]}
    assert ko.form_payload("discard", {"cards": ["9", "K"]}) == {"cards": ["9", "K"]}
    assert ko.form_payload("discard", {"cards": ["none"]}) == {"cards": []}
    assert ko.form_payload("choose", {"seat": ["x"]}) == {"seat": "x"}
    assert ko.form_payload("hand_over", {"count": ["3"]}) == {"count": 3}
    assert ko.form_payload("show", {"cards": ["2.2.Q"]}) == {"cards": ["2", "2", "Q"]}
    assert ko.form_payload("accept", {"turn": ["4"], "seat": ["1"]}) == {"turn": 4, "seat": 1}
    whole = ko.form_payload("turn", {"seat": ["0"], "card": ["9"], "side": ["left"], "discarded": ["10.K"],
                                     "target": ["2"], "count": ["1"]})
    assert whole == {"seat": 0, "card": "9", "side": "left", "discarded": ["10", "K"], "target": 2, "count": 1}
    assert enter(new_round(), "turn", **whole).won[P0] == (9,)
    state = play_log(new_round(), [("play", ko.form_payload("play", {"seat": ["0"], "card": ["7"]}))])
    refused("ko.side_bad", ko.apply, state, Event("keep", ko.form_payload("keep", {})))


def test_quick_judge_taps_the_hand_the_card_the_half_and_the_chosen_hand():
    request, shown = ko.quick_judge_request({"hand": ["3.A.7"], "card": ["K"]})
    assert request is None and shown["hand"] == ("3", "A", "7", "K")
    request, shown = ko.quick_judge_request({"hand": ["3.A.7.K"], "at": ["2"], "to": ["target"]})
    assert request is None and shown["needs_keep"] is True and shown["played"] == "7"
    request, shown = ko.quick_judge_request({"hand": ["3.A.7.K"], "at": ["2"], "keep": ["left"],
                                             "to": ["target"], "target": ["9.7"], "card": ["7"]})
    assert request == {"ask": "turn", "hand": ["A", "3", "7", "K"], "played": 2, "keep": "left",
                       "target_hand": ["7", "7", "9"]}
    answer = ko.judge(request)
    assert answer["discarded"] == ["K"] and answer["handed_over"] == ["7", "7"]
    # An end card needs no half; the chosen hand may stay empty; "back" takes the last tap back.
    request, _ = ko.quick_judge_request({"hand": ["3.A.7.K"], "at": ["0"], "to": ["target"]})
    assert request is not None and "keep" not in request and request["target_hand"] == []
    _, shown = ko.quick_judge_request({"hand": ["3.A.7.K"], "back": [""]})
    assert shown["hand"] == ("3", "A", "7")
    # Unreadable taps are dropped, and no rank is taken a seventh time.
    _, shown = ko.quick_judge_request({"hand": ["7.7.7.7.zz.7"], "to": ["target"], "target": ["7"], "card": ["7"]})
    assert shown["hand"] == ("7",) * 5 and shown["target"] == ("7",) and shown["exhausted"] == (7,)
    request, _ = ko.quick_judge_request({"hand": ["3.A"], "at": ["9"], "to": ["target"]})
    assert request is None


def test_the_quick_judge_plays_the_card_tapped_not_another_of_its_rank():
    """Issue 28: the tapped 7 inside 2 7 7 7 is played from inside (a half is asked for and
    kept), though a 7 is at the end; an address made before, naming a rank, still reads."""
    request, shown = ko.quick_judge_request({"hand": ["7.2.7.7"], "at": ["1"], "to": ["target"]})
    assert request is None and shown["needs_keep"] is True and shown["played_at"] == 1
    request, _ = ko.quick_judge_request({"hand": ["7.2.7.7"], "at": ["1"], "keep": ["right"], "to": ["target"]})
    assert request is not None and request["played"] == 1
    answer = ko.judge(request)
    assert answer["at_end"] is False and answer["discarded"] == ["2"] and answer["hand_after"] == ["7", "7"]
    end, _ = ko.quick_judge_request({"hand": ["7.2.7.7"], "at": ["3"], "to": ["target"]})
    assert end is not None and ko.judge(end)["at_end"] is True
    before, shown = ko.quick_judge_request({"hand": ["7.2.7.7"], "played": ["7"], "to": ["target"]})
    assert before is not None and shown["played_at"] == 3 and ko.judge(before)["at_end"] is True
    # Taking back a card of the hand takes back the card played too: its place may change.
    _, shown = ko.quick_judge_request({"hand": ["7.2.7.7"], "at": ["3"], "back": ["1"]})
    assert shown["played"] is None and shown["hand"] == ("7", "2", "7")


# --------------------------------------------------------------------------- the rulebook file and the words


def test_every_clause_cited_is_a_section_of_the_rulebook_file():
    book = json.loads(RULEBOOK.read_text(encoding="utf-8"))
    labels = {s["label"] for s in book["sections"]}
    assert set(clauses.ALL) <= labels
    cited = set()
    for path in Path(ko.__file__).parent.glob("*.py"):
        cited |= set(re.findall(r'(?:Ruling|RuleError)\(\s*f?"[^"]+",\s*([A-Z_]+)\b', path.read_text(encoding="utf-8")))
    assert cited and all(getattr(clauses, name) in labels | {"RULINGS"} for name in cited), cited
    assert all(r["label"] == "RULINGS" and r["about"] in labels for r in book["rulings"])
    assert book["slug"] == ko.SLUG
    assert len({s["id"] for s in book["sections"]}) == len(book["sections"])


def test_the_rulebook_file_quotes_the_original_text():
    text = SOURCE.read_text(encoding="utf-8")
    book = json.loads(RULEBOOK.read_text(encoding="utf-8"))
    for section in book["sections"]:
        for line in section["ja"].split("\n"):
            assert line in text, line
        assert section["en"]


def test_every_message_key_has_the_game_prefix_and_renders():
    assert all(key.startswith("ko.") for key in ko.MESSAGES)
    state = play_log(new_round(), short_round())
    for r in [*ko.rulings(state), *(f.ruling for f in ko.audit(state))]:
        text = i18n.render(r, ko, i18n.catalog("en"), ["Ann", "Bo", "Cy"])
        assert "%(" not in text and text != r.key


def test_refusals_name_a_message_of_the_game_or_the_shared_ones():
    for func, args in [(ko.parse_card, ("ZZ",)), (new_round, (2,)), (ko.judge, ({"ask": "turn"},))]:
        with pytest.raises(RuleError) as info:
            func(*args)
        assert info.value.ruling.key in ko.MESSAGES or info.value.ruling.key in base.MESSAGES
