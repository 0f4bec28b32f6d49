"""`companion serve`: where it listens, what it prints, and the LAN join code."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import pytest

from companion import cli


def test_lan_address_is_a_private_non_loopback_ipv4_or_none() -> None:
    found = cli.lan_address()
    if found is not None:
        address = ipaddress.ip_address(found)
        assert address.version == 4 and address.is_private and not address.is_loopback


def test_serve_lan_listens_on_the_lan_address_and_prints_a_join_qr(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    calls: list[tuple[object, ...]] = []
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setattr(cli, "run", lambda app, config, *args: calls.append(args))
    monkeypatch.setattr(cli, "lan_address", lambda: "192.168.7.21")
    cli.serve("127.0.0.1", 5123, tmp_path / "t.db", lan=True)
    out = capsys.readouterr().out
    assert calls == [(["192.168.7.21:5123", "127.0.0.1:5123"], 1, cli.THREADS)]
    assert "open http://192.168.7.21:5123/" in out
    assert f"tables are kept in {tmp_path / 't.db'}" in out
    assert "█" in out or "▀" in out  # the QR code, drawn with block characters


def test_serve_defaults_to_loopback_and_the_per_user_data_folder(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    calls: list[tuple[object, ...]] = []
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setattr(cli, "run", lambda app, config, *args: calls.append(args))
    monkeypatch.setattr(cli, "default_db", lambda: tmp_path / "data" / "companion.db")
    assert cli.main(["serve", "--workers", "1"]) == 0
    assert calls[0][0] == ["127.0.0.1:5000"]
    assert (tmp_path / "data" / "companion.db").exists()
    assert "tables are kept in" in capsys.readouterr().out


def test_default_database_lives_in_the_per_user_data_folder() -> None:
    from platformdirs import user_data_path

    assert cli.default_db().parent == user_data_path("companion", appauthor=False)


def test_serve_speaks_the_terminal_language(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setattr(cli, "run", lambda *args: None)
    cli.serve("127.0.0.1", 5124, tmp_path / "t.db")
    assert "テーブルの記録は" in capsys.readouterr().out


def test_gunicorn_is_given_every_address_and_a_pool_larger_than_the_gate(tmp_path: Path) -> None:
    from companion import server
    from companion.processes import Serve, Worker

    serve = Serve({"DATABASE": str(tmp_path / "t.db")}, [":::5123", "127.0.0.1:5123"], workers=3, threads=2,
                  connection_limit=100, timeout=20)
    assert serve.cfg.address == [("::", 5123), ("127.0.0.1", 5123)]  # an IPv6 host in brackets, as gunicorn reads it
    assert serve.cfg.workers == 3 and serve.cfg.worker_class is Worker
    # gevent's pool stops accepting when full: it must never fill before the gate says 503.
    assert serve.cfg.worker_connections > serve.connection_limit + server.REFUSING


@pytest.mark.parametrize(("workers", "lang", "said"), [
    (1, "en_US.UTF-8", "companion: serving from 1 process\n"),
    (2, "en_US.UTF-8", "companion: serving from 2 processes\n"),
    (2, "ja_JP.UTF-8", "companion: 2個のプロセスで配信しています\n"),
])
def test_the_count_of_serving_processes_is_said_in_the_form_it_takes(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        workers: int, lang: str, said: str) -> None:
    """Issue 46: "serving from 1 processes" no more: the count goes through ngettext."""
    from companion import processes
    from companion.app import create_app

    class Started:
        def __init__(self, *args: object) -> None:
            pass

        def run(self) -> None:
            pass

    monkeypatch.setenv("LANG", lang)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setattr(processes, "Serve", Started)
    config = {"DATABASE": str(tmp_path / "t.db")}
    cli.run(create_app(config), config, ["127.0.0.1:5125"], workers, 1)
    assert capsys.readouterr().out == said
