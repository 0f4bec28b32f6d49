"""A club night (issue 33): many tables, rounds, one standings board; the event's arithmetic.

Pure and typed like the rules engines (standard library and `companion.rules.base` only: no
Flask, no SQLite, no I/O): the web layer stores the event and its tables and asks here.

- `scoring`: `Result` (one table's finished game in a round) and `standings` (placement
  points or the game's own, sit-outs, tie-breaks, shared ranks), `meetings` (who has met).
- `bounds`: the event's bounds (players, rounds, a table's size) and the checks of its names
  and round numbers, read by scoring, seating and the judge alike.
- `seating`: `draw` (table sizes within the game's player counts, sit-outs in rotation,
  round 1 at random, later rounds by the standings keeping apart players who already met),
  `Table`, `Draw`, `repeats` (for a draw changed by hand).
- `judge`: the JSON judge (`companion judge event`, `POST /api/judge/event`).
- `words`: every ruling's message key with its English (Japanese in the catalog) and
  `render` (a ruling as the sentence a person reads).

Every decision carries its reason: a `Standing` and a `Draw` hold their rulings
(`reasons`), each a message key, its parameters and the clause "RULINGS" (the event has no
rulebook; docs/rulings.md, "A club night").
"""

from __future__ import annotations

from . import words
from .judge import judge, judge_text
from .scoring import SCORINGS, Result, Standing, meetings, placement_points, standings
from .seating import Draw, Table, draw, repeat_pairs, repeats, table_sizes
from .words import MESSAGES, render

__all__ = ["MESSAGES", "SCORINGS", "Draw", "Result", "Standing", "Table", "draw", "judge", "judge_text", "meetings",
           "placement_points", "render", "repeat_pairs", "repeats", "standings", "table_sizes", "words"]
