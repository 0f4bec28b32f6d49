"""ツインシュート (Twin Shoot): the pure engine against the rule text and RULINGS.md.

Rulebook: shared/rules/002_53a106b024f6a4e1.txt, the first game (lines 1-85). Its clauses
are its headings, with list numbers where it numbers items ("トリックテイキングフェーズ 3",
"点数計算 4"). Seats are 0..n-1 clockwise; teams (0, 1), (2, 3), (4, 5); seats 0, 2, 4 are
the right-side players.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from companion import i18n
from companion.rules import base
from companion.rules import twin_shoot as ts
from companion.rules.base import CardRef, CardsRef, Event, Ruling, SeatRef, SuitRef
from companion.rules.contract import Outcome
from tests.kit.rulings import keys, refused, ruling

EN = i18n.catalog("en")
STEP = {n: f"トリックテイキングフェーズ {n}" for n in range(1, 6)}
SCORE = {n: f"点数計算 {n}" for n in range(1, 5)}


# --------------------------------------------------------------------------- helpers


def card(code: str) -> ts.Card:
    return ts.parse_card(code)


def setup(players: int = 4, first_leader: int = 0) -> dict:
    return {"players": [f"P{i}" for i in range(players)], "first_leader": first_leader, "options": {}}


def new_game(players: int = 4, first_leader: int = 0) -> ts.State:
    return ts.initial(setup(players, first_leader))


def play(seat: int, code: str) -> Event:
    return Event("play", {"seat": seat, "card": code})


def reveal(seat: int, a: str, b: str) -> Event:
    return Event("reveal", {"seat": seat, "cards": [a, b]})


def open_bid(team: int, first: tuple[str, str], second: tuple[str, str]) -> Event:
    return Event("open_bid", {"team": team, "bids": [list(first), list(second)]})


def leader(seat: int) -> Event:
    return Event("leader", {"seat": seat})


def run(state: ts.State, *events: Event) -> ts.State:
    for event in events:
        state = ts.apply(state, event)
    return state


def lay(state: ts.State, *codes: str) -> ts.State:
    """Lay `codes` from the expected seat on, in play order."""
    for code in codes:
        state = ts.apply(state, play(state.expected_seat, code))
    return state


def judge_trick(*codes: str, players: int | None = None, **extra) -> dict:
    return ts.judge({"ask": "trick", "players": players or len(codes), "plays": list(codes), **extra})


def bid_cards(value: int, taken: set[ts.Card], players: int) -> tuple[ts.Card, ts.Card]:
    """Two unused cards whose suit values add up to `value` (0-10)."""
    by_value = {v: s for s, v in ts.SUIT_VALUES.items()}
    high = min(5, value)
    suits = (by_value[high], by_value[value - high])
    pair = []
    for suit in suits:
        c = next(c for c in ts.deck(players) if c.suit == suit and c not in taken and c not in pair)
        pair.append(c)
    taken.update(pair)
    return (pair[0], pair[1])


def winners_for(tricks: list[int]) -> list[int]:
    return [seat for seat, count in enumerate(tricks) for _ in range(count)]


def plan_tricks(pool: list[ts.Card], first: int, winners: list[int], n: int,
                rng: random.Random) -> list[list[ts.Card]] | None:
    """Cards for each trick, in play order, so that trick k goes to winners[k]; None if stuck.

    Tries random cards from the pool and keeps the first set the engine's own adjudication
    (ts.resolve) gives to the wanted winner.
    """
    pool = list(pool)
    lead_seat = first
    tricks = []
    for winner in winners:
        order = ts.play_order(lead_seat, n)
        for _ in range(300):
            cards = rng.sample(pool, n)
            result = ts.resolve([ts.Play(seat, c) for seat, c in zip(order, cards)])
            if result.winner == winner:
                break
        else:
            return None
        for c in cards:
            pool.remove(c)
        tricks.append(cards)
        lead_seat = winner
    return tricks


def play_hand(state: ts.State, tricks: list[int], bids: list[int], open_team: int | None = None) -> ts.State:
    """Play one whole hand in which seat i takes tricks[i] and bids bids[i], then reveal."""
    n = state.players
    taken: set[ts.Card] = set()
    pairs = [bid_cards(value, taken, n) for value in bids]
    if open_team is not None:
        a, b = ts.team_seats(open_team)
        state = ts.apply(state, open_bid(open_team, tuple(c.code for c in pairs[a]),
                                         tuple(c.code for c in pairs[b])))
    pool = [c for c in ts.deck(n) if c not in taken]
    winners = winners_for(tricks)
    rng = random.Random(sum(tricks) * 31 + sum(bids))
    plan = None
    for _ in range(200):
        rng.shuffle(winners)
        plan = plan_tricks(pool, state.leader, winners, n, rng)
        if plan is not None:
            break
    assert plan is not None
    for cards, winner in zip(plan, winners):
        state = lay(state, *(c.code for c in cards))
        assert state.tricks[-1].winner == winner
    assert state.phase == "reveal"
    hidden = state.hidden_bids
    for seat in hidden[:-1]:  # the last bid, the two cards left, the engine turns up (遊び方)
        state = ts.apply(state, reveal(seat, pairs[seat][0].code, pairs[seat][1].code))
    assert state.history[-1].bids[hidden[-1]] == tuple(c.code for c in sorted(pairs[hidden[-1]], key=ts.deck(n).index))
    return state


ALL_MISS = ([3, 3, 2, 2], [0, 0, 0, 0])  # tricks and bids of a hand where nobody is exact


# --------------------------------------------------------------------------- the cards


def test_the_four_player_deck_is_seven_to_ace_48_cards_and_six_players_three_to_ace_72():
    four, six = ts.deck(4), ts.deck(6)
    assert len(four) == len(set(four)) == 48
    assert len(six) == len(set(six)) == 72
    assert {c.rank for c in four} == set(range(7, 15))
    assert {c.rank for c in six} == set(range(3, 15))
    assert set(four) < set(six)
    assert len(four) == 4 * ts.HAND_SIZE and len(six) == 6 * ts.HAND_SIZE  # every card is dealt
    for c in six:
        assert ts.parse_card(c.code) == c


def test_card_codes_read_in_any_case_and_print_as_suit_letter_and_rank():
    assert card("la") == ts.Card("L", 14)
    assert card(" X10 ") == ts.Card("X", 10)
    assert card("xt").code == "X10"
    assert card("h7").code == "H7"
    assert card("Dk").code == "DK"
    assert card("SQ").rank_text == "Q"
    assert str(card("CJ")) == "CJ"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "ts.card_malformed"),
        ("L", "ts.card_malformed"),
        ("LAA", "ts.card_malformed"),
        ("L100", "ts.card_malformed"),
        ("リーフA", "ts.card_malformed"),
        (7, "ts.card_malformed"),
        (None, "ts.card_malformed"),
        (["LA"], "ts.card_malformed"),
        ("ZA", "ts.card_unknown_suit"),
        ("A7", "ts.card_unknown_suit"),
        ("L1", "ts.card_unknown_rank"),
        ("L0", "ts.card_unknown_rank"),
        ("L15", "ts.card_unknown_rank"),
        ("LB", "ts.card_unknown_rank"),
        ("L2", "ts.card_no_twos"),
    ],
)
def test_card_parsing_refuses_what_is_not_a_card_with_the_right_key(text, key):
    refused(key, ts.parse_card, text)


def test_cards_below_seven_are_outside_the_four_player_deck_but_not_the_six_player_one():
    error = refused("ts.card_not_in_deck", ts.parse_card, "H6", 4)
    assert error.ruling.clause == "ゲームの準備"
    assert error.ruling.params == {"card": CardRef("H6"), "players": 4, "low": "7"}
    assert ts.parse_card("H6", 6) == ts.Card("H", 6)
    assert ts.parse_card("H3", 6) == ts.Card("H", 3)
    assert ts.parse_card("H7", 4) == ts.Card("H", 7)
    refused("ts.card_no_twos", ts.parse_card, "H2", 6)


def test_suits_rank_leaf_cross_club_heart_spade_diamond_and_count_five_down_to_zero_in_bids():
    assert ts.SUITS == ("L", "X", "C", "H", "S", "D")
    assert [ts.SUIT_VALUES[s] for s in ts.SUITS] == [5, 4, 3, 2, 1, 0]
    strengths = [card(s + "9").suit_strength for s in ts.SUITS]
    assert strengths == sorted(strengths, reverse=True)
    assert set(ts.SUIT_NAMES) == set(ts.SUIT_SYMBOLS) == set(ts.SUITS)


def test_the_bid_example_cross_and_heart_predict_six_tricks():
    # ビッドフェーズ 例: クロス1枚とハート1枚 -> 4 + 2 = 6.
    assert ts.bid_value([card("X9"), card("H8")]) == 6
    assert ts.bid_value([card("LA"), card("L7")]) == 10
    assert ts.bid_value([card("DA"), card("D7")]) == 0
    answer = ts.judge({"ask": "score", "players": 4, "bids": [["X9", "H8"], ["DA", "S7"], ["LK", "D9"], ["C7", "DK"]],
                       "tricks": [6, 1, 2, 1]})
    assert answer["bids"] == [6, 1, 5, 3]


def test_card_text_shows_one_suit_and_the_rank():
    assert ts.card_text("X10", EN.gettext) == "✚ cross 10"
    assert ts.card_text("la", EN.gettext) == "❦ leaf A"
    assert i18n.card_text(ts, "H7", EN.gettext) == "♥ heart 7"


# --------------------------------------------------------------------------- seats and order


def test_teams_are_neighbours_and_the_right_side_player_has_the_partner_on_the_left():
    assert [ts.team_of(s) for s in range(6)] == [0, 0, 1, 1, 2, 2]
    assert [ts.partner(s) for s in range(6)] == [1, 0, 3, 2, 5, 4]
    assert [s for s in range(6) if ts.is_right_side(s)] == [0, 2, 4]
    assert new_game(6).teams == ((0, 1), (2, 3), (4, 5))


def test_the_leaders_partner_plays_second_then_play_continues_that_way():
    # トリックテイキングフェーズ 2: partner on the left -> clockwise, on the right -> counter.
    assert ts.play_order(0, 4) == (0, 1, 2, 3)
    assert ts.play_order(1, 4) == (1, 0, 3, 2)
    assert ts.play_order(2, 4) == (2, 3, 0, 1)
    assert ts.play_order(3, 4) == (3, 2, 1, 0)
    assert ts.play_order(4, 6) == (4, 5, 0, 1, 2, 3)
    assert ts.play_order(3, 6) == (3, 2, 1, 0, 5, 4)
    assert [ts.direction_for(s) for s in range(6)] == [1, -1, 1, -1, 1, -1]


def test_the_game_asks_for_cards_clockwise_after_a_right_side_leader():
    state = new_game(4)
    assert (state.phase, state.expected_seat, state.direction, state.follow) == ("play", 0, 1, None)
    seen = []
    for code in ("L7", "L8", "L9", "L10"):
        seen.append(state.expected_seat)
        state = lay(state, code)
    assert seen == [0, 1, 2, 3]
    assert state.tricks[0].winner == 3


def test_the_game_asks_for_cards_counter_clockwise_after_a_left_side_leader():
    state = lay(new_game(4), "L7", "LA", "L8", "L9")  # seat 1 wins with the ace
    assert state.leader == 1
    assert state.direction == -1
    assert keys(state.last_trick.rulings)[-1:] == [("ts.win_suit", STEP[4])]
    assert ("ts.order_counter", STEP[2]) in keys(ts.rulings(state))
    assert ruling(ts.rulings(state), "ts.order_counter").params == {"seat": SeatRef(1), "partner": SeatRef(0)}
    seen = []
    for code in ("X7", "X8", "X9", "X10"):
        seen.append(state.expected_seat)
        state = lay(state, code)
    assert seen == [1, 0, 3, 2]
    assert state.tricks[1].direction == -1
    assert state.tricks[1].winner == 2  # X10


def test_six_players_counter_clockwise_from_seat_three():
    state = new_game(6, first_leader=2)
    state = lay(state, "C3", "C4", "CA", "C5", "C6", "C7")  # order 2,3,4,5,0,1: seat 4 wins
    assert state.leader == 4 and state.direction == 1
    state = lay(state, "D3", "DA", "D4", "D5", "D6", "D7")  # 4,5,0,1,2,3: seat 5 wins
    assert state.leader == 5 and state.direction == -1
    order = []
    for code in ("H3", "H4", "H5", "H6", "H7", "H8"):
        order.append(state.expected_seat)
        state = lay(state, code)
    assert order == [5, 4, 3, 2, 1, 0]


def test_a_card_from_the_wrong_seat_is_refused():
    state = lay(new_game(4), "L7")
    error = refused("ts.not_your_turn", ts.apply, state, play(3, "L8"))
    assert error.ruling.params == {"seat": SeatRef(1)}
    refused("ts.no_such_seat", ts.apply, state, play(4, "L8"))
    refused("input.not_integer", ts.apply, state, play("1", "L8"))  # type: ignore[arg-type]
    refused("input.unknown_event", ts.apply, state, Event("bid", {}))


# --------------------------------------------------------------------------- following and winning


def test_a_suit_follow_is_fixed_by_the_partner_and_a_later_rank_card_does_not_switch_it():
    answer = judge_trick("L9", "LQ", "C9", "X9")
    assert (answer["follow"], answer["fixed_by"], answer["winner"]) == ("suit", 1, 1)
    assert keys(answer["rulings"]) == [
        ("ts.suit_follow", STEP[3]),
        ("ts.no_switch_to_rank", STEP[3]),
        ("ts.no_switch_to_rank", STEP[3]),
        ("ts.win_suit", STEP[4]),
        ("ts.winner_leads", STEP[5]),
    ]
    assert answer["rulings"][0].params == {"seat": SeatRef(1), "card": CardRef("LQ"), "suit": SuitRef("L")}


def test_a_rank_follow_is_fixed_and_a_later_suit_card_does_not_switch_it():
    answer = judge_trick("H9", "C9", "HA", "X9")
    assert (answer["follow"], answer["fixed_by"]) == ("rank", 1)
    # Cross is the strongest suit among the nines; the heart ace does not compete.
    assert answer["winner"] == 3
    assert keys(answer["rulings"])[:3] == [
        ("ts.rank_follow", STEP[3]), ("ts.no_switch_to_suit", STEP[3]), ("ts.win_rank", STEP[4])]
    assert ruling(answer["rulings"], "ts.win_rank").params == {"seat": SeatRef(3), "card": CardRef("X9"), "rank": "9"}


def test_the_lead_card_competes_in_both_kinds_of_follow():
    assert judge_trick("HA", "H7", "H8", "H9")["winner"] == 0
    assert judge_trick("L9", "C9", "H9", "D9")["winner"] == 0
    assert judge_trick("D9", "C9", "H9", "S9")["winner"] == 1


def test_when_the_partner_fixes_nothing_the_right_passes_to_the_next_player():
    answer = judge_trick("H9", "DK", "HQ", "S9")
    assert (answer["follow"], answer["fixed_by"], answer["winner"]) == ("suit", 2, 2)
    assert keys(answer["rulings"])[:3] == [
        ("ts.show_out_both", STEP[2]), ("ts.suit_follow", STEP[3]), ("ts.no_switch_to_rank", STEP[3])]
    answer = judge_trick("H9", "DK", "S9", "HQ")
    assert (answer["follow"], answer["fixed_by"], answer["winner"]) == ("rank", 2, 0)


def test_with_no_follow_at_all_the_leader_wins_even_with_a_low_card():
    answer = judge_trick("D7", "LA", "XA", "CA")
    assert (answer["follow"], answer["fixed_by"], answer["winner"]) == (None, None, 0)
    assert keys(answer["rulings"]) == [("ts.show_out_both", STEP[2])] * 3 + [
        ("ts.win_no_follow", STEP[4]), ("ts.winner_leads", STEP[5])]
    assert ruling(answer["rulings"], "ts.win_no_follow").params == {"seat": SeatRef(0), "card": CardRef("D7")}


def test_six_player_tricks_follow_the_same_rules():
    assert judge_trick("S3", "D3", "L3", "S4", "C3", "H3")["winner"] == 2  # rank follow, leaf
    assert judge_trick("S3", "D4", "SA", "L3", "SK", "S5", players=6)["winner"] == 2
    assert judge_trick("S3", "D4", "HA", "L5", "CK", "X5")["winner"] == 0


def test_the_state_shows_the_follow_as_soon_as_it_is_fixed():
    state = lay(new_game(4), "H9")
    assert state.follow is None and state.fixed_by is None
    state = lay(state, "DK")
    assert state.follow is None
    assert keys(ts.rulings(state)) == [("ts.show_out_both", STEP[2])]
    state = lay(state, "S9")
    assert (state.follow, state.fixed_by) == ("rank", 2)
    assert keys(ts.rulings(state))[-1] == ("ts.rank_follow", STEP[3])
    state = lay(state, "HA")
    assert state.follow is None  # a new trick
    assert state.tricks[0].follow == "rank" and state.tricks[0].winner == 0


# --------------------------------------------------------------------------- voids and revokes


def test_failing_to_follow_before_a_follow_is_fixed_shows_a_void_in_suit_and_rank():
    state = lay(new_game(4), "H9", "DK", "HQ", "S9")
    assert state.voids(1) == {"H"} and state.void_ranks(1) == ("9",)
    # Seat 3 played a nine after suit follow was fixed: void in hearts only.
    assert state.voids(3) == {"H"} and state.void_ranks(3) == ()
    assert state.voids(0) == frozenset() and state.voids(2) == frozenset()
    assert [(so.seat, so.trick, so.suit, so.rank) for so in state.show_outs] == [(1, 1, "H", 9), (3, 1, "H", None)]


def test_failing_to_follow_a_rank_follow_shows_a_void_in_the_rank_only():
    state = lay(new_game(4), "H9", "S9", "HA", "DK")
    assert state.voids(2) == frozenset() and state.void_ranks(2) == ("9",)
    assert state.voids(3) == frozenset() and state.void_ranks(3) == ("9",)


def test_a_later_card_of_a_void_suit_proves_a_revoke():
    state = lay(new_game(4), "H9", "DK", "HQ", "S9")  # seat 1 shows no heart and no nine; seat 2 wins
    assert state.leader == 2
    state = lay(state, "CA", "C7", "C8")  # 2, 3, 0
    state = lay(state, "HA")  # seat 1 plays a heart: revoke of trick 1
    assert len(state.revokes) == 1
    revoke = state.revokes[0]
    assert (revoke.seat, revoke.shown_out.trick, revoke.kind, revoke.trick, revoke.card) == (1, 1, "suit", 2, card("HA"))
    assert revoke.ruling.key == "ts.revoke_suit"
    assert revoke.ruling.clause == STEP[2]
    assert revoke.ruling.params == {
        "seat": SeatRef(1), "trick": 1, "played": CardRef("DK"), "lead": CardRef("H9"),
        "later_trick": 2, "card": CardRef("HA"), "suit": SuitRef("H")}
    assert revoke.ruling in ts.rulings(state)
    # Nothing is changed: the trick goes by the cards played.
    assert state.tricks[1].winner == 2


def test_a_later_card_of_a_void_rank_proves_a_revoke_even_as_a_lead():
    state = lay(new_game(4), "S9", "H9", "SA", "DK")  # rank follow; seats 2, 3 show no nine
    assert state.leader == 1  # the heart nine beats the spade nine
    state = lay(state, "C7", "C8", "C10", "CJ")  # 1, 0, 3, 2: seat 2 wins
    assert state.revokes == ()
    state = lay(state, "LQ", "LK", "L7")  # 2, 3, 0
    state = lay(state, "L8")  # seat 1
    assert state.leader == 3
    state = lay(state, "X9")  # seat 3 leads a nine
    assert [(r.seat, r.kind, r.shown_out.trick, r.trick) for r in state.revokes] == [(3, "rank", 1, 4)]
    assert state.revokes[0].ruling.key == "ts.revoke_rank"
    assert state.revokes[0].ruling.clause == STEP[3]
    assert state.revokes[0].ruling.params["rank"] == "9"


def test_a_card_matching_neither_void_proves_nothing_and_a_show_out_is_proven_once():
    state = lay(new_game(4), "H9", "DK", "HQ", "S9")  # seat 1: no heart, no nine
    state = lay(state, "CA", "C7", "C8", "D7")  # seat 1 plays a diamond seven: fine
    assert state.revokes == ()
    assert state.leader == 2
    state = lay(state, "XA", "X7", "X8", "H7")  # seat 1 plays a heart: proven
    state = lay(state, "LA", "L7", "L8", "D9")  # a nine: the same show-out, not proven again
    assert [(r.seat, r.shown_out.trick, r.trick) for r in state.revokes] == [(1, 1, 3)]


def test_two_show_outs_are_two_offences_and_one_card_can_prove_both():
    state = lay(new_game(4), "H9", "DK", "HQ", "S9")  # seat 1: no heart, no nine; seat 3: no heart
    state = lay(state, "HA", "D7", "H8", "C8")  # 2,3,0,1: seats 3 and 1 show out of hearts again
    assert state.revokes == ()
    assert [(so.seat, so.trick) for so in state.show_outs] == [(1, 1), (3, 1), (3, 2), (1, 2)]
    state = lay(state, "SA", "HK")  # seat 3 plays a heart: both of its show-outs are proven
    assert sorted((r.seat, r.shown_out.trick, r.trick) for r in state.revokes) == [(3, 1, 3), (3, 2, 3)]
    state = lay(state, "S8", "S10", "XA", "X8", "X7", "H10")  # seat 1 plays a heart in trick 4
    assert sorted((r.seat, r.shown_out.trick, r.trick) for r in state.revokes) == [
        (1, 1, 4), (1, 2, 4), (3, 1, 3), (3, 2, 3)]


def test_voids_and_revokes_last_one_hand_and_are_shown_with_its_score():
    state = new_game(4)
    state = lay(state, "H9", "DK", "HQ", "S9")
    state = lay(state, "CA", "C7", "C8", "HA")  # seat 1: revoke
    state = lay(state, "C9", "C10", "CJ", "CQ")  # 2,3,0,1 -> seat 1 (CQ)
    # Seven more tricks of fresh cards, whoever wins them.
    fresh = ["X7", "X8", "X9", "XA", "XK", "XQ", "XJ", "X10", "L7", "L8", "L9", "LA",
             "LK", "LQ", "LJ", "L10", "S7", "S8", "S10", "SA", "D7", "D8", "D9", "DA", "H7", "H8", "H10", "HK"]
    for i in range(0, len(fresh), 4):
        state = lay(state, *fresh[i:i + 4])
    assert len(state.tricks) == 10 and state.phase == "reveal"
    assert len(state.revokes) >= 1
    remaining = sorted({c.code for c in ts.deck(4)} - {p.card.code for t in state.tricks for p in t.plays})
    assert len(remaining) == 8
    for seat in range(4):
        state = ts.apply(state, reveal(seat, remaining[2 * seat], remaining[2 * seat + 1]))
    assert state.hand_number == 2
    assert state.revokes == () and state.show_outs == () and state.voids(1) == frozenset()
    assert state.history[0].revokes and all(r.ruling in ts.rulings(state) for r in state.history[0].revokes)


# --------------------------------------------------------------------------- every card once per hand


def test_a_card_already_played_this_hand_is_refused_with_its_trick():
    state = lay(new_game(4), "L7", "L8", "L9", "L10")
    error = refused("ts.card_played", ts.apply, state, play(3, "L8"))
    assert error.ruling.params == {"card": CardRef("L8"), "trick": 1}
    state = lay(state, "XA")
    error = refused("ts.card_played", ts.apply, state, play(2, "XA"))
    assert error.ruling.params["trick"] == 2


def test_an_open_bid_card_can_neither_be_played_nor_revealed_again():
    state = play_hand(new_game(4), [4, 3, 2, 1], [0, 0, 0, 0])  # team 1 trails 3 to 7
    assert state.may_open_bid == 1
    state = ts.apply(state, open_bid(1, ("X9", "H8"), ("D7", "S7")))
    assert state.bids == (None, None, ("X9", "H8"), ("D7", "S7"))
    assert state.expected_seat == 2  # rotation: team 1's right-side player opens hand 2
    error = refused("ts.card_is_bid", ts.apply, state, play(2, "H8"))
    assert error.ruling.params == {"card": CardRef("H8"), "seat": SeatRef(2)}


def test_reveals_refuse_played_cards_other_bids_pairs_and_known_bids():
    state = new_game(4)
    fresh = [c.code for c in ts.deck(4)]
    # Lay 40 cards in suit order: each trick one suit, the last card the ace wins... just check legality.
    for i in range(10):
        state = lay(state, *fresh[4 * i:4 * i + 4])
    assert state.phase == "reveal"
    assert state.hidden_bids == (0, 1, 2, 3)
    assert state.expected_seat == 0
    left = fresh[40:]
    refused("ts.card_played", ts.apply, state, reveal(0, fresh[0], left[0]))
    refused("ts.card_twice", ts.apply, state, reveal(0, left[0], left[0]))
    refused("ts.bid_two_cards", ts.apply, state, Event("reveal", {"seat": 0, "cards": [left[0]]}))
    refused("input.missing", ts.apply, state, Event("reveal", {"seat": 0}))
    refused("input.not_list", ts.apply, state, Event("reveal", {"seat": 0, "cards": "DA D7"}))
    refused("ts.card_not_in_deck", ts.apply, state, reveal(0, left[0], "D6"))
    state = ts.apply(state, reveal(2, left[0], left[1]))
    assert state.hidden_bids == (0, 1, 3)
    assert state.bids[2] == (left[0], left[1])
    error = refused("ts.card_is_bid", ts.apply, state, reveal(0, left[1], left[2]))
    assert error.ruling.params == {"card": CardRef(left[1]), "seat": SeatRef(2)}
    refused("ts.bid_known", ts.apply, state, reveal(2, left[2], left[3]))
    refused("ts.reveal_pending", ts.apply, state, play(0, left[2]))
    refused("ts.open_bid_too_late", ts.apply, state, open_bid(0, (left[2], left[3]), (left[4], left[5])))
    refused("ts.leader_too_late", ts.apply, state, leader(0))


def test_cards_come_back_in_the_next_hand():
    state = play_hand(new_game(4), *ALL_MISS)
    assert state.hand_number == 2
    assert state.hand.used == frozenset()
    state = ts.apply(state, play(state.expected_seat, "LA"))
    assert state.plays[0].card == card("LA")


def test_a_card_outside_the_deck_is_refused_in_play():
    refused("ts.card_not_in_deck", ts.apply, new_game(4), play(0, "L6"))
    assert ts.apply(new_game(6), play(0, "L6")).plays[0].card == card("L6")


def test_bids_stay_hidden_until_revealed_and_a_reveal_comes_only_after_ten_tricks():
    state = lay(new_game(4), "L7", "L8", "L9", "L10")
    assert state.bids == (None, None, None, None)
    error = refused("ts.reveal_too_early", ts.apply, state, reveal(0, "DA", "D7"))
    assert error.ruling.params == {"trick": 2}
    assert error.ruling.clause == "点数計算"


# --------------------------------------------------------------------------- open bids


def test_no_open_bid_in_the_first_hand():
    state = new_game(4)
    assert state.may_open_bid is None and state.last_place_team is None
    error = refused("ts.open_bid_first_hand", ts.apply, state, open_bid(0, ("X9", "H8"), ("D7", "S7")))
    assert error.ruling.clause == "ビッドフェーズ"


def test_only_the_team_alone_in_last_place_may_open_bid():
    state = play_hand(new_game(4), [4, 3, 2, 1], [0, 0, 0, 0])
    assert state.totals == (7, 3)
    assert state.last_place_team == 1 and state.may_open_bid == 1
    assert ("ts.open_bid_allowed", "ビッドフェーズ") in keys(ts.rulings(state))
    error = refused("ts.open_bid_not_last", ts.apply, state, open_bid(0, ("X9", "H8"), ("D7", "S7")))
    assert error.ruling.params == {"first": SeatRef(0), "second": SeatRef(1),
                                   "last_first": SeatRef(2), "last_second": SeatRef(3)}
    refused("ts.no_such_team", ts.apply, state, open_bid(2, ("X9", "H8"), ("D7", "S7")))
    refused("ts.open_bid_both", ts.apply, state, Event("open_bid", {"team": 1, "bids": [["X9", "H8"]]}))
    refused("ts.card_twice", ts.apply, state, open_bid(1, ("X9", "H8"), ("X9", "S7")))
    refused("ts.card_twice", ts.apply, state, open_bid(1, ("X9", "X9"), ("D7", "S7")))
    refused("input.missing", ts.apply, state, Event("open_bid", {"team": 1}))
    opened = ts.apply(state, open_bid(1, ("X9", "H8"), ("D7", "S7")))
    assert opened.open_bid_team == 1 and opened.may_open_bid is None
    assert keys(ts.rulings(opened)) == [("ts.open_bid", "ビッドフェーズ"), ("ts.bid_value", "ビッドフェーズ"),
                                       ("ts.bid_value", "ビッドフェーズ")]
    assert [r.params["bid"] for r in ts.rulings(opened)[1:]] == [6, 1]
    refused("ts.open_bid_twice", ts.apply, opened, open_bid(1, ("XA", "HA"), ("DA", "SA")))


def test_a_tie_for_last_place_allows_no_open_bid():
    state = play_hand(new_game(4), [3, 2, 3, 2], [0, 0, 0, 0])
    assert state.totals == (5, 5)
    assert state.may_open_bid is None
    refused("ts.open_bid_nobody_last", ts.apply, state, open_bid(0, ("X9", "H8"), ("D7", "S7")))


def test_six_players_the_single_lowest_of_three_teams_may_open_bid():
    state = play_hand(new_game(6), [2, 2, 2, 2, 1, 1], [0] * 6)
    assert state.totals == (4, 4, 2)
    assert state.may_open_bid == 2
    state = play_hand(new_game(6), [1, 1, 3, 3, 1, 1], [0] * 6)
    assert state.totals == (2, 6, 2)
    assert state.may_open_bid is None


def test_the_open_bid_lapses_with_the_first_card_of_the_hand():
    state = play_hand(new_game(4), [4, 3, 2, 1], [0, 0, 0, 0])
    state = ts.apply(state, play(state.expected_seat, "LA"))
    assert state.may_open_bid is None
    error = refused("ts.open_bid_too_late", ts.apply, state, open_bid(1, ("X9", "H8"), ("D7", "S7")))
    assert error.ruling.clause == "ビッドフェーズ"


# --------------------------------------------------------------------------- scoring


def test_a_hand_with_every_bid_missed_scores_only_tricks():
    state = play_hand(new_game(4), [3, 3, 2, 2], [1, 0, 0, 0])
    result = state.history[0]
    assert result.tricks_won == (3, 3, 2, 2)
    assert result.bid_values == (1, 0, 0, 0)
    assert result.made == (False, False, False, False)
    assert result.breakdown == (ts.TeamScore(tricks=6), ts.TeamScore(tricks=4))
    assert result.points == (6, 4)
    assert state.totals == result.totals == (6, 4)
    assert ts.scores(state) == (6, 6, 4, 4)


def test_one_exact_bid_scores_a_shoot():
    state = play_hand(new_game(4), [3, 3, 2, 2], [3, 0, 0, 0])
    result = state.history[0]
    assert result.made == (True, False, False, False)
    assert result.breakdown[0] == ts.TeamScore(tricks=6, shoot=10)
    assert state.totals == (16, 4)
    assert ("ts.shoot", SCORE[2]) in keys(result.rulings)
    assert ("ts.twin", SCORE[3]) not in keys(result.rulings)


def test_both_teammates_exact_score_two_shoots_and_a_twin_shoot():
    state = play_hand(new_game(4), [3, 3, 2, 2], [3, 3, 2, 0])
    result = state.history[0]
    assert result.made == (True, True, True, False)
    assert result.breakdown == (ts.TeamScore(tricks=6, shoot=20, twin=10), ts.TeamScore(tricks=4, shoot=10))
    assert state.totals == (36, 14)
    assert keys(result.rulings)[:5] == [("ts.last_bid", "遊び方")] + [("ts.bid_made", SCORE[2])] * 3 + [
        ("ts.bid_missed", SCORE[2])]
    assert ruling(result.rulings, "ts.twin").params == {"first": SeatRef(0), "second": SeatRef(1), "points": 10}


def test_an_open_bid_both_made_scores_the_overhead_for_the_team():
    state = play_hand(new_game(4), [4, 3, 2, 1], [0, 0, 0, 0])  # 7 : 3
    state = play_hand(state, [1, 1, 3, 5], [0, 0, 3, 5], open_team=1)
    result = state.history[1]
    assert result.open_bid_team == 1
    assert result.breakdown == (ts.TeamScore(tricks=2), ts.TeamScore(tricks=8, shoot=20, twin=10, overhead=30))
    assert state.totals == (9, 71)
    assert ("ts.overhead_made", SCORE[4]) in keys(result.rulings)


def test_an_open_bid_missed_gives_the_overhead_to_every_other_team():
    state = play_hand(new_game(4), [4, 3, 2, 1], [0, 0, 0, 0])
    state = play_hand(state, [1, 1, 3, 5], [0, 0, 3, 4], open_team=1)
    result = state.history[1]
    assert result.breakdown == (ts.TeamScore(tricks=2, overhead=30), ts.TeamScore(tricks=8, shoot=10))
    assert state.totals == (39, 21)
    assert ruling(result.rulings, "ts.overhead_missed").params == {
        "first": SeatRef(2), "second": SeatRef(3), "points": 30}


def test_six_players_a_missed_open_bid_pays_both_other_teams():
    state = play_hand(new_game(6), [2, 2, 2, 2, 1, 1], [0] * 6)  # 4 : 4 : 2
    state = play_hand(state, [2, 2, 2, 2, 1, 1], [0, 0, 0, 0, 1, 0], open_team=2)
    result = state.history[1]
    assert [b.overhead for b in result.breakdown] == [30, 30, 0]
    assert result.breakdown[2] == ts.TeamScore(tricks=2, shoot=10)
    assert state.totals == (38, 38, 14)


def test_the_history_keeps_each_hand_and_the_totals_add_up():
    state = new_game(4)
    for tricks, bids in (([3, 3, 2, 2], [3, 3, 2, 0]), ([1, 2, 3, 4], [0, 2, 0, 0]), ([5, 0, 0, 5], [5, 0, 0, 5])):
        state = play_hand(state, tricks, bids)
    assert [r.number for r in state.history] == [1, 2, 3]
    for team in range(2):
        assert state.totals[team] == sum(r.breakdown[team].total for r in state.history)
    assert state.history[-1].totals == state.totals
    assert all(sum(b.tricks for b in r.breakdown) == 10 for r in state.history)


def test_the_last_reveal_scores_the_hand_and_explains_it():
    state = play_hand(new_game(4), [3, 3, 2, 2], [3, 0, 0, 0])
    rulings = ts.rulings(state)
    assert keys(rulings)[:5] == [("ts.last_bid", "遊び方"), ("ts.bid_made", SCORE[2])] + [("ts.bid_missed", SCORE[2])] * 3
    assert ("ts.trick_points", SCORE[1]) in keys(rulings)
    assert ("ts.team_points", "点数計算") in keys(rulings)
    assert ruling(rulings, "ts.next_opening_leader").params == {"seat": SeatRef(2)}


# --------------------------------------------------------------------------- the end of the game


def test_the_game_ends_after_the_hand_in_which_a_team_reaches_100():
    state = new_game(4)
    exact = ([3, 3, 2, 2], [3, 3, 0, 0])  # team 0: 6 + 20 + 10 = 36 a hand
    state = play_hand(state, *exact)
    state = play_hand(state, *exact)
    assert state.totals == (72, 8) and not state.is_over
    state = play_hand(state, *exact)
    assert state.totals == (108, 12)
    assert state.is_over and state.phase == "over"
    assert state.expected_seat is None and state.direction is None
    assert state.winners == (0,)
    assert ruling(ts.rulings(state), "ts.team_wins").params == {"first": SeatRef(0), "second": SeatRef(1), "total": 108}
    assert ts.scores(state) == (108, 108, 12, 12)
    error = refused("ts.game_over", ts.apply, state, play(0, "LA"))
    assert error.ruling.clause == "ゲームの終了"
    refused("ts.game_over", ts.apply, state, leader(0))


def test_teams_tied_at_the_top_share_the_win():
    state = new_game(4)
    for _ in range(2):
        state = play_hand(state, [3, 3, 2, 2], [3, 3, 2, 2])  # both teams 6/4 + 30 each hand
    state = play_hand(state, [3, 2, 2, 3], [3, 2, 2, 3])      # 35 and 35
    assert state.totals == (36 + 36 + 35, 34 + 34 + 35) == (107, 103)
    assert state.winners == (0,)
    state = new_game(4)
    for tricks in ([3, 2, 2, 3], [2, 3, 3, 2], [3, 2, 2, 3]):
        state = play_hand(state, tricks, tricks)
    assert state.totals == (105, 105)
    assert state.is_over and state.winners == (0, 1)
    assert ("ts.shared_win", "ゲームの終了") in keys(ts.rulings(state))


def test_a_team_below_100_does_not_end_the_game_even_with_a_big_lead():
    state = new_game(4)
    state = play_hand(state, [3, 3, 2, 2], [3, 3, 0, 0])
    state = play_hand(state, [3, 3, 2, 2], [3, 3, 0, 0])
    assert max(state.totals) < 100 and not state.is_over and state.winners == ()
    assert state.leading_teams == (0,)


# --------------------------------------------------------------------------- opening leaders


def test_the_opening_lead_rotates_clockwise_by_team_right_side_players_first_then_left():
    assert [ts.default_opening_leader(0, h, 4) for h in range(1, 7)] == [0, 2, 1, 3, 0, 2]
    assert [ts.default_opening_leader(2, h, 4) for h in range(1, 6)] == [2, 0, 3, 1, 2]
    assert [ts.default_opening_leader(4, h, 6) for h in range(1, 8)] == [4, 0, 2, 5, 1, 3, 4]


def test_the_game_follows_the_rotation_over_several_hands():
    state = new_game(4, first_leader=2)
    seen = []
    for _ in range(5):
        seen.append((state.hand_number, state.opening_leader, state.expected_seat))
        assert state.default_opening_leader == state.opening_leader
        state = play_hand(state, *ALL_MISS)
    assert seen == [(1, 2, 2), (2, 0, 0), (3, 3, 3), (4, 1, 1), (5, 2, 2)]
    state6 = new_game(6)
    leaders = []
    for _ in range(4):
        leaders.append(state6.opening_leader)
        state6 = play_hand(state6, [2, 2, 2, 2, 1, 1], [0] * 6)
    assert leaders == [0, 2, 4, 1]
    assert state6.opening_leader == 3


def test_the_first_opening_leader_must_be_a_right_side_player():
    error = refused("ts.first_leader_right_side", ts.initial, setup(4, first_leader=1))
    assert error.ruling.clause == "ゲームの準備"
    assert error.ruling.params == {"seat": SeatRef(1), "partner": SeatRef(0)}
    refused("setup.first_leader", ts.initial, setup(4, first_leader=4))
    refused("input.not_integer", ts.initial, {"players": ["a", "b", "c", "d"], "first_leader": "0"})
    for seat in (0, 2, 4):
        assert new_game(6, seat).expected_seat == seat
    assert ts.initial({"players": ["a", "b", "c", "d"]}).expected_seat == 0


@pytest.mark.parametrize("players", [2, 3, 5, 7, 8])
def test_twin_shoot_is_for_four_or_six_players(players):
    refused("ts.player_count", ts.initial, setup(players))


def test_a_leader_entry_sets_the_opening_leader_before_the_first_card_only():
    state = ts.apply(new_game(4), leader(2))
    assert (state.opening_leader, state.expected_seat, state.direction) == (2, 2, 1)
    assert keys(ts.rulings(state)) == [("ts.leader_set", "ゲームの準備")]
    refused("ts.first_leader_right_side", ts.apply, new_game(4), leader(3))
    state = lay(state, "LA")
    refused("ts.leader_too_late", ts.apply, state, leader(0))


def test_a_later_hand_may_be_opened_by_anyone_and_the_rotation_stays_anchored():
    state = play_hand(new_game(4), *ALL_MISS)
    assert state.default_opening_leader == 2
    state = ts.apply(state, leader(3))
    assert keys(ts.rulings(state)) == [("ts.leader_set", "RULINGS")]
    assert (state.opening_leader, state.expected_seat, state.direction) == (3, 3, -1)
    assert ts.apply(state, leader(2)).last_rulings == (Ruling("ts.leader_set", "ゲームの終了", {"seat": SeatRef(2)}),)
    state = play_hand(state, *ALL_MISS)
    assert state.history[1].opening_leader == 3
    assert state.opening_leader == 1  # hand 3: team 0's left-side player, as the rotation says


def test_the_next_game_starts_with_the_next_teams_right_side_player_and_one_game_is_an_evening():
    assert ts.next_setup(new_game(4, 0)) == {"first_leader": 2, "options": {}}
    assert ts.next_setup(new_game(4, 2))["first_leader"] == 0
    assert ts.next_setup(new_game(6, 4))["first_leader"] == 0
    assert ts.next_setup(new_game(6, 2))["first_leader"] == 4
    for n in (4, 6):
        game = Outcome((1,) * n, True, (1,) * n)
        assert [ts.evening([game] * played, n).over for played in (0, 1)] == [False, True]
        # Under way, the series says when it ends (ゲームの終了: a team at 100); once over, the page says so.
        under_way = Outcome((0,) * n, False, (1,) * n)
        assert ts.evening([under_way], n).note == Ruling("ts.evening_single", "ゲームの終了")
        assert ts.evening([game], n).note is None


# --------------------------------------------------------------------------- replay and undo


def test_replay_of_a_log_equals_the_state_built_step_by_step_and_undo_unscores_a_hand(monkeypatch):
    log: list[Event] = []
    recorder: list[ts.State] = []
    original_apply = ts.apply

    def record(old: ts.State, event: Event) -> ts.State:
        new = original_apply(old, event)
        log.append(event)
        recorder.append(new)
        return new

    monkeypatch.setattr(ts, "apply", record)
    state = play_hand(new_game(4), [3, 3, 2, 2], [3, 3, 0, 0])
    monkeypatch.undo()
    replayed = base.replay(ts.initial, ts.apply, setup(), log)
    assert replayed.state == state
    assert replayed.state.totals == (36, 4)
    undone = base.replay(ts.initial, ts.apply, setup(), log + [Event(base.UNDO)])
    assert undone.state == recorder[-2]
    assert undone.state.phase == "reveal" and undone.state.hidden_bids == (2, 3)
    assert undone.state.totals == (0, 0) and undone.state.history == ()


def test_an_undone_card_is_free_again_and_an_undo_needs_something_to_take_back():
    log = [play(0, "LA"), Event(base.UNDO), play(0, "LA")]
    assert base.replay(ts.initial, ts.apply, setup(), log).state.plays == (ts.Play(0, card("LA")),)
    refused("undo.nothing", base.replay, ts.initial, ts.apply, setup(), [Event(base.UNDO)])
    refused("ts.card_played", base.replay, ts.initial, ts.apply, setup(), [play(0, "LA"), play(1, "LA")])


# --------------------------------------------------------------------------- judge


def test_judge_answers_the_trick_example_of_the_brief():
    answer = ts.judge({"ask": "trick", "players": 4, "plays": ["L9", "LQ", "C9", "X9"]})
    assert answer["follow"] == "suit"
    assert answer["winner"] == 1
    assert all(isinstance(r, Ruling) for r in answer["rulings"])
    assert "illegal" not in answer


def test_judge_lists_plays_that_broke_each_follow_duty_when_hands_are_given():
    request = {
        "ask": "trick", "players": 4, "plays": ["H9", "DK", "HQ", "S9"],
        "hands": [["H9"], ["DK", "C9", "LA"], ["HQ", "SA"], ["S9", "H7"]],
    }
    answer = ts.judge(request)
    assert [(e["player"], e["card"], e["must_play_one_of"]) for e in answer["illegal"]] == [
        (1, "DK", ["C9"]), (3, "S9", ["H7"])]
    first, second = answer["illegal"]
    assert first["ruling"].key == "ts.illegal_either" and first["ruling"].clause == STEP[2]
    assert first["ruling"].params["cards"] == CardsRef(("C9",))
    assert second["ruling"].key == "ts.illegal_suit" and second["ruling"].clause == STEP[3]
    answer = ts.judge({"ask": "trick", "players": 4, "plays": ["H9", "S9", "HA", "D7"],
                       "hands": [["H9"], ["S9", "H8"], ["HA", "C9"], ["D7", "D9"]]})
    assert [(e["player"], e["ruling"].key) for e in answer["illegal"]] == [(2, "ts.illegal_rank"), (3, "ts.illegal_rank")]
    answer = ts.judge({"ask": "trick", "players": 4, "plays": ["H9", "S9", "C7", "D7"],
                       "hands": [["H9", "HA"], ["S9", "H8"], ["C7"], ["D7", "H10"]]})
    assert answer["illegal"] == []  # seat 1 fixed rank follow: the heart duty is gone


def test_judge_scores_a_hand_with_its_breakdown():
    answer = ts.judge({"ask": "score", "players": 4, "bids": [["X9", "H8"], ["D7", "S7"], ["LA", "DA"], ["C7", "DK"]],
                       "tricks": [6, 1, 2, 1], "open_bid_team": None})
    assert answer["bids"] == [6, 1, 5, 3]
    assert answer["made"] == [True, True, False, False]
    assert answer["team_points"] == [37, 3]
    assert answer["breakdown"] == [{"tricks": 7, "shoot": 20, "twin": 10, "overhead": 0},
                                   {"tricks": 3, "shoot": 0, "twin": 0, "overhead": 0}]
    opened = ts.judge({"ask": "score", "players": 4, "bids": [["X9", "H8"], ["D7", "S7"], ["LA", "DA"], ["C7", "DK"]],
                       "tricks": [6, 1, 2, 1], "open_bid_team": 1})
    assert opened["team_points"] == [67, 3]
    made = ts.judge({"ask": "score", "players": 4, "bids": [["X9", "H8"], ["D7", "S7"], ["LA", "DA"], ["C7", "DK"]],
                     "tricks": [6, 1, 2, 1], "open_bid_team": 0})
    assert made["breakdown"][0]["overhead"] == 30 and made["team_points"] == [67, 3]


def test_judge_scores_with_other_teams_when_told():
    answer = ts.judge({"ask": "score", "players": 4, "bids": [["X9", "H8"], ["D7", "S7"], ["LA", "DA"], ["C7", "DK"]],
                       "tricks": [6, 1, 2, 1], "teams": [[0, 2], [1, 3]]})
    assert answer["breakdown"] == [{"tricks": 8, "shoot": 10, "twin": 0, "overhead": 0},
                                   {"tricks": 2, "shoot": 10, "twin": 0, "overhead": 0}]


SCORE_REQUEST = {"ask": "score", "players": 4, "bids": [["X9", "H8"], ["D7", "S7"], ["LA", "DA"], ["C7", "DK"]],
                 "tricks": [6, 1, 2, 1]}
TRICK_REQUEST = {"ask": "trick", "players": 4, "plays": ["L9", "LQ", "C9", "X9"]}


@pytest.mark.parametrize(
    ("request_", "key"),
    [
        ({**TRICK_REQUEST, "ask": "bid"}, "input.unknown_ask"),
        ({k: v for k, v in TRICK_REQUEST.items() if k != "ask"}, "input.unknown_ask"),
        ({k: v for k, v in TRICK_REQUEST.items() if k != "players"}, "input.missing"),
        ({k: v for k, v in TRICK_REQUEST.items() if k != "plays"}, "input.missing"),
        ({**TRICK_REQUEST, "players": 5}, "ts.player_count"),
        ({**TRICK_REQUEST, "players": "4"}, "input.not_integer"),
        ({**TRICK_REQUEST, "plays": "L9 LQ C9 X9"}, "input.not_list"),
        ({**TRICK_REQUEST, "plays": ["L9", "LQ", "C9"]}, "ts.play_count"),
        ({**TRICK_REQUEST, "players": 6}, "ts.play_count"),
        ({**TRICK_REQUEST, "plays": ["L9", "LQ", "C9", "l9"]}, "ts.card_twice"),
        ({**TRICK_REQUEST, "plays": ["L9", "LQ", "C9", "X6"]}, "ts.card_not_in_deck"),
        ({**TRICK_REQUEST, "plays": ["L9", "LQ", "C9", "Z9"]}, "ts.card_unknown_suit"),
        ({**TRICK_REQUEST, "hands": [["L9"], ["LQ"], ["C9"]]}, "ts.hands_count"),
        ({**TRICK_REQUEST, "hands": "L9"}, "input.not_list"),
        ({**TRICK_REQUEST, "hands": [["L9"], ["LQ"], ["C9"], ["XA"]]}, "ts.play_not_in_hand"),
        ({**TRICK_REQUEST, "hands": [["L9"], ["LQ", "L9"], ["C9"], ["X9"]]}, "ts.card_twice"),
        ({**SCORE_REQUEST, "players": 6}, "ts.bid_count"),
        ({k: v for k, v in SCORE_REQUEST.items() if k != "bids"}, "input.missing"),
        ({k: v for k, v in SCORE_REQUEST.items() if k != "tricks"}, "input.missing"),
        ({**SCORE_REQUEST, "bids": [["X9", "H8"], ["D7", "S7"], ["LA", "DA"]]}, "ts.bid_count"),
        ({**SCORE_REQUEST, "bids": [["X9", "H8"], ["D7", "S7"], ["LA", "DA"], ["C7"]]}, "ts.bid_two_cards"),
        ({**SCORE_REQUEST, "bids": [["X9", "H8"], ["D7", "S7"], ["LA", "DA"], ["C7", "X9"]]}, "ts.card_twice"),
        ({**SCORE_REQUEST, "bids": [["X9", "H8"], ["D7", "S7"], ["LA", "DA"], ["C7", "D3"]]}, "ts.card_not_in_deck"),
        ({**SCORE_REQUEST, "bids": [["X9", "H8"], ["D7", "S7"], ["LA", "DA"], "C7 DK"]}, "input.not_list"),
        ({**SCORE_REQUEST, "tricks": [6, 1, 2]}, "ts.tricks_count"),
        ({**SCORE_REQUEST, "tricks": [6, 1, 2, 2]}, "ts.tricks_total"),
        ({**SCORE_REQUEST, "tricks": [6, 1, 4, -1]}, "ts.tricks_negative"),
        ({**SCORE_REQUEST, "tricks": [6, 1, 2, "1"]}, "input.not_integer"),
        ({**SCORE_REQUEST, "open_bid_team": 2}, "ts.no_such_team"),
        ({**SCORE_REQUEST, "open_bid_team": -1}, "ts.no_such_team"),
        ({**SCORE_REQUEST, "open_bid_team": "1"}, "input.not_integer"),
        ({**SCORE_REQUEST, "teams": [[0, 1], [1, 3]]}, "ts.teams_invalid"),
        ({**SCORE_REQUEST, "teams": [[0, 1, 2, 3]]}, "ts.teams_invalid"),
        ({**SCORE_REQUEST, "teams": "01 23"}, "input.not_list"),
        (["trick"], "input.not_object"),
    ],
)
def test_judge_refuses_bad_requests_with_the_right_key(request_, key):
    refused(key, ts.judge, request_)


def test_judge_names_the_play_missing_from_its_hand():
    error = refused("ts.play_not_in_hand", ts.judge, {**TRICK_REQUEST, "hands": [["L9"], ["LQ"], ["C9"], ["XA"]]})
    assert error.ruling.params == {"seat": SeatRef(3), "card": CardRef("X9")}


def test_judge_answers_render_in_english_as_plain_json():
    ok, answer = i18n.judge(ts, TRICK_REQUEST, EN)
    assert ok
    assert [r["clause"] for r in answer["rulings"]] == [STEP[3], STEP[3], STEP[3], STEP[4], STEP[5]]
    assert answer["rulings"][0]["text"] == (
        "Player B played ❦ leaf Q of the lead's suit: suit follow. Everyone after must play ❦ leaf if they can.")
    assert answer["rulings"][3]["text"] == "Suit follow: Player B wins with ❦ leaf Q, the highest ❦ leaf."
    json.dumps(answer)
    ok, answer = i18n.judge(ts, {**SCORE_REQUEST, "open_bid_team": 1}, EN)
    assert ok
    assert answer["team_points"] == [67, 3]
    assert "Player C and Player D opened their bids and missed: every other team scores 30." in [
        r["text"] for r in answer["rulings"]]
    json.dumps(answer)
    ok, answer = i18n.judge(ts, {**TRICK_REQUEST, "plays": ["L9", "LQ"]}, EN)
    assert (ok, answer) == (False, {"error": "A trick has one card per player: 4 cards, got 2."})


# --------------------------------------------------------------------------- the contract


def test_the_module_offers_the_engine_contract():
    assert ts.SLUG == "twin-shoot"
    assert ts.NAME == "Twin Shoot"
    assert ts.PLAYER_COUNTS == (4, 6)
    assert ts.OPTIONS == ()
    for name in ("initial", "apply", "scores", "rulings", "next_setup", "evening", "start_choices",
                 "card_text", "judge"):
        assert callable(getattr(ts, name))
    assert not new_game().is_over
    assert new_game().setup.players == ("P0", "P1", "P2", "P3")


def test_every_message_key_in_the_source_has_an_english_template():
    source = "".join(p.read_text(encoding="utf-8") for p in sorted(Path(ts.__file__).parent.glob("*.py")))
    used = set(re.findall(r'"((?:ts|setup)\.[a-z_]+)"', source))
    assert used <= set(ts.MESSAGES) | set(base.MESSAGES)
    assert set(ts.MESSAGES) <= used


def test_every_ruling_of_a_played_hand_renders_with_its_parameters():
    state = play_hand(new_game(4), [4, 3, 2, 1], [4, 0, 0, 0])
    state = play_hand(state, [1, 1, 3, 5], [0, 0, 3, 5], open_team=1)
    names = list(state.setup.players)
    seen = list(ts.rulings(state))
    for result in state.history:
        seen += result.rulings
        for trick in result.tricks:
            seen += trick.rulings
    for r in seen:
        text = i18n.render(r, ts, EN, names)
        assert text != r.key and "%(" not in text, r
    for key in ts.MESSAGES:
        assert key in base.MESSAGES or key.startswith(("ts.", "setup."))


def test_the_last_hidden_bid_is_turned_up_by_the_engine_and_a_log_that_names_it_replays_the_same():
    """遊び方: the whole deck is dealt (12 each: 10 played, 2 bid), so once one bid is left
    hidden it is the two cards not yet seen: the engine turns it up and scores the hand (issue
    31: a choice the rules leave to one option is made for the table), saying so with its
    clause. A log written before, which names that bid, replays to the same game."""
    state = play_hand(new_game(4), [3, 3, 2, 2], [3, 3, 0, 0])
    hand = state.history[-1]
    laid = ruling(hand.rulings, "ts.last_bid")
    assert laid.clause == "遊び方" and laid.params["seat"] == SeatRef(3)
    assert laid.params["cards"] == CardsRef(hand.bids[3]) and laid.params["bid"] == hand.bid_values[3]
    assert state.laid_bid == (3, hand.bids[3]) and state.hand_number == 2
    assert ruling(ts.rulings(state), "ts.last_bid") == laid
    said = i18n.render(laid, ts, EN)
    assert said.startswith(f"{i18n.seat_label(3, EN.gettext)}'s bid cards are the two cards not yet seen, ")
    # The bid named anyway, in either order: taken as said; another entry ends that.
    named = reveal(3, hand.bids[3][1], hand.bids[3][0])
    assert ts.apply(state, named) == state
    refused("ts.reveal_too_early", ts.apply, state, reveal(3, hand.bids[3][0], hand.bids[2][0]))
    moved = ts.apply(state, Event("leader", {"seat": 0}))
    assert moved.laid_bid is None
    refused("ts.reveal_too_early", ts.apply, moved, named)
