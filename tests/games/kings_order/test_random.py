"""King's Order: seeded random whole rounds for 3-6 players, checked against invariants.

The table is simulated in driver.py from the rulebook alone: real hands, real hand-overs,
and the mistakes real tables make. Here every entry the engine took is checked against
that table: hand sizes, cards seen, turn order, score cards, the points (scored again here
from the text), the end of the round, replay with undo, and the audit, which must find
exactly the turns that were not right once every hand is known, and never a right one.
"""

from __future__ import annotations

from collections import Counter

import pytest

from companion import i18n
from companion.rules import base
from companion.rules import kings_order as ko
from companion.rules.base import Event, RuleError
from tests.games.kings_order.driver import Table, new_table, play_out, random_game, random_partial

SEEDS_PER_SIZE = 30
AUDIT_EVERY = 4


# --------------------------------------------------------------------------- reference


def reference_points(won: list[list[int]]) -> list[int]:
    """ゲームの終了と得点計算, from the text: A-10 at face value; J, Q, K to the most (ties all)."""
    points = [sum(r for r in ranks if r <= 10) for ranks in won]
    for face in (11, 12, 13):
        counts = [ranks.count(face) for ranks in won]
        if max(counts) > 0:
            for seat, count in enumerate(counts):
                if count == max(counts):
                    points[seat] += face
    return points


def reference_won(table: Table) -> list[list[int]]:
    won: list[list[int]] = [[] for _ in range(table.players)]
    for record in table.records:
        won[record.seat] += [c.rank for c in record.handed]
    return won


# --------------------------------------------------------------------------- checks


def check_turn(table: Table) -> None:
    """After each turn: the engine's round agrees with the real table."""
    state = table.state
    record = table.records[-1]
    done = state.last_turn
    assert done is not None and state.current is None
    assert (done.number, done.seat, done.side, done.target, done.count) == (
        record.number, record.seat, record.side, record.target, record.count)
    assert done.card.rank == record.card.rank
    if record.counted:  # counted, not named: only how many left the hand
        assert done.discarded == () and done.unnamed == len(record.discarded)
    else:
        assert sorted(c.rank for c in done.discarded or ()) == sorted(c.rank for c in record.discarded)
        assert done.unnamed == 0
    assert done.hand_before == len(record.hand_before) and done.target_before == len(record.target_before)
    assert state.sizes == tuple(len(hand) for hand in table.hands)
    assert [list(r) for r in state.won] == reference_won(table)
    assert list(state.points) == reference_points(reference_won(table))
    # Cards seen: everything that left a hand, never more than the deck holds.
    gone = Counter(c.rank for r in table.records for c in [r.card, *r.discarded, *r.handed])
    named = Counter(c.rank for r in table.records for c in [r.card, *([] if r.counted else r.discarded), *r.handed])
    in_hands = Counter(c.rank for hand in table.hands for c in hand)
    for rank in ko.RANKS:
        assert state.seen[rank - 1] == named[rank]
        assert state.unseen(rank) >= in_hands[rank]
        assert gone[rank] + in_hands[rank] <= ko.COPIES
    assert state.used <= {c.code for r in table.records for c in [r.card, *r.discarded]}
    # The round ends exactly when the table's does; otherwise the next player has cards.
    assert state.is_over == table.over()
    if not state.is_over:
        holders = [s for s in range(table.players) if table.hands[s]]
        expected = next(s % table.players for s in range(record.seat + 1, record.seat + 1 + table.players)
                        if s % table.players in holders)
        assert state.turn_seat == expected and state.awaiting == "play"
    else:
        assert state.turn_seat is None and state.awaiting is None


def check_audit(table: Table, complete: bool) -> None:
    """The audit never blames a right record; once every hand is known, and every card thrown
    away was named, it finds every wrong one (counted cards stay of unknown rank)."""
    found = {(f.ref["turn"], f.ref["seat"]) for f in ko.audit(table.state)}
    wrong = table.wrong_turns()
    assert found <= wrong, (found - wrong)
    if complete and not any(r.counted for r in table.records):
        assert found == wrong
    for finding in ko.audit(table.state):
        assert finding.ruling.key in ko.MESSAGES
        assert finding.ruling.clause in ("ゲームのルール 1", "ゲームのルール 2")


def check_finished(table: Table) -> None:
    state = table.state
    assert state.is_over
    assert len([h for h in table.hands if h]) <= 1
    assert state.last_hand == next((s for s in range(table.players) if table.hands[s]), None)
    outcome = ko.outcome(state)
    assert outcome.over
    assert list(outcome.points) == reference_points(reference_won(table))
    best = max(outcome.points)
    assert [p == 1 for p in outcome.places] == [p == best for p in outcome.points]
    assert sorted(outcome.facts["winners"]) == [s for s, p in enumerate(outcome.points) if p == best]
    assert outcome.facts["rounds"] == int(table.setup["options"]["rounds"])
    assert sum(len(r.handed) for r in table.records) == sum(len(w) for w in state.won)
    # Every card dealt left a hand or is in the last one; the deck is never exceeded.
    dealt = 13 * table.players
    left = sum(1 + len(r.discarded) + len(r.handed) for r in table.records)
    assert left + sum(state.sizes) == dealt
    for event in (Event("play", {"seat": 0, "card": "5"}), Event("choose", {"seat": 1})):
        with pytest.raises(RuleError) as info:
            ko.apply(state, event)
        assert info.value.ruling.key == "ko.game_over"
    check_audit(table, complete=table.shown or state.last_hand is None)
    for ruling in ko.rulings(state):
        assert ruling.key in ko.MESSAGES
        i18n.render(ruling, ko, i18n.catalog("en"))  # every placeholder has its parameter


def check_replay(table: Table) -> None:
    replayed = base.replay(ko.initial, ko.apply, table.setup, table.log)
    assert replayed.state == table.state
    assert len(replayed.undone) == table.undos
    assert set(replayed.effective).isdisjoint(replayed.undone)
    assert set(replayed.effective) | set(replayed.undone) | set(replayed.undone.values()) == set(range(len(table.log)))
    cut = table.rng.randrange(len(table.log) + 1)
    prefix = base.replay(ko.initial, ko.apply, table.setup, table.log[:cut]).state
    assert prefix == (table.states_at[cut - 1] if cut else ko.initial(table.setup))


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_whole_rounds_keep_every_invariant(players):
    totals = Counter()
    for seed in range(SEEDS_PER_SIZE):
        table = new_table(1000 * players + seed, players)
        table.counted_rate = 0.0 if seed % 3 == 0 else 0.5  # every third table names every card thrown away
        while not table.over():
            table.play_turn()
            check_turn(table)
            if len(table.records) % AUDIT_EVERY == 0:
                check_audit(table, complete=False)
        play_out(table)
        check_finished(table)
        check_replay(table)
        totals["wrong"] += len(table.wrong_turns())
        totals["found"] += len(ko.audit(table.state))
        totals["accepted"] += sum(f.accepted for f in ko.audit(table.state))
        totals["undos"] += table.undos
        totals["decoys"] += table.decoys
        totals["whole_turns"] += table.composite
        totals["shown"] += table.shown
        totals["empty_targets"] += sum(1 for r in table.records if not r.target_before)
        totals["hand_overs"] += sum(1 for r in table.records if r.handed)
        totals["ends"] += sum(1 for r in table.records if r.side == "end")
        totals["halves"] += sum(1 for r in table.records if r.side != "end")
        totals["skips"] += sum(1 for a, b in zip(table.records, table.records[1:])
                               if b.seat != (a.seat + 1) % players)
        totals["all_empty"] += table.state.last_hand is None
        totals["counted"] += sum(r.counted for r in table.records)
        totals["named"] += sum(1 for r in table.records if r.side != "end" and not r.counted)
        totals["all_named"] += not any(r.counted for r in table.records)
        totals["found_counted"] += bool(ko.audit(table.state)) and any(r.counted for r in table.records)
        totals["turns"] += len(table.records)
    # The seeds must exercise what the invariants are about.
    assert all(totals[k] > 0 for k in ("wrong", "found", "accepted", "undos", "decoys", "whole_turns", "shown",
                                       "empty_targets", "hand_overs", "ends", "halves", "skips", "counted",
                                       "named", "all_named", "found_counted")), totals


def test_random_rounds_are_reproducible_from_their_seed():
    assert random_game(7) == random_game(7)
    setup, log = random_partial(11)
    full_setup, full_log = random_game(11)
    assert setup == full_setup and log == full_log[: len(log)]


@pytest.mark.parametrize("seed", range(8))
def test_the_driver_logs_replay_whole_and_partial(seed):
    setup, log = random_game(seed)
    state = base.replay(ko.initial, ko.apply, setup, log).state
    assert state.is_over
    setup, log = random_partial(seed)
    base.replay(ko.initial, ko.apply, setup, log)
