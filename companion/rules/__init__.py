"""The rules engines, one package per game, and the registry that finds them by slug.

The web and CLI layers look games up here and never name a game. `GAMES` is typed
`dict[str, Game]`: mypy checks every game package against the contract (contract.Game).
To add a game: one package here, one line below (README, "Add a game").
"""

from __future__ import annotations

from . import black_junky, hyper_maker, kings_order, kings_trick, master_of_rules, saizen, take_and_share, tateyoko, twin_shoot
from .base import RuleError
from .contract import Game

GAMES: dict[str, Game] = {
    hyper_maker.SLUG: hyper_maker,
    twin_shoot.SLUG: twin_shoot,
    master_of_rules.SLUG: master_of_rules,
    black_junky.SLUG: black_junky,
    take_and_share.SLUG: take_and_share,
    kings_trick.SLUG: kings_trick,
    kings_order.SLUG: kings_order,
    saizen.SLUG: saizen,
    tateyoko.SLUG: tateyoko,
}


def get(slug: str) -> Game:
    """The game `slug`, or RuleError naming the unknown game."""
    try:
        return GAMES[slug]
    except KeyError:
        raise RuleError("input.unknown_game", "", game=slug) from None
