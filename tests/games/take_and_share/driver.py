"""Take & Share: seeded random games played at a simulated table, written from the rulebook
and RULINGS.md alone (it never asks the engine anything), for the tests to check the engine
against.

The table shuffles the deck of its player count (使用カード), deals 14 cards each (15 with 3
players) and lays the rest face up as the share (ゲームの準備); each trick is played
clockwise from its leader (トリックの手順), decided high or low (トリックの解決), and its
winner hands the share out one card per player, the trick's cards becoming the next share,
except after the last trick (シェアの解決, ゲームの終了); the last share card of each hand-out
is nobody's choice (one card, one player left), so the table enters every card but that one;
nor the game's last card, the one card of the deck not yet seen. Players follow suit, except that a
`revoke_rate` (or a `plant`ed trick) makes one lay another suit while holding the lead suit.
Now and then an entry is taken back with an undo and entered again, maybe differently.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from companion.rules.base import UNDO, Event

SUITS = "LXCHSD"
HAND = {4: 14, 3: 15}
LOW = {4: 1, 3: 3}


def number(code: str) -> int:
    """A card's number: A counts 1 (使用カード)."""
    return 1 if code[1:] == "A" else int(code[1:])


def suit(code: str) -> str:
    return code[0]


def deck(players: int) -> list[str]:
    return [s + ("A" if n == 1 else str(n)) for s in SUITS for n in range(LOW[players], 11)]


def winner_of(plays: list[tuple[int, str]]) -> tuple[int, str]:
    """(winning seat, "high" or "low") of a trick laid in order, straight from トリックの解決:
    all the lead suit, the highest number; else the lowest number of any suit, the earlier
    player on equal numbers."""
    lead = suit(plays[0][1])
    if all(suit(c) == lead for _, c in plays):
        best = plays[0]
        for seat, c in plays[1:]:
            if number(c) > number(best[1]):
                best = (seat, c)
        return best[0], "high"
    best = plays[0]
    for seat, c in plays[1:]:
        if number(c) < number(best[1]):  # strictly lower: the earlier keeps an equal number
            best = (seat, c)
    return best[0], "low"


@dataclass
class Played:
    """One card as the table saw it: who, in which trick, on which lead, from which hand."""

    trick: int
    seat: int
    card: str
    lead: str
    hand_before: tuple[str, ...]

    @property
    def shows_out(self) -> bool:
        return suit(self.card) != suit(self.lead)

    @property
    def revoke(self) -> bool:
        """Laid another suit while holding the lead suit (the leader never revokes)."""
        return self.shows_out and any(suit(c) == suit(self.lead) for c in self.hand_before)


@dataclass
class Trick:
    number: int
    leader: int
    plays: list[tuple[int, str]]
    winner: int
    resolution: str
    share: list[str]
    """The share the winner took and handed out."""
    given: dict[int, str]


@dataclass
class Table:
    players: int
    setup: dict[str, Any]
    dealt: list[list[str]]
    opening: list[str]
    events: list[Event] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    received: list[list[str]] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)
    undos: int = 0
    entries: int = 0
    """Entries in force (the log minus the undos and what they took back)."""


def simulate(seed: int, players: int | None = None, revoke_rate: float = 0.0, undo_rate: float = 0.03,
             plant: int | None = None, first_leader: int | None = None, target: str | None = None) -> Table:
    """A whole game for `seed`; `plant` = a trick number in which the first follower who can
    revoke does (if nobody can, the next trick where someone can; no undos then, so the
    planted card stays). The first leader and the target option are random unless given."""
    rng = random.Random(seed)
    n = players if players is not None else rng.choice((3, 4))
    cards = deck(n)
    rng.shuffle(cards)
    size = HAND[n]
    hands = [cards[i * size:(i + 1) * size] for i in range(n)]
    share = cards[n * size:]
    assert len(share) == n
    first = rng.randrange(n)
    chosen = rng.choice(("printed", "20", "30", "15"))
    first = first if first_leader is None else first_leader
    setup = {"players": [f"P{i}" for i in range(n)], "first_leader": first,
             "options": {"long_game_target": chosen if target is None else target}}
    table = Table(n, setup, [list(h) for h in hands], list(share), received=[[] for _ in range(n)])
    forced = {rng.randrange(1, 30), rng.randrange(30, 80)}   # an undo or two in every game
    if plant is not None:
        forced, undo_rate = set(), 0.0
    planted = False

    def enter(event: Event, again: Any = None) -> None:
        """Log `event`; sometimes take it back and log `again()` instead (or the same)."""
        table.entries += 1
        if again is not None and (table.entries in forced or rng.random() < undo_rate):
            table.events += [event, Event(UNDO)]
            table.undos += 1
            event = again()
        table.events.append(event)

    # ゲームの準備: the share cards face up, entered first (all at once or one at a time).
    if rng.random() < 0.3:
        enter(Event("share", {"cards": list(share)}), lambda: Event("share", {"cards": list(share)}))
    else:
        for c in share:
            enter(Event("share", {"card": c}), lambda c=c: Event("share", {"card": c}))

    leader = first
    for t in range(1, size + 1):
        plays: list[tuple[int, str]] = []
        for i in range(n):
            seat = (leader + i) % n
            hand = hands[seat]

            def choose(seat: int = seat, hand: list[str] = hand, plays: list[tuple[int, str]] = plays,
                       t: int = t) -> str:
                nonlocal planted
                if not plays:
                    return rng.choice(hand)
                lead = suit(plays[0][1])
                follow = [c for c in hand if suit(c) == lead]
                other = [c for c in hand if suit(c) != lead]
                if follow and other:
                    if plant is not None and not planted and t >= plant:
                        planted = True
                        return rng.choice(other)
                    if rng.random() < revoke_rate:
                        return rng.choice(other)
                return rng.choice(follow or hand)

            card = choose()
            if t < size or i < n - 1:  # the game's last card, the one not yet seen: nobody enters it
                enter(Event("play", {"seat": seat, "card": card}),
                      lambda seat=seat: Event("play", {"seat": seat, "card": choose()}))
                card = table.events[-1].payload["card"]
            table.played.append(Played(t, seat, card, plays[0][1] if plays else card, tuple(hand)))
            hand.remove(card)
            plays.append((seat, card))
        win, resolution = winner_of(plays)
        given: dict[int, str] = {}
        left = list(share)
        while len(left) > 1:  # the last card can only go to the last seat: nobody enters it
            waiting = [s for s in range(n) if s not in given]

            def pick(left: list[str] = left, waiting: list[int] = waiting) -> Event:
                return Event("give", {"seat": rng.choice(waiting), "card": rng.choice(left)})

            enter(pick(), pick)
            event = table.events[-1]
            given[event.payload["seat"]] = event.payload["card"]
            left.remove(event.payload["card"])
        given[next(s for s in range(n) if s not in given)] = left[0]
        for s, c in given.items():
            table.received[s].append(c)
        table.tricks.append(Trick(t, leader, plays, win, resolution, list(share), given))
        share = [c for _, c in plays] if t < size else []
        leader = win
    return table


def random_game(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and a complete legal log of a whole game, with an undo or two."""
    table = simulate(seed)
    return table.setup, table.events


def random_partial(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and a legal log stopped at a random point mid-game."""
    table = simulate(seed)
    cut = random.Random(seed + 1).randrange(1, len(table.events))
    return table.setup, table.events[:cut]


def judge_fields(seed: int) -> dict[str, str]:
    """The quick judge's address once a whole trick is tapped: the player count and 3 or 4
    cards of that count's deck, the last one as the newly tapped "card"."""
    rng = random.Random(seed)
    players = 3 + seed % 2
    codes = rng.sample(deck(players), players)
    return {"players": str(players), "cards": ".".join(codes[:-1]), "card": codes[-1]}


def tap_limit(kind: str, payload: dict[str, Any]) -> int:
    """Taps an entry may take at 360 px (issue 31): a card named in two (suit, number); a
    share card handed out in one (the player's name; the last card of a hand-out, nobody's
    choice, in none)."""
    return 1 if kind in ("give", "accept") else 2
