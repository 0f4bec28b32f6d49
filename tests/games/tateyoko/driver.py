"""たてよこ (Tateyoko): seeded random games played at a simulated table, written from the
rulebook and RULINGS.md alone (it never asks the engine anything), for the tests to check the
engine against and for the contract tests run over every game.

The table shuffles the 78 cards, deals as printed (準備: 15/12/10/8/8 to 3-7 players), turns
the deck's top card up as the starting card at 0,0, and plays clockwise from the start
player (進行). On a turn a player lays cards (A) — each legal by `problem` below, written
from the text — going on in a straight line now and then, or passes and draws while the
deck lasts (B:パス); a player also passes now and then while able to lay. The game ends
when a hand is empty or everyone has passed in a row (終了), and each player still holding
cards gives their hand, as counts per suit or as the cards. Now and then an entry is taken
back with an undo and the table decides afresh (maybe differently).

With the "scores only" option the table plays the same way but enters only the hands.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.rules.base import UNDO, Event

SUITS = "LXCHSD"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DEAL = {3: 15, 4: 12, 5: 10, 6: 8, 7: 8}
OUT = 5
Pos = tuple[int, int]


def suit(code: str) -> str:
    return code[0]


def rank(code: str) -> int:
    """0 for A up to 12 for K: the order A 2 ... 10 J Q K (A:横)."""
    return RANKS.index(code[1:])


def all_cards() -> list[str]:
    return [s + r for s in SUITS for r in RANKS]


def problem(grid: dict[Pos, str], turn: list[Pos], pos: Pos, card: str) -> str | None:
    """Why `card` may not go at `pos` this turn (`turn`: the positions laid so far, in `grid`),
    straight from the text, in the judge's order; None if it may."""
    x, y = pos
    if pos in grid:
        return "occupied"
    if not turn:
        if not any(p in grid for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))):
            return "not_adjacent"  # A:隣接
    else:
        px, py = turn[-1]
        if abs(px - x) + abs(py - y) != 1:
            return "not_next_to_previous"  # A:直前
        line = turn + [pos]
        if len({p[0] for p in line}) != 1 and len({p[1] for p in line}) != 1:
            return "not_in_line"  # A:1直線
    for other in (grid.get((x, y + 1)), grid.get((x, y - 1))):
        if other is not None and rank(other) != rank(card):
            return "vertical"  # A:縦
    for other in (grid.get((x - 1, y)), grid.get((x + 1, y))):
        if other is not None and (suit(other) != suit(card) or (rank(other) - rank(card)) % 13 not in (1, 12)):
            return "horizontal"  # A:横, K and A one apart
    return None


def free(grid: dict[Pos, str]) -> list[Pos]:
    """Every empty position next to a card of the layout."""
    out = set()
    for x, y in grid:
        for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if p not in grid:
                out.add(p)
    return sorted(out)


def penalty(hand: list[str]) -> int:
    """得点計算: +5 for an empty hand, else minus (largest suit count x number of suits)."""
    if not hand:
        return OUT
    counts = [sum(1 for c in hand if suit(c) == s) for s in SUITS]
    return -max(counts) * sum(1 for n in counts if n)


@dataclass
class Table:
    """Everything at the table: the hands, the deck, the layout, whose turn, the end."""

    players: int
    setup: dict[str, Any]
    hands: list[list[str]]
    deck: list[str]
    start: str
    scores_only: bool
    grid: dict[Pos, str] = field(default_factory=dict)
    seat: int = 0
    current: list[Pos] = field(default_factory=list)
    passes: int = 0
    dealt: int = 0
    drawn: list[int] = field(default_factory=list)
    laid: list[int] = field(default_factory=list)
    ended: str | None = None
    went_out: int | None = None
    entered: dict[int, list[str]] = field(default_factory=dict)
    started: bool = False

    @property
    def phase(self) -> str:
        if self.ended is None and not self.scores_only:
            return "turn" if self.started else "start"
        return "over" if not self.awaited else "hands"

    @property
    def awaited(self) -> list[int]:
        if self.ended is None and not self.scores_only:
            return []
        return [s for s in range(self.players) if s not in self.entered and (self.scores_only or self.hands[s])]

    @property
    def points(self) -> list[int]:
        return [penalty(hand) for hand in self.hands]


@dataclass
class Run:
    table: Table
    rng: random.Random
    log: list[Event] = field(default_factory=list)
    undos: int = 0
    over_at: set[int] = field(default_factory=set)
    """The lengths of the log at which the game is over (before an undo takes the last hand back)."""


def new_table(seed: int, players: int | None = None, scores_only: bool | None = None) -> tuple[Table, random.Random]:
    rng = random.Random(seed)
    n = players if players is not None else 3 + seed % 5
    only = scores_only if scores_only is not None else seed % 7 == 6
    cards = all_cards()
    rng.shuffle(cards)
    size = DEAL[n]
    hands = [cards[i * size:(i + 1) * size] for i in range(n)]
    rest = cards[n * size:]
    first = rng.randrange(n)
    options: dict[str, Any] = {"match_limit": rng.choice((-20, -20, -10, -50))}
    if only:
        options["scores_only"] = True
    setup = {"players": [f"P{i}" for i in range(n)], "first_leader": first, "options": options}
    table = Table(n, setup, hands, rest[1:], rest[0], only, seat=first, dealt=size, drawn=[0] * n, laid=[0] * n)
    if only:
        # Played at the table, entered only at the end: the layout starts from the starting card.
        table.grid[(0, 0)] = rest[0]
        table.started = True
    return table, rng


def next_entry(table: Table, rng: random.Random, pass_rate: float, more_rate: float,
               in_order: bool = False) -> Event | None:
    """What the table does next, as an entry (None: a play the app does not see, scores only)."""
    if table.phase == "start":
        return Event("start", {"card": table.start})
    if table.phase == "hands":
        seat = rng.choice(table.awaited)
        if in_order:  # as the page asks for them: the first awaited seat (the draw above kept)
            seat = table.awaited[0]
        hand = list(table.hands[seat])
        rng.shuffle(hand)
        if rng.random() < 0.5:
            return Event("hand", {"seat": seat, "cards": hand})
        counts = {s: sum(1 for c in hand if suit(c) == s) for s in SUITS}
        return Event("hand", {"seat": seat, "counts": {s: n for s, n in counts.items() if n or rng.random() < 0.5}})
    seat, hand = table.seat, table.hands[table.seat]
    if table.current:
        options = [(p, c) for c in hand for p in free(table.grid) if problem(table.grid, table.current, p, c) is None]
        if options and rng.random() < more_rate:
            pos, card = rng.choice(options)
            return Event("lay", {"seat": seat, "x": pos[0], "y": pos[1], "card": card})
        return Event("done", {"seat": seat})
    spots = free(table.grid)
    options = [(p, c) for c in hand for p in spots if problem(table.grid, [], p, c) is None]
    if not options or rng.random() < pass_rate:
        return Event("pass", {"seat": seat})
    pos, card = rng.choice(options)
    return Event("lay", {"seat": seat, "x": pos[0], "y": pos[1], "card": card})


def carry_out(table: Table, event: Event) -> None:
    """What the entry does at the table."""
    p = event.payload
    if event.kind == "start":
        table.grid[(0, 0)] = table.start
        table.started = True
    elif event.kind == "lay":
        seat, pos, card = p["seat"], (p["x"], p["y"]), p["card"]
        table.hands[seat].remove(card)
        table.grid[pos] = card
        table.current.append(pos)
        table.laid[seat] += 1
        table.passes = 0
        if not table.hands[seat]:  # 終了: the last card ends the game
            table.ended, table.went_out, table.current = "out", seat, []
    elif event.kind == "done":
        table.current = []
        table.seat = (table.seat + 1) % table.players
    elif event.kind == "pass":
        if table.deck:
            table.hands[p["seat"]].append(table.deck.pop(0))
            table.drawn[p["seat"]] += 1
        table.passes += 1
        if table.passes == table.players:  # 終了: everyone passed in a row
            table.ended = "passes"
        else:
            table.seat = (table.seat + 1) % table.players
    elif event.kind == "hand":
        table.entered[p["seat"]] = list(table.hands[p["seat"]])
        if table.scores_only and not table.awaited:
            out = [s for s in range(table.players) if not table.hands[s]]
            table.ended, table.went_out = ("out", out[0]) if out else ("passes", None)


Observer = Callable[[Run, Event], None]


def play(seed: int, players: int | None = None, scores_only: bool | None = None, undo_rate: float = 0.05,
         pass_rate: float = 0.1, more_rate: float = 0.6, observe: Observer | None = None,
         in_order: bool = False) -> Run:
    """A whole game for `seed`: every entry in the log, undos included. `observe(run, entry)` is
    called after each entry (and each undo) once the table has carried it out. `in_order`: the
    hands at the end in the order the page asks for them (else any order, which the engine takes)."""
    table, rng = new_table(seed, players, scores_only)
    run = Run(table, rng)
    saved: list[Table] = []
    while table.phase != "over":
        event = next_entry(table, rng, pass_rate, more_rate, in_order)
        assert event is not None
        if table.scores_only and event.kind != "hand":
            carry_out(table, event)  # played at the table, not entered
            continue
        saved.append(copy.deepcopy(table))
        carry_out(table, event)
        run.log.append(event)
        if table.phase == "over":
            run.over_at.add(len(run.log))
        if observe:
            observe(run, event)
        if rng.random() < undo_rate:
            table = run.table = saved.pop()
            run.log.append(Event(UNDO))
            run.undos += 1
            if observe:
                observe(run, run.log[-1])
    return run


def tap_limit(kind: str, payload: dict[str, Any]) -> int:
    """Taps an entry may take on the page (issue 31): a card laid, its suit, its rank and its
    spot, three (two when it fits one spot only); pass and done, one; the starting card, suit
    and rank; a hand as counts, a tap per suit held (two for five or more of a suit) and one
    to send it; card by card, the tab, each card, its suit's tab once, and one to send it."""
    if kind == "lay":
        return 3
    if kind in ("pass", "done"):
        return 1
    if kind == "hand" and "cards" in payload:
        cards = [str(c) for c in payload["cards"]]
        return len(cards) + len({c[0].upper() for c in cards}) + 2 if cards else 1
    if kind == "hand":
        held = [int(n) for n in payload.get("counts", {}).values() if n]
        return sum(2 if n > 4 else 1 for n in held) + 1
    return 2


def random_game(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and the complete log of a whole game (undo entries included)."""
    run = play(seed, undo_rate=0.08, in_order=True)
    return run.table.setup, run.log


def random_partial(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and a log stopped at a random point of a game, before its last entry."""
    run = play(seed, undo_rate=0.08, in_order=True)
    cuts = [cut for cut in range(1, len(run.log)) if cut not in run.over_at]
    return run.table.setup, run.log[: random.Random(seed).choice(cuts)]


def judge_fields(seed: int) -> dict[str, str]:
    """The quick judge's address for a layout of a seeded game and a question about it: where
    a card may go (odd seeds), or whether a card laid next to the layout is legal (even)."""
    run = play(seed, scores_only=False, undo_rate=0.0)
    rng = random.Random(seed)
    laid = [(pos, card) for pos, card in run.table.grid.items()]
    # The layout in an order legal plays make: each card touching one before it.
    order = [((0, 0), run.table.grid[(0, 0)])]
    rest = [item for item in laid if item[0] != (0, 0)]
    while rest:
        for item in rest:
            if any(abs(item[0][0] - p[0]) + abs(item[0][1] - p[1]) == 1 for p, _ in order):
                order.append(item)
                rest.remove(item)
                break
    keep = order[: max(2, len(order) * 2 // 3)]
    layout = ".".join(f"{x},{y}:{card}" for (x, y), card in keep)
    grid = dict(keep)
    unused = [c for c in all_cards() if c not in grid.values()]
    if seed % 2:  # a card that fits somewhere, if any does
        fitting = [c for c in unused if any(problem(grid, [], p, c) is None for p in free(grid))]
        return {"layout": layout, "card": rng.choice(fitting or unused)}
    card = rng.choice(unused)
    spot = rng.choice(free(grid))
    return {"layout": layout, "card": card, "spot": f"{spot[0]},{spot[1]}", "to": "turn"}
