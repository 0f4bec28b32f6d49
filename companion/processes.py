"""The serving processes of `companion serve`, run by gunicorn through its application API.

gunicorn (a prefork server maintained since 2010) forks the processes, starts again one
that dies, gives each process a listening socket of its own on the same port (`reuse_port`:
the kernel spreads new connections over them by a hash; on one shared socket the process
that happens to be awake takes most of a burst, and a phone keeps its connection all
evening), and on SIGTERM stops them gracefully: each stops accepting, ends its live
streams, finishes what it is answering, and is killed if still running after
`graceful_timeout`. Of that, only evening out what the hash leaves uneven is ours
(balance.py). Each process is gunicorn's gevent worker on gevent's WSGI server, given the
app's `server.Handler` as gunicorn's gevent workers take a handler class (`wsgi_handler`),
and it serves `server.Front`: the live streams, the gate that answers a full house 503,
and the app on a pool of threads.
"""

from __future__ import annotations

import socket
import sys
from typing import Any

import gevent.socket
from gunicorn.app.base import BaseApplication
from gunicorn.workers.ggevent import GeventPyWSGIWorker

from .balance import Balance
from .server import REFUSING, Front, Handler, Live, most_connections

CLOSED_AT_ONCE = 1000
"""Connections past the refusals that gevent's pool still takes, only for Handler to close
them at once: gunicorn's `worker_connections` is the gate's limit plus REFUSING plus these,
so that the pool never stops accepting while the gate can still say no."""

STOP_GRACE = 5
"""Seconds the serving processes have to stop when the server is stopped (gunicorn's
`graceful_timeout`); any still running then is killed."""

PORT_SHARING = sys.platform.startswith("linux")
"""Whether the kernel spreads connections over sockets sharing a port (Linux does)."""


def bracketed(address: str) -> str:
    """A "host:port" address as gunicorn's `bind` reads it: an IPv6 host in brackets."""
    host, port = address.rsplit(":", 1)
    host = host.strip("[]")
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


class Worker(GeventPyWSGIWorker):  # type: ignore[misc]
    """gunicorn's gevent worker on pywsgi, with the app's handler. Nothing is monkey-patched:
    the app runs on real threads (Front's pool), each with its SQLite connection, and the
    event loop holds only sockets, which are gevent's own."""

    wsgi_handler = Handler

    def patch(self) -> None:
        """gevent sockets on the listening sockets gunicorn made (what the gevent worker's
        `patch` does besides patching the standard library, which is left alone)."""
        self.sockets: list[Any] = [gevent.socket.socket(listener.FAMILY, socket.SOCK_STREAM, fileno=listener.sock.detach())
                        for listener in self.sockets]

    def handle_exit(self, sig: int, frame: Any) -> None:
        """Stopping: gunicorn stops accepting and waits for the connections to end; the live
        streams, which never end by themselves, end now (their pages open them again)."""
        super().handle_exit(sig, frame)
        front = getattr(self, "wsgi", None)
        if isinstance(front, Front):
            front.live.end()


class Serve(BaseApplication):  # type: ignore[misc]
    """`companion serve` as a gunicorn application (gunicorn's "Custom Application"): each
    serving process makes its own app from `config` (no SQLite connection is carried into a fork)."""

    def __init__(self, config: dict[str, object], bind: list[str], workers: int, threads: int,
                 connection_limit: int, timeout: float) -> None:
        self.config = config
        self.threads = threads
        self.connection_limit = min(connection_limit, most_connections())
        self.timeout = timeout
        self.options: dict[str, object] = {
            "bind": [bracketed(address) for address in bind],
            "workers": workers,
            "worker_class": Worker,
            "worker_connections": self.connection_limit + REFUSING + CLOSED_AT_ONCE,
            "reuse_port": PORT_SHARING,
            "graceful_timeout": STOP_GRACE,
            "proc_name": "companion",
            # companion prints where it serves itself; gunicorn's own start lines named no
            # address ("Listening at:  (pid)": each process binds its own socket) and a pid
            # per process. Its warnings and errors (a process that died) still show.
            "loglevel": "warning",
        }
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)
        if "control_socket_disable" in self.cfg.settings:  # gunicorn 25.1 and later
            self.cfg.set("control_socket_disable", True)  # one socket per user's home: servers would share it

    def load(self) -> Front:
        from .app import create_app

        app = create_app(self.config)
        live = Live(app)
        workers = int(str(self.options["workers"]))
        balance = Balance(str(self.config["SHELF"]), workers) if workers > 1 and self.config.get("SHELF") else None
        return Front(app, live, self.threads, self.connection_limit, self.timeout, balance)
