"""Black Junky: seeded random games through initial()/apply(), for the tests and the shared
contract tests.

A game shuffles the real deck (the 13 crosses) and deals the other 65 cards evenly
(準備). Each round every player reveals cards from their own hand, in a random seat order
(one or more if they hold any, "no cards left" otherwise), then the deck's cross is turned.
Players often aim near 21, sometimes lay several cards or their whole hand (so seats run out
with many players). Now and then an entry is taken back with an undo and entered again,
possibly differently; every game has at least one undo. The final entry is never undone, so
a whole game's log ends with the game over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from companion.rules import base
from companion.rules import black_junky as bj
from companion.rules.base import Event

UNDO_RATE = 0.05


@dataclass
class Entry:
    """One effective entry as the table made it: a reveal (seat, cards) or the deck's cross."""

    event: Event
    seat: int | None
    cards: tuple[bj.Card, ...]
    turned: bj.Card | None = None
    """The deck's last cross, when this reveal was the round's last and the engine turned it
    (the only cross left: nobody enters it)."""


@dataclass
class Sim:
    """A game being played: the real hands, the log, and the state after each log entry."""

    rng: random.Random
    setup: dict[str, Any]
    hands: list[list[bj.Card]]
    deck: list[bj.Card]
    aside: list[bj.Card]
    state: bj.State
    log: list[Event] = field(default_factory=list)
    states_at: list[bj.State] = field(default_factory=list)
    """The state after log[:i + 1]."""
    stack: list[tuple[bj.State, Entry]] = field(default_factory=list)
    """Effective entries with the state before each, for undo."""
    undos: int = 0
    rounds: list[dict[str, Any]] = field(default_factory=list)
    """Per decided round, as the simulation saw it: {"plays": per seat cards or None, "deck"}."""
    pending: dict[int, tuple[bj.Card, ...]] = field(default_factory=dict)
    empty_entry_rate: float = 0.0
    """How often a player known to have no cards gets a "no cards left" entry anyway, as in
    records made before the app stopped asking for it (the page never asks for it now)."""

    def enter(self, event: Event, seat: int | None = None, cards: tuple[bj.Card, ...] = ()) -> None:
        new = bj.apply(self.state, event)
        turned = new.rounds[-1].deck if event.kind == "reveal" and len(new.rounds) > len(self.state.rounds) else None
        self.stack.append((self.state, Entry(event, seat, cards, turned)))
        self.state = new
        self.log.append(event)
        self.states_at.append(new)
        if event.kind == "reveal":
            assert seat is not None
            for card in cards:
                self.hands[seat].remove(card)
            self.pending[seat] = cards
            if turned is not None:  # ゲーム: the only cross left, turned by the engine
                self.deck.remove(turned)
                self.close_round(turned)
        else:
            self.close_round(cards[0])

    def close_round(self, cross: bj.Card) -> None:
        plays = [self.pending.get(s) or None for s in range(len(self.hands))]
        self.rounds.append({"plays": plays, "deck": cross})
        self.pending = {}

    def undo(self) -> None:
        previous, entry = self.stack.pop()
        self.state = previous
        self.log.append(Event(base.UNDO))
        self.states_at.append(previous)
        self.undos += 1
        if entry.event.kind == "reveal":
            assert entry.seat is not None
            if entry.turned is not None:
                last = self.rounds.pop()
                self.pending = {s: cards or () for s, cards in enumerate(last["plays"])}
                self.deck.insert(0, entry.turned)
            self.hands[entry.seat].extend(entry.cards)
            del self.pending[entry.seat]
        else:
            last = self.rounds.pop()
            self.pending = {s: cards or () for s, cards in enumerate(last["plays"])}
            self.deck.insert(0, entry.cards[0])

    # ----------------------------------------------------------------- choices

    def choose(self, seat: int) -> tuple[bj.Card, ...]:
        hand = self.hands[seat]
        if not hand:
            return ()
        rng = self.rng
        roll = rng.random()
        if roll < 0.04:
            return tuple(rng.sample(hand, len(hand)))  # everything at once
        # Mostly keep a card for each round still to come.
        rounds_left = self.setup["options"]["crosses"] - len(self.state.rounds)
        most = len(hand) if rng.random() < 0.15 else max(1, len(hand) - rounds_left + 1)
        if roll < 0.35:
            k = rng.randint(1, min(most, 4))
            return tuple(rng.sample(hand, k))
        # Aim near 21 less an average cross: the best of a few random tries.
        red = self.setup["options"]["red_suits"]
        target = rng.choice((10, 12, 14, 16))
        best: tuple[bj.Card, ...] = ()
        best_gap = 10 ** 6
        for _ in range(12):
            k = rng.randint(1, min(most, 5))
            cards = tuple(rng.sample(hand, k))
            total = sum(-c.value if c.suit in red else c.value for c in cards)
            if abs(total - target) < best_gap:
                best, best_gap = cards, abs(total - target)
        return best

    def maybe_undo(self, force: bool = False) -> bool:
        """Take the last entry back (sometimes the one before too) and return True."""
        if not force and self.rng.random() >= UNDO_RATE:
            return False
        self.undo()
        if self.stack and self.rng.random() < 0.2:
            self.undo()
        return True


def new_sim(seed: int, players: int | None = None) -> Sim:
    rng = random.Random(seed)
    n = players if players is not None else rng.randint(bj.MIN_PLAYERS, bj.MAX_PLAYERS)
    hands, deck, aside = bj.deal(rng, n)
    red = ["H", "D"]
    roll = rng.random()
    if roll < 0.15:
        red = sorted(rng.sample(list(bj.SUITS), rng.randint(0, 4)), key=bj.SUITS.index)
    elif roll < 0.25:
        red = ["X", "H", "D"]
    options = {
        "red_suits": red,
        "bust_21": rng.random() < 0.3,
        "black_measure": rng.choice((bj.MEASURE_OFF, bj.MEASURE_OFF, bj.MEASURE_COUNT, bj.MEASURE_SUM)),
        "crosses": 13 if rng.random() < 0.8 else rng.randint(1, 13),
    }
    setup = {"players": [f"P{i}" for i in range(n)], "options": options}
    return Sim(rng, setup, hands, deck, aside, bj.initial(setup))


def play_out(sim: Sim) -> None:
    """Play the game to its end, with undos sprinkled in (at least one)."""
    forced = False
    while not sim.state.is_over:
        state = sim.state
        empty = [s for s in range(state.players) if state.left[s] == 0 and state.reveal_of(s) is None]
        if empty and sim.empty_entry_rate and sim.rng.random() < sim.empty_entry_rate:
            seat = sim.rng.choice(empty)
            sim.enter(Event("reveal", {"seat": seat, "cards": []}), seat, ())
            continue
        if state.expects_deck:
            cross = sim.deck.pop(0)
            sim.enter(Event("deck", {"card": cross.code}), None, (cross,))
            if not sim.state.is_over:
                sim.maybe_undo()
            continue
        seat = sim.rng.choice(state.awaiting)
        cards = sim.choose(seat)
        sim.enter(Event("reveal", {"seat": seat, "cards": [c.code for c in cards]}), seat, cards)
        if not forced:
            forced = sim.maybe_undo(force=True)
        else:
            sim.maybe_undo()


def random_game(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and the complete, legal log of a whole game (with an undo or two)."""
    sim = new_sim(seed)
    play_out(sim)
    return sim.setup, list(sim.log)


def random_partial(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and a legal log stopped at a random point mid-game (not over)."""
    sim = new_sim(seed)
    play_out(sim)
    rng = random.Random(seed * 7919 + 1)
    while True:
        cut = rng.randrange(1, len(sim.log))
        if not sim.states_at[cut - 1].is_over:  # the state after log[:cut]
            return sim.setup, list(sim.log[:cut])


def judge_fields(seed: int) -> dict[str, str]:
    """The quick judge's address for a random round (or a lone hand), complete with the
    deck's cross: one value per field, as the page carries them."""
    rng = random.Random(seed)
    players = rng.randint(1, 6)
    hands, pile, _ = bj.deal(rng, max(players, 2))
    seats = []
    for seat in range(players):
        empty = players > 2 and seat > 0 and rng.random() < 0.2
        seats.append([] if empty else rng.sample(hands[seat], rng.randint(1, 4)))
    fields = {"cards": "_".join(".".join(c.code for c in hand) for hand in seats), "deck": pile[0].code}
    if rng.random() < 0.3:
        fields["bust_21"] = "on"
    if rng.random() < 0.3:
        fields["red"] = rng.choice(("", "H", "XHD", "LS"))
    return fields


def tap_limit(kind: str, payload: dict[str, Any]) -> int:
    """Taps an entry may take at 360 px (issue 31): the deck's cross in one (its rank); a
    player's cards in two each (suit, rank; a card of the suit already open in one) and one
    more to lay them, as a player may lay any number of cards."""
    if kind == "reveal":
        return 2 * len(payload.get("cards") or []) + 1
    return 1
