"""Seeded whole and partial Master of Rules games, for the contract tests run over every game."""

from __future__ import annotations

import random
from typing import Any

from companion.rules import master_of_rules as mor
from companion.rules.base import Event
from tests.games.master_of_rules.test_random import new_game, play_out


def random_game(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and the complete log of a whole game (undo entries included)."""
    game = new_game(3 + seed % 3, seed)
    play_out(game)
    return game.setup, game.log


def random_partial(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and a log stopped at a random point of a game."""
    setup, log = random_game(seed)
    return setup, log[: random.Random(seed).randrange(len(log))]


def judge_fields(seed: int) -> dict[str, str]:
    """The quick judge's address once a whole round is tapped: the player count, every
    player's number card and rule card, and the dummies' number cards (five number cards)."""
    rng = random.Random(seed)
    players = 3 + seed % 3
    numbers = rng.sample(mor.DECK, mor.TABLE_CARDS)
    rules = [rng.choice(mor.RULES) for _ in range(players)]
    return {"players": str(players), "numbers": ".".join(c.code for c in numbers), "rules": ".".join(rules)}
