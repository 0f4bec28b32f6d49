"""Seeded whole and partial King's Trick games, for the contract tests run over every game."""

from __future__ import annotations

import random
from typing import Any

from companion.rules import kings_trick as kt
from companion.rules.base import Event
from tests.games.kings_trick.test_random import new_game, play_out


def random_game(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and the complete log of a whole game (undo entries included), 3-6 players."""
    game = new_game(3 + seed % 4, seed)
    play_out(game)
    if not game.undos:  # every driver log holds an undo or two
        game = new_game(3 + seed % 4, seed + 10_000)
        play_out(game)
    return game.setup, game.log


def random_partial(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and a log stopped at a random point of a game."""
    setup, log = random_game(seed)
    return setup, log[: random.Random(seed).randrange(len(log))]


def judge_fields(seed: int) -> dict[str, str]:
    """The quick judge's address once a whole trick is tapped: the player count and the cards."""
    rng = random.Random(seed)
    players = 3 + seed % 4
    cards = rng.sample(kt.deck(players), players)
    return {"players": str(players), "cards": ".".join(card.code for card in cards)}


def tap_limit(kind: str, payload: dict[str, Any]) -> int:
    """Taps an entry may take at 360 px (issue 31): a coloured card in two (colour, value),
    KING, QUEEN or JESTER in one; a card of the draft and an アガリ answer in one."""
    if kind == "play" and str(payload.get("card", "")).upper() not in kt.SPECIALS:
        return 2
    return 1
