"""A record exported before games became packages imports and gives the same points.

`records/before-the-house.json` was exported by the app as it stood before the typed
contract: two Hyper Maker games, then Master of Rules, then Twin Shoot, at one table. That
app showed one row per game and a single total across all four, which meant nothing; the
rows must stay exactly as they were, and the totals now come per series.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion import records, store, tables

RECORD = Path(__file__).parent / "records" / "before-the-house.json"
ROWS_BEFORE = [[13, 14, 18, 0], [12, 13, 11, 19], [5, 3, 1, 6], [41, 41, 129, 129]]
"""Each game's points as the earlier app's scoreboard showed them."""


def test_a_record_from_before_imports_with_the_same_rows_and_totals_per_series(tmp_path: Path) -> None:
    db = store.connect(tmp_path / "now.db")
    table = records.import_table(db, json.loads(RECORD.read_text(encoding="utf-8")))
    board = tables.scoreboard(db, table.id)
    assert [list(outcome.points) for _, outcome in board.rows] == ROWS_BEFORE
    assert all(outcome.over for _, outcome in board.rows)
    assert [s.kind for s in board.series] == ["hyper-maker", "master-of-rules", "twin-shoot"]
    assert [list(s.evening.totals) for s in board.series] == [[25, 27, 29, 19], [5, 3, 1, 6], [41, 41, 129, 129]]
    assert records.export_table(db, table.id)["games"] == json.loads(RECORD.read_text(encoding="utf-8"))["games"]
