"""Seeded whole and partial Twin Shoot games, for the contract tests run over every game."""

from __future__ import annotations

import random
from typing import Any

from companion.rules import twin_shoot as ts
from companion.rules.base import Event
from tests.games.twin_shoot.test_random import play_game


def tap_limit(kind: str, payload: dict[str, Any]) -> int:
    """Taps an entry may take at 360 px (issue 31): two a card named by suit and rank; a reveal
    two for its two cards (the keys are the cards not played; the last bid is turned up by the
    engine, no entry); an open
    bid two for each of its four cards and one that opens it (the open bid is the team's
    choice, not a card)."""
    if kind == "open_bid":
        return 2 * 4 + 1
    return 2


def in_seat_order(log: list[Event]) -> list[Event]:
    """The log with each hand's reveals in seat order, as the page asks for them (the lowest
    hidden bid first; the engine takes any order). A reveal taken back and entered again
    moves with it; what the log leads to is the same."""
    blocks: list[list[Event]] = []
    for event in log:
        if blocks and blocks[-1][-1].kind == "undo" and event == blocks[-1][0]:
            blocks[-1].append(event)
        elif event.kind == "undo" and blocks and blocks[-1][0].kind == "reveal" and len(blocks[-1]) == 1:
            blocks[-1].append(event)
        else:
            blocks.append([event])
    out: list[Event] = []
    run: list[list[Event]] = []
    for block in blocks + [[Event("end")]]:
        if block[0].kind == "reveal" and (block[-1].kind != "undo"):
            run.append(block)
            continue
        out += [e for b in sorted(run, key=lambda b: int(b[0].payload["seat"])) for e in b]
        run = []
        if block[0].kind != "end":
            out += block
    return out


def random_game(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and the complete log of a whole game (undo entries included), each hand's
    reveals in seat order, as the page asks (the last hidden bid turned up by the engine)."""
    game = play_game(4 if seed % 2 else 6, seed, page_order=True)
    return game.setup, in_seat_order(game.log)


def random_partial(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and a log stopped at a random point of a game."""
    setup, log = random_game(seed)
    return setup, log[: random.Random(seed).randrange(len(log))]


def judge_fields(seed: int) -> dict[str, str]:
    """The quick judge page's address for one seeded trick, every player's card in."""
    players = 4 if seed % 2 else 6
    cards = random.Random(seed).sample(ts.deck(players), players)
    return {"players": str(players), "cards": ".".join(c.code for c in cards)}
