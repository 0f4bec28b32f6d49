"""Take & Share: seeded random whole games for 3 and 4 players, checked against invariants.

Each game is played at the simulated table of driver.py (written from the rulebook alone:
the real deck, the deal, must-follow, high or low, the hand-out, the last trick out), with
undo entries sprinkled in, and replayed through initial()/apply(). Every trick, every
hand-out, every received card and the score are checked against that table and against a
scoring written here from 得点計算; legal games leave the audit silent, and games with
revokes (random or planted) have every one of them found, once, with its evidence.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules import base
from companion.rules import take_and_share as tns
from companion.rules.base import Event, RuleError
from companion.rules.contract import Outcome
from tests.games.take_and_share import driver

SEEDS = range(25)


# --------------------------------------------------------------------------- reference


def reference_score(received: list[list[str]]) -> list[int]:
    """得点計算: per suit, whoever has the highest sum of numbers (A = 1) scores one point per
    card of that suit they hold; equal highest sums all score; a suit nobody holds, nobody."""
    points = [0] * len(received)
    for suit in driver.SUITS:
        sums = [sum(driver.number(c) for c in cards if c[0] == suit) for cards in received]
        if max(sums) == 0:
            continue
        for seat, total in enumerate(sums):
            if total == max(sums):
                points[seat] += sum(1 for c in received[seat] if c[0] == suit)
    return points


def reference_places(points: list[int]) -> list[int]:
    return [1 + sum(1 for other in points if other > mine) for mine in points]


# --------------------------------------------------------------------------- playing a log


def play_log(table: driver.Table) -> list[tns.State]:
    """Apply the log entry by entry (an undo goes back one state); the state after each entry."""
    stack = [tns.initial(table.setup)]
    after: list[tns.State] = []
    for event in table.events:
        if event.kind == base.UNDO:
            stack.pop()
        else:
            stack.append(tns.apply(stack[-1], event))
        after.append(stack[-1])
        check_cards(stack[-1])
    return after


def check_cards(state: tns.State) -> None:
    """No card twice: the cards on the table, in tricks and received are each in `used` once."""
    seen = list(state.opening_share) + [c for t in state.tricks for c in t.cards] + [p.card for p in state.plays]
    assert len(seen) == len(set(seen))
    assert set(seen) == state.used
    received = [c for r in state.received for c in r]
    assert len(received) == len(set(received))
    assert set(received) <= state.used
    in_handout = set(state.handout.cards) if state.handout else set()
    # Each used card lies in exactly one place: the share, a hand-out, the trick, received, or out.
    places = list(state.share) + [c for c in in_handout if c not in received] + [p.card for p in state.plays] \
        + received + list(state.out_of_play)
    assert sorted(places) == sorted(state.used)
    assert sum(state.received_counts) == sum(len(h.gives) for h in state.handouts)


def check_game(table: driver.Table, state: tns.State) -> None:
    n = table.players
    size = driver.HAND[n]
    assert state.is_over and state.phase == "over"
    assert state.used == frozenset(tns.deck(n))
    assert len(state.tricks) == len(state.handouts) == size

    for done, ref, handout in zip(state.tricks, table.tricks, state.handouts):
        assert done.number == ref.number and done.leader == ref.leader
        assert [(p.seat, p.card.code) for p in done.plays] == ref.plays
        assert (done.winner, done.resolution) == (ref.winner, ref.resolution)
        assert [c.code for c in done.share] == ref.share
        assert (handout.trick, handout.giver) == (ref.number, ref.winner)
        assert {g.seat: g.card.code for g in handout.gives} == ref.given
    # The opening share goes out after trick 1; each trick's cards after the next; the last stays out.
    assert [c.code for c in state.handouts[0].cards] == table.opening
    for before, after in zip(state.tricks, state.handouts[1:]):
        assert after.cards == before.cards
    assert state.out_of_play == state.tricks[-1].cards

    # Each player receives exactly 14 cards (15 with 3 players): one per share.
    assert state.received_counts == (size,) * n
    assert [sorted(c.code for c in r) for r in state.received] == [sorted(r) for r in table.received]
    assert {c for r in state.received for c in r} | set(state.out_of_play) == set(tns.deck(n))

    # The score, from the reference; the points add up suit by suit.
    result = tns.outcome(state)
    expected = reference_score(table.received)
    assert list(result.points) == expected
    assert list(result.places) == reference_places(expected)
    score = tns.final_score(state)
    assert sum(result.points) == sum(sum(v) for v in score.by_suit.values())
    assert result.facts["received"] == [size] * n

    # Nothing more is taken (a card of the last trick was never shared: no give can name it).
    unshared = state.out_of_play[0].code
    for event in (Event("play", {"seat": state.leader, "card": "S5"}), Event("give", {"seat": 0, "card": unshared}),
                  Event("share", {"card": "S5"})):
        with pytest.raises(RuleError) as info:
            tns.apply(state, event)
        assert info.value.ruling.key == "tns.game_over"

    check_audit(table, state)


def check_audit(table: driver.Table, state: tns.State) -> None:
    """Every card of another suit than the lead is a show-out; those laid while holding the
    lead suit (the reference knows the hands) are exactly the audit's findings, each proven
    once by the first later card of the suit, and their evidence is every later such card."""
    show_outs = [p for p in table.played if p.shows_out]
    assert [(s.seat, s.trick, s.card.code, s.lead.code) for s in state.show_outs] == [
        (p.seat, p.trick, p.card, p.lead) for p in show_outs]
    for seat in range(table.players):
        assert state.voids(seat) == {p.lead[0] for p in show_outs if p.seat == seat}
    offences = [p for p in table.played if p.revoke]
    findings = tns.audit(state)
    assert [(f.ref["seat"], f.ref["trick"]) for f in findings] == [(p.seat, p.trick) for p in offences]
    for finding, offence in zip(findings, offences):
        later = [p for p in table.played if p.seat == offence.seat and p.trick > offence.trick
                 and p.card[0] == offence.lead[0]]
        assert later, "every card held is played by the end"
        assert finding.ruling.params["cards"] == base.CardsRef(tuple(p.card for p in later))
        assert not finding.accepted
    proofs = []
    unproven = list(offences)
    for play in table.played:                   # in the order laid: the first later card proves
        for offence in list(unproven):
            if offence.seat == play.seat and offence.trick < play.trick and play.card[0] == offence.lead[0]:
                proofs.append((offence.seat, offence.trick, play.trick, play.card))
                unproven.remove(offence)
    assert unproven == []
    assert [(r.seat, r.shown_out.trick, r.trick, r.card.code) for r in state.revokes] == proofs


def check_replay(table: driver.Table, after: list[tns.State], seed: int) -> None:
    replayed = base.replay(tns.initial, tns.apply, table.setup, table.events)
    assert replayed.state == after[-1]
    assert len(replayed.undone) == table.undos
    assert len(replayed.effective) == table.entries
    for cut in sorted({0, len(table.events) // 3, len(table.events) // 2, (seed * 7919) % len(table.events)}):
        prefix = base.replay(tns.initial, tns.apply, table.setup, table.events[:cut]).state
        assert prefix == (after[cut - 1] if cut else tns.initial(table.setup))


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("players", [3, 4])
def test_random_legal_games_keep_every_invariant_and_leave_the_audit_silent(players: int) -> None:
    seen = {"high": 0, "low": 0, "undos": 0, "self_given": 0, "low_ties": 0}
    for seed in SEEDS:
        table = driver.simulate(1000 * players + seed, players)
        after = play_log(table)
        state = after[-1]
        check_game(table, state)
        check_replay(table, after, seed)
        assert tns.audit(state) == () and state.revokes == ()
        seen["high"] += sum(t.resolution == "high" for t in state.tricks)
        seen["low"] += sum(t.resolution == "low" for t in state.tricks)
        seen["undos"] += table.undos
        seen["self_given"] += sum(h.card_of(h.giver) is not None for h in state.handouts)
        seen["low_ties"] += sum(any(r.key == "tns.low_tie_earlier" for r in t.rulings) for t in state.tricks)
    assert all(count > 0 for count in seen.values()), seen


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_with_revokes_have_each_one_found_with_its_evidence(players: int) -> None:
    found = 0
    for seed in SEEDS:
        table = driver.simulate(2000 * players + seed, players, revoke_rate=0.12)
        after = play_log(table)
        check_game(table, after[-1])
        check_replay(table, after, seed)
        found += len(tns.audit(after[-1]))
    assert found > 0


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 2), (4, 3), (4, 4)])
def test_a_planted_revoke_is_found_and_the_table_can_let_it_stand(players: int, seed: int) -> None:
    table = driver.simulate(seed, players, plant=3)
    (offence,) = [p for p in table.played if p.revoke]
    state = play_log(table)[-1]
    check_game(table, state)
    (finding,) = tns.audit(state)
    assert finding.ref == {"seat": offence.seat, "trick": offence.trick}
    assert finding.ruling.params["card"] == base.CardRef(offence.card)
    assert finding.ruling.params["lead"] == base.CardRef(offence.lead)
    (revoke,) = state.revokes
    assert revoke.ruling in tns.rulings(state)
    accepted = tns.apply(state, Event("accept", dict(finding.ref)))
    assert tns.audit(accepted)[0].accepted
    assert tns.outcome(accepted) == tns.outcome(state)


def test_random_games_are_reproducible_from_their_seed() -> None:
    assert driver.random_game(7) == driver.random_game(7)
    assert driver.random_partial(7) == driver.random_partial(7)
    setup, log = driver.random_partial(7)
    assert not base.replay(tns.initial, tns.apply, setup, log).state.is_over
    assert sum(e.kind == base.UNDO for e in driver.random_game(7)[1]) >= 1


@pytest.mark.parametrize("players", [3, 4])
def test_a_long_game_of_random_games_ends_in_the_game_a_total_passes_the_target(players: int) -> None:
    for seed in range(4):
        target = ("printed", "15", "25", "printed")[seed]
        limit = tns.target_points(target, players)
        first = seed % players
        outcomes: list[Outcome] = []
        totals = [0] * players
        for game in range(1, 40):
            table = driver.simulate(100 * seed + game, players, first_leader=first, target=target)
            state = base.replay(tns.initial, tns.apply, table.setup, table.events).state
            outcomes.append(tns.outcome(state))
            totals = [t + p for t, p in zip(totals, reference_score(table.received))]
            evening = tns.evening(outcomes, players)
            assert list(evening.totals) == totals
            assert evening.over == any(t > limit for t in totals)
            assert evening.leaders == tuple(s for s, t in enumerate(totals) if t == max(totals))
            if evening.over:
                assert evening.note is not None and evening.note.key == "tns.long_over"
                break
            assert evening.note is not None and evening.note.key == "tns.long_running"
            nxt: dict[str, Any] = dict(tns.next_setup(state))
            assert nxt == {"first_leader": (first + 1) % players, "options": {"long_game_target": target}}
            first = nxt["first_leader"]
        else:
            raise AssertionError("the long game never ended")
        assert game > 1
