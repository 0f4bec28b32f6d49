"""Take & Share: the pure engine against the rulebook and RULINGS.md.

Rulebook: shared/rules/002_53a106b024f6a4e1.txt, the game "01:Take & Share" (the last in the
file). Its clauses are its headings ("トリックの解決 B)", "シェアの解決" ...). Seats are 0..n-1
clockwise; the rulebook's players A, B, C, D are seats 0, 1, 2, 3.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from companion.rules import base
from companion.rules import take_and_share as tns
from companion.rules.base import CardRef, CardsRef, Event, Ruling, SeatRef, SeatsRef, SuitRef
from companion.rules.contract import Game, Outcome
from tests.kit.rulings import keys, refused, ruling
from tests.games.take_and_share import driver

A, B, C, D = range(4)
EN = i18n.catalog("en")


# --------------------------------------------------------------------------- helpers


def card(code: str) -> tns.Card:
    return tns.parse_card(code)


def cards(*codes: str) -> tuple[tns.Card, ...]:
    return tuple(card(c) for c in codes)


def plays(*codes: str, leader: int = 0, players: int | None = None) -> list[tns.Play]:
    """Plays in the order laid, from `leader` clockwise."""
    n = players if players is not None else len(codes)
    return [tns.Play((leader + i) % n, card(code)) for i, code in enumerate(codes)]


def new_game(players: int = 4, first_leader: int = 0, **options: Any) -> tns.State:
    setup: dict[str, Any] = {"players": [f"P{i}" for i in range(players)], "first_leader": first_leader}
    if options:
        setup["options"] = options
    return tns.initial(setup)


def play(seat: int, code: str) -> Event:
    return Event("play", {"seat": seat, "card": code})


def give(seat: int, code: str) -> Event:
    return Event("give", {"seat": seat, "card": code})


def started(share: tuple[str, ...] = ("LA", "X2", "C3", "H4"), players: int = 4, first_leader: int = 0,
            **options: Any) -> tns.State:
    """A game whose share cards are on the table."""
    state = new_game(players, first_leader, **options)
    return tns.apply(state, Event("share", {"cards": list(share)}))


def trick(state: tns.State, *codes: str) -> tns.State:
    """Lay `codes` from the seat whose turn it is, clockwise."""
    for code in codes:
        state = tns.apply(state, play(state.expected_seat, code))
    return state


def hand_out(state: tns.State, given: dict[int, str]) -> tns.State:
    for seat, code in given.items():
        state = tns.apply(state, give(seat, code))
    return state


def in_order(state: tns.State) -> dict[int, str]:
    """The share being handed out, card i to seat i."""
    assert state.handout is not None
    return {i: c.code for i, c in enumerate(state.handout.cards)}


def whole_game(seed: int, players: int, **kwargs: Any) -> tuple[driver.Table, tns.State]:
    table = driver.simulate(seed, players, **kwargs)
    return table, base.replay(tns.initial, tns.apply, table.setup, table.events).state


# --------------------------------------------------------------------------- the package


def test_the_package_is_a_game_of_the_contract() -> None:
    game: Game = tns
    assert game.SLUG == "take-and-share"
    assert game.PLAYER_COUNTS == (3, 4)
    assert [o.name for o in game.OPTIONS] == ["long_game_target"]
    assert all(key.startswith("tns.") for key in game.MESSAGES)
    assert game.WORDS.findings_title


def test_the_target_option_defaults_to_the_printed_points_per_player_count() -> None:
    assert tns.TARGET.default == "printed"
    assert tns.OPTIONS[0].default == "printed"  # default first
    assert new_game(4).setup.target_points == 20
    assert new_game(3).setup.target_points == 30
    assert new_game(4, long_game_target="30").setup.target_points == 30
    assert new_game(3, long_game_target="15").setup.target_points == 15


def test_an_unknown_target_or_option_is_refused() -> None:
    refused("option.not_a_choice", new_game, 4, long_game_target="21")
    refused("option.not_a_choice", new_game, 4, long_game_target=20)
    refused("option.unknown", new_game, 4, target="20")


# --------------------------------------------------------------------------- the cards


def test_four_players_use_the_a_to_10_of_six_suits_sixty_cards() -> None:
    deck = tns.deck(4)
    assert len(deck) == len(set(deck)) == 60
    assert {c.suit for c in deck} == set("LXCHSD")
    assert sorted({c.number for c in deck}) == list(range(1, 11))
    assert all(tns.parse_card(c.code, 4) == c for c in deck)


def test_three_players_use_the_3_to_10_of_six_suits_forty_eight_cards() -> None:
    deck = tns.deck(3)
    assert len(deck) == len(set(deck)) == 48
    assert sorted({c.number for c in deck}) == list(range(3, 11))


def test_the_a_counts_as_the_number_one() -> None:
    assert card("SA").number == 1
    assert card("SA").code == "SA"
    assert card("S1") == card("SA")
    assert card("la") == card("LA")
    assert card(" x10 ").code == "X10"
    assert card("D7") == tns.Card("D", 7)


@pytest.mark.parametrize(("text", "key"), [
    ("", "tns.card_malformed"), ("L", "tns.card_malformed"), ("L100", "tns.card_malformed"),
    ("LK", "tns.card_malformed"), ("L 1 0", "tns.card_malformed"), (10, "tns.card_malformed"),
    (None, "tns.card_malformed"), (["LA"], "tns.card_malformed"),
    ("R5", "tns.card_unknown_suit"), ("A5", "tns.card_unknown_suit"),
    ("L0", "tns.card_unknown_number"), ("L11", "tns.card_unknown_number"),
])
def test_a_card_not_in_the_game_is_refused_with_its_own_key(text: object, key: str) -> None:
    assert refused(key, tns.parse_card, text).ruling.clause == "使用カード"


@pytest.mark.parametrize("code", ["LA", "X2", "S1"])
def test_three_players_have_no_a_and_no_2(code: str) -> None:
    error = refused("tns.card_not_in_deck", tns.parse_card, code, 3)
    assert error.ruling.params["players"] == 3
    assert error.ruling.params["low"] == "3"
    assert tns.parse_card(code, 4) == card(code)


def test_cards_and_suits_read_as_words() -> None:
    assert tns.card_text("S10", EN.gettext) == "♠ spade 10"
    assert tns.card_text("LA", EN.gettext) == "❦ leaf A"
    assert tns.suit_text("X", EN.gettext) == "✚ cross"
    assert [tns.suit_text(s, EN.gettext) for s in tns.SUITS] == ["❦ leaf", "✚ cross", "♣ club", "♥ heart", "♠ spade", "♦ diamond"]


def test_the_deal_gives_fourteen_each_and_four_share_cards_with_four_players() -> None:
    import random

    hands, share = tns.deal(random.Random(3), 4)
    assert [len(h) for h in hands] == [14] * 4 and len(share) == 4
    assert set(share).union(*map(set, hands)) == set(tns.deck(4))
    hands, share = tns.deal(random.Random(3), 3)
    assert [len(h) for h in hands] == [15] * 3 and len(share) == 3
    assert set(share).union(*map(set, hands)) == set(tns.deck(3))


# --------------------------------------------------------------------------- deciding a trick


def test_all_the_lead_suit_the_highest_number_wins() -> None:
    decision = tns.resolve(plays("H4", "H9", "HA", "H7"))
    assert (decision.resolution, decision.winner, decision.card) == ("high", B, card("H9"))
    assert keys(decision.rulings) == [("tns.high_wins", "トリックの解決 A)")]
    assert decision.rulings[0].params == {"suit": SuitRef("H"), "seat": SeatRef(B), "card": CardRef("H9")}


def test_the_lead_card_itself_can_be_the_highest() -> None:
    decision = tns.resolve(plays("S10", "S2", "S9", "SA"))
    assert (decision.resolution, decision.winner) == ("high", A)


def test_one_card_of_another_suit_makes_the_lowest_number_win() -> None:
    # H9 leads; C follows with H6; D shows out with the S10; the lowest number is B's H3.
    decision = tns.resolve(plays("H9", "H3", "H6", "S10"))
    assert (decision.resolution, decision.winner, decision.card) == ("low", B, card("H3"))
    assert keys(decision.rulings) == [("tns.shows_void", "トリックの手順 2)"), ("tns.low_wins", "トリックの解決 B)")]


def test_in_case_b_the_suit_does_not_matter_an_off_suit_card_can_win() -> None:
    decision = tns.resolve(plays("C5", "C7", "DA", "C9"))
    assert (decision.resolution, decision.winner, decision.card) == ("low", C, card("DA"))


def test_the_leader_can_win_low_with_the_lowest_lead_card() -> None:
    decision = tns.resolve(plays("X2", "L8", "X5", "X9"))
    assert (decision.resolution, decision.winner) == ("low", A)


def test_equal_lowest_numbers_go_to_the_player_who_played_first() -> None:
    decision = tns.resolve(plays("L6", "D3", "C3", "L9"))
    assert (decision.resolution, decision.winner) == ("low", B)
    tie = ruling(decision.rulings, "tns.low_tie_earlier")
    assert tie.params == {"cards": CardsRef(("D3", "C3")), "number": 3, "seat": SeatRef(B)}
    assert tie.clause == "トリックの解決 B)"


def test_equal_lowest_counts_play_order_not_seat_order() -> None:
    # Seat 3 leads: play order 3, 0, 1, 2; the 3 of seat 0 (laid second) beats seat 1's 3.
    decision = tns.resolve(plays("L6", "S3", "C3", "L9", leader=D, players=4))
    assert decision.winner == A


def test_the_leader_tied_for_lowest_wins_as_the_earliest() -> None:
    decision = tns.resolve(plays("H4", "L4", "C8"))
    assert decision.winner == A


def test_every_follower_of_another_suit_is_shown_void_in_the_lead_suit() -> None:
    decision = tns.resolve(plays("L5", "X5", "C6", "L2"))
    voids = [r for r in decision.rulings if r.key == "tns.shows_void"]
    assert [r.params for r in voids] == [
        {"seat": SeatRef(B), "card": CardRef("X5"), "suit": SuitRef("L")},
        {"seat": SeatRef(C), "card": CardRef("C6"), "suit": SuitRef("L")},
    ]


def test_must_follow_offers_the_lead_suit_when_held_and_anything_when_void() -> None:
    hand = cards("L3", "X7", "L9")
    assert tns.must_follow(hand, "L") == cards("L3", "L9")
    assert tns.must_follow(hand, "D") == hand


# --------------------------------------------------------------------------- setting up


@pytest.mark.parametrize("players", [1, 2, 5, 6])
def test_a_game_is_for_three_or_four_players(players: int) -> None:
    error = refused("tns.player_count", new_game, players)
    assert error.ruling.clause == "プレイ人数"


def test_the_first_leader_must_sit_at_the_table() -> None:
    refused("setup.first_leader", new_game, 4, 4)
    refused("setup.first_leader", new_game, 3, -1)
    refused("input.not_integer", tns.initial, {"players": ["a", "b", "c"], "first_leader": "1"})


def test_anyone_may_lead_the_first_trick() -> None:
    assert tns.start_choices(["a", "b", "c"]) == (0, 1, 2)
    assert tns.start_choices(["a", "b", "c", "d"]) == (0, 1, 2, 3)


def test_a_new_game_awaits_the_share_cards_first() -> None:
    state = new_game(4, first_leader=2)
    assert state.phase == "share"
    assert state.expected_seat is None and state.giver is None
    assert state.leader == 2 and state.share == () and not state.is_over
    assert tns.rulings(state) == ()
    error = refused("tns.share_first", tns.apply, state, play(2, "LA"))
    assert error.ruling.params == {"count": 4, "entered": 0}
    assert error.ruling.clause == "ゲームの準備"


def test_the_share_cards_can_be_entered_one_at_a_time() -> None:
    state = new_game(4, first_leader=1)
    for i, code in enumerate(("LA", "X2", "C3")):
        state = tns.apply(state, Event("share", {"card": code}))
        assert state.phase == "share" and len(state.share) == i + 1
    refused("tns.share_first", tns.apply, state, play(1, "H4"))
    state = tns.apply(state, Event("share", {"card": "H4"}))
    assert state.phase == "play" and state.expected_seat == 1
    assert state.share == cards("LA", "X2", "C3", "H4")
    (opening,) = tns.rulings(state)
    assert opening == Ruling("tns.opening_share", "ゲームの準備",
                             {"cards": CardsRef(("LA", "X2", "C3", "H4")), "seat": SeatRef(1)})


def test_three_players_lay_three_share_cards() -> None:
    state = started(("L3", "X4", "C5"), players=3)
    assert state.phase == "play"
    assert keys(tns.rulings(state)) == [("tns.opening_share", "3人プレイ")]
    refused("tns.share_complete", tns.apply, state, Event("share", {"card": "C6"}))


def test_more_share_cards_than_players_are_refused() -> None:
    state = new_game(4)
    error = refused("tns.share_too_many", tns.apply, state, Event("share", {"cards": ["LA", "X2", "C3", "H4", "S5"]}))
    assert error.ruling.params == {"count": 4, "entered": 0}
    state = tns.apply(state, Event("share", {"cards": ["LA", "X2"]}))
    refused("tns.share_too_many", tns.apply, state, Event("share", {"cards": ["C3", "H4", "S5"]}))
    state = tns.apply(state, Event("share", {"cards": ["C3", "H4"]}))
    error = refused("tns.share_complete", tns.apply, state, Event("share", {"card": "S5"}))
    assert error.ruling.clause == "ゲームの準備"


def test_a_share_card_twice_or_outside_the_deck_is_refused() -> None:
    refused("tns.card_used", tns.apply, new_game(4), Event("share", {"cards": ["LA", "LA"]}))
    state = tns.apply(new_game(4), Event("share", {"card": "LA"}))
    refused("tns.card_used", tns.apply, state, Event("share", {"card": "la"}))
    refused("tns.card_not_in_deck", tns.apply, new_game(3), Event("share", {"card": "S2"}))
    refused("input.missing", tns.apply, new_game(4), Event("share", {}))
    refused("input.missing", tns.apply, new_game(4), Event("share", {"cards": []}))
    refused("input.not_list", tns.apply, new_game(4), Event("share", {"cards": "LA"}))


# --------------------------------------------------------------------------- playing


def test_play_passes_clockwise_from_the_leader_and_wraps_round() -> None:
    state = started(first_leader=2)
    seen = []
    for code in ("L5", "L6", "L7", "L8"):
        seen.append(state.expected_seat)
        state = tns.apply(state, play(state.expected_seat, code))
    assert seen == [2, 3, 0, 1]
    assert state.tricks[0].leader == 2


def test_a_card_out_of_turn_is_refused_citing_the_step() -> None:
    state = started(first_leader=1)
    error = refused("tns.not_your_turn", tns.apply, state, play(0, "L5"))
    assert (error.ruling.clause, error.ruling.params) == ("トリックの手順 1)", {"seat": SeatRef(1)})
    state = trick(state, "L5")
    assert refused("tns.not_your_turn", tns.apply, state, play(3, "L6")).ruling.clause == "トリックの手順 2)"
    state = trick(state, "L6")
    assert refused("tns.not_your_turn", tns.apply, state, play(1, "L7")).ruling.clause == "トリックの手順 3)"
    refused("tns.not_your_turn", tns.apply, state, play(7, "L7"))


def test_a_card_already_played_or_lying_in_the_share_is_refused() -> None:
    state = trick(started(), "L5")
    refused("tns.card_used", tns.apply, state, play(1, "L5"))
    error = refused("tns.card_used", tns.apply, state, play(1, "X2"))
    assert error.ruling == Ruling("tns.card_used", "RULINGS", {"card": CardRef("X2")})


def test_a_card_outside_this_player_counts_deck_is_refused() -> None:
    state = started(("L3", "X4", "C5"), players=3)
    refused("tns.card_not_in_deck", tns.apply, state, play(0, "HA"))


def test_entries_with_a_bad_seat_or_an_unknown_kind_are_refused() -> None:
    state = started()
    refused("input.not_integer", tns.apply, state, Event("play", {"seat": "0", "card": "L5"}))
    refused("input.not_integer", tns.apply, state, Event("play", {"seat": True, "card": "L5"}))
    refused("input.not_integer", tns.apply, state, Event("play", {"card": "L5"}))
    refused("tns.card_malformed", tns.apply, state, Event("play", {"seat": 0}))
    refused("input.unknown_event", tns.apply, state, Event("master", {"card": "L5"}))


# --------------------------------------------------------------------------- the share


def test_the_winner_takes_the_share_on_the_table_and_hands_it_out() -> None:
    state = trick(started(("LA", "X2", "C3", "H4")), "S5", "S9", "S7", "S6")
    assert state.phase == "give"
    assert state.giver == B and state.expected_seat is None
    assert state.handout is not None and state.handout.cards == cards("LA", "X2", "C3", "H4")
    done = state.tricks[0]
    assert (done.winner, done.resolution, done.share) == (B, "high", cards("LA", "X2", "C3", "H4"))
    assert keys(done.rulings) == [("tns.high_wins", "トリックの解決 A)"), ("tns.winner_shares", "シェアの解決"),
                                  ("tns.winner_leads", "シェアの解決")]
    assert ruling(done.rulings, "tns.winner_shares").params == {
        "seat": SeatRef(B), "cards": CardsRef(("LA", "X2", "C3", "H4"))}


def test_the_cards_of_the_trick_become_the_next_share() -> None:
    state = trick(started(), "S5", "S9", "S7", "S6")
    assert state.share == cards("S5", "S9", "S7", "S6")
    state = hand_out(state, {A: "H4", B: "LA", C: "C3", D: "X2"})
    assert state.phase == "play" and state.expected_seat == B and state.leader == B
    assert state.share == cards("S5", "S9", "S7", "S6")
    assert keys(tns.rulings(state))[-2:] == [("tns.share_handed", "シェアの解決"), ("tns.new_share", "シェアの解決")]
    assert ruling(tns.rulings(state), "tns.new_share").params == {"trick": 1, "cards": CardsRef(("S5", "S9", "S7", "S6"))}
    # The next trick is won for that share.
    state = trick(state, "D2", "D3", "C4", "D8")
    assert state.giver == B
    assert state.handout is not None and state.handout.cards == cards("S5", "S9", "S7", "S6")
    assert state.share == cards("D2", "D3", "C4", "D8")


def test_each_player_receives_one_card_the_winner_included_in_any_order() -> None:
    state = trick(started(), "S5", "S9", "S7", "S6")
    state = tns.apply(state, give(B, "C3"))  # the winner keeps one
    assert state.handout is not None
    assert state.handout.left == cards("LA", "X2", "H4") and state.handout.waiting == (A, C, D)
    assert state.received_counts == (0, 1, 0, 0)
    state = hand_out(state, {D: "LA", A: "H4", C: "X2"})
    assert state.received == ((card("H4"),), (card("C3"),), (card("X2"),), (card("LA"),))
    assert state.handouts[0].card_of(D) == card("LA")


def test_the_last_share_card_goes_to_the_last_player_without_an_entry() -> None:
    """シェアの解決: one card to each player, so once one card and one player are left the
    choice is nobody's: the engine gives it (issue 31: forced choices made for the table)."""
    state = hand_out(trick(started(), "S5", "S9", "S7", "S6"), {B: "C3", D: "LA"})
    assert state.phase == "give" and state.handout is not None and state.handout.left == cards("X2", "H4")
    state = tns.apply(state, give(A, "H4"))
    assert state.phase == "play" and state.handout is None and state.expected_seat == B
    assert state.handouts[0].forced == tns.Give(C, card("X2"))
    assert state.received == ((card("H4"),), (card("C3"),), (card("X2"),), (card("LA"),))
    # The forced card is still a secret: no ruling names who received it.
    assert "tns.share_handed" in [k for k, _ in keys(tns.rulings(state))]
    assert all("seat" not in r.params or r.key != "tns.share_handed" or r.params["seat"] == SeatRef(B)
               for r in tns.rulings(state))


def test_three_players_enter_two_share_cards_of_three() -> None:
    state = trick(started(("L3", "X4", "C5"), players=3), "S5", "S9", "S7")
    state = hand_out(state, {B: "C5", A: "L3"})
    assert state.phase == "play" and state.received == ((card("L3"),), (card("C5"),), (card("X4"),))


def test_a_log_that_entered_the_forced_last_card_replays_the_same() -> None:
    """Logs written before the engine gave the last card name it: that entry is taken as said
    already, changes nothing, and anything else after the hand-out is refused as before."""
    state = hand_out(trick(started(), "S5", "S9", "S7", "S6"), {B: "C3", D: "LA", A: "H4"})
    assert tns.apply(state, give(C, "X2")) == state
    assert tns.apply(state, Event("give", {"seat": C, "card": "x2"})) == state
    refused("tns.nothing_to_give", tns.apply, state, give(A, "X2"))
    refused("tns.nothing_to_give", tns.apply, state, give(C, "H4"))
    refused("tns.nothing_to_give", tns.apply, trick(state, "D2"), give(C, "X2"))


def test_the_last_hand_out_of_the_game_ends_it_after_one_card_fewer() -> None:
    table = driver.simulate(7, players=4)
    state = base.replay(tns.initial, tns.apply, table.setup, table.events).state
    assert state.is_over and state.handouts[-1].forced is not None
    last = state.handouts[-1]
    assert len([e for e in table.events if e.kind == "give"]) >= 14 * 3
    # An old log's explicit last give after the end is taken as said already.
    assert last.forced is not None and tns.apply(state, give(last.forced.seat, last.forced.card.code)) == state


@pytest.mark.parametrize("players", [3, 4])
def test_the_last_card_of_the_game_is_laid_without_an_entry(players: int) -> None:
    """ゲームの準備: every card is dealt or shared, so in the last trick the last player's one
    card is the one not yet seen: the engine lays it (issue 31: forced choices)."""
    table = driver.simulate(11, players=players)
    state = base.replay(tns.initial, tns.apply, table.setup, table.events).state
    last = state.tricks[-1]
    assert state.is_over and last.forced and not any(t.forced for t in state.tricks[:-1])
    assert (last.plays[-1].seat, last.plays[-1].card.code) == (table.played[-1].seat, table.played[-1].card)
    assert len(state.used) == len(tns.deck(players))
    # A log that named that card (as logs did before) replays to the same game.
    plays = [i for i, e in enumerate(table.events) if e.kind == "play"]
    named = Event("play", {"seat": last.plays[-1].seat, "card": last.plays[-1].card.code})
    old = table.events[:plays[-1] + 1] + [named] + table.events[plays[-1] + 1:]
    assert base.replay(tns.initial, tns.apply, table.setup, old).state == state
    refused("tns.give_first", tns.apply, base.replay(tns.initial, tns.apply, table.setup, table.events[:plays[-1] + 1]).state,
            Event("play", {"seat": last.plays[0].seat, "card": last.plays[-1].card.code}))


def test_the_next_trick_waits_for_the_share_to_be_handed_out() -> None:
    state = tns.apply(trick(started(), "S5", "S9", "S7", "S6"), give(A, "LA"))
    error = refused("tns.give_first", tns.apply, state, play(B, "D2"))
    assert error.ruling.params == {"seat": SeatRef(B)}


@pytest.mark.parametrize(("entry", "key"), [
    (give(A, "S5"), "tns.give_not_share"),      # a card of this trick: the next share
    (give(A, "D9"), "tns.give_not_share"),      # a card still in a hand
    (give(4, "X2"), "tns.seat_unknown"),
    (give(-1, "X2"), "tns.seat_unknown"),
    (give(A, "LA"), "tns.give_card_twice"),
    (give(C, "X2"), "tns.give_seat_twice"),
    (Event("give", {"seat": "1", "card": "X2"}), "input.not_integer"),
    (Event("give", {"seat": 1, "card": "Z2"}), "tns.card_unknown_suit"),
])
def test_a_hand_out_that_is_not_one_share_card_per_player_is_refused(entry: Event, key: str) -> None:
    state = tns.apply(trick(started(), "S5", "S9", "S7", "S6"), give(C, "LA"))
    error = refused(key, tns.apply, state, entry)
    if key == "tns.give_seat_twice":
        assert error.ruling.params == {"seat": SeatRef(C), "card": CardRef("LA")}
    if key.startswith("tns.give"):
        assert error.ruling.clause == "シェアの解決"


def test_nothing_can_be_handed_out_during_a_trick() -> None:
    refused("tns.nothing_to_give", tns.apply, trick(started(), "S5"), give(A, "LA"))
    refused("tns.share_first", tns.apply, new_game(4), give(A, "LA"))


def test_the_winner_leads_the_next_trick_even_after_winning_low() -> None:
    state = trick(started(first_leader=3), "L6", "S3", "C4", "L9")
    assert state.tricks[0].winner == A
    state = hand_out(state, in_order(state))
    assert state.expected_seat == A


def test_received_cards_are_secret_only_the_counts_show_in_the_outcome() -> None:
    state = hand_out(trick(started(), "S5", "S9", "S7", "S6"), {A: "H4", B: "LA", C: "C3", D: "X2"})
    result = tns.outcome(state)
    assert result.points == (0, 0, 0, 0) and not result.over and result.places == (1, 1, 1, 1)
    assert result.facts == {"target": 20, "received": [1, 1, 1, 1]}
    # No ruling says who received which card.
    assert keys(tns.rulings(state)) == [("tns.high_wins", "トリックの解決 A)"), ("tns.winner_shares", "シェアの解決"),
                                        ("tns.winner_leads", "シェアの解決"), ("tns.share_handed", "シェアの解決"),
                                        ("tns.new_share", "シェアの解決")]
    assert ruling(tns.rulings(state), "tns.share_handed").params == {"seat": SeatRef(B), "trick": 1}


def test_undo_takes_back_a_hand_out_and_the_end_of_a_trick_one_entry_at_a_time() -> None:
    setup = {"players": ["a", "b", "c", "d"], "first_leader": 0}
    log = [Event("share", {"cards": ["LA", "X2", "C3", "H4"]}), play(0, "S5"), play(1, "S9"), play(2, "S7"),
           play(3, "S6"), give(0, "LA"), give(1, "X2")]
    full = base.replay(tns.initial, tns.apply, setup, log).state
    assert full.phase == "give" and full.received_counts == (1, 1, 0, 0)
    back = base.replay(tns.initial, tns.apply, setup, log + [Event(base.UNDO)] * 3).state
    assert back.phase == "play" and back.tricks == () and back.handouts == ()
    assert back.expected_seat == 3 and back.share == cards("LA", "X2", "C3", "H4")
    assert back.received_counts == (0, 0, 0, 0)
    again = base.replay(tns.initial, tns.apply, setup, log + [Event(base.UNDO)] * 3 + [play(3, "D2")]).state
    assert again.tricks[0].winner == 3 and again.tricks[0].resolution == "low"


# --------------------------------------------------------------------------- the end of a game


def test_after_the_last_trick_the_share_goes_out_and_the_last_tricks_cards_stay_out() -> None:
    table, state = whole_game(5, 4)
    assert state.is_over and state.phase == "over"
    assert len(state.tricks) == 14 and len(state.handouts) == 14
    last = state.tricks[-1]
    assert last.next_share == () and state.share == ()
    assert state.out_of_play == last.cards
    assert state.handouts[-1].cards == state.tricks[-2].cards
    assert keys(last.rulings)[-1] == ("tns.winner_shares_last", "ゲームの終了")
    assert "tns.winner_leads" not in [r.key for r in last.rulings]
    assert state.received_counts == (14, 14, 14, 14)
    received = {c for r in state.received for c in r}
    assert received.isdisjoint(last.cards)
    assert received | set(last.cards) == set(tns.deck(4))
    end = ruling(tns.rulings(state), "tns.game_end")
    assert end.params == {"tricks": 14, "cards": CardsRef(tuple(c.code for c in last.cards))}


def test_three_players_play_fifteen_tricks_and_receive_fifteen_cards_each() -> None:
    _, state = whole_game(6, 3)
    assert state.is_over and len(state.tricks) == 15
    assert state.received_counts == (15, 15, 15)
    assert {c for r in state.received for c in r} | set(state.out_of_play) == set(tns.deck(3))


def test_the_game_over_refuses_more_cards_but_not_an_accept() -> None:
    _, state = whole_game(5, 4)
    for entry in (play(state.leader, "LA"), give(0, "LA"), Event("share", {"card": "LA"})):
        error = refused("tns.game_over", tns.apply, state, entry)
        assert error.ruling.clause == "ゲームの終了"
    refused("tns.accept_unknown", tns.apply, state, Event("accept", {"seat": 0, "trick": 1}))


def test_the_game_is_not_over_until_the_last_share_is_handed_out() -> None:
    table = driver.simulate(5, 4)
    state = base.replay(tns.initial, tns.apply, table.setup, table.events[:-1]).state
    assert len(state.tricks) == 14 and not state.is_over and state.phase == "give"
    assert tns.outcome(state).points == (0, 0, 0, 0)


def test_the_outcome_is_the_score_of_the_received_cards_once_over() -> None:
    table, state = whole_game(9, 4)
    result = tns.outcome(state)
    assert result.over
    expected = tns.score([cards(*r) for r in table.received])
    assert result.points == expected.points
    assert result.places == expected.places
    assert keys(tns.rulings(state))[-1][0] in ("tns.winner", "tns.winners_share")


# --------------------------------------------------------------------------- the score


def test_rulebook_spade_example_a_scores_4_b_2_c_0_d_0() -> None:
    result = tns.score([cards("S3", "S4", "S5", "S6"), cards("S8", "S10"), cards("SA", "S2", "S9"), cards("S7")])
    assert result.sums["S"] == (18, 18, 12, 7)
    assert result.by_suit["S"] == (4, 2, 0, 0)
    assert result.points == (4, 2, 0, 0)
    shared = [r for r in result.rulings if r.key == "tns.suit_top_shared"]
    assert [(r.params["seat"], r.params["points"]) for r in shared] == [(SeatRef(A), 4), (SeatRef(B), 2)]
    assert all(r.params["names"] == SeatsRef((A, B)) and r.params["sum"] == 18 for r in shared)
    assert all(r.clause == "得点計算" for r in result.rulings)


def test_every_suit_is_scored_and_a_suit_nobody_holds_scores_nothing() -> None:
    result = tns.score([cards("L9", "X3"), cards("L4"), cards("X10")])
    assert list(result.by_suit) == list(result.sums) == list("LXCHSD")
    assert result.sums["L"] == (9, 4, 0) and result.by_suit["L"] == (1, 0, 0)
    for suit in "CHSD":
        assert result.sums[suit] == result.by_suit[suit] == (0, 0, 0)
    assert [r.params["suit"] for r in result.rulings if r.key == "tns.suit_nobody"] == [SuitRef(s) for s in "CHSD"]


def test_equal_highest_sums_each_score_their_own_count() -> None:
    result = tns.score([cards("L9", "X3"), cards("L2", "L3", "L4"), cards("X10")])
    # L: 9 against 2+3+4 = 9: both top; seat 0 scores 1, seat 1 scores 3. X: seat 2 (10 > 3) scores 1.
    assert result.by_suit["L"] == (1, 3, 0)
    assert result.by_suit["X"] == (0, 0, 1)
    assert result.points == (1, 3, 1)
    assert result.winners == (1,)
    assert keys(r for r in result.rulings if r.key == "tns.suit_nobody") == [("tns.suit_nobody", "得点計算")] * 4


def test_a_lower_sum_with_more_cards_scores_nothing() -> None:
    result = tns.score([cards("H10"), cards("H2", "H3", "H4"), cards("C5")])     # 10 against 2+3+4 = 9
    assert result.by_suit["H"] == (1, 0, 0)
    hearts = [r for r in result.rulings if r.params.get("suit") == SuitRef("H")]
    assert hearts == [Ruling("tns.suit_top", "得点計算", {"suit": SuitRef("H"), "seat": SeatRef(A), "sum": 10, "points": 1})]
    result = tns.score([cards("H10"), cards("H2", "H3", "H6"), cards("C5")])     # 10 against 11
    assert result.by_suit["H"] == (0, 3, 0)


def test_the_most_points_win_and_equal_most_share_the_win() -> None:
    alone = tns.score([cards("H10", "H9"), cards("C3"), cards("D4")])
    assert alone.winners == (A,) and alone.places == (1, 2, 2)
    assert ruling(alone.rulings, "tns.winner").params == {"seat": SeatRef(A), "points": 2}
    tie = tns.score([cards("H10"), cards("C3"), cards("D4")])
    assert tie.winners == (A, B, C) and tie.places == (1, 1, 1)
    assert ruling(tie.rulings, "tns.winners_share").params == {"names": SeatsRef((A, B, C)), "points": 1}


# --------------------------------------------------------------------------- revokes and the audit


def test_a_show_out_makes_a_player_void_and_a_later_card_of_the_suit_proves_a_revoke() -> None:
    state = trick(started(("LA", "X2", "C3", "H4")), "S5", "D9", "S7", "S6")   # B shows out of spades
    assert state.voids(B) == frozenset("S") and state.voids(A) == frozenset()
    assert tns.audit(state) == () and state.revokes == ()
    assert state.tricks[0].winner == A                # not all spades: the lowest number, A's S5
    state = hand_out(state, in_order(state))
    state = trick(state, "H9", "S8")                  # B plays a spade: proven revoke
    (revoke,) = state.revokes
    assert revoke.ruling == Ruling("tns.revoke", "トリックの手順 2)", {
        "seat": SeatRef(B), "trick": 1, "played": CardRef("D9"), "lead": CardRef("S5"), "suit": SuitRef("S"),
        "later_trick": 2, "card": CardRef("S8")})
    assert tns.rulings(state)[-1] == revoke.ruling
    (finding,) = tns.audit(state)                     # found mid-trick already
    assert finding.ref == {"seat": B, "trick": 1} and not finding.accepted
    assert finding.ruling.params["cards"] == CardsRef(("S8",))


def test_each_revoke_is_proven_once_and_the_audit_lists_every_later_card() -> None:
    state = trick(started(("LA", "X2", "C3", "H4")), "S5", "D9", "S7", "S6")
    state = hand_out(state, in_order(state))
    state = trick(state, "H9", "S8", "H10", "H8")
    state = hand_out(state, in_order(state))
    assert state.tricks[1].winner == B                # S8 and H8 share the lowest number: B played first
    state = trick(state, "S10", "SA", "S2", "S3")
    assert len(state.revokes) == 1
    (finding,) = tns.audit(state)
    assert finding.ruling.params["cards"] == CardsRef(("S8", "S10"))
    assert finding.ruling.params["tricks"] == (2, 3)
    assert finding.ruling.key == "tns.audit_illegal" and finding.ruling.clause == "トリックの手順 2)"


def test_a_show_out_never_contradicted_is_no_finding() -> None:
    state = trick(started(("LA", "X2", "C3", "H4")), "S5", "D9", "S7", "S6")
    state = hand_out(state, in_order(state))
    state = trick(state, "H9", "D8", "H10", "H8")
    assert tns.audit(state) == () and state.revokes == ()


def test_a_lead_card_is_never_a_show_out() -> None:
    state = trick(started(), "S5", "S9", "S7", "S6")
    state = hand_out(state, in_order(state))
    state = trick(state, "D2", "D3", "D4", "D5")       # B leads diamonds after a spade trick
    assert state.show_outs == () and state.voids(B) == frozenset()


def test_a_led_card_of_the_suit_shown_out_of_proves_a_revoke_too() -> None:
    state = trick(started(("LA", "X2", "C3", "H4")), "S5", "D2", "S7", "S6")
    assert state.tricks[0].winner == B
    state = hand_out(state, in_order(state))
    state = trick(state, "S8")
    (revoke,) = state.revokes
    assert (revoke.seat, revoke.shown_out.trick, revoke.trick, revoke.card) == (B, 1, 2, card("S8"))


def test_the_table_can_let_a_proven_revoke_stand_once() -> None:
    state = trick(started(("LA", "X2", "C3", "H4")), "S5", "D9", "S7", "S6")
    state = hand_out(state, in_order(state))
    state = trick(state, "H9", "S8")
    refused("tns.accept_unknown", tns.apply, state, Event("accept", {"seat": C, "trick": 1}))
    refused("tns.accept_unknown", tns.apply, state, Event("accept", {"seat": B, "trick": 2}))
    accepted = tns.apply(state, Event("accept", {"seat": B, "trick": 1}))
    assert tns.audit(accepted)[0].accepted
    assert accepted.plays == state.plays and accepted.revokes == state.revokes  # changes no result
    error = refused("tns.accept_twice", tns.apply, accepted, Event("accept", {"seat": B, "trick": 1}))
    assert error.ruling.clause == "RULINGS"
    refused("input.not_integer", tns.apply, state, Event("accept", {"seat": B, "trick": "1"}))


# --------------------------------------------------------------------------- the long game


def finished(points: tuple[int, ...], target: int = 20) -> Outcome:
    return Outcome(points, True, (1,) * len(points), facts={"target": target, "received": []})


def test_the_long_game_goes_on_until_a_total_passes_twenty_with_four_players() -> None:
    evening = tns.evening([finished((12, 8, 5, 3))], 4)
    assert not evening.over and evening.totals == (12, 8, 5, 3) and evening.leaders == (0,)
    assert evening.note is not None and evening.note.key == "tns.long_running" and evening.note.clause == "ロングゲーム"
    assert evening.note.params == {"target": 20, "done": 1, "names": SeatsRef((0,)), "points": 12}
    evening = tns.evening([finished((12, 8, 5, 3)), finished((9, 10, 2, 4))], 4)
    assert evening.over and evening.totals == (21, 18, 7, 7) and evening.leaders == (0,)
    assert evening.note == Ruling("tns.long_over", "ロングゲーム", {"target": 20, "names": SeatsRef((0,)), "points": 21})


def test_a_total_of_exactly_the_target_does_not_pass_it() -> None:
    assert not tns.evening([finished((12, 0, 0, 0)), finished((8, 0, 0, 0))], 4).over
    assert tns.evening([finished((12, 0, 0, 0)), finished((9, 0, 0, 0))], 4).over


def test_three_players_play_to_thirty() -> None:
    games = [finished((14, 10, 2), 30), finished((15, 1, 2), 30)]
    assert not tns.evening(games, 3).over                       # 29
    assert tns.evening(games + [finished((2, 0, 0), 30)], 3).over  # 31


def test_the_target_comes_from_the_games_option() -> None:
    assert tns.evening([finished((16, 0, 0, 0), 15)], 4).over
    assert not tns.evening([finished((16, 0, 0, 0), 20)], 4).over


def test_a_game_still_running_adds_nothing_and_an_empty_evening_states_the_target() -> None:
    running = Outcome((0, 0, 0, 0), False, (1, 1, 1, 1), facts={"target": 20, "received": [3, 3, 3, 3]})
    evening = tns.evening([running], 4)
    assert evening.totals == (0, 0, 0, 0) and not evening.over
    assert evening.note == Ruling("tns.long_start", "ロングゲーム", {"target": 20})
    assert tns.evening([], 3).note == Ruling("tns.long_start", "ロングゲーム", {"target": 30})


def test_equal_highest_totals_share_the_long_game() -> None:
    evening = tns.evening([finished((11, 11, 3, 2)), finished((10, 10, 3, 2))], 4)
    assert evening.over and evening.leaders == (0, 1)


def test_the_next_games_first_leader_is_the_left_neighbour_of_the_last_one() -> None:
    _, state = whole_game(5, 4)
    nxt = tns.next_setup(state)
    assert nxt["first_leader"] == (state.setup.first_leader + 1) % 4
    assert nxt["options"] == {"long_game_target": state.setup.target}
    assert tns.next_setup(new_game(3, first_leader=2, long_game_target="40")) == {"first_leader": 0, "options": {"long_game_target": "40"}}


# --------------------------------------------------------------------------- the judge


def test_judge_trick_all_the_lead_suit_the_highest_wins() -> None:
    answer = tns.judge({"ask": "trick", "plays": ["H4", "H9", "HA", "H7"]})
    assert answer["winner"] == 1 and answer["resolution"] == "high"
    assert keys(answer["rulings"]) == [("tns.high_wins", "トリックの解決 A)"), ("tns.winner_leads", "シェアの解決")]
    assert "illegal" not in answer


def test_judge_trick_another_suit_the_lowest_wins_the_earlier_on_equal() -> None:
    answer = tns.judge({"ask": "trick", "players": 3, "plays": ["L6", "D3", "C3"]})
    assert (answer["winner"], answer["resolution"]) == (1, "low")


def test_judge_trick_with_hands_names_the_plays_that_broke_must_follow() -> None:
    request = {"ask": "trick", "plays": ["L6", "D3", "C3", "L9"],
               "hands": [["L6", "X4"], ["D3", "L2"], ["C3", "H5"], ["L9", "D10"]]}
    answer = tns.judge(request)
    assert answer["illegal"] == [1]
    assert ruling(answer["rulings"], "tns.illegal_play").params == {
        "seat": SeatRef(1), "card": CardRef("D3"), "cards": CardsRef(("L2",)), "suit": SuitRef("L")}


@pytest.mark.parametrize(("request_", "key"), [
    ({"ask": "trick", "plays": ["L6", "D3"]}, "tns.player_count"),
    ({"ask": "trick", "plays": ["L6", "D3", "C3", "L9", "S4"]}, "tns.player_count"),
    ({"ask": "trick", "plays": ["L6", "D3", "L6"]}, "tns.card_twice"),
    ({"ask": "trick", "plays": ["L6", "D3", "C2"], "players": 3}, "tns.card_not_in_deck"),
    ({"ask": "trick", "plays": ["L6", "D3", "C3"], "players": 4}, "tns.play_count"),
    ({"ask": "trick", "plays": ["L6", "D3", "C3"], "players": 5}, "tns.player_count"),
    ({"ask": "trick", "plays": ["L6", "D3", "C3"], "players": "3"}, "input.not_integer"),
    ({"ask": "trick", "plays": "L6 D3 C3"}, "input.not_list"),
    ({"ask": "trick"}, "input.missing"),
    ({"ask": "trick", "plays": ["L6", 3, "C3"]}, "tns.card_malformed"),
    ({"ask": "trick", "plays": ["L6", "D3", "C3"], "hands": [["L6"], ["D3"]]}, "tns.hands_count"),
    ({"ask": "trick", "plays": ["L6", "D3", "C3"], "hands": [["L6"], ["D3"], ["C4"]]}, "tns.play_not_in_hand"),
    ({"ask": "trick", "plays": ["L6", "D3", "C3"], "hands": [["L6", "D3"], ["D3"], ["C3"]]}, "tns.card_twice"),
    ({"ask": "trick", "plays": ["L6", "D3", "C3"], "hands": "x"}, "input.not_list"),
    ({"ask": "trick", "plays": ["L6", "D3", "C3"], "hands": [["L6"], "D3", ["C3"]]}, "input.not_list"),
    ({"ask": "trick", "plays": ["L6", "D3", "C3"],
      "hands": [["L6"], ["D3"], ["C3"] + [f"H{n}" for n in range(3, 11)] + [f"S{n}" for n in range(3, 11)]]},
     "tns.hand_too_large"),
    ({"ask": "bid"}, "input.unknown_ask"),
    ([], "input.not_object"),
])
def test_judge_refuses_malformed_trick_requests(request_: Any, key: str) -> None:
    refused(key, tns.judge, request_)


def test_judge_score_answers_the_rulebooks_spade_example_with_every_suit_listed() -> None:
    answer = tns.judge({"ask": "score", "received": [["S3", "S4", "S5", "S6"], ["S8", "S10"], ["SA", "S2", "S9"], ["S7"]]})
    assert answer["points"] == [4, 2, 0, 0]
    assert answer["by_suit"] == {"L": [0] * 4, "X": [0] * 4, "C": [0] * 4, "H": [0] * 4, "S": [4, 2, 0, 0], "D": [0] * 4}
    assert answer["sums"]["S"] == [18, 18, 12, 7] and list(answer["sums"]) == list("LXCHSD")
    assert answer["winners"] == [0]


@pytest.mark.parametrize(("request_", "key"), [
    ({"ask": "score", "received": [["S3"], ["S4"]]}, "tns.player_count"),
    ({"ask": "score", "received": [["S3"], ["S4"], ["S5"], ["S6"], ["S7"]]}, "tns.player_count"),
    ({"ask": "score", "received": [["S3"], ["S4"], ["S3"]]}, "tns.card_twice"),
    ({"ask": "score", "received": [["SA"], ["S4"], ["S5"]]}, "tns.card_not_in_deck"),
    ({"ask": "score", "received": [[f"S{n}" for n in range(3, 11)] + [f"H{n}" for n in range(3, 11)], [], []]},
     "tns.received_too_many"),
    ({"ask": "score", "received": {"0": []}}, "input.not_list"),
    ({"ask": "score"}, "input.missing"),
])
def test_judge_refuses_malformed_score_requests(request_: Any, key: str) -> None:
    refused(key, tns.judge, request_)


def hand_request(seed: int, players: int, tricks: int | None = None) -> tuple[driver.Table, dict[str, Any]]:
    table = driver.simulate(seed, players)
    listed = table.tricks if tricks is None else table.tricks[:tricks]
    request = {"ask": "hand", "players": players, "first_leader": table.setup["first_leader"],
               "share": table.opening,
               "tricks": [{"plays": [c for _, c in t.plays], "given": [t.given[s] for s in range(players)]}
                          for t in listed]}
    return table, request


def test_judge_hand_replays_a_whole_hand() -> None:
    table, request = hand_request(21, 4)
    answer = tns.judge(request)
    assert answer["leaders"] == [t.leader for t in table.tricks]
    assert answer["winners"] == [t.winner for t in table.tricks]
    assert answer["received"] == table.received
    assert answer["complete"] is True and answer["revokes"] == []
    assert answer["points"] == list(tns.score([cards(*r) for r in table.received]).points)
    assert keys(answer["rulings"])[-1][0] in ("tns.winner", "tns.winners_share")


def test_judge_hand_reports_revokes_by_trick_index_and_seat() -> None:
    table = driver.simulate(4, 3, plant=2)
    offences = [(p.trick - 1, p.seat) for p in table.played if p.revoke]
    assert len(offences) == 1
    request = {"ask": "hand", "players": 3, "first_leader": table.setup["first_leader"], "share": table.opening,
               "tricks": [{"plays": [c for _, c in t.plays], "given": [t.given[s] for s in range(3)]}
                          for t in table.tricks]}
    answer = tns.judge(request)
    assert [tuple(r) for r in answer["revokes"]] == offences
    assert "tns.revoke" in [r.key for r in answer["rulings"]]


def test_judge_hand_may_stop_mid_trick_or_before_a_hand_out() -> None:
    table, request = hand_request(22, 4, tricks=3)
    request["tricks"][-1] = {"plays": request["tricks"][-1]["plays"][:2]}
    answer = tns.judge(request)
    assert answer["complete"] is False
    assert answer["leaders"] == [t.leader for t in table.tricks[:3]]
    assert answer["winners"] == [t.winner for t in table.tricks[:2]]
    del request["tricks"][-1]
    del request["tricks"][-1]["given"]
    answer = tns.judge(request)
    assert answer["winners"] == [t.winner for t in table.tricks[:2]]
    assert sum(len(r) for r in answer["received"]) == 4


def _hand_with(change: Any) -> dict[str, Any]:
    _, request = hand_request(23, 4, tricks=3)
    change(request)
    return request


@pytest.mark.parametrize(("change", "key"), [
    (lambda r: r.update(players=2), "tns.player_count"),
    (lambda r: r.update(players=5), "tns.player_count"),
    (lambda r: r.pop("players"), "input.missing"),
    (lambda r: r.pop("first_leader"), "input.missing"),
    (lambda r: r.update(first_leader=4), "setup.first_leader"),
    (lambda r: r.update(share=r["share"][:3]), "tns.share_count"),
    (lambda r: r["share"].__setitem__(1, r["share"][0]), "tns.card_used"),
    (lambda r: r["tricks"][1]["plays"].__setitem__(1, r["tricks"][0]["plays"][0]), "tns.card_used"),
    (lambda r: r["tricks"][0]["given"].__setitem__(0, r["tricks"][0]["plays"][0]), "tns.given_not_the_share"),
    (lambda r: r["tricks"][0]["given"].pop(), "tns.given_not_the_share"),
    (lambda r: r["tricks"][0]["given"].__setitem__(1, r["tricks"][0]["given"][0]), "tns.given_not_the_share"),
    (lambda r: r["tricks"][0].pop("given"), "tns.given_missing"),
    (lambda r: r["tricks"][0]["plays"].pop(), "tns.trick_incomplete"),
    (lambda r: r["tricks"][2]["plays"].pop(), "tns.given_too_early"),
    (lambda r: r["tricks"][2]["plays"].append("LA"), "tns.play_count"),
    (lambda r: r.update(tricks=r["tricks"] * 5), "tns.too_many_tricks"),
    (lambda r: r["tricks"].__setitem__(0, ["LA"]), "input.not_object"),
    (lambda r: r["tricks"][0]["plays"].__setitem__(0, "L11"), "tns.card_unknown_number"),
])
def test_judge_refuses_a_hand_that_cannot_be(change: Any, key: str) -> None:
    refused(key, tns.judge, _hand_with(change))


def test_judge_hand_refuses_more_tricks_than_a_hand_holds() -> None:
    _, request = hand_request(24, 3)
    request["tricks"].append({"plays": ["L3", "L4", "L5"]})
    error = refused("tns.too_many_tricks", tns.judge, request)
    assert error.ruling.params == {"count": 16, "limit": 15}


def test_judge_match_adds_the_games_and_ends_when_a_total_passes_the_target() -> None:
    answer = tns.judge({"ask": "match", "games": [[12, 8, 5, 3], [9, 10, 2, 4]]})
    assert answer["totals"] == [21, 18, 7, 7] and answer["over"] is True and answer["winners"] == [0]
    assert answer["target"] == 20
    assert keys(answer["rulings"]) == [("tns.long_over", "ロングゲーム")]
    answer = tns.judge({"ask": "match", "games": [[12, 8, 5], [9, 10, 2]]})
    assert answer["over"] is False and answer["target"] == 30
    answer = tns.judge({"ask": "match", "games": [[12, 8, 5], [9, 10, 2]], "target": 20})
    assert answer["over"] is True


@pytest.mark.parametrize(("request_", "key"), [
    ({"ask": "match", "games": [[12, 8, 5, 3], [9, 10, 2, 4], [1, 1, 1, 1]]}, "tns.game_after_over"),
    ({"ask": "match", "games": [[15, 0, 0, 0]]}, "tns.game_score_range"),
    ({"ask": "match", "games": [[16, 0, 0]]}, "tns.game_score_range"),
    ({"ask": "match", "games": [[-1, 0, 0]]}, "tns.game_score_range"),
    ({"ask": "match", "games": [[1, 0]]}, "tns.player_count"),
    ({"ask": "match", "games": [[1, 0, 0, 0, 0]]}, "tns.player_count"),
    ({"ask": "match", "games": [[1, 0, 0, 0], [1, 0, 0]]}, "tns.match_players"),
    ({"ask": "match", "games": []}, "tns.match_no_games"),
    ({"ask": "match", "games": [[1, "2", 0]]}, "input.not_integer"),
    ({"ask": "match", "games": [[1, True, 0]]}, "input.not_integer"),
    ({"ask": "match", "games": [[1, 2.0, 0]]}, "input.not_integer"),
    ({"ask": "match", "games": [3]}, "input.not_list"),
    ({"ask": "match", "games": [[1, 2, 0], 3]}, "input.not_list"),
    ({"ask": "match", "games": [[1, 2, 0]], "target": "20"}, "input.not_integer"),
    ({"ask": "match", "games": [[1, 2, 0]], "target": 0}, "tns.target_range"),
])
def test_judge_refuses_an_impossible_match(request_: Any, key: str) -> None:
    refused(key, tns.judge, request_)


def test_judge_answers_render_as_plain_json_in_english() -> None:
    ok, answer = i18n.judge(tns, {"ask": "trick", "plays": ["L6", "D3", "C3", "L9"]}, EN)
    assert ok, answer
    assert answer["rulings"][0] == {"clause": "トリックの手順 2)",
                                    "text": "Player B did not follow ❦ leaf with ♦ diamond 3: they are shown to hold no ❦ leaf."}
    json.dumps(answer)
    ok, answer = i18n.judge(tns, {"ask": "score", "received": [["S3", "S4", "S5", "S6"], ["S8", "S10"], ["SA", "S2", "S9"], ["S7"]]}, EN)
    assert ok and answer["points"] == [4, 2, 0, 0]
    assert {"clause": "得点計算",
            "text": "♠ spade: Player A, Player B share the highest sum, 18; Player A scores 4, one point per card of the suit."
            } in answer["rulings"]
    ok, answer = i18n.judge(tns, {"ask": "trick", "plays": ["L6", "D3"]}, EN)
    assert not ok and answer == {"error": "Take & Share is for 3 or 4 players; got 2."}


# --------------------------------------------------------------------------- forms and the quick judge


def test_form_payload_shapes_each_entry() -> None:
    assert tns.form_payload("share", {"card": ["LA"]}) == {"card": "LA"}
    assert tns.form_payload("play", {"card": ["X10"], "seat": ["2"]}) == {"card": "X10", "seat": 2}
    assert tns.form_payload("give", {"card": ["X10"], "seat": ["x"], "suit": ["X"]}) == {"card": "X10", "seat": "x"}
    assert tns.form_payload("accept", {"seat": ["1"], "trick": ["3"]}) == {"seat": 1, "trick": 3}
    state = trick(started(), "S5", "S9", "S7", "S6")
    refused("input.not_integer", tns.apply, state, Event("give", tns.form_payload("give", {"card": ["LA"], "seat": ["x"]})))


def test_quick_judge_waits_for_every_card_then_asks_the_trick() -> None:
    request, entered = tns.quick_judge_request({"players": ["3"], "cards": ["L6.D3"], "card": ["C3"]})
    assert request == {"ask": "trick", "players": 3, "plays": ["L6", "D3", "C3"]}
    assert entered["full"] and entered["lead_suit"] == "L" and entered["off_suit"]
    assert entered["carried"] == {"players": 3, "cards": "L6.D3.C3"}
    assert tns.judge(request)["winner"] == 1
    request, entered = tns.quick_judge_request({"players": ["4"], "cards": ["L6.D3"], "card": ["C3"]})
    assert request is None and entered["cards"] == cards("L6", "D3", "C3") and not entered["full"]


def test_quick_judge_drops_what_it_cannot_read_and_takes_back() -> None:
    _, entered = tns.quick_judge_request({"players": ["3"], "cards": ["L6.D3"], "back": [""]})
    assert entered["cards"] == cards("L6")
    _, entered = tns.quick_judge_request({"players": ["3"], "cards": ["L6.LA.D3"], "card": ["L6"]})
    assert entered["cards"] == cards("L6")  # LA is no card with 3 players: stop there; L6 is in already
    _, entered = tns.quick_judge_request({"cards": ["L6"], "card": ["D3"]})
    assert entered["players"] is None and entered["cards"] == () and entered["carried"] == {}
    request, entered = tns.quick_judge_request({"players": ["4"], "cards": ["L6.D3.C3.L9.H2"]})
    assert entered["cards"] == cards("L6", "D3", "C3", "L9") and request is not None


# --------------------------------------------------------------------------- words and clauses


RULEBOOK = Path(tns.__file__).parent / "rulebook.json"


def every_ruling_and_refusal() -> list[Ruling]:
    """Rulings from whole games (with revokes), the judge and the evening, and refusals."""
    found: list[Ruling] = []
    for seed, players in ((1, 3), (2, 4), (3, 4)):
        table = driver.simulate(seed, players, revoke_rate=0.2)
        states = [tns.initial(table.setup)]
        for event in table.events:
            if event.kind == base.UNDO:
                states.pop()
            else:
                states.append(tns.apply(states[-1], event))
                found += tns.rulings(states[-1])
        state = states[-1]
        assert state.is_over
        found += [f.ruling for f in tns.audit(state)]
    for games in ([], [finished((5, 1, 1, 1))], [finished((25, 1, 1, 1))]):
        note = tns.evening(games, 4).note
        assert note is not None
        found.append(note)
    found += tns.score([cards("H10"), cards("C3"), cards("D4")]).rulings
    found += tns.score([cards("H10", "C3"), cards("H4", "H6"), cards("D4")]).rulings
    found += tns.judge({"ask": "trick", "plays": ["L6", "D3", "C3", "L9"],
                        "hands": [["L6", "X4"], ["D3", "L2"], ["C3", "H5"], ["L9", "D10"]]})["rulings"]
    found += tns.resolve(plays("L6", "D3", "C3")).rulings
    return found


def test_every_ruling_has_words_for_its_parameters_and_cites_a_clause_of_the_rulebook() -> None:
    labels = {s["label"] for s in json.loads(RULEBOOK.read_text(encoding="utf-8"))["sections"]} | {"RULINGS"}
    rulings = every_ruling_and_refusal()
    assert {r.key for r in rulings} >= {"tns.revoke", "tns.low_tie_earlier", "tns.suit_top_shared", "tns.game_end",
                                        "tns.long_over", "tns.illegal_play", "tns.audit_illegal"}
    for r in rulings:
        assert r.clause in labels, r
        sentence = i18n.render(r, tns, EN)
        assert "%(" not in sentence and sentence != r.key, r


REFUSALS: list[tuple[Any, ...]] = [
    (tns.parse_card, "L11"), (tns.parse_card, "LA", 3), (tns.parse_card, "Q5"), (tns.parse_card, 5),
    (new_game, 5), (tns.apply, new_game(4), play(0, "LA")),
    (tns.apply, started(), play(1, "L5")), (tns.apply, started(), play(0, "LA")),
    (tns.apply, started(), Event("share", {"card": "L5"})),
    (tns.apply, new_game(4), Event("share", {"cards": ["L2", "L3", "L4", "L5", "L6"]})),
    (tns.apply, new_game(4), give(0, "LA")),
    (tns.apply, trick(started(), "S5"), give(0, "LA")),
    (tns.apply, trick(started(), "S5", "S9", "S7", "S6"), play(1, "D2")),
    (tns.apply, trick(started(), "S5", "S9", "S7", "S6"), give(0, "D2")),
    (tns.apply, trick(started(), "S5", "S9", "S7", "S6"), give(9, "LA")),
    (tns.apply, tns.apply(trick(started(), "S5", "S9", "S7", "S6"), give(0, "LA")), give(1, "LA")),
    (tns.apply, tns.apply(trick(started(), "S5", "S9", "S7", "S6"), give(0, "LA")), give(0, "X2")),
    (tns.apply, started(), Event("accept", {"seat": 0, "trick": 1})),
    (tns.judge, {"ask": "trick", "plays": ["L6", "D3", "C3"], "players": 4}),
    (tns.judge, {"ask": "trick", "plays": ["L6", "D3", "L6"]}),
    (tns.judge, {"ask": "trick", "plays": ["L6", "D3", "C3"], "hands": [["L6"]]}),
    (tns.judge, {"ask": "trick", "plays": ["L6", "D3", "C3"], "hands": [["L6"], ["D3"], ["C4"]]}),
    (tns.judge, {"ask": "score", "received": [[f"S{n}" for n in range(3, 11)] + [f"H{n}" for n in range(3, 11)], [], []]}),
    (tns.judge, {"ask": "match", "games": []}),
    (tns.judge, {"ask": "match", "games": [[1, 0, 0, 0], [1, 0, 0]]}),
    (tns.judge, {"ask": "match", "games": [[16, 0, 0]]}),
    (tns.judge, {"ask": "match", "games": [[25, 0, 0, 0], [1, 0, 0, 0]]}),
    (tns.judge, {"ask": "match", "games": [[1, 0, 0]], "target": -3}),
    (tns.judge, {"ask": "hand", "players": 3, "first_leader": 0, "share": ["L3"], "tricks": []}),
    (tns.judge, {"ask": "hand", "players": 3, "first_leader": 0, "share": ["L3", "L4", "L5"], "tricks": [{"plays": []}] * 16}),
    (tns.judge, {"ask": "hand", "players": 3, "first_leader": 0, "share": ["L3", "L4", "L5"],
                 "tricks": [{"plays": ["X3"]}, {"plays": []}]}),
    (tns.judge, {"ask": "hand", "players": 3, "first_leader": 0, "share": ["L3", "L4", "L5"],
                 "tricks": [{"plays": ["X3"], "given": []}]}),
    (tns.judge, {"ask": "hand", "players": 3, "first_leader": 0, "share": ["L3", "L4", "L5"],
                 "tricks": [{"plays": ["X3", "X4", "X5"]}, {"plays": []}]}),
    (tns.judge, {"ask": "hand", "players": 3, "first_leader": 0, "share": ["L3", "L4", "L5"],
                 "tricks": [{"plays": ["X3", "X4", "X5"], "given": ["L3", "L4", "L6"]}]}),
]


@pytest.mark.parametrize("call", REFUSALS, ids=lambda call: getattr(call[0], "__name__", "call"))
def test_every_refusal_has_words_for_its_parameters_and_a_known_clause(call: tuple[Any, ...]) -> None:
    labels = {s["label"] for s in json.loads(RULEBOOK.read_text(encoding="utf-8"))["sections"]} | {"RULINGS", ""}
    with pytest.raises(base.RuleError) as info:
        call[0](*call[1:])
    r = info.value.ruling
    assert r.clause in labels, r
    assert r.key in tns.MESSAGES or r.key in base.MESSAGES, r
    sentence = i18n.render(r, tns, EN)
    assert "%(" not in sentence and sentence != r.key, r


def test_the_rulebook_file_is_shaped_like_the_others() -> None:
    book = json.loads(RULEBOOK.read_text(encoding="utf-8"))
    assert book["slug"] == tns.SLUG and book["source"] == "002_53a106b024f6a4e1.txt"
    ids = [s["id"] for s in book["sections"]] + [r["id"] for r in book["rulings"]]
    assert len(ids) == len(set(ids))
    labels = [s["label"] for s in book["sections"]]
    assert len(labels) == len(set(labels))
    for section in book["sections"]:
        assert set(section) - {"badge"} == {"id", "label", "level", "heading", "ja", "en"}
        assert section["level"] in (1, 2) and set(section["heading"]) == {"ja", "en"}
        # A sub-clause's badge names it as a reference does, on an English page.
        assert ("badge" in section) == (section["level"] == 2)
        if "badge" in section:
            assert set(section["badge"]) == {"en"} and section["badge"]["en"].endswith(section["label"][-2:])
        assert bool(section["ja"]) == bool(section["en"])
    for entry in book["rulings"]:
        assert set(entry) == {"id", "label", "about", "ja", "en"}
        assert entry["label"] == "RULINGS" and entry["about"] in labels
    scoring = next(s for s in book["sections"] if s["label"] == "得点計算")
    assert "Aが4点、Bが2点、CとDは0点" in scoring["ja"] and "A 4 points, B 2 points" in scoring["en"]
