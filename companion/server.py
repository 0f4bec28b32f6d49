"""How `companion serve` holds its connections, runs the app, and pushes changes live.

gevent's WSGI server holds every connection in one event loop per process: a phone's
connection kept open between its requests, or its live stream, costs a greenlet (a few
kilobytes), not a thread. The app runs as before on a pool of threads, each with its own
SQLite connection, so a request that waits for SQLite's write lock holds only its thread.

The live stream (`/t/<link>/live`, Server-Sent Events) is answered in the event loop
without the app: it says the table's version at once, again whenever it changes, and every
HEARTBEAT seconds. One watcher per process asks SQLite every TICK seconds whether anything
was written (PRAGMA data_version: one call, whoever wrote, in this process or another)
and only then reads the versions of the tables being watched, in one query. A table
nobody enters at costs nothing but its idle stream. The page refetches its panel when the
version it is shown differs from the one it holds (static/companion.js); without a stream
it asks once a second as before.
"""

from __future__ import annotations

import io
import logging
import re
import socket
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import gevent
import gevent.event
import gevent.pool
import gevent.pywsgi
import gevent.threadpool

from . import store
from .memory import Memory
from .polls import RETRY_MS, table_of, version_message

LIVE = re.compile(r"/t/([A-Za-z0-9_-]{1,64})/live")
"""A table's live stream (the same link a person opens; play.live answers it without us)."""

TICK = 0.05
"""Seconds between the watcher's checks for a write: an entry reaches the phones within it."""

HEARTBEAT = 15.0
"""Seconds between a stream's messages when nothing changes: proves the stream alive to the
page (it falls back to asking after 35 s of silence) and keeps the connection under the
server's idle limit."""

READ_LIMIT = 1024 * 1024
"""Request body bytes read before the app sees the request (the app refuses far less)."""

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
App = Callable[[Environ, StartResponse], Iterable[bytes]]

log = logging.getLogger("companion.server")


@dataclass
class Watch:
    """One table watched by this process's streams."""

    version: str
    changed: gevent.event.Event = field(default_factory=gevent.event.Event)
    streams: int = 0


class Live:
    """The live streams of one process, and the watcher that wakes them."""

    def __init__(self, database: str, memory: Memory) -> None:
        self.database = database
        self.memory = memory
        self.watching: dict[str, Watch] = {}
        self._db: Any = None
        self._seen_data_version: int | None = None
        self._watcher: gevent.Greenlet | None = None

    @property
    def db(self) -> Any:
        if self._db is None:
            self._db = store.connect(self.database, migrate=False, memory=self.memory)
        return self._db

    def __call__(self, environ: Environ, start_response: StartResponse, token: str) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") not in ("GET", "HEAD"):
            start_response("405 Method Not Allowed", [("Allow", "GET"), ("Content-Length", "0")])
            return []
        table_id = table_of(self.db, self.memory, token)
        if table_id is None:
            # EventSource gives up on a 404: the page keeps asking for its panel instead.
            start_response("404 Not Found", [("Content-Type", "text/plain"), ("Content-Length", "0")])
            return []
        start_response("200 OK", [("Content-Type", "text/event-stream; charset=utf-8"),
                                  ("Cache-Control", "no-store"), ("X-Accel-Buffering", "no")])
        if environ.get("REQUEST_METHOD") == "HEAD":
            return []
        return self._stream(table_id)

    def _stream(self, table_id: str) -> Iterator[bytes]:
        watch = self.watching.get(table_id)
        if watch is None:
            watch = self.watching[table_id] = Watch(store.version(self.db, table_id))
        else:
            self.check()  # a stream opened again says what was written since the last tick
        watch.streams += 1
        if self._watcher is None or self._watcher.dead:
            self._watcher = gevent.spawn(self._watch)
        try:
            yield f"retry: {RETRY_MS}\n".encode()
            while True:
                changed = watch.changed
                yield version_message(watch.version)
                changed.wait(HEARTBEAT)
        finally:
            watch.streams -= 1
            if watch.streams <= 0 and self.watching.get(table_id) is watch:
                del self.watching[table_id]

    def _watch(self) -> None:
        """Wake the streams of every watched table whose version changed."""
        while self.watching:
            gevent.sleep(TICK)
            try:
                self.check()
            except Exception:  # a locked or briefly unreadable file: try again next tick
                log.exception("live: could not read the tables' versions")

    def check(self) -> None:
        conn = self.db.conn
        if conn.in_transaction:
            conn.rollback()
        data_version = conn.execute("pragma data_version").fetchone()[0]
        if data_version == self._seen_data_version:
            return
        self._seen_data_version = data_version
        ids = list(self.watching)
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            rows = conn.execute("select id, n_games, n_events, revision from tables where id in (%s)"
                                % ",".join("?" * len(chunk)), chunk).fetchall()
            for table_id, games, events, revision in rows:
                watch = self.watching.get(table_id)
                version = store.version_of(games, events, revision)
                if watch is not None and watch.version != version:
                    watch.version = version
                    woken, watch.changed = watch.changed, gevent.event.Event()
                    woken.set()


class Front:
    """The WSGI application the server runs in its event loop: a live stream is answered
    here; anything else is read whole and handed to the app on the pool of threads."""

    def __init__(self, app: App, live: Live, threads: int) -> None:
        self.app = app
        self.live = live
        self.pool = gevent.threadpool.ThreadPool(threads)

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        found = LIVE.fullmatch(environ.get("PATH_INFO", ""))
        if found is not None:
            return self.live(environ, start_response, found.group(1))
        # The app's thread must not touch this loop's socket: its body is read here.
        stream = environ["wsgi.input"]
        length = environ.get("CONTENT_LENGTH")
        try:
            if length and length.isdigit() and int(length) <= READ_LIMIT:
                environ["wsgi.input"] = io.BytesIO(stream.read(int(length)))
            elif environ.get("HTTP_TRANSFER_ENCODING", "").lower() == "chunked":
                body = stream.read(READ_LIMIT + 1)
                environ["wsgi.input"] = io.BytesIO(body)
                environ["CONTENT_LENGTH"] = str(len(body))
            else:  # no body, or one the app refuses by its length alone
                environ["wsgi.input"] = io.BytesIO(b"")
        except TimeoutError:  # a body that stopped arriving: the connection is closed
            start_response("408 Request Timeout", [("Connection", "close"), ("Content-Length", "0")])
            return []
        answer: tuple[str, list[tuple[str, str]], list[bytes]] = self.pool.apply(self._run, (environ,))
        start_response(answer[0], answer[1])
        return answer[2]

    def _run(self, environ: Environ) -> tuple[str, list[tuple[str, str]], list[bytes]]:
        """Run the app in a pool thread, its whole answer collected there."""
        said: list[Any] = []

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[[bytes], None]:
            said[:] = [status, headers]
            return lambda _data: None  # the old write() callable: nothing here uses it

        result = self.app(environ, start_response)
        try:
            body = [b"".join(result)]
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        return said[0], said[1], body


BAD_REQUEST = b"HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"


class Handler(gevent.pywsgi.WSGIHandler):  # type: ignore[misc]
    """Drops a connection that has sent nothing for `timeout` seconds; answers a request it
    cannot read with 400 and closes, without a line in the log (a flood writes none)."""

    timeout = 20.0

    def handle(self) -> None:
        self.socket.settimeout(self.timeout)
        # An answer's headers and body can leave in two writes: without this the second
        # waits for the phone's delayed acknowledgement of the first (40 ms here).
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().handle()

    def _handle_client_error(self, ex: BaseException) -> tuple[str, bytes] | None:  # pywsgi's hook for this
        if isinstance(ex, TimeoutError):
            return None  # silent for `timeout` seconds: closed without a word
        return "400", BAD_REQUEST


class Server:
    """gevent's WSGI server on already-bound listening sockets, in the calling thread."""

    def __init__(self, app: App, database: str, memory: Memory, sockets: list[socket.socket],
                 threads: int = 2, connection_limit: int = 4000, timeout: float = 20.0) -> None:
        self.live = Live(database, memory)
        self.front = Front(app, self.live, threads)
        handler = type("Handler", (Handler,), {"timeout": timeout})
        pool = gevent.pool.Pool(connection_limit)
        self.servers = [gevent.pywsgi.WSGIServer(sock, self.front, spawn=pool, handler_class=handler,
                                                 log=None, error_log=log) for sock in sockets]
        self._stopped = gevent.event.Event()
        self._stop_request = gevent.get_hub().loop.async_()
        self._stop_request.start(self._stopped.set)

    @property
    def port(self) -> int:
        return int(self.servers[0].server_port)

    def serve_forever(self) -> None:
        for server in self.servers:
            server.start()
        try:
            self._stopped.wait()
        finally:
            for server in self.servers:
                server.stop(timeout=1)
            self.front.pool.kill()

    def stop(self) -> None:
        """Stop serving (from any thread)."""
        self._stop_request.send()


def listen(address: str, backlog: int = 1024, share_port: bool = False) -> socket.socket:
    """A listening socket on "host:port" (port 0: any free one). `share_port`: other
    sockets of this user may listen on the same port (SO_REUSEPORT), and the kernel spreads
    new connections over them."""
    host, port = address.rsplit(":", 1)
    host = host.strip("[]")
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if share_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, int(port)))
    sock.listen(backlog)
    sock.setblocking(False)  # the event loop waits for connections, never the accept call
    return sock


@contextmanager
def served_in_thread(app: Any, host: str = "127.0.0.1", threads: int = 4, **limits: Any) -> Iterator[Server]:
    """Serve `app` (a companion app) on a free loopback port from a thread of its own, as
    `companion serve` does (tests and benches), with Server's `limits`, for the `with`
    block: it accepts connections when the block starts and is stopped when it ends."""
    sock = listen(f"{host}:0")
    made: list[Server] = []
    ready = threading.Event()

    def run() -> None:
        server = Server(app, app.config["DATABASE"], app.extensions["companion.memory"], [sock], threads=threads,
                        **limits)
        made.append(server)
        ready.set()
        server.serve_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(10)
    try:
        yield made[0]
    finally:
        made[0].stop()
        thread.join(timeout=5)
