"""A correction replaces an earlier entry without undoing what came after (#11: correct any
entry). The log keeps both: the original entry and the correction that replaced it."""

from __future__ import annotations

import pytest

from companion import i18n
from companion.rules import hyper_maker as hm
from companion.rules.base import CORRECT, UNDO, Event, RuleError, replay

SETUP = {"players": ["Aki", "Ben", "Cho"], "first_leader": 0}


def play(seat: int, card: str) -> Event:
    return Event("play", {"seat": seat, "card": card})


def correct(seq: int, **payload: object) -> Event:
    return Event(CORRECT, {"seq": seq, "payload": payload})


# Trick 1 (master R5B6): Aki R2G9, Ben B8Y3, Cho R9B2; then trick 2's master.
LOG = [Event("master", {"card": "R5B6"}), play(0, "R2G9"), play(1, "B8Y3"), play(2, "R9B2"),
       Event("master", {"card": "G5Y6"})]


def test_a_correction_three_entries_back_changes_that_trick_and_nothing_else() -> None:
    before = replay(hm.initial, hm.apply, SETUP, LOG).state
    assert before.tricks[0].winner == 1  # 2 red, 2 blue: blue follows (master's 6 > 5); Ben's blue 8
    # Ben's card was really B2Y9: now 2 red and 2 blue still, blue follows; Cho's blue 2 and
    # Ben's blue 2 tie below the master's blue 6: the master is highest, nobody wins.
    after = replay(hm.initial, hm.apply, SETUP, [*LOG, correct(2, seat=1, card="B2Y9")])
    trick = after.state.tricks[0]
    assert [p.card.code for p in trick.plays] == ["R2G9", "B2Y9", "R9B2"]
    assert (trick.follow, trick.winner, trick.points) == ("B", None, 0)
    assert after.state.scores == (0, 0, 0) and before.scores == (0, 5, 0)
    assert after.state.master == hm.parse_card("G5Y6")  # what came after stands
    assert after.corrected == {2: 5}
    assert after.effective == (0, 1, 2, 3, 4, 5)


def test_a_correction_that_makes_a_later_entry_impossible_is_refused_naming_it() -> None:
    # Correcting Aki's card to G5Y6, the master card of the next trick (entry 5): that master
    # would then be a card already played.
    with pytest.raises(RuleError) as info:
        replay(hm.initial, hm.apply, SETUP, [*LOG, correct(1, seat=0, card="G5Y6")])
    assert info.value.ruling.key == "correct.breaks_later" and info.value.ruling.params["entry"] == 5
    said = i18n.render(info.value.ruling, hm, i18n.catalog("en"), SETUP["players"])
    assert "entry 5 impossible" in said and "already been played" in said


def test_a_correction_the_rules_refuse_is_refused_with_the_rules_reason() -> None:
    with pytest.raises(RuleError) as info:
        replay(hm.initial, hm.apply, SETUP, [*LOG, correct(2, seat=1, card="R5B6")])  # the master itself
    assert info.value.ruling.key == "hm.card_used"


def test_undo_takes_back_a_correction_and_the_original_counts_again() -> None:
    corrected = [*LOG, correct(2, seat=1, card="B2Y9")]
    back = replay(hm.initial, hm.apply, SETUP, [*corrected, Event(UNDO)])
    assert back.state == replay(hm.initial, hm.apply, SETUP, LOG).state
    assert back.corrected == {} and back.undone == {5: 6}


def test_an_entry_taken_back_cannot_be_corrected() -> None:
    with pytest.raises(RuleError) as info:
        replay(hm.initial, hm.apply, SETUP, [*LOG, Event(UNDO), correct(4, card="G5Y6")])
    assert info.value.ruling.key == "correct.not_in_force"


def test_a_corrected_entry_can_be_corrected_again_the_latest_counts() -> None:
    log = [*LOG, correct(2, seat=1, card="B2Y9"), correct(2, seat=1, card="B8Y3")]
    assert replay(hm.initial, hm.apply, SETUP, log).state == replay(hm.initial, hm.apply, SETUP, LOG).state
