"""A group's book: the roster and the tables the keeper entered, and where the group stands,
derived every time from its tables' games.

Only what a person decided is stored (store.py, m009_groups): the group, its roster, which
tables belong to it and which roster player sat at each seat. The figures (season table,
ratings, player pages, records, evenings) are the book engine's (companion/book, pure),
folded over the tables' finished games as tables.py reads them; each table's games are
read once per table version and the whole book once per group version (derived.py), so a
correction or an undo at a table moves the book the next time it is read. Nothing here
knows about HTTP or HTML.
"""

from __future__ import annotations

import bisect
import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from . import derived, limits, rules, store, tables
from .refusals import Refusal
from .book.model import Member, Played, Season, played_from
from .rules.base import N_

GROUP_NAME = 40
"""Characters in a group's name."""

ROSTER = 200
"""Players one roster holds (a club's members over the years)."""


class GroupError(Refusal):
    """What the keeper asked cannot be done (refusals.Refusal); nothing was changed."""


NAME_BLANK = N_("Enter the group's name.")
NAME_LONG = N_("The group's name can be at most %(limit)s characters.")
NAME_CONTROL = N_("A name cannot contain control characters or text-direction marks.")
PLAYER_BLANK = N_("Enter the player's name.")
PLAYER_LONG = N_("A player's name can be at most %(limit)s characters.")
PLAYER_TWICE = N_("%(name)s is in the roster already.")
ROSTER_FULL = N_("A roster holds at most %(limit)s players.")
NO_SUCH_PLAYER = N_("That player is not in this group's roster.")
MERGE_SELF = N_("A player cannot be merged into themselves: choose two different names.")
NOT_A_TABLE = N_("No table here has that link. Paste the table's scorer or viewer link.")
IN_A_GROUP = N_("This table belongs to a group's book already: take it out of that book first.")
NOT_IN_GROUP = N_("This table is not in this group's book.")
UNMAPPED = N_("Choose a roster player for every name at the table: %(names)s has none. Nothing was added.")
TWICE_AT_TABLE = N_("%(name)s cannot sit at two seats of one table. Nothing was added.")
RANGE_BACKWARDS = N_("The range ends before it starts: choose an end on or after %(start)s.")
BAD_DATE = N_("Enter dates as year-month-day, for example 2026-04-01.")
BAD_SEASON = N_("A season is a year, for example 2026.")


def clean_name(raw: str, limit: int, blank: str, long: str) -> str:
    name = " ".join(raw.split())
    if not name:
        raise GroupError(blank, "name")
    if any(tables.hidden(ch) for ch in name):
        raise GroupError(NAME_CONTROL, "name")
    if len(name) > limit:
        raise GroupError(long, "name", limit=limit)
    return name


def create_group(db: sqlite_utils.Database, name: str) -> store.GroupRow:
    """A new group's book with its two links and an empty roster."""
    title = clean_name(name, GROUP_NAME, NAME_BLANK, NAME_LONG)
    with store.writing(db):
        return store.insert_group(db, title)


def group_by_link(db: sqlite_utils.Database, token: str) -> store.GroupRow:
    """The group a keeper's or members' link opens (store.NotFound if none)."""
    if not store.is_token(token):
        raise store.NotFound(token)
    return store.group_by_token(db, token)


# --------------------------------------------------------------------------- the roster

@dataclass(frozen=True)
class Roster:
    """The roster as the book reads it: every number (merged ones too) leads to the player
    whose games they are."""

    players: tuple[store.GroupPlayer, ...]

    def final(self, number: int) -> int:
        """The player `number`'s games count for: merges followed to the end."""
        by_number = {p.number: p for p in self.players}
        seen = set()
        while (p := by_number.get(number)) is not None and p.merged_into is not None and number not in seen:
            seen.add(number)
            number = p.merged_into
        return number

    @property
    def members(self) -> tuple[Member, ...]:
        """The players who are themselves (not merged into another), by number."""
        return tuple(Member(p.number, p.name, p.retired) for p in self.players if p.merged_into is None)

    @property
    def seatable(self) -> tuple[Member, ...]:
        """The members offered for seating: not retired."""
        return tuple(m for m in self.members if not m.retired)

    def by_name(self, name: str) -> Member | None:
        """The member whose name is `name` (case and spacing aside)."""
        wanted = " ".join(name.split()).casefold()
        return next((m for m in self.members if m.name.casefold() == wanted), None)

    def member(self, number: int) -> Member | None:
        return next((m for m in self.members if m.number == number), None)


def roster(db: sqlite_utils.Database, group: store.GroupRow) -> Roster:
    return Roster(tuple(store.group_players(db, group.id)))


def _new_player(db: sqlite_utils.Database, group: store.GroupRow, known: Roster, raw: str) -> int:
    """Add `raw` to the roster inside the caller's write transaction, refusing a name it has."""
    name = clean_name(raw, limits.PLAYER_NAME, PLAYER_BLANK, PLAYER_LONG)
    if known.by_name(name) is not None:
        raise GroupError(PLAYER_TWICE, "name", name=name)
    if len(known.players) >= ROSTER:
        raise GroupError(ROSTER_FULL, "name", limit=ROSTER)
    return store.insert_group_player(db, group.id, name)


def add_player(db: sqlite_utils.Database, group: store.GroupRow, raw: str) -> int:
    """A new roster player; their number."""
    with store.writing(db):
        return _new_player(db, group, roster(db, group), raw)


def rename_player(db: sqlite_utils.Database, group: store.GroupRow, number: int, raw: str) -> None:
    """A member's new name: their games follow (they are kept by number)."""
    name = clean_name(raw, limits.PLAYER_NAME, PLAYER_BLANK, PLAYER_LONG)
    with store.writing(db):
        known = roster(db, group)
        if known.member(number) is None:
            raise GroupError(NO_SUCH_PLAYER, "player")
        other = known.by_name(name)
        if other is not None and other.number != number:
            raise GroupError(PLAYER_TWICE, "name", name=name)
        store.update_group_player(db, group.id, number, name=name)


def merge_players(db: sqlite_utils.Database, group: store.GroupRow, merged: int, into: int) -> None:
    """Two names that are one person: every game of `merged` counts as `into`'s from now on
    (the tables keep their names; the book maps them)."""
    with store.writing(db):
        known = roster(db, group)
        if known.member(merged) is None or known.member(into) is None:
            raise GroupError(NO_SUCH_PLAYER, "player")
        if merged == into:
            raise GroupError(MERGE_SELF, "player")
        store.update_group_player(db, group.id, merged, merged_into=into)


def set_retired(db: sqlite_utils.Database, group: store.GroupRow, number: int, retired: bool) -> None:
    """A retired player stays in the book and is not offered for seating; back again undoes it."""
    with store.writing(db):
        if roster(db, group).member(number) is None:
            raise GroupError(NO_SUCH_PLAYER, "player")
        store.update_group_player(db, group.id, number, retired=int(retired))


# --------------------------------------------------------------------------- tables

def table_for_link(db: sqlite_utils.Database, link: str) -> store.TableRow:
    """The table a pasted link opens: a whole address or just its token."""
    parts = [p for p in link.strip().replace("?", "/").replace("#", "/").split("/") if p]
    for part in reversed(parts[:8] if len(parts) <= 8 else parts[-8:]):
        if store.is_token(part):
            try:
                return store.table_by_token(db, part)
            except store.NotFound:
                continue
    raise GroupError(NOT_A_TABLE, "link")


def suggested(known: Roster, names: Sequence[str]) -> tuple[int | None, ...]:
    """For each name at a table, the roster player of exactly that name (case and spacing
    aside), or None: the keeper confirms or chooses."""
    return tuple(m.number if (m := known.by_name(n)) is not None else None for n in names)


def add_table(db: sqlite_utils.Database, group: store.GroupRow, table: store.TableRow,
              choices: Sequence[str]) -> None:
    """The table joins the group, each of its names mapped to a roster player: `choices[i]`
    is a player's number, or "new" (the name at seat i joins the roster). All or nothing."""
    with store.writing(db):
        _add_table(db, group, table, choices)


def _add_table(db: sqlite_utils.Database, group: store.GroupRow, table: store.TableRow,
               choices: Sequence[str]) -> None:
    """add_table inside the caller's write transaction."""
    if store.group_of_table(db, table.id) is not None:
        raise GroupError(IN_A_GROUP, "link")
    known = roster(db, group)
    missing = [name for name, choice in zip(table.players, choices) if not choice]
    if len(choices) < len(table.players) or missing:
        raise GroupError(UNMAPPED, "seat", names=", ".join(missing or table.players[len(choices):]))
    seats: list[int] = []
    for name, choice in zip(table.players, choices):
        if choice == "new":
            number = _new_player(db, group, known, name)
            known = roster(db, group)
        elif choice.isascii() and choice.isdigit() and known.member(int(choice)) is not None:
            number = int(choice)
        else:
            raise GroupError(UNMAPPED, "seat", names=name)
        if number in seats:
            raise GroupError(TWICE_AT_TABLE, "seat", name=known.member(number).name)  # type: ignore[union-attr]
        seats.append(number)
    store.add_group_table(db, group.id, table.id, seats)


def event_for_link(db: sqlite_utils.Database, link: str) -> store.ClubEvent | None:
    """The club night a pasted link opens (its organiser's or viewer's link), if it is one."""
    for part in reversed([p for p in link.strip().replace("?", "/").replace("#", "/").split("/") if p][-8:]):
        if store.is_token(part):
            try:
                return store.club_event_by_token(db, part)
            except store.NotFound:
                continue
    return None


def event_names(db: sqlite_utils.Database, event: store.ClubEvent) -> tuple[str, ...]:
    """Every name seated at the club night's tables, in order of first seating."""
    seen: dict[str, None] = {}
    for t in store.club_tables(db, event.id):
        seen.update(dict.fromkeys(store.get_table(db, t.table_id).players))
    return tuple(seen)


def add_event(db: sqlite_utils.Database, group: store.GroupRow, event: store.ClubEvent,
              choices: Mapping[str, str]) -> int:
    """Every table of a club night joins the group, each name mapped once for all its
    tables (`choices[name]`: a player's number, or "new"). Tables already in this book are
    left as they are; all the others or none. Returns how many joined."""
    with store.writing(db):
        tables = [store.get_table(db, t.table_id) for t in store.club_tables(db, event.id)]
        missing = [n for n in dict.fromkeys(n for t in tables for n in t.players) if not choices.get(n)]
        if missing:
            raise GroupError(UNMAPPED, "seat", names=", ".join(missing))
        resolved = dict(choices)
        added = 0
        for table in tables:
            if store.group_of_table(db, table.id) == group.id:
                continue
            _add_table(db, group, table, [resolved[n] for n in table.players])
            for name in table.players:  # a name that joined the roster is that player at its next table
                if resolved[name] == "new":
                    member = roster(db, group).by_name(name)
                    resolved[name] = str(member.number) if member is not None else "new"
            added += 1
        return added


def check_seating(db: sqlite_utils.Database, group: store.GroupRow, names: Sequence[str]) -> None:
    """Refuse, before a table is seated from the group's page, names the roster cannot take
    (it would be full)."""
    known = roster(db, group)
    new = [n for n in names if known.by_name(n) is None]
    if new and len(known.players) + len(new) > ROSTER:
        raise GroupError(ROSTER_FULL, "name", limit=ROSTER)


def seat_from_roster(db: sqlite_utils.Database, group: store.GroupRow, table: store.TableRow) -> None:
    """A table seated from the group's page joins it: each name is the roster player of that
    name, and a name the roster lacks joins the roster."""
    known = roster(db, group)
    add_table(db, group, table, [str(n) if n is not None else "new" for n in suggested(known, table.players)])


def remove_table(db: sqlite_utils.Database, group: store.GroupRow, table_id: str) -> None:
    """The table leaves the book; its games stay at the table."""
    with store.writing(db):
        if store.group_of_table(db, table_id) != group.id:
            raise GroupError(NOT_IN_GROUP, "table")
        store.remove_group_table(db, group.id, table_id)


# --------------------------------------------------------------------------- the book

def season_of(values: Mapping[str, str], today: datetime.date | None = None) -> Season:
    """The range a page or the command line asks for: `from` and `to` (dates), or `season`
    (a year); this calendar year by default."""
    today = today or datetime.date.today()
    start, end = (values.get("from") or "").strip(), (values.get("to") or "").strip()
    if start or end:
        try:
            first = datetime.date.fromisoformat(start) if start else datetime.date(1, 1, 1)
            last = datetime.date.fromisoformat(end) if end else datetime.date(9999, 12, 31)
        except ValueError as exc:
            raise GroupError(BAD_DATE, "from") from exc
        if last < first:
            raise GroupError(RANGE_BACKWARDS, "to", start=first.isoformat())
        return Season(first, last)
    year = (values.get("season") or "").strip()
    if year:
        if not (year.isascii() and year.isdigit() and len(year) == 4 and year != "0000"):
            raise GroupError(BAD_SEASON, "season")
        return Season.year(int(year))
    return Season.year(today.year)


def _table_played(db: sqlite_utils.Database, t: store.GroupTable, players: tuple[int, ...]) -> tuple[Played, ...]:
    """The table's finished games, not abandoned, as the book reads them, each seat the
    roster player `players` names (merges followed). Read once per table version and
    players (derived.group_table): an entry at one table reads that table alone again."""
    def read() -> tuple[Played, ...]:
        board = tables.scoreboard(db, t.table_id)
        games = []
        for series in board.series:
            for row, outcome in series.rows:
                if row.id in series.abandoned or row.kind not in rules.GAMES or len(outcome.places) != len(players):
                    continue
                game = played_from(outcome, players, when=row.created, table=t.table_id, table_name=t.name,
                                   number=row.number, kind=row.kind)
                if game is not None:
                    games.append(game)
        return tuple(games)
    return derived.group_table(db, (t.table_id, t.version, t.name, players), read)


def played(db: sqlite_utils.Database, known: Roster, group_tables: Sequence[store.GroupTable]) -> tuple[Played, ...]:
    """Every finished game of the group's tables, in time order, each seat a roster player
    (merges followed)."""
    games = [game for t in group_tables for game in _table_played(db, t, tuple(known.final(n) for n in t.seats))]
    return tuple(sorted(games, key=_in_time))


def _in_time(p: Played) -> tuple[Any, ...]:
    return p.when, p.table, p.number


@dataclass(frozen=True)
class Book:
    """The group as it stands: its roster, its tables, every finished game, read from one
    snapshot of the database, and the version it was read at."""

    group: store.GroupRow
    roster: Roster
    tables: tuple[store.GroupTable, ...]
    games: tuple[Played, ...]
    version: str
    games_version: str
    """The version at which `games` last changed: what every figure is remembered under
    (derived.book_figures). An entry at a game still under way moves the book's version but
    not its finished games, so the figures read before it are still the book's."""
    changes: int
    """The group's count of changes at its tables it was read at (store.group_counts): the
    next read asks only for the tables that moved since."""
    by_table: Mapping[str, tuple[Played, ...]]
    """The finished games of each table, in time order (by_table)."""


def by_table(games: Sequence[Played]) -> dict[str, tuple[Played, ...]]:
    found: dict[str, list[Played]] = {}
    for game in games:
        found.setdefault(game.table, []).append(game)
    return {table: tuple(them) for table, them in found.items()}


def load(db: sqlite_utils.Database, group: store.GroupRow) -> Book:
    """The book as it stands, every part from one snapshot. Remembered per group version;
    the book of an earlier version is brought up to date where only its tables' logs moved
    (an entry at a table): those tables alone are read again (derived.latest_book)."""
    with store.reading(db):
        counts = store.group_counts(db, group.id)
        return derived.group_book(db, (group.id, counts), lambda: _load(db, group, counts))


def _load(db: sqlite_utils.Database, group: store.GroupRow, counts: tuple[int, int]) -> Book:
    group = store.get_group(db, group.id)
    version = "g{}.{}".format(*counts)
    earlier: Book | None = derived.latest_book(db, group.id)
    if earlier is not None and earlier.group == group:  # the roster, tables and seats are as they were
        return _moved(db, earlier, store.group_tables_moved(db, group.id, earlier.changes), version, counts[1])
    known = roster(db, group)
    group_tables = tuple(store.group_tables(db, group.id))
    games = played(db, known, group_tables)
    return derived.keep_latest_book(db, group.id, Book(group, known, group_tables, games, version, version, counts[1],
                                                       by_table(games)))


def _moved(db: sqlite_utils.Database, earlier: Book, moved: set[str], version: str, changes: int) -> Book:
    """`earlier` with the games of the tables whose logs moved read again."""
    again = {t.table_id: t for t in store.group_tables(db, earlier.group.id, only=moved)} if moved else {}
    group_tables = tuple(again.get(t.table_id, t) for t in earlier.tables) if moved else earlier.tables
    fresh = [game for t in again.values() for game in _table_played(db, t, tuple(earlier.roster.final(n) for n in t.seats))]
    before = [game for table in moved for game in earlier.by_table.get(table, ())]
    if sorted(fresh, key=_in_time) == sorted(before, key=_in_time):  # only games under way moved
        book = Book(earlier.group, earlier.roster, group_tables, earlier.games, version, earlier.games_version, changes,
                    earlier.by_table)
        return derived.keep_latest_book(db, book.group.id, book)
    games = [game for game in earlier.games if game.table not in moved]
    for game in sorted(fresh, key=_in_time):  # a few games into a long book: put in place, not sorted again
        bisect.insort(games, game, key=_in_time)
    tables = {table: games for table, games in earlier.by_table.items() if table not in moved}
    tables.update(by_table(sorted(fresh, key=_in_time)))
    book = Book(earlier.group, earlier.roster, group_tables, tuple(games), version, version, changes, tables)
    return derived.keep_latest_book(db, book.group.id, book)


def tally(db: sqlite_utils.Database, book: Book, season: Season) -> Any:
    """The season's sums (book.figures.Tally) of the book's games: the season table and
    every player's lines and head to head read from it. Kept per season and brought forward
    from the book last tallied (derived.brought_forward): a change at one table takes that
    table's games out and puts them in again, whatever the book's length."""
    from .book import figures

    def advance(tallied: Mapping[str, tuple[Played, ...]], earlier: Any) -> Any:
        now = book.by_table
        gone = [game for table, games in tallied.items() if now.get(table) != games for game in games]
        came = [game for table, games in now.items() if tallied.get(table) != games for game in games]
        return figures.moved(earlier, gone, came)

    def make() -> Any:
        return derived.brought_forward(db, (book.group.id, season.start, season.end), book.by_table,
                                       lambda: figures.tally(book.games, season), advance)
    return derived.book_figures(db, (book.group.id, book.games_version, season.start, season.end, "tally"), make)


def ratings(db: sqlite_utils.Database, book: Book, season: Season) -> Any:
    """The ratings as of the season's end, from every game up to it (ratings carry across
    seasons: a season's range chooses the day they are read on). The run over all the
    group's games is kept and resumed after what has not changed (derived.ratings_run)."""
    from .book import ratings as rating

    def make() -> Any:
        run = derived.ratings_run(db, book.group.id, lambda kept: rating.rate(book.games, kept, in_time=True))
        if not book.games or book.games[-1].day <= season.end:  # the book's games are in time order
            return run
        return rating.rate(book.games, run, until=season.end, in_time=True)
    return derived.book_figures(db, (book.group.id, book.games_version, season.start, season.end, "ratings"), make)
