"""King's Trick: seeded random whole games for 3, 4, 5 and 6 players, checked against a
reference written here from the rulebook and RULINGS.md.

Each game deals this count's real deck (2: one colour out with 3 players, K/Q/J out with 5)
and plays it through initial()/apply(): random cards (may-follow: anything goes), random
draft picks, and at each アガリ question a declaration with a per-game probability, so some
games end by アガリ and others run out the hands into 4(4). Now and then an entry is taken
back with an undo and entered again (possibly differently). The test keeps its own model of
the hands, taken piles and passes, and checks the engine against it at every step.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from companion.rules import base
from companion.rules import kings_trick as kt
from companion.rules.base import Event, RuleError

SEEDS_PER_SIZE = 30
UNDO_RATE = 0.05
SPECIAL_LEAD_RATE = 0.3


# --------------------------------------------------------------------------- reference

COLOURS = "RBGWK"
ORDER_OF_KINDS = ("orb", "sword", "shield", "crystal", "potion")


def kind_of(code: str) -> str:
    """1: each 1 an orb, 2 a sword, 3 a shield, 4/5 a crystal, 6-9 a potion; K/Q/J apart."""
    if code in ("KING", "QUEEN", "JESTER"):
        return "kqj"
    return {1: "orb", 2: "sword", 3: "shield", 4: "crystal", 5: "crystal"}.get(int(code[1:]), "potion")


def reference_values(codes: list[str]) -> list[tuple[str | None, int]]:
    """3(4)※ in tenths: colour cards as printed; J the lead colour 0.3; K/Q the right
    neighbour's (the previous play's, the last play's for the leader) final value +5/-4.
    Resolved by passes: a K/Q waits until its neighbour is known."""
    n = len(codes)
    lead = next((c[0] for c in codes if c not in ("KING", "QUEEN", "JESTER")), None)
    known: dict[int, tuple[str | None, int]] = {}
    for i, c in enumerate(codes):
        if c == "JESTER":
            known[i] = (lead, 3)
        elif c not in ("KING", "QUEEN"):
            known[i] = (c[0], 10 * int(c[1:]))
    while len(known) < n:
        for i, c in enumerate(codes):
            if i not in known and (i - 1) % n in known:
                colour, value = known[(i - 1) % n]
                known[i] = (colour, value + (5 if c == "KING" else -4))
    return [known[i] for i in range(n)]


def reference_order(codes: list[str], no_colour: str) -> list[int]:
    """3(3): the lead colour's cards by value, then each next colour in the order its first
    coloured card came; no colour at all: by value or in play order (RULINGS option)."""
    values = reference_values(codes)
    colours_in_order: list[str] = []
    for c in codes:
        if c not in ("KING", "QUEEN", "JESTER") and c[0] not in colours_in_order:
            colours_in_order.append(c[0])
    if not colours_in_order:
        if no_colour == "play_order":
            return list(range(len(codes)))
        return sorted(range(len(codes)), key=lambda i: -values[i][1])
    out: list[int] = []
    for colour in colours_in_order:
        same = [i for i in range(len(codes)) if values[i][0] == colour]
        out += sorted(same, key=lambda i: -values[i][1])
    return out


SET_TABLE = {"orb": {3: 5, 4: 6, 5: 7}, "sword": {3: 4, 4: 5, 5: 6}, "shield": {3: 3, 4: 4, 5: 5}}


def reference_points(codes: list[str], sum_sets: bool) -> tuple[bool, int]:
    """3(6): (a set is complete, the points): best set or their sum, times 1 + K/Q/J taken."""
    count = {k: 0 for k in ORDER_OF_KINDS + ("kqj",)}
    for c in codes:
        count[kind_of(c)] += 1
    sets = [SET_TABLE[k][count[k]] for k in SET_TABLE if count[k] in SET_TABLE[k]]
    if count["crystal"] >= 5:
        sets.append(2 + count["crystal"] - 5)
    if count["potion"] >= 10:
        sets.append(1 + count["potion"] - 10)
    if not sets:
        return False, 0
    base_points = sum(sets) if sum_sets else max(sets)
    return True, base_points * (1 + count["kqj"])


def reference_no_agari(piles: list[list[str]], tie: str) -> list[int]:
    """4(4): points per seat: most orbs, then swords, shields, crystals, then the option."""
    def n(seat: int, kind: str) -> int:
        return sum(1 for c in piles[seat] if kind_of(c) == kind)

    left = list(range(len(piles)))
    for kind in ("orb", "sword", "shield", "crystal"):
        best = max(n(s, kind) for s in left)
        left = [s for s in left if n(s, kind) == best]
    if len(left) > 1:
        if tie == "none":
            left = []
        elif tie == "potions_share":
            best = max(n(s, "potion") for s in left)
            left = [s for s in left if n(s, "potion") == best]
    return [1 + n(s, "kqj") if s in left else 0 for s in range(len(piles))]


DRAFT_SIZES = {3: [1, 2], 4: [1, 2, 1], 5: [1, 2, 2], 6: [1, 2, 3]}


# --------------------------------------------------------------------------- the simulation


@dataclass
class Model:
    """What the test knows independently of the engine."""

    hands: list[list[str]]
    taken: list[list[str]]
    passed_at: list[int | None]
    leader: int
    trick: list[str] = field(default_factory=list)
    pool: list[str] = field(default_factory=list)
    takers: list[int] = field(default_factory=list)
    picks_left: list[int] = field(default_factory=list)
    asked: list[int] = field(default_factory=list)
    declared: list[int] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    tricks_done: int = 0


@dataclass
class Game:
    players: int
    rng: random.Random
    setup: dict[str, Any]
    model: Model
    state: kt.State
    declare_rate: float
    log: list[Event] = field(default_factory=list)
    stack: list[tuple[kt.State, Model]] = field(default_factory=list)
    applied: int = 0
    undos: int = 0
    tricks_checked: int = 0

    @property
    def options(self) -> dict[str, Any]:
        return self.setup["options"]

    def enter(self, event: Event, change: Any) -> None:
        """Apply `event` to the engine and `change` to a copy of the model."""
        new = kt.apply(self.state, event)
        self.stack.append((self.state, copy.deepcopy(self.model)))
        change(self.model)
        self.state = new
        self.log.append(event)
        self.applied += 1
        self.check()

    def undo(self) -> None:
        self.state, self.model = self.stack.pop()
        self.log.append(Event(base.UNDO))
        self.applied -= 1
        self.undos += 1
        self.check()

    def check(self) -> None:
        """The engine's piles, pool and used cards are the model's; no card is anywhere twice."""
        state, model = self.state, self.model
        assert [sorted(c.code for c in pile) for pile in state.taken] == [sorted(p) for p in model.taken]
        assert sorted(c.code for c in state.pool) == sorted(model.pool)
        everywhere = [c for h in model.hands for c in h] + [c for p in model.taken for c in p] + model.pool + model.trick
        assert len(everywhere) == len(set(everywhere)) == len(kt.deck(self.players, state.setup.removed))
        used = {c.code for c in state.used}
        assert used == set(everywhere) - {c for h in model.hands for c in h}
        assert [p.card.code for p in state.plays] == model.trick
        assert list(state.passed_at) == model.passed_at
        # Only the players the reference says may declare are asked (3(6)).
        if state.phase == kt.AGARI:
            assert set(state.awaiting) == set(model.asked) and state.awaiting
        elif not state.is_over:
            assert model.asked == []


def new_game(players: int, seed: int, follows: dict[str, Any] | None = None) -> Game:
    """A dealt game; `follows` (a next_setup) sets the start player and the options instead."""
    rng = random.Random(seed)
    options = {
        "removed_colour": rng.choice(COLOURS),
        "no_colour": rng.choice(["values", "play_order"]),
        "sum_sets": rng.random() < 0.5,
        "no_agari_tie": rng.choice(["potions_share", "share", "none"]),
        "tie_at_20": rng.choice(["play_on", "share"]),
        "team_play": rng.random() < 0.5,
    }
    setup = {"players": [f"P{i}" for i in range(players)], "first_leader": rng.randrange(players), "options": options}
    if follows is not None:
        setup.update(follows)
        options = setup["options"]
    removed = options["removed_colour"] if players == 3 else None
    hands = [[c.code for c in hand] for hand in kt.deal(rng, players, removed)]
    model = Model(hands, [[] for _ in range(players)], [None] * players, setup["first_leader"])
    return Game(players, rng, setup, model, kt.initial(setup), declare_rate=rng.choice([0.0, 0.3, 0.8]))


def play_card(game: Game) -> None:
    seat = game.state.expected_seat
    assert game.state.phase == kt.PLAY and seat == (game.model.leader + len(game.model.trick)) % game.players
    hand = game.model.hands[seat]
    specials = [c for c in hand if c in ("KING", "QUEEN", "JESTER")]
    code = game.rng.choice(hand)
    # Lean towards KING, QUEEN and JESTER meeting in one trick, so tricks without colour occur.
    if specials and game.rng.random() < (0.8 if any(c in game.model.trick for c in ("KING", "QUEEN", "JESTER"))
                                          else SPECIAL_LEAD_RATE if not game.model.trick else 0.0):
        code = game.rng.choice(specials)

    def lay(m: Model, seat: int, code: str) -> None:
        m.hands[seat].remove(code)
        m.trick.append(code)
        if len(m.trick) == game.players:
            m.order = [(m.leader + i) % game.players for i in reference_order(m.trick, game.options["no_colour"])]
            m.pool, m.trick = m.trick, []
            sizes = DRAFT_SIZES[game.players]
            m.takers = m.order[: len(sizes)]
            m.picks_left = sizes[:-1]

    def change(m: Model) -> None:
        lay(m, seat, code)
        if len(m.trick) == game.players - 1 and sum(len(h) for h in m.hands) == 1:
            # The game's last card, the one not yet seen: the engine lays it, nobody enters it.
            last = (m.leader + len(m.trick)) % game.players
            lay(m, last, m.hands[last][0])

    game.enter(Event("play", {"seat": seat, "card": code}), change)
    if game.state.phase == kt.DRAFT:
        check_trick(game)


def check_trick(game: Game) -> None:
    trick = game.state.tricks[-1]
    codes = [p.card.code for p in trick.plays]
    assert [p.seat for p in trick.plays] == [(trick.leader + i) % game.players for i in range(game.players)]
    assert list(trick.places) == game.model.order
    assert [(c, v) for c, v in zip(trick.colours, trick.values)] == reference_values(codes)
    assert list(trick.draft) == DRAFT_SIZES[game.players]
    game.tricks_checked += 1


def pick_card(game: Game) -> None:
    model = game.model
    place = next(i for i, left in enumerate(model.picks_left) if left)
    seat = model.takers[place]
    assert game.state.expected_seat == seat
    code = game.rng.choice(model.pool)

    def change(m: Model) -> None:
        m.pool.remove(code)
        m.taken[seat].append(code)
        m.picks_left[place] -= 1
        if not any(m.picks_left):  # the last drafting place takes the rest (3(4))
            m.taken[m.takers[-1]] += m.pool
            m.pool = []
            m.asked = []
            for s in m.order:
                complete, points = reference_points(m.taken[s], game.options["sum_sets"])
                if complete and (m.passed_at[s] is None or points > m.passed_at[s]):
                    m.asked.append(s)
            m.tricks_done += 1
            if not m.asked:
                after_answers(game, m)

    game.enter(Event("pick", {"seat": seat, "card": code}), change)


def after_answers(game: Game, m: Model) -> None:
    """Nobody declared (or nobody was asked): the next trick, led by 1st place (3(6))."""
    if not m.declared:
        m.leader = m.order[0]


def answer(game: Game) -> None:
    model = game.model
    assert set(game.state.awaiting) == set(model.asked)
    seat = game.rng.choice(model.asked)
    declare = game.rng.random() < game.declare_rate
    points = reference_points(model.taken[seat], game.options["sum_sets"])[1]

    def change(m: Model) -> None:
        m.asked.remove(seat)
        if declare:
            m.declared.append(seat)
        else:
            m.passed_at[seat] = points
        if not m.asked:
            after_answers(game, m)

    game.enter(Event("declare" if declare else "pass", {"seat": seat}), change)


def play_out(game: Game) -> None:
    steps = 0
    while not game.state.is_over:
        steps += 1
        assert steps < 1000
        phase = game.state.phase
        if phase == kt.PLAY:
            assert game.state.leader == game.model.leader
            play_card(game)
        elif phase == kt.DRAFT:
            pick_card(game)
        else:
            answer(game)
        if not game.state.is_over and game.rng.random() < UNDO_RATE:
            game.undo()


# --------------------------------------------------------------------------- invariants


def check_finished(game: Game) -> None:
    state, model = game.state, game.model
    players = game.players
    assert state.is_over
    assert len(state.tricks) == model.tricks_done <= kt.DEAL_SIZE[players]
    if model.declared:
        assert state.ended_by == "agari"
        expected = [reference_points(model.taken[s], game.options["sum_sets"])[1] if s in model.declared else 0
                    for s in range(players)]
        assert sorted(state.scorers) == sorted(model.declared)
    else:
        # 4(4) only once every hand is played out.
        assert len(state.tricks) == kt.DEAL_SIZE[players] and all(h == [] for h in model.hands)
        assert state.ended_by == "no_agari"
        expected = reference_no_agari(model.taken, game.options["no_agari_tie"])
    assert list(state.points) == expected
    assert sum(state.points) == sum(expected)
    # Every card of the deck is either still in a hand or in exactly one taken pile.
    piles = [c.code for pile in state.taken for c in pile]
    assert len(piles) == len(set(piles)) == players * len(state.tricks)
    # Leaders chain: each trick after the first is led by the previous trick's 1st place.
    assert state.tricks[0].leader == game.setup["first_leader"]
    for before, after in zip(state.tricks, state.tricks[1:]):
        assert after.leader == before.winner
    # The outcome: teams add the partners' points; places follow the points.
    outcome = kt.outcome(state)
    teams = players == 6 and game.options["team_play"]
    shown = [expected[s] + expected[(s + 3) % 6] for s in range(6)] if teams else expected
    assert list(outcome.points) == shown
    assert list(outcome.places) == [1 + sum(1 for o in shown if o > p) for p in shown]
    # The next game's start player (4(3), RULINGS).
    scorers = [s for s in range(players) if expected[s] > 0]
    last = state.tricks[-1]
    if not scorers:
        first = last.places[0]
    elif len(scorers) == 1:
        first = scorers[0]
    else:
        placed = [s for s in last.places[: len(last.draft)] if s in scorers]
        first = placed[0] if placed else next(p.seat for p in last.plays if p.seat in scorers)
    assert kt.next_setup(state)["first_leader"] == first == outcome.facts["next_first_leader"]
    # Nothing more is taken.
    with pytest.raises(RuleError) as info:
        kt.apply(state, Event("play", {"seat": 0, "card": "R1"}))
    assert info.value.ruling.key == "kt.game_over"
    assert kt.audit(state) == ()


def check_replay(game: Game) -> None:
    replayed = base.replay(kt.initial, kt.apply, game.setup, game.log)
    assert replayed.state == game.state
    assert len(replayed.effective) == game.applied
    assert len(replayed.undone) == game.undos


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_whole_games_keep_every_invariant(players: int) -> None:
    seen = {"agari": 0, "no_agari": 0, "undos": 0, "several_declare": 0, "passes": 0, "specials_in_tricks": 0,
            "no_colour": 0}
    for seed in range(SEEDS_PER_SIZE):
        game = new_game(players, seed=1000 * players + seed)
        play_out(game)
        check_finished(game)
        check_replay(game)
        seen[game.state.ended_by or ""] += 1
        seen["undos"] += game.undos
        seen["several_declare"] += len(game.state.declared) > 1
        seen["passes"] += sum(1 for e in game.log if e.kind == "pass")
        seen["specials_in_tricks"] += sum(1 for t in game.state.tricks for p in t.plays if p.card.is_special)
        seen["no_colour"] += sum(1 for t in game.state.tricks if t.lead_colour is None)
        assert game.tricks_checked >= len(game.state.tricks)
    wanted = ["agari", "no_agari", "undos", "passes"] + (["specials_in_tricks"] if players != 5 else []) + (
        ["no_colour"] if players == 3 else [])
    assert all(seen[k] > 0 for k in wanted), seen
    if players == 5:
        assert seen["specials_in_tricks"] == 0


def test_random_games_are_reproducible_from_their_seed() -> None:
    first, second = new_game(4, seed=7), new_game(4, seed=7)
    play_out(first)
    play_out(second)
    assert first.log == second.log
    assert first.state == second.state


def test_a_random_evening_follows_4_3() -> None:
    """Whole games one after another, each started by the last game's next_setup, until the
    evening is over: totals add up, and it ends exactly when 4(3) says."""
    rng = random.Random(5)
    for players in (3, 4, 5, 6):
        setup: dict[str, Any] = {}
        outcomes = []
        for number in range(1, 30):
            game = new_game(players, seed=rng.randrange(10**6), follows=setup or None)
            play_out(game)
            outcomes.append(kt.outcome(game.state))
            evening = kt.evening(outcomes, players)
            totals = [sum(o.points[s] for o in outcomes) for s in range(players)]
            assert list(evening.totals) == totals
            top = max(totals)
            leaders = [s for s in range(players) if totals[s] == top]
            alone = len(leaders) == (2 if outcomes[-1].teams else 1)
            tie = game.setup["options"]["tie_at_20"]
            expect_over = (number < 4 and top >= 20 and (alone or tie == "share")) or (number >= 4 and alone)
            assert evening.over == expect_over, (number, totals, tie)
            if evening.over:
                assert list(evening.leaders) == leaders
                break
            setup = dict(kt.next_setup(game.state))
        else:
            raise AssertionError("the evening never ended")
