"""Remembered replays never differ from replaying the whole log from the start."""

from __future__ import annotations

import random
from pathlib import Path

from companion import store, tables
from companion.rules import hyper_maker as hm
from companion.rules.base import UNDO, Event, replay
from tests.web.hm_table import whole_game


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
