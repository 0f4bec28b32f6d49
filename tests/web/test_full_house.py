"""A full house says no at once: past its connection limit (live streams included) a serving
process answers a new connection 503, with Retry-After and a sentence in the person's
language, and closes it; it never leaves a phone waiting unanswered. Run against
`companion serve` itself, its open-file limit lowered so that the limit is a hundred
connections, not thousands."""

from __future__ import annotations

import os
import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


from companion import server
from companion.app import create_app
from companion.headers import SECURITY_HEADERS
from companion.server import served_in_thread
from tests.web.test_workers import ROOT, STARTED, _leave_no_server, free_port, seat, wait_until
from tests.web.test_server_headers import raw

FILES = 300
"""The serving process's open-file limit here: its connection limit comes out at 100."""

LIMIT = FILES - server.FILES_KEPT - server.REFUSING

__all__ = ["_leave_no_server"]  # its autouse fixture: whatever a failing test leaves running is killed


@contextmanager
def served_with_few_files(db: Path) -> Iterator[tuple[int, str]]:
    """`companion serve --workers 1` with an open-file limit of FILES (soft and hard, so it
    cannot raise it); the port and a game's address. Stopped at the end."""
    game = seat(db)
    port = free_port()

    def few_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, FILES))

    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--db", str(db), "--port", str(port),
                             "--workers", "1"], cwd=ROOT, start_new_session=True, preexec_fn=few_files,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    STARTED.append(proc)
    try:
        assert wait_until(lambda: serves(port, game)), "the server did not start"
        yield port, game
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)


def serves(port: int, path: str) -> bool:
    try:
        return ask(port, path).startswith(b"HTTP/1.1 200 ")
    except OSError:
        return False


def ask(port: int, path: str, headers: str = "", seconds: float = 5.0) -> bytes:
    """The answer's first bytes to a GET on a new connection, b"" if it was closed unanswered;
    raises socket.timeout if nothing came within `seconds`."""
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}Connection: close\r\n\r\n"
    return raw(port, request.encode(), seconds)


def open_stream(port: int, path: str) -> socket.socket:
    """A phone's live stream, idle once it has heard the table's version."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
    heard = b""
    while b"data: " not in heard:
        chunk = sock.recv(4096)
        assert chunk, heard
        heard += chunk
    assert heard.startswith(b"HTTP/1.1 200 "), heard[:200]
    return sock


def headers_of(answer: bytes) -> dict[str, str]:
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")[1:]
    return {name.lower(): value.strip() for name, value in (line.split(":", 1) for line in head)}


def test_past_its_limit_the_server_answers_503_at_once_and_serves_again_when_streams_close(tmp_path: Path) -> None:
    with served_with_few_files(tmp_path / "full.db") as (port, game):
        live = game.split("/g/")[0] + "/live"
        streams = [open_stream(port, live) for _ in range(LIMIT)]
        try:
            started = time.monotonic()
            answer = ask(port, game, "Accept-Language: ja,en;q=0.5\r\n", seconds=10)
            assert time.monotonic() - started < 1.0
            assert answer.startswith(b"HTTP/1.1 503 "), answer[:200]
            headers = headers_of(answer)
            assert headers["retry-after"] == str(server.RETRY_AFTER)
            assert headers["connection"] == "close"
            assert all(headers[name.lower()] == value for name, value in SECURITY_HEADERS)
            page = answer.split(b"\r\n\r\n", 1)[1].decode()
            assert '<html lang="ja">' in page
            assert '<p role="alert">いまサーバーにつながっている端末が上限に達しています。何も保存されていません。' in page
            # The switch's cookie wins over the browser's preference, as on every page.
            english = ask(port, game, "Accept-Language: ja\r\nCookie: lang=en\r\n")
            assert b"as many phones connected as it can hold right now: nothing was stored." in english
            # A live stream past the limit is turned away the same way (the page then asks).
            assert ask(port, live, "Accept: text/event-stream\r\n").startswith(b"HTTP/1.1 503 ")
        finally:
            for stream in streams:
                stream.close()
        # The streams' phones have gone: their places are free at once, not at the next heartbeat.
        assert wait_until(lambda: serves(port, game), seconds=3)
        again = [open_stream(port, live) for _ in range(LIMIT)]
        for stream in again:
            stream.close()


def test_past_the_refusals_too_a_connection_is_closed_at_once(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "refusals.db")})
    with served_in_thread(app, connection_limit=3) as serving:
        held = [socket.create_connection(("127.0.0.1", serving.port), timeout=5) for _ in range(3)]
        for sock in held:  # held: each has sent a request and has its answer, on a kept connection
            sock.sendall(b"GET /static/companion.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert sock.recv(64).startswith(b"HTTP/1.1 200 ")
        # Silent connections past the limit, each waiting to be turned away (up to REFUSE_WAIT).
        silent = [socket.create_connection(("127.0.0.1", serving.port), timeout=5) for _ in range(server.REFUSING)]
        try:
            assert wait_until(lambda: serving.gate.refusing == server.REFUSING, seconds=3)
            started = time.monotonic()
            assert ask(serving.port, "/") == b""  # closed without a word, not left waiting
            assert time.monotonic() - started < 1.0
        finally:
            for sock in held + silent:
                sock.close()
        assert wait_until(lambda: serves(serving.port, "/"), seconds=5)


def test_the_default_limit_is_what_the_open_file_limit_leaves() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1000, hard))
        assert server.most_connections() == 1000 - server.FILES_KEPT - server.REFUSING
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
