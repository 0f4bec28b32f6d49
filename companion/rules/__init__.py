"""The rules engines, one package per game, and the registry that finds them by slug.

The web and CLI layers look games up here and never name a game. `GAMES` is a
`Mapping[str, Game]` in the order the pages list the games; each game package checks
itself against the contract (contract.Game, see `_GAME` at the end of its `__init__`).
To add a game: one package here, one line below (docs/developing.md, "Add a game").

A game's package is imported when it is first looked up, not when the registry is: listing
the slugs imports no game, so `companion judge GAME` loads only GAME (docs/judge-api.md).
The pages that show every game (home, the referee's desk) load them all on first use.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any, cast

from .base import RuleError
from .contract import Game

if TYPE_CHECKING:  # pathlib is imported by the web pages that read a game's files, not by the judge
    from pathlib import Path


class Registry(Mapping[str, Game]):
    """Games by slug, each package imported on its first lookup and kept."""

    def __init__(self, packages: Mapping[str, str]) -> None:
        self.packages = dict(packages)
        self.loaded: dict[str, Game] = {}

    def __getitem__(self, slug: str) -> Game:
        game = self.loaded.get(slug)
        if game is None:
            package = self.packages[slug]  # KeyError for an unknown slug, as a dict gives
            game = self.loaded[slug] = cast("Game[Any]", import_module(f"{__name__}.{package}"))
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self.packages)

    def __len__(self) -> int:
        return len(self.packages)

    def __contains__(self, slug: object) -> bool:
        return slug in self.packages


REGISTRY = Registry({  # slug (game.SLUG): its package under companion/rules/
    "hyper-maker": "hyper_maker",
    "twin-shoot": "twin_shoot",
    "master-of-rules": "master_of_rules",
    "black-junky": "black_junky",
    "take-and-share": "take_and_share",
    "kings-trick": "kings_trick",
    "kings-order": "kings_order",
    "saizen": "saizen",
    "tateyoko": "tateyoko",
})


GAMES: Mapping[str, Game] = REGISTRY


def folder(slug: str) -> Path:
    """The folder of game `slug`'s package, without importing it: its templates/ and static/
    (the game's own pages and stylesheet) are read from there."""
    from pathlib import Path

    return Path(__file__).parent / REGISTRY.packages[slug]


def get(slug: str) -> Game:
    """The game `slug`, or RuleError naming the unknown game."""
    try:
        return GAMES[slug]
    except KeyError:
        raise RuleError("input.unknown_game", "", game=slug) from None
