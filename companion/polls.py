"""A phone without the table's live stream (see server.py) asks for its panel once a
second; nearly every time nothing has changed. This answers those asks before Flask is
involved: one indexed read of the table's version, then an empty answer that keeps the
connection open for the next ask. When the table has changed and this process keeps the
phone's panel at the new version (an entry drew it, or another phone of its role asked
first), that panel is answered here too, as the app would. Anything else goes on to the
app unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from werkzeug.http import http_date, parse_cookie

from . import derived, i18n, store
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
    answers carry the security headers the app's do (the app's after_request never sees them).

    It also answers the refresh a phone makes once the live stream says the version changed
    (htmx's ask for the panel, naming the version it shows) when this process keeps that
    phone's panel at the new version (drawn by the entry, or for another phone of its role,
    language and theme: derived.panel): the bytes the app would send, compressed once for
    all those phones (derived.panel_answer), with every header the app would send. Anything
    the app would answer otherwise (a cookie to set, an Accept-Encoding with weights, a panel
    not kept) goes on to the app."""

    def __init__(self, app: Callable[[Environ, StartResponse], Iterable[bytes]], flask_app: Flask) -> None:
        self.app = app
        self.flask_app = flask_app
        self.addresses = Addresses(flask_app.url_map)
        config = flask_app.config
        named = config["COMPRESS_ALGORITHM"]
        self.encodings = tuple(e.strip() for e in (named.split(",") if isinstance(named, str) else named))
        if "text/html" not in config["COMPRESS_MIMETYPES"]:
            self.encodings = ()
        self.smallest = int(config["COMPRESS_MIN_SIZE"])

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        asked = environ.get("HTTP_IF_NONE_MATCH")
        if asked and environ.get("REQUEST_METHOD") == "GET" and not environ.get("QUERY_STRING"):
            path = environ.get("PATH_INFO", "")
            db = thread_db(self.flask_app)  # the thread's connection, as the app's requests use it
            found = derived.ask(db, ("path", path), lambda: self.addresses.arguments_of(path, PANEL))
            table = None if found is None else self._table(db, found["token"])
            if found is not None and table is not None:
                table_id, can_write, current = table
                # The app's ETag is the version, with ":br" or ":gzip" added by compression.
                same = derived.same_tag(current, TAG.findall(asked))
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
                if environ_is_htmx(environ):
                    kept = self._kept_panel(db, environ, found, table_id, can_write, current)
                    if kept is not None:
                        start_response("200 OK", kept[0])
                        return [kept[1]]
        return self.app(environ, start_response)

    @staticmethod
    def _table(db: Any, token: str) -> tuple[str, bool, str] | None:
        """The table a link opens, whether it is the scorer's link, and the table's version;
        or None (an unknown link: the app answers it)."""
        link = derived.link(db, token)
        if link is None:
            return None
        if db.conn.in_transaction:
            db.conn.rollback()
        return link[0], link[1], store.version(db, link[0])

    def _kept_panel(self, db: Any, environ: Environ, arguments: dict[str, Any], table_id: str, can_write: bool,
                    version: str) -> tuple[list[tuple[str, str]], bytes] | None:
        """The headers and body play.panel would answer this phone with, if this process keeps
        its panel at `version`; else None."""
        token = arguments["token"]
        sent = (environ.get("HTTP_COOKIE", ""), environ.get("HTTP_ACCEPT_LANGUAGE"),
                environ.get("HTTP_ACCEPT_ENCODING", ""))
        phone = derived.ask(db, ("phone", token, *sent), lambda: self._phone(token, *sent))
        if phone is None:
            return None
        lang, theme, encoding = phone
        key = derived.panel_key(table_id, arguments["number"], version, lang, theme, can_write)
        answer = derived.panel_answer(db, key, encoding or None, self.smallest,
                                      lambda data: self._compressed(data, encoding))
        if answer is None:
            return None
        body, encoded = answer
        headers = with_security_headers([
            ("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(body))),
            ("ETag", f'"{version}:{encoded}"' if encoded else f'"{version}"'), ("Cache-Control", "no-cache")])
        headers.append(("Vary", "Accept-Encoding"))
        if encoded:  # flask-compress's answer: then werkzeug's make_conditional dates it
            headers += [("Content-Encoding", encoded), ("Date", http_date())]
        return headers, body

    def _phone(self, token: str, cookie: str, languages: str | None,
               accepted: str) -> tuple[str, str | None, str] | None:
        """What a phone's headers say, as the app reads them: its language and theme
        (app.select_locale, play._panel_key) and the encoding flask-compress would choose; or
        None where the app would answer otherwise (a cookie to set: the tables this browser
        opened do not start with this link, play.remember_table; encodings not read here)."""
        cookies = parse_cookie(cookie)
        kept_recent = cookies.get(RECENT_COOKIE, "")
        encoding = self._encoding(accepted)
        if encoding is None or recent_links(kept_recent, token) != kept_recent:
            return None
        return i18n.choose_lang(cookies.get("lang"), languages), cookies.get("theme"), encoding

    def _encoding(self, accepted: str) -> str | None:
        """The encoding flask-compress would choose for an Accept-Encoding as browsers send it
        (names without weights): the first of the app's (COMPRESS_ALGORITHM) it names, "" for
        none (the answer as it is); None for one this does not read (weights, "*", an
        encoding compressed here never): the app answers it."""
        names = [name.strip() for name in accepted.lower().split(",")]
        if any(";" in name or name == "*" for name in names):
            return None
        chosen = next((encoding for encoding in self.encodings if encoding in names), "")
        return chosen if chosen in ("", "br", "gzip", "zstd") else None

    def _compressed(self, data: bytes, encoding: str) -> bytes:
        """`data` compressed as flask-compress compresses (its settings in the app's config)."""
        config = self.flask_app.config
        if encoding == "br":
            import brotli

            return bytes(brotli.compress(data, mode=config["COMPRESS_BR_MODE"], quality=config["COMPRESS_BR_LEVEL"],
                                         lgwin=config["COMPRESS_BR_WINDOW"], lgblock=config["COMPRESS_BR_BLOCK"]))
        from flask_compress.compat import compression  # the modules flask-compress calls

        if encoding == "gzip":
            return bytes(compression.gzip.compress(data, config["COMPRESS_LEVEL"]))
        return bytes(compression.zstd.compress(data, config["COMPRESS_ZSTD_LEVEL"]))


RECENT_COOKIE = "recent"
RECENT_KEEP = 8
"""The cookie that keeps the table links this browser opened, for the home page, and how many."""


def recent_links(kept: str, token: str) -> str:
    """The `recent` cookie once link `token` is opened: it first, then the others kept."""
    recent = [t for t in kept.split(".") if t and t != token]
    return ".".join([token, *recent][:RECENT_KEEP])


def version_message(version: str) -> bytes:
    """One message of a table's live stream: its version (see server.Live)."""
    return f"event: version\ndata: {version}\n\n".encode()
