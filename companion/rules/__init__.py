"""The rules engines, one module per game, and the registry that finds them by slug.

The web and CLI layers look games up here and never branch on a game's name.
"""

from __future__ import annotations

from types import ModuleType

from . import hyper_maker
from .base import RuleError

GAMES: dict[str, ModuleType] = {module.SLUG: module for module in (hyper_maker,)}
"""Each module offers SLUG, NAME, MIN/MAX_PLAYERS, OPTIONS, MESSAGES, SUIT_NAMES,
SUIT_SYMBOLS, card_parts, initial, apply, scores, rulings, next_first_leader,
suggested_games and judge."""


def get(slug: str) -> ModuleType:
    """The engine for `slug`, or RuleError naming the unknown game."""
    try:
        return GAMES[slug]
    except KeyError:
        raise RuleError("input.unknown_game", "", game=slug) from None
