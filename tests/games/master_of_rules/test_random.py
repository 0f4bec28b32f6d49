"""Master of Rules: seeded random whole games for 3, 4 and 5 players, checked against invariants.

Each game is played with the real cards as the rulebook lays them out: hands of four number
cards and three rule cards, a refill row of one card per player of each kind (none in the
final round), decks reshuffled from the discards when empty, dummies fed from the decks'
tops, and rule cards won kept out of the game. Players choose at random; a player whose
rule cards are all already played reveals them and plays one anyway. Now and then someone
tries something the rules forbid (checked refused), or an entry is taken back with an undo
and entered again. Every round is checked against a reference judge written here from the
text, and the whole log is replayed.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from companion.rules import base
from companion.rules import master_of_rules as mor
from companion.rules.base import Event, RuleError

SEEDS_PER_SIZE = 25
UNDO_RATE = 0.06
MISTAKE_RATE = 0.08
HAND_NUMBERS, HAND_RULES = 4, 3


# --------------------------------------------------------------------------- reference


def reference_round(numbers: list[mor.Number], rules: list[str], dummies: list[mor.Number]) -> list[bool]:
    """Which players achieve their rule, decided straight from 5つのルール and RULINGS.md."""
    five = numbers + dummies
    assert len(five) == len(set(five)) == 5
    colours = Counter(c.colour for c in five)
    values = Counter(c.value for c in five)
    achieved: list[bool | None] = []
    for card, rule in zip(numbers, rules):
        if rule == mor.TRIO:
            achieved.append(max(colours.values()) >= 3 or max(values.values()) >= 3)
        elif rule == mor.ONLY_ONE:
            achieved.append(colours[card.colour] == 1 and values[card.value] == 1)
        elif rule == mor.LIMIT_23:
            achieved.append(sum(c.value for c in five) <= 23)
        elif rule == mor.BEST_OF_THE_BEST:
            achieved.append(colours[card.colour] == max(colours.values())
                            and card.value == max(c.value for c in five if c.colour == card.colour))
        else:
            achieved.append(None)
    n = len(numbers)
    if all(r == mor.SUPPORT_RIGHT for r in rules):
        return [True] * n
    for seat in range(n):
        if achieved[seat] is None:
            right = (seat - 1) % n
            while rules[right] == mor.SUPPORT_RIGHT:
                right = (right - 1) % n
            achieved[seat] = achieved[right]
    return [bool(a) for a in achieved]


def reference_points(counts: dict[str, int]) -> int:
    return (sum(counts.values()) + 2 * sum(1 for c in counts.values() if c >= 3)
            + (2 if all(counts[r] >= 1 for r in mor.RULES) else 0))


# --------------------------------------------------------------------------- the table


@dataclass
class Cards:
    """Where every physical card is, outside the engine."""

    number_deck: list[mor.Number]
    number_discard: list[mor.Number]
    rule_deck: list[str]
    rule_discard: list[str]
    numbers: list[list[mor.Number]]
    rules: list[list[str]]
    number_row: list[mor.Number]
    rule_row: list[str]
    won: list[str]

    def snapshot(self) -> Cards:
        return Cards(list(self.number_deck), list(self.number_discard), list(self.rule_deck),
                     list(self.rule_discard), [list(h) for h in self.numbers], [list(h) for h in self.rules],
                     list(self.number_row), list(self.rule_row), list(self.won))


def draw(deck: list, discard: list, rng: random.Random):
    """4: an empty deck is refilled by shuffling the discards."""
    if not deck:
        deck.extend(discard)
        discard.clear()
        rng.shuffle(deck)
    assert deck, "the cards ran out"
    return deck.pop()


@dataclass
class Game:
    players: int
    rng: random.Random
    setup: dict
    cards: Cards
    state: mor.State
    log: list[Event] = field(default_factory=list)
    states_at: list[mor.State] = field(default_factory=list)
    stack: list[mor.State] = field(default_factory=list)
    applied: int = 0
    undos: int = 0
    mistakes: Counter = field(default_factory=Counter)

    def enter(self, event: Event) -> None:
        new = mor.apply(self.state, event)
        self.stack.append(self.state)
        self.state = new
        self.log.append(event)
        self.states_at.append(new)
        self.applied += 1

    def undo(self, cards: Cards) -> None:
        """Take back the latest entry; the cards go back to where they were before it."""
        self.state = self.stack.pop()
        self.cards = cards
        self.log.append(Event(base.UNDO))
        self.states_at.append(self.state)
        self.applied -= 1
        self.undos += 1

    def refuse(self, event: Event, key: str) -> None:
        with pytest.raises(RuleError) as info:
            mor.apply(self.state, event)
        assert info.value.ruling.key == key, (info.value.ruling, event)
        self.mistakes[key] += 1


def new_game(players: int, seed: int) -> Game:
    rng = random.Random(seed)
    number_deck = list(mor.DECK)
    rule_deck = [r for r in mor.RULES for _ in range(mor.COPIES)]
    rng.shuffle(number_deck)
    rng.shuffle(rule_deck)
    cards = Cards(number_deck, [], rule_deck, [], [], [], [], [], [])
    for _ in range(players):  # ゲームの準備: 4 number cards and 3 rule cards each
        cards.numbers.append([cards.number_deck.pop() for _ in range(HAND_NUMBERS)])
        cards.rules.append([cards.rule_deck.pop() for _ in range(HAND_RULES)])
    setup = {"players": [f"P{i}" for i in range(players)], "first_leader": rng.randrange(players),
             "options": {}}
    return Game(players, rng, setup, cards, mor.initial(setup))


# --------------------------------------------------------------------------- playing


def lay_out_row(game: Game) -> None:
    """ゲームの準備 / 4: one refill card of each kind per player, except for the final round."""
    cards, rng = game.cards, game.rng
    assert not cards.number_row and not cards.rule_row
    if game.state.is_final_round:
        return
    cards.number_row = [draw(cards.number_deck, cards.number_discard, rng) for _ in range(game.players)]
    cards.rule_row = [draw(cards.rule_deck, cards.rule_discard, rng) for _ in range(game.players)]


def player_turn(game: Game) -> None:
    state, cards, rng = game.state, game.cards, game.rng
    expected = state.expected
    assert expected is not None and expected.seat is not None
    seat = expected.seat
    kind = rng.choice(expected.kinds)
    maybe_mistake(game, seat, kind)
    if kind == mor.NUMBER:
        card = rng.choice(cards.numbers[seat])
        game.enter(Event("number", {"seat": seat, "card": card.code}))
        cards.numbers[seat].remove(card)
        if state.refills:  # 2: refill from the row; 5: not in the final round
            cards.numbers[seat].append(cards.number_row.pop(rng.randrange(len(cards.number_row))))
        return
    hand = cards.rules[seat]
    assert hand, "a player with no rule card"
    playable = [r for r in hand if r not in state.rules_taken]
    if playable:
        name, reveal = rng.choice(playable), False
    else:  # 1: nothing playable: reveal the rule cards and play any of them
        name, reveal = rng.choice(hand), True
    payload = {"seat": seat, "rule": name}
    if reveal or rng.random() < 0.3:
        payload["reveal"] = reveal
    game.enter(Event("rule", payload))
    hand.remove(name)
    if state.refills:
        hand.append(cards.rule_row.pop(rng.randrange(len(cards.rule_row))))


def maybe_mistake(game: Game, seat: int, kind: str) -> None:
    """Try something the rules forbid; the engine must refuse it and change nothing."""
    state, rng = game.state, game.rng
    if rng.random() >= MISTAKE_RATE:
        return
    choice = rng.randrange(4)
    if choice == 0:
        game.refuse(Event("number", {"seat": (seat + 1) % game.players, "card": "B1"}), "mor.not_your_turn")
    elif choice == 1 and state.lap == 2:
        other = mor.RULE if kind == mor.NUMBER else mor.NUMBER
        payload = {"seat": seat, "card": "B1"} if other == mor.NUMBER else {"seat": seat, "rule": "TRIO"}
        key = "mor.lap2_needs_rule" if other == mor.NUMBER else "mor.lap2_needs_number"
        game.refuse(Event(other, payload), key)
    elif choice == 2 and kind == mor.NUMBER and state.numbers_played:
        game.refuse(Event("number", {"seat": seat, "card": rng.choice(state.numbers_played)}), "mor.card_used")
    elif choice == 3 and kind == mor.RULE and state.rule_plays:
        name = rng.choice(state.rule_plays).rule
        taken = next(p for p in state.rule_plays if p.rule == name)  # the first one is named
        key = "mor.rule_taken" if taken.seat is not None else "mor.rule_taken_by_dummy"
        if taken.rule in state.rules_exhausted:
            key = "mor.rule_exhausted"
        game.refuse(Event("rule", {"seat": seat, "rule": taken.rule}), key)


def dummy_turn(game: Game) -> None:
    """3, 4人プレイ: the decks' top cards go to the dummy face up."""
    cards, rng = game.cards, game.rng
    expected = game.state.expected
    assert expected is not None
    kind = rng.choice(expected.kinds)
    if rng.random() < MISTAKE_RATE:
        game.refuse(Event("number", {"seat": 0, "card": "B1"}), "mor.dummy_turn")
    if kind == mor.DUMMY_NUMBER:
        card = draw(cards.number_deck, cards.number_discard, rng)
        assert card.code not in game.state.numbers_played  # cannot happen with real cards
        game.enter(Event("dummy_number", {"dummy": expected.dummy, "card": card.code}))
    else:
        name = draw(cards.rule_deck, cards.rule_discard, rng)
        game.enter(Event("dummy_rule", {"dummy": expected.dummy, "rule": name}))


def play_round(game: Game) -> None:
    number = game.state.round
    start = game.state.start_player
    lay_out_row(game)
    while len(game.state.results) < number:
        before, cards = game.state, game.cards.snapshot()
        if before.expected_dummy is not None:
            dummy_turn(game)
        else:
            player_turn(game)
        if game.rng.random() < UNDO_RATE:
            game.undo(cards)
            assert game.state == before
    done = game.state.results[-1]
    assert (done.number, done.start_player) == (number, start)
    check_round(game, done)
    # 3: numbers and the rule cards not achieved are discarded; achieved ones are kept.
    cards = game.cards
    cards.number_discard += [mor.parse_number(code) for code in done.cards]
    for verdict in done.verdicts:
        (cards.won if verdict.achieved else cards.rule_discard).append(verdict.rule)
    if done.dummy_rule is not None:
        cards.rule_discard.append(done.dummy_rule)
    assert not cards.number_row and not cards.rule_row


def check_round(game: Game, done: mor.RoundResult) -> None:
    n = game.players
    assert len(done.cards) == len(set(done.cards)) == mor.TABLE_CARDS  # no number card twice
    numbers = [mor.parse_number(next(p.card for p in done.plays if p.seat == s and p.kind == mor.NUMBER))
               for s in range(n)]
    rules = [next(p.rule for p in done.plays if p.seat == s and p.rule is not None) for s in range(n)]
    dummies = [mor.parse_number(code) for code in done.dummy_numbers]
    assert len(dummies) == mor.TABLE_CARDS - n
    assert done.cards == tuple(c.code for c in numbers + dummies)
    assert [v.achieved for v in done.verdicts] == reference_round(numbers, rules, dummies)
    assert [v.rule for v in done.verdicts] == rules
    assert all(v.ruling.clause == mor.RULE_CLAUSES[v.rule] or v.ruling.clause == "RULINGS" for v in done.verdicts)
    assert done.total == sum(c.value for c in numbers + dummies)
    # Each player laid one card of each kind, a different kind in each lap.
    for seat in range(n):
        mine = [p for p in done.plays if p.seat == seat]
        assert sorted(p.kind for p in mine) == [mor.NUMBER, mor.RULE]
        assert sorted(p.lap for p in mine) == [1, 2]
    # A rule repeated within the round was always revealed (dummies aside).
    seen: set[str] = set()
    for p in done.plays:
        if p.rule is None:
            continue
        if p.seat is not None:
            assert p.reveal == (p.rule in seen)
        seen.add(p.rule)
    # Dummies: 3 players, dummy 1 a number and a rule after lap 1, dummy 2 a number after
    # lap 2; 4 players, dummy 1 a number after lap 1.
    dummy_plays = sorted((p.dummy, p.kind) for p in done.plays if p.dummy is not None)
    assert dummy_plays == {3: [(1, "dummy_number"), (1, "dummy_rule"), (2, "dummy_number")],
                           4: [(1, "dummy_number")], 5: []}[n]
    humans = [p for p in done.plays if p.seat is not None]
    order = [p.seat for p in humans]
    assert order == [(done.start_player + i) % n for i in range(n)] * 2
    for p in done.plays:
        if p.dummy is not None:
            position = done.plays.index(p)
            assert sum(1 for q in done.plays[:position] if q.seat is not None) == p.dummy * n


def check_finished(game: Game) -> None:
    state = game.state
    n = game.players
    rounds = {3: 12, 4: 12, 5: 10}[n]
    assert state.is_over and len(state.results) == rounds == state.rounds
    assert [r.start_player for r in state.results] == [
        (game.setup["first_leader"] + i) % n for i in range(rounds)]
    # Rule cards won: recounted from the verdicts; never more than 12 of a kind.
    counts = [Counter({r: 0 for r in mor.RULES}) for _ in range(n)]
    for done in state.results:
        for verdict in done.verdicts:
            if verdict.achieved:
                counts[verdict.seat][verdict.rule] += 1
    assert [dict(c) for c in counts] == [state.counts(s) for s in range(n)]
    assert all(state.table_counts[r] <= mor.COPIES for r in mor.RULES)
    assert sorted(game.cards.won) == sorted(r for c in counts for r in c.elements())
    # Points add up: base + a set bonus per rule won 3+ times + the all-five bonus.
    for seat in range(n):
        b = state.breakdowns[seat]
        assert b.base == sum(counts[seat].values())
        assert b.total == b.base + b.set_bonus + b.all_five_bonus == reference_points(counts[seat])
        assert mor.scores(state)[seat] == b.total
    # Places: better points, then the tie-break counts, decide; equal on all share a place.
    keys = [(reference_points(c), *(c[r] for r in mor.TIE_BREAK)) for c in counts]
    assert list(state.ranking) == [1 + sum(k > mine for k in keys) for mine in keys]
    # The game refuses anything more.
    for event in (Event("number", {"seat": 0, "card": "B1"}), Event("dummy_number", {"card": "B1"})):
        with pytest.raises(RuleError) as info:
            mor.apply(state, event)
        assert info.value.ruling.key == "mor.game_over"


def check_replay(game: Game) -> None:
    replayed = base.replay(mor.initial, mor.apply, game.setup, game.log)
    assert replayed.state == game.state
    assert len(replayed.effective) == game.applied
    assert len(replayed.undone) == game.undos
    cut = game.rng.randrange(len(game.log) + 1)
    prefix = base.replay(mor.initial, mor.apply, game.setup, game.log[:cut]).state
    assert prefix == (game.states_at[cut - 1] if cut else mor.initial(game.setup))


def play_out(game: Game) -> None:
    for number in range(1, game.state.rounds + 1):
        assert not game.state.is_over
        assert game.state.round == number
        assert game.state.is_final_round == (number == game.state.rounds)
        assert game.state.refills == (number != game.state.rounds)
        play_round(game)


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_whole_games_keep_every_invariant(players):
    totals: Counter = Counter()
    for seed in range(SEEDS_PER_SIZE):
        game = new_game(players, seed=1000 * players + seed)
        play_out(game)
        check_finished(game)
        check_replay(game)
        totals["undos"] += game.undos
        totals["mistakes"] += sum(game.mistakes.values())
        for done in game.state.results:
            totals["reveals"] += len(done.reveals)
            for verdict in done.verdicts:
                totals[f"{verdict.rule} {verdict.achieved}"] += 1
    # The seeds must actually exercise what the invariants are about.
    for rule in mor.RULES:
        assert totals[f"{rule} True"] > 0 and totals[f"{rule} False"] > 0, totals
    assert totals["undos"] > 0 and totals["mistakes"] > 0 and totals["reveals"] > 0, totals


def test_random_games_are_reproducible_from_their_seed():
    first, second = new_game(3, seed=7), new_game(3, seed=7)
    play_out(first)
    play_out(second)
    assert first.log == second.log
    assert first.state == second.state
