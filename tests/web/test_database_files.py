"""Bad database files: each says, in one sentence in the terminal's language, what is wrong
and what to do; a file that is not ours, or is newer than us, is never written to; an
entry that the disk could not take says it was NOT stored."""

from __future__ import annotations

import hashlib
import os
import random
import sqlite3
import threading
from pathlib import Path

import pytest

from companion import cli, derived, store
from tests.conftest import english_client, make_app, soup
from tests.games.hyper_maker.driver import random_game
from tests.games.hyper_maker.table import enter, seat_table


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str,
        *argv: str) -> tuple[int, str]:
    """The command's exit code and what it printed on stderr, in the terminal's language."""
    monkeypatch.setenv("LANG", "ja_JP.UTF-8" if lang == "ja" else "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setattr(cli, "run", lambda *args: pytest.fail("served a file it should refuse"))
    code = cli.main(list(argv))
    err = capsys.readouterr().err
    return code, err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def companion_db(path: Path) -> Path:
    db = store.connect(path)
    db.conn.close()
    return path


@pytest.mark.parametrize("lang, words", [
    ("en", "is not a companion database (not an SQLite file at all): choose another file with --db"),
    ("ja", "companionのデータベースではありません"),
])
@pytest.mark.parametrize("content", [b"just some notes\n" * 40, bytes(random.Random(7).randbytes(8192))],
                         ids=["text", "random bytes"])
def test_a_file_that_is_not_sqlite_is_refused_untouched(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        content: bytes, lang: str, words: str) -> None:
    path = tmp_path / "x.db"
    path.write_bytes(content)
    code, err = run(capsys, monkeypatch, lang, "serve", "--db", str(path))
    assert code == 2 and words in err and str(path) in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.db"]  # no -wal or -shm beside it


def test_a_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    code, err = run(capsys, monkeypatch, "en", "serve", "--db", str(tmp_path))
    assert code == 2 and "is a folder, not a database file" in err


def test_another_programs_sqlite_file_gets_no_tables_and_no_wal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "notes.db"
    other = sqlite3.connect(path)
    other.execute("create table notes (id integer primary key, body text)")
    other.execute("insert into notes (body) values ('milk')")
    other.commit()
    other.close()
    before = digest(path)
    code, err = run(capsys, monkeypatch, "en", "serve", "--db", str(path))
    assert code == 2 and "belongs to another program" in err and "Nothing was written to it." in err
    assert digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.db"]


def test_a_database_from_a_newer_companion_is_not_served_nor_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    path = companion_db(tmp_path / "newer.db")
    conn = sqlite3.connect(path)
    conn.execute("insert into _sqlite_migrations (migration_set, name, applied_at) values ('companion', 'm999_future', 'now')")
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    before = digest(path)
    for argv in (("serve", "--db", str(path)), ("import", str(tmp_path / "r.json"), "--db", str(path))):
        code, err = run(capsys, monkeypatch, "ja", *argv)
        assert code == 2 and "新しいバージョン" in err
    assert digest(path) == before


def test_a_read_only_file_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # The suite runs as root, who may write anything: the check is made to see the file
    # as the server's user would, without write permission.
    path = companion_db(tmp_path / "ro.db")
    path.chmod(0o444)
    monkeypatch.setattr(store.os, "access", lambda p, mode: not (mode & os.W_OK and Path(p) == path))
    code, err = run(capsys, monkeypatch, "en", "serve", "--db", str(path))
    assert code == 2 and "cannot be written (a read-only file, folder or disk)" in err


def test_a_damaged_file_is_refused_at_start(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "damaged.db"
    client = english_client(make_app(path))
    seat_table(client)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray(path.read_bytes())
    page = 4096
    data[page:] = bytes(random.Random(1).randbytes(len(data) - page))  # every page past the first
    path.write_bytes(bytes(data))
    code, err = run(capsys, monkeypatch, "en", "serve", "--db", str(path))
    assert code == 2 and "is damaged: restore it from a copy" in err


def test_export_of_a_mistyped_path_creates_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    typo = tmp_path / "nope" / "typo.db"
    out = tmp_path / "out.json"
    code, err = run(capsys, monkeypatch, "en", "export", "abc", "--db", str(typo), "-o", str(out))
    assert code == 2 and f"There is no database at {typo}" in err
    assert not typo.parent.exists() and not out.exists()
    same_folder = tmp_path / "typo.db"
    code, err = run(capsys, monkeypatch, "en", "export", "abc", "--db", str(same_folder))
    assert code == 2 and not same_folder.exists()


def test_serve_into_a_missing_folder_makes_no_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "nope" / "x.db"
    code, err = run(capsys, monkeypatch, "ja", "serve", "--db", str(path))
    assert code == 2 and "フォルダ" in err and not path.parent.exists()


def test_our_own_database_and_an_empty_file_are_served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    served: list[object] = []
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.setattr(cli, "run", lambda app, *args: served.append(app))
    ours = companion_db(tmp_path / "ours.db")
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    for path in (ours, empty, tmp_path / "new.db"):
        assert cli.main(["serve", "--db", str(path), "--workers", "1"]) == 0
    assert len(served) == 3
    assert capsys.readouterr().err == ""


def test_an_entry_the_full_disk_refused_says_it_was_not_stored(tmp_path: Path) -> None:
    path = tmp_path / "full.db"
    small = sqlite3.connect(path)  # small pages, so that a few entries need a new one
    small.execute("PRAGMA page_size = 512")
    small.execute("VACUUM")
    small.close()
    app = make_app(path)
    client = english_client(app)
    setup, log = random_game(0)
    game_url = seat_table(client, first=setup["first_leader"], tie_winner_leads=True)
    client.get(game_url)
    # The request thread's own connection (the test client serves in this thread) may grow
    # the file no further: the disk is full.
    local: threading.local = app.extensions["companion.connections"]
    pages = local.db.execute("PRAGMA page_count").fetchone()[0]
    local.db.execute(f"PRAGMA max_page_count = {pages}")
    confirmed = refused = 0
    plain = log[: next((i for i, e in enumerate(log) if e.kind not in ("master", "play")), len(log))]
    assert len(plain) > 20
    for event in plain:
        response = enter(client, game_url, event.payload["card"], htmx=True)
        if response.status_code == 507:
            refused += 1
            alert = soup(response).select_one("[role=alert]:not(#net-status)")
            assert alert is not None and "this entry was NOT stored" in alert.get_text()
            assert "nothing you entered was lost" not in response.get_data(as_text=True)
            break
        assert response.status_code == 200, response.status_code
        confirmed += 1
    assert refused == 1
    stored = store.events_of(store.connect(path, migrate=False), 1)
    assert len(stored) == confirmed


def test_a_table_damaged_while_served_says_what_to_do(tmp_path: Path) -> None:
    path = tmp_path / "hurt.db"
    app = make_app(path)
    client = english_client(app)
    game_url = seat_table(client)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray(path.read_bytes())
    data[4096:] = bytes(random.Random(2).randbytes(len(data) - 4096))
    path.write_bytes(bytes(data))
    # A server started before the damage: its kept connections and remembered replays go.
    app.extensions["companion.connections"] = threading.local()
    derived.install(app)
    response = client.get(game_url)
    assert response.status_code == 500
    alert = soup(response).select_one("[role=alert]:not(#net-status)")
    assert alert is not None and "The database file is damaged" in alert.get_text()
    assert "Traceback" not in response.get_data(as_text=True)
