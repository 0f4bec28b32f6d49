"""Take the record home: a table's full logs as JSON (enough to rebuild everything) or CSV.

Importing replays every game through its engine before anything is written, so a record
that the rules refuse is refused whole, with the reason, and the database is untouched.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Collection, Mapping, Sequence
from functools import partial
from itertools import combinations
from typing import Any

import sqlite_utils

from . import derived, limits, rules, store, tables
from .rules.base import CountsRef, Event, GameRef, RuleError, replay

FORMAT = "companion-table"
VERSION = 1


def export_table(db: sqlite_utils.Database, table_id: str) -> dict[str, Any]:
    """Everything entered at a table, in order. The links' tokens are not part of it."""
    return {**_head(store.get_table(db, table_id)),
            "games": [_game_record(row, store.events_of(db, row.id)) for row in store.games_of(db, table_id)]}


def export_json(db: sqlite_utils.Database, table_id: str) -> str:
    """export_table as compact JSON text. Each game's part is remembered by its log's mark
    (derived.export_part): however long the evening, an export reads the games' marks in
    one query and only the logs that grew since the last export."""
    def part(row: store.GameRow) -> tuple[tuple[int, tuple[int, str]], str]:
        events = store.events_of(db, row.id)
        # Keyed by the log it was made from (an entry may have come since the marks were read).
        return (row.id, (len(events), events[-1].created if events else "")), _compact(_game_record(row, events))

    parts = [derived.export_part(db, (row.id, mark), partial(part, row)) for row, mark in store.games_and_marks(db, table_id)]
    return _compact(_head(store.get_table(db, table_id)))[:-1] + ',"games":[' + ",".join(parts) + "]}"


def _head(table: store.TableRow) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION,
            "table": {"name": table.name, "players": list(table.players), "created": table.created}}


def _game_record(row: store.GameRow, events: Sequence[store.EventRow]) -> dict[str, Any]:
    return {"number": row.number, "kind": row.kind, "setup": row.setup, "created": row.created,
            "events": [{"seq": e.seq, "kind": e.kind, "payload": e.payload, "created": e.created} for e in events]}


def _compact(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


CSV_HEADER = "table,game,kind,status,seat,player,team,points\n"
"""status: finished, playing or abandoned (an abandoned game's points count in no total);
seat: from 0, as in the JSON record; team: the team's number from 1 in a game played in
teams (each member's row then carries the team's points, as the scoreboard shows them),
else empty; table: the table's name, or its players when it has none."""

BOM = "\ufeff"
"""Marks the CSV as UTF-8, so that Excel (Japanese Windows included) reads the names right."""


def export_csv(db: sqlite_utils.Database, table_id: str) -> str:
    """One row per game per player: the points each scored, and how the game stands.

    Starts with a byte-order mark: spreadsheet programs read the names right with it. The
    rows of the games before the latest are remembered by the scoreboard's block of them.
    """
    table = store.get_table(db, table_id)
    board = tables.scoreboard(db, table_id)
    games = [(row, outcome, row.id in series.abandoned) for series in board.series for row, outcome in series.rows]
    key = ("csv", table.name, table.players, board.basis[0] if board.basis else None)
    earlier = derived.export_part(db, key, lambda: (key, _csv_rows(table, games[:-1])))
    return BOM + CSV_HEADER + earlier + _csv_rows(table, games[-1:])


def _csv_rows(table: store.TableRow, games: Sequence[tuple[store.GameRow, Any, bool]]) -> str:
    """The CSV lines of these games (each with its outcome and whether it was abandoned)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    title = table.name or ", ".join(table.players)
    for row, outcome, abandoned in games:
        status = "abandoned" if abandoned else "finished" if outcome.over else "playing"
        team_of = {seat: number for number, team in enumerate(outcome.teams, start=1) for seat in team}
        for seat, (name, score) in enumerate(zip(table.players, outcome.points)):
            writer.writerow([cell(title), row.number, row.kind, status, seat, cell(name), team_of.get(seat, ""),
                             score])
    return out.getvalue()


def file_name(table: store.TableRow) -> str:
    """A download's name: the table's name and the day it sat, safe on every system.

    Characters no file system takes, control characters and spaces become "-"; an empty
    name falls back to "companion".
    """
    name = re.sub(r'[\\/:*?"<>|\x00-\x1f\x7f\s]+', "-", table.name).strip("-.") or "companion"
    return f"{name[:60]}-{table.created[:10]}"


class RecordError(ValueError):
    """A record that cannot be imported; carries a ruling for the reader's language, and the
    game it concerns (to name its cards and seats), if any."""

    def __init__(self, key: str, game: Any = None, names: Any = None, **params: Any) -> None:
        self.error = RuleError(key, "", **params)
        self.game = game
        self.names = names
        super().__init__(key)


def too_large(limit: int) -> RecordError:
    """The refusal of a record past `limit` bytes: the command line's limit, or the home
    page's (which says that the command line takes more)."""
    if limit < limits.RECORD_BYTES:
        return RecordError("record.too_large_web", limit=limit // limits.MB, most=limits.RECORD_BYTES // limits.MB)
    return RecordError("record.too_large", limit=limit // limits.MB)


def parse(data: bytes, limit: int | None = None) -> Any:
    """A record's JSON from the bytes of its file: RecordError for one past `limit` bytes
    (limits.RECORD_BYTES by default; before it is parsed) or that is not JSON in UTF-8."""
    limit = limits.RECORD_BYTES if limit is None else limit
    if len(data) > limit:
        raise too_large(limit)
    try:
        return json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as exc:  # a UnicodeDecodeError is a ValueError
        raise RecordError("record.not_a_record") from exc


_STAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}:\d{2}|Z)?$")


def stamp(value: object) -> str:
    """A record's time as stored, if it is an ISO time; anything else is dropped (the import
    then stamps it now), so no text from a file reaches a header or a page unchecked."""
    return value if isinstance(value, str) and _STAMP.match(value) else ""


_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A CSV cell a spreadsheet will never run as a formula (OWASP: prefix a quote)."""
    return "'" + value if isinstance(value, str) and value.startswith(_FORMULA) else value


_TABLE = {"name": str, "players": list, "created": str}
_GAME = {"number": int, "kind": str, "setup": dict, "created": str, "events": list}
_EVENT = {"seq": int, "kind": str, "payload": dict, "created": str}
"""The type of each field of a record's table, games and entries, as export_table writes them."""

_REQUIRED = {"players", "kind", "setup", "events", "payload"}
"""The fields a record cannot do without (an older record may lack the others)."""


def _typed(part: object, fields: Mapping[str, type]) -> bool:
    """Whether `part` is a JSON object whose fields have their types: each required one
    present, the others absent or of their type (true and false are no numbers)."""
    if not isinstance(part, Mapping):
        return False
    return all(name in part and isinstance(part[name], kind) and not isinstance(part[name], bool)
               if name in _REQUIRED else
               name not in part or isinstance(part[name], kind) and not isinstance(part[name], bool)
               for name, kind in fields.items())


def _shape(record: Any) -> list[Mapping[str, Any]]:
    """Refuse, before any game is replayed, a record of the wrong shape (any field of the
    wrong JSON type), one past the limits (limits.py) or with names a table cannot take;
    returns its games."""
    if not isinstance(record, Mapping) or record.get("format") != FORMAT:
        raise RecordError("record.not_a_record")
    version = record.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError("record.not_a_record")
    if version != VERSION:
        raise RecordError("record.version", version=str(version)[:20])
    table: Any = record.get("table")
    games = record.get("games")
    if not _typed(table, _TABLE) or not isinstance(games, list) \
            or not all(isinstance(name, str) for name in table["players"]):
        raise RecordError("record.not_a_record")
    if len(games) > limits.GAMES_PER_TABLE:
        raise RecordError("record.too_many_games", count=len(games), limit=limits.GAMES_PER_TABLE)
    _seated_by_each_game(games, len(table["players"]))
    try:
        tables.clean_title(table.get("name", ""))
        if len(tables.clean_names(table["players"])) != len(table["players"]):
            raise RecordError("record.not_a_record")  # a blank name: the seats would move
    except RuleError as exc:
        raise RecordError("record.names", reason=exc.ruling) from exc
    for number, game in enumerate(games, start=1):
        if not _typed(game, _GAME) or not all(_typed(event, _EVENT) for event in game["events"]) \
                or not _typed(game["setup"], {"players": list, "options": dict}):
            raise RecordError("record.not_a_record")
        if len(game["events"]) > limits.ENTRIES_PER_GAME:
            raise RecordError("record.too_many_entries", number=number, count=len(game["events"]),
                              limit=limits.ENTRIES_PER_GAME)
    entries = sum(len(game["events"]) for game in games)
    if entries > limits.ENTRIES_PER_TABLE:
        raise RecordError("record.too_many_entries_table", count=entries, limit=limits.ENTRIES_PER_TABLE)
    return games


def _seated_by_each_game(games: list[Any], count: int) -> None:
    """Refuse a record whose table seats a number of players one of its games does not,
    naming the game and the counts it seats (before the names are read: a table of nine is
    refused as no game of this kind seats nine, not as no game here does)."""
    for game in games:
        kind = game.get("kind") if isinstance(game, Mapping) else None
        module = rules.GAMES.get(kind) if isinstance(kind, str) else None
        if module is not None and count not in module.PLAYER_COUNTS:
            raise RecordError("record.player_count", game=module, kind=GameRef(module.SLUG), count=count,
                              players=CountsRef(tuple(module.PLAYER_COUNTS)))


def check(record: Any) -> list[tuple[Mapping[str, Any], list[Event]]]:
    """Validate a record's shape and replay every game; returns the games to write."""
    games = _shape(record)
    players = record["table"]["players"]
    checked = []
    for number, game in enumerate(games, start=1):
        try:
            module = rules.get(game["kind"])
            setup = game["setup"]
            # Same seats as the table; names may differ, since a table's names can be corrected
            # after its games began (the table's names are the ones shown).
            if len(setup["players"]) != len(players):
                raise RecordError("record.players", number=number)
            events = [Event(e["kind"], dict(e["payload"])) for e in game["events"]]
            _replay_naming_the_entry(module, setup, events, number, players)
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError("record.not_a_record") from exc
        checked.append((game, events))
    return checked


def _replay_naming_the_entry(module: Any, setup: Mapping[str, Any], events: list[Event], number: int,
                             names: Any) -> None:
    """Replay a record's game; a refusal names the game and the entry by its `seq` (or the
    setup, when the rules refuse that), with the rule's reason."""
    players = list(names) if isinstance(names, list) else None
    try:
        module.initial(setup)
    except RuleError as exc:
        raise RecordError("record.setup_refused", game=module, names=players, number=number,
                          reason=exc.ruling) from exc
    try:
        replay(module.initial, module.apply, setup, events)
    except RuleError as exc:
        # The first entry the rules refuse: a prefix that replays stays replayable when
        # shortened, so halving finds it in a few replays.
        good, bad = 0, len(events)
        while bad - good > 1:
            middle = (good + bad) // 2
            try:
                replay(module.initial, module.apply, setup, events[:middle])
            except RuleError:
                bad = middle
            else:
                good = middle
        raise RecordError("record.refused", game=module, names=players,
                          number=number, entry=bad - 1, reason=exc.ruling) from exc
    except RecursionError as exc:
        raise RecordError("record.not_a_record") from exc


def import_table(db: sqlite_utils.Database, record: Any) -> store.TableRow:
    """Rebuild a table from its record, with fresh links; all or nothing."""
    games = check(record)
    with store.writing(db):
        return _insert_table(db, record, games)


def _insert_table(db: sqlite_utils.Database, record: Any,
                  games: list[tuple[Mapping[str, Any], list[Event]]]) -> store.TableRow:
    """Write a checked table record, inside the caller's write transaction."""
    table_info = record["table"]
    names = tables.clean_names(table_info["players"])
    table = store.insert_table(db, tables.clean_title(table_info.get("name", "")), names,
                               created=stamp(table_info.get("created")))
    for number, (game, events) in enumerate(games, start=1):
        game_id = store.insert_game(db, table.id, number, game["kind"], dict(game["setup"]),
                                    created=stamp(game.get("created")))
        for seq, (raw, event) in enumerate(zip(game["events"], events)):
            store.insert_event(db, game_id, seq, event.kind, dict(event.payload),
                               created=stamp(raw.get("created")))
    return table


# --------------------------------------------------------------------------- club nights

EVENT_FORMAT = "companion-event"
EVENT_VERSION = 1


def export_event(db: sqlite_utils.Database, event_id: str) -> dict[str, Any]:
    """A whole event: its set-up, players, every round's draw, and each table's full record
    (as export_table writes it). The links' tokens and its standings are not part of it: the
    standings are derived again from the tables' games."""
    event = store.get_club_event(db, event_id)
    seated: dict[int, list[dict[str, Any]]] = {}
    for t in store.club_tables(db, event_id):
        seated.setdefault(t.round, []).append(export_table(db, t.table_id))
    return {"format": EVENT_FORMAT, "version": EVENT_VERSION,
            "event": {"name": event.name, "kind": event.kind, "rounds": event.rounds, "scoring": event.scoring,
                      "options": dict(event.options), "seed": event.seed, "created": event.created},
            "players": [{"name": p.name, "arrived": p.arrived, "left": p.left}
                        for p in store.club_players(db, event_id)],
            "rounds": [{"number": r.number, "draw": dict(r.draw), "started": r.started,
                        "tables": seated.get(r.number, [])} for r in store.club_rounds(db, event_id)]}


def export_event_json(db: sqlite_utils.Database, event_id: str) -> str:
    return _compact(export_event(db, event_id))


EVENT_CSV_HEADER = "place,player,score,played,wins,best_place"
"""Then one column per round: the score the player earned in it (a sit-out's too), empty
when they were not seated or their table has not finished. Scores with a fraction are
written as exact fractions' decimals (7/3: 2.33)."""


def export_event_csv(night: Any) -> str:
    """The standings, one row per player, and each round's score (events.Night in)."""
    from .club.words import number

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(EVENT_CSV_HEADER.split(",") + [f"round_{n}" for n in range(1, night.event.rounds + 1)])
    for s in night.standings:
        rounds = list(s.rounds) + [None] * (night.event.rounds - len(s.rounds))
        writer.writerow([s.rank, cell(s.player), number(s.score), s.played, s.tie_breaks[0], s.tie_breaks[1] or "",
                         *("" if r is None else number(r) for r in rounds[:night.event.rounds])])
    return BOM + out.getvalue()


def event_file_name(event: store.ClubEvent) -> str:
    """A download's name: the event's name and the day it was set up (as file_name)."""
    name = re.sub(r'[\\/:*?"<>|\x00-\x1f\x7f\s]+', "-", event.name).strip("-.") or "club-night"
    return f"{name[:60]}-{event.created[:10]}"


def _whole(value: object, least: int, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= most


def _complete(part: object, fields: Mapping[str, type], required: Sequence[str] | None = None) -> bool:
    """Whether `part` is an object whose fields have their types (as _typed) and holds each
    of `required` (default: every one of `fields`)."""
    return isinstance(part, Mapping) and _typed(part, fields) \
        and all(name in part for name in (fields if required is None else required))


def check_event(record: Any) -> list[tuple[Mapping[str, Any], list[tuple[Any, list[tuple[Mapping[str, Any], list[Event]]]]]]]:
    """Validate an event record whole before anything is written: its set-up as the set-up
    form checks it, its players and draws naming only its players, and every table's record
    as a table's import checks it (each game replayed). Returns each round with its tables'
    checked games."""
    from . import events

    if not isinstance(record, Mapping) or record.get("format") != EVENT_FORMAT:
        raise RecordError("record.not_a_record")
    if not _whole(record.get("version"), 0, 2**31):
        raise RecordError("record.not_a_record")
    if record["version"] != EVENT_VERSION:
        raise RecordError("record.version", version=str(record["version"])[:20])
    info: Any = record.get("event")
    players, rounds = record.get("players"), record.get("rounds")
    if not _complete(info, {"name": str, "kind": str, "rounds": int, "scoring": str, "options": dict, "seed": int,
                            "created": str}, ("kind", "rounds", "scoring", "options")) \
            or not isinstance(players, list) or not isinstance(rounds, list):
        raise RecordError("record.not_a_record")
    if info["kind"] not in rules.GAMES or info["scoring"] not in events.SCORINGS \
            or not _whole(info["rounds"], 1, events.MAX_ROUNDS) or len(rounds) > info["rounds"] \
            or len(players) > events.MAX_PLAYERS or not _whole(info.get("seed", 0), 0, 2**31):
        raise RecordError("record.not_a_record")
    try:
        events.clean_event_name(info.get("name", ""))
        events.check_options(rules.get(info["kind"]), info["options"])
        if not all(_complete(p, {"name": str, "arrived": int}) for p in players):
            raise RecordError("record.not_a_record")
        names = [events.clean_player(p["name"]) for p in players]
        events.check_distinct(names)
    except events.EventError as exc:
        raise RecordError("record.not_a_record") from exc
    known = set(names)
    for p in players:
        if p["name"] not in known or not _whole(p["arrived"], 1, events.MAX_ROUNDS + 1) or not (
                p.get("left") is None or _whole(p.get("left"), 1, events.MAX_ROUNDS + 1)):
            raise RecordError("record.not_a_record")
    checked = []
    for number, part in enumerate(rounds, start=1):
        if not _complete(part, {"number": int, "draw": dict, "started": str, "tables": list}) \
                or part["number"] != number or not _complete(part["draw"], {"tables": list, "sit_out": list}):
            raise RecordError("record.not_a_record")
        drawn = part["draw"]["tables"]
        seated = [name for t in drawn if isinstance(t, list) for name in t] + list(part["draw"]["sit_out"])
        if not all(isinstance(t, list) for t in drawn) or not all(isinstance(n, str) and n in known for n in seated) \
                or len(set(seated)) != len(seated):
            raise RecordError("record.not_a_record")
        started = stamp(part["started"]) if part["started"] else ""
        if (started == "") != (part["tables"] == []) or started and len(part["tables"]) != len(drawn) \
                or not started and number != len(rounds):
            raise RecordError("record.not_a_record")  # only the last round may wait to start
        tables_checked = []
        for table, players_drawn in zip(part["tables"], drawn):
            games = check(table)
            if len(table["table"]["players"]) != len(players_drawn) or not games \
                    or any(game["kind"] != info["kind"] for game, _ in games):
                raise RecordError("record.not_a_record")
            tables_checked.append((table, games))
        checked.append((part, tables_checked))
    return checked


def imported_draw(draw: Mapping[str, Any], met: Collection[frozenset[str]]) -> dict[str, Any]:
    """A round's draw as an import keeps it: its tables and sit-outs (checked by check_event),
    its count of pairs meeting again derived from the rounds before (`met`), never taken from
    the record, and only the reasons the event's words can say: a known draw ruling with every
    parameter its sentence names, each a plain value (the page renders them on every load)."""
    tables = [list(t) for t in draw["tables"]]
    repeats = sum(1 for t in tables for pair in combinations(t, 2) if frozenset(pair) in met)
    given = draw.get("reasons")
    reasons = [{"key": r["key"], "params": dict(r.get("params", {}))}
               for r in (given if isinstance(given, list) else []) if _sayable(r)]
    return {"tables": tables, "sit_out": list(draw["sit_out"]), "repeats": repeats, "reasons": reasons}


def _sayable(reason: object) -> bool:
    """Whether a stored draw reason names a draw ruling of the event's words and gives every
    parameter its sentences name (singular and plural), each text, a number or a list of them."""
    from .club.words import MESSAGES
    from .rules.base import Plural

    if not isinstance(reason, Mapping) or not isinstance(reason.get("key"), str) \
            or not reason["key"].startswith("club.draw.") or reason["key"] not in MESSAGES:
        return False
    params = reason.get("params", {})
    if not isinstance(params, Mapping) or not all(_plain(v) for v in params.values()):
        return False
    template = MESSAGES[reason["key"]]
    texts = (template.singular, template.plural) if isinstance(template, Plural) else (template,)
    return all(name in params for text in texts for name in re.findall(r"%\((\w+)\)", text))


def _plain(value: object) -> bool:
    """Text or a whole number, or a list of them: what a draw ruling's parameter holds."""
    if isinstance(value, list):
        return all(_plain(item) and not isinstance(item, list) for item in value)
    return isinstance(value, str) or isinstance(value, int) and not isinstance(value, bool)


def import_event(db: sqlite_utils.Database, record: Any) -> store.ClubEvent:
    """Rebuild an event from its record, with fresh links for it and each of its tables;
    all or nothing."""
    rounds = check_event(record)
    info = record["event"]
    with store.writing(db):
        event = store.insert_club_event(db, " ".join(info.get("name", "").split()), info["kind"], info["rounds"],
                                        info["scoring"], rules_options(info), info.get("seed", 0),
                                        created=stamp(info.get("created")))
        for p in record["players"]:
            store.insert_club_player(db, event.id, " ".join(p["name"].split()), p["arrived"], p.get("left"))
        met: set[frozenset[str]] = set()
        for part, seated in rounds:
            store.put_club_draw(db, event.id, part["number"], imported_draw(part["draw"], met),
                                stamp(part["started"]) or "")
            if part["started"]:
                met |= {frozenset(pair) for t in part["draw"]["tables"] for pair in combinations(t, 2)}
            for number, (table, games) in enumerate(seated, start=1):
                row = _insert_table(db, table, games)
                store.insert_club_table(db, event.id, part["number"], number, row.id)
    return store.get_club_event(db, event.id)


def rules_options(info: Mapping[str, Any]) -> dict[str, Any]:
    """An event record's house rules, checked and completed by its game (every option stored)."""
    from .rules.contract import read_options

    return read_options(rules.get(info["kind"]).OPTIONS, info["options"])
