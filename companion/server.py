"""How `companion serve` holds its connections, runs the app, and pushes changes live.

gunicorn runs the serving processes (one per core): it forks them, starts again one that
dies, gives each a listening socket of its own on the same port (`reuse_port`: the kernel
spreads new connections over them by a hash; balance.py evens out the connections phones
keep), and stops them gracefully. Each process binds its socket as it starts, so a
connection made in the moment between the first process's start and the last's reaches
the first (the benches wait for every process before their phones connect:
bench/_harness.py). Each process is
gunicorn's gevent worker on gevent's WSGI server (`Worker`), given this module's `Handler`
the way gunicorn's gevent workers take one (their `wsgi_handler`): gevent holds every
connection in one event loop per process, so a phone's connection kept open between its
requests, or its live stream, costs a greenlet (a few kilobytes), not a thread. The app runs
on a pool of real threads (`Front`; one by default, cli.THREADS), each with its own SQLite
connection, so a request that waits for SQLite's write lock holds only its thread, never the
event loop; nothing is monkey-patched.

The live stream (`/t/<link>/live`, Server-Sent Events) is answered in the event loop
without the app: it says the table's version at once, again whenever it changes, and every
HEARTBEAT seconds. One watcher per process asks SQLite every TICK seconds whether anything
was written (PRAGMA data_version: one call, whoever wrote, in this process or another)
and only then reads the versions of the tables being watched, in one query. A table
nobody enters at costs nothing but its idle stream. The page refetches its panel when the
version it is shown differs from the one it holds (static/companion.js); without a stream
it asks once a second as before.

A process holds at most its connection limit of connections at once, live streams
included (by default what its open-file limit leaves room for). A connection past it is
answered 503 at once, with Retry-After and a sentence in the person's language, and
closed: the phone tries again, it never waits unanswered. (A server that stops accepting
when full leaves new connections in the kernel's queue, where a page waits as long as
every connection it holds stays open: gunicorn's `worker_connections` is therefore set
above the limit, and this gate, not gevent's pool, says no.) Every answer the server
writes itself carries the security headers the app's pages do (headers.py).
"""


from __future__ import annotations

import html
import io
import logging
import socket
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

import gevent
import gevent.event
import gevent.pywsgi
import gevent.threadpool
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

from flask import Flask

from . import derived, i18n, limits, store
from .addresses import Addresses
from .balance import Balance
from .headers import with_security_headers
from .polls import RETRY_MS, version_message
from .rules.base import N_

LIVE = "play.live"
"""The route of a table's live stream (the same link a person opens; play.live answers it
without us). Its shape is the blueprint's own (addresses.py)."""

TICK = 0.05
"""Seconds between the watcher's checks for a write: an entry reaches the phones within it."""

HEARTBEAT = 15.0
"""Seconds between a stream's messages when nothing changes: proves the stream alive to the
page (it falls back to asking after 35 s of silence) and keeps the connection under the
server's idle limit."""

READ_LIMIT = limits.WEB_RECORD_BYTES + limits.FORM_BYTES
"""Request body bytes read before the app sees the request: the largest the app takes (a
record to import, with its form); every other request it refuses far sooner."""

FILES_KEPT = 100
"""Open files a serving process keeps for itself besides its connections: the database
with its WAL and shared memory for each thread, the shelf's files, the
listening sockets, the event loop's own (an idle process has 12 open)."""

REFUSING = 100
"""Connections past the limit that may be being answered 503 at once; past these too, a new
connection is closed at once without a word (the phone's browser tries again)."""

UNLIMITED_FILES = 4000
"""The connection limit where the system sets no open-file limit (cli.CONNECTION_LIMIT)."""

REFUSE_WAIT = 2.0
"""Seconds a connection past the limit has to send its request before it is closed."""

RETRY_AFTER = 5
"""Seconds a phone turned away is told to wait (Retry-After) before it tries again."""

FULL = N_("The server is full")
FULL_SAID = N_("The server has as many phones connected as it can hold right now: nothing was stored. "
               "Try again in a few seconds.")
UNREADABLE = N_("The request could not be read: its body was cut short or malformed. Nothing was stored.")

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

    def __init__(self, app: Any) -> None:
        self.app = app
        """The companion app whose tables are watched (a bare WSGI app has no streams: the
        benches' floor)."""
        self.watching: dict[str, Watch] = {}
        self._db: Any = None
        self._seen_data_version: int | None = None
        self._watcher: gevent.Greenlet | None = None
        self.ended = gevent.event.Event()
        self.streaming = 0
        """The streams open in this process."""

    def end(self) -> None:
        """End every stream (the process is stopping): the pages open theirs again, on a
        process still serving or on the server started next."""
        self.ended.set()

    @property
    def db(self) -> Any:
        if self._db is None:
            self._db = derived.connect(self.app)
        return self._db

    def __call__(self, environ: Environ, start_response: StartResponse, token: str,
                 fileno: int | None = None) -> Iterable[bytes]:
        """A table's live stream; `fileno`, the connection's socket, is watched so that a
        stream whose phone has gone ends at once, not at its next message."""
        if environ.get("REQUEST_METHOD") not in ("GET", "HEAD"):
            start_response("405 Method Not Allowed", [("Allow", "GET"), ("Content-Length", "0")])
            return []
        table_id = derived.table_id(self.db, token)
        if table_id is None:
            # EventSource gives up on a 404: the page keeps asking for its panel instead.
            start_response("404 Not Found", [("Content-Type", "text/plain"), ("Content-Length", "0")])
            return []
        start_response("200 OK", [("Content-Type", "text/event-stream; charset=utf-8"),
                                  ("Cache-Control", "no-store"), ("X-Accel-Buffering", "no")])
        if environ.get("REQUEST_METHOD") == "HEAD":
            return []
        return self._stream(table_id, fileno)

    def _stream(self, table_id: str, fileno: int | None) -> Iterator[bytes]:
        # A page's EventSource sends nothing after its request: its connection turns readable
        # only when the phone closes it (or sends what no stream expects). Either way the stream
        # ends, and its place under the connection limit is free again.
        gone = gevent.event.Event()
        readable = None
        if fileno is not None:
            readable = gevent.get_hub().loop.io(fileno, 1)

            def seen() -> None:
                readable.stop()
                gone.set()

            readable.start(seen)
        watch = self.watching.get(table_id)
        if watch is None:
            watch = self.watching[table_id] = Watch(store.version(self.db, table_id))
        else:
            self.check()  # a stream opened again says what was written since the last tick
        watch.streams += 1
        self.streaming += 1
        if self._watcher is None or self._watcher.dead:
            self._watcher = gevent.spawn(self._watch)
        try:
            yield f"retry: {RETRY_MS}\n".encode()
            while not gone.is_set() and not self.ended.is_set():
                changed = watch.changed
                yield version_message(watch.version)
                gevent.wait([changed, gone, self.ended], timeout=HEARTBEAT, count=1)
        finally:
            if readable is not None:
                readable.stop()
                readable.close()
            watch.streams -= 1
            self.streaming -= 1
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
            marks = ",".join("?" * len(chunk))
            rows = conn.execute(f"select id, n_games, n_events, revision from tables where id in ({marks})",
                                chunk).fetchall()
            for table_id, games, events, revision in rows:
                watch = self.watching.get(table_id)
                version = store.version_of(games, events, revision)
                if watch is not None and watch.version != version:
                    watch.version = version
                    woken, watch.changed = watch.changed, gevent.event.Event()
                    woken.set()


class Front:
    """The WSGI application the server runs in its event loop: a live stream is answered
    here; anything else is read whole and handed to the app on the pool of threads. It
    holds the process's `gate` (Handler reads it): `connection_limit`, the connections this
    process holds at once, live streams included, never more than most_connections(),
    which is the default; `timeout`, the seconds a connection may send nothing; `balance`,
    where the server has several processes, their counts of connections (balance.py)."""

    def __init__(self, app: App, live: Live, threads: int, connection_limit: int | None = None,
                 timeout: float = 20.0, balance: Balance | None = None) -> None:
        self.app = app
        self.live = live
        # A bare WSGI app (the benches' floor) has no routes of ours, so no live streams.
        self.addresses = Addresses(app.url_map) if isinstance(app, Flask) else None
        self.pool = gevent.threadpool.ThreadPool(threads)
        self.gate = Gate(most_connections() if connection_limit is None
                         else min(connection_limit, most_connections()))
        self.timeout = timeout
        self.balance = balance

    def asking(self) -> int:
        """The connections this process holds for requests (its live streams aside), said to
        the other processes (balance.py)."""
        held = self.gate.held - self.live.streaming
        if self.balance is not None:
            self.balance.held(held)
        return held

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        fileno = environ.pop("companion.fileno", None)
        if environ.pop("companion.full", False):
            return turned_away(environ, start_response)
        token = None if self.addresses is None else self.addresses.token_of(environ.get("PATH_INFO", ""), LIVE)
        if token is not None:
            return self.live(environ, start_response, token, fileno)
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
        except (OSError, ValueError):  # a chunked body pywsgi cannot read (a size not in hex, cut short)
            return unreadable_body(environ, start_response)
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


def language_of(environ: Environ) -> str:
    """The person's language, as the app chooses it (app.select_locale): the switch's
    cookie, else the browser's preference."""
    chosen = parse_cookie(environ.get("HTTP_COOKIE", "")).get("lang")
    if chosen in i18n.LANGS:
        return str(chosen)
    accepted = parse_accept_header(environ.get("HTTP_ACCEPT_LANGUAGE"), LanguageAccept)
    return str(accepted.best_match(i18n.LANGS) or i18n.DEFAULT_LANG)


def turned_away(environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
    """503 to a connection past the limit, answered here without the app: a sentence in the
    person's language (the page's script shows it, and asks again after Retry-After), and
    the connection closed. A page loaded in the browser loads itself again then."""
    lang = language_of(environ)
    gettext = i18n.catalog(lang).gettext
    again = f'<meta http-equiv="refresh" content="{RETRY_AFTER}">' if environ.get("REQUEST_METHOD") == "GET" else ""
    body = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">{again}'
            f'<title>{html.escape(gettext(FULL))}</title></head>'
            f'<body><p role="alert">{html.escape(gettext(FULL_SAID))}</p></body></html>').encode()
    start_response("503 Service Unavailable", [
        ("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(body))),
        ("Retry-After", str(RETRY_AFTER)), ("Cache-Control", "no-store"), ("Connection", "close")])
    return [] if environ.get("REQUEST_METHOD") == "HEAD" else [body]


def unreadable_body(environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
    """400 to a request whose body cannot be read (a malformed chunked body), answered here
    without the app: one sentence in the person's language, and the connection closed."""
    said = i18n.catalog(language_of(environ)).gettext(UNREADABLE).encode()
    start_response("400 Bad Request", [
        ("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(said))),
        ("Cache-Control", "no-store"), ("Connection", "close")])
    return [said]


def most_connections() -> int:
    """The connections a serving process holds at once by default: what its open-file limit
    leaves once FILES_KEPT and REFUSING are set aside (the limit is the system's: `ulimit -n`,
    or LimitNOFILE under systemd)."""
    try:
        import resource
    except ImportError:  # no such limit on this system
        return UNLIMITED_FILES
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return UNLIMITED_FILES
    return max(1, soft - FILES_KEPT - REFUSING)


@dataclass
class Gate:
    """The connections one process holds (`held`, live streams included) against its `limit`,
    and those past it being answered 503 (`refusing`)."""

    limit: int
    held: int = 0
    refusing: int = 0


def plain_answer(code: str) -> bytes:
    """An answer without a body, written whole, for a request that cannot be read: it closes
    the connection and carries the security headers."""
    headers = with_security_headers([("Connection", "close"), ("Content-Length", "0")])
    return (f"HTTP/1.1 {code} {HTTPStatus(int(code)).phrase}\r\n"
            + "".join(f"{name}: {value}\r\n" for name, value in headers) + "\r\n").encode("latin-1")


class Handler(gevent.pywsgi.WSGIHandler):  # type: ignore[misc]
    """One connection. Holds it only while the process is under its connection limit (past
    it, the request is answered 503 by `turned_away`; past REFUSING of those, it is closed at
    once); drops it when it has sent nothing for `timeout` seconds; answers a request it
    cannot read with 400 (414 for a line too long) and closes, without a line in the log (a
    flood writes none). Every answer carries the security headers. Only public methods of
    pywsgi's handler are overridden, as its documentation invites."""

    admitted = True
    silent = False  # the request stopped arriving: closed without an answer

    def handle(self) -> None:
        front: Front = self.server.application
        gate = front.gate
        if gate.held < gate.limit:
            gate.held += 1
            front.asking()
        elif gate.refusing < REFUSING:
            gate.refusing += 1
            self.admitted = False
        else:
            return  # the server closes the connection
        try:
            self.socket.settimeout(front.timeout if self.admitted else REFUSE_WAIT)
            # An answer's headers and body can leave in two writes: without this the second
            # waits for the phone's delayed acknowledgement of the first (40 ms here).
            self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            super().handle()
        finally:
            if self.admitted:
                gate.held -= 1
                front.asking()
            else:
                gate.refusing -= 1

    def read_request(self, raw_requestline: str) -> bool:
        """pywsgi's, raising the ValueError it documents for a request it cannot read in every
        such case (a header line too long, say), not only some."""
        try:
            return bool(super().read_request(raw_requestline))
        except ValueError:
            raise
        except OSError as lost:  # silent for `timeout` seconds, or gone: nobody to answer
            self.silent = True
            raise ValueError("the request stopped arriving") from lost
        except Exception as unreadable:
            raise ValueError(f"unreadable request: {type(unreadable).__name__}") from unreadable

    def handle_one_request(self) -> Any:
        result = super().handle_one_request()
        if isinstance(result, tuple):  # pywsgi's own answer, (status, its bytes), to an unreadable request
            return None if self.silent else (result[0], plain_answer(result[0]))
        if result is True and self.server.application.live.ended.is_set():
            return None  # the process is stopping: the connection is closed, not kept for a next request
        return result

    def get_environ(self) -> Environ:
        environ: Environ = super().get_environ()
        environ["companion.full"] = not self.admitted  # read (and removed) by Front
        environ["companion.fileno"] = self.socket.fileno()
        return environ

    def start_response(self, status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        front: Front = self.server.application
        if front.balance is not None and front.balance.over(front.asking()) \
                and not any(name.lower() == "connection" for name, _ in headers):
            headers = [*headers, ("Connection", "close")]  # the phone's next request goes to any process
        return super().start_response(status, with_security_headers(headers), exc_info)

    def log_error(self, msg: str, *args: Any) -> None:
        """pywsgi logs a request it cannot read here: not a line (a flood would write thousands)."""

    def log_request(self) -> None:
        """No line per request (no access log), as before gunicorn ran the processes."""


class Server:
    """gevent's WSGI server with Handler on already-bound listening sockets, in the calling
    thread and this one process: the server of the tests and the benches' floor (see
    served_in_thread), and of `companion serve` where the system cannot fork (gunicorn
    runs on Unix)."""

    def __init__(self, app: App, sockets: list[socket.socket],
                 threads: int = 2, connection_limit: int | None = None, timeout: float = 20.0) -> None:
        self.live = Live(app)
        self.front = Front(app, self.live, threads, connection_limit, timeout)
        self.gate = self.front.gate
        self.servers = [gevent.pywsgi.WSGIServer(sock, self.front, handler_class=Handler,
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


def listen(address: str, backlog: int = 1024) -> socket.socket:
    """A listening socket on "host:port" (port 0: any free one)."""
    host, port = address.rsplit(":", 1)
    host = host.strip("[]")
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, int(port)))
    sock.listen(backlog)
    sock.setblocking(False)  # the event loop waits for connections, never the accept call
    return sock


@contextmanager
def served_in_thread(app: Any, host: str = "127.0.0.1", threads: int = 4, **limits: Any) -> Iterator[Server]:
    """Serve `app` (a companion app) on a free loopback port from a thread of its own, with
    the handler, live streams and gate each process of `companion serve` has (tests and
    benches), with Front's `limits`, for the `with` block: it accepts connections when the
    block starts and is stopped when it ends."""
    sock = listen(f"{host}:0")
    made: list[Server] = []
    ready = threading.Event()

    def run() -> None:
        server = Server(app, [sock], threads=threads, **limits)
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
