"""Black Junky: seeded random whole games for 2 to 8 players, checked against invariants.

Each game deals the real deck (準備) and plays it out through initial()/apply() with the
driver, undos sprinkled in. Every round is checked against an adjudication written here
straight from the text and RULINGS.md, by brute force over every way of counting the aces;
the game's wins, kept cards, variant points, places and end against a reference too.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

from companion.rules import base
from companion.rules import black_junky as bj
from companion.rules.base import Event, RuleError

from .driver import Sim, judge_fields, new_sim, play_out, random_game, random_partial

SEEDS_PER_SIZE = 25


# --------------------------------------------------------------------------- reference


def reference_total(cards: Sequence[bj.Card], deck: bj.Card, red: Sequence[str], bust_21: bool) -> tuple[int, bool]:
    """(total, bust) from ゲーム and RULINGS: every ace 1 or 11 in every combination, J Q K 10,
    red negative; the highest total not over 21 (20 when 21 busts), else the smallest."""
    laid = [*cards, deck]
    options = []
    for card in laid:
        sign = -1 if card.suit in red else 1
        if card.rank == 1:
            options.append((sign * 1, sign * 11))
        else:
            options.append((sign * min(card.rank, 10),))
    totals = {sum(choice) for choice in itertools.product(*options)}
    limit = 20 if bust_21 else 21
    fine = [t for t in totals if t <= limit]
    return (max(fine), False) if fine else (min(totals), True)


def reference_round(plays: Sequence[Sequence[bj.Card] | None], deck: bj.Card, red: Sequence[str],
                    bust_21: bool) -> tuple[list[int | None], list[bool], list[int]]:
    totals: list[int | None] = []
    busts: list[bool] = []
    for laid in plays:
        if laid is None:
            totals.append(None)
            busts.append(False)
        else:
            t, b = reference_total(laid, deck, red, bust_21)
            totals.append(t)
            busts.append(b)
    standing = [t for t, b in zip(totals, busts) if t is not None and not b]
    winners = [s for s, (t, b) in enumerate(zip(totals, busts)) if standing and t == max(standing) and not b]
    return totals, busts, winners


def black_points(kept: Sequence[bj.Card], measure: str, red: Sequence[str]) -> int:
    black = [c for c in kept if c.suit not in red]
    if measure == "black_count":
        return len(black)
    return sum(min(c.rank, 10) for c in black)


def places(points: Sequence[int]) -> list[int]:
    ordered = sorted(points, reverse=True)
    return [ordered.index(p) + 1 for p in points]


# --------------------------------------------------------------------------- invariants


def check_rounds(sim: Sim) -> None:
    state, options = sim.state, sim.setup["options"]
    red, bust_21 = options["red_suits"], options["bust_21"]
    assert len(state.rounds) == len(sim.rounds)
    for number, (done, seen) in enumerate(zip(state.rounds, sim.rounds), start=1):
        assert done.number == number and done.deck == seen["deck"]
        assert done.plays == tuple(None if p is None else tuple(p) for p in seen["plays"])
        totals, busts, winners = reference_round(seen["plays"], seen["deck"], red, bust_21)
        assert list(done.totals) == totals and list(done.busts) == busts and list(done.winners) == winners
        for count in done.counts:
            if count is not None:
                assert sum(count.values) == count.total
                assert len(count.values) == len(count.cards) + 1
        keys = [r.key for r in done.rulings]
        assert keys.count("bj.total") == sum(1 for p in seen["plays"] if p is not None)
        assert keys.count("bj.sits_out") == sum(1 for p in seen["plays"] if p is None)
        assert ("bj.nobody_wins" in keys) == (not winners)
        assert keys.count("bj.keeps") == (len(winners) if options["black_measure"] != "off" else 0)


def check_cards(sim: Sim) -> None:
    """No card twice; every card laid came from its player's hand; the counts add up."""
    state = sim.state
    laid = [c for r in state.rounds for p in r.plays if p for c in p] + [c for r in state.revealed for c in r.cards]
    crosses = [r.deck for r in state.rounds]
    assert len(laid) == len(set(laid)) and len(crosses) == len(set(crosses))
    assert set(laid) | set(crosses) == state.used
    assert all(not c.is_cross for c in laid) and all(c.is_cross for c in crosses)
    in_hands = [c for hand in sim.hands for c in hand]
    assert not state.used & set(in_hands) and not state.used & set(sim.aside)
    size = bj.hand_size(len(sim.hands))
    assert list(state.left) == [len(h) for h in sim.hands]
    assert sum(state.played) + sum(state.left) == size * len(sim.hands)


def check_finished(sim: Sim) -> None:
    state, options = sim.state, sim.setup["options"]
    players = len(sim.hands)
    assert state.is_over and state.phase == "over"
    out_of_cards = all(not hand for hand in sim.hands)
    assert len(state.rounds) == options["crosses"] or out_of_cards
    assert state.ended_early == (len(state.rounds) < options["crosses"])
    assert len(state.rounds) <= 13 and len(sim.deck) == 13 - len(state.rounds)

    wins = [sum(1 for r in sim.rounds if seat in reference_round(
        r["plays"], r["deck"], options["red_suits"], options["bust_21"])[2]) for seat in range(players)]
    assert list(state.wins) == wins
    assert sum(wins) == sum(len(r.winners) for r in state.rounds)
    kept = [[c for r in state.rounds if seat in r.winners for c in (r.plays[seat] or ())] for seat in range(players)]
    assert [list(k) for k in state.kept] == kept
    if options["black_measure"] == "off":
        expected = wins
        assert state.variant_points is None
    else:
        expected = [black_points(k, options["black_measure"], options["red_suits"]) for k in kept]
        assert list(state.variant_points or ()) == expected
    outcome = bj.outcome(state)
    assert list(outcome.points) == expected and outcome.over
    assert list(outcome.places) == places(expected)
    assert outcome.facts["wins"] == wins
    result = bj.game_rulings(state)
    assert result[0].key == "bj.all_out" if state.ended_early else result[0].key in ("bj.game_won", "bj.game_shared")
    # (Not the entries that only repeat the last cross the engine turned: those are said already.)
    first = state.rounds[0].deck.code
    for event in (Event("reveal", {"seat": 0, "cards": ["HA"]}), Event("deck", {"card": first})):
        with pytest.raises(RuleError) as info:
            bj.apply(state, event)
        assert info.value.ruling.key == "bj.game_over"


def check_replay(sim: Sim) -> None:
    replayed = base.replay(bj.initial, bj.apply, sim.setup, sim.log)
    assert replayed.state == sim.state
    assert len(replayed.undone) == sim.undos >= 1
    assert len(replayed.effective) == len(sim.stack)
    cut = sim.rng.randrange(len(sim.log) + 1)
    prefix = base.replay(bj.initial, bj.apply, sim.setup, sim.log[:cut]).state
    assert prefix == (sim.states_at[cut - 1] if cut else bj.initial(sim.setup))


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("players", list(bj.PLAYER_COUNTS))
def test_random_whole_games_keep_every_invariant(players):
    seen = {"ties": 0, "nobody": 0, "negative": 0, "sit_out": 0, "exactly_21": 0, "aces_11": 0, "undos": 0}
    for seed in range(SEEDS_PER_SIZE):
        sim = new_sim(10_000 * players + seed, players)
        play_out(sim)
        check_rounds(sim)
        check_cards(sim)
        check_finished(sim)
        check_replay(sim)
        for r in sim.state.rounds:
            seen["ties"] += len(r.winners) > 1
            seen["nobody"] += not r.winners
            seen["negative"] += bool(r.winners) and (r.totals[r.winners[0]] or 0) < 0
            seen["sit_out"] += None in r.plays
            seen["exactly_21"] += 21 in r.totals
            seen["aces_11"] += any(abs(v) == 11 for c in r.counts if c for v in c.values)
        seen["undos"] += sim.undos
    interesting = ("ties", "exactly_21", "aces_11", "undos") + (("nobody",) if players <= 3 else ())
    assert all(seen[k] > 0 for k in interesting), seen
    if players >= 6:
        assert seen["sit_out"] > 0, seen


def test_every_round_is_checked_as_it_is_entered():
    """Mid-game states too: the round just decided agrees with the reference at every step."""
    sim = new_sim(424242, 4)
    sim.empty_entry_rate = 0.3  # some "no cards left" entries, as records made before hold
    play_out(sim)
    assert any(e.kind == "reveal" and not e.payload["cards"] for e in sim.log)
    red, bust_21 = sim.setup["options"]["red_suits"], sim.setup["options"]["bust_21"]
    for state in sim.states_at:
        # Every seat has revealed, is awaited, or has no cards left and sits out (not asked).
        idle = sum(1 for seat in range(state.players) if state.reveal_of(seat) is None and state.left[seat] == 0)
        assert len(state.revealed) + len(state.awaiting) + idle == state.players or state.is_over
        if state.last_round is not None:
            last = state.last_round
            totals, busts, winners = reference_round(last.plays, last.deck, red, bust_21)
            assert list(last.winners) == winners


def test_the_driver_is_deterministic_and_its_logs_are_legal():
    for seed in range(12):
        setup, log = random_game(seed)
        assert (setup, log) == random_game(seed)
        state = base.replay(bj.initial, bj.apply, setup, log).state
        assert state.is_over
        assert any(e.kind == base.UNDO for e in log)
        setup, partial = random_partial(seed)
        assert (setup, partial) == random_partial(seed)
        assert partial and not base.replay(bj.initial, bj.apply, setup, partial).state.is_over


def test_the_quick_judge_fields_make_a_request_the_judge_answers():
    for seed in range(30):
        fields = judge_fields(seed)
        request, entered = bj.quick_judge_request({k: [v] for k, v in fields.items()})
        assert request is not None and entered.full
        answer = bj.judge(request)
        assert answer["rulings"]
        if request["ask"] == "round":
            plays = [[bj.parse_card(c) for c in p] or None for p in request["plays"]]
            totals, busts, winners = reference_round(plays, bj.parse_card(request["deck_card"]), request["red"],
                                                     request["bust_21"])
            assert (answer["totals"], answer["bust"], answer["winners"]) == (totals, busts, winners)
        else:
            cards = [bj.parse_card(c) for c in request["cards"]]
            assert (answer["total"], answer["bust"]) == reference_total(
                cards, bj.parse_card(request["deck_card"]), request["red"], request["bust_21"])


@pytest.mark.parametrize("seed", range(40))
def test_random_rounds_against_the_judge(seed):
    """The judge's round answer equals the reference on random hands, red suits and settings."""
    import random

    rng = random.Random(seed)
    players = rng.randint(2, 13)
    hands, pile, _ = bj.deal(rng, players)
    red = sorted(rng.sample(list(bj.SUITS), rng.randint(0, 3)), key=bj.SUITS.index)
    bust_21 = rng.random() < 0.5
    plays = [[] if rng.random() < 0.15 else rng.sample(h, rng.randint(1, min(len(h), 6))) for h in hands]
    if not any(plays):
        plays[0] = hands[0][:1]
    answer = bj.judge({"ask": "round", "plays": [[c.code for c in p] for p in plays], "deck_card": pile[0].code,
                       "red": red, "bust_21": bust_21})
    totals, busts, winners = reference_round([p or None for p in plays], pile[0], red, bust_21)
    assert (answer["totals"], answer["bust"], answer["winners"]) == (totals, busts, winners)
