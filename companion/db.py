"""This thread's database connection. Views and the CLI import it; it imports no view."""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, g

from . import derived


def thread_db(app: Flask) -> Any:
    """The serving thread's own connection to `app`'s database, opened on first use and kept.

    Each server thread keeps its connection between requests instead of opening and
    closing one per request: opening maps the WAL index and closing unmaps it, which
    cost as much as the entry itself under load (measured with py-spy on table_load).
    A connection is only ever used by its own thread, one request at a time (the app's
    requests, and polls.py's answers before them).
    """
    local = app.extensions["companion.connections"]
    if getattr(local, "db", None) is None:
        local.db = derived.connect(app)
    return local.db


def get_db() -> Any:
    """This request's database connection: its thread's (thread_db)."""
    if "db" not in g:
        g.db = thread_db(current_app)
    return g.db
