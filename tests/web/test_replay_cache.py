"""Remembered replays never differ from replaying the whole log from the start."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion import store, tables
from companion.rules import hyper_maker as hm
from companion.rules.base import UNDO, Event, replay
from tests.games.hyper_maker.table import whole_game


def two_connections(tmp_path: Path, name: str) -> tuple[Any, Any, store.TableRow, store.GameRow]:
    """Two connections to one file, as two serving processes have, and a game started."""
    path = tmp_path / name
    here, there = store.connect(path), store.connect(path, migrate=False)
    table = tables.open_table(here, "t", ["Aki", "Ben", "Cho"], hm.SLUG)
    return here, there, table, tables.start_game(here, table.id, hm.SLUG, 0, {})


def test_every_load_equals_a_full_replay_through_entries_and_undos(tmp_path: Path) -> None:
    db = store.connect(tmp_path / "cache.db")
    table = tables.open_table(db, "t", ["Aki", "Ben", "Cho"], hm.SLUG)
    row = tables.start_game(db, table.id, hm.SLUG, 0, {})
    rng = random.Random(5)
    seq = 0
    for kind, seat, card in whole_game(3, seed=9):
        payload = {"card": card.code} if seat is None else {"seat": seat, "card": card.code}
        tables.enter(db, table, row, seq, kind, payload)
        seq += 1
        if rng.random() < 0.2:
            tables.enter(db, table, row, seq, UNDO, {})
            seq += 1
            tables.enter(db, table, row, seq, kind, payload)
            seq += 1
        loaded = tables.load_game(db, table.id, row.number)
        assert loaded is not None
        full = replay(hm.initial, hm.apply, row.setup, [Event(e.kind, e.payload) for e in store.events_of(db, row.id)])
        assert loaded.state == full.state
        assert (loaded.replayed.undone, loaded.replayed.effective) == (full.undone, full.effective)


def test_a_refused_entry_leaves_no_remembered_state(tmp_path: Path) -> None:
    db = store.connect(tmp_path / "refused.db")
    table = tables.open_table(db, "t", ["Aki", "Ben", "Cho"], hm.SLUG)
    row = tables.start_game(db, table.id, hm.SLUG, 0, {})
    tables.enter(db, table, row, 0, "master", {"card": "R5B6"})
    try:
        tables.enter(db, table, row, 0, "master", {"card": "G1Y10"})  # a stale turn
    except store.Conflict:
        pass
    loaded = tables.load_game(db, table.id, row.number)
    assert loaded is not None and loaded.state.master == hm.parse_card("R5B6")


def test_an_entry_written_by_another_process_is_read_not_the_remembered_log(tmp_path: Path) -> None:
    """Another server process (or `companion import`) appends behind this one's back."""
    here, there, table, row = two_connections(tmp_path, "two.db")
    tables.enter(here, table, row, 0, "master", {"card": "R5B6"})
    store.append(there, row.id, 1, "play", {"seat": 0, "card": "R1B10"}, lambda mark, entry: None)
    loaded = tables.load_game(here, table.id, row.number)
    assert loaded is not None and loaded.next_seq == 2
    assert [p.card.code for p in loaded.state.plays] == ["R1B10"]
    after = tables.enter(here, table, row, 2, "play", {"seat": 1, "card": "R2B9"})
    assert [e.seq for e in after.log] == [0, 1, 2]
    assert [p.card.code for p in after.state.plays] == ["R1B10", "R2B9"]


def test_log_marks_read_from_the_file_match_the_log(tmp_path: Path) -> None:
    db = store.connect(tmp_path / "marks.db")
    table = tables.open_table(db, "t", ["Aki", "Ben", "Cho"], hm.SLUG)
    first = tables.start_game(db, table.id, hm.SLUG, 0, {})
    assert store.log_mark(db, first.id) == (0, "")
    for seq, (kind, seat, card) in zip(range(7), whole_game(3, seed=2)):
        tables.enter(db, table, first, seq, kind, {"card": card.code} if seat is None else {"seat": seat, "card": card.code})
    second = tables.start_game(db, table.id, hm.SLUG, 1, {})
    log = store.events_of(db, first.id)
    assert store.log_mark(db, first.id) == (7, log[-1].created)
    assert store.games_and_marks(db, table.id) == [(first, (7, log[-1].created)), (second, (0, ""))]


def test_an_entry_landing_while_the_engine_checks_takes_the_number_and_nothing_is_stored(tmp_path: Path) -> None:
    """The engine checks before the write lock; the insert still happens only at the mark checked."""
    here, there, table, row = two_connections(tmp_path, "between.db")
    tables.enter(here, table, row, 0, "master", {"card": "R5B6"})

    def elsewhere_first(mark: tuple[int, str], entry: store.EventRow) -> None:
        store.append(there, row.id, 1, "play", {"seat": 0, "card": "R1B10"}, lambda mark, entry: None)

    try:
        store.append(here, row.id, 1, "play", {"seat": 0, "card": "R2B9"}, elsewhere_first)
        raise AssertionError("stored over another phone's entry")
    except store.Conflict as conflict:
        assert (conflict.expected, conflict.current) == (1, 2)
    assert [(e.seq, e.payload["card"]) for e in store.events_of(here, row.id)] == [(0, "R5B6"), (1, "R1B10")]
    assert store.version(here, table.id) == store.version_of(1, 2)


def test_a_name_corrected_while_the_engine_checks_still_lets_the_entry_in(tmp_path: Path) -> None:
    """The table's counts moved but the game's log did not: the entry is stored once, and the
    version it gives back counts the correction (the write read them again under the lock)."""
    here, there, table, row = two_connections(tmp_path, "renamed.db")

    def renamed_meanwhile(mark: tuple[int, str], entry: store.EventRow) -> None:
        store.rename_table(there, table.id, "t2", ["Aki", "Ben", "Chō"])

    entry, written = store.append(here, row.id, 0, "master", {"card": "R5B6"}, renamed_meanwhile)
    assert written == (1, 1, 1) and store.version_of(*written) == store.version(there, table.id)
    assert [(e.seq, e.payload["card"]) for e in store.events_of(there, row.id)] == [(0, "R5B6")]
    assert not here.conn.in_transaction and here.conn.isolation_level == ""  # committed, and left as found


def test_a_log_read_after_another_entry_is_a_conflict_not_a_longer_check(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Nothing remembered: the log is read after its mark, and another phone's entry came between."""
    here, there, table, row = two_connections(tmp_path, "reread.db")
    store.append(there, row.id, 0, "master", {"card": "R5B6"}, lambda mark, entry: None)  # not remembered here
    read = store.events_of

    def entered_first(db, game_id):  # type: ignore[no-untyped-def]
        monkeypatch.setattr(store, "events_of", read)
        store.append(there, row.id, 1, "play", {"seat": 0, "card": "R1B10"}, lambda mark, entry: None)
        return read(db, game_id)

    monkeypatch.setattr(store, "events_of", entered_first)
    try:
        tables.enter(here, table, row, 1, "play", {"seat": 0, "card": "R2B9"})
        raise AssertionError("checked against a log longer than its mark")
    except store.Conflict as conflict:
        assert (conflict.expected, conflict.current) == (1, 2)
    assert [e.payload["card"] for e in store.events_of(here, row.id)] == ["R5B6", "R1B10"]
    loaded = tables.load_game(here, table.id, row.number)
    assert loaded is not None and [p.card.code for p in loaded.state.plays] == ["R1B10"]
