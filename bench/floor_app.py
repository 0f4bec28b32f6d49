"""The floor: a bare WSGI route that appends one row to a SQLite file, nothing else.

Same server (companion's: gevent holding connections, the app on a pool of threads, the
same thread count) and the same durability settings as the app
(WAL, synchronous=FULL), so table_load.py can say how close an entry comes to the
cheapest durable write this machine can do. Bare, its concurrent writers wait in SQLite's
busy handler, as the app's do; with --queued they take turns on a lock instead (as the app's
did while each serving process ran several app threads).
"""

from __future__ import annotations

import argparse
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from contextlib import nullcontext
from typing import Any

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.server import Server, listen  # noqa: E402


def make_app(path: str, queued: bool = False) -> Callable[..., Iterable[bytes]]:
    """The floor. `queued`: its writers wait their turn on a lock instead
    of in SQLite's busy handler (which sleeps in growing steps): fewer long waits, more
    short ones."""
    turn = threading.Lock() if queued else nullcontext()
    setup = sqlite3.connect(path)
    setup.execute("PRAGMA journal_mode=WAL")
    setup.execute("create table if not exists rows (id integer primary key, at real, body text)")
    setup.commit()
    setup.close()

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length).decode() if length else ""
        conn = sqlite3.connect(path, timeout=15)
        try:
            conn.execute("PRAGMA synchronous=FULL")
            with turn:
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("insert into rows (at, body) values (?, ?)", [time.time(), body])
                conn.execute("COMMIT")
        finally:
            conn.close()
        start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])
        return [b"ok"]

    return app


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--queued", action="store_true", help="writers queue on a lock instead of SQLite's busy handler")
    args = parser.parse_args()
    Server(make_app(args.db, args.queued), [listen(f"127.0.0.1:{args.port}")], threads=args.threads).serve_forever()
