"""This request's database connection. Views and the CLI import it; it imports no view."""

from __future__ import annotations

from typing import Any

from flask import current_app, g

from . import store


def get_db() -> Any:
    """This request's database connection: the serving thread's own, opened on first use.

    Each server thread keeps its connection between requests instead of opening and
    closing one per request: opening maps the WAL index and closing unmaps it, which
    cost as much as the entry itself under load (measured with py-spy on table_load).
    A connection is only ever used by its own thread, one request at a time.
    """
    if "db" not in g:
        local = current_app.extensions["companion.connections"]
        if getattr(local, "db", None) is None:
            local.db = store.connect(current_app.config["DATABASE"], migrate=False,
                                     memory=current_app.extensions["companion.memory"])
        g.db = local.db
    return g.db
