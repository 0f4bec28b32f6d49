"""Seeded whole and partial Twin Shoot games, for the contract tests run over every game."""

from __future__ import annotations

import random
from typing import Any

from companion.rules import twin_shoot as ts
from companion.rules.base import Event
from tests.games.twin_shoot.test_random import play_game


def random_game(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and the complete log of a whole game (undo entries included)."""
    game = play_game(4 if seed % 2 else 6, seed)
    return game.setup, game.log


def random_partial(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and a log stopped at a random point of a game."""
    setup, log = random_game(seed)
    return setup, log[: random.Random(seed).randrange(len(log))]


def judge_fields(seed: int) -> dict[str, str]:
    """The quick judge page's address for one seeded trick, every player's card in."""
    players = 4 if seed % 2 else 6
    cards = random.Random(seed).sample(ts.deck(players), players)
    return {"players": str(players), "cards": ".".join(c.code for c in cards)}
