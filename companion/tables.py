"""What the views ask of a table: the store's rows replayed through the games' engines.

Views stay short by calling these; nothing here knows about HTTP or HTML.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import sqlite_utils

from . import derived, limits, rules, store
from .derived import outcome_data as outcome_data, outcome_from_data as outcome_from_data
from .rules.base import ABANDON, CORRECT, UNDO, Event, Replayed, RuleError, replay
from .rules.contract import Evening, Game, Outcome, read_options

MAX_NAME = limits.PLAYER_NAME
TABLE_SIZES = (2, 8)


@dataclass(frozen=True)
class LoadedGame:
    """One game of a table with its log replayed."""

    table: store.TableRow
    row: store.GameRow
    module: Game
    log: tuple[store.EventRow, ...]
    replayed: Replayed[Any]
    written: tuple[int, int, int] | None = None
    """When loaded by the write that added its last entry: the table's counts as that write
    left them (see store.append); else None."""
    repeated: int | None = None
    """When loaded for an entry whose key was stored already (enter): the number that entry
    holds in the log; nothing was written. Else None."""

    @property
    def state(self) -> Any:
        return self.replayed.state

    @property
    def next_seq(self) -> int:
        """The sequence number the next entry must take."""
        return len(self.log)

    @property
    def can_undo(self) -> bool:
        return bool(self.replayed.effective)

    @property
    def outcome(self) -> Outcome:
        return self.module.outcome(self.state)

    def payload_in_force(self, position: int) -> Mapping[str, Any]:
        """The payload of entry `position` as it stands now: its correction's, if corrected."""
        fixed = self.replayed.corrected.get(position)
        if fixed is None:
            return self.log[position].payload
        payload: Mapping[str, Any] = self.log[fixed].payload.get("payload", {})
        return payload

    @property
    def abandoned(self) -> bool:
        """The table stopped this game: it takes no more entries and counts in no total."""
        return self.replayed.abandoned is not None


def _events(log: Sequence[store.EventRow]) -> list[Event]:
    return [Event(e.kind, e.payload) for e in log]


def hidden(ch: str) -> bool:
    """A control character or a text-direction mark: it would reorder or hide the text around a name."""
    import unicodedata

    return unicodedata.category(ch) in ("Cc", "Cf") or ch in "\u2028\u2029"


def clean_names(raw: Sequence[str]) -> list[str]:
    """The players' names as typed, blanks dropped; refuses duplicates and overlong names."""
    names = [" ".join(n.split()) for n in raw]
    names = [n for n in names if n]
    if any(hidden(ch) for n in names for ch in n):
        raise RuleError("table.name_control")
    if len(names) < TABLE_SIZES[0]:
        raise RuleError("table.too_few")
    if len(names) > TABLE_SIZES[1]:
        raise RuleError("table.too_many", "", count=len(names))
    if any(len(n) > MAX_NAME for n in names):
        raise RuleError("table.name_long", "", limit=MAX_NAME)
    if len({n.casefold() for n in names}) != len(names):
        raise RuleError("table.name_twice")
    return names


def clean_title(raw: str) -> str:
    """The table's name as typed, spaces collapsed; refuses one past limits.TABLE_NAME."""
    title = " ".join(raw.split())
    if len(title) > limits.TABLE_NAME:
        raise RuleError("table.title_long", "", limit=limits.TABLE_NAME)
    return title


def open_table(db: sqlite_utils.Database, name: str, players: Sequence[str], kind: str) -> store.TableRow:
    """Seat a group for `kind`, refusing a player count the game does not allow."""
    module = rules.get(kind)
    names = clean_names(players)
    module.initial({"players": names})
    return store.create_table(db, clean_title(name), names)


def seat_and_start(db: sqlite_utils.Database, name: str, players: Sequence[str], kind: str,
                   first_leader: int | None, options: Mapping[str, Any]) -> tuple[store.TableRow, store.GameRow]:
    """Seat a group and begin its first game in one step, or neither: the names, the table's
    name and the game's setup are all checked before anything is written."""
    module = rules.get(kind)
    names = clean_names(players)
    title = clean_title(name)
    setup: dict[str, Any] = {"players": names}
    if first_leader is not None:
        setup["first_leader"] = first_leader
    setup["options"] = read_options(module.OPTIONS, options)
    module.initial(setup)
    with store.writing(db):
        table = store.insert_table(db, title, names)
        game_id = store.insert_game(db, table.id, 1, kind, setup)
    return table, store.get_game(db, game_id)


def start_game(db: sqlite_utils.Database, table_id: str, kind: str, first_leader: int | None,
               options: Mapping[str, Any]) -> store.GameRow:
    """Begin the table's next game after the engine has accepted its setup.

    The setup stores every option of the game, at its default where not given; a game
    whose start choices are empty (nobody leads) stores no first leader.
    """
    module = rules.get(kind)
    table = store.get_table(db, table_id)
    setup: dict[str, Any] = {"players": list(table.players)}
    if first_leader is not None:
        setup["first_leader"] = first_leader
    setup["options"] = read_options(module.OPTIONS, options)
    module.initial(setup)
    return store.create_game(db, table_id, kind, setup)


def rename(db: sqlite_utils.Database, table: store.TableRow, name: str, players: Sequence[str]) -> store.TableRow:
    """Correct the table's name and the players' names; the seats and every game stay as they are.

    Refuses a different number of players (a new seating is a new table) and names the
    seating form would refuse. The row is written, so it is forgotten wherever remembered.
    """
    names = clean_names(players)
    if len(names) != len(table.players):
        raise RuleError("table.rename_count", "", count=len(table.players))
    return store.rename_table(db, table.id, clean_title(name), names)


def table_by_link(db: sqlite_utils.Database, token: str) -> store.TableRow:
    """The table a scorer or viewer link opens (store.NotFound if none).

    Read every time (one indexed row): the names may have been corrected, by this
    process or another serving the same file.
    """
    return store.table_by_token(db, token)


def load_game(db: sqlite_utils.Database, table_id: str, number: int | None = None,
              table: store.TableRow | None = None) -> LoadedGame | None:
    """The table's game `number` (default: its latest) with its log replayed; None if none yet.

    `table`, when the caller already has the table's row, saves reading it again.
    """
    table = table if table is not None else store.get_table(db, table_id)
    row = store.game_by_number(db, table_id, number)
    if row is None:
        if number is None:
            return None
        raise store.NotFound(number)
    return _game_at(db, table, row, store.log_mark(db, row.id))


def _game_at(db: sqlite_utils.Database, table: store.TableRow, row: store.GameRow,
             mark: tuple[int, str]) -> LoadedGame:
    """The game as its log stands at `mark`: remembered if it is, else read and replayed."""
    module = rules.get(row.kind)
    hit = _remembered(db, row, mark)
    if hit is not None:
        return LoadedGame(table, row, module, *hit)
    log = tuple(store.events_of(db, row.id))
    return LoadedGame(table, row, module, log, _replay_log(db, module, row, log))


def _outcome_at(db: sqlite_utils.Database, table: store.TableRow, row: store.GameRow,
                mark: tuple[int, str]) -> tuple[Outcome, bool]:
    """A game's outcome and whether it was abandoned, as its log stands at `mark`
    (remembered, and for a finished game kept beside its log: derived.outcome)."""
    def derive() -> tuple[Outcome, bool]:
        game = _game_at(db, table, row, mark)
        return game.outcome, game.abandoned

    return derived.outcome(db, row, mark, derive)


def _mark(log: Sequence[store.EventRow]) -> tuple[int, str]:
    """A log's length and its last entry's time: as store.log_mark reads it from the file."""
    return (len(log), log[-1].created if log else "")


def _replay_log(db: sqlite_utils.Database, module: Game, row: store.GameRow,
                log: Sequence[store.EventRow], remember: bool = True) -> Replayed[Any]:
    """Replay a game's log, reusing the last replay of the same game when the log only grew.

    The log is append-only, so a prefix identified by its length and its last entry's time
    always replays to the same state: extending a remembered replay by the new entries is
    the same as replaying from the start (an undo falls back to a full replay). Nothing is
    stored in the database; a restart simply replays afresh.
    """
    hit = derived.replay_of(db, row)
    if hit is not None and hit[0] == _mark(log):
        same: Replayed[Any] = hit[2]
        return same
    done: Replayed[Any] | None = None
    if hit is not None:
        (count, last), _, before = hit
        if (0 < count <= len(log) and log[count - 1].created == last and before.abandoned is None
                and all(e.kind not in (UNDO, CORRECT, ABANDON) for e in log[count:])):
            state, effective = before.state, before.effective
            for position in range(count, len(log)):
                state = module.apply(state, Event(log[position].kind, log[position].payload))
                effective += (position,)
            done = Replayed(state, before.undone, effective, before.corrected, before.abandoned)
    if done is None:
        done = replay(module.initial, module.apply, row.setup, _events(log))
    if remember:
        _remember(db, row, log, done)
    return done


def _remembered(db: sqlite_utils.Database, row: store.GameRow,
                mark: tuple[int, str]) -> tuple[tuple[store.EventRow, ...], Replayed[Any]] | None:
    """The remembered log and replay of a game whose log is exactly `mark` (as store.log_mark)."""
    hit = derived.replay_of(db, row)
    return (hit[1], hit[2]) if hit is not None and hit[0] == mark else None


def _remember(db: sqlite_utils.Database, row: store.GameRow, log: Sequence[store.EventRow],
              done: Replayed[Any]) -> None:
    """Keep a replay of a log as it is stored (never of an entry not yet committed)."""
    derived.keep_replay(db, row, _mark(log), log, done)


def game_row(db: sqlite_utils.Database, table_id: str, number: int) -> store.GameRow:
    """The table's game `number`, not yet replayed."""
    row = store.game_by_number(db, table_id, number)
    if row is None:
        raise store.NotFound(number)
    return row


def enter(db: sqlite_utils.Database, table: store.TableRow, row: store.GameRow, expected_seq: int,
          kind: str, payload: Mapping[str, Any], key: str | None = None) -> LoadedGame:
    """Append one entry (or an undo) if the engine accepts it at this point of the log.

    The stored log is taken from the remembered replay when it is still the log (else read
    once) and extended by the entry, which is stored only if the log has not moved since.
    Returns the game as it stands with the entry. Raises RuleError (the rules refuse it)
    or store.Conflict (someone else was first). An entry whose `key` (made by the phone) is
    stored already is not stored again: the game is returned as it stands now, with the entry
    in its log as when it was first taken (`written` None: this call wrote nothing;
    `repeated` the number that entry holds). As it stands now, not as it stood right after
    the entry: the phone that resends goes on from the answer, and a table that moved on
    meanwhile (its next entries, another phone's) is what its next entry must follow.
    """
    module = rules.get(row.kind)
    checked: list[LoadedGame] = []

    def check(mark: tuple[int, str], entry: store.EventRow) -> None:
        log = _game_at(db, table, row, mark).log
        if _mark(log) != mark:  # read after someone else's entry: this number is taken
            raise store.Conflict(expected_seq, len(log))
        entries = (*log, entry)
        checked.append(LoadedGame(table, row, module, entries, _replay_log(db, module, row, entries, remember=False)))

    try:
        _, written = store.append(db, row.id, expected_seq, kind, payload, check, key)
    except store.AlreadyStored as stored:
        return replace(_game_at(db, table, row, store.log_mark(db, row.id)), repeated=stored.entry.seq)
    _remember(db, row, checked[-1].log, checked[-1].replayed)
    return replace(checked[-1], written=written)


@dataclass(frozen=True)
class Series:
    """Consecutive games of one kind at a table: a row of points per game, and the
    evening's totals, end and leaders by that game's own rule (Game.evening)."""

    module: Game
    rows: tuple[tuple[store.GameRow, Outcome], ...]
    evening: Evening
    abandoned: frozenset[int] = frozenset()
    """Ids of the games the table abandoned: listed, counted in no total."""

    @property
    def kind(self) -> str:
        return self.module.SLUG


@dataclass(frozen=True)
class Scoreboard:
    """The table's games, grouped into series of one kind each (a switch of game starts a
    new series: totals never add up points of different games)."""

    players: tuple[str, ...]
    series: tuple[Series, ...]
    version: str = ""
    """Changes whenever anything is entered at the table (as store.version)."""
    basis: tuple[Any, ...] = ()
    """What scoreboard() built the series from: the block of earlier games (by its counts)
    and the latest game's options, outcome and abandonment."""
    skipped: int = 0
    """How many series of the evening come before `series` (a board of the recent series
    only, as a page of the latest game lists them; 0 when `series` are all of them)."""

    @property
    def key(self) -> tuple[Any, ...]:
        """Everything the scoreboard shows, for remembering its rendering."""
        return (self.players, self.basis)

    @property
    def count(self) -> int:
        """How many series the evening has."""
        return self.skipped + len(self.series)

    @property
    def rows(self) -> tuple[tuple[store.GameRow, Outcome], ...]:
        """Every game of the table, in order."""
        return tuple(row for s in self.series for row in s.rows)

    @property
    def current(self) -> Series | None:
        """The series under way: the latest."""
        return self.series[-1] if self.series else None

    @property
    def latest(self) -> int:
        """The number of the table's latest game (0 before the first)."""
        return self.series[-1].rows[-1][0].number if self.series else 0

    @property
    def latest_under_way(self) -> bool:
        """Whether the table's latest game is still being played (neither over nor abandoned)."""
        if not self.series:
            return False
        row, outcome = self.series[-1].rows[-1]
        return not outcome.over and row.id not in self.series[-1].abandoned

    def numbered(self, number: int) -> tuple[tuple[int, Series], ...]:
        """Series `number` of the evening (from 1) with its number, as `around` gives it;
        empty if the board holds no such series."""
        index = number - self.skipped - 1
        return ((number, self.series[index]),) if 0 <= index < len(self.series) else ()

    def series_of(self, game_id: int) -> Series | None:
        """The series a game belongs to (the strip and banners of its page describe that one)."""
        return next((s for s in self.series if any(row.id == game_id for row, _ in s.rows)), None)

    def around(self, game_id: int | None = None, keep: int = 2) -> tuple[tuple[int, Series], ...]:
        """The series a game page lists, each with its number in the evening (from 1): the
        game's own and up to `keep` - 1 before it; every series when `game_id` is None
        (the full scoreboard)."""
        numbered = tuple(enumerate(self.series, start=self.skipped + 1))
        if game_id is None:
            return numbered
        index = next((i for i, s in enumerate(self.series) if any(row.id == game_id for row, _ in s.rows)),
                     len(self.series) - 1)
        return numbered[max(0, index - keep + 1):index + 1]


def scoreboard(db: sqlite_utils.Database, table_id: str, current: LoadedGame | None = None,
               recent: bool = False) -> Scoreboard:
    """Points per game, grouped in series; `current`, already replayed, is reused.

    However long the evening, only the latest game is looked at afresh: the games before it
    are remembered as a block, keyed by how many games and entries they hold (a correction
    to an earlier game appends an entry to it, so the block is then built again). With
    `recent` and `current` the latest game, the board holds only the series a page of the
    latest game lists (Scoreboard.around), from the block's summary (derived.earlier_summary),
    which a restart reads as one row.
    """
    table = current.table if current is not None else store.get_table(db, table_id)
    top = store.counts_and_latest(db, table_id)
    if top is None:
        return Scoreboard(table.players, (), store.version_of(0, 0))
    (n_games, n_events, revision), latest, latest_mark = top
    key = derived.block_key(table_id, n_games, n_events, latest_mark)
    recent = recent and current is not None and current.row.id == latest.id
    skipped, earlier = derived.earlier_summary(db, key, lambda: _summary(db, table, key, latest)) if recent \
        else (0, _earlier(db, table, key, latest)[0])
    if current is not None and current.row.id == latest.id and _mark(current.log) == latest_mark:
        last = (latest, current.outcome, current.abandoned)
    else:
        last = (latest, *_outcome_at(db, table, latest, latest_mark))
    # The series (and each evening, summed over all its games) change only when the latest
    # game's outcome or abandonment does: built once per such change, not per request.
    basis = derived.series_basis(key, recent, latest, last[1], last[2])
    series = derived.series(db, basis, lambda: _series((*earlier, last), len(table.players)))
    return Scoreboard(table.players, series, store.version_of(n_games, n_events, revision), basis, skipped)


def _earlier(db: sqlite_utils.Database, table: store.TableRow, key: derived.BlockKey,
             latest: store.GameRow) -> tuple[tuple[derived.Played, ...], bool]:
    """Every game before `latest` with its outcome (derived.earlier_games), and whether
    they agree with `key`."""
    def make() -> tuple[tuple[derived.Played, ...], bool]:
        marks = [(row, mark) for row, mark in store.games_and_marks(db, table.id) if row.number < latest.number]
        found = tuple((row, *_outcome_at(db, table, row, mark)) for row, mark in marks)
        return found, len(marks) == key[1] - 1 and sum(mark[0] for _, mark in marks) == key[2]

    return derived.earlier_games(db, key, make)


def _summary(db: sqlite_utils.Database, table: store.TableRow, key: derived.BlockKey,
             latest: store.GameRow) -> tuple[tuple[int, tuple[derived.Played, ...]], bool]:
    """The games of the last derived.SUMMARY_SERIES series before `latest`, with how many
    series come before them; and whether what was read agrees with `key`."""
    earlier, agrees = _earlier(db, table, key, latest)
    grouped = _series(earlier, len(table.players))
    skipped = max(0, len(grouped) - derived.SUMMARY_SERIES)
    first = sum(len(s.rows) for s in grouped[:skipped])
    return (skipped, earlier[first:]), agrees


def _series(games: tuple[tuple[store.GameRow, Outcome, bool], ...], players: int) -> tuple[Series, ...]:
    """The games (with their outcomes and whether abandoned) grouped into series.

    A series is a run of games of one kind that ends by that game's own rule: a game after
    the end starts a new series (of the same kind), so it cannot change the ended series'
    result. The end is looked at only when a game of the run finishes.
    """
    groups: list[tuple[Game, list[tuple[store.GameRow, Outcome]]]] = []
    counted: list[Outcome] = []
    """The outcomes of the latest group's games that count (not abandoned)."""
    ended = False
    stopped: set[int] = set()
    for row, outcome, abandoned in games:
        if not groups or groups[-1][0].SLUG != row.kind or ended:
            groups.append((rules.get(row.kind), []))
            counted, ended = [], False
        groups[-1][1].append((row, outcome))
        if abandoned:
            stopped.add(row.id)
        else:
            counted.append(outcome)
            if outcome.over:
                ended = groups[-1][0].evening(counted, players).over
    return tuple(Series(module, tuple(rows), module.evening([o for r, o in rows if r.id not in stopped], players),
                        frozenset(r.id for r, _ in rows if r.id in stopped))
                 for module, rows in groups)
