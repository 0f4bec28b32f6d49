"""Everything the app remembers of what it derived from the log, each value beside its key.

The rule for staleness: a remembered value is keyed by what it was derived from, and the
key names the log's mark (a game's count of entries and the time of its last, as
store.log_mark reads it) or the table's version (its counts of games, entries and name
corrections, as store.version reads it) that the value came from. The log only grows, so a
key never comes back meaning something else: a correction or a new entry moves the mark
and the version, and the value kept under the old key is simply never asked for again.
Nothing is ever dropped because its source changed; values leave only when their region
is full (the least recently used first). Two values are checked when read instead, since
keying them by the mark would waste them: a game's replay is kept under the game with the
mark it was made at, and its reader uses it when the mark is the log's and extends it when
the log has grown (`replay_of`); a settled part of a panel (a judged trick) is keyed by
the settled value itself, which no later entry changes, and the correction links it drew
are asked again at each use (`settled`). Values derived from nothing but the code that
ships (catalogs, rulebook files) are computed once per process with functools.cache where
they are defined (i18n.py, rulebooks.py), and so is the templates' compiled code
(app.CompiledTemplates, checked against each template's source): they cannot change while
it runs.

Not derived values, so not here: the counts store.py's triggers keep in the same
transaction as each entry (a table's counts of games and entries, a game's count and its
last entry's time: the mark and the version themselves); the live watcher's last version
of each table its streams watch (server.Live.watching, read again whenever SQLite's
data_version moves); the routes' shapes (addresses.py, read once from the URL map, which
does not change while the app runs).

An app gets its memory and shelf from `install`, and its connections from `connect`: no
other module makes, hands on or reads them (cli.py only makes the shelf's folder, before
the serving processes fork, and removes it after).

Where values are kept:
- the app's memory (memory.py: regions, one per kind below; each app has its own, made by
  `install` and carried by every connection `connect` opens for it, so `memory_of(db)`
  finds it; a connection opened outside an app gets a private one);
- the database, for the two facts a restart must not make costly again: a finished game's
  outcome (table `outcomes`) and the summary of a table's earlier games (table `boards`),
  each row holding the key it was derived at, read back only when the key still matches;
- the shelf (shelf.py): the panels one serving process drew, for the server's others.

Every value, its region's size, and its key:

| value          | kept                    | key                                                       |
|----------------|-------------------------|-----------------------------------------------------------|
| table by link  | "tokens" 65536          | the link (a link always opens the same table, as scorer   |
|                |                         | or viewer)                                                |
| replay         | "replays" 1024          | game (table, id, created); the log's mark is checked      |
| outcome        | "outcomes" 65536 + db   | game (id, created) and the log's mark                     |
| earlier games  | "boards" 1024           | table, its count of games, entries before the latest      |
| earlier summary| "boards" + db `boards`  | the same counts: the last series before the latest game   |
| series         | "boards"                | Scoreboard.basis: the counts, the latest game's outcome   |
| panel          | "panels" 2048 + shelf   | table, game, version, language, theme, role               |
| links          | "links" 1024            | script root, link, game number                            |
| fragment       | "fragments" 1024        | template, language, what it shows (names a version/mark)  |
| settled part   | "fragments"             | template, language, role, names, the settled value itself |
| value's repr   | "fragments"             | the settled value's identity (the object is kept with it)  |
| framed part    | "frames" 4096           | template, language, what it shows but for its holes       |
| picker keys    | "static" 256            | template, game, language, parameters                      |
| compressed     | "compressed" 1024       | encoding and the panel's key                              |
| CSRF signature | "csrf" 8192             | the session's raw token (signatures never expire here)    |
| session        | "sessions" 8192         | the session cookie as sent; its signing time is checked   |
| what an ask says| "asks" 8192            | a panel ask's path, or its link and headers as sent       |
| export part    | "exports" 2048          | game and log mark; a CSV's earlier rows: the block's key  |
| event's table  | "boards"                | table, its version, the players as drawn (events.py)      |
| group's table  | "books" 4096            | table, its version and name, the roster player at each    |
|                |                         | seat: its finished games as the book reads them           |
| group's book   | "books"                 | group, its revision and changes (store.group_counts)      |
| latest book    | "books"                 | group; checked when read: its row (revision) and the      |
|                |                         | tables moved since its changes count are read again       |
| book figures   | "books"                 | group, the version its games last changed at, what is     |
|                |                         | asked (season, game, player, a chart's words)             |
| ratings run    | "books"                 | group; checked when read: resumed after the longest       |
|                |                         | unchanged run of games (book.ratings.rate)                |
| season's tally | "books"                 | group and season; checked when read: the tables whose     |
|                |                         | games changed taken out and put in (book.figures.moved)   |
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import sqlite_utils
from flask import Flask, current_app, g

from . import store
from .memory import Memory, Region
from .shelf import Shelf
from .rules.contract import Outcome

V = TypeVar("V")
S = TypeVar("S")

SIZES: Mapping[str, int] = {
    "tokens": 65536, "replays": 1024, "outcomes": 65536, "boards": 1024, "panels": 2048, "links": 1024,
    "fragments": 1024, "frames": 4096, "static": 256, "compressed": 1024, "csrf": 8192, "exports": 2048,
    "sessions": 8192, "books": 4096, "asks": 8192,
}
"""How many values of each kind a process keeps (see the table above)."""


MEMORY = "companion.memory"
SHELF = "companion.shelf"
"""Where an app keeps its memory and its shelf (app.extensions)."""


def install(app: Flask) -> None:
    """Give `app` a memory of its own (empty: whatever it remembered before is gone) and, where
    its serving processes share their drawings (config SHELF: a folder shelf.make_folder
    made before they forked), the shelf."""
    app.extensions[MEMORY] = Memory(SIZES)
    if app.config.get("SHELF"):
        app.extensions[SHELF] = Shelf(app.config["SHELF"])


def connect(app: Flask, migrate: bool = False) -> sqlite_utils.Database:
    """A connection to `app`'s database (store.connect) that carries the app's memory."""
    db = store.connect(app.config["DATABASE"], migrate=migrate)
    db.companion_memory = app.extensions[MEMORY]  # type: ignore[attr-defined]
    return db


def memory_of(db: Any) -> Memory:
    """The memory this connection carries (`connect` gives it the app's); else a private one."""
    found = getattr(db, "companion_memory", None)
    if not isinstance(found, Memory):
        found = Memory(SIZES)
        db.companion_memory = found
    return found


def _app_region(name: str) -> Region[Any, Any]:
    memory: Memory = current_app.extensions[MEMORY]
    return memory[name]


def _kept(region: Region[Any, Any], key: Hashable, make: Callable[[], V]) -> V:
    hit: V | None = region.get(key)
    if hit is None:
        hit = make()
        region.put(key, hit)
    return hit


# --------------------------------------------------------------------------- tables and logs


def table_id(db: Any, token: str) -> str | None:
    """The id of the table a link opens, or None. Key: the link."""
    found = link(db, token)
    return None if found is None else found[0]


def link(db: Any, token: str) -> tuple[str, bool] | None:
    """The table a link opens and whether it is the scorer's link, or None. Key: the link."""
    tokens = memory_of(db)["tokens"]
    found: tuple[str, bool] | None = tokens.get(token)
    if found is None:
        row = db.conn.execute("select id, scorer_token = ? from tables where scorer_token = ? or viewer_token = ?",
                              [token, token, token]).fetchone()
        if row is None:
            return None
        found = (str(row[0]), bool(row[1]))
        tokens.put(token, found)
    return found


Replay = tuple[tuple[int, str], tuple[store.EventRow, ...], Any]
"""A game's log mark, its log as stored, and its replay (rules.base.Replayed)."""


def _game_key(row: store.GameRow) -> tuple[str, int, str]:
    return (row.table_id, row.id, row.created)


def replay_of(db: sqlite_utils.Database, row: store.GameRow) -> Replay | None:
    """The latest replay remembered of a game, at whatever mark it was made (the caller
    compares the mark: an equal one is the log, a longer log extends it)."""
    hit: Replay | None = memory_of(db)["replays"].get(_game_key(row))
    return hit


def keep_replay(db: sqlite_utils.Database, row: store.GameRow, mark: tuple[int, str],
                log: Sequence[store.EventRow], replayed: Any) -> None:
    """Remember a replay of a log as it is stored (never of an entry not yet committed)."""
    memory_of(db)["replays"].put(_game_key(row), (mark, tuple(log), replayed))


def outcome_data(outcome: Outcome) -> dict[str, Any]:
    """An outcome as JSON data (its facts are plain values by the contract)."""
    return {"points": list(outcome.points), "over": outcome.over, "places": list(outcome.places),
            "teams": [list(t) for t in outcome.teams], "facts": dict(outcome.facts)}


def outcome_from_data(data: Mapping[str, Any]) -> Outcome:
    return Outcome(tuple(data["points"]), bool(data["over"]), tuple(data["places"]),
                   tuple(tuple(t) for t in data["teams"]), dict(data["facts"]))


def outcome(db: sqlite_utils.Database, row: store.GameRow, mark: tuple[int, str],
            derive: Callable[[], tuple[Outcome, bool]]) -> tuple[Outcome, bool]:
    """A game's outcome and whether it was abandoned, as its log stands at `mark`.

    Key: the game and the mark. A finished (or abandoned) game's is also kept in the
    database (table `outcomes`, with its mark), so a restart never replays the finished
    games of a long evening; a game under way is derived (its replay is remembered).
    """
    key = (row.id, row.created, mark)
    remembered = memory_of(db)["outcomes"]
    found: tuple[Outcome, bool] | None = remembered.get(key)
    if found is not None:
        return found
    kept = db.conn.execute("select entries, last_created, outcome from outcomes where game_id = ?",
                           [row.id]).fetchone()
    if kept is not None and (kept[0], kept[1]) == tuple(mark):
        data = json.loads(kept[2])
        found = (outcome_from_data(data["outcome"]), bool(data["abandoned"]))
    else:
        found = derive()
        if found[1] or found[0].over:
            _keep_row(db, "insert or replace into outcomes (game_id, entries, last_created, outcome) values (?, ?, ?, ?)",
                      [row.id, mark[0], mark[1],
                       json.dumps({"outcome": outcome_data(found[0]), "abandoned": found[1]}, ensure_ascii=False)])
    remembered.put(key, found)
    return found


def _keep_row(db: sqlite_utils.Database, sql: str, values: Sequence[Any]) -> None:
    """Write a derived fact. If it cannot be written, nothing is lost: it is derived again."""
    try:
        with store.writing(db):
            db.conn.execute(sql, values)
    except sqlite3.Error:
        pass


# --------------------------------------------------------------------------- a table's earlier games

Played = tuple[store.GameRow, Outcome, bool]
"""A game, its outcome, and whether the table abandoned it."""

BlockKey = tuple[str, int, int]
"""A table's block of earlier games: the table, its count of games (the latest included),
and the count of entries of the games before the latest."""


def block_key(table_id: str, n_games: int, n_events: int, latest_mark: tuple[int, str]) -> BlockKey:
    """The key of a table's earlier games, from its counts (store.counts_and_latest) and the
    latest game's mark: a correction to an earlier game appends an entry to it, which moves
    the count of the entries before the latest."""
    return (table_id, n_games, n_events - latest_mark[0])


def earlier_games(db: sqlite_utils.Database, key: BlockKey,
                  make: Callable[[], tuple[tuple[Played, ...], bool]]) -> tuple[tuple[Played, ...], bool]:
    """Every game before the latest with its outcome, and whether they agree with `key`.
    `make` says whether what it read does (an entry may have landed between the reads):
    only then is it kept."""
    region = memory_of(db)["boards"]
    found: tuple[Played, ...] | None = region.get(key)
    if found is not None:
        return found, True
    found, agrees = make()
    if agrees:
        region.put(key, found)
    return found, agrees


def earlier_summary(db: sqlite_utils.Database, key: BlockKey,
                    make: Callable[[], tuple[tuple[int, tuple[Played, ...]], bool]]) -> tuple[int, tuple[Played, ...]]:
    """The games of the last series (up to SUMMARY_SERIES) before the latest game, with how
    many series come before them: what a page of the latest game shows of the evening.

    Key: as earlier_games. Also kept in the database (table `boards`, one row per table
    with the counts it was made at), so the first page after a restart reads one row
    instead of every earlier game of a long evening.
    """
    region = memory_of(db)["boards"]
    found: tuple[int, tuple[Played, ...]] | None = region.get(("summary", *key))
    if found is not None:
        return found
    row = db.conn.execute("select games, entries, summary from boards where table_id = ?", [key[0]]).fetchone()
    if row is not None and (row[0], row[1]) == key[1:]:
        data = json.loads(row[2])
        found = (int(data["skipped"]), tuple(
            (store.GameRow(g["id"], key[0], g["number"], g["kind"], g["setup"], g["created"]),
             outcome_from_data(g["outcome"]), bool(g["abandoned"])) for g in data["games"]))
    else:
        found, agrees = make()
        if not agrees:
            return found
        data = {"skipped": found[0], "games": [
            {"id": r.id, "number": r.number, "kind": r.kind, "setup": r.setup, "created": r.created,
             "outcome": outcome_data(o), "abandoned": a} for r, o, a in found[1]]}
        _keep_row(db, "insert or replace into boards (table_id, games, entries, summary) values (?, ?, ?, ?)",
                  [key[0], key[1], key[2], json.dumps(data, ensure_ascii=False)])
    region.put(("summary", *key), found)
    return found


SUMMARY_SERIES = 2
"""How many series before the latest game the summary keeps: a game page lists its own
series and the one before (tables.Scoreboard.around)."""


def series_basis(key: BlockKey, recent: bool, latest: store.GameRow, outcome: Outcome,
                 abandoned: bool) -> tuple[Any, ...]:
    """What a table's series are built from (tables.Scoreboard.basis): the earlier block's
    key, whether only the series a game page lists are wanted, and the latest game, its
    options, outcome and abandonment. The series change only when one of these does."""
    return (key, recent, latest.id, repr(latest.setup.get("options", {})), repr(outcome), abandoned)


def series(db: sqlite_utils.Database, basis: tuple[Any, ...], make: Callable[[], V]) -> V:
    """A table's series, built once per basis (series_basis)."""
    return _kept(memory_of(db)["boards"], ("series", *basis), make)


def export_part(db: sqlite_utils.Database, key: Hashable, make: Callable[[], tuple[Hashable, str]]) -> str:
    """A part of an export. Key: a game and its log's mark (JSON), or ("csv", the table's
    names, the earlier block's key) for a CSV's earlier rows. `make` returns the key of
    what it read (an entry may have come since the key was made) and the part."""
    region = memory_of(db)["exports"]
    found: str | None = region.get(key)
    if found is None:
        made_key, found = make()
        region.put(made_key, found)
    return found


# --------------------------------------------------------------------------- pages


def panel_key(table_id: str, number: int, version: str, lang: str, theme: str | None,
              can_write: bool) -> tuple[Any, ...]:
    """What a game's panel shows depends on: the table, the game, the table's version, the
    language, the theme and whether the phone may enter cards."""
    return (table_id, number, version, lang, theme, can_write)


def _slot(key: tuple[Any, ...]) -> tuple[Any, ...]:
    """A panel key's place on the shelf: its table, language, theme and role (any game and
    version: the shelf keeps the latest drawing of each)."""
    return key[0], *key[3:]


def panel(key: tuple[Any, ...], draw: Callable[[], str]) -> str:
    """The panel at `key` (its html, the same for every phone of the key's role: its forms
    carry no CSRF token): remembered in this process, else as another serving process drew
    it (the shelf), else drawn here and shared. The phones asking for it at once wait for
    the one drawing it."""
    def shelved() -> str:
        shelf = current_app.extensions.get(SHELF)
        if shelf is None:
            return draw()
        made: str = shelf.get_or_make(_slot(key), key, draw)
        return made

    made: str = _app_region("panels").get_or_make(key, shelved)
    return made


def hand_on(key: tuple[Any, ...], html: str) -> None:
    """Keep a panel drawn elsewhere than play.panel, for the phones that will ask for it."""
    _app_region("panels").put(key, html)
    shelf = current_app.extensions.get(SHELF)
    if shelf is not None:
        shelf.put(_slot(key), key, html)


def panel_answer(db: Any, key: tuple[Any, ...], encoding: str | None, smallest: int,
                 compress: Callable[[bytes], bytes]) -> tuple[bytes, str | None] | None:
    """The body of an answer with the panel at `key` as this process keeps it, and its
    encoding: compressed in `encoding` from `smallest` bytes on (the app's COMPRESS_MIN_SIZE),
    else as it is (None); or None when this process keeps no such panel (the app draws it, or
    reads the shelf). Compressed once per encoding, kept where the app's compression keeps it
    (SameBytes, under the same key)."""
    memory = memory_of(db)
    html: str | None = memory["panels"].get(key)
    if html is None:
        return None
    data = html.encode()
    if encoding is None or len(data) < smallest:
        return data, None
    made: bytes = memory["compressed"].get_or_make(f"{encoding};{key!r}", lambda: compress(data))
    return made, encoding


def ask(db: Any, key: tuple[Any, ...], read: Callable[[], V]) -> V:
    """What a request's path or headers say, read once (polls.py: which game's panel a path
    asks for; a phone's language, theme and encoding, from its cookies and Accept headers).
    Key: the path, or the link and the headers as sent: the same text always says the same
    (read by the URL map and rules that do not change while the app runs); a phone sends the
    same headers all evening."""
    region = memory_of(db)["asks"]
    found: tuple[V] | None = region.get(key)
    if found is None:
        found = (read(),)
        region.put(key, found)
    return found[0]


def same_tag(version: str, tags: Iterable[str]) -> str | None:
    """The ETag among `tags` (what If-None-Match named) that is this version's, or None.
    A panel's ETag is the table's version (compression adds ":br" or ":gzip"): the one
    gate for both the polls answered before the app (polls.py) and play.panel."""
    # (A tag may be None: werkzeug reads an empty quoted tag, "", as None.)
    return next((tag for tag in tags if tag and tag.split(":", 1)[0] == version), None)


def links(key: tuple[Any, ...], make: Callable[[], V]) -> V:
    """A game panel's URLs. Key: the script root, the table link and the game's number."""
    return _kept(_app_region("links"), key, make)


def fragment(key: tuple[Any, ...], make: Callable[[], V]) -> V:
    """A rendered part of a page: the scoreboards and the evening lines. Key: its template, the language, and
    scoreboard_key (made by the views, never in a template)."""
    return _kept(_app_region("fragments"), key, make)


def framed(key: tuple[Any, ...], make: Callable[[], V]) -> V:
    """A part of a panel that reads the same at every entry of a game but for its holes
    (views/_fragments.framed fills them in). Key: its template, the language and what it
    shows besides (the links, the role, where the trick stands), never the holes' values:
    a table's phones share it, and so do its entries. A region of its own: a full hall's
    tables each keep a few (one per place in a trick), and they must not push out the
    scoreboards."""
    return _kept(_app_region("frames"), key, make)


def settled(template_name: str, language: str, role: str | None, players: Sequence[str], value: object,
            still: Callable[[tuple[Any, ...]], bool], make: Callable[[], tuple[V, tuple[Any, ...]]]) -> V:
    """A part of a panel drawn from a value the log has settled (a judged trick, a finished
    round): it reads the same at every later entry, so it is drawn once. Key: its template,
    the language, the role, the players' names and the value itself (its repr: every field
    of a frozen dataclass, rulings included, so a correction that changes it changes the
    key). `make` gives the drawing and what else it asked while drawing (the correction links
    of its cards: those follow the log, not the value); `still(asked)` says whether those
    answers are still the same, and a drawing whose answers changed is drawn again."""
    region = _app_region("fragments")
    key = ("settled", template_name, language, role, tuple(players), _spelt(region, value))
    hit: tuple[V, tuple[Any, ...]] | None = region.get(key)
    if hit is None or not still(hit[1]):
        hit = make()
        region.put(key, hit)
    return hit[0]


def _spelt(region: Region[Any, Any], value: object) -> str:
    """repr(value), spelt once per object: a settled value (a judged trick) is the same object
    at every later entry of its game (the engine carries it on), and spelling a trick with
    its rulings cost a tenth of drawing a panel. Key: the object's identity, checked (the
    object is kept with its spelling, so its id cannot name another while it is kept)."""
    found: tuple[object, str] | None = region.get(("spelt", id(value)))
    if found is None or found[0] is not value:
        found = (value, repr(value))
        region.put(("spelt", id(value)), found)
    return found[1]


def event_table(db: Any, key: tuple[Any, ...], make: Callable[[], V]) -> V:
    """How a club night's table stands (events.Seated). Key: the table, its version as
    store.version gives it, and its players as drawn: an entry at one table derives that
    table alone again."""
    return _kept(memory_of(db)["boards"], key, make)


def group_table(db: Any, key: tuple[Any, ...], make: Callable[[], V]) -> V:
    """A table's finished games as a group's book reads them (groups.py). Key: the table, its
    version as store.version gives it, its name and the roster player at each seat (merges
    followed): an entry at one table reads that table alone again."""
    return _kept(memory_of(db)["books"], ("table", *key), make)


def group_book(db: Any, key: tuple[Any, ...], make: Callable[[], V]) -> V:
    """A group's roster, tables and games (groups.Book). Key: the group and its counts as
    store.group_counts gives them (its revision, and the changes at its tables, kept by a
    trigger: one row read)."""
    return _kept(memory_of(db)["books"], ("book", *key), make)


def latest_book(db: Any, group_id: str) -> Any:
    """The book of a group as last read (any version), or None: groups.load brings it up to
    date instead of reading every table again. Kept under the group and checked when read,
    as a replay is: the reader compares the group's row and reads again the tables that
    moved since the book's count of changes (store.group_tables_moved)."""
    return memory_of(db)["books"].get(("latest", group_id))


def keep_latest_book(db: Any, group_id: str, book: V) -> V:
    memory_of(db)["books"].put(("latest", group_id), book)
    return book


def book_figures(db: Any, key: tuple[Any, ...], make: Callable[[], V]) -> V:
    """A figure of a group's book (a season table, a player's page...). Key: the version at
    which the book's finished games last changed (groups.Book.games_version: an entry at a
    game under way leaves it) and what is asked: the figure, the season, the game, the player."""
    return _kept(memory_of(db)["books"], ("figures", *key), make)


def brought_forward(db: Any, key: tuple[Any, ...], source: S, make: Callable[[], V],
                    advance: Callable[[S, V], V]) -> V:
    """A value kept with the source it was made from (a book's tally of a season, with the
    book's games by table), and checked when read, as a replay is: for a new source it is
    brought forward from the one kept (`advance(kept source, kept value)`: the tables whose
    games changed taken out and put in again), made afresh only when none is kept."""
    region = memory_of(db)["books"]
    kept: tuple[S, V] | None = region.get(("forward", *key))
    if kept is not None and kept[0] is source:
        return kept[1]
    value = make() if kept is None else advance(*kept)
    region.put(("forward", *key), (source, value))
    return value


def ratings_run(db: Any, group_id: str, rate: Callable[[V | None], V]) -> V:
    """A group's ratings, run over its games in time order. Kept under the group and checked
    when read, as a replay is: `rate` is handed the run kept (or None) and resumes it after
    the longest run of games that has not changed (a correction at one table rates again
    from its game on), and the run it returns is kept."""
    region = memory_of(db)["books"]
    kept: V | None = region.get(("ratings", group_id))
    run = rate(kept)
    region.put(("ratings", group_id), run)
    return run


def static_fragment(key: tuple[Any, ...], make: Callable[[], V]) -> V:
    """A part that depends only on the game, the language and its parameters (pickers)."""
    return _kept(_app_region("static"), key, make)


def scoreboard_key(table_id: str, game_id: int | None, full_href: str, shows: Hashable) -> tuple[Any, ...]:
    """A scoreboard fragment's key: the table, the game whose page lists it (None: the full
    scoreboard), its link to the full one (the scorer's and the viewer's differ) and
    everything the board shows (Scoreboard.key, which names the table's counts; on the full
    scoreboard with the series shown whole)."""
    return (table_id, game_id, full_href, shows)


def csrf_signed(raw: str) -> str | None:
    """The signature this app made for a session's raw CSRF token. Key: the raw token (a
    signature never expires while WTF_CSRF_TIME_LIMIT is None, see csrf.py)."""
    found: str | None = _app_region("csrf").get(raw)
    return found


def keep_csrf_signed(raw: str, signed: str) -> None:
    _app_region("csrf").put(raw, signed)


def session_read(cookie: str) -> tuple[dict[str, Any], float] | None:
    """A session cookie's contents and when it was signed (seconds since the epoch), as read
    once its signature was checked (csrf.RememberedSessions). Key: the cookie as sent: a
    changed session is a new cookie; its age is checked by the caller at every use."""
    found: tuple[dict[str, Any], float] | None = _app_region("sessions").get(cookie)
    return found


def keep_session_read(cookie: str, data: dict[str, Any], signed: float) -> None:
    _app_region("sessions").put(cookie, (data, signed))


class SameBytes:
    """flask-compress's cache (COMPRESS_CACHE_BACKEND). An answer a view marks as the same
    for everyone who asks (`g.same_bytes`, a key for what it shows: a panel's key)
    is compressed once per encoding. Key: the encoding and the panel's key."""

    @staticmethod
    def get(key: str) -> bytes | None:
        if not key.partition(";")[2]:
            return None
        found: bytes | None = _app_region("compressed").get(key)
        return found

    @staticmethod
    def set(key: str, value: bytes) -> None:
        if key.partition(";")[2]:
            _app_region("compressed").put(key, value)


def same_bytes_key(_request: Any) -> str:
    """COMPRESS_CACHE_KEY: what the view marked, or "" (not shared)."""
    return str(g.get("same_bytes", ""))


def mark_same_bytes(key: tuple[Any, ...]) -> None:
    """Mark this answer as the same for everyone who asks for `key` (compressed once)."""
    g.same_bytes = repr(key)


# =========================================================================== static files
# The scripts, stylesheets and clips the pages name (companion/assets.py reads and serves
# them). Kept apart from the regions above, in a region of the app's own
# (app.extensions[STATIC]), since their set is fixed: the files shipped, a few dozen.

STATIC = "companion.static"
STATIC_SIZE = 256
"""Static files and their compressed forms an app keeps (about 25 files, two encodings each)."""


def _static_region() -> Region[Any, Any]:
    region: Region[Any, Any] | None = current_app.extensions.get(STATIC)
    if region is None:
        region = current_app.extensions.setdefault(STATIC, Region(STATIC_SIZE))
    return region


def static_file(name: str, make: Callable[[], V | None]) -> V | None:
    """A static file as served (assets.Served: its bytes as sent, their hash). Key: its plain
    name. Made once per app from the file's bytes: the files ship with the code and do not
    change while it runs (a new version is a new process, whose pages name the new hashes).
    A name that names no file is not kept (asking for made-up names fills nothing)."""
    region = _static_region()
    found: V | None = region.get(name)
    if found is None:
        found = make()
        if found is not None:
            region.put(name, found)
    return found


def static_encoded(name: str, encoding: str, make: Callable[[], bytes]) -> bytes:
    """A static file compressed (brotli at its highest quality takes a tenth of a second for
    htmx: once per app, not at every answer). Key: the file's plain name and the encoding;
    made only for a name static_file has kept. The phones asking at once wait for the one
    compressing it."""
    made: bytes = _static_region().get_or_make(("encoded", name, encoding), make)
    return made
