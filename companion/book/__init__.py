"""A group's book (issue 44): a group that plays every week, its roster, and the figures its
tables' finished games add up to. The engine's arithmetic.

Pure and typed like the rules engines and the club (standard library, `companion.rules`,
`companion.club.scoring` and openskill only: no Flask, no SQLite, no I/O): the store and the
web layer read the tables' logs into these values and ask here.

- `model`: the values read: `Member` (one roster player), `Seat`, `Played` (one finished
  game with its seats as roster players), `Season` (a date range), `played_from` (a game's
  outcome as the book reads it).
- `figures`: `place_value` (a place as 1 first to 0 last, ties sharing, teams placed as
  teams), `season_table` (`Line`s), `head_to_head` (`Versus`), `streaks`, `player_page`
  (`PlayerPage`), `records` (`Records`), `evenings` (`Evening`), `book_json` (the export).
- `ratings`: `rate` (a `RatingRun` of `Rating`s per game kind per player, with their history,
  openskill's Plackett-Luce over the games in time order, resumed after what has not changed).
- `reading`: the tables' logs read into `Played` values (the store's side).

Every figure is derived from the games each time it is asked for, never stored; its rulings
are in the module that computes it (docs/rulings.md, "The group's book").
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .model import Member, Played, Season, Seat, played_from

if TYPE_CHECKING:
    from .figures import (Evening, EveningGame, EveningWins, HighScore, Line, PlayerPage, Records, Streak, Versus,
                          book_json, evenings, head_to_head, place_value, player_page, records, season_table,
                          streaks, within)
    from .ratings import Rating, RatingRun, Step, rate

LAZY = {**dict.fromkeys(("Evening", "EveningGame", "EveningWins", "HighScore", "Line", "PlayerPage", "Records",
                         "Streak", "Versus", "book_json", "evenings", "head_to_head", "place_value", "player_page",
                         "records", "season_table", "streaks", "within"), "figures"),
        **dict.fromkeys(("Rating", "RatingRun", "Step", "rate"), "ratings")}
"""The names re-exported from figures and ratings, each with its module: imported when first
asked for, so that reading the model (the store does, at every start) does not load the club's
arithmetic, openskill and the figures with it."""

__all__ = ["Evening", "EveningGame", "EveningWins", "HighScore", "Line", "Member", "Played", "PlayerPage", "Rating",
           "RatingRun", "Records", "Season", "Seat", "Step", "Streak", "Versus", "book_json", "evenings",
           "head_to_head", "place_value", "played_from", "player_page", "rate", "records", "season_table",
           "streaks", "within"]


def __getattr__(name: str) -> Any:
    """A re-exported name of figures or ratings, its module imported on first use."""
    if name in LAZY:
        return getattr(importlib.import_module(f".{LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
