"""A phone without the table's live stream (see server.py) asks for its panel once a
second; nearly every time nothing has changed. This answers those asks before Flask is
involved: one indexed read of the table's version, then an empty answer that keeps the
connection open for the next ask. Anything else goes on to the app unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask

from . import derived, store
from .addresses import Addresses
from .db import thread_db
from .headers import with_security_headers
from .views._htmx import NO_SWAP, environ_is_htmx

PANEL = "play.panel"
"""The route of a game's panel under a table link (its shape is play.panel's own)."""

RETRY_MS = 1000
"""How soon a browser opens a table's live stream again after losing it."""

QUIET = 35
"""Seconds a game page lets its live stream say nothing before it takes the stream for lost
and opens it again (static/companion.js; the page carries it as data-live-quiet): iOS drops
the stream of a phone that slept without a word. The server says the table's version at
least every server.HEARTBEAT seconds (15): more than two of those, and a margin."""

TAG = re.compile(r'"([^"]{1,80})"')

Environ = dict[str, Any]
StartResponse = Callable[..., Any]


class UnchangedPolls:
    """WSGI middleware: a panel poll whose If-None-Match names the table's current version
    is answered 304 here. The version is the same one play.panel puts in its ETag. Its
    answers carry the security headers the app's do (the app's after_request never sees them)."""

    def __init__(self, app: Callable[[Environ, StartResponse], Iterable[bytes]], flask_app: Flask) -> None:
        self.app = app
        self.flask_app = flask_app
        self.addresses = Addresses(flask_app.url_map)

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        asked = environ.get("HTTP_IF_NONE_MATCH")
        if asked and environ.get("REQUEST_METHOD") == "GET" and not environ.get("QUERY_STRING"):
            token = self.addresses.token_of(environ.get("PATH_INFO", ""), PANEL)
            if token is not None:
                current = self._version(token)
                # The app's ETag is the version, with ":br" or ":gzip" added by compression.
                same = current is not None and derived.same_tag(current, TAG.findall(asked))
                if same and environ_is_htmx(environ):
                    # The page's own ask: an empty answer that htmx leaves unswapped, with a
                    # length, so every server keeps the connection open for the next ask (some
                    # close it after a 304, which has neither body nor length).
                    start_response("200 OK", with_security_headers([
                        ("ETag", f'"{same}"'), ("Cache-Control", "no-store"), NO_SWAP,
                        ("Content-Type", "text/html; charset=utf-8"), ("Content-Length", "0")]))
                    return []
                if same:
                    start_response("304 Not Modified", with_security_headers([
                        ("ETag", f'"{same}"'), ("Cache-Control", "no-cache"), ("Vary", "Accept-Encoding, Cookie")]))
                    return []
        return self.app(environ, start_response)

    def _version(self, token: str) -> str | None:
        """The table's version, or None (an unknown link: the app answers it)."""
        db = thread_db(self.flask_app)  # the thread's connection, as the app's requests use it
        table_id = derived.table_id(db, token)
        if table_id is None:
            return None
        if db.conn.in_transaction:
            db.conn.rollback()
        return store.version(db, table_id)


def version_message(version: str) -> bytes:
    """One message of a table's live stream: its version (see server.Live)."""
    return f"event: version\ndata: {version}\n\n".encode()
