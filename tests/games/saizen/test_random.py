"""Saizen: seeded random whole games for 2 to 6 players, checked against invariants.

Each game shuffles a real deck (with 0-2 jokers), deals it one card at a time clockwise
from the start player, draws random rule faces and options, flips random rows at every
chip lap and plays the three rounds out through initial()/apply(), passing the real sets
to the right after each round (driver.py). Players mostly keep MUST follow and 必勝 but
sometimes play any card; now and then an entry is taken back with an undo.

Every trick is checked against an independent replay written here from the rulebook and
RULINGS.md (the winner, the play-off stages, who leads next, when a round ends, the
scores), and the audit against the real hands: every finding is true, every MUST break
the cards played prove is found, and every flag shown live is in the final audit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

from companion.rules import saizen as sz
from companion.rules.base import Event, replay
from tests.games.saizen.driver import Game, new_game, play_out

SEEDS_PER_SIZE = 12
JOKER = "JK"


# --------------------------------------------------------------------------- the reference


def rank_of(code: str) -> int:
    return 0 if code == JOKER else sz.parse_card(code).rank


def suit_of(code: str) -> str:
    return "" if code == JOKER else code[0]


def power(rank: int, high: bool) -> int:
    """2.3 大/小 and 2.4: a joker (rank 0) above everything, either way."""
    if rank == 0:
        return 99
    return rank if high else -rank


def pairs_of(laid: list[tuple[int, str]], high: bool) -> list[int] | None:
    """2.3 決勝: the seats of the strongest number laid twice or more, in the order laid."""
    by_rank: dict[int, list[int]] = {}
    for seat, code in laid:
        by_rank.setdefault(rank_of(code), []).append(seat)
    doubled = [r for r, seats in by_rank.items() if len(seats) > 1]
    if not doubled:
        return None
    return by_rank[max(doubled, key=lambda r: power(r, high))]


def single_winner(laid: list[tuple[int, str]], lead: str | None, high: bool, later: bool) -> int:
    """2.2: the strongest card that can win (lead suit or joker; any card in a play-off)."""
    able = [(i, seat, code) for i, (seat, code) in enumerate(laid)
            if lead is None or code == JOKER or suit_of(code) == lead]
    top = max(power(rank_of(code), high) for _, _, code in able)
    best = [seat for _, seat, code in able if power(rank_of(code), high) == top]
    return best[-1] if later else best[0]


@dataclass
class RefTrick:
    round: int
    leader: int
    lead: str
    winner: int | None
    stages: list[list[int]] = field(default_factory=list)


@dataclass
class Ref:
    """The game replayed from the effective entries with the real hand sets."""

    tricks: list[RefTrick] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    over: bool = False


def reference(game: Game, events: list[Event]) -> Ref:
    setup = game.setup
    n = len(setup["players"])
    options = setup["options"]
    rules = {s: {row: options[f"{s}_{row}"] for row in sz.ROWS} for s in sz.SUITS}
    sizes = [len(cards) for cards in game.sets]
    ref = Ref(totals=[0] * n)
    queue = [e for e in events]
    round_ = 0
    leader = setup["first_leader"]
    laid_count = [0] * n  # cards each seat laid this round

    def take(seat: int) -> str:
        event = queue.pop(0)
        assert event.kind == "play" and event.payload["seat"] == seat, (event, seat)
        laid_count[seat] += 1
        return str(sz.parse_card(event.payload["card"]).code)

    def left(seat: int) -> int:
        return sizes[(seat + round_) % n] - laid_count[seat]

    while queue and round_ < 3:
        # the chip lap: one entry per seat clockwise from the round's first leader
        for i in range(n):
            if not queue:
                return ref
            event = queue.pop(0)
            assert event.payload["seat"] == (leader + i) % n and event.kind in ("flip", "pass")
            if event.kind == "flip":
                suit, row = event.payload["suit"], event.payload["row"]
                rules[suit][row] = not rules[suit][row]
        laid_count = [0] * n
        while queue:
            first = take(leader)
            if first == JOKER:
                if not queue:
                    return ref
                named = queue.pop(0)
                assert named.kind == "name"
                lead = named.payload["suit"]
            else:
                lead = suit_of(first)
            main = [(leader, first)]
            for i in range(1, n):
                if not queue:
                    return ref
                seat = (leader + i) % n
                main.append((seat, take(seat)))
            rule = rules[lead]
            trick = RefTrick(round_, leader, lead, None)
            group = pairs_of(main, rule["high"]) if rule["playoff"] else None
            if group is None:
                trick.winner = single_winner(main, lead, rule["high"], rule["later"])
            else:
                while True:
                    standing = [seat for seat in group if left(seat) > 0]
                    if len(standing) <= 1:
                        trick.winner = standing[0] if standing else None
                        break
                    trick.stages.append(group)
                    stage = []
                    for seat in standing:
                        if not queue:
                            return ref
                        stage.append((seat, take(seat)))
                    again = pairs_of(stage, rule["high"])
                    if again is None:
                        trick.winner = single_winner(stage, None, rule["high"], rule["later"])
                        break
                    group = again
            ref.tricks.append(trick)
            if trick.winner is not None:
                ref.totals[trick.winner] += 1
            leader = trick.winner if trick.winner is not None else trick.leader
            if any(left(seat) == 0 for seat in range(n)):
                round_ += 1
                if options["round_leader"] == "start_player":
                    leader = setup["first_leader"]
                break
    ref.over = round_ == 3
    return ref


# --------------------------------------------------------------------------- 必勝 tiers, from 2.3.4


def tier_of(code: str, down: list[str], lead: str | None, rule: sz.RuleCard) -> int:
    """1 win now (without a pair under 決勝), 2 a stronger pair, 3 join, 4 free."""
    mine = rank_of(code)
    can = lead is None or code == JOKER or suit_of(code) == lead
    contenders = [c for c in down if lead is None or c == JOKER or suit_of(c) == lead]
    top = max((power(rank_of(c), rule.high) for c in contenders), default=None)
    beats = can and (top is None or power(mine, rule.high) > top
                     or (power(mine, rule.high) == top and rule.later))
    if not (rule.playoff or lead is None):
        return 1 if beats else 4
    counts = Counter(rank_of(c) for c in down)
    doubled = [r for r, k in counts.items() if k > 1]
    if not doubled:
        return 3 if mine in counts else (1 if beats else 4)
    strongest = max(doubled, key=lambda r: power(r, rule.high))
    if mine == strongest:
        return 3
    return 2 if mine in counts and power(mine, rule.high) > power(strongest, rule.high) else 4


# --------------------------------------------------------------------------- the checks


def decisions(state: sz.State, game: Game) -> list[dict[str, Any]]:
    """Every card laid, with the real hand it came from (before it) and what was down."""
    n = state.players
    out = []
    for t in state.tricks:
        if t.lead_suit is None or t.rule is None:
            continue
        laid_by: dict[int, list[str]] = {}
        for prior in state.tricks:
            if prior is t:
                break
            if prior.round == t.round:
                for seat, c in prior.all_cards():
                    laid_by.setdefault(seat, []).append(c.code)
        sequence: list[tuple[int, int, str, list[str]]] = []
        for i, c in enumerate(t.plays):
            sequence.append((0, t.seat(i), c.code, [p.code for p in t.plays[:i]]))
        stages = list(t.stages) + ([t.entries] if t.entries else [])
        for k, stage in enumerate(stages):
            down: list[str] = []
            for i, c in zip(t.verdict.stages[k], stage):
                if c is not None:
                    sequence.append((k + 1, t.seat(i), c.code, list(down)))
                    down.append(c.code)
        for stage_no, seat, code, down in sequence:
            dealt = (seat + t.round) % n
            hand = Counter(c.code for c in game.sets[dealt])
            hand.subtract(laid_by.get(seat, []))
            out.append({"round": t.round + 1, "trick": t.number, "stage": stage_no, "seat": seat, "card": code,
                        "down": down, "lead": t.lead_suit, "rule": t.rule, "hand": +hand, "dealt": dealt,
                        "before": Counter(laid_by.get(seat, []))})
            laid_by.setdefault(seat, []).append(code)
    return out


def check_audit(state: sz.State, game: Game) -> None:
    findings = sz.audit(state)
    refs = {(f.ref["round"], f.ref["trick"], f.ref["stage"], f.ref["seat"], f.ref["row"]): f for f in findings}
    assert len(refs) == len(findings)
    played_from: dict[int, set[str]] = {}
    jokers_in_a_round: Counter[tuple[int, int]] = Counter()
    for t in state.tricks:
        for seat, c in t.all_cards():
            played_from.setdefault((seat + t.round) % state.players, set()).add(c.code)
            if c.is_joker:
                jokers_in_a_round[((seat + t.round) % state.players, t.round)] += 1
    proven_jokers = {dealt: max((k for (d, _), k in jokers_in_a_round.items() if d == dealt), default=0)
                     for dealt in range(state.players)}
    joker_obliges = state.setup.joker_obliges
    for d in decisions(state, game):
        key = (d["round"], d["trick"], d["stage"], d["seat"])
        rule: sz.RuleCard = d["rule"]
        code, lead, hand = d["card"], d["lead"], d["hand"]
        assert hand[code] > 0, ("the card came from the hand", d)
        # MUST follow: found exactly when a proven lead-suit card (or joker, under the house rule) was held
        breaks = (d["stage"] == 0 and d["down"] and rule.must_follow and code != JOKER and suit_of(code) != lead)
        evidence = [c for c in hand if c != JOKER and suit_of(c) == lead and c in played_from[d["dealt"]]]
        if joker_obliges and not evidence and proven_jokers[d["dealt"]] - d["before"][JOKER] > 0:
            evidence = [JOKER]
        if breaks and evidence:
            finding = refs.get((*key, 4))
            assert finding is not None, ("a proven MUST break is found", d)
            assert finding.ruling.params["held"].code in evidence
        else:
            assert (*key, 4) not in refs, ("no MUST finding without proof", d)
        # 必勝: a finding is a true slip on the real hand
        slip = refs.get((*key, 5))
        if slip is not None:
            held = slip.ruling.params["held"].code
            stage_lead = lead if d["stage"] == 0 else None
            assert hand[held] > 0 and held != code
            assert rule.must_win and d["down"]
            assert tier_of(held, d["down"], stage_lead, rule) < tier_of(code, d["down"], stage_lead, rule)
            if d["stage"]:
                assert state.setup.playoff_reveal == "in_turn"
    def what(r: Any) -> tuple[Any, ...]:
        """A finding's key and place; its evidence may grow as more cards are proven."""
        return r.key, r.params["round"], r.params["trick"], r.params.get("stage", 0), r.params["seat"], r.params["card"]

    final = {what(f.ruling) for f in findings}
    assert all(what(r) in final for t in state.tricks for r in t.flags), "every flag shown live stands in the audit"


def check_game(game: Game) -> None:
    setup, log = game.setup, game.log
    done = replay(sz.initial, sz.apply, setup, log)
    state = done.state
    assert state == game.state, "replaying the log gives the state built entry by entry"
    assert state.is_over and state.awaiting == "over"
    n = state.players
    # the deal: the engine's hand sizes are the real sets'
    assert state.setup.set_sizes == tuple(len(s) for s in game.sets)
    # each card once per round, from the set that really holds it
    for r in range(3):
        seen: Counter[str] = Counter()
        for t in state.tricks:
            if t.round != r:
                continue
            for seat, c in t.all_cards():
                seen[c.code] += 1
                assert c in game.sets[(seat + r) % n]
        assert all(k == 1 for code, k in seen.items() if code != JOKER)
        assert seen[JOKER] <= state.setup.jokers
    # the independent replay agrees trick by trick
    effective = [log[i] for i in done.effective]
    ref = reference(game, effective)
    assert ref.over
    assert len(ref.tricks) == len(state.tricks)
    for mine, theirs in zip(state.tricks, ref.tricks):
        assert (mine.round, mine.leader, mine.lead_suit) == (theirs.round, theirs.leader, theirs.lead)
        assert mine.winner == theirs.winner
        assert [[mine.seat(i) for i in stage] for stage in mine.verdict.stages] == theirs.stages
    # scores add up
    assert list(state.totals) == ref.totals
    per_round = [state.tricks_won(r) for r in range(3)]
    assert all(sum(won) <= min(len(s) for s in game.sets) for won in per_round)
    assert sum(map(sum, per_round)) == sum(1 for t in state.tricks if t.winner is not None)
    outcome = sz.outcome(state)
    assert outcome.points == state.totals and outcome.over
    assert all(outcome.places[a] < outcome.places[b] for a in range(n) for b in range(n)
               if state.totals[a] > state.totals[b])
    # a round ends exactly when a hand runs out
    for r in range(3):
        tricks = [t for t in state.tricks if t.round == r]
        laid = Counter(seat for t in tricks for seat, _ in t.all_cards())
        ran_out = [seat for seat in range(n) if laid[seat] == len(game.sets[(seat + r) % n])]
        assert ran_out, "a round ends when a hand runs out"
        before = Counter(seat for t in tricks[:-1] for seat, _ in t.all_cards())
        assert not any(before[seat] == len(game.sets[(seat + r) % n]) for seat in range(n))
    check_audit(state, game)
    summary = sz.audit(state)
    assert all(isinstance(f.ruling.clause, str) for f in summary)


CASES = [(players, seed) for players in sz.PLAYER_COUNTS for seed in range(SEEDS_PER_SIZE)]


@cache
def played(players: int, seed: int) -> Game:
    """A whole seeded game (played once, read by several tests)."""
    return play_out(new_game(1000 * players + seed, players))


@pytest.mark.parametrize("players,seed", CASES)
def test_a_random_game_plays_out_and_agrees_with_the_reference(players, seed):
    check_game(played(players, seed))


def test_the_random_games_cover_play_offs_jokers_undos_and_findings():
    games = [played(p, s) for p, s in CASES]
    tricks = [t for g in games for t in g.state.tricks]
    assert any(len(t.verdict.stages) >= 2 for t in tricks), "nested play-offs"
    assert any(t.verdict.winner is None for t in tricks), "tricks nobody wins"
    assert any(t.plays[0].is_joker for t in tricks), "joker leads"
    assert any(sum(c.is_joker for c in t.plays) == 2 for t in tricks), "two jokers in a trick"
    assert any(e.kind == "undo" for g in games for e in g.log)
    assert any(e.kind == "flip" for g in games for e in g.log)
    findings = [f for g in games for f in sz.audit(g.state)]
    assert {f.ref["row"] for f in findings} == {4, 5}
    assert any(f.ref["stage"] > 0 for f in findings)
    assert any(f.ref["round"] == 1 and f.ruling.params["proof_round"] > 1 for f in findings), "cross-round proof"
    assert any(t.flags for t in tricks), "flags shown as the cards come"
    assert any(any(r.key == "sz.playoff_no_card" for r in t.verdict.rulings) for t in tricks), "empty hand in a play-off"


def test_partial_games_replay_and_undo_back_to_the_start():
    from tests.games.saizen.driver import random_partial

    for seed in range(20):
        setup, log = random_partial(seed)
        done = replay(sz.initial, sz.apply, setup, log)
        assert not done.state.is_over
        back = replay(sz.initial, sz.apply, setup, log + [Event("undo")] * len(done.effective))
        assert back.state == sz.initial(setup)
