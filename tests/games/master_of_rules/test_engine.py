"""ルールの達人 (Master of Rules): the pure engine against the rulebook and RULINGS.md.

Rulebook: shared/rules/003_baedc90d98f00689.txt. The pictures of the five rules and of the
scoring example (得点計算の例) are lost; the cases here are rebuilt from the text around
them. Seats are 0..n-1 clockwise; a player's right neighbour is the seat before (RULINGS).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import i18n
from companion.rules import base
from companion.rules import master_of_rules as mor
from companion.rules.base import CardRef, CardsRef, Event, Ruling, SeatRef, SuitRef
from companion.rules.contract import Outcome
from tests.kit.rulings import refused

A, B, C, D, E = range(5)
TRIO, ONLY_ONE, LIMIT_23, BEST, SR = mor.RULES
EN = i18n.catalog("en")


# --------------------------------------------------------------------------- helpers


def cards(*codes: str) -> list[mor.Number]:
    return [mor.parse_number(code) for code in codes]


def decide(numbers, rules, dummies=()) -> tuple[mor.Verdict, ...]:
    return mor.decide(cards(*numbers), list(rules), cards(*dummies))


def new_game(players: int = 5, first_leader: int = 0) -> mor.State:
    return mor.initial({"players": [f"P{i}" for i in range(players)], "first_leader": first_leader,
                        "options": {}})


def number(seat: int, code: str) -> Event:
    return Event("number", {"seat": seat, "card": code})


def rule(seat: int, name: str, reveal: bool | None = None) -> Event:
    payload = {"seat": seat, "rule": name}
    if reveal is not None:
        payload["reveal"] = reveal
    return Event("rule", payload)


def dummy_number(dummy: int, code: str) -> Event:
    return Event("dummy_number", {"dummy": dummy, "card": code})


def dummy_rule(name: str, dummy: int = 1) -> Event:
    return Event("dummy_rule", {"dummy": dummy, "rule": name})


def play(state: mor.State, *events: Event) -> mor.State:
    for event in events:
        state = mor.apply(state, event)
    return state


def play_round(state: mor.State, numbers, rules, dummies=(), dummy_rule_name=None,
               rule_first=(), reveal=()) -> mor.State:
    """Enter one whole round in the order the engine asks for it.

    `numbers` and `rules` are per seat; seats in `rule_first` lay their rule card in lap 1;
    seats in `reveal` reveal their rule cards.
    """
    done = len(state.results)
    while len(state.results) == done:
        expected = state.expected
        assert expected is not None
        if expected.dummy is not None:
            if mor.DUMMY_NUMBER in expected.kinds:
                state = mor.apply(state, dummy_number(expected.dummy, dummies[expected.dummy - 1]))
            else:
                state = mor.apply(state, dummy_rule(dummy_rule_name))
            continue
        seat = expected.seat
        assert seat is not None
        if len(expected.kinds) == 1:
            kind = expected.kinds[0]
        else:
            kind = mor.RULE if seat in rule_first else mor.NUMBER
        if kind == mor.NUMBER:
            state = mor.apply(state, number(seat, numbers[seat]))
        else:
            state = mor.apply(state, rule(seat, rules[seat], True if seat in reveal else None))
    return state


GENERIC = {
    3: (["B1", "B2", "B3"], [TRIO, ONLY_ONE, LIMIT_23], ["B4", "B5"], BEST),
    4: (["B1", "B2", "B3", "B4"], [TRIO, ONLY_ONE, LIMIT_23, BEST], ["B5"], None),
    5: (["B1", "B2", "B3", "B4", "B5"], [TRIO, ONLY_ONE, LIMIT_23, BEST, SR], [], None),
}
"""A legal round for each table size: five blues 1-5, every player a different rule."""


def generic_round(state: mor.State) -> mor.State:
    numbers, rules, dummies, dummy_rule_name = GENERIC[state.players]
    return play_round(state, numbers, rules, dummies, dummy_rule_name)


def say(ruling: Ruling, names=("Aki", "Bo", "Chie", "Dan", "Emi")) -> str:
    return i18n.render(ruling, mor, EN, list(names))


# --------------------------------------------------------------------------- the cards


def test_the_number_deck_has_45_cards_one_of_each_colour_and_number():
    assert len(mor.DECK) == 45 == len({c.code for c in mor.DECK})
    assert mor.COLOURS == ("B", "R", "Y", "G", "P")
    for colour in mor.COLOURS:
        assert sorted(c.value for c in mor.DECK if c.colour == colour) == list(range(1, 10))
    assert all(mor.parse_number(c.code) == c for c in mor.DECK)


def test_number_codes_read_in_lowercase_and_with_spaces():
    assert mor.parse_number("b7") == mor.Number("B", 7)
    assert mor.parse_number(" P 9 ").code == "P9"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("X7", "mor.card_unknown_colour"),
        ("W1", "mor.card_unknown_colour"),
        ("B0", "mor.card_number_range"),
        ("B10", "mor.card_number_range"),
        ("B", "mor.card_malformed"),
        ("7B", "mor.card_malformed"),
        ("青7", "mor.card_malformed"),
        ("", "mor.card_malformed"),
        (7, "mor.card_malformed"),
        (None, "mor.card_malformed"),
    ],
)
def test_cards_not_in_the_deck_are_refused(text, key):
    assert refused(key, mor.parse_number, text).ruling.clause == "内容物"


def test_rule_names_read_as_printed_or_as_codes():
    assert mor.parse_rule("TRIO") == TRIO
    assert mor.parse_rule("only one") == ONLY_ONE
    assert mor.parse_rule("LIMIT 23") == LIMIT_23
    assert mor.parse_rule("BEST of the BEST") == BEST
    assert mor.parse_rule("support-right") == SR
    for bad in ("QUARTET", "", None, 3, ["TRIO"]):
        assert refused("mor.rule_unknown", mor.parse_rule, bad).ruling.clause == "内容物"


def test_module_constants_describe_the_game():
    assert mor.SLUG == "master-of-rules"
    assert mor.NAME == "Master of Rules"
    assert mor.PLAYER_COUNTS == (3, 4, 5)
    assert mor.OPTIONS == ()
    assert set(mor.SUIT_NAMES) == set(mor.SUIT_SYMBOLS) == set(mor.COLOURS)
    assert mor.SUIT_NAMES["P"] == "purple"
    assert mor.RULES == ("TRIO", "ONLY_ONE", "LIMIT_23", "BEST_OF_THE_BEST", "SUPPORT_RIGHT")
    assert [mor.RULE_NAMES[r] for r in mor.RULES] == [
        "TRIO", "ONLY ONE", "LIMIT 23", "BEST of the BEST", "SUPPORT RIGHT"]
    assert mor.TIE_BREAK == (TRIO, ONLY_ONE, BEST, LIMIT_23, SR)
    assert [mor.card_text(code, EN.gettext) for code in ("B7", "p1")] == ["■ blue 7", "◆ purple 1"]
    assert i18n.card_text(mor, "B7", EN.gettext) == "■ blue 7"


def test_every_message_key_in_the_package_has_an_english_template_and_is_used():
    package = Path(mor.__file__).parent
    source = "\n".join(path.read_text(encoding="utf-8") for path in sorted(package.glob("*.py")))
    keys = re.findall(r'"((?:mor|setup|input)\.[\w.]+)"', source)
    assert set(keys) - set(mor.MESSAGES) - set(base.MESSAGES) == set()
    # Each of the package's own keys appears once in MESSAGES and at least once where it is used.
    assert [k for k in mor.MESSAGES if keys.count(k) < 2] == []
    for key, template in mor.MESSAGES.items():
        assert re.sub(r"%\(\w+\)s", "", template).count("%") == 0, key


# --------------------------------------------------------------------------- TRIO


def test_trio_by_colour_three_blues_even_if_your_own_card_is_not_one_of_them():
    (verdict, *_) = decide(["R1", "B3", "B7", "B9", "G2"], [TRIO, LIMIT_23, LIMIT_23, LIMIT_23, LIMIT_23])
    assert verdict.achieved
    assert verdict.ruling == Ruling("mor.trio.colour", "TRIO", {
        "seat": SeatRef(A), "count": 3, "suit": SuitRef("B"), "cards": CardsRef(("B3", "B7", "B9"))})
    assert say(verdict.ruling) == "Aki achieves TRIO: 3 ■ blue cards, ■ blue 3, ■ blue 7, ■ blue 9."


def test_trio_by_number_three_fives():
    (verdict, *_) = decide(["B5", "R5", "Y5", "G1", "P2"], [TRIO] + [LIMIT_23] * 4)
    assert verdict.achieved
    assert verdict.ruling.key == "mor.trio.number"
    assert verdict.ruling.params["number"] == 5
    assert verdict.ruling.params["cards"] == CardsRef(("B5", "R5", "Y5"))


def test_trio_by_four_of_a_colour():
    (verdict, *_) = decide(["B1", "B2", "B3", "B4", "R9"], [TRIO] + [LIMIT_23] * 4)
    assert verdict.achieved and verdict.ruling.params["count"] == 4


def test_trio_missed_with_two_pairs_of_colour_and_of_number():
    (verdict, *_) = decide(["B1", "B2", "R1", "R2", "Y9"], [TRIO] + [LIMIT_23] * 4)
    assert not verdict.achieved
    assert verdict.ruling == Ruling("mor.trio.miss", "TRIO", {
        "seat": SeatRef(A), "cards": CardsRef(("B1", "B2", "R1", "R2", "Y9"))})


def test_trio_counts_the_dummies_cards():
    # 3 players: two blues among the players, the third on dummy 2.
    (verdict, *_) = decide(["B1", "B2", "R3"], [TRIO, LIMIT_23, LIMIT_23], ["G4", "B8"])
    assert verdict.achieved
    assert verdict.ruling.params["cards"] == CardsRef(("B1", "B2", "B8"))


# --------------------------------------------------------------------------- ONLY ONE


def test_only_one_when_neither_colour_nor_number_repeats():
    (verdict, *_) = decide(["B1", "R2", "Y3", "G4", "P5"], [ONLY_ONE] + [LIMIT_23] * 4)
    assert verdict.achieved
    assert verdict.ruling == Ruling("mor.only_one.hit", "ONLY ONE", {
        "seat": SeatRef(A), "card": CardRef("B1"), "suit": SuitRef("B"), "number": 1})


def test_only_one_only_looks_at_your_own_card():
    # Other cards may repeat among themselves (R2, R3), as long as yours is unique.
    (verdict, *_) = decide(["B1", "R2", "R3", "G3", "P5"], [ONLY_ONE] + [LIMIT_23] * 4)
    assert verdict.achieved


def test_only_one_missed_by_a_shared_colour():
    (verdict, *_) = decide(["B1", "B2", "Y3", "G4", "P5"], [ONLY_ONE] + [LIMIT_23] * 4)
    assert not verdict.achieved
    assert verdict.ruling.key == "mor.only_one.miss_colour"
    assert verdict.ruling.params["cards"] == CardsRef(("B2",))


def test_only_one_missed_by_a_shared_number_on_a_dummy():
    (verdict, *_) = decide(["B1", "R2", "Y3", "G4"], [ONLY_ONE] + [LIMIT_23] * 3, ["P1"])
    assert not verdict.achieved
    assert verdict.ruling.key == "mor.only_one.miss_number"
    assert verdict.ruling.params["cards"] == CardsRef(("P1",))


def test_only_one_missed_by_both_colour_and_number():
    (verdict, *_) = decide(["B1", "B2", "R1", "G4", "P5"], [ONLY_ONE] + [LIMIT_23] * 4)
    assert not verdict.achieved
    assert verdict.ruling.key == "mor.only_one.miss_both"
    assert verdict.ruling.params["colour_cards"] == CardsRef(("B2",))
    assert verdict.ruling.params["number_cards"] == CardsRef(("R1",))


# --------------------------------------------------------------------------- LIMIT 23


def test_limit_23_achieved_at_exactly_23():
    (verdict, *_) = decide(["B9", "R8", "Y3", "G2", "P1"], [LIMIT_23] * 5)
    assert verdict.achieved
    assert verdict.ruling == Ruling("mor.limit_23.hit", "LIMIT 23", {"seat": SeatRef(A), "total": 23})
    assert say(verdict.ruling) == "Aki achieves LIMIT 23: the five cards add up to 23, 23 or less."


def test_limit_23_missed_at_24():
    verdicts = decide(["B9", "R8", "Y3", "G2", "P2"], [LIMIT_23] * 5)
    assert not any(v.achieved for v in verdicts)
    assert verdicts[0].ruling == Ruling("mor.limit_23.miss", "LIMIT 23", {"seat": SeatRef(A), "total": 24})


def test_limit_23_adds_the_dummies_numbers():
    assert decide(["B9", "R8", "Y3"], [LIMIT_23] * 3, ["G2", "P1"])[0].achieved
    assert not decide(["B9", "R8", "Y3"], [LIMIT_23] * 3, ["G2", "P2"])[0].achieved


# --------------------------------------------------------------------------- BEST of the BEST


def test_best_of_the_best_highest_of_the_most_frequent_colour():
    verdicts = decide(["B9", "B7", "R1", "B3", "G2"], [BEST] * 5)
    assert [v.achieved for v in verdicts] == [True, False, False, False, False]
    assert verdicts[0].ruling == Ruling("mor.best.hit", "BEST of the BEST", {
        "seat": SeatRef(A), "card": CardRef("B9"), "suit": SuitRef("B"), "count": 3})
    assert verdicts[1].ruling == Ruling("mor.best.miss_higher", "BEST of the BEST", {
        "seat": SeatRef(B), "card": CardRef("B7"), "higher": CardRef("B9"), "suit": SuitRef("B")})
    assert verdicts[2].ruling == Ruling("mor.best.miss_colour", "BEST of the BEST", {
        "seat": SeatRef(C), "card": CardRef("R1"), "suit": SuitRef("R"), "count": 1, "top": 3})


def test_best_of_the_best_colours_tied_for_most_all_count():
    verdicts = decide(["B7", "R8", "B3", "R2", "G9"], [BEST] * 5)
    assert [v.achieved for v in verdicts] == [True, True, False, False, False]
    assert verdicts[0].ruling.key == verdicts[1].ruling.key == "mor.best.hit_tie"
    assert verdicts[0].ruling.params["count"] == 2
    # G9 is the highest card of all, but green is not among the most frequent colours.
    assert verdicts[4].ruling.key == "mor.best.miss_colour"
    assert (verdicts[4].ruling.params["count"], verdicts[4].ruling.params["top"]) == (1, 2)


def test_best_of_the_best_one_more_card_breaks_the_colour_tie():
    verdicts = decide(["B7", "R8", "B3", "R2", "B1"], [BEST] * 5)
    assert [v.achieved for v in verdicts] == [True, False, False, False, False]
    assert verdicts[0].ruling.key == "mor.best.hit"
    assert verdicts[1].ruling.key == "mor.best.miss_colour"


def test_best_of_the_best_five_different_colours_every_card_is_best():
    verdicts = decide(["B1", "R2", "Y3", "G4", "P5"], [BEST] * 5)
    assert all(v.achieved for v in verdicts)
    assert {v.ruling.key for v in verdicts} == {"mor.best.hit_tie"}


def test_best_of_the_best_lost_to_a_dummys_higher_card():
    verdicts = decide(["B3", "R1", "Y2", "G4"], [BEST, LIMIT_23, LIMIT_23, LIMIT_23], ["B9"])
    assert not verdicts[0].achieved
    assert verdicts[0].ruling.params["higher"] == CardRef("B9")


# --------------------------------------------------------------------------- SUPPORT RIGHT


def test_support_right_follows_the_right_neighbours_result():
    # Sum 10: A's LIMIT 23 is achieved; B (A's left) supports A; C supports B through the chain.
    verdicts = decide(["B1", "R2", "Y3", "G4"], [LIMIT_23, SR, SR, TRIO], ["P5"])
    assert [v.achieved for v in verdicts] == [True, True, True, False]
    assert verdicts[1].ruling == Ruling("mor.support_right.hit", "SUPPORT RIGHT", {
        "seat": SeatRef(B), "right": SeatRef(A), "rule": "LIMIT 23"})
    assert verdicts[2].ruling == Ruling("mor.support_right.hit", "SUPPORT RIGHT", {
        "seat": SeatRef(C), "right": SeatRef(B), "rule": "SUPPORT RIGHT"})
    assert say(verdicts[1].ruling) == "Bo achieves SUPPORT RIGHT: Aki, on their right, achieved LIMIT 23."


def test_support_right_misses_when_the_right_neighbour_misses():
    verdicts = decide(["B1", "R2", "Y3", "G4", "P5"], [TRIO, SR, LIMIT_23, LIMIT_23, LIMIT_23])
    assert [v.achieved for v in verdicts] == [False, False, True, True, True]
    assert verdicts[1].ruling == Ruling("mor.support_right.miss", "SUPPORT RIGHT", {
        "seat": SeatRef(B), "right": SeatRef(A), "rule": "TRIO"})


def test_support_right_of_the_first_seat_looks_at_the_last_seat():
    verdicts = decide(["B1", "R2", "Y3", "G4", "P5"], [SR, TRIO, TRIO, TRIO, LIMIT_23])
    assert verdicts[0].achieved
    assert verdicts[0].ruling.params["right"] == SeatRef(E)
    verdicts = decide(["B1", "R2", "Y3", "G4", "P9"], [SR, LIMIT_23, LIMIT_23, LIMIT_23, TRIO])
    assert not verdicts[0].achieved


def test_support_right_chains_through_to_a_miss():
    verdicts = decide(["B1", "R2", "Y3", "G4"], [SR, TRIO, SR, SR], ["P5"])
    assert [v.achieved for v in verdicts] == [False, False, False, False]
    assert verdicts[0].ruling.params == {"seat": SeatRef(A), "right": SeatRef(D), "rule": "SUPPORT RIGHT"}
    assert verdicts[2].ruling.params == {"seat": SeatRef(C), "right": SeatRef(B), "rule": "TRIO"}


def test_support_right_chains_through_to_a_hit():
    verdicts = decide(["B1", "B2", "B3", "G4", "P5"], [SR, TRIO, SR, SR, SR])
    assert all(v.achieved for v in verdicts)


@pytest.mark.parametrize("players", [3, 4])
def test_everyone_playing_support_right_all_achieve_with_3_or_4_players(players):
    numbers = ["B1", "R2", "Y3", "G4", "P5"]
    verdicts = decide(numbers[:players], [SR] * players, numbers[players:])
    assert all(v.achieved for v in verdicts)
    assert {(v.ruling.key, v.ruling.clause) for v in verdicts} == {("mor.support_right.all", "SUPPORT RIGHT")}


def test_everyone_playing_support_right_with_5_players_is_a_ruling():
    verdicts = decide(["B1", "R2", "Y3", "G4", "P5"], [SR] * 5)
    assert all(v.achieved for v in verdicts)
    assert {(v.ruling.key, v.ruling.clause) for v in verdicts} == {("mor.support_right.all", "RULINGS")}


def test_support_right_skips_the_dummies_and_their_rule_card():
    # 3 players: A's right is C, whatever the dummies hold; dummy 1's LIMIT 23 would be
    # achieved (sum 15) but a dummy has no seat and scores nothing.
    state = play_round(new_game(3), ["B1", "R2", "Y3"], [SR, LIMIT_23, TRIO], ["G4", "P5"], LIMIT_23,
                       rule_first={A, B})
    verdicts = state.last_round.verdicts
    assert [v.achieved for v in verdicts] == [False, True, False]
    assert verdicts[A].ruling.params == {"seat": SeatRef(A), "right": SeatRef(C), "rule": "TRIO"}
    assert state.counts(A) == {r: 0 for r in mor.RULES}
    assert Ruling("mor.dummy_rule", "RULINGS", {"rule": "LIMIT 23", "dummy": 1}) in state.last_round.rulings


# --------------------------------------------------------------------------- a round, step by step


def test_a_new_game_asks_the_first_start_player_for_either_card():
    state = new_game(5, first_leader=2)
    assert (state.phase, state.round, state.rounds, state.lap, state.start_player) == ("play", 1, 10, 1, 2)
    assert state.expected == mor.Expected(1, ("number", "rule"), seat=2)
    assert (state.expected_seat, state.expected_dummy, state.expected_kinds) == (2, None, ("number", "rule"))
    assert state.points == (0, 0, 0, 0, 0)
    assert mor.scores(state) == (0, 0, 0, 0, 0)
    assert not state.is_over and not state.is_final_round and state.refills
    assert state.rules_taken == frozenset() and state.reveals == () and state.last_round is None


def test_play_goes_clockwise_from_the_start_player_twice():
    state = new_game(4, first_leader=3)
    seats = []
    for seat, code in zip([3, 0, 1, 2], ["B1", "B2", "B3", "B4"]):
        seats.append(state.expected_seat)
        state = mor.apply(state, number(seat, code))
    assert seats == [3, 0, 1, 2]
    state = mor.apply(state, dummy_number(1, "B5"))
    assert state.lap == 2
    assert [state.expected_seat] == [3]


def test_a_card_from_the_wrong_seat_is_refused():
    state = new_game(5, first_leader=1)
    error = refused("mor.not_your_turn", mor.apply, state, number(0, "B1"))
    assert error.ruling.params == {"seat": SeatRef(1)}
    assert error.ruling.clause == "1. カードの出し方"
    state = mor.apply(state, number(1, "B1"))
    refused("mor.not_your_turn", mor.apply, state, rule(1, TRIO))
    refused("mor.not_your_turn", mor.apply, state, rule(3, TRIO))
    refused("input.not_integer", mor.apply, state, Event("number", {"seat": "2", "card": "B2"}))


def test_lap_two_must_be_the_kind_not_played_in_lap_one():
    state = play(new_game(5), number(0, "B1"), rule(1, TRIO), number(2, "B2"), rule(3, LIMIT_23),
                 number(4, "B3"))
    assert state.lap == 2
    assert state.expected == mor.Expected(2, ("rule",), seat=0)
    error = refused("mor.lap2_needs_rule", mor.apply, state, number(0, "B4"))
    assert (error.ruling.clause, error.ruling.params) == ("1. カードの出し方", {"seat": SeatRef(A)})
    state = mor.apply(state, rule(0, ONLY_ONE))
    assert state.expected == mor.Expected(2, ("number",), seat=1)
    refused("mor.lap2_needs_number", mor.apply, state, rule(1, BEST))
    state = mor.apply(state, number(1, "B4"))
    assert state.number_of(B) == "B4" and state.rule_of(B) == TRIO and state.first_kind(B) == "rule"


def test_a_number_card_already_on_the_table_this_round_is_refused_but_free_next_round():
    state = play(new_game(4), number(0, "B1"))
    error = refused("mor.card_used", mor.apply, state, number(1, "b1"))
    assert error.ruling.params == {"card": CardRef("B1")}
    state = play(state, number(1, "B2"), number(2, "B3"), number(3, "B4"))
    refused("mor.card_used", mor.apply, state, dummy_number(1, "B3"))
    state = generic_round(new_game(4))
    assert state.round == 2
    state = mor.apply(state, number(1, "B1"))
    assert state.numbers_played == ("B1",)


def test_a_rule_already_played_this_round_is_refused_without_a_reveal():
    state = play(new_game(5), rule(0, TRIO))
    assert state.rules_taken == frozenset({TRIO})
    error = refused("mor.rule_taken", mor.apply, state, rule(1, "trio"))
    assert error.ruling.clause == "1. カードの出し方"
    assert error.ruling.params == {"rule": "TRIO", "seat": SeatRef(A)}
    refused("mor.rule_taken", mor.apply, state, rule(1, TRIO, reveal=False))
    # The restriction holds in lap 2 too.
    state = play(state, number(1, "B1"), number(2, "B2"), number(3, "B3"), number(4, "B4"), number(0, "B5"))
    refused("mor.rule_taken", mor.apply, state, rule(1, TRIO))


def test_a_reveal_allows_a_rule_already_played_and_is_recorded():
    state = play(new_game(5), rule(0, TRIO), rule(1, TRIO, reveal=True))
    assert state.reveals == (mor.Play("rule", 1, seat=1, rule=TRIO, reveal=True),)
    assert mor.rulings(state) == (Ruling("mor.reveal", "1. カードの出し方", {"seat": SeatRef(B), "rule": "TRIO"}),)
    assert say(mor.rulings(state)[0]) == (
        "Bo revealed their rule cards, none of which could be played, and laid TRIO, already played this round.")
    state = play_round(state, ["B1", "B2", "R3", "G4", "P5"], [TRIO, TRIO, ONLY_ONE, LIMIT_23, SR])
    assert [(p.seat, p.rule) for p in state.last_round.reveals] == [(B, TRIO)]
    assert state.reveals == ()
    assert [v.achieved for v in state.last_round.verdicts] == [False, False, True, True, True]


def test_a_reveal_for_a_rule_nobody_has_played_is_refused():
    state = play(new_game(5), rule(0, TRIO))
    error = refused("mor.reveal_not_needed", mor.apply, state, rule(1, LIMIT_23, reveal=True))
    assert (error.ruling.clause, error.ruling.params) == ("RULINGS", {"rule": "LIMIT 23"})
    refused("input.not_bool", mor.apply, state, rule(1, TRIO, reveal="yes"))


def test_an_unknown_rule_or_entry_is_refused():
    refused("mor.rule_unknown", mor.apply, new_game(3), rule(0, "QUARTET"))
    refused("mor.card_unknown_colour", mor.apply, new_game(3), number(0, "W1"))
    refused("input.unknown_event", mor.apply, new_game(3), Event("play", {"seat": 0, "card": "B1"}))


# --------------------------------------------------------------------------- dummies


def test_three_players_dummy_1_gets_a_number_and_a_rule_after_lap_1_and_dummy_2_a_number_after_lap_2():
    state = play(new_game(3), number(0, "B1"), rule(1, TRIO), number(2, "B2"))
    assert state.phase == "dummy"
    assert state.expected == mor.Expected(1, ("dummy_number", "dummy_rule"), dummy=1)
    assert state.expected_seat is None and state.expected_dummy == 1
    refused("mor.dummy_turn", mor.apply, state, rule(0, ONLY_ONE))
    error = refused("mor.wrong_dummy", mor.apply, state, dummy_number(2, "B3"))
    assert error.ruling.clause == "3, 4人プレイ"
    # Either order will do; the dummy's rule may repeat a player's.
    state = mor.apply(state, dummy_rule(TRIO))
    assert state.expected == mor.Expected(1, ("dummy_number",), dummy=1)
    refused("mor.dummy_has_rule", mor.apply, state, dummy_rule(LIMIT_23))
    state = mor.apply(state, Event("dummy_number", {"card": "B3"}))  # "dummy" defaults
    assert state.dummy_number_of(1) == "B3" and state.dummy_rule == TRIO
    assert (state.phase, state.lap, state.expected_seat) == ("play", 2, 0)
    refused("mor.rule_taken", mor.apply, state, rule(0, TRIO))
    refused("mor.not_dummy_turn", mor.apply, state, dummy_number(2, "B4"))
    state = play(state, rule(0, LIMIT_23), number(1, "B4"), rule(2, TRIO, reveal=True))
    assert state.expected == mor.Expected(2, ("dummy_number",), dummy=2)
    refused("mor.dummy_no_rule", mor.apply, state, Event("dummy_rule", {"dummy": 2, "rule": BEST}))
    refused("mor.wrong_dummy", mor.apply, state, dummy_number(1, "B5"))
    state = mor.apply(state, dummy_number(2, "B5"))
    done = state.last_round
    assert done.cards == ("B1", "B4", "B2", "B3", "B5")
    assert done.dummy_numbers == ("B3", "B5") and done.dummy_rule == TRIO
    assert [v.achieved for v in done.verdicts] == [True, True, True]
    assert state.counts(A)[LIMIT_23] == 1 and state.counts(C)[TRIO] == 1
    assert state.table_counts[TRIO] == 2  # the dummy's TRIO is not won by anyone


def test_three_players_dummy_1_may_take_its_number_first():
    state = play(new_game(3), number(0, "B1"), number(1, "B2"), number(2, "B3"), dummy_number(1, "B4"))
    assert state.expected == mor.Expected(1, ("dummy_rule",), dummy=1)
    refused("mor.dummy_has_number", mor.apply, state, dummy_number(1, "B5"))
    state = mor.apply(state, dummy_rule(SR))
    assert state.phase == "play" and state.lap == 2
    # Dummy 1's SUPPORT RIGHT binds the players.
    assert state.rules_taken == frozenset({SR})
    error = refused("mor.rule_taken_by_dummy", mor.apply, state, rule(0, SR))
    assert (error.ruling.clause, error.ruling.params) == ("3, 4人プレイ", {"rule": "SUPPORT RIGHT", "dummy": 1})
    state = mor.apply(state, rule(0, SR, reveal=True))
    assert state.reveals[0].seat == A


def test_four_players_dummy_1_gets_one_number_card_after_lap_1_and_nothing_after_lap_2():
    state = play(new_game(4), number(0, "B1"), number(1, "B2"), number(2, "B3"), rule(3, TRIO))
    assert state.expected == mor.Expected(1, ("dummy_number",), dummy=1)
    refused("mor.dummy_no_rule", mor.apply, state, dummy_rule(LIMIT_23))
    state = mor.apply(state, dummy_number(1, "R9"))
    assert state.phase == "play"
    state = play(state, rule(0, ONLY_ONE), rule(1, LIMIT_23), rule(2, BEST), number(3, "B4"))
    assert state.round == 2 and len(state.results) == 1
    assert state.last_round.cards == ("B1", "B2", "B3", "B4", "R9")
    assert state.last_round.dummy_numbers == ("R9",) and state.last_round.dummy_rule is None


def test_five_players_have_no_dummies():
    state = play(new_game(5), number(0, "B1"), number(1, "B2"), number(2, "B3"), number(3, "B4"))
    refused("mor.not_dummy_turn", mor.apply, state, dummy_number(1, "B5"))
    state = mor.apply(state, number(4, "B5"))
    assert (state.phase, state.lap, state.expected_seat) == ("play", 2, 0)
    assert state.dummies == 0


# --------------------------------------------------------------------------- rounds and the end


@pytest.mark.parametrize(("players", "rounds"), [(3, 12), (4, 12), (5, 10)])
def test_start_player_passes_left_each_round_and_the_game_ends_after_the_right_round(players, rounds):
    state = new_game(players, first_leader=1)
    starts = []
    for number_ in range(1, rounds + 1):
        assert not state.is_over
        assert state.round == number_
        assert state.is_final_round == (number_ == rounds)
        assert state.refills == (number_ != rounds)
        starts.append(state.start_player)
        state = generic_round(state)
        assert state.results[-1].start_player == starts[-1]
    assert starts == [(1 + i) % players for i in range(rounds)]
    assert state.is_over and state.phase == "over" and state.expected is None
    assert state.round == rounds and not state.is_final_round and not state.refills
    error = refused("mor.game_over", mor.apply, state, number(state.start_player, "B1"))
    assert error.ruling.params == {"rounds": rounds}
    assert error.ruling.clause == ("5. ゲームの終了" if players == 5 else "3, 4人プレイ")
    refused("mor.game_over", mor.apply, state, Event("bid", {}))


def test_the_round_before_the_last_announces_the_final_round_without_refills():
    state = new_game(5)
    for _ in range(8):
        state = generic_round(state)
    assert ("mor.next_start", "4. 次のラウンドの準備") in [(r.key, r.clause) for r in mor.rulings(state)]
    assert not any(r.key == "mor.final_round" for r in mor.rulings(state))
    state = generic_round(state)
    assert state.round == 10 and state.is_final_round and not state.refills
    assert Ruling("mor.final_round", "5. ゲームの終了", {"round": 10}) in mor.rulings(state)
    state = generic_round(state)
    assert Ruling("mor.game_end", "5. ゲームの終了", {"rounds": 10}) in state.last_round.rulings


def test_a_judged_round_explains_every_verdict():
    state = generic_round(new_game(5))
    done = state.last_round
    assert (done.number, done.start_player, done.cards, done.total) == (1, 0, ("B1", "B2", "B3", "B4", "B5"), 15)
    assert [(v.seat, v.card, v.rule, v.achieved) for v in done.verdicts] == [
        (0, "B1", TRIO, True), (1, "B2", ONLY_ONE, False), (2, "B3", LIMIT_23, True),
        (3, "B4", BEST, False), (4, "B5", SR, False)]
    assert done.achievers == (0, 2)
    assert [(r.key, r.clause) for r in done.rulings] == [
        ("mor.round_cards", "3. ルールの判定"),
        ("mor.trio.colour", "TRIO"),
        ("mor.only_one.miss_colour", "ONLY ONE"),
        ("mor.limit_23.hit", "LIMIT 23"),
        ("mor.best.miss_higher", "BEST of the BEST"),
        ("mor.support_right.miss", "SUPPORT RIGHT"),
        ("mor.won_cards", "3. ルールの判定"),
        ("mor.next_start", "4. 次のラウンドの準備"),
    ]
    assert mor.rulings(state) == done.rulings
    assert say(done.rulings[0]) == "Round 1 is judged on ■ blue 1, ■ blue 2, ■ blue 3, ■ blue 4, ■ blue 5; they add up to 15."
    assert say(done.rulings[-1]) == "Bo is the start player of round 2."
    assert state.counts(A) == {TRIO: 1, ONLY_ONE: 0, LIMIT_23: 0, BEST: 0, SR: 0}
    assert state.achieved[C][LIMIT_23] == 1
    assert state.points == (1, 0, 1, 0, 0)


def test_no_rule_card_is_left_once_all_twelve_are_won_or_on_the_table():
    # Five TRIOs achieved in each of rounds 1 and 2 (reveals after the first); in round 3
    # two more TRIOs make twelve, and a third is refused.
    state = new_game(5)
    trio_round = dict(rules=[TRIO] * 5, rule_first=set(range(5)), reveal={1, 2, 3, 4})
    state = play_round(state, ["B1", "B2", "B3", "R4", "G5"], **trio_round)
    trio_round["reveal"] = {2, 3, 4, 0}
    state = play_round(state, ["B1", "B2", "B3", "R4", "G5"], **trio_round)
    assert state.table_counts[TRIO] == 10
    assert state.start_player == 2
    state = play(state, rule(2, TRIO), rule(3, TRIO, reveal=True))
    assert state.rules_exhausted == frozenset({TRIO})
    error = refused("mor.rule_exhausted", mor.apply, state, rule(4, TRIO, reveal=True))
    assert error.ruling.params == {"rule": "TRIO", "won": 10, "on_table": 2}
    assert error.ruling.clause == "内容物"


# --------------------------------------------------------------------------- scoring


def test_scoring_example_one_point_per_card_two_per_rule_won_three_times_two_for_all_five():
    # 6. 得点計算 and the summary card; the printed example's picture is lost, so it is
    # rebuilt from its two printed notes: six of one rule is still +2, and five rules
    # twice each is still +2.
    six_trio = {TRIO: 6}
    two_each = {r: 2 for r in mor.RULES}
    mixed = {TRIO: 3, ONLY_ONE: 1, LIMIT_23: 3, BEST: 1, SR: 1}
    assert mor.breakdown(six_trio) == mor.Breakdown(6, 2, 0)
    assert mor.breakdown(six_trio).total == 8
    assert mor.breakdown(two_each) == mor.Breakdown(10, 0, 2)
    assert mor.breakdown(two_each).total == 12
    assert mor.breakdown(mixed) == mor.Breakdown(9, 4, 2)
    assert mor.breakdown(mixed).total == 15
    assert mor.breakdown({}) == mor.Breakdown(0, 0, 0)


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ({TRIO: 2}, (2, 0, 0)),
        ({TRIO: 3}, (3, 2, 0)),
        ({TRIO: 12}, (12, 2, 0)),
        ({TRIO: 3, SR: 3}, (6, 4, 0)),
        ({TRIO: 1, ONLY_ONE: 1, LIMIT_23: 1, BEST: 1}, (4, 0, 0)),
        ({TRIO: 1, ONLY_ONE: 1, LIMIT_23: 1, BEST: 1, SR: 1}, (5, 0, 2)),
        ({r: 3 for r in mor.RULES}, (15, 10, 2)),
    ],
)
def test_bonuses_on_both_sides_of_their_thresholds(counts, expected):
    assert mor.breakdown(counts) == mor.Breakdown(*expected)


def test_equal_points_are_split_by_trio_then_only_one_best_limit_support():
    table = [
        {TRIO: 2},                  # 2 points, 2 TRIO
        {ONLY_ONE: 2},              # 2 points, 0 TRIO, 2 ONLY ONE
        {BEST: 1, LIMIT_23: 1},     # 2 points: BEST before LIMIT 23
        {LIMIT_23: 1, SR: 1},       # 2 points
        {TRIO: 4},                  # 6 points
    ]
    assert mor.ranks(table) == (2, 3, 4, 5, 1)
    rulings = mor.score_rulings(table)
    assert rulings[0] == Ruling("mor.score.total", "6. 得点計算", {
        "seat": SeatRef(0), "total": 2, "base": 2, "set_bonus": 0, "all_five_bonus": 0})
    ties = [r for r in rulings if r.key == "mor.rank.tie_break"]
    assert [(r.params["seat"], r.params["other"], r.params["rule"]) for r in ties] == [
        (SeatRef(0), SeatRef(1), "TRIO"), (SeatRef(1), SeatRef(2), "ONLY ONE"),
        (SeatRef(2), SeatRef(3), "BEST of the BEST")]
    assert say(ties[2]) == "Chie and Dan have 2 points each; Chie ranks higher with more BEST of the BEST (1 to 0)."


def test_support_right_is_the_last_tie_break_and_exact_equals_share_a_place():
    table = [{SR: 1}, {LIMIT_23: 1}, {SR: 1}, {}]
    assert mor.ranks(table) == (2, 1, 2, 4)
    shared = [r for r in mor.score_rulings(table) if r.key == "mor.rank.shared"]
    assert shared == [Ruling("mor.rank.shared", "6. 得点計算", {"seat": SeatRef(0), "other": SeatRef(2), "rank": 2})]


def test_points_so_far_include_bonuses_and_the_final_ranking_is_on_the_state():
    state = new_game(4)
    for _ in range(3):
        state = generic_round(state)
    # Every generic 4-player round: TRIO (5 blues) and LIMIT 23 (15) achieved.
    assert state.counts(A)[TRIO] == 3 and state.counts(C)[LIMIT_23] == 3
    assert state.points == (5, 0, 5, 0) == mor.scores(state)
    assert state.breakdowns[A] == mor.Breakdown(3, 2, 0)
    assert state.ranking == (1, 3, 2, 3)  # equal on 5: TRIO beats LIMIT 23
    assert state.leaders == (A,)
    while not state.is_over:
        state = generic_round(state)
    assert state.points == (14, 0, 14, 0)
    assert state.ranking == (1, 3, 2, 3)
    final = mor.rulings(state)
    assert [r.key for r in final][-6:] == ["mor.score.total"] * 4 + ["mor.rank.tie_break", "mor.rank.shared"]


# --------------------------------------------------------------------------- setup, replay, next game


@pytest.mark.parametrize("players", [2, 6])
def test_a_game_needs_three_to_five_players(players):
    error = refused("mor.player_count", mor.initial, {"players": [f"P{i}" for i in range(players)]})
    assert error.ruling.clause == "ゲームの準備"


def test_the_first_start_player_must_sit_at_the_table():
    refused("setup.first_leader", mor.initial, {"players": ["a", "b", "c"], "first_leader": 3})
    refused("input.not_integer", mor.initial, {"players": ["a", "b", "c"], "first_leader": "1"})
    refused("input.not_list", mor.initial, {"players": "abc"})
    assert mor.initial({"players": ["a", "b", "c"]}).start_player == 0


def test_the_next_game_starts_one_seat_left_and_an_evening_is_one_game():
    assert mor.next_setup(new_game(4, first_leader=1)) == {"first_leader": 2, "options": {}}
    assert mor.next_setup(new_game(4, first_leader=3))["first_leader"] == 0
    assert mor.next_setup(mor.initial({"players": ["a", "b", "c"], "first_leader": 2}))["first_leader"] == 0
    for n in (3, 4, 5):
        game = Outcome((0,) * n, True, (1,) * n, facts={"achieved": [{}] * n})
        assert [mor.evening([game] * played, n).over for played in (0, 1)] == [False, True]
        # Under way, the series says when it ends (5. ゲームの終了); once over, the page says so.
        under_way = Outcome((0,) * n, False, (1,) * n, facts={"achieved": [{}] * n})
        assert mor.evening([under_way], n).note == Ruling("mor.evening_single", "5. ゲームの終了")
        assert mor.evening([game], n).note is None


SETUP3 = {"players": ["a", "b", "c"], "first_leader": 0, "options": {}}


def test_replay_with_undo_equals_the_state_built_step_by_step():
    log = [number(0, "B1"), rule(1, TRIO), Event(base.UNDO), number(1, "B2"), number(2, "B3"),
           dummy_number(1, "B4"), dummy_rule(TRIO), rule(0, TRIO, reveal=True)]
    replayed = base.replay(mor.initial, mor.apply, SETUP3, log)
    state = play(mor.initial(SETUP3), number(0, "B1"), number(1, "B2"), number(2, "B3"),
                 dummy_number(1, "B4"), dummy_rule(TRIO), rule(0, TRIO, reveal=True))
    assert replayed.state == state
    assert replayed.undone == {1: 2}
    assert [p.seat for p in state.reveals] == [0]


def test_undo_of_the_last_card_of_a_round_takes_back_its_verdicts():
    log = [number(0, "B1"), number(1, "B2"), number(2, "B3"), dummy_number(1, "B4"), dummy_rule(BEST),
           rule(0, TRIO), rule(1, LIMIT_23), rule(2, ONLY_ONE), dummy_number(2, "B5")]
    after = base.replay(mor.initial, mor.apply, SETUP3, log).state
    assert after.round == 2 and after.points == (1, 1, 0)
    undone = base.replay(mor.initial, mor.apply, SETUP3, log + [Event(base.UNDO)]).state
    assert undone == base.replay(mor.initial, mor.apply, SETUP3, log[:-1]).state
    assert undone.round == 1 and undone.points == (0, 0, 0) and undone.results == ()
    assert undone.expected == mor.Expected(2, ("dummy_number",), dummy=2)


# --------------------------------------------------------------------------- judge


ROUND5 = {"ask": "round", "players": 5, "numbers": ["B9", "R8", "Y3", "G2", "P1"],
          "rules": ["LIMIT_23", "SUPPORT_RIGHT", "TRIO", "ONLY_ONE", "BEST_OF_THE_BEST"],
          "dummy_numbers": []}
ROUND3 = {"ask": "round", "players": 3, "numbers": ["B3", "B7", "R1"],
          "rules": ["TRIO", "BEST_OF_THE_BEST", "SUPPORT_RIGHT"], "dummy_numbers": ["B9", "G2"]}
SCORE = {"ask": "score", "achieved": [{"TRIO": 3, "ONLY_ONE": 1}, {"LIMIT_23": 4},
                                     {"TRIO": 1, "ONLY_ONE": 1, "LIMIT_23": 1, "BEST_OF_THE_BEST": 1, "SUPPORT_RIGHT": 1}]}


def test_judge_answers_a_round_with_one_verdict_per_player():
    answer = mor.judge(ROUND5)
    assert answer["achieved"] == [True, True, False, True, True]
    assert [(r.key, r.clause) for r in answer["rulings"]] == [
        ("mor.limit_23.hit", "LIMIT 23"), ("mor.support_right.hit", "SUPPORT RIGHT"),
        ("mor.trio.miss", "TRIO"), ("mor.only_one.hit", "ONLY ONE"), ("mor.best.hit_tie", "BEST of the BEST")]
    assert mor.judge({k: v for k, v in ROUND5.items() if k != "dummy_numbers"}) == answer


def test_judge_counts_the_dummies_cards_with_three_players():
    answer = mor.judge(ROUND3)
    assert answer["achieved"] == [True, False, False]
    assert answer["rulings"][1].params["higher"] == CardRef("B9")


def test_judge_answers_in_english_through_the_renderer():
    ok, answer = i18n.judge(mor, ROUND3, EN)
    assert ok
    assert answer["achieved"] == [True, False, False]
    assert answer["rulings"][0] == {
        "clause": "TRIO", "text": "Player A achieves TRIO: 3 ■ blue cards, ■ blue 3, ■ blue 7, ■ blue 9."}
    assert answer["rulings"][2]["text"] == (
        "Player C misses SUPPORT RIGHT: Player B, on their right, missed BEST of the BEST.")
    ok, answer = i18n.judge(mor, {**ROUND3, "numbers": ["B3", "B3", "R1"]}, EN)
    assert (ok, answer) == (False, {"error": "■ blue 3 appears twice; there is only one of each card."})


def test_judge_answers_final_scores_with_shared_ranks_after_tie_breaks():
    answer = mor.judge(SCORE)
    assert answer["points"] == [6, 6, 7]
    assert answer["rank"] == [2, 3, 1]
    assert answer["breakdown"] == [
        {"base": 4, "set_bonus": 2, "all_five_bonus": 0},
        {"base": 4, "set_bonus": 2, "all_five_bonus": 0},
        {"base": 5, "set_bonus": 0, "all_five_bonus": 2},
    ]
    assert [r.key for r in answer["rulings"]] == ["mor.score.total"] * 3 + ["mor.rank.tie_break"]
    shared = mor.judge({"ask": "score", "achieved": [{"TRIO": 1}, {}, {"trio": 1}, {}]})
    assert shared["rank"] == [1, 3, 1, 3]
    ok, text = i18n.judge(mor, SCORE, EN)
    assert ok and text["rulings"][0] == {
        "clause": "6. 得点計算",
        "text": "Player A: 6 points, 4 for rule cards won, +2 for rules won three times or more, +0 for all five rules."}


@pytest.mark.parametrize(
    ("request_", "key"),
    [
        ({**ROUND5, "ask": "trick"}, "input.unknown_ask"),
        ({k: v for k, v in ROUND5.items() if k != "ask"}, "input.unknown_ask"),
        ({k: v for k, v in ROUND5.items() if k != "players"}, "input.missing"),
        ({k: v for k, v in ROUND5.items() if k != "numbers"}, "input.missing"),
        ({k: v for k, v in ROUND5.items() if k != "rules"}, "input.missing"),
        ({k: v for k, v in ROUND3.items() if k != "dummy_numbers"}, "input.missing"),
        ({**ROUND5, "players": "5"}, "input.not_integer"),
        ({**ROUND5, "players": 6}, "mor.player_count"),
        ({**ROUND5, "players": 2}, "mor.player_count"),
        ({**ROUND5, "numbers": "B9 R8 Y3 G2 P1"}, "input.not_list"),
        ({**ROUND5, "rules": "TRIO"}, "input.not_list"),
        ({**ROUND3, "dummy_numbers": "B9"}, "input.not_list"),
        ({**ROUND5, "numbers": ["B9", "R8", "Y3", "G2"]}, "mor.judge_count"),
        ({**ROUND5, "rules": ["TRIO"] * 6}, "mor.judge_count"),
        ({**ROUND5, "players": 4}, "mor.judge_count"),
        ({**ROUND3, "dummy_numbers": ["B9"]}, "mor.judge_dummy_count"),
        ({**ROUND3, "dummy_numbers": ["B9", "G2", "P5"]}, "mor.judge_dummy_count"),
        ({**ROUND5, "dummy_numbers": ["B1"]}, "mor.judge_dummy_count"),
        ({**ROUND5, "numbers": ["B9", "R8", "Y3", "G2", "b9"]}, "mor.card_twice"),
        ({**ROUND3, "dummy_numbers": ["B9", "B3"]}, "mor.card_twice"),
        ({**ROUND5, "numbers": ["B9", "R8", "Y3", "G2", "P10"]}, "mor.card_number_range"),
        ({**ROUND5, "numbers": ["B9", "R8", "Y3", "G2", "X1"]}, "mor.card_unknown_colour"),
        ({**ROUND3, "dummy_numbers": ["B9", "??"]}, "mor.card_malformed"),
        ({**ROUND5, "rules": ["TRIO", "TRIO", "TRIO", "TRIO", "DUO"]}, "mor.rule_unknown"),
        ({"ask": "score"}, "input.missing"),
        ({"ask": "score", "achieved": {"TRIO": 1}}, "input.not_list"),
        ({"ask": "score", "achieved": [{}, {}]}, "mor.player_count"),
        ({"ask": "score", "achieved": [{}] * 6}, "mor.player_count"),
        ({"ask": "score", "achieved": [{}, {}, [3]]}, "mor.achieved_not_object"),
        ({"ask": "score", "achieved": [{"TRIO": 1, "QUARTET": 1}, {}, {}]}, "mor.rule_unknown"),
        ({"ask": "score", "achieved": [{"TRIO": 1, "trio": 1}, {}, {}]}, "mor.achieved_rule_twice"),
        ({"ask": "score", "achieved": [{"TRIO": -1}, {}, {}]}, "mor.achieved_count"),
        ({"ask": "score", "achieved": [{"TRIO": 13}, {}, {}]}, "mor.achieved_count"),
        ({"ask": "score", "achieved": [{"TRIO": "3"}, {}, {}]}, "mor.achieved_count"),
        ({"ask": "score", "achieved": [{"TRIO": True}, {}, {}]}, "mor.achieved_count"),
        ({"ask": "score", "achieved": [{"TRIO": 6}, {"TRIO": 6}, {"TRIO": 1}]}, "mor.achieved_too_many"),
        (["round"], "input.not_object"),
    ],
)
def test_judge_refuses_bad_requests_with_the_right_key(request_, key):
    refused(key, mor.judge, request_)


def test_judge_allows_exactly_twelve_of_a_rule_across_the_table():
    answer = mor.judge({"ask": "score", "achieved": [{"TRIO": 6}, {"TRIO": 6}, {}]})
    assert answer["points"] == [8, 8, 0] and answer["rank"] == [1, 1, 3]
    error = refused("mor.achieved_too_many", mor.judge,
                    {"ask": "score", "achieved": [{"TRIO": 6}, {"TRIO": 6}, {"TRIO": 1}]})
    assert error.ruling.params == {"rule": "TRIO", "count": 13}
