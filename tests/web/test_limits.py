"""How much one table keeps (companion/limits.py, issue 29 item 3) and records of every wrong
shape (item 5): past a limit, or of a wrong JSON type anywhere, a record, an entry, a game
or a name is refused with a sentence in the person's language, and nothing is written."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion import cli, limits, records, store
from tests.conftest import make_app, text
from tests.contract.test_every_game import SLUGS, driver, record_of
from tests.games.hyper_maker.table import enter, seat_table


def counts(client: FlaskClient) -> tuple[int, int, int]:
    """Tables, games and entries in the client's database."""
    db = store.connect(client.application.config["DATABASE"], migrate=False)
    return tuple(db.execute(f"select count(*) from {name}").fetchone()[0]  # type: ignore[return-value]
                 for name in ("tables", "games", "events"))


def post_record(client: FlaskClient, raw: bytes) -> Any:
    return client.post("/import", data={"record": (io.BytesIO(raw), "r.json")}, content_type="multipart/form-data")


def hyper_record(entries: int = 6, games: int = 1) -> dict[str, Any]:
    setup, log = driver("hyper-maker").random_game(1)
    record = record_of("hyper-maker", setup, log[:entries])
    record["games"] = [dict(record["games"][0], number=n) for n in range(1, games + 1)]
    return record


# --------------------------------------------------------------------------- entries and games


def test_an_entry_past_the_games_limit_is_refused_with_a_sentence_and_not_stored(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "ENTRIES_PER_GAME", 3)
    url = seat_table(client)
    for card in ("R5B6", "R2G9", "B8Y3"):
        assert enter(client, url, card).status_code in (200, 303)
    before = counts(client)
    refused = enter(client, url, "R9B2")
    assert refused.status_code == 422
    assert "This game holds 3 entries, the most one game keeps" in text(refused)
    assert counts(client) == before
    undo = client.post(url + "/undo", data={"seq": "3"})  # an undo is an entry too
    assert undo.status_code == 422 and counts(client) == before


def test_an_entry_past_the_tables_limit_is_refused_in_japanese_too(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "ENTRIES_PER_TABLE", 2)
    url = seat_table(client)
    enter(client, url, "R5B6")
    enter(client, url, "R2G9")
    before = counts(client)
    client.set_cookie("lang", "ja")
    refused = enter(client, url, "B8Y3")
    assert refused.status_code == 422 and "2件" in text(refused) and "新しいテーブル" in text(refused)
    assert counts(client) == before


def test_a_game_past_the_tables_limit_is_refused_and_not_started(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "GAMES_PER_TABLE", 1)
    url = seat_table(client)
    before = counts(client)
    refused = client.post(url.split("/g/")[0] + "/games", data={"game": "hyper-maker", "first_leader": "1"})
    assert refused.status_code == 422
    assert "This table has played 1 games, the most one table keeps" in text(refused)
    assert counts(client) == before


def test_a_table_name_past_its_limit_is_refused_not_clipped(client: FlaskClient) -> None:
    long = "N" * (limits.TABLE_NAME + 1)
    before = counts(client)
    refused = client.post("/tables", data={"name": long, "player": ["Aki", "Ben", "Cho"], "game": "hyper-maker"})
    assert refused.status_code == 422 and "Keep the table's name to 60 characters." in text(refused)
    assert counts(client) == before
    url = seat_table(client).split("/g/")[0]
    renamed = client.post(url + "/names", data={"name": long, "player": ["Aki", "Ben", "Cho"]})
    assert renamed.status_code == 422 and "Keep the table's name to 60 characters." in text(renamed)
    kept = client.post(url + "/names", data={"name": "N" * limits.TABLE_NAME, "player": ["Aki", "Ben", "Cho"]})
    assert kept.status_code == 303


# --------------------------------------------------------------------------- records past the limits


def cli_import(tmp_path: Path, raw: bytes, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "record.json"
    path.write_bytes(raw)
    status = cli.main(["import", str(path), "--db", str(tmp_path / "cli.db"), "--lang", "en"])
    return status, capsys.readouterr().err


@pytest.mark.parametrize("limit, value, record, said", [
    ("GAMES_PER_TABLE", 2, hyper_record(games=3), "This record holds 3 games, more than the 2 one table keeps."),
    ("ENTRIES_PER_GAME", 5, hyper_record(entries=6), "Game 1 of the record holds 6 entries, more than the 5"),
    ("ENTRIES_PER_TABLE", 10, hyper_record(entries=6, games=2), "This record holds 12 entries in all, more than the 10"),
])
def test_a_record_past_a_limit_is_refused_by_the_page_and_the_command(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        limit: str, value: int, record: dict[str, Any], said: str) -> None:
    raw = json.dumps(record).encode()
    assert post_record(client, raw).status_code == 303  # within the real limits: imported
    monkeypatch.setattr(limits, limit, value)
    before = counts(client)
    refused = post_record(client, raw)
    assert refused.status_code == 422 and said in text(refused) and "Nothing was imported." in text(refused)
    assert counts(client) == before
    status, err = cli_import(tmp_path, raw, capsys)
    assert status == 2 and said in err and "Traceback" not in err


def test_a_records_table_name_of_100_mb_is_refused_by_its_names(
        client: FlaskClient, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for table in ({"name": "N" * 200}, {"players": ["P0", "P1", "X" * 1000]}):
        record = hyper_record()
        record["table"].update(table)
        raw = json.dumps(record).encode()
        refused = post_record(client, raw)
        assert refused.status_code == 422 and "The record's table name or players' names: Keep" in text(refused)
        status, err = cli_import(tmp_path, raw, capsys)
        assert status == 2 and "The record's table name or players' names: Keep" in err


def test_a_record_too_large_for_the_page_is_refused_before_it_is_read(client: FlaskClient) -> None:
    record = json.dumps(hyper_record()).encode()
    within = record[:-1] + b" " * (600 * 1024) + b"}"  # ten times the app's 64 KB for any other request
    assert post_record(client, within).status_code == 303
    just_over = record[:-1] + b" " * limits.WEB_RECORD_BYTES + b"}"  # checked once read
    over = record[:-1] + b" " * (limits.WEB_RECORD_BYTES + limits.FORM_BYTES) + b"}"  # refused by its length
    before = counts(client)
    for raw, status in ((just_over, 422), (over, 413)):
        refused = post_record(client, raw)
        assert refused.status_code == status
        said = text(refused)
        assert "This record is larger than the 1 MB this page takes: import it with “companion import”" in said
        assert f"up to {limits.RECORD_BYTES // limits.MB} MB" in said
    assert counts(client) == before
    client.set_cookie("lang", "ja")
    assert "companion import" in text(post_record(client, over)) and "MB" in text(post_record(client, over))


def test_a_record_file_too_large_for_the_command_is_refused_by_its_size(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(limits.RECORD_BYTES + 1)  # a sparse file: its size alone refuses it
    status = cli.main(["import", str(path), "--db", str(tmp_path / "cli.db"), "--lang", "en"])
    err = capsys.readouterr().err
    assert status == 2 and "This record is larger than 16 MB, more than one table ever holds." in err
    status = cli.main(["audit", str(path), "--lang", "ja"])
    assert status == 2 and "16 MB" in capsys.readouterr().out
    # A size not known beforehand (a pipe): read no further than the limit, then refused.
    import os
    import threading

    monkeypatch.setattr(limits, "RECORD_BYTES", 2 * limits.MB)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)

    def write() -> None:
        try:
            with pipe.open("wb") as out:
                out.write(b" " * (8 * limits.MB))
        except BrokenPipeError:  # the reader stopped at the limit
            pass

    threading.Thread(target=write, daemon=True).start()
    with pytest.raises(records.RecordError) as refused:
        cli.read_record(pipe)
    assert refused.value.error.ruling.key == "record.too_large"


# --------------------------------------------------------------------------- records of every wrong type


REPLACEMENTS: list[Any] = [[], {}, 7, 1.5, "x", None, True, [1], {"a": 1}]
"""A list, an object, a number, a string and null, each in place of every value of a record."""


def paths(value: Any, where: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value, the whole included."""
    yield where
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*where, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*where, index))


def put(record: Any, where: tuple[Any, ...], value: Any) -> Any:
    if not where:
        return value
    changed = copy.deepcopy(record)
    part = changed
    for key in where[:-1]:
        part = part[key]
    part[where[-1]] = value
    return changed


@pytest.fixture(scope="module")
def importer(tmp_path_factory: pytest.TempPathFactory) -> FlaskClient:
    client = make_app(tmp_path_factory.mktemp("mutations") / "m.db").test_client()
    client.set_cookie("lang", "en")
    return client


@pytest.mark.parametrize("slug", SLUGS)
def test_a_record_with_any_value_of_the_wrong_type_is_refused_or_imported_never_a_500(
        slug: str, importer: FlaskClient) -> None:
    """Issue 29: a record whose setup was a list answered 500 (and the command line printed a
    traceback). Every value of a valid record, replaced by each JSON type, is refused with
    the record's sentence or imported whole; an imported table's pages all answer."""
    setup, log = driver(slug).random_partial(3)
    record = record_of(slug, setup, log[:4])
    refused = imported = 0
    for where in paths(record):
        for value in REPLACEMENTS:
            before = counts(importer)
            answer = importer.post("/import", data={"record": (io.BytesIO(json.dumps(put(record, where, value)).encode()),
                                                               "r.json")})
            assert answer.status_code in (303, 422), (where, value)
            if answer.status_code == 422:
                refused += 1
                assert "record" in text(answer), (where, value)
                assert counts(importer) == before, (where, value)
                continue
            imported += 1
            table = answer.location.rstrip("/")
            for page in ("/g/1", "/g/1/panel", "/g/1/history", "/new", "/names", "/share", "/export.json",
                         "/export.csv", "/scoreboard"):
                assert importer.get(table + page).status_code < 500, (where, value, page)
    assert refused and imported  # the types refused, and the values a record may change (a name, a time)


def test_the_command_refuses_every_wrong_type_with_the_records_sentence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    setup, log = driver("kings-trick").random_partial(2)
    record = record_of("kings-trick", setup, log[:3])
    outcomes: set[int] = set()
    for where in paths(record):
        for value in ([], {}, 7, "x", None):
            status, err = cli_import(tmp_path, json.dumps(put(record, where, value)).encode(), capsys)
            assert status in (0, 2) and "Traceback" not in err, (where, value)
            assert status == 0 or err.startswith("companion: ") and "record" in err, (where, value, err)
            outcomes.add(status)
    assert outcomes == {0, 2}


@pytest.mark.parametrize("where, value", [
    (("games", 0, "setup"), []), (("games", 0, "setup", "players"), {"a": 1}), (("games", 0, "setup", "options"), None),
    (("games", 0, "events", 0, "payload"), [["card", "R5B6"]]), (("table", "name"), ["x"]),
    (("games", 0, "number"), True), (("version",), True), (("table", "players", 1), ""),
])
def test_a_wrong_type_is_the_records_sentence_not_a_guess(client: FlaskClient, where: tuple[Any, ...],
                                                           value: Any) -> None:
    """Values once read loosely (a payload as a list of pairs, a name as a list, true as the
    version 1, a blank name that moved the seats) or taken only to break a page afterwards
    (options null) are refused."""
    record = record_of("hyper-maker", *driver("hyper-maker").random_partial(1))
    refused = post_record(client, json.dumps(put(record, where, value)).encode())
    assert refused.status_code == 422 and "not a table record" in text(refused)


def test_a_game_for_other_players_says_which_game(client: FlaskClient) -> None:
    """The number of the game went where its engine belongs (an AttributeError, a 500)."""
    record = hyper_record()
    record["games"][0]["setup"]["players"] = ["A", "B"]
    refused = post_record(client, json.dumps(record).encode())
    assert refused.status_code == 422
    assert "Game 1 of the record is set up for other players than the table." in text(refused)


# --------------------------------------------------------------------------- names past ASCII


def test_a_non_ascii_csrf_token_is_refused_not_a_500(tmp_path: Path) -> None:
    """Issue 29: POST /t/TOKEN/names with a field past ASCII answered 500 (compare_digest
    takes no such str). Names past ASCII are taken; a token past ASCII is a bad request."""
    import re

    from companion.app import create_app

    app = create_app({"DATABASE": str(tmp_path / "c.db"), "TESTING": True})
    client = app.test_client()
    client.set_cookie("lang", "en")
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").get_data(as_text=True))
    assert token is not None
    made = client.post("/tables", data={"csrf_token": token.group(1), "player": ["Aki", "Ben", "Cho"],
                                        "game": "hyper-maker"})
    table = made.location.split("/new")[0]
    for players in (["Ä", "日本", "Çé"], ["Aki", "Ben", "Ωmega"]):
        named = client.post(table + "/names", data={"csrf_token": token.group(1), "name": "ü", "player": players})
        assert named.status_code == 303
    for forged in ("ü", "日本" + token.group(1), token.group(1)[:-1] + "é"):
        refused = client.post(table + "/names", data={"csrf_token": forged, "name": "x", "player": ["A", "B", "C"]})
        assert refused.status_code == 400 and "Traceback" not in refused.get_data(as_text=True)
