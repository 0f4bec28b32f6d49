"""The log is the truth: tables, games and their append-only event logs in SQLite.

State is never stored here, only the entries people made; engines replay them. A write
names the sequence number it expects its entry to take, and the primary key
(game_id, seq) lets exactly one of two racing writers land.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sqlite3
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, UTC
from pathlib import Path
from typing import Any

import sqlite_utils

from . import limits
from .rules.base import N_, RuleError

migrations = sqlite_utils.Migrations("companion")


@migrations()
def m001_tables_games_events(db: sqlite_utils.Database) -> None:
    db.table("tables").create(
        {"id": str, "name": str, "players": str, "created": str}, pk="id"
    )
    db.table("games").create(
        {"id": int, "table_id": str, "number": int, "kind": str, "setup": str, "created": str},
        pk="id",
        foreign_keys=[("table_id", "tables", "id")],
    )
    db.table("games").create_index(["table_id", "number"], unique=True)
    db.table("events").create(
        {"game_id": int, "seq": int, "kind": str, "payload": str, "created": str},
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m002_table_tokens(db: sqlite_utils.Database) -> None:
    """Two unguessable links per table: the scorer's (may write) and the viewer's (may watch)."""
    db.table("tables").add_column("scorer_token", str)
    db.table("tables").add_column("viewer_token", str)
    for row in list(db.table("tables").rows):
        db.table("tables").update(row["id"], {"scorer_token": new_token(), "viewer_token": new_token()})
    db.table("tables").create_index(["scorer_token"], unique=True)
    db.table("tables").create_index(["viewer_token"], unique=True)


@migrations()
def m003_app_secret(db: sqlite_utils.Database) -> None:
    """The key that signs sessions (CSRF), kept with the data so restarts keep pages valid."""
    db.table("app_secret").create({"id": int, "secret": str}, pk="id")
    db.table("app_secret").insert({"id": 1, "secret": secrets.token_hex(32)})


@migrations()
def m004_table_counts_and_outcomes(db: sqlite_utils.Database) -> None:
    """What keeps a long evening as cheap as a short one.

    Each table counts its games and entries, and each game its entries and when the last
    was made (kept by triggers, so every way of writing them counts): the version a phone
    polls is read from one row, and the log marks of an evening's games from one row each,
    not counted over every entry of the evening. And the outcome of a finished game is kept beside its log, with
    the log's mark it was derived at: the scoreboard reads it instead of replaying the game.
    The log stays the truth: a correction appends an entry, the mark moves, and the kept
    outcome no longer applies until it is derived again.
    """
    db.table("tables").add_column("n_games", int, not_null_default=0)
    db.table("tables").add_column("n_events", int, not_null_default=0)
    db.execute("update tables set n_games = (select count(*) from games where games.table_id = tables.id)")
    db.execute("update tables set n_events = (select count(*) from events e join games g on e.game_id = g.id"
               " where g.table_id = tables.id)")
    db.table("games").add_column("n_events", int, not_null_default=0)
    db.table("games").add_column("last_created", str, not_null_default="")
    db.execute("update games set n_events = (select count(*) from events where game_id = games.id),"
               " last_created = coalesce((select created from events where game_id = games.id"
               " order by seq desc limit 1), '')")
    db.execute("create trigger count_games after insert on games begin"
               " update tables set n_games = n_games + 1 where id = new.table_id; end")
    db.execute("create trigger count_events after insert on events begin"
               " update tables set n_events = n_events + 1"
               " where id = (select table_id from games where id = new.game_id);"
               " update games set n_events = n_events + 1, last_created = new.created where id = new.game_id; end")
    db.table("outcomes").create(
        {"game_id": int, "entries": int, "last_created": str, "outcome": str},
        pk="game_id", foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m005_table_revision(db: sqlite_utils.Database) -> None:
    """Counts corrections of a table's name and players: part of its version, so every
    phone and every serving process sees a corrected name at once."""
    db.table("tables").add_column("revision", int, not_null_default=0)


@migrations()
def m006_earlier_games(db: sqlite_utils.Database) -> None:
    """Room for a derived fact beside the log, as `outcomes` is: a table's games before its
    latest, summarised with the counts of games and entries it was made at (derived.py
    writes and reads it; the log stays the truth)."""
    db.table("boards").create(
        {"table_id": str, "games": int, "entries": int, "summary": str},
        pk="table_id", foreign_keys=[("table_id", "tables", "id")],
    )


@migrations()
def m007_entry_keys(db: sqlite_utils.Database) -> None:
    """The key a phone makes for each entry, kept with it: the same key again is the same
    entry, answered as the first time and never stored twice (a phone resends whatever it
    did not see answered). Unique per game; entries made before keys existed have none
    (NULL, which a unique index never counts as equal)."""
    db.table("events").add_column("key", str)
    db.table("events").create_index(["game_id", "key"], index_name="events_game_key", unique=True)


@migrations()
def m008_club_events(db: sqlite_utils.Database) -> None:
    """A club night (an event): its players as they arrive, its rounds' draws, and the
    tables each started round seated. Only what the organiser entered is kept; standings
    are derived from the tables' games every time (events.py), never stored.

    `revision` counts every change to the event itself (a player, a draw, a swap, a
    start): with its tables' counts it makes the board's version (club_version)."""
    db.table("club_events").create(
        {"id": str, "name": str, "kind": str, "rounds": int, "scoring": str, "options": str, "seed": int,
         "organiser_token": str, "viewer_token": str, "created": str, "revision": int},
        pk="id", not_null={"revision"}, defaults={"revision": 0},
    )
    db.table("club_events").create_index(["organiser_token"], unique=True)
    db.table("club_events").create_index(["viewer_token"], unique=True)
    db.table("club_players").create(
        {"event_id": str, "number": int, "name": str, "arrived": int, "left_round": int},
        pk=("event_id", "number"), foreign_keys=[("event_id", "club_events", "id")],
    )
    db.table("club_rounds").create(
        {"event_id": str, "number": int, "draw": str, "started": str},
        pk=("event_id", "number"), foreign_keys=[("event_id", "club_events", "id")],
    )
    db.table("club_tables").create(
        {"event_id": str, "round": int, "number": int, "table_id": str},
        pk=("event_id", "round", "number"),
        foreign_keys=[("event_id", "club_events", "id"), ("table_id", "tables", "id")],
    )
    db.table("club_tables").create_index(["table_id"], unique=True)


@migrations()
def m009_groups(db: sqlite_utils.Database) -> None:
    """A group's book: only what a person decided is kept. The group (its name and two
    links: the keeper's, which may change it, and the members', which only reads), its
    roster (a number per player that never changes; a rename changes the name, a merge
    points one number at another, a retirement keeps the player out of the seating),
    which tables belong to it (one group at most per table) and which roster player sits
    at each seat of each. Every figure of the book is derived from the tables' logs.

    `revision` counts every change to the group (roster, tables, seats): with its tables'
    counts it makes the book's version (group_version)."""
    db.table("groups").create(
        {"id": str, "name": str, "keeper_token": str, "member_token": str, "created": str, "revision": int},
        pk="id", not_null={"revision"}, defaults={"revision": 0},
    )
    db.table("groups").create_index(["keeper_token"], unique=True)
    db.table("groups").create_index(["member_token"], unique=True)
    db.table("group_players").create(
        {"group_id": str, "number": int, "name": str, "retired": int, "merged_into": int, "created": str},
        pk=("group_id", "number"), foreign_keys=[("group_id", "groups", "id")],
        not_null={"retired"}, defaults={"retired": 0},
    )
    db.table("group_tables").create(
        {"table_id": str, "group_id": str, "added": str},
        pk="table_id", foreign_keys=[("table_id", "tables", "id"), ("group_id", "groups", "id")],
    )
    db.table("group_tables").create_index(["group_id"])
    db.table("group_seats").create(
        {"table_id": str, "seat": int, "group_id": str, "player": int},
        pk=("table_id", "seat"), foreign_keys=[("table_id", "tables", "id"), ("group_id", "groups", "id")],
    )


@migrations()
def m010_group_changes(db: sqlite_utils.Database) -> None:
    """Where a group's book finds what moved without reading every table of the group: the
    group counts the changes at its tables (`changes`) and each of its tables keeps that
    count as it stood after its own latest change (`changed`), both kept by a trigger on the
    table's counts. The book's version is then read from one row, and the tables that moved
    since a count are found through an index, however many evenings the group has played;
    a table of no group pays one lookup by key."""
    db.table("groups").add_column("changes", int, not_null_default=0)
    db.table("group_tables").add_column("changed", int, not_null_default=0)
    db.table("group_tables").create_index(["group_id", "changed"])
    db.execute("create trigger group_table_moved after update of n_games, n_events, revision on tables"
               " when exists (select 1 from group_tables where table_id = new.id) begin"
               " update groups set changes = changes + 1"
               " where id = (select group_id from group_tables where table_id = new.id);"
               " update group_tables set changed = (select changes from groups where id = group_tables.group_id)"
               " where table_id = new.id; end")


def known_migrations() -> set[str]:
    """The names of every migration this version knows: all of them are pending on an
    empty database."""
    return {m.name for m in migrations.pending(sqlite_utils.Database(memory=True))}


def new_token() -> str:
    """128 random bits, URL-safe: a link nobody can guess."""
    while True:  # never "-" first: a command line would read it as an option
        token = secrets.token_urlsafe(16)
        if not token.startswith("-"):
            return token


TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")
"""What new_token makes (and older tables' tokens, which may start with "-")."""


def is_token(text: str) -> bool:
    return TOKEN.fullmatch(text) is not None


def app_secret(db: sqlite_utils.Database) -> str:
    return str(db.table("app_secret").get(1)["secret"])


class Conflict(Exception):
    """The entry was not stored: someone else's entry took its place first."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"expected entry #{expected}, the log is at #{current}")
        self.expected = expected
        self.current = current


class AlreadyStored(Exception):
    """The entry's key is in the log already: this entry was stored before (its answer was
    lost on the way, and the phone sent it again). Nothing new was stored."""

    def __init__(self, entry: EventRow) -> None:
        super().__init__(f"entry #{entry.seq} has this key")
        self.entry = entry


class NotFound(LookupError):
    """No table or game with that id."""


SCORER = "scorer"
VIEWER = "viewer"


@dataclass(frozen=True)
class TableRow:
    id: str
    name: str
    players: tuple[str, ...]
    created: str
    scorer_token: str
    viewer_token: str
    revision: int = 0
    """How many times the names were corrected (part of the table's version)."""

    def role(self, token: str) -> str:
        """Which link `token` is: SCORER may enter cards, VIEWER may only watch."""
        return SCORER if secrets.compare_digest(token, self.scorer_token) else VIEWER


@dataclass(frozen=True)
class GameRow:
    id: int
    table_id: str
    number: int
    kind: str
    setup: Mapping[str, Any]
    created: str


@dataclass(frozen=True)
class EventRow:
    game_id: int
    seq: int
    kind: str
    payload: Mapping[str, Any]
    created: str


DB_FOLDER = N_("%(path)s is a folder, not a database file: give a file name with --db.")
DB_MISSING = N_("There is no database at %(path)s: check the path given with --db.")
DB_NO_FOLDER = N_("There is no folder for %(path)s: create the folder first, or check the path given with --db.")
DB_NOT_SQLITE = N_("%(path)s is not a companion database (not an SQLite file at all): choose another file with --db. Nothing was written to it.")
DB_FOREIGN = N_("%(path)s belongs to another program (an SQLite database without companion's tables): choose another file with --db. Nothing was written to it.")
DB_NEWER = N_("%(path)s was written by a newer version of companion: update companion to open it. Nothing was written to it.")
DB_READ_ONLY = N_("%(path)s cannot be written (a read-only file, folder or disk): change its permissions or choose another file with --db.")
DB_DAMAGED = N_("%(path)s is damaged: restore it from a copy, or import your exported records into a new file (companion import).")
DB_FULL = N_("The disk holding %(path)s is full: free some space, then start again.")
DB_UNREADABLE = N_("%(path)s cannot be opened: check the path, its permissions and the disk.")


class DatabaseProblem(Exception):
    """The database file cannot be used as it is; `message` (a catalog msgid taking %(path)s)
    says what is wrong and what to do, in one sentence."""

    def __init__(self, message: str, path: str | Path) -> None:
        super().__init__(message % {"path": path})
        self.message = message
        self.path = str(path)


def problem_of(error: sqlite3.Error) -> str | None:
    """What an SQLite error says about the file, as one of the messages above (None: a bug)."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is None:
        return None
    primary = code & 0xFF
    return {
        sqlite3.SQLITE_FULL: DB_FULL,
        sqlite3.SQLITE_READONLY: DB_READ_ONLY,
        sqlite3.SQLITE_CORRUPT: DB_DAMAGED,
        sqlite3.SQLITE_NOTADB: DB_NOT_SQLITE,
        sqlite3.SQLITE_IOERR: DB_UNREADABLE,
        sqlite3.SQLITE_CANTOPEN: DB_UNREADABLE,
        sqlite3.SQLITE_PERM: DB_READ_ONLY,
    }.get(primary)


SQLITE_HEADER = b"SQLite format 3\x00"


def check_file(path: Path, create: bool) -> None:
    """Refuse, before anything is written, a file that is not ours to open.

    Read-only looks only: the header, the tables and the migrations applied (through a
    read-only connection), and SQLite's quick check. A file that is another program's, or
    was written by a newer companion, is never opened for writing (enabling WAL alone would
    rewrite its header).
    """
    if path.is_dir():
        raise DatabaseProblem(DB_FOLDER, path)
    if not path.exists():
        if not create:
            raise DatabaseProblem(DB_MISSING, path)
        if not path.parent.is_dir():
            raise DatabaseProblem(DB_NO_FOLDER, path)
        if not os.access(path.parent, os.W_OK):
            raise DatabaseProblem(DB_READ_ONLY, path)
        return
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except OSError:
        raise DatabaseProblem(DB_UNREADABLE, path) from None
    if not head:
        return  # an empty file: SQLite makes a new database of it
    if head != SQLITE_HEADER:
        raise DatabaseProblem(DB_NOT_SQLITE, path)
    if not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        raise DatabaseProblem(DB_READ_ONLY, path)
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=15)
    except sqlite3.Error:
        raise DatabaseProblem(DB_UNREADABLE, path) from None
    try:
        names = {row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")}
        applied: set[str] = set()
        if migrations.migrations_table in names:
            applied = {row[0] for row in conn.execute(
                f"select name from [{migrations.migrations_table}] where migration_set = ?", [migrations.name])}
        if names - {"sqlite_sequence"} and not applied:
            raise DatabaseProblem(DB_FOREIGN, path)
        if applied - known_migrations():
            raise DatabaseProblem(DB_NEWER, path)
        if conn.execute("PRAGMA quick_check(1)").fetchone()[0] != "ok":
            raise DatabaseProblem(DB_DAMAGED, path)
    except sqlite3.Error as exc:
        raise DatabaseProblem(problem_of(exc) or DB_DAMAGED, path) from None
    finally:
        conn.close()


def connect(path: str | Path | None, migrate: bool = True, create: bool = True) -> sqlite_utils.Database:
    """Open (creating if needed) the database file, migrated, in WAL mode.

    synchronous=FULL: an entry the page has confirmed is on disk before the answer goes
    out, so it survives the server being killed or the machine losing power.
    `None` opens a private in-memory database (tests, one-off judging). The app migrates
    once at start and opens each request's connection with migrate=False; that first open
    checks the file (`check_file`) and raises DatabaseProblem for one that is not ours to
    write, is damaged or cannot be written. `create=False` refuses a file that does not
    exist (export never makes an empty database).
    """
    if path is None:
        db = sqlite_utils.Database(memory=True)
    else:
        if migrate:
            check_file(Path(path), create)
        try:
            conn = sqlite3.connect(str(path), timeout=15)
            db = sqlite_utils.Database(conn)
            db.enable_wal()
        except sqlite3.Error as exc:
            raise DatabaseProblem(problem_of(exc) or DB_UNREADABLE, path) from None
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    if migrate:
        try:
            migrations.apply(db)
        except sqlite3.Error as exc:
            problem = problem_of(exc)
            if problem is None or path is None:
                raise
            raise DatabaseProblem(problem, path) from None
    return db




@contextmanager
def writing(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One write transaction that takes SQLite's write lock first (BEGIN IMMEDIATE).

    In WAL mode a transaction that reads and then writes can fail at once with "database
    is locked" when another writer got in between; taking the lock up front makes
    concurrent writers wait their turn instead, in SQLite's busy handler (up to the
    connection's 15 s timeout).
    """
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if conn.in_transaction:  # SQLite has already rolled back after some errors (a full disk)
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


@contextmanager
def reading(db: sqlite_utils.Database) -> Iterator[None]:
    """One read transaction around the reads inside (in WAL mode a transaction's reads all
    see the database as of its first); inside a transaction already, that one."""
    conn = db.conn
    if conn.in_transaction:
        yield
        return
    conn.execute("BEGIN")
    try:
        yield
    finally:
        if conn.in_transaction:
            conn.execute("COMMIT")  # it only read: this ends the snapshot


@contextmanager
def inserting(db: sqlite_utils.Database) -> Iterator[sqlite3.Connection]:
    """The connection, for writes of one statement each, each its own transaction.

    A single statement run outside a transaction is one: SQLite takes its write lock,
    writes and commits (durably, as synchronous=FULL says) in one step, where BEGIN
    IMMEDIATE, the statement and COMMIT take three, and the holder of the write lock gives
    up Python's interpreter lock during each statement and must win it back after it.
    """
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    level = conn.isolation_level
    conn.isolation_level = None  # no implicit BEGIN: each statement commits by itself
    try:
        yield conn
    finally:
        conn.isolation_level = level


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def create_table(db: sqlite_utils.Database, name: str, players: Sequence[str]) -> TableRow:
    """Seat a group, with fresh scorer and viewer links."""
    with writing(db):
        return insert_table(db, name, players)


def insert_table(db: sqlite_utils.Database, name: str, players: Sequence[str],
                 created: str = "") -> TableRow:
    """Insert a table row inside the caller's write transaction."""
    table_id = secrets.token_urlsafe(9)
    db.execute(
        "insert into tables (id, name, players, created, scorer_token, viewer_token) values (?, ?, ?, ?, ?, ?)",
        [table_id, name, json.dumps(list(players), ensure_ascii=False), created or _now(),
         new_token(), new_token()],
    )
    return get_table(db, table_id)


def rename_table(db: sqlite_utils.Database, table_id: str, name: str, players: Sequence[str]) -> TableRow:
    """Correct the table's name and its players' names (same seats, same order)."""
    with writing(db):
        db.execute("update tables set name = ?, players = ?, revision = revision + 1 where id = ?",
                   [name, json.dumps(list(players), ensure_ascii=False), table_id])
    return get_table(db, table_id)


def _table(row: sqlite3.Row | Mapping[str, Any]) -> TableRow:
    return TableRow(row["id"], row["name"], tuple(json.loads(row["players"])), row["created"],
                    row["scorer_token"], row["viewer_token"], row["revision"])


def _select(db: sqlite_utils.Database, sql: str, params: Sequence[Any]) -> list[sqlite3.Row]:
    """Rows by column name, read straight from the connection.

    The app's reads go through here rather than sqlite-utils' `query`, which wraps every
    read in a savepoint of its own: three statements where one will do, on every request.
    """
    cursor = db.conn.cursor()
    cursor.row_factory = sqlite3.Row
    return cursor.execute(sql, params).fetchall()


def get_table(db: sqlite_utils.Database, table_id: str) -> TableRow:
    rows = _select(db, "select * from tables where id = ?", [table_id])
    if not rows:
        raise NotFound(table_id)
    return _table(rows[0])


def table_by_token(db: sqlite_utils.Database, token: str) -> TableRow:
    """The table whose scorer or viewer link carries `token`."""
    rows = _select(db, "select * from tables where scorer_token = ? or viewer_token = ?", [token, token])
    if not rows:
        raise NotFound(token)
    return _table(rows[0])


def tables_by_tokens(db: sqlite_utils.Database, tokens: Sequence[str]) -> list[tuple[TableRow, str]]:
    """The tables these links open, with the link, in the order given (unknown ones skipped)."""
    found = []
    for token in tokens:
        try:
            found.append((table_by_token(db, token), token))
        except NotFound:
            continue
    return found


def games_and_marks(db: sqlite_utils.Database, table_id: str) -> list[tuple[GameRow, tuple[int, str]]]:
    """The table's games in order, each with its log's mark (as log_mark), in one query.

    Enough to tell whether a remembered replay is still the log's, without reading it.
    """
    return [(GameRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]), (r[6], r[7]))
            for r in db.conn.execute("select id, table_id, number, kind, setup, created, n_events, last_created"
                                     " from games where table_id = ? order by number", [table_id])]


def log_mark(db: sqlite_utils.Database, game_id: int) -> tuple[int, str]:
    """How many entries the game's log has and when the last was made: (0, "") if none.

    Sequence numbers run 0, 1, 2... without gaps (every entry is appended at the length
    of the log), so the last entry's number tells the length; the primary key finds it
    without reading the log.
    """
    row = db.conn.execute(
        "select seq, created from events where game_id = ? order by seq desc limit 1", [game_id]
    ).fetchone()
    return (0, "") if row is None else (row[0] + 1, row[1])


def version(db: sqlite_utils.Database, table_id: str) -> str:
    """Changes whenever anything is entered at the table: games started, entries made.

    One row read by its key, however long the evening (the counts are kept by triggers)."""
    row = db.conn.execute("select n_games, n_events, revision from tables where id = ?", [table_id]).fetchone()
    return version_of(*row) if row is not None else version_of(0, 0)


def version_of(games: int, events: int, revision: int = 0) -> str:
    """The table's version from how many games it has, how many entries in all, and how
    many times its names were corrected."""
    return f"{games}.{events}" + (f".{revision}" if revision else "")


def revision_of(version: str) -> int:
    """How many times the names were corrected, from a version as version_of writes it."""
    parts = version.split(".")
    return int(parts[2]) if len(parts) == 3 else 0


def _game(row: sqlite3.Row | Mapping[str, Any]) -> GameRow:
    return GameRow(row["id"], row["table_id"], row["number"], row["kind"],
                   json.loads(row["setup"]), row["created"])


def create_game(db: sqlite_utils.Database, table_id: str, kind: str,
                setup: Mapping[str, Any]) -> GameRow:
    """Start the table's next game. The caller has had the engine accept `setup`.

    Refuses (RuleError) a game past limits.GAMES_PER_TABLE.
    """
    get_table(db, table_id)
    with writing(db):
        number = 1 + db.execute(
            "select coalesce(max(number), 0) from games where table_id = ?", [table_id]
        ).fetchone()[0]
        if number > limits.GAMES_PER_TABLE:
            raise RuleError("store.games_full", "", limit=limits.GAMES_PER_TABLE)
        game_id = insert_game(db, table_id, number, kind, setup)
    return get_game(db, game_id)


def insert_game(db: sqlite_utils.Database, table_id: str, number: int, kind: str,
                setup: Mapping[str, Any], created: str = "") -> int:
    """Insert a game row inside the caller's write transaction; returns its id."""
    cursor = db.execute(
        "insert into games (table_id, number, kind, setup, created) values (?, ?, ?, ?, ?)",
        [table_id, number, kind, json.dumps(setup, ensure_ascii=False), created or _now()],
    )
    return int(cursor.lastrowid or 0)


def insert_event(db: sqlite_utils.Database, game_id: int, seq: int, kind: str,
                 payload: Mapping[str, Any], created: str = "") -> None:
    """Insert a log entry inside the caller's write transaction."""
    db.execute(
        "insert into events (game_id, seq, kind, payload, created) values (?, ?, ?, ?, ?)",
        [game_id, seq, kind, json.dumps(payload, ensure_ascii=False), created or _now()],
    )


def get_game(db: sqlite_utils.Database, game_id: int) -> GameRow:
    rows = _select(db, "select * from games where id = ?", [game_id])
    if not rows:
        raise NotFound(game_id)
    return _game(rows[0])


def counts_and_latest(db: sqlite_utils.Database, table_id: str) -> tuple[tuple[int, int, int], GameRow, tuple[int, str]] | None:
    """The table's counts of games, entries and name corrections, its latest game and that
    game's log mark, read in one statement (so they agree); None while it has no game."""
    r = db.conn.execute(
        "select t.n_games, t.n_events, t.revision, g.id, g.table_id, g.number, g.kind, g.setup, g.created,"
        " g.n_events, g.last_created from tables t join games g on g.table_id = t.id"
        " where t.id = ? order by g.number desc limit 1", [table_id]).fetchone()
    if r is None:
        return None
    return (r[0], r[1], r[2]), GameRow(r[3], r[4], r[5], r[6], json.loads(r[7]), r[8]), (r[9], r[10])


def game_by_number(db: sqlite_utils.Database, table_id: str, number: int | None) -> GameRow | None:
    """The table's game `number` (None: its latest), read by the (table, number) index alone."""
    if number is None:
        rows = _select(db, "select * from games where table_id = ? order by number desc limit 1", [table_id])
    elif not 0 < number < 2**63:  # past what SQLite can hold: no such game
        return None
    else:
        rows = _select(db, "select * from games where table_id = ? and number = ?", [table_id, number])
    return _game(rows[0]) if rows else None


def games_of(db: sqlite_utils.Database, table_id: str) -> list[GameRow]:
    return [_game(r) for r in _select(db, "select * from games where table_id = ? order by number", [table_id])]


def events_of(db: sqlite_utils.Database, game_id: int) -> list[EventRow]:
    return [
        EventRow(r["game_id"], r["seq"], r["kind"], json.loads(r["payload"]), r["created"])
        for r in _select(db, "select * from events where game_id = ? order by seq", [game_id])
    ]


_MARK_AND_COUNTS = ("select g.n_events, g.last_created, t.n_games, t.n_events, t.revision from games g"
                    " join tables t on t.id = g.table_id where g.id = ?")
"""A game's log mark and its table's counts, kept by triggers (as games_and_marks and
version read them), in one statement so they agree."""

_INSERT_AT = ("insert into events (game_id, seq, kind, payload, created, key) select ?, ?, ?, ?, ?, ?"
              " from games g join tables t on t.id = g.table_id where g.id = ? and g.n_events = ?"
              " and g.last_created = ? and t.n_games = ? and t.n_events = ? and t.revision = ?")
"""Insert an entry only while its game's log and its table's counts are as read."""


def entry_by_key(conn: sqlite3.Connection, game_id: int, key: str) -> EventRow | None:
    """The game's entry stored with this key (by the events_game_key index), else None."""
    row = conn.execute("select game_id, seq, kind, payload, created from events where game_id = ? and key = ?",
                       [game_id, key]).fetchone()
    return None if row is None else EventRow(row[0], row[1], row[2], json.loads(row[3]), row[4])


def _refuse_stored(conn: sqlite3.Connection, game_id: int, key: str | None) -> None:
    """Raise AlreadyStored if the game holds an entry with this key."""
    if key is not None:
        found = entry_by_key(conn, game_id, key)
        if found is not None:
            raise AlreadyStored(found)


def append(
    db: sqlite_utils.Database,
    game_id: int,
    expected_seq: int,
    kind: str,
    payload: Mapping[str, Any],
    check: Callable[[tuple[int, str], EventRow], None],
    key: str | None = None,
) -> tuple[EventRow, tuple[int, int, int]]:
    """Append one entry at `expected_seq`, after `check` (the engine) accepts it.

    `check(mark, entry)` raises to refuse; `mark` is the stored log's (length, time of its
    last entry), as log_mark gives it, so the checker can reuse a replay of exactly that log
    (a checker that reads the log itself raises Conflict if it finds it longer than `mark`).
    The check runs before SQLite's write lock is taken, so writers wait only for each other's
    inserts, never for an engine. One statement (see inserting) inserts the
    entry only if the log is still exactly at `mark` and the table's counts are as read with
    it. The log only grows, so a log that has moved on has taken the entry's number:
    Conflict is raised and nothing is stored, and a double tap or a second phone never
    stores the same turn twice. Returns the entry and the table's counts (games, entries,
    revision: its version, as `version` gives it) as the write left them. An entry past
    limits.ENTRIES_PER_GAME or limits.ENTRIES_PER_TABLE is refused (RuleError) unwritten.

    `key`, made by the phone, is kept with the entry (unique per game): an entry whose key
    is in the log already raises AlreadyStored and stores nothing, before anything else is
    looked at, so a phone that resends an entry whose answer it lost is answered as the
    first time was, by any serving process, after any restart. Two copies racing each
    other: one lands, and the other finds the key when its insert fails.
    """
    r = db.conn.execute(_MARK_AND_COUNTS, [game_id]).fetchone()
    if r is None:
        raise NotFound(game_id)
    _refuse_stored(db.conn, game_id, key)
    mark = (r[0], r[1])
    if expected_seq != mark[0]:
        raise Conflict(expected_seq, mark[0])
    if mark[0] >= limits.ENTRIES_PER_GAME:
        raise RuleError("store.game_full", "", limit=limits.ENTRIES_PER_GAME)
    if r[3] >= limits.ENTRIES_PER_TABLE:
        raise RuleError("store.table_full", "", limit=limits.ENTRIES_PER_TABLE)
    entry = EventRow(game_id, expected_seq, kind, dict(payload), _now())
    try:
        check(mark, entry)
    except Conflict:
        _refuse_stored(db.conn, game_id, key)
        raise
    values = [game_id, entry.seq, kind, json.dumps(entry.payload, ensure_ascii=False), entry.created, key, game_id]
    with inserting(db) as conn:
        try:
            inserted = conn.execute(_INSERT_AT, values + list(r)).rowcount == 1
        except sqlite3.IntegrityError:  # the key landed meanwhile (the unique index says so)
            _refuse_stored(conn, game_id, key)
            raise
        if not inserted:
            # Something moved since the read: read again (no writer moves anything while
            # this one holds the lock). Only a moved log refuses the entry; the table's
            # counts move with another game's entries or a corrected name.
            r = conn.execute(_MARK_AND_COUNTS, [game_id]).fetchone()
            if r is None:
                raise NotFound(game_id)
            if (r[0], r[1]) != mark or conn.execute(_INSERT_AT, values + list(r)).rowcount != 1:
                _refuse_stored(conn, game_id, key)  # the log moved: by this very entry?
                raise Conflict(expected_seq, r[0])
    return entry, (r[2], r[3] + 1, r[4])  # the insert's trigger counted one more entry at the table


# --------------------------------------------------------------------------- club nights
# An event's own rows (m008): what the organiser entered. Its standings are derived from
# its tables' games (events.py), never stored here.

ORGANISER = "organiser"
"""The event link that may change it (players, draws, starts); the other only watches."""


@dataclass(frozen=True)
class ClubEvent:
    id: str
    name: str
    kind: str
    rounds: int
    scoring: str
    options: Mapping[str, Any]
    seed: int
    organiser_token: str
    viewer_token: str
    created: str
    revision: int = 0

    def role(self, token: str) -> str:
        """Which link `token` is: ORGANISER may change the event, VIEWER may only watch."""
        return ORGANISER if secrets.compare_digest(token, self.organiser_token) else VIEWER


@dataclass(frozen=True)
class ClubPlayer:
    number: int
    """From 1, in the order of arrival."""
    name: str
    arrived: int
    """The first round the player may be drawn into."""
    left: int | None
    """The first round the player sits out for having left; None while they stay."""


@dataclass(frozen=True)
class ClubRound:
    number: int
    draw: Mapping[str, Any]
    """{"tables": [[names in seat order], ...], "sit_out": [names], "repeats": count}."""
    started: str
    """When the round's tables were seated; "" while its draw may still change."""


@dataclass(frozen=True)
class ClubTable:
    round: int
    number: int
    table_id: str
    scorer_token: str
    viewer_token: str
    version: str = ""
    """The table's version (as `version` gives it) when read."""


def _club_event(r: Sequence[Any]) -> ClubEvent:
    return ClubEvent(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6], r[7], r[8], r[9], r[10])


_CLUB_EVENT = ("select id, name, kind, rounds, scoring, options, seed, organiser_token, viewer_token, created,"
               " revision from club_events")


def insert_club_event(db: sqlite_utils.Database, name: str, kind: str, rounds: int, scoring: str,
                      options: Mapping[str, Any], seed: int, created: str = "") -> ClubEvent:
    """Insert an event with fresh links, inside the caller's write transaction."""
    event_id = secrets.token_urlsafe(9)
    db.execute("insert into club_events (id, name, kind, rounds, scoring, options, seed, organiser_token,"
               " viewer_token, created, revision) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
               [event_id, name, kind, rounds, scoring, json.dumps(dict(options), ensure_ascii=False), seed,
                new_token(), new_token(), created or _now()])
    return get_club_event(db, event_id)


def get_club_event(db: sqlite_utils.Database, event_id: str) -> ClubEvent:
    row = db.conn.execute(_CLUB_EVENT + " where id = ?", [event_id]).fetchone()
    if row is None:
        raise NotFound(event_id)
    return _club_event(row)


def club_event_by_token(db: sqlite_utils.Database, token: str) -> ClubEvent:
    """The event whose organiser or viewer link carries `token`."""
    row = db.conn.execute(_CLUB_EVENT + " where organiser_token = ? or viewer_token = ?", [token, token]).fetchone()
    if row is None:
        raise NotFound(token)
    return _club_event(row)


def touch_club_event(db: sqlite_utils.Database, event_id: str) -> None:
    """Count one more change to the event, inside the caller's write transaction."""
    db.execute("update club_events set revision = revision + 1 where id = ?", [event_id])


def club_players(db: sqlite_utils.Database, event_id: str) -> list[ClubPlayer]:
    return [ClubPlayer(*r) for r in db.conn.execute(
        "select number, name, arrived, left_round from club_players where event_id = ? order by number", [event_id])]


def insert_club_player(db: sqlite_utils.Database, event_id: str, name: str, arrived: int,
                       left: int | None = None) -> int:
    """Add a player inside the caller's write transaction; returns their number."""
    number = 1 + db.execute("select coalesce(max(number), 0) from club_players where event_id = ?",
                            [event_id]).fetchone()[0]
    db.execute("insert into club_players (event_id, number, name, arrived, left_round) values (?, ?, ?, ?, ?)",
               [event_id, number, name, arrived, left])
    return int(number)


def set_club_player_left(db: sqlite_utils.Database, event_id: str, number: int, left: int | None) -> None:
    """Inside the caller's write transaction."""
    db.execute("update club_players set left_round = ? where event_id = ? and number = ?", [left, event_id, number])


def club_rounds(db: sqlite_utils.Database, event_id: str) -> list[ClubRound]:
    return [ClubRound(r[0], json.loads(r[1]), r[2]) for r in db.conn.execute(
        "select number, draw, started from club_rounds where event_id = ? order by number", [event_id])]


def put_club_draw(db: sqlite_utils.Database, event_id: str, number: int, draw: Mapping[str, Any],
                  started: str = "") -> None:
    """Keep a round's draw (replacing one not yet started), inside the caller's write transaction."""
    db.execute("insert or replace into club_rounds (event_id, number, draw, started) values (?, ?, ?, ?)",
               [event_id, number, json.dumps(dict(draw), ensure_ascii=False), started])


def drop_club_draw(db: sqlite_utils.Database, event_id: str, number: int) -> None:
    """Set aside a round's draw not yet started, inside the caller's write transaction."""
    db.execute("delete from club_rounds where event_id = ? and number = ? and started = ''", [event_id, number])


def start_club_round(db: sqlite_utils.Database, event_id: str, number: int) -> bool:
    """Mark a round started, inside the caller's write transaction: False if it was already
    (two taps on Start seat one set of tables)."""
    return db.execute("update club_rounds set started = ? where event_id = ? and number = ? and started = ''",
                      [_now(), event_id, number]).rowcount == 1


def insert_club_table(db: sqlite_utils.Database, event_id: str, round_number: int, number: int,
                      table_id: str) -> None:
    """Inside the caller's write transaction."""
    db.execute("insert into club_tables (event_id, round, number, table_id) values (?, ?, ?, ?)",
               [event_id, round_number, number, table_id])


def club_tables(db: sqlite_utils.Database, event_id: str) -> list[ClubTable]:
    """Every table the event's rounds seated, by round and number, with their links and versions."""
    return [ClubTable(r[0], r[1], r[2], r[3], r[4], version_of(r[5], r[6], r[7])) for r in db.conn.execute(
        "select c.round, c.number, c.table_id, t.scorer_token, t.viewer_token, t.n_games, t.n_events, t.revision"
        " from club_tables c join tables t on t.id = c.table_id where c.event_id = ? order by c.round, c.number",
        [event_id])]


def club_version(db: sqlite_utils.Database, event_id: str) -> str:
    """Changes whenever anything changes in the event or at any of its tables: the event's
    revision and its tables' counts of games, entries and name corrections, summed (each
    only grows, so a sum never comes back), in one statement."""
    row = db.conn.execute(
        "select e.revision, coalesce(sum(t.n_games), 0), coalesce(sum(t.n_events), 0), coalesce(sum(t.revision), 0)"
        " from club_events e left join club_tables c on c.event_id = e.id left join tables t on t.id = c.table_id"
        " where e.id = ? group by e.id", [event_id]).fetchone()
    return "0" if row is None else "e{}.{}.{}.{}".format(*row)


# --------------------------------------------------------------------------- groups' books

KEEPER = "keeper"
"""The group link that may change the book (roster, tables); the members' link only reads."""


@dataclass(frozen=True)
class GroupRow:
    id: str
    name: str
    keeper_token: str
    member_token: str
    created: str
    revision: int = 0

    def role(self, token: str) -> str:
        """Which link `token` is: KEEPER may change the group, VIEWER may only read."""
        return KEEPER if secrets.compare_digest(token, self.keeper_token) else VIEWER


@dataclass(frozen=True)
class GroupPlayer:
    number: int
    """From 1, in the order of joining; never reused."""
    name: str
    retired: bool
    merged_into: int | None
    """The number this player was merged into (their games count as that player's)."""


@dataclass(frozen=True)
class GroupTable:
    table_id: str
    name: str
    players: tuple[str, ...]
    scorer_token: str
    viewer_token: str
    created: str
    version: str
    seats: tuple[int, ...]
    """The roster player at each seat, in seat order, as stored (merges not yet followed)."""


_GROUP = "select id, name, keeper_token, member_token, created, revision from groups"


def insert_group(db: sqlite_utils.Database, name: str) -> GroupRow:
    """A new group with fresh links, inside the caller's write transaction."""
    group_id = secrets.token_urlsafe(9)
    db.execute("insert into groups (id, name, keeper_token, member_token, created, revision)"
               " values (?, ?, ?, ?, ?, 0)", [group_id, name, new_token(), new_token(), _now()])
    return get_group(db, group_id)


def get_group(db: sqlite_utils.Database, group_id: str) -> GroupRow:
    row = db.conn.execute(_GROUP + " where id = ?", [group_id]).fetchone()
    if row is None:
        raise NotFound(group_id)
    return GroupRow(*row)


def group_by_token(db: sqlite_utils.Database, token: str) -> GroupRow:
    """The group whose keeper's or members' link carries `token`."""
    row = db.conn.execute(_GROUP + " where keeper_token = ? or member_token = ?", [token, token]).fetchone()
    if row is None:
        raise NotFound(token)
    return GroupRow(*row)


def groups_by_tokens(db: sqlite_utils.Database, tokens: Sequence[str]) -> list[tuple[GroupRow, str]]:
    """The groups these links open, in the order given, each with the link that opened it."""
    found = []
    for token in tokens:
        try:
            found.append((group_by_token(db, token), token))
        except NotFound:
            continue
    return found


def touch_group(db: sqlite_utils.Database, group_id: str) -> None:
    """Count one more change to the group, inside the caller's write transaction."""
    db.execute("update groups set revision = revision + 1 where id = ?", [group_id])


def rename_group(db: sqlite_utils.Database, group_id: str, name: str) -> None:
    db.execute("update groups set name = ? where id = ?", [name, group_id])
    touch_group(db, group_id)


def group_players(db: sqlite_utils.Database, group_id: str) -> list[GroupPlayer]:
    """The whole roster by number, merged and retired players included."""
    return [GroupPlayer(r[0], r[1], bool(r[2]), r[3]) for r in db.conn.execute(
        "select number, name, retired, merged_into from group_players where group_id = ? order by number",
        [group_id])]


def insert_group_player(db: sqlite_utils.Database, group_id: str, name: str) -> int:
    """Add a player to the roster, inside the caller's write transaction; their number."""
    number = db.conn.execute("select coalesce(max(number), 0) + 1 from group_players where group_id = ?",
                             [group_id]).fetchone()[0]
    db.execute("insert into group_players (group_id, number, name, retired, merged_into, created)"
               " values (?, ?, ?, 0, null, ?)", [group_id, number, name, _now()])
    touch_group(db, group_id)
    return int(number)


def update_group_player(db: sqlite_utils.Database, group_id: str, number: int, **changes: Any) -> None:
    """Change a roster player's name, retired flag or merged_into, inside the caller's write transaction."""
    allowed = {"name", "retired", "merged_into"}
    assert set(changes) <= allowed, changes
    sets = ", ".join(f"{column} = ?" for column in changes)
    db.execute(f"update group_players set {sets} where group_id = ? and number = ?",
               [*changes.values(), group_id, number])
    touch_group(db, group_id)


def group_of_table(db: sqlite_utils.Database, table_id: str) -> str | None:
    """The group the table belongs to, if any."""
    row = db.conn.execute("select group_id from group_tables where table_id = ?", [table_id]).fetchone()
    return None if row is None else str(row[0])


def add_group_table(db: sqlite_utils.Database, group_id: str, table_id: str, seats: Sequence[int]) -> None:
    """The table joins the group with a roster player at each seat, inside the caller's write transaction."""
    db.execute("insert into group_tables (table_id, group_id, added) values (?, ?, ?)", [table_id, group_id, _now()])
    db.conn.executemany("insert into group_seats (table_id, seat, group_id, player) values (?, ?, ?, ?)",
                        [(table_id, seat, group_id, player) for seat, player in enumerate(seats)])
    touch_group(db, group_id)


def remove_group_table(db: sqlite_utils.Database, group_id: str, table_id: str) -> None:
    """The table leaves the group (its games stay at the table), inside the caller's write transaction."""
    db.execute("delete from group_seats where table_id = ? and group_id = ?", [table_id, group_id])
    db.execute("delete from group_tables where table_id = ? and group_id = ?", [table_id, group_id])
    touch_group(db, group_id)


def group_tables(db: sqlite_utils.Database, group_id: str, only: Collection[str] | None = None) -> list[GroupTable]:
    """Every table of the group (or those of `only`), oldest first, with its links, version
    and seats, in two statements."""
    within = "" if only is None else " and gt.table_id in ({})".format(",".join("?" * len(only)))
    chosen = [] if only is None else list(only)
    seats: dict[str, dict[int, int]] = {}
    for table_id, seat, player in db.conn.execute(
            "select gt.table_id, gt.seat, gt.player from group_seats gt where gt.group_id = ?" + within,
            [group_id, *chosen]):
        seats.setdefault(table_id, {})[seat] = player
    return [GroupTable(r[0], r[1], tuple(json.loads(r[2])), r[3], r[4], r[5], version_of(r[6], r[7], r[8]),
                       tuple(seats.get(r[0], {})[s] for s in sorted(seats.get(r[0], {}))))
            for r in db.conn.execute(
                "select t.id, t.name, t.players, t.scorer_token, t.viewer_token, t.created, t.n_games, t.n_events,"
                " t.revision from group_tables gt join tables t on t.id = gt.table_id where gt.group_id = ?" + within
                + " order by t.created, t.id", [group_id, *chosen])]


def group_tables_moved(db: sqlite_utils.Database, group_id: str, since: int) -> set[str]:
    """The tables of the group with an entry (or a game, or a name corrected) after the
    group's change count `since` (group_counts), found through an index."""
    return {r[0] for r in db.conn.execute(
        "select table_id from group_tables where group_id = ? and changed > ?", [group_id, since])}


def group_counts(db: sqlite_utils.Database, group_id: str) -> tuple[int, int]:
    """The group's revision (its roster, tables and seats) and its count of changes at its
    tables (kept by the trigger of m010_group_changes): one row read by its key."""
    row = db.conn.execute("select revision, changes from groups where id = ?", [group_id]).fetchone()
    return (0, 0) if row is None else (row[0], row[1])


def group_version(db: sqlite_utils.Database, group_id: str) -> str:
    """Changes whenever anything changes in the group or at any of its tables."""
    return "g{}.{}".format(*group_counts(db, group_id))
