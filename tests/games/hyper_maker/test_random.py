"""Hyper Maker: seeded random whole games for 3, 4 and 5 players, checked against invariants.

Each game shuffles the real deck, deals every card (hands and master pile, 4(1)), and plays
it out through initial()/apply(). Players mostly follow (5(2)) but sometimes play a card of
neither master suit while holding one, so revokes occur; now and then an entry is taken
back with an undo and entered again (possibly differently). Every trick is checked against
an independent adjudication written here from the rulebook and RULINGS.md.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from companion.rules import base
from companion.rules import hyper_maker as hm
from companion.rules.base import Event, RuleError

SEEDS_PER_SIZE = 40
ILLEGAL_RATE = 0.12
UNDO_RATE = 0.06


# --------------------------------------------------------------------------- reference


def reference_trick(master: hm.Card, leader: int, plays: list[tuple[int, hm.Card]],
                    tie_winner_leads: bool) -> tuple[str | None, int | None, int, int]:
    """(follow suit, winner, points, next leader), decided straight from the text.

    5(3): count the players' cards holding each master suit (a card with both counts for
    both); more wins, 5(5)①: equal counts go to the suit with the master's higher value.
    The master competes as if laid first; equal top values go to the later card (5(5)④);
    no follow at all (5(5)③) or the master alone on top (5(5)②): nobody wins, same leader.
    """
    a, b = master.suits
    count = {a: 0, b: 0}
    for _, card in plays:
        for suit in (a, b):
            if suit in card.suits:
                count[suit] += 1
    if count[a] == 0 and count[b] == 0:
        return None, None, 0, leader
    if count[a] != count[b]:
        follow = a if count[a] > count[b] else b
    else:
        follow = a if master.value(a) > master.value(b) else b
    best_value = master.value(follow)
    best_seat: int | None = None
    equal = 1
    for seat, card in plays:
        if follow not in card.suits:
            continue
        value = card.value(follow)
        if value > best_value:
            best_value, best_seat, equal = value, seat, 1
        elif value == best_value:
            best_seat, equal = seat, equal + 1
    if best_seat is None:
        return follow, None, 0, leader
    points = hm.VALUE_SUM - master.value(follow)
    if equal > 1 and not tie_winner_leads:
        return follow, best_seat, points, leader
    return follow, best_seat, points, best_seat


# --------------------------------------------------------------------------- the simulation


@dataclass
class Record:
    """One play as the table saw it: what was in the player's hand just before."""

    seat: int
    trick: int
    card: hm.Card
    master: hm.Card
    hand_before: tuple[hm.Card, ...]


@dataclass
class Game:
    players: int
    rng: random.Random
    setup: dict
    hands: list[list[hm.Card]]
    pile: list[hm.Card]
    state: hm.State
    log: list[Event] = field(default_factory=list)
    states_at: list[hm.State] = field(default_factory=list)   # state after log[:i]
    stack: list[tuple[hm.State, Record | None]] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)
    applied: int = 0
    undos: int = 0

    def enter(self, event: Event, record: Record | None = None) -> None:
        new = hm.apply(self.state, event)
        self.stack.append((self.state, record))
        self.state = new
        self.log.append(event)
        self.states_at.append(new)
        self.applied += 1
        if record is not None:
            self.hands[record.seat].remove(record.card)
            self.records.append(record)
        self.check_cards()

    def undo(self) -> None:
        previous, record = self.stack.pop()
        self.state = previous
        self.log.append(Event(base.UNDO))
        self.states_at.append(previous)
        self.applied -= 1
        self.undos += 1
        if record is not None:
            self.hands[record.seat].append(record.card)
            assert self.records.pop() is record
        self.check_cards()

    def check_cards(self) -> None:
        """No card twice: one used card per effective entry, and exactly the cards on record."""
        state = self.state
        assert len(state.used) == self.applied
        seen = [t.master for t in state.tricks] + [p.card for t in state.tricks for p in t.plays]
        if state.master is not None:
            seen.append(state.master)
        seen += [p.card for p in state.plays]
        assert len(seen) == len(set(seen)) == self.applied
        assert set(seen) == state.used
        in_hands = [c for hand in self.hands for c in hand]
        assert not state.used & set(in_hands)

    def choose(self, seat: int, master: hm.Card) -> hm.Card:
        hand = self.hands[seat]
        legal = [c for c in hand if hm.follows(c, master)]
        outside = [c for c in hand if not hm.follows(c, master)]
        if legal and outside and self.rng.random() < ILLEGAL_RATE:
            return self.rng.choice(outside)  # a revoke
        return self.rng.choice(legal or hand)


def new_game(players: int, seed: int) -> Game:
    rng = random.Random(seed)
    hands, pile = hm.deal(rng, players)
    assert len(pile) == hm.DEAL_SIZE[players]  # 4(1): every card is dealt
    setup = {
        "players": [f"P{i}" for i in range(players)],
        "first_leader": rng.randrange(players),
        "options": {"tie_winner_leads": rng.random() < 0.5},
    }
    return Game(players, rng, setup, hands, pile, hm.initial(setup))


def play_out(game: Game) -> None:
    size = hm.DEAL_SIZE[game.players]
    tie_winner_leads = game.setup["options"]["tie_winner_leads"]
    expected_leader = game.setup["first_leader"]
    for number in range(1, size + 1):
        assert not game.state.is_over
        assert game.state.expects_master
        assert game.state.leader == expected_leader
        master = game.pile[number - 1]
        game.enter(Event("master", {"card": master.code}))
        if game.rng.random() < UNDO_RATE:
            game.undo()
            assert game.state.expects_master
            game.enter(Event("master", {"card": master.code}))
        for i in range(game.players):
            seat = game.state.expected_seat
            assert seat == (expected_leader + i) % game.players
            while True:
                card = game.choose(seat, master)
                record = Record(seat, number, card, master, tuple(game.hands[seat]))
                game.enter(Event("play", {"seat": seat, "card": card.code}), record)
                if game.rng.random() >= UNDO_RATE:
                    break
                game.undo()  # take it back; the player may choose differently
        assert len(game.state.tricks) == number
        done = game.state.tricks[-1]
        plays = [(r.seat, r.card) for r in game.records if r.trick == number]
        assert [(p.seat, p.card) for p in done.plays] == plays
        assert (done.number, done.leader, done.master) == (number, expected_leader, master)
        expected = reference_trick(master, expected_leader, plays, tie_winner_leads)
        assert (done.follow, done.winner, done.points, done.next_leader) == expected
        expected_leader = done.next_leader
        check_revokes(game, complete=False)
    assert game.state.is_over


# --------------------------------------------------------------------------- invariants


def genuine_show_outs(records: list[Record]) -> list[Record]:
    """Plays holding neither master suit by a player whose hand held a card that did."""
    return [r for r in records
            if not hm.follows(r.card, r.master) and any(hm.follows(c, r.master) for c in r.hand_before)]


def check_revokes(game: Game, complete: bool) -> None:
    state = game.state
    show_outs = [r for r in game.records if not hm.follows(r.card, r.master)]
    assert [(s.seat, s.trick, s.card, s.master) for s in state.show_outs] == [
        (r.seat, r.trick, r.card, r.master) for r in show_outs]

    # Every revoke flagged is genuine: the player held a card of that suit at the show-out.
    for revoke in state.revokes:
        shown = revoke.shown_out
        assert revoke.seat == shown.seat
        assert revoke.suit in shown.master.suits
        assert revoke.suit in revoke.card.suits
        assert revoke.trick > shown.trick
        at_show_out = next(r for r in show_outs if (r.seat, r.trick) == (shown.seat, shown.trick))
        assert revoke.card in at_show_out.hand_before
        assert any(revoke.suit in c.suits for c in at_show_out.hand_before)
        assert any(r.seat == revoke.seat and r.trick == revoke.trick and r.card == revoke.card
                   for r in game.records)

    # Every genuine revoke whose suit was later played is flagged, once, at the first such card.
    expected = set()
    for offence in genuine_show_outs(game.records):
        later = [r for r in game.records
                 if r.seat == offence.seat and r.trick > offence.trick
                 and any(s in r.card.suits for s in offence.master.suits)]
        if later:
            expected.add((offence.seat, offence.trick, later[0].trick, later[0].card))
        elif complete:
            raise AssertionError(f"a genuine show-out never contradicted: {offence}")
    flagged = [(r.seat, r.shown_out.trick, r.trick, r.card) for r in state.revokes]
    assert len(flagged) == len(set(flagged))
    assert set(flagged) == expected
    # A show-out by a player who really held neither suit is never flagged.
    innocent = {(r.seat, r.trick) for r in show_outs} - {(r.seat, r.trick) for r in genuine_show_outs(game.records)}
    assert not innocent & {(r.seat, r.shown_out.trick) for r in state.revokes}


def check_finished(game: Game) -> None:
    state = game.state
    size = hm.DEAL_SIZE[game.players]
    assert state.is_over
    assert len(state.tricks) == size
    assert state.used == frozenset(hm.DECK)
    assert all(hand == [] for hand in game.hands)

    # Scores: the sum of the points of the tricks won, seat by seat.
    per_seat = [0] * game.players
    for done in state.tricks:
        if done.winner is None:
            assert done.points == 0
            assert done.next_leader == done.leader
        else:
            assert done.points == hm.VALUE_SUM - done.master.value(done.follow)
            assert done.points == done.master.value(done.other_suit)
            per_seat[done.winner] += done.points
        assert done.winner is None or hm.follows(
            next(p.card for p in done.plays if p.seat == done.winner), done.master)
    assert list(state.scores) == per_seat
    assert sum(state.scores) == sum(done.points for done in state.tricks if done.winner is not None)

    # Next leaders chain from trick to trick.
    assert state.tricks[0].leader == game.setup["first_leader"]
    for before, after in zip(state.tricks, state.tricks[1:]):
        assert after.leader == before.next_leader

    # The game refuses anything more.
    for event in (Event("master", {"card": "R5B6"}), Event("play", {"seat": state.leader, "card": "R5B6"})):
        with pytest.raises(RuleError) as info:
            hm.apply(state, event)
        assert info.value.ruling.key == "hm.game_over"

    # By the end every card has been played, so every genuine show-out has been contradicted.
    check_revokes(game, complete=True)
    assert len(state.revokes) == len(genuine_show_outs(game.records))


def check_replay(game: Game) -> None:
    replayed = base.replay(hm.initial, hm.apply, game.setup, game.log)
    assert replayed.state == game.state
    assert len(replayed.effective) == game.applied == len(game.state.used)
    assert len(replayed.undone) == game.undos
    assert set(replayed.effective).isdisjoint(replayed.undone)
    assert set(replayed.effective) | set(replayed.undone) | set(replayed.undone.values()) == set(range(len(game.log)))
    for position, by in replayed.undone.items():
        assert game.log[by].kind == base.UNDO and by > position
    # A prefix of the log replays to the state the table had at that point.
    cut = game.rng.randrange(len(game.log) + 1)
    prefix = base.replay(hm.initial, hm.apply, game.setup, game.log[:cut]).state
    assert prefix == (game.states_at[cut - 1] if cut else hm.initial(game.setup))


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_whole_games_keep_every_invariant(players):
    totals = {"revokes": 0, "undos": 0, "no_winner": 0, "ties": 0, "house_rule": 0}
    for seed in range(SEEDS_PER_SIZE):
        game = new_game(players, seed=1000 * players + seed)
        play_out(game)
        check_finished(game)
        check_replay(game)
        totals["revokes"] += len(game.state.revokes)
        totals["undos"] += game.undos
        totals["no_winner"] += sum(1 for t in game.state.tricks if t.winner is None)
        totals["ties"] += sum(1 for t in game.state.tricks
                              if any(r.key == "hm.tie_later_wins" for r in t.rulings))
        totals["house_rule"] += game.setup["options"]["tie_winner_leads"]
    # The seeds must actually exercise what the invariants are about.
    assert all(count > 0 for count in totals.values()), totals


def test_random_games_are_reproducible_from_their_seed():
    first, second = new_game(4, seed=7), new_game(4, seed=7)
    play_out(first)
    play_out(second)
    assert first.log == second.log
    assert first.state == second.state
