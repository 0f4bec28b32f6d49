"""Seeded whole and partial Hyper Maker games, for the contract tests run over every game."""

from __future__ import annotations

import random
from typing import Any

from companion.rules import hyper_maker as hm
from companion.rules.base import Event
from tests.games.hyper_maker.test_random import new_game, play_out


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
    """The quick judge's address once a whole trick is tapped: the master and 3-5 cards."""
    rng = random.Random(seed)
    cards = rng.sample(hm.DECK, 1 + 3 + seed % 3)
    return {"cards": ".".join(card.code for card in cards)}
