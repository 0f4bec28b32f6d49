"""たてよこ (Tateyoko): seeded random whole games for 3 to 7 players, checked against the
simulated table of driver.py, which is written from the rulebook alone.

At every entry (and every undo) the engine's state must match the table: the layout, whose
turn, the hand sizes (dealt - laid + drawn), the deck, the passes in a row, the end and the
hands awaited. Now and then the checker also tries a card at a spot and compares the
engine's verdict (accepted, or refused for which reason) and its free spots with the
table's own rule check; the judge must say the same. At the end the points must be the
table's own count (得点計算), and replaying the log must give the same state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from companion.rules import base
from companion.rules import tateyoko as ty
from companion.rules.base import UNDO, Event, RuleError
from companion.rules.contract import Outcome
from tests.games.tateyoko import driver as d

SIZES = (3, 4, 5, 6, 7)
SEEDS = range(10)
PROBE_RATE = 0.3

REASON_OF_KEY = {
    "ty.occupied": "occupied", "ty.not_adjacent": "not_adjacent", "ty.not_next_to_previous": "not_next_to_previous",
    "ty.not_in_line": "not_in_line", "ty.vertical_above": "vertical", "ty.vertical_below": "vertical",
    "ty.horizontal_suit_left": "horizontal", "ty.horizontal_suit_right": "horizontal",
    "ty.horizontal_rank_left": "horizontal", "ty.horizontal_rank_right": "horizontal",
}


def codes(grid: ty.Grid) -> dict[tuple[int, int], str]:
    return {pos: card.code for pos, card in grid.items()}


@dataclass
class Checker:
    """Applies each entry to the engine beside the table and compares them."""

    setup: dict
    rng: random.Random
    states: list[ty.State] = field(default_factory=list)
    probes: int = 0
    refusals: int = 0

    def __post_init__(self) -> None:
        self.states.append(ty.initial(self.setup))

    def __call__(self, run: d.Run, event: Event) -> None:
        if event.kind == UNDO:
            self.states.pop()
        else:
            self.states.append(ty.apply(self.states[-1], event))
        state, table = self.states[-1], run.table
        self.compare(state, table)
        if state.phase == "turn" and self.rng.random() < PROBE_RATE:
            self.probe(state, table)

    def compare(self, state: ty.State, table: d.Table) -> None:
        assert state.phase == table.phase
        assert state.ended == table.ended and state.went_out == table.went_out
        assert state.awaited_hands == tuple(table.awaited)
        assert len(set(state.grid.values())) == len(state.grid)  # no card twice in the layout
        if table.scores_only:
            assert state.grid == {} and not state.turns
            return
        assert codes(state.grid) == (table.grid if table.started else {})
        everything = list(table.grid.values()) + [c for hand in table.hands for c in hand] + table.deck
        everything += [] if table.started else [table.start]
        assert sorted(everything) == sorted(d.all_cards())  # the table itself keeps every card once
        assert state.hand_sizes == tuple(len(hand) for hand in table.hands)
        assert state.hand_sizes == tuple(table.dealt - table.laid[s] + table.drawn[s] for s in range(table.players))
        assert state.deck == len(table.deck)
        assert state.drawn == tuple(table.drawn)
        assert tuple(state.laid_by(s) for s in range(table.players)) == tuple(table.laid)
        assert state.passes == table.passes
        assert [laid.pos for laid in state.current] == table.current
        if state.phase == "turn":
            assert state.expected_seat == table.seat
        # Every card in the layout, the hands and the deck (or still to be turned up as the
        # starting card): 78, though the app sees only the layout.
        assert len(state.grid) + sum(state.hand_sizes) + state.deck + (state.start is None) == 78

    def probe(self, state: ty.State, table: d.Table) -> None:
        """A card (not in the layout) tried at a spot next to the layout, or anywhere near."""
        code = self.rng.choice([c for c in d.all_cards() if c not in table.grid.values()])
        spots = d.free(table.grid)
        pos = self.rng.choice(spots) if self.rng.random() < 0.8 else (self.rng.randint(-4, 4), self.rng.randint(-4, 4))
        expected = d.problem(table.grid, table.current, pos, code)
        self.probes += 1
        try:
            ty.apply(state, Event("lay", {"seat": table.seat, "x": pos[0], "y": pos[1], "card": code}))
            got = None
        except RuleError as error:
            got = REASON_OF_KEY[error.ruling.key]
            self.refusals += 1
            assert error.ruling.clause in ty.clauses.ALL
        assert got == expected, (pos, code, table.current)
        fits = tuple(p for p in spots if d.problem(table.grid, table.current, p, code) is None)
        assert ty.state_spots(state, code) == fits
        # The judge, given the layout before this turn and the turn's cards so far, agrees.
        before = {f"{x},{y}": c for (x, y), c in table.grid.items() if (x, y) not in table.current}
        turn = [[f"{x},{y}", table.grid[(x, y)]] for x, y in table.current]
        answer = ty.judge({"ask": "place", "grid": before, "cards": turn + [[f"{pos[0]},{pos[1]}", code]]})
        assert answer["legal"] == (expected is None) and answer["reason"] == expected
        assert answer["card"] == (None if expected is None else len(turn))
        if not table.current:
            assert ty.judge({"ask": "spots", "grid": before, "card": code})["spots"] == [f"{x},{y}" for x, y in fits]


def play(players: int, seed: int, scores_only: bool = False) -> tuple[d.Run, Checker]:
    table, _ = d.new_table(seed, players, scores_only)
    checker = Checker(table.setup, random.Random(seed * 7919 + players))
    run = d.play(seed, players, scores_only, undo_rate=0.06, observe=checker)
    return run, checker


def reference_places(points: list[int]) -> tuple[int, ...]:
    return tuple(1 + sum(1 for other in points if other > p) for p in points)


def check_end(run: d.Run, state: ty.State) -> None:
    table = run.table
    assert state.is_over and state.phase == "over"
    assert list(state.points) == table.points  # 得点計算, counted from the table's own hands
    assert sum(1 for p in state.points if p == 5) == (1 if table.went_out is not None else 0)
    outcome = ty.outcome(state)
    assert outcome.over and outcome.points == tuple(table.points)
    assert outcome.places == reference_places(table.points)
    assert state.winners == tuple(s for s, p in enumerate(table.points) if p == max(table.points))
    replayed = base.replay(ty.initial, ty.apply, table.setup, run.log).state
    assert replayed == state
    with pytest.raises(RuleError):
        ty.apply(state, Event("pass", {"seat": 0}))


@pytest.mark.parametrize("players", SIZES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_seeded_game_matches_the_table_at_every_entry(players: int, seed: int) -> None:
    run, checker = play(players, seed)
    check_end(run, checker.states[-1])
    assert checker.probes > 0


@pytest.mark.parametrize("players", SIZES)
@pytest.mark.parametrize("seed", range(2))
def test_a_seeded_scores_only_game_takes_just_the_hands(players: int, seed: int) -> None:
    run, checker = play(players, seed, scores_only=True)
    assert all(e.kind in ("hand", UNDO) for e in run.log)
    check_end(run, checker.states[-1])


def test_seeded_games_end_both_ways_and_take_entries_back():
    ends = set()
    undos = 0
    for seed in range(12):
        run, checker = play(3 + seed % 5, 100 + seed, scores_only=False)
        ends.add(run.table.ended)
        undos += run.undos
        assert checker.refusals > 0
    assert ends == {"out", "passes"} and undos > 0


def test_undoing_every_entry_of_a_partial_game_gives_back_its_start():
    for seed in range(1, 6):
        setup, log = d.random_partial(seed)
        done = base.replay(ty.initial, ty.apply, setup, log)
        assert not done.state.is_over
        back = base.replay(ty.initial, ty.apply, setup, log + [Event(UNDO)] * len(done.effective))
        assert back.state == ty.initial(setup)


@pytest.mark.parametrize("players", SIZES)
def test_a_match_of_seeded_games_ends_after_as_many_games_as_players_or_below_the_limit(players: int) -> None:
    limit = -20
    outcomes: list[Outcome] = []
    totals = [0] * players
    ended = False
    for number in range(1, players + 1):
        run = d.play(1000 * players + number, players, undo_rate=0.0)
        state = base.replay(ty.initial, ty.apply, run.table.setup, run.log).state
        outcome = ty.outcome(state)
        outcomes.append(Outcome(outcome.points, True, outcome.places, facts={**outcome.facts, "limit": limit}))
        totals = [t + p for t, p in zip(totals, run.table.points)]
        evening = ty.evening(outcomes, players)
        assert evening.totals == tuple(totals)
        ended = number == players or min(totals) < limit
        assert evening.over == ended
        assert evening.leaders == tuple(s for s, t in enumerate(totals) if t == max(totals))
        answer = ty.judge({"ask": "match", "games": [list(o.points) for o in outcomes], "limit": limit})
        assert answer["over"] == ended and answer["totals"] == totals
        if ended:
            break
    assert ended


def test_the_next_game_moves_the_start_player_left_round_the_table():
    setup, log = d.random_game(3)
    state = base.replay(ty.initial, ty.apply, setup, log).state
    n = len(setup["players"])
    seen = []
    for _ in range(n):
        following = ty.next_setup(state)
        assert following["options"] == {"match_limit": state.setup.limit, "scores_only": state.setup.scores_only}
        state = ty.initial({"players": setup["players"], **following})
        seen.append(state.setup.first_leader)
    assert seen == [(setup["first_leader"] + i) % n for i in range(1, n + 1)]


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_quick_judge_taps_of_a_seeded_layout_make_a_request_the_judge_answers(seed: int) -> None:
    fields = d.judge_fields(seed)
    request, shown = ty.quick_judge_request({k: [v] for k, v in fields.items()})
    assert request is not None and shown["layout_text"] == fields["layout"]
    answer = ty.judge(request)
    assert answer["rulings"]
    grid = {tuple(map(int, k.split(","))): c for k, c in request["grid"].items()}
    if request["ask"] == "spots":
        expected = [f"{x},{y}" for x, y in d.free(grid) if d.problem(grid, [], (x, y), request["card"]) is None]
        assert answer["spots"] == expected
    else:
        (where, code), = request["cards"]
        pos = tuple(map(int, where.split(",")))
        assert answer["reason"] == d.problem(grid, [], pos, code)
