"""A group's book taken home: CSV (a row per player per game) and JSON (the roster, the
tables, which roster player sat at each seat, and the figures, as docs/book.md documents
them). Both are read from the book as it stands (groups.Book); nothing here knows HTTP."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from .book.model import Season
from .groups import Book

CSV_HEADER = ("date", "table", "game", "number", "player", "place", "points", "team")
"""One row per player per game; `team` is the team's number from 1 in a team game, else empty."""


def _safe(cell: object) -> str:
    """A cell a spreadsheet shows as text, never runs as a formula."""
    text = str(cell)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") and not _number(text) else text


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def csv_text(book: Book, season: Season) -> str:
    """The season's games, a row per player per game, oldest first (a byte order mark first,
    so spreadsheets read the names in UTF-8)."""
    names = {m.number: m.name for m in book.roster.members}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for game in book.games:
        if not season.holds(game):
            continue
        for seat in game.seats:
            writer.writerow([_safe(c) for c in (game.day.isoformat(), game.table_name or game.table, game.kind,
                                                game.number, names.get(seat.player, seat.player), seat.place,
                                                seat.points, "" if seat.team is None else seat.team + 1)])
    return "\ufeff" + out.getvalue()


def json_data(book: Book, season: Season, ratings: Any) -> dict[str, Any]:
    """The book as data: its roster, its tables with the roster player at each seat, and the
    season's figures (figures.book_json)."""
    from .book import figures

    names = {p.number: p.name for p in book.roster.players}
    return {
        "format": "companion-book", "version": 1,
        "group": {"name": book.group.name, "created": book.group.created},
        "roster": [{"number": p.number, "name": p.name, "retired": p.retired, "merged_into": p.merged_into}
                   for p in book.roster.players],
        "tables": [{"name": t.name, "created": t.created, "players": list(t.players),
                    "mapping": [{"seat": seat, "name": name, "player": names.get(number)}
                                for seat, (name, number) in enumerate(zip(t.players, t.seats))]}
                   for t in book.tables],
        **figures.book_json(book.roster.members, book.games, season, ratings),
    }


def json_text(book: Book, season: Season, ratings: Any) -> str:
    return json.dumps(json_data(book, season, ratings), ensure_ascii=False, indent=1)
