"""Seeded whole and partial Saizen games, for the contract tests run over every game.

A game here is played with a real shuffled deck: each seat is dealt its set one card at a
time clockwise from the start player (RULINGS), the sets pass to the right after each round,
and every card comes from the hand that really holds it. Rule faces and options are drawn
at random; at each round's chip lap players flip random rows or pass. Players mostly keep
MUST follow and 必勝, but sometimes play any card, so findings occur. Now and then an entry
is taken back with an undo and another entered in its place.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from companion.rules import saizen as sz
from companion.rules.base import Event

BREAK_RATE = 0.1
UNDO_RATE = 0.04


@dataclass
class Game:
    """A simulated table: the setup, the real sets dealt, the log, and the engine's state."""

    setup: dict[str, Any]
    sets: list[list[sz.Card]]
    rng: random.Random
    log: list[Event] = field(default_factory=list)
    state: sz.State | None = None
    played: dict[tuple[int, int], list[sz.Card]] = field(default_factory=dict)
    """(round, seat) -> cards that seat has laid this round."""

    def hand(self, seat: int) -> list[sz.Card]:
        """What `seat` holds now: its set this round less what it has laid."""
        assert self.state is not None
        held = list(self.sets[sz.set_held(seat, self.state.round, len(self.sets))])
        for card in self.played.get((self.state.round, seat), []):
            held.remove(card)
        return held


def deal(rng: random.Random, players: int, jokers: int, start: int) -> list[list[sz.Card]]:
    """2.1: shuffle and deal one at a time clockwise from the start player until the deck is out."""
    deck = list(sz.DECK) + [sz.JOKER] * jokers
    rng.shuffle(deck)
    sets: list[list[sz.Card]] = [[] for _ in range(players)]
    for i, card in enumerate(deck):
        sets[(start + i) % players].append(card)
    return sets


def new_game(seed: int, players: int | None = None) -> Game:
    rng = random.Random(seed)
    n = players if players is not None else rng.choice(sz.PLAYER_COUNTS)
    start = rng.randrange(n)
    options: dict[str, Any] = {
        "jokers": rng.choice((0, 1, 2)),
        "round_leader": rng.choice(("last_winner", "start_player")),
        "joker_obliges": rng.random() < 0.3,
        "playoff_reveal": rng.choice(("in_turn", "in_turn", "together")),
    }
    for suit in sz.SUITS:
        for row in sz.ROWS:
            # 決勝 often, so play-offs (and nested ones) come up
            options[f"{suit}_{row}"] = rng.random() < (0.6 if row == "playoff" else 0.5)
    setup = {"players": [f"P{i}" for i in range(n)], "first_leader": start, "options": options}
    game = Game(setup, deal(rng, n, options["jokers"], start), rng)
    game.state = sz.initial(setup)
    return game


def choose_card(game: Game, seat: int) -> sz.Card:
    """A card from `seat`'s hand: by the rules of the trick mostly, any card sometimes."""
    state = game.state
    assert state is not None
    hand = game.hand(seat)
    rng = game.rng
    current = state.current
    if current is None or rng.random() < BREAK_RATE:
        return rng.choice(hand)
    rule = current.rule
    assert rule is not None
    if current.verdict is None:
        lead: str | None = current.lead_suit
        down = list(current.plays)
    else:
        lead = None
        down = [c for c in current.entries if c is not None]
        if state.setup.playoff_reveal == "together":
            down = []
    legal = sz.surely_legal(hand, True, lead, rule, state.setup.joker_obliges)
    if rule.must_win and down:
        best = min(sz.tier(c, down, lead, rule) for c in legal)
        legal = [c for c in legal if sz.tier(c, down, lead, rule) == best]
    return rng.choice(legal)


def next_entry(game: Game) -> Event:
    """A legal entry for what the state awaits."""
    state = game.state
    assert state is not None
    seat = state.expected_seat
    assert seat is not None
    rng = game.rng
    if state.awaiting == "chip":
        free = [(s, r) for s in sz.SUITS for r in sz.ROWS if (s, r) not in state.flipped]
        if free and rng.random() < 0.4:
            suit, row = rng.choice(free)
            return Event("flip", {"seat": seat, "suit": suit, "row": row})
        return Event("pass", {"seat": seat})
    if state.awaiting == "suit":
        return Event("name", {"seat": seat, "suit": rng.choice(sz.SUITS)})
    return Event("play", {"seat": seat, "card": choose_card(game, seat).code})


def enter(game: Game, event: Event) -> None:
    assert game.state is not None
    before = game.state
    game.state = sz.apply(game.state, event)
    game.log.append(event)
    if event.kind == "play":
        game.played.setdefault((before.round, event.payload["seat"]), []).append(sz.parse_card(event.payload["card"]))


def take_back(game: Game, states: list[sz.State], plays: list[tuple[int, int, sz.Card] | None]) -> None:
    """An undo: the latest entry in force is retracted, as base.replay does."""
    states.pop()
    undone = plays.pop()
    game.state = states[-1]
    game.log.append(Event("undo"))
    if undone is not None:
        round_, seat, card = undone
        game.played[(round_, seat)].remove(card)


def play_out(game: Game, limit: int = 2000) -> Game:
    """Enter legal entries until the game is over, with an undo now and then."""
    assert game.state is not None
    states = [game.state]
    plays: list[tuple[int, int, sz.Card] | None] = []
    for _ in range(limit):
        if game.state.is_over:
            return game
        event = next_entry(game)
        round_ = game.state.round
        enter(game, event)
        states.append(game.state)
        plays.append((round_, event.payload["seat"], sz.parse_card(event.payload["card"]))
                     if event.kind == "play" else None)
        if game.rng.random() < UNDO_RATE:
            take_back(game, states, plays)
    raise AssertionError("the game did not end")


def random_game(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and the complete log of a whole game (undo entries included)."""
    game = play_out(new_game(seed))
    if not any(e.kind == "undo" for e in game.log):
        # every log here shows an undo at least once: take back the last entry and redo it
        last = game.log[-1]
        game.log += [Event("undo"), last]
    return game.setup, game.log


def random_partial(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and a log stopped at a random point of a game."""
    setup, log = random_game(seed)
    return setup, log[: random.Random(seed).randrange(len(log))]


def judge_fields(seed: int) -> dict[str, str]:
    """The quick judge's address once a whole trick is tapped (defaults faces, 2-6 cards)."""
    rng = random.Random(seed)
    cards = rng.sample(sz.DECK, 2 + seed % 5)
    return {"cards": ".".join(card.code for card in cards)}
