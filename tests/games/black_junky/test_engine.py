"""ブラック・じゃんきー (Black Junky): the pure engine against the rulebook and RULINGS.md.

Rulebook: shared/rules/002_53a106b024f6a4e1.txt, the fourth game. The text prints no worked
example with cards; each of its sentences is tested instead (ゲーム: aces 1 or 11, face
cards 10, red cards subtract, at least one card, closest to 21, bust, ties; 準備: the deal;
勝敗; 派生ルール), with the gaps as RULINGS.md settles them. Seats are 0..n-1 clockwise.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from companion.rules import base
from companion.rules import black_junky as bj
from companion.rules.base import CardRef, CardsRef, Event, Ruling, SeatRef, SeatsRef
from companion.rules.contract import Outcome, option_defaults
from tests.kit.rulings import keys, refused, ruling

RULEBOOK = Path(bj.__file__).parent / "rulebook.json"


# --------------------------------------------------------------------------- helpers


def cards(*codes: str) -> list[bj.Card]:
    return [bj.parse_card(code) for code in codes]


def total(hand: list[str], deck: str, red: tuple[str, ...] = ("H", "D"), bust_21: bool = False) -> bj.Count:
    return bj.count_hand(cards(*hand), bj.parse_card(deck), red, bust_21)


def new_game(players: int = 3, **options: Any) -> bj.State:
    setup: dict[str, Any] = {"players": [f"P{i}" for i in range(players)]}
    if options:
        setup["options"] = options
    return bj.initial(setup)


def reveal(seat: Any, *codes: Any) -> Event:
    return Event("reveal", {"seat": seat, "cards": list(codes)})


def deck(code: Any) -> Event:
    return Event("deck", {"card": code})


def play_round(state: bj.State, plays: list[list[str]], cross: str) -> bj.State:
    """Every seat's reveal in seat order ([] for "no cards left"), then the deck's cross."""
    for seat, codes in enumerate(plays):
        state = bj.apply(state, reveal(seat, *codes))
    return bj.apply(state, deck(cross))


def judge_round(plays: list[list[str]], cross: str, **extra: Any) -> dict[str, Any]:
    return bj.judge({"ask": "round", "plays": plays, "deck_card": cross, **extra})


# --------------------------------------------------------------------------- the cards


def test_deck_is_a_tennos_deck_without_jokers_the_crosses_apart():
    assert len(bj.DECK) == 78 == len(set(bj.DECK))
    assert len(bj.CROSSES) == 13 and all(c.suit == "X" for c in bj.CROSSES)
    assert len(bj.HAND_CARDS) == 65 and not any(c.suit == "X" for c in bj.HAND_CARDS)
    assert set(bj.CROSSES) | set(bj.HAND_CARDS) == set(bj.DECK)
    for card in bj.DECK:
        assert bj.parse_card(card.code) == card


@pytest.mark.parametrize(("text", "suit", "rank"), [
    ("HQ", "H", 12), ("SA", "S", 1), ("X10", "X", 10), ("xt", "X", 10), (" d7 ", "D", 7), ("LK", "L", 13),
    ("CJ", "C", 11), ("h2", "H", 2),
])
def test_card_codes_are_read_as_in_twin_shoot(text, suit, rank):
    assert bj.parse_card(text) == bj.Card(suit, rank)


@pytest.mark.parametrize(("text", "key"), [
    ("Z5", "bj.card_unknown_suit"), ("H1", "bj.card_unknown_rank"), ("H11", "bj.card_unknown_rank"),
    ("H0", "bj.card_unknown_rank"), ("HZ", "bj.card_unknown_rank"), ("", "bj.card_malformed"),
    ("HQQ", "bj.card_malformed"), ("H100", "bj.card_malformed"), (7, "bj.card_malformed"),
    (None, "bj.card_malformed"), (["HQ"], "bj.card_malformed"), ("ハートQ", "bj.card_malformed"),
])
def test_card_parsing_refuses_what_is_not_a_card_with_its_own_key(text, key):
    refused(key, bj.parse_card, text)


def test_card_and_suit_as_words():
    same = lambda s: s  # noqa: E731
    assert bj.card_text("HQ", same) == "♥ heart Q"
    assert bj.card_text("X10", same) == "✚ cross 10"
    assert bj.suit_text("L", same) == "❦ leaf"
    assert bj.card_text("sa", same) == "♠ spade A"


def test_card_values_face_cards_ten_ace_low_one():
    assert [c.value for c in cards("SA", "S2", "S9", "S10", "SJ", "SQ", "SK")] == [1, 2, 9, 10, 10, 10, 10]


# --------------------------------------------------------------------------- 準備: the deal


@pytest.mark.parametrize(("players", "each", "aside"), [
    (2, 32, 1), (3, 21, 2), (4, 16, 1), (5, 13, 0), (6, 10, 5), (7, 9, 2), (8, 8, 1), (13, 5, 0),
])
def test_the_65_cards_are_dealt_evenly_and_the_leftovers_set_aside(players, each, aside):
    assert bj.hand_size(players) == each
    assert bj.set_aside(players) == aside
    assert each * players + aside == 65
    if players in bj.PLAYER_COUNTS:
        setup = new_game(players).setup
        assert (setup.hand_size, setup.set_aside) == (each, aside)


def test_deal_shuffles_the_crosses_into_the_deck_and_deals_the_rest():
    import random

    hands, pile, aside = bj.deal(random.Random(5), 4)
    assert sorted(pile) == sorted(bj.CROSSES)
    assert [len(h) for h in hands] == [16] * 4 and len(aside) == 1
    assert sorted([c for h in hands for c in h] + aside) == sorted(bj.HAND_CARDS)


@pytest.mark.parametrize("players", [0, 1, 9, 13])
def test_the_table_seats_two_to_eight(players):
    refused("bj.player_count", new_game, players)


def test_the_options_default_to_hearts_and_diamonds_red_over_21_busts_no_variant_13_crosses():
    setup = new_game().setup
    assert (setup.red, setup.bust_21, setup.measure, setup.rounds) == (("H", "D"), False, "off", 13)
    assert option_defaults(bj.OPTIONS) == {"red_suits": ["H", "D"], "bust_21": False, "black_measure": "off",
                                           "crosses": 13}
    assert [o.name for o in bj.OPTIONS] == ["red_suits", "bust_21", "black_measure", "crosses"]


@pytest.mark.parametrize(("options", "key"), [
    ({"red_suits": ["Z"]}, "option.not_suits"), ({"red_suits": "HD"}, "option.not_suits"),
    ({"bust_21": "yes"}, "input.not_bool"), ({"black_measure": "max"}, "option.not_a_choice"),
    ({"crosses": 0}, "option.out_of_range"), ({"crosses": 14}, "option.out_of_range"),
    ({"crosses": True}, "input.not_integer"), ({"jokers": True}, "option.unknown"),
])
def test_setup_refuses_options_the_game_does_not_have(options, key):
    refused(key, new_game, 3, **options)


def test_red_suits_are_stored_in_suit_order():
    assert new_game(red_suits=["D", "X", "L"]).setup.red == ("L", "X", "D")


# --------------------------------------------------------------------------- ゲーム: one hand's total


def test_ace_counts_eleven_when_that_stays_within_21():
    count = total(["SA", "S5"], "X5")
    assert (count.values, count.total, count.bust) == ((11, 5, 5), 21, False)


def test_ace_counts_one_when_eleven_would_bust():
    count = total(["SA", "SK"], "X5")
    assert (count.values, count.total, count.bust) == ((1, 10, 5), 16, False)


def test_several_aces_each_count_whichever_is_best():
    count = total(["SA", "CA", "LA"], "X8")
    assert (count.values, count.total) == ((11, 1, 1, 8), 21)
    count = total(["SA", "CA"], "X9")
    assert (count.values, count.total) == ((11, 1, 9), 21)


def test_face_cards_count_ten():
    assert total(["SJ"], "XQ").total == 20
    count = total(["CK", "LQ"], "XA")
    assert (count.values, count.total) == ((10, 10, 1), 21)


def test_red_cards_subtract():
    count = total(["SK", "H5"], "X9")
    assert (count.values, count.total) == ((10, -5, 9), 14)
    assert total(["DK", "HQ"], "X3").total == -17


def test_red_ace_subtracts_one_when_that_is_best():
    count = total(["SK", "S9", "HA"], "X2")
    assert (count.values, count.total) == ((10, 9, -1, 2), 20)


def test_red_ace_subtracts_eleven_to_avoid_a_bust():
    count = total(["SK", "SQ", "HA"], "X5")
    assert (count.values, count.total, count.bust) == ((10, 10, -11, 5), 14, False)


def test_black_and_red_aces_together_take_the_best_total():
    count = total(["SA", "HA"], "X9")
    assert (count.values, count.total) == ((11, -1, 9), 19)
    count = total(["SA", "HA", "SK", "S9"], "X5")
    assert (count.values, count.total) == ((1, -11, 10, 9, 5), 14)


def test_equal_totals_are_shown_with_fewest_aces_at_eleven():
    # 1 - 1 + 9 + 10 and 11 - 11 + 9 + 10 both make 19: the plainer way is shown.
    count = total(["SA", "HA", "S9"], "X10")
    assert (count.values, count.total) == ((1, -1, 9, 10), 19)


def test_a_bust_total_is_the_smallest_the_cards_can_make():
    count = total(["SK", "SQ", "S9", "HA"], "X5")
    assert (count.values, count.total, count.bust) == ((10, 10, 9, -11, 5), 23, True)
    count = total(["SA", "SK", "SQ"], "XA")
    assert (count.values, count.total, count.bust) == ((1, 10, 10, 1), 22, True)


def test_exactly_21_does_not_bust_by_default():
    count = total(["SK", "SA"], "XQ")
    assert (count.total, count.bust) == (21, False)


def test_21_itself_busts_under_the_house_rule():
    count = total(["SK", "SA"], "XQ", bust_21=True)
    assert (count.total, count.bust) == (21, True)
    # An ace steps down to stay under 21 when 21 busts.
    count = total(["SA"], "X10", bust_21=True)
    assert (count.values, count.total, count.bust) == ((1, 10), 11, False)
    assert total(["SA"], "X10").total == 21


def test_which_suits_are_red_is_a_table_setting():
    assert total(["LK"], "X5", red=("L",)).total == -5
    assert total(["H5"], "X5", red=("L",)).total == 10
    assert total(["H5", "D5"], "X5", red=()).total == 15


def test_crosses_set_red_make_the_deck_card_subtract():
    assert total(["SK"], "X5", red=("X", "H", "D")).total == 5
    count = total(["SK", "S9"], "XA", red=("X",))
    assert (count.values, count.total) == ((10, 9, -1), 18)


def test_the_sum_is_written_as_a_person_would():
    assert total(["SK", "H5"], "X9").sum_text == "10 − 5 + 9"
    assert total(["H5", "SA"], "X9").sum_text == "−5 + 11 + 9"


# --------------------------------------------------------------------------- ゲーム: a round decided


def test_closest_to_21_wins_the_round():
    state = play_round(new_game(3), [["SK", "S9"], ["C5"], ["LQ", "H2"]], "X2")
    last = state.last_round
    assert last.totals == (21, 7, 10)
    assert last.winners == (0,)
    assert ruling(last.rulings, "bj.round_winner") == Ruling("bj.round_winner", "ゲーム", {"seat": SeatRef(0), "total": 21})
    assert ruling(last.rulings, "bj.exactly_21").clause == "RULINGS"
    assert state.wins == (1, 0, 0)


def test_the_deck_ace_counts_best_for_each_player_separately():
    state = play_round(new_game(2), [["S9"], ["SK", "S5"]], "XA")
    last = state.last_round
    assert [c.values for c in last.counts] == [(9, 11), (10, 5, 1)]
    assert last.winners == (0,)


def test_a_negative_total_can_win():
    state = play_round(new_game(2), [["HK", "DQ"], ["SK", "SQ", "S5"]], "X3")
    last = state.last_round
    assert last.totals == (-17, 28) and last.busts == (False, True)
    assert last.winners == (0,)
    assert ruling(last.rulings, "bj.below_zero").params == {"total": -17}


def test_when_everyone_busts_nobody_wins():
    state = play_round(new_game(2), [["SK", "SQ"], ["CK", "C9"]], "X5")
    last = state.last_round
    assert last.busts == (True, True) and last.winners == ()
    assert keys(last.rulings)[-1] == ("bj.nobody_wins", "RULINGS")
    assert [r.params["total"] for r in last.rulings if r.key == "bj.bust"] == [25, 24]
    assert state.wins == (0, 0)


def test_equal_totals_all_win_and_each_counts_the_win():
    state = play_round(new_game(3), [["SK"], ["CQ"], ["S5"]], "X9")
    last = state.last_round
    assert last.winners == (0, 1)
    assert ruling(last.rulings, "bj.round_shared").params == {"seats": SeatsRef((0, 1)), "total": 19}
    assert state.wins == (1, 1, 0)


def test_21_busts_in_a_round_under_the_house_rule():
    state = play_round(new_game(2, bust_21=True), [["SK", "SA"], ["S5"]], "XQ")
    last = state.last_round
    assert last.busts == (True, False) and last.winners == (1,)
    assert ruling(last.rulings, "bj.bust_at_21").params == {"seat": SeatRef(0), "total": 21}
    assert "bj.exactly_21" not in [r.key for r in last.rulings]


def test_round_rulings_show_each_total_with_how_it_was_reached():
    state = play_round(new_game(2), [["SA", "H5"], ["SK", "SQ", "S3"]], "X4")
    assert keys(state.last_round.rulings) == [
        ("bj.total", "ゲーム"), ("bj.total", "ゲーム"), ("bj.bust", "ゲーム"), ("bj.round_winner", "ゲーム")]
    first = state.last_round.rulings[0]
    assert first.params == {"seat": SeatRef(0), "cards": CardsRef(("SA", "H5")), "deck": CardRef("X4"),
                            "sum": "11 − 5 + 4", "total": 10}
    assert bj.rulings(state) == state.last_round.rulings


# --------------------------------------------------------------------------- entering a round


def test_reveals_come_in_any_order_then_the_deck():
    state = new_game(3)
    assert (state.phase, state.awaiting, state.expected_seat, state.round_number) == ("reveal", (0, 1, 2), 0, 1)
    state = bj.apply(state, reveal(2, "S5"))
    assert (state.awaiting, state.expected_seat) == ((0, 1), 0)
    state = bj.apply(state, reveal(0, "S6", "S7"))
    assert state.reveal_of(0) == bj.Reveal(0, tuple(cards("S6", "S7")))
    assert state.left == (19, 21, 20)
    state = bj.apply(state, reveal(1, "C2"))
    assert (state.phase, state.expects_deck, state.expected_seat) == ("deck", True, None)
    state = bj.apply(state, deck("X3"))
    assert (state.phase, state.round_number, state.awaiting) == ("reveal", 2, (0, 1, 2))
    assert state.last_round.plays == (tuple(cards("S6", "S7")), tuple(cards("C2")), tuple(cards("S5")))
    assert state.crosses == (bj.parse_card("X3"),)
    assert bj.rulings(bj.initial({"players": ["a", "b"]})) == ()


def test_a_cross_in_a_hand_is_refused():
    refused("bj.cross_in_hand", bj.apply, new_game(), reveal(0, "S5", "X5"))


def test_a_card_already_used_is_refused_this_round_and_later():
    state = bj.apply(new_game(), reveal(0, "S5"))
    refused("bj.card_used", bj.apply, state, reveal(1, "s5"))
    state = play_round(new_game(), [["S5"], ["S6"], ["S7"]], "X2")
    error = refused("bj.card_used", bj.apply, state, reveal(2, "S8", "S6"))
    assert error.ruling.params == {"card": CardRef("S6")}
    refused("bj.card_twice", bj.apply, state, reveal(2, "S8", "S8"))


def test_cards_beyond_a_players_remaining_hand_are_refused():
    state = play_round(new_game(8), [["S2", "S3", "S4", "S5", "S6"]] + [["C" + str(r)] for r in range(2, 9)], "X2")
    assert state.left == (3, 7, 7, 7, 7, 7, 7, 7)
    error = refused("bj.too_many_cards", bj.apply, state, reveal(0, "L2", "L3", "L4", "L5"))
    assert error.ruling.params == {"seat": SeatRef(0), "left": 3, "count": 4}
    assert error.ruling.clause == "準備"
    assert bj.apply(state, reveal(0, "L2", "L3", "L4")).left[0] == 0


def test_a_player_holding_cards_must_lay_at_least_one():
    error = refused("bj.must_lay", bj.apply, new_game(), reveal(1))
    assert error.ruling.params == {"seat": SeatRef(1), "left": 21} and error.ruling.clause == "ゲーム"


def test_a_player_without_cards_is_not_asked_and_sits_out():
    """Issue 28: the app knows from the cards entered that a hand is empty, so that player is
    not asked for a "no cards left" tap: they sit out (RULINGS), the round goes on without them."""
    everything = [f"S{r}" for r in ("A", 2, 3, 4, 5, 6, 7, 8)]
    state = play_round(new_game(8), [everything] + [["C" + str(r)] for r in range(2, 9)], "X2")
    assert state.left[0] == 0 and not state.is_over
    assert (state.awaiting, state.expected_seat) == (tuple(range(1, 8)), 1)
    assert state.sits_out(0) and not state.sits_out(1)
    error = refused("bj.no_cards_left", bj.apply, state, reveal(0, "L2"))
    assert error.ruling.params == {"seat": SeatRef(0), "dealt": 8}
    for seat in range(1, 8):
        state = bj.apply(state, reveal(seat, "L" + str(seat + 1)))
    assert state.expects_deck and state.phase == "deck"
    state = bj.apply(state, deck("X3"))
    last = state.last_round
    assert last.plays[0] is None and last.counts[0] is None and last.totals[0] is None
    assert last.busts[0] is False and 0 not in last.winners
    assert ruling(last.rulings, "bj.sits_out") == Ruling("bj.sits_out", "RULINGS", {"seat": SeatRef(0)})


def test_an_explicit_no_cards_left_entry_is_still_taken_and_changes_nothing():
    """Records made before the app skipped empty hands hold a "no cards left" entry for them."""
    everything = [f"S{r}" for r in ("A", 2, 3, 4, 5, 6, 7, 8)]
    start = play_round(new_game(8), [everything] + [["C" + str(r)] for r in range(2, 9)], "X2")
    plays = [["L" + str(r)] for r in range(2, 9)]
    skipped = start
    for seat, codes in enumerate(plays, start=1):
        skipped = bj.apply(skipped, reveal(seat, *codes))
    before = bj.apply(start, reveal(0))  # first, as the page asked for it
    after = skipped
    for seat, codes in enumerate(plays, start=1):
        before = bj.apply(before, reveal(seat, *codes))
    after = bj.apply(after, reveal(0))  # or last, once the others were in
    refused("bj.already_revealed", bj.apply, after, reveal(0))
    rounds = [bj.apply(s, deck("X3")).rounds for s in (skipped, before, after)]
    assert rounds[0] == rounds[1] == rounds[2]


OLD_RECORD = Path(__file__).resolve().parents[2] / "web" / "records" / "black-junky-no-cards-left.json"
OLD_OUTCOMES = [
    {"points": [3, 0, 3, 10], "places": [2, 4, 2, 1], "empties": 12,
     "winners": [[3], [0, 2], [0, 3], [2, 3], [3], [0], [2], [3], [3], [3], [3], [3], [3]]},
    {"points": [0, 9, 0, 8], "places": [3, 1, 3, 2], "empties": 24,
     "winners": [[1], [3], [1, 3], [3], [3], [1], [1], [3], [1], [1], [1], [1], [1]]},
]
"""What the app made of the record's two games before it skipped empty hands (the record was
exported by that app; its "no cards left" entries come first in game 1, last in game 2)."""


def test_a_record_made_before_replays_the_same_with_or_without_its_no_cards_left_entries():
    record = json.loads(OLD_RECORD.read_text(encoding="utf-8"))
    for game, expected in zip(record["games"], OLD_OUTCOMES, strict=True):
        log = [Event(e["kind"], e["payload"]) for e in game["events"]]
        empties = [e for e in log if e.kind == "reveal" and not e.payload["cards"]]
        assert len(empties) == expected["empties"]
        state = base.replay(bj.initial, bj.apply, game["setup"], log).state
        outcome = bj.outcome(state)
        assert [list(outcome.points), list(outcome.places)] == [expected["points"], expected["places"]]
        assert [list(r.winners) for r in state.rounds] == expected["winners"]
        skipped = base.replay(bj.initial, bj.apply, game["setup"], [e for e in log if e not in empties]).state
        assert skipped.rounds == state.rounds and bj.outcome(skipped) == outcome


def test_each_seat_reveals_once_a_round():
    state = bj.apply(new_game(), reveal(0, "S5"))
    refused("bj.already_revealed", bj.apply, state, reveal(0, "S6"))
    refused("bj.already_revealed", bj.apply, state, reveal(0))


def test_the_deck_is_turned_only_once_everyone_has_revealed():
    state = bj.apply(new_game(3), reveal(1, "S5"))
    error = refused("bj.reveal_first", bj.apply, state, deck("X5"))
    assert error.ruling.params == {"seats": SeatsRef((0, 2))}


def test_the_deck_card_must_be_an_unturned_cross():
    state = bj.apply(bj.apply(new_game(2), reveal(0, "S5")), reveal(1, "S6"))
    refused("bj.deck_not_cross", bj.apply, state, deck("S7"))
    refused("bj.card_malformed", bj.apply, state, deck(None))
    state = play_round(new_game(2), [["S5"], ["S6"]], "X7")
    state = bj.apply(bj.apply(state, reveal(0, "S8")), reveal(1, "S9"))
    refused("bj.deck_used", bj.apply, state, deck("X7"))


@pytest.mark.parametrize(("event", "key"), [
    (Event("play", {"seat": 0, "card": "S5"}), "input.unknown_event"),
    (Event("reveal", {"seat": "0", "cards": ["S5"]}), "input.not_integer"),
    (Event("reveal", {"seat": True, "cards": ["S5"]}), "input.not_integer"),
    (Event("reveal", {"seat": 3, "cards": ["S5"]}), "bj.no_such_seat"),
    (Event("reveal", {"seat": -1, "cards": ["S5"]}), "bj.no_such_seat"),
    (Event("reveal", {"seat": 0, "cards": "S5"}), "input.not_list"),
    (Event("reveal", {"seat": 0}), "input.missing"),
    (Event("reveal", {"seat": 0, "cards": [5]}), "bj.card_malformed"),
    (Event("deck", {}), "bj.card_malformed"),
])
def test_malformed_entries_are_refused_by_name(event, key):
    refused(key, bj.apply, new_game(3), event)


def test_apply_never_changes_the_state_it_is_given():
    state = bj.apply(new_game(2), reveal(0, "S5"))
    before = (state.revealed, state.used, state.played)
    bj.apply(state, reveal(1, "S6"))
    with pytest.raises(base.RuleError):
        bj.apply(state, reveal(1, "S5"))
    assert (state.revealed, state.used, state.played) == before


# --------------------------------------------------------------------------- the game's end


def one_card_rounds(players: int, rounds: int, **options: Any) -> bj.State:
    """`rounds` rounds of one card each, seat s laying suit S/C/L/H/D card by round."""
    suits = ["S", "C", "L", "H", "D"]
    state = new_game(players, **options)
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    crosses = [f"X{r}" for r in ranks]
    for n in range(rounds):
        state = play_round(state, [[suits[s] + ranks[n]] for s in range(players)], crosses[n])
    return state


def test_the_game_goes_on_until_the_crosses_run_out():
    state = one_card_rounds(5, 12)
    assert not state.is_over and state.round_number == 13
    state = one_card_rounds(5, 13)
    assert state.is_over and not state.ended_early and state.round_number == 13 and state.phase == "over"
    assert state.left == (0,) * 5
    assert state.awaiting == () and state.expected_seat is None and not state.expects_deck
    refused("bj.game_over", bj.apply, state, reveal(0, "S2"))
    refused("bj.game_over", bj.apply, state, deck("XA"))


def test_the_last_cross_is_turned_without_an_entry_once_everyone_has_revealed():
    """ゲーム: the deck's top cross is turned; in round 13 only one is left, so the table has
    no choice to enter (issue 31: a choice the rules leave to one option is made for it)."""
    state = one_card_rounds(5, 12)
    for seat, suit in enumerate(["S", "C", "L", "H"]):
        state = bj.apply(state, reveal(seat, suit + "K"))
    assert not state.expects_deck and state.expected_seat == 4 and len(state.rounds) == 12
    state = bj.apply(state, reveal(4, "DK"))
    assert state.is_over and state.last_cross_forced and state.rounds[-1].deck == bj.parse_card("XK")
    assert [r.key for r in bj.rulings(state)][0] == "bj.last_cross"
    assert bj.rulings(state)[0].params == {"card": CardRef("XK")}
    # A log written before names that cross (or a "no cards left" of a seat without any): said already.
    assert bj.apply(state, deck("XK")) == state
    assert bj.apply(state, reveal(0)) == state
    refused("bj.game_over", bj.apply, state, deck("XA"))
    refused("bj.game_over", bj.apply, state, reveal(0, "S2"))


def test_a_cross_is_not_turned_by_itself_while_others_lie_unseen():
    state = one_card_rounds(3, 2, crosses=3)
    for seat, suit in enumerate(["S", "C", "L"]):
        state = bj.apply(state, reveal(seat, suit + "3"))
    assert state.expects_deck and not state.last_cross_forced, "ten crosses lie unseen: the table turns one"


def test_fewer_crosses_make_a_shorter_game():
    state = one_card_rounds(3, 3, crosses=3)
    assert state.is_over and not state.ended_early and len(state.rounds) == 3


def test_the_game_ends_early_when_nobody_has_cards_left():
    hands = [[f"{suit}{r}" for r in ("A", 2, 3, 4, 5, 6, 7, 8)] for suit in ("S", "C", "L", "H", "D")]
    hands += [[f"{suit}{r}" for r in (9, 10, "J", "Q", "K")] + extra for suit, extra in
              (("S", ["HK", "HQ", "HJ"]), ("C", ["DK", "DQ", "DJ"]), ("L", ["H10", "D10", "H9"]))]
    state = play_round(new_game(8), hands, "X2")
    assert state.is_over and state.ended_early and len(state.rounds) == 1
    assert bj.rulings(state)[len(state.last_round.rulings)] == Ruling("bj.all_out", "RULINGS", {"rounds": 1})
    refused("bj.game_over", bj.apply, state, reveal(0))


def test_most_round_wins_takes_the_game():
    state = new_game(3, crosses=3)
    state = play_round(state, [["SK"], ["S5"], ["S2"]], "X9")        # 19, 14, 11: seat 0
    state = play_round(state, [["CK"], ["C10"], ["S3"]], "X8")       # 18, 18, 11: seats 0 and 1
    state = play_round(state, [["LK"], ["LQ", "S6"], ["S4"]], "X7")  # 17, 23 bust, 11: seat 0
    assert state.is_over and state.wins == (3, 1, 0)
    assert bj.game_rulings(state) == (Ruling("bj.game_won", "勝敗", {"seat": SeatRef(0), "wins": 3}),)
    assert bj.rulings(state) == state.last_round.rulings + bj.game_rulings(state)
    out = bj.outcome(state)
    assert out == Outcome((3, 1, 0), True, (1, 2, 3), facts={"wins": [3, 1, 0], "rounds": 3, "measure": "off"})


def test_equal_round_wins_share_the_game():
    state = new_game(3, crosses=2)
    state = play_round(state, [["SK"], ["S5"], ["S2"]], "X9")  # 19, 14, 11
    state = play_round(state, [["SQ"], ["SJ"], ["S3"]], "X8")  # 18, 18, 11
    assert state.wins == (2, 1, 0) and state.leaders == (0,)
    state = new_game(3, crosses=2)
    state = play_round(state, [["SK"], ["S5"], ["S2"]], "X9")  # 19, 14, 11
    state = play_round(state, [["S4"], ["SJ"], ["S3"]], "X8")  # 12, 18, 11
    assert state.wins == (1, 1, 0) and state.leaders == (0, 1)
    assert bj.game_rulings(state) == (Ruling("bj.game_shared", "勝敗", {"seats": SeatsRef((0, 1)), "wins": 1}),)
    assert bj.outcome(state).places == (1, 1, 3)


def test_variant_winners_keep_their_cards_and_black_cards_decide():
    state = new_game(3, crosses=2, black_measure="black_count")
    state = play_round(state, [["SK", "HA"], ["S5", "C4"], ["S2"]], "X9")  # 18, 18, 11: 0 and 1 keep
    assert ruling([r for r in state.last_round.rulings if r.params.get("seat") == SeatRef(0)], "bj.keeps").params == {
        "seat": SeatRef(0), "cards": CardsRef(("SK", "HA"))}
    state = play_round(state, [["D2"], ["C2"], ["L9", "LA"]], "X8")       # 6, 10, 18 (9+1+8): seat 2 keeps
    assert state.kept == (tuple(cards("SK", "HA")), tuple(cards("S5", "C4")), tuple(cards("L9", "LA")))
    assert state.wins == (1, 1, 1)
    assert state.variant_points == (1, 2, 2)
    out = bj.outcome(state)
    assert out.points == (1, 2, 2) and out.places == (3, 1, 1)
    assert out.facts["variant_points"] == [1, 2, 2]
    assert out.facts["kept"] == [["SK", "HA"], ["S5", "C4"], ["L9", "LA"]]
    assert keys(bj.game_rulings(state)) == [
        ("bj.game_shared", "勝敗"), ("bj.black_count", "派生ルール"), ("bj.black_count", "派生ルール"),
        ("bj.black_count", "派生ルール"), ("bj.variant_count_shared", "派生ルール")]
    assert bj.game_rulings(state)[1].params == {"seat": SeatRef(0), "points": 1, "cards": CardsRef(("SK",))}


def test_variant_sum_counts_ace_one_and_face_cards_ten():
    state = new_game(2, crosses=1, black_measure="black_sum")
    state = play_round(state, [["SK", "SA", "H5"], ["S2"]], "X4")  # 10 + 1 - 5 + 4 = 10 against 6
    assert state.variant_points == (11, 0)
    assert keys(bj.game_rulings(state))[-3:] == [
        ("bj.black_sum", "派生ルール"), ("bj.black_none", "派生ルール"), ("bj.variant_sum_won", "派生ルール")]


def test_the_variant_off_keeps_nothing_for_the_result():
    state = play_round(new_game(2, crosses=1), [["SK"], ["S2"]], "X4")
    assert state.variant_points is None and state.points == state.wins == (1, 0)
    assert "bj.keeps" not in [r.key for r in state.last_round.rulings]


# --------------------------------------------------------------------------- the contract's other members


def test_nobody_leads_and_nothing_is_audited():
    assert bj.start_choices(["a", "b", "c"]) == ()
    assert bj.WORDS.findings_title == ""
    state = one_card_rounds(5, 3)
    assert bj.audit(state) == ()


def test_next_game_keeps_the_table_options():
    state = new_game(4, red_suits=["L", "H"], bust_21=True, black_measure="black_sum", crosses=9)
    assert bj.next_setup(state) == {"first_leader": 0, "options": {
        "red_suits": ["L", "H"], "bust_21": True, "black_measure": "black_sum", "crosses": 9}}
    again = bj.initial({"players": list(state.setup.players), **bj.next_setup(state)})
    assert again.setup == state.setup


def test_the_evening_is_a_single_game_and_points_add_up_over_several():
    none = bj.evening([], 3)
    assert (none.totals, none.over, none.note) == ((0, 0, 0), False, Ruling("bj.evening_single", "勝敗"))
    first = Outcome((3, 5, 5), True, (3, 1, 1))
    second = Outcome((4, 1, 0), True, (1, 2, 3))
    done = bj.evening([first, second], 3)
    assert (done.totals, done.over, done.leaders) == ((7, 6, 5), True, (0,))
    assert done.note == Ruling("bj.evening_over", "勝敗", {"names": SeatsRef((0,))})
    running = bj.evening([Outcome((1, 0, 0), False, (1, 2, 2))], 3)
    assert running.over is False and running.note == Ruling("bj.evening_single", "勝敗")


def test_replaying_a_log_with_undos_gives_the_same_state():
    setup = {"players": ["a", "b"], "options": {"crosses": 2}}
    log = [reveal(0, "S5"), Event(base.UNDO), reveal(0, "S6"), reveal(1, "C5"), deck("X2"), Event(base.UNDO),
           deck("X3"), reveal(1, "C6"), reveal(0, "S7"), deck("X4")]
    replayed = base.replay(bj.initial, bj.apply, setup, log)
    direct = play_round(play_round(bj.initial(setup), [["S6"], ["C5"]], "X3"), [["S7"], ["C6"]], "X4")
    assert replayed.state == direct and direct.is_over
    assert replayed.undone == {0: 1, 4: 5}


# --------------------------------------------------------------------------- the judge


def test_judge_round_answers_totals_busts_and_winners():
    answer = judge_round([["SK", "SA"], [], ["HA", "CK", "S9"], ["SQ", "SJ"]], "X5")
    assert answer["totals"] == [16, None, 13, 25]
    assert answer["bust"] == [False, False, False, True]
    assert answer["winners"] == [0]
    assert answer["values"] == [[10, 1, 5], None, [-11, 10, 9, 5], [10, 10, 5]]
    assert keys(answer["rulings"]) == [
        ("bj.total", "ゲーム"), ("bj.sits_out", "RULINGS"), ("bj.total", "ゲーム"), ("bj.total", "ゲーム"),
        ("bj.bust", "ゲーム"), ("bj.round_winner", "ゲーム")]
    assert answer["rulings"][-1].params == {"seat": SeatRef(0), "total": 16}


def test_judge_round_takes_the_red_suits_and_21_setting():
    answer = judge_round([["SK", "SA"], ["L5", "L6"]], "XQ", red=["L"], bust_21=True)
    assert answer["totals"] == [21, -1] and answer["bust"] == [True, False] and answer["winners"] == [1]
    answer = judge_round([["SK", "SA"], ["L5", "L6"]], "XQ")
    assert answer["totals"] == [21, 21] and answer["winners"] == [0, 1]
    assert judge_round([["HK"], ["DK"]], "X5", red=[])["totals"] == [15, 15]


def test_judge_round_everyone_bust_and_negative_winner():
    answer = judge_round([["SK", "SQ"], ["CK", "C9"]], "X5")
    assert answer["winners"] == [] and answer["bust"] == [True, True]
    answer = judge_round([["HK", "DQ"], ["SK", "SQ", "S5"]], "X3")
    assert answer["winners"] == [0] and answer["totals"] == [-17, 28]


@pytest.mark.parametrize(("request_", "key"), [
    ({"ask": "round", "plays": [["SK", "X5"], ["S2"]], "deck_card": "X7"}, "bj.cross_in_hand"),
    ({"ask": "round", "plays": [["SK"], ["S2"]], "deck_card": "S7"}, "bj.deck_not_cross"),
    ({"ask": "round", "plays": [["SK"], ["SK"]], "deck_card": "X7"}, "bj.card_twice"),
    ({"ask": "round", "plays": [["SK", "sk"], ["S2"]], "deck_card": "X7"}, "bj.card_twice"),
    ({"ask": "round", "plays": [[], []], "deck_card": "X7"}, "bj.nobody_plays"),
    ({"ask": "round", "plays": [["SK"]], "deck_card": "X7"}, "bj.judge_players"),
    ({"ask": "round", "plays": [], "deck_card": "X7"}, "bj.judge_players"),
    ({"ask": "round", "plays": [[f"S{r}"] for r in range(2, 11)] + [["SJ"], ["SQ"], ["SK"], ["SA"], ["C2"]],
      "deck_card": "X7"}, "bj.judge_players"),
    ({"ask": "round", "plays": [["SK"], ["S2"]], "deck_card": "X7", "red": ["H", "Z"]}, "option.not_suits"),
    ({"ask": "round", "plays": [["SK"], ["S2"]], "deck_card": "X7", "red": "HD"}, "option.not_suits"),
    ({"ask": "round", "plays": [["SK"], ["S2"]], "deck_card": "X7", "bust_21": 1}, "input.not_bool"),
    ({"ask": "round", "plays": [["SK"], ["S2"]]}, "input.missing"),
    ({"ask": "round", "deck_card": "X7"}, "input.missing"),
    ({"ask": "round", "plays": "SK", "deck_card": "X7"}, "input.not_list"),
    ({"ask": "round", "plays": ["SK", "S2"], "deck_card": "X7"}, "input.not_list"),
    ({"ask": "round", "plays": [[5], ["S2"]], "deck_card": "X7"}, "bj.card_malformed"),
    ({"ask": "round", "plays": [["SK"], ["S2"]], "deck_card": ["X7"]}, "bj.card_malformed"),
    ({"ask": "trick"}, "input.unknown_ask"),
    ({}, "input.unknown_ask"),
])
def test_judge_refuses_malformed_rounds_by_name(request_, key):
    refused(key, bj.judge, request_)


def test_judge_answers_for_thirteen_players():
    plays = [[f"S{r}"] for r in range(2, 11)] + [["SJ"], ["SQ"], ["SK"], ["SA"]]
    answer = judge_round(plays, "X7")
    assert answer["totals"] == [9, 10, 11, 12, 13, 14, 15, 16, 17, 17, 17, 17, 18] and answer["winners"] == [12]
    refused("bj.judge_players", bj.judge, {"ask": "wins", "players": 1, "rounds": []})
    refused("bj.judge_players", bj.judge, {"ask": "wins", "players": 14, "rounds": []})


def test_judge_hand_says_what_one_hand_makes():
    answer = bj.judge({"ask": "hand", "cards": ["SK", "SQ", "HA"], "deck_card": "X5"})
    assert (answer["total"], answer["bust"], answer["values"]) == (14, False, [10, 10, -11, 5])
    assert keys(answer["rulings"]) == [("bj.total", "ゲーム")]
    answer = bj.judge({"ask": "hand", "cards": ["SK", "SA"], "deck_card": "XQ", "bust_21": True})
    assert (answer["total"], answer["bust"]) == (21, True)
    assert keys(answer["rulings"]) == [("bj.total", "ゲーム"), ("bj.bust_at_21", "ゲーム")]
    refused("bj.hand_empty", bj.judge, {"ask": "hand", "cards": [], "deck_card": "X5"})
    refused("bj.card_twice", bj.judge, {"ask": "hand", "cards": ["S5", "S5"], "deck_card": "X5"})
    refused("bj.cross_in_hand", bj.judge, {"ask": "hand", "cards": ["X4"], "deck_card": "X5"})


def test_judge_wins_counts_round_wins_and_names_the_game_winners():
    answer = bj.judge({"ask": "wins", "players": 3, "rounds": [[0], [0, 2], [], [2], [1]]})
    assert answer["wins"] == [2, 1, 2] and answer["winners"] == [0, 2]
    assert answer["rulings"] == [Ruling("bj.game_shared", "勝敗", {"seats": SeatsRef((0, 2)), "wins": 2})]
    answer = bj.judge({"ask": "wins", "players": 2, "rounds": [[1]]})
    assert answer["winners"] == [1] and keys(answer["rulings"]) == [("bj.game_won", "勝敗")]


@pytest.mark.parametrize(("request_", "key"), [
    ({"ask": "wins", "players": "3", "rounds": []}, "input.not_integer"),
    ({"ask": "wins", "players": True, "rounds": []}, "input.not_integer"),
    ({"ask": "wins", "players": 3}, "input.missing"),
    ({"ask": "wins", "players": 3, "rounds": [0]}, "input.not_list"),
    ({"ask": "wins", "players": 3, "rounds": [[3]]}, "bj.seat_range"),
    ({"ask": "wins", "players": 3, "rounds": [[-1]]}, "bj.seat_range"),
    ({"ask": "wins", "players": 3, "rounds": [[1, 1]]}, "bj.seat_twice"),
    ({"ask": "wins", "players": 3, "rounds": [[True]]}, "input.not_integer"),
    ({"ask": "wins", "players": 3, "rounds": [[0]] * 14}, "bj.rounds_count"),
])
def test_judge_refuses_malformed_win_lists_by_name(request_, key):
    refused(key, bj.judge, request_)


def test_judge_variant_counts_or_sums_the_black_cards_kept():
    kept = [["SK", "HA", "C2"], ["LQ"], []]
    answer = bj.judge({"ask": "variant", "kept": kept, "measure": "black_count"})
    assert answer["points"] == [2, 1, 0] and answer["winners"] == [0]
    answer = bj.judge({"ask": "variant", "kept": kept, "measure": "black_sum"})
    assert answer["points"] == [12, 10, 0] and answer["winners"] == [0]
    assert keys(answer["rulings"]) == [("bj.black_sum", "派生ルール"), ("bj.black_sum", "派生ルール"),
                                       ("bj.black_none", "派生ルール"), ("bj.variant_sum_won", "派生ルール")]
    answer = bj.judge({"ask": "variant", "kept": kept, "measure": "black_count", "red": ["S", "C"]})
    assert answer["points"] == [1, 1, 0] and answer["winners"] == [0, 1]


@pytest.mark.parametrize(("request_", "key"), [
    ({"ask": "variant", "kept": [["SK"], []], "measure": "most"}, "bj.measure_unknown"),
    ({"ask": "variant", "kept": [["SK"], []], "measure": "off"}, "bj.measure_unknown"),
    ({"ask": "variant", "kept": [["SK"], []], "measure": ["black_count"]}, "bj.measure_unknown"),
    ({"ask": "variant", "kept": [["SK"], []]}, "input.missing"),
    ({"ask": "variant", "kept": [["SK"]], "measure": "black_count"}, "bj.judge_players"),
    ({"ask": "variant", "kept": [["SK"], ["X2"]], "measure": "black_count"}, "bj.cross_in_hand"),
    ({"ask": "variant", "kept": [["SK"], ["SK"]], "measure": "black_count"}, "bj.card_twice"),
    ({"ask": "variant", "kept": [["SK"], []], "measure": "black_count", "red": ["Q"]}, "option.not_suits"),
])
def test_judge_refuses_malformed_variant_questions_by_name(request_, key):
    refused(key, bj.judge, request_)


def test_every_judge_answer_renders_through_the_shared_layer():
    for request_ in (
        {"ask": "round", "plays": [["SK", "SA"], [], ["HA", "CK", "S9"]], "deck_card": "X5"},
        {"ask": "hand", "cards": ["SK"], "deck_card": "X5"},
        {"ask": "wins", "players": 2, "rounds": [[0]]},
        {"ask": "variant", "kept": [["SK"], ["C2"]], "measure": "black_sum"},
    ):
        ok, answer = i18n.judge(bj, request_, i18n.catalog("en"))
        assert ok, answer
        assert all(r["clause"] and "%(" not in r["text"] for r in answer["rulings"])
    ok, answer = i18n.judge(bj, {"ask": "round", "plays": [["SK"], ["X2"]], "deck_card": "X5"}, i18n.catalog("en"))
    assert not ok and answer["error"] == "✚ cross 2 is a cross: the 13 crosses are the deck, and no player holds one."


# --------------------------------------------------------------------------- forms and the quick judge


def test_form_payload_shapes_reveals_and_the_deck():
    assert bj.form_payload("reveal", {"seat": ["2"], "cards": ["SK", "HA"]}) == {"seat": 2, "cards": ["SK", "HA"]}
    assert bj.form_payload("reveal", {"seat": ["2"], "cards": ["SK.HA"]}) == {"seat": 2, "cards": ["SK", "HA"]}
    assert bj.form_payload("reveal", {"seat": ["1"]}) == {"seat": 1, "cards": []}
    assert bj.form_payload("reveal", {"seat": ["x"], "cards": [""]}) == {"seat": "x", "cards": []}
    assert bj.form_payload("deck", {"card": ["X7"]}) == {"card": "X7"}
    assert bj.form_payload("deck", {"rank": ["Q"]}) == {"card": "XQ"}
    assert bj.form_payload("undo", {"seat": ["1"]}) == {}
    state = bj.apply(new_game(2), Event("reveal", bj.form_payload("reveal", {"seat": ["0"], "cards": ["S5"]})))
    refused("input.not_integer", bj.apply, state, Event("reveal", bj.form_payload("reveal", {"seat": ["one"]})))


def quick(**fields: Any) -> tuple[dict[str, Any] | None, bj.QuickJudge]:
    return bj.quick_judge_request({k: v if isinstance(v, list) else [v] for k, v in fields.items()})


def test_quick_judge_one_hand_then_the_cross_asks_what_the_hand_makes():
    request, entered = quick(card="SK")
    assert request is None and entered.hands == ((bj.parse_card("SK"),),)
    request, entered = quick(cards=entered.carried["cards"], card="HA")
    assert entered.carried == {"cards": "SK.HA", "red": "HD"}
    request, entered = quick(**entered.carried, card="X5")
    assert entered.full and request == {"ask": "hand", "cards": ["SK", "HA"], "deck_card": "X5",
                                         "red": ["H", "D"], "bust_21": False}
    assert bj.judge(request)["total"] == 14  # 10 - 1 + 5


def test_quick_judge_several_players_ask_for_the_round():
    request, entered = quick(cards="SK.SA", next="1")
    assert request is None and entered.seat == 1
    request, entered = quick(**entered.carried, next="1")  # seat 1 left empty: sits out
    request, entered = quick(**entered.carried, card="C9")
    assert entered.carried["cards"] == "SK.SA__C9"
    request, entered = quick(**entered.carried, card="XQ", bust_21="on")
    assert request == {"ask": "round", "plays": [["SK", "SA"], [], ["C9"]], "deck_card": "XQ",
                       "red": ["H", "D"], "bust_21": True}
    assert bj.judge(request)["winners"] == [2]


def test_quick_judge_back_takes_back_the_deck_a_card_or_a_seat_end():
    _, entered = quick(cards="SK_C9", deck="X4")
    assert entered.full
    _, entered = quick(**entered.carried, back="1")
    assert not entered.full and entered.carried["cards"] == "SK_C9"
    _, entered = quick(**entered.carried, back="1")
    assert entered.carried["cards"] == "SK_"
    _, entered = quick(**entered.carried, back="1")
    assert entered.carried["cards"] == "SK"
    _, entered = quick(back="1")
    assert entered.hands == ((),)


def test_quick_judge_drops_what_it_cannot_read_and_never_raises():
    request, entered = quick(cards="SK.ZZ.S2", card="nonsense")
    assert entered.carried["cards"] == "SK" and request is None
    _, entered = quick(cards="SK.SK.S2")
    assert entered.carried["cards"] == "SK"
    _, entered = quick(card="X5")  # a cross before any card: nothing to judge yet
    assert not entered.full
    _, entered = quick(cards="SK", card="SK")
    assert entered.carried["cards"] == "SK"
    _, entered = quick(cards="SK.H5", red="", deck="X2", card="H6")  # no red suits; H6 after the deck: ignored
    request = entered.request()
    assert request is not None and request["red"] == [] and bj.judge(request)["total"] == 17
    _, entered = quick(cards="_".join(["S2"] * 1 + [f"C{r}" for r in range(2, 11)] + ["CJ", "CQ", "CK", "CA"]))
    assert len(entered.hands) == 13 and not entered.may_close_seat


# --------------------------------------------------------------------------- the rulebook and the words


def test_the_rulebook_has_every_clause_the_engine_cites():
    book = json.loads(RULEBOOK.read_text(encoding="utf-8"))
    assert book["slug"] == bj.SLUG and book["source"] == "002_53a106b024f6a4e1.txt"
    labels = {s["label"] for s in book["sections"]} | {"RULINGS"}
    from companion.rules.black_junky import options

    cited = {options.C_SETUP, options.C_GAME, options.C_RESULT, options.C_VARIANT, options.C_RULINGS}
    cited |= {o.clause for o in bj.OPTIONS}
    assert cited <= labels
    for r in book["rulings"]:
        assert set(r) == {"id", "label", "about", "ja", "en"} and r["label"] == "RULINGS"
        assert r["about"] in labels
    for s in book["sections"]:
        assert s["ja"] and s["en"] and s["heading"]["ja"] and s["heading"]["en"]
    source = Path(__file__).resolve().parents[4] / "shared" / "rules" / "002_53a106b024f6a4e1.txt"
    text = source.read_text(encoding="utf-8")  # shared/ sits beside the checkout, as in CI
    assert all(line in text for s in book["sections"] for line in s["ja"].split("\n"))


def test_every_message_key_has_words_with_the_parameters_the_rulings_carry():
    seen: list[Ruling] = []
    state = new_game(3, black_measure="black_sum", crosses=2)
    state = play_round(state, [["SK", "SA"], ["HA", "HK"], ["SQ", "SJ"]], "X5")
    state = play_round(state, [["CK"], ["C9"], ["D2"]], "X9")
    seen += bj.rulings(state)
    seen += play_round(new_game(2, bust_21=True), [["SK", "SA"], ["HK", "DQ"]], "XQ").last_round.rulings
    everything = [f"S{r}" for r in ("A", 2, 3, 4, 5, 6, 7, 8)]
    state = play_round(new_game(8), [everything] + [["C" + str(r)] for r in range(2, 9)], "X2")
    seen += play_round(state, [[]] + [["L" + str(r)] for r in range(2, 9)], "X3").last_round.rulings
    seen += [bj.evening([], 2).note, bj.evening([Outcome((1, 0), True, (1, 2))], 2).note]
    for ruling_ in seen:
        assert ruling_ is not None
        template = bj.MESSAGES[ruling_.key]
        text = template if isinstance(template, str) else template.singular + template.plural
        assert set(re.findall(r"%\((\w+)\)s", text)) == set(ruling_.params), ruling_.key
        assert ruling_.clause
    assert all(key.startswith("bj.") for key in bj.MESSAGES)
    source = "".join(p.read_text(encoding="utf-8") for p in Path(bj.__file__).parent.glob("*.py")
                     if p.name != "messages.py")
    unused = [key for key in bj.MESSAGES if f'"{key}"' not in source
              and not re.search(r"bj\.variant_\{kind\}_" + key.rsplit("_", 1)[-1], source)]
    assert unused == []


def test_every_refusal_names_a_message_the_game_or_the_base_has():
    samples = [
        (bj.apply, new_game(), reveal(0, "X5")), (bj.apply, new_game(), reveal(0)),
        (bj.apply, new_game(), deck("X5")), (bj.apply, new_game(), reveal(7, "S2")),
        (bj.judge, {"ask": "round", "plays": [[], []], "deck_card": "X2"}),
        (bj.judge, {"ask": "wins", "players": 2, "rounds": [[5]]}),
        (bj.judge, {"ask": "wins", "players": 2, "rounds": [[1, 1]]}),
        (bj.judge, {"ask": "wins", "players": 2, "rounds": [[]] * 14}),
        (bj.judge, {"ask": "variant", "kept": [[], []], "measure": "x"}),
        (bj.judge, {"ask": "hand", "cards": [], "deck_card": "X2"}),
        (bj.parse_card, "Q5"), (bj.parse_card, "S1"), (bj.parse_card, "?"),
        (new_game, 9),
    ]
    for func, *args in samples:
        with pytest.raises(base.RuleError) as info:
            func(*args)
        r = info.value.ruling
        assert r.key in bj.MESSAGES or r.key in base.MESSAGES
        assert "%(" not in i18n.render(r, bj, i18n.catalog("en"))
