"""A long evening costs what a short one does: finished games' outcomes are derived once
from their logs and kept, the table's version is one row, and a correction to a finished
game still shows in the scoreboard."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import store, tables
from companion.rules import black_junky as bj
from companion.rules.base import CORRECT, Event, RuleError, replay
from tests.conftest import english_client, make_app, soup
from tests.contract.test_every_game import import_to
from tests.games.black_junky.driver import random_game
from tests.kit.pages import every_series


def record(games: list[tuple[dict, list[Event]]]) -> dict:
    from companion import records

    return {
        "format": records.FORMAT, "version": records.VERSION,
        "table": {"name": "long", "players": list(games[0][0]["players"]), "created": "2026-11-22T00:00:00"},
        "games": [{"number": n + 1, "kind": bj.SLUG, "setup": setup, "created": "2026-11-22T00:00:00",
                   "events": [{"seq": i, "kind": e.kind, "payload": dict(e.payload), "created": ""}
                              for i, e in enumerate(log)]}
                  for n, (setup, log) in enumerate(games)],
    }


def evening(seed: int, games: int) -> tuple[dict, list[tuple[dict, list[Event]]]]:
    """`games` finished three-player Black Junky games of one table, then one under way."""
    found = []
    for candidate in range(seed, seed + 400):
        setup, log = random_game(candidate)
        if len(setup["players"]) == 3:
            found.append((setup, log))
        if len(found) == games + 1:
            break
    setup, log = found[-1]
    found[-1] = (setup, log[: len(log) // 2])
    return found[0][0], found


def seated_evening(path: Path, seed: int, games: int):  # type: ignore[no-untyped-def]
    """An evening imported into a fresh app at `path`: its client, link, database, table id and games."""
    _, played = evening(seed, games)
    client = english_client(make_app(path))
    url = import_to(client, record(played))
    db = store.connect(path, migrate=False)
    return client, url, db, db.execute("select id from tables").fetchone()[0], played


def board_points(client, url: str) -> list[str]:  # type: ignore[no-untyped-def]
    """Every game's row of the full scoreboard, series by series."""
    _, blocks = every_series(client, url)
    return [" ".join(r.get_text(" ", strip=True).split()) for block in blocks for r in block.select("tbody tr")]


def test_finished_games_are_derived_once_then_read_without_replaying(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "long.db"
    setup, games = evening(3, 2)
    seeds = [g for g in games]
    assert all(len(s["players"]) == len(setup["players"]) for s, _ in seeds)
    first = english_client(make_app(path))
    url = import_to(first, record(games))
    before = board_points(first, url)
    kept = store.connect(path, migrate=False).execute("select game_id from outcomes order by game_id").fetchall()
    assert [row[0] for row in kept] == [1, 2]  # the two finished games, not the one under way

    replayed: list[int] = []
    original = tables._game_at  # noqa: SLF001 (this project's own)

    def counting(db, table, row, mark):  # type: ignore[no-untyped-def]
        replayed.append(row.number)
        return original(db, table, row, mark)

    monkeypatch.setattr(tables, "_game_at", counting)
    fresh = english_client(make_app(path))  # a restarted server: nothing remembered
    assert board_points(fresh, url) == before
    assert 1 not in replayed and 2 not in replayed


def test_the_version_a_phone_polls_counts_games_and_entries(tmp_path: Path) -> None:
    client, url, db, table_id, games = seated_evening(tmp_path / "version.db", 5, 2)
    entries = sum(len(log) for _, log in games)
    assert store.version(db, table_id) == store.version_of(3, entries)
    etag = client.get(url + "/g/3/panel").headers["ETag"]
    assert etag == f'"3.{entries}"'


def correct_game_one(client, url: str, games: list[tuple[dict, list[Event]]]) -> list[int]:  # type: ignore[no-untyped-def]
    """Correct a reveal of game 1 to an unused card so that the game's points change; the new points."""
    setup, log = games[0]
    used = {c for e in log for c in (e.payload.get("cards") or [e.payload.get("card")]) if c}
    unused = [c.code for c in bj.DECK if c.code not in used and not c.code.startswith("X")]
    found = None
    first = bj.outcome(replay(bj.initial, bj.apply, setup, log).state).points
    for seq, event in enumerate(log):
        if event.kind != "reveal" or not event.payload.get("cards"):
            continue
        for code in unused:
            payload = {"seat": event.payload["seat"], "cards": [code, *event.payload["cards"][1:]]}
            try:
                state = replay(bj.initial, bj.apply, setup, [*log, Event(CORRECT, {"seq": seq, "payload": payload})]).state
            except RuleError:
                continue
            if bj.outcome(state).points != first:
                found = (seq, payload, bj.outcome(state).points)
                break
        if found:
            break
    assert found is not None
    seq, payload, points = found
    response = client.post(f"{url}/g/1/correct/{seq}", data={"seq": str(len(log)), "seat": str(payload["seat"]),
                                                              "cards": payload["cards"]})
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return list(points)


def test_a_correction_to_a_finished_game_shows_in_the_scoreboard(tmp_path: Path) -> None:
    path = tmp_path / "fix.db"
    _, games = evening(9, 2)
    client = english_client(make_app(path))
    url = import_to(client, record(games))
    before = board_points(client, url)
    points = correct_game_one(client, url, games)
    after = board_points(client, url)
    assert after[0] != before[0] and after[1:] == before[1:]
    assert " ".join(str(p) for p in points) in after[0]
    # And a restarted server agrees: the kept outcome of the old log no longer applies.
    assert board_points(english_client(make_app(path)), url) == after


def test_the_exports_follow_a_correction_to_a_finished_game_and_a_renamed_player(tmp_path: Path) -> None:
    """Exports remember each game's part by its log (and the CSV's earlier rows by the
    scoreboard's block of them): what was remembered never outlives a change."""
    import csv
    import io
    import json

    from companion import records

    client, url, db, table_id, games = seated_evening(tmp_path / "exports.db", 9, 2)

    def exported() -> tuple[dict, list[dict[str, str]]]:
        as_json = json.loads(client.get(url + "/export.json").get_data(as_text=True))
        as_csv = list(csv.DictReader(io.StringIO(client.get(url + "/export.csv").get_data(as_text=True).lstrip("\ufeff"))))
        return as_json, as_csv

    first_json, first_csv = exported()  # remembered from here on
    assert first_json == records.export_table(db, table_id)
    points = correct_game_one(client, url, games)
    second_json, second_csv = exported()
    assert second_json == records.export_table(db, table_id)
    assert len(second_json["games"][0]["events"]) == len(first_json["games"][0]["events"]) + 1
    assert second_json["games"][1:] == first_json["games"][1:]
    assert [int(r["points"]) for r in second_csv if r["game"] == "1"] == points
    assert [r for r in second_csv if r["game"] != "1"] == [r for r in first_csv if r["game"] != "1"]

    players = list(second_json["table"]["players"])
    assert client.post(url + "/names", data={"name": "renamed", "player": players}).status_code == 303
    third_json, third_csv = exported()
    assert third_json["table"]["name"] == "renamed" and third_json["games"] == second_json["games"]
    assert {r["table"] for r in third_csv} == {"renamed"}
    assert client.post(url + "/names", data={"name": "renamed", "player": ["Aki", *players[1:]]}).status_code == 303
    fourth_json, fourth_csv = exported()
    assert fourth_json["table"]["players"][0] == "Aki" and fourth_json["games"] == second_json["games"]
    assert {r["player"] for r in fourth_csv if r["seat"] == "0"} == {"Aki"}


def test_a_game_page_shows_the_latest_games_and_links_every_one_for_its_own_link(tmp_path: Path) -> None:
    """At a long evening the panel carries the game's own series and the one before (Black
    Junky: a game each); the full scoreboard, one tap away, lists every game, under the
    link that asked."""
    path = tmp_path / "many.db"
    _, games = evening(11, 11)
    client = english_client(make_app(path))
    url = import_to(client, record(games))
    page = soup(client.get(url + "/g/12"))
    rows = page.select("#scoreboard tbody tr")
    assert [r.select_one("th").get_text(" ", strip=True).split()[0] for r in rows] == ["11", "12"]
    earlier = page.select_one("#scoreboard .earlier-series a")
    assert earlier is not None and " ".join(earlier.get_text().split()) == "10 more series on the full scoreboard"
    assert earlier["href"] == url + "/scoreboard"
    full, blocks = every_series(client, url)
    full_rows = [r for block in blocks for r in block.select("tbody tr")]
    assert [r.select_one("th").get_text(" ", strip=True).split()[0] for r in full_rows] == [str(n) for n in range(1, 13)]
    assert full.select("#scoreboard tfoot")[-1].get_text() == page.select("#scoreboard tfoot")[-1].get_text()
    assert full.select_one("a.button")["href"] == url + "/g/12"
    assert all(a["href"].startswith(url + "/scoreboard?series=") for a in full.select("#evening a.series-link"))
    # A series the table does not have is refused in words, never a 500.
    for asked in ("0", "13", "x", "-1"):
        refused = client.get(url + "/scoreboard?series=" + asked)
        assert refused.status_code == 404 and "no such series" in refused.get_data(as_text=True), asked

    # A viewer's page links the viewer's full scoreboard, never the scorer's.
    token = store.connect(path, migrate=False).execute("select viewer_token from tables").fetchone()[0]
    viewer_path = f"/t/{token}"
    seen = soup(client.get(viewer_path + "/g/12")).select_one("#scoreboard .earlier-series a")
    assert seen is not None and seen["href"] == viewer_path + "/scoreboard"
    _, viewer_blocks = every_series(client, viewer_path)
    assert len(viewer_blocks) == len(blocks)
    assert all(a["href"].startswith(viewer_path + "/") for a in soup(client.get(viewer_path + "/scoreboard")).select("#evening a"))


def test_the_first_page_after_a_restart_reads_the_earlier_games_summary_not_every_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing derived grows slower with the evening, restarts included: a restarted server
    shows the latest game's page from the kept summary of the games before it (one row,
    derived.earlier_summary), and shows what a server that built it from every game shows."""
    path = tmp_path / "restart.db"
    _, games = evening(21, 9)
    first = english_client(make_app(path))
    url = import_to(first, record(games))
    before = soup(first.get(url + "/g/10")).select_one("#scoreboard")
    assert before is not None

    read: list[str] = []
    original_marks, original_outcome = store.games_and_marks, tables._outcome_at  # noqa: SLF001 (this project's own)
    monkeypatch.setattr(store, "games_and_marks", lambda *a: read.append("marks") or original_marks(*a))
    monkeypatch.setattr(tables, "_outcome_at", lambda db, table, row, mark: read.append(str(row.number))
                        or original_outcome(db, table, row, mark))
    fresh = english_client(make_app(path))  # a restarted server: nothing remembered
    after = soup(fresh.get(url + "/g/10")).select_one("#scoreboard")
    assert after is not None and after.decode() == before.decode()
    assert read == []  # neither the games' marks nor any earlier game's outcome was read
    assert len(store.connect(path, migrate=False).execute("select * from boards").fetchall()) == 1


def test_the_summary_is_made_again_when_an_earlier_game_is_corrected(tmp_path: Path) -> None:
    """The summary's row names the counts it was made at: a correction to an earlier game
    appends an entry, the counts move, and a restarted server makes it again."""
    client, url, db, table_id, played = seated_evening(tmp_path / "fix.db", 31, 3)
    client.get(url + "/g/4")
    kept = db.execute("select games, entries from boards").fetchone()
    game = tables.load_game(db, table_id, 3)
    assert game is not None
    position = next(p for p in game.replayed.effective if game.log[p].kind not in (CORRECT,))
    payload = game.payload_in_force(position)
    tables.enter(db, game.table, game.row, game.next_seq, CORRECT, {"seq": position, "payload": dict(payload)})
    fresh = english_client(make_app(tmp_path / "fix.db"))
    fresh.get(url + "/g/4")
    again = store.connect(tmp_path / "fix.db", migrate=False).execute("select games, entries from boards").fetchone()
    assert again[1] == kept[1] + 1
    latest = tables.load_game(db, table_id)
    recent = tables.scoreboard(db, table_id, current=latest, recent=True)
    whole = tables.scoreboard(db, table_id, current=latest)
    assert recent.count == whole.count and recent.series == whole.series[recent.skipped:]
    assert recent.around(latest.row.id if latest else None) == whole.around(latest.row.id if latest else None)
